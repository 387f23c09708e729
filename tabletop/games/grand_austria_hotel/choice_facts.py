"""What a legal action says to the seat that chooses it: the action's public facts
(``facts.action_facts``, what the event log keeps) plus what a chooser needs to put the
action on the table, so that an interface (the browser) never reads the action string.

The acting seat may see what its own action names: the staff card it keeps from its draft
packet or discards from its hand (the public facts leave it out, since the others do not see
it). Nothing else is added that the seat could not see at the table; these facts go only to
the seat to act (``tabletop.web.views``).

Added fields, decoded from ``notation.INFO[action]`` by its verb (a tuple whose first element
is the verb):

* ``draft`` / ``discard``: ``staff``, the card's slug (also when it comes from the hand);
* ``bal_send``, ``bal_dance``, ``freud_ballroom``: ``at``, the ballroom's position on the table
  (0 left to 2 right; ``ballroom`` is its id);
* ``step`` (the optional extra Emperor step): ``steps``, 1.

Everything else a chooser needs is in the public facts already (the die's face, space and
boost, a food split's items, a room, a table, a module action's parts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.games.grand_austria_hotel import notation as N

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.state import GahState

_BALLROOM_VERBS = {"bal_send": 2, "bal_dance": 1, "freud": 2}  # where the ballroom's position is in INFO


def choice_facts(st: GahState, action: str) -> dict[str, Any]:
    """The facts of ``action`` (legal now in ``st``) for the seat choosing it."""
    facts = st.action_facts(action)
    info = N.INFO.get(action)
    if info is None:
        return facts
    verb = info[0]
    if verb in ("draft", "discard"):
        facts["staff"] = info[1]  # the seat's own card (its packet, its hand)
    elif verb in _BALLROOM_VERBS and (verb != "freud" or len(info) == 4):
        facts["at"] = info[_BALLROOM_VERBS[verb]]
    elif verb == "step":
        facts["steps"] = 1
    return facts
