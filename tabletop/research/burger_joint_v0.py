"""PettingZoo AEC environment of Burger Joint (2 players).

``env(num_players=2, render_mode=None, **config)`` (wrapped) or ``raw_env(...)``;
``config`` takes the game's options (``data_override``, ``turn_limit``).
"""

from tabletop.research.aec import make_env, make_raw_env

GAME = "burger-joint"
raw_env = make_raw_env(GAME)
env = make_env(GAME)

__all__ = ["GAME", "env", "raw_env"]
