"""Research interfaces: PettingZoo AEC environments, a Gymnasium single-agent env and
(optionally) OpenSpiel registration. See docs/RESEARCH.md.

``from tabletop.research import grand_austria_hotel_v0, burger_joint_v0, SingleAgentEnv``.
OpenSpiel lives in :mod:`tabletop.research.openspiel` (imported only on demand, since it
needs the ``open-spiel`` package).
"""

from tabletop.research import burger_joint_v0, grand_austria_hotel_v0
from tabletop.research.actions import ActionMap
from tabletop.research.aec import TabletopAECEnv, resolve_chance
from tabletop.research.encoders import ObservationEncoder, make_encoder
from tabletop.research.single_agent import SingleAgentEnv

__all__ = [
    "ActionMap",
    "ObservationEncoder",
    "SingleAgentEnv",
    "TabletopAECEnv",
    "burger_joint_v0",
    "grand_austria_hotel_v0",
    "make_encoder",
    "resolve_chance",
]
