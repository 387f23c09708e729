"""The Let's Waltz! modules (001): each one a file that plugs into named hooks.

A module is a stateless object (one per module, in ``MODULES``) whose hooks the
engine calls at fixed places. What a module keeps during a game lives in its
*part* (``state.parts[name]``): a small object with lists and numbers, changed
only through the journal (``state._set`` / ``state._seti``) so undo and
rollback work, copied by ``copy()`` for ``clone``, written and read by ``dump``
and ``load`` for the position format.

A module that is off is not in ``state.mods``: the engine's hook loops run over
an empty tuple and its frame, effect and verb tables have no entry for it.

The hooks (all optional; the defaults do nothing):

============================  ================================================
``new_part(st)``              the module's part for a new or loaded state
``setup(st)``                 after the base deal, before the setup phases (may
                              use ``st.rng``; not journalled)
``phases`` / ``flow_phase``   setup phases the module adds (``SETUP_PHASES``)
                              and one step of such a phase (like ``_flow``)
``turn_actions``              extra actions in the turn menu
``verbs`` / ``turn_pick``     verbs (``notation.INFO[a][0]``) of those actions
``main_verbs``                those of the verbs that take the turn's main action
                              in place of a die (the key, a Kozi Palace move)
(decision kinds)              the module's pending decisions are declared in its file,
                              one class each, ``@decision(owner=name)`` (see
                              ``engine/declare.py``): fields, options, a pick, closing
                              (their words: the catalogs); ``decisions()`` lists them
``effects`` / ``effect``      effect kinds the module adds to the vocabulary
``events`` / ``event``        events it listens to (see ``EVENTS``)
``requirements`` / ``meets``  objective requirement kinds it adds
``scorings`` / ``staff_end_vp``  game-end staff scoring kinds it adds
``fully_possible``            whether its penalty effect can be carried out fully
``action_done``               after each action of a turn has fully resolved
``round_end``                 end of a round, before any Emperor scoring
``after_emperor``             after all players' Emperor scoring
``pass_tiles``                end of round: hand out the turn order tiles
                              (return True if it did)
``final_scoring``             after the base final scoring
``dump`` / ``load``           the part in the position format
``view``                      hide what a seat may not see in the dumped part
``determinize``               sample what a view hid
``check``                     accounting of the module's components
``setup_frame``               before a seat's starting guest / rooms frame
``extra_tables``              café tables beyond the base three
``occupancy_bonus``           the amount of an occupancy bonus
``owns_chance``               a roll of the module's own is pending: it names,
                              samples and places the outcomes (``parse_chance``,
                              ``chance_outcomes``, ``sample_chance``, ``apply_chance``)
``reroll``                    003 Passing: before one die goes and the rest are
                              re-rolled (True: a frame was pushed, re-roll later)
``room_cost``                 the price of preparing a room
``die_options``               change the die choices (turn menu and die-choice frames)
============================  ================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from tabletop.core.rng import Rng
from tabletop.games.grand_austria_hotel.engine.declare import kinds_of

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.engine.base import EngineBase, Player

# Setup phases in the combined setup order of 001 "Combining Modules" (steps 12-16):
# staff draft, the hotel-entrance auction (III), rehearsal rooms (I), starting guests,
# starting rooms.
SETUP_PHASES = ("draft", "auction", "rehearsal", "start_guest", "start_rooms")

# Events the engine announces to listening modules: (seat, kind, value).
EVENTS = (
    "vp",            # gained VP (value > 0), once per source
    "money",         # gained kronen (value > 0)
    "emperor",       # advanced on the Emperor track (value = steps)
    "items",         # gained items (value = 5 counts, what actually came from the supply)
    "staff_played",  # played a staff card (value = staff id)
    "occupied",      # turned a room to occupied (value = room)
    "guest_done",    # completed a guest's order and placed the guest (value = guest id)
    "objective",     # placed a marker on a politics card (value = card index 0-2)
    "die_taken",     # took a die (value = face 1-6)
    "die_action",    # III: a taken die's main action is now pending (value = face); reactions pushed here go first
    "guest_taken",   # III: took a guest as the turn's optional action (value = queue slot)
    "dancer_sent",   # module I: placed a dancer in a ballroom (value = (ballroom 0-2, row 0-2))
    "turn_verb",     # a module's turn-menu action was picked (value = verb, e.g. IV "key")
)


# Hooks called on hot paths: the engine keeps, per hook, only the modules that define it.
HOT_HOOKS = ("turn_actions", "die_options", "room_cost", "extra_tables", "occupancy_bonus", "owns_chance",
             "reroll")


class Part:
    """A module's state in one game; subclasses list their fields in ``__slots__``."""

    __slots__: tuple[str, ...] = ()

    def copy(self) -> Part:
        c = self.__class__.__new__(self.__class__)
        for name in self.__slots__:
            v = getattr(self, name)
            if isinstance(v, list):
                v = [x[:] if isinstance(x, list) else x for x in v]
            setattr(c, name, v)
        return c


class Module:
    """Hooks of one Let's Waltz! module; see this file's docstring."""

    name: ClassVar[str] = ""
    phases: ClassVar[tuple[str, ...]] = ()
    verbs: ClassVar[tuple[str, ...]] = ()
    # verbs that carry out the turn's main action in place of taking a die (IV the skeleton
    # key, III a Kozi Palace move): while one is offered, ``done`` does not end the turn early
    main_verbs: ClassVar[tuple[str, ...]] = ()
    effects: ClassVar[tuple[str, ...]] = ()
    events: ClassVar[tuple[str, ...]] = ()
    listens_actions: ClassVar[bool] = False
    requirements: ClassVar[tuple[str, ...]] = ()  # objective requirement kinds (``meets``)
    scorings: ClassVar[tuple[str, ...]] = ()  # game-end staff scoring kinds (``staff_end_vp``)

    def decisions(self) -> tuple[type, ...]:
        """The module's decision kinds (classes declared with ``@decision(owner=name)``), in order."""
        return kinds_of(self.name)

    def facts(self, st: EngineBase, info: tuple[Any, ...]) -> dict[str, Any] | None:
        """The public facts of one of the module's actions, as data for the event log: names
        resolved to ids (a ballroom, an entrance, a die's colour), None: not the module's."""
        return None

    def new_part(self, st: EngineBase) -> Part | None:
        return None

    def setup(self, st: EngineBase) -> None:
        pass

    def flow_phase(self, st: EngineBase, phase: str) -> bool:
        raise AssertionError(f"{self.name}: no setup phase {phase}")

    def turn_actions(self, st: EngineBase, p: int, pl: Player, out: list[str]) -> None:
        pass

    def turn_pick(self, st: EngineBase, p: int, pl: Player, info: tuple[Any, ...]) -> None:
        raise AssertionError(f"{self.name}: no verb {info[0]}")

    def effect(self, st: EngineBase, p: int, e: dict[str, Any], src: int) -> None:
        raise AssertionError(f"{self.name}: no effect {e['effect']}")

    def event(self, st: EngineBase, p: int, kind: str, value: Any) -> None:
        pass

    def action_done(self, st: EngineBase, p: int) -> None:
        pass

    def meets(self, st: EngineBase, p: int, req: dict[str, Any]) -> bool:
        raise AssertionError(f"{self.name}: no requirement {req['kind']}")

    def staff_end_vp(self, st: EngineBase, p: int, sid: int, scoring: dict[str, Any]) -> int:
        raise AssertionError(f"{self.name}: no scoring {scoring['kind']}")

    def fully_possible(self, st: EngineBase, p: int, e: dict[str, Any]) -> bool:
        """Can the module's penalty effect ``e`` be carried out fully (2021 Emperor rule)?"""
        return True

    def round_end(self, st: EngineBase) -> None:
        pass

    def after_emperor(self, st: EngineBase) -> None:
        pass

    def pass_tiles(self, st: EngineBase) -> bool:
        return False

    def final_scoring(self, st: EngineBase) -> None:
        pass

    def dump(self, st: EngineBase) -> dict[str, Any]:
        return {}

    def load(self, st: EngineBase, data: dict[str, Any]) -> None:
        pass

    def view(self, st: EngineBase, seat: int | None, data: dict[str, Any]) -> dict[str, Any]:
        return data

    def determinize(self, pos: dict[str, Any], seat: int | None, rng: Rng) -> None:
        pass

    def check(self, st: EngineBase) -> None:
        pass

    def hidden(self, st: EngineBase) -> Any:
        """What of the module's hidden state a draw or shuffle changes (for undo rules)."""
        return None

    def setup_frame(self, st: EngineBase, phase: str, p: int) -> None:
        """Seat ``p``'s starting-guest / starting-rooms frame (``phase``) is about to be pushed;
        frames pushed here resolve after it."""

    def extra_tables(self, st: EngineBase, p: int) -> int:
        """Café tables seat ``p`` has beyond the base three (at most 4 in all)."""
        return 0

    def occupancy_bonus(self, st: EngineBase, p: int, colour: int, size: int, amount: int) -> int:
        """The occupancy bonus amount for a completed group (colour row, group size)."""
        return amount

    def owns_chance(self, st: EngineBase) -> bool:
        """Is the pending chance node the module's own roll (then the next four hooks)?"""
        return False

    def parse_chance(self, st: EngineBase, action: str) -> bool:
        return False

    def chance_outcomes(self, st: EngineBase) -> list[tuple[str, float]]:
        return []

    def sample_chance(self, st: EngineBase) -> str:
        raise AssertionError(f"{self.name}: no chance node")

    def apply_chance(self, st: EngineBase, action: str) -> None:
        raise AssertionError(f"{self.name}: no chance node")

    def reroll(self, st: EngineBase) -> bool:
        """003 Passing: one die is about to go to the dustbin and the rest to be re-rolled;
        return True after pushing a decision that must come first (asked again after it)."""
        return False

    def room_cost(self, st: EngineBase, pl: Player, r: int, cost: int) -> int:
        """The price of preparing room ``r`` (before any "minus<N>" discount)."""
        return cost

    def die_options(self, st: EngineBase, pl: Player, boost_ok: bool, out: list[str]) -> None:
        """Edit ``out``, the die choices (``d<n>``, ...) offered now, in place."""


def _registry() -> dict[str, Module]:
    """Every module file present (``modules/<name>.py`` or a package) defines ``MODULE``;
    they are imported in rulebook order, so their action strings get fixed ids."""
    import importlib
    import importlib.util

    from tabletop.games.grand_austria_hotel.config import MODULES as NAMES

    out: dict[str, Module] = {}
    for name in NAMES:
        path = f"{__name__}.{name}"
        if importlib.util.find_spec(path) is not None:
            out[name] = importlib.import_module(path).MODULE
    return out


MODULES: dict[str, Module] = _registry()
