"""What every part of the engine shares: the player board, the VP sources and
the state's fields, plus the stack helpers. The rules themselves live in the
sibling files, one per rule seam (see docs/ARCHITECTURE.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.state import GameState
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.config import GahConfig
from tabletop.games.grand_austria_hotel.data import Rules

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.modules import Module

FREE = 99  # a discount that makes any card free
# VP sources (the breakdown keys); the score is their sum.
# The last four belong to Let's Waltz! modules and are shown only when their module is on.
VP_SOURCES = ("guests", "rooms", "emperor", "bonuses", "objectives", "staff", "penalties",
              "leftovers", "cafe", "ballrooms", "champagne", "celebrities", "entrances")
SRC_GUESTS, SRC_ROOMS, SRC_EMPEROR, SRC_BONUSES, SRC_OBJECTIVES, SRC_STAFF, SRC_PENALTIES, \
    SRC_LEFTOVERS, SRC_CAFE, SRC_BALLROOMS, SRC_CHAMPAGNE, SRC_CELEBRITIES, SRC_ENTRANCES = range(13)
SOURCE_INDEX = {name: i for i, name in enumerate(VP_SOURCES)}
SOURCE_MODULE = {SRC_BALLROOMS: "ballrooms", SRC_CHAMPAGNE: "ballrooms", SRC_CELEBRITIES: "celebrities",
                 SRC_ENTRANCES: "unique_hotels"}


def sources_in_play(modules: tuple[str, ...]) -> tuple[int, ...]:
    """The VP sources a game with these modules shows (base sources always)."""
    return tuple(i for i in range(len(VP_SOURCES)) if i not in SOURCE_MODULE or SOURCE_MODULE[i] in modules)

PHASES = ("draft", "start_guest", "start_rooms", "roll", "play", "emperor", "over")



class Player:
    """One seat's board. Lists are mutated in place through the journal."""

    __slots__ = ("money", "emperor", "vp_src", "kitchen", "cafe", "served", "rooms", "hand",
                 "played", "used", "guest_vp", "passes", "bonus_paid")

    def __init__(self) -> None:
        self.money = 0
        self.emperor = 0
        self.vp_src = [0] * len(VP_SOURCES)
        self.kitchen = [0, 0, 0, 0, 0]  # per item (data.ITEMS): dishes, drinks, champagne
        self.cafe = [0, 0, 0, 0]  # guest id per table, 0 = free
        self.served = [[0, 0, 0, 0, 0] for _ in range(N.TABLES)]
        self.rooms = [0] * 20  # 0 empty, 1 prepared, 2 occupied
        self.hand: tuple[int, ...] = ()
        self.played: tuple[int, ...] = ()
        self.used: tuple[int, ...] = ()
        self.guest_vp = 0
        self.passes = 0  # passes this round (Waste Manager)
        # the room groups whose occupancy bonus this seat has had (000: "each group provides its
        # bonus only once"; the 2021 edition pays a refilled group again, so it only records them)
        self.bonus_paid: tuple[int, ...] = ()

    def copy(self) -> Player:
        c = Player.__new__(Player)
        c.money = self.money
        c.emperor = self.emperor
        c.vp_src = self.vp_src[:]
        c.kitchen = self.kitchen[:]
        c.cafe = self.cafe[:]
        c.served = [s[:] for s in self.served]
        c.rooms = self.rooms[:]
        c.hand = self.hand
        c.played = self.played
        c.used = self.used
        c.guest_vp = self.guest_vp
        c.passes = self.passes
        c.bonus_paid = self.bonus_paid
        return c

    @property
    def vp(self) -> int:
        return sum(self.vp_src)


class EngineBase(GameState):
    """Fields of a Grand Austria Hotel state; each rule file extends this class."""

    game_name = "grand-austria-hotel"

    players: list[Player]
    supply: list[int]
    room_supply: list[int]
    queue: list[int]
    dice: list[int]
    guest_deck: tuple[int, ...]
    staff_deck: tuple[int, ...]
    tiles: list[tuple[int, int]]

    config: GahConfig
    rules: Rules
    seed: int
    original: bool  # the 2015 rules (edition "original")
    round: int
    phase: str
    stack: tuple[tuple[Any, ...], ...]  # the pending decisions, each as its kind declares (engine/declare.py)
    objectives: tuple[str, ...]
    emperor_tiles: tuple[str, ...]
    guest_discard: tuple[int, ...]
    total_dice: int
    roll_n: int  # dice still to roll at the pending chance node
    dustbin: int
    on_tiles: int
    markers: list[tuple[int, ...]]
    covered: list[int]
    passed: list[bool]
    # the running turn
    t_player: int
    t_guest: bool
    t_die: bool
    t_boost: bool
    t_acted: bool
    t_peak: int
    t_extra: int
    t_keep: bool
    round_guest_taken: bool
    setup_i: int
    emperor_i: int
    draft_packets: list[tuple[int, ...]]
    draft_picked: list[bool]
    staff_cost: dict[int, int]
    item_range: range  # the items in play (the four dishes and drinks, champagne with module I)
    # Let's Waltz! modules in play (see modules/__init__.py)
    mods: tuple[Module, ...]
    parts: dict[str, Any]
    decision_kinds: dict[str, Any]  # kind -> its declared class (engine/declare.py), base game and modules in play
    effect_owner: dict[str, Module]
    verb_owner: dict[str, Module]
    requirement_owner: dict[str, Module]  # objective requirement kinds
    scoring_owner: dict[str, Module]  # game-end staff scoring kinds
    listeners: tuple[Module, ...]
    listening: dict[str, tuple[Module, ...]]  # per event kind, the modules that listen to it
    hooked: dict[str, tuple[Module, ...]]  # per hot hook, the modules that define it
    action_hooks: tuple[Module, ...]
    t_action: bool  # an action of the running turn is resolving (for action_done hooks)
    S: dict[str, int]  # staff ids of the named-exception cards, by slug (-1: not in this game)
    notes: list[tuple[Any, ...]] | None
    """Facts for reports, kept only after ``keep_notes()`` (the simulation runner): who took
    the key, what an entrance or a celebrity cost, what each ballroom paid. Not part of the
    state: not in positions, views or the journal (undo does not take a note back), and a
    clone keeps none."""
    # the event log's working notes while an action resolves (engine/ledger.py)
    _ev_cause: dict[str, Any] | None
    _ev_snap: Any
    _ev_reactions: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] | None  # whose reaction an fx is

    def _init_journal(self) -> None:
        GameState._init_journal(self)
        self.notes = None
        self._ev_cause = None
        self._ev_snap = None
        self._ev_reactions = None

    def keep_notes(self) -> None:
        self.notes = []

    def _note(self, *fact: Any) -> None:
        if self.notes is not None:
            self.notes.append(fact)

    def _push(self, frame: tuple[Any, ...]) -> None:
        self._set(self, "stack", self.stack + (frame,))

    def _pop(self) -> None:
        self._set(self, "stack", self.stack[:-1])

    def _replace(self, frame: tuple[Any, ...]) -> None:
        self._set(self, "stack", self.stack[:-1] + (frame,))

    def _vp(self, pl: Player, amount: int, src: int, quiet: bool = False) -> None:
        """Score VP from a source; ``quiet``: a reaction that must not announce itself again."""
        if amount:
            self._seti(pl.vp_src, src, pl.vp_src[src] + amount)
            if amount > 0 and self.listeners and not quiet:
                self._event(self.players.index(pl), "vp", amount)

    def _event(self, p: int, kind: str, value: Any) -> None:
        """Tell the listening modules (see modules.EVENTS)."""
        for m in self.listening.get(kind, ()):
            m.event(self, p, kind, value)

    if TYPE_CHECKING:
        # The rule files call each other's methods; these stubs type those calls. The compiled
        # build keeps them as methods of EngineBase (Cython does not skip this block), where they
        # are harmless only because every rule file comes before EngineBase in the state's MRO:
        # never stub a method GameState defines (tests/core/test_typed_state.py checks).
        def __init__(self, config: GahConfig, seed: int) -> None: ...
        def _setup_fields(self, config: GahConfig) -> None: ...
        def _parse_roll(self, action: str) -> tuple[int, ...] | None: ...
        def _place_roll(self, counts: tuple[int, ...] | list[int]) -> None: ...
        def _advance(self) -> None: ...
        def _flow(self) -> bool: ...
        def _flow_setup(self, phase: str) -> bool: ...
        def _next_setup_phase(self, phase: str) -> str: ...
        def _turn_order(self) -> list[int]: ...
        def _next_turn_player(self) -> int: ...
        def _start_turn(self, p: int) -> None: ...
        def _end_turn(self, p: int) -> None: ...
        def _ending_passes(self) -> bool: ...
        def _pass_turn(self, p: int, pl: Player) -> None: ...
        def _end_round(self) -> None: ...
        def _cleanup_round(self) -> None: ...
        def _finish(self, fr: tuple[Any, ...]) -> None: ...
        def _push_reaction(self, p: int, effects: tuple[dict[str, Any], ...], src: int, **card: Any) -> None: ...
        def _turn_legal(self, p: int, pl: Player) -> list[str]: ...
        def _die_options(self, pl: Player, boost_ok: bool) -> list[str]: ...
        def _item_moves(self, pl: Player, pool: Any, first_only: bool = False) -> list[str]: ...
        def _substitute_moves(self, pl: Player, pool: Any) -> list[str]: ...
        def _food_options(self, first: int, n: int) -> list[str]: ...
        def _room_cost(self, pl: Player, r: int, mode: str) -> int: ...
        def _room_options(self, p: int, pl: Player, mode: str, floors: int, occupy: bool) -> list[int]: ...
        def _highest_rooms(self, pl: Player, state: int, below_floor: int) -> list[int]: ...
        def _free_table(self, p: int, pl: Player) -> int: ...
        def _complete(self, pl: Player, t: int) -> bool: ...
        def _turn_pick(self, p: int, pl: Player, info: tuple[Any, ...]) -> None: ...
        def _start_extra_turn(self) -> None: ...
        def _serve_item(self, pl: Player, t: int, i: int, pool: Any) -> tuple[int, int]: ...
        def _draw_guest_raw(self) -> int: ...
        def _draw_guest(self) -> int: ...
        def _take_guest(self, p: int, pl: Player, slot: int, cost: int) -> None: ...
        def _move_guest(self, p: int, pl: Player, t: int, r: int) -> None: ...
        def _release_guest(self, pl: Player, t: int) -> int: ...
        def _fill_order(self, pl: Player, t: int) -> None: ...
        def _die_action(self, p: int, pl: Player, face: int, action: int, boost: bool, take_die: bool) -> None: ...
        def _die_main(self, p: int, pl: Player, action: int, n: int, face: int) -> None: ...
        def _effect(self, p: int, e: dict[str, Any], src: int) -> None: ...
        def _gain_money(self, p: int, amount: int) -> None: ...
        def _advance_emperor(self, p: int, steps: int) -> None: ...
        def _gain_items(self, p: int, counts: list[int]) -> None: ...
        def _draw_staff(self, pl: Player, count: int) -> None: ...
        def _play_staff(self, p: int, sid: int, discount: int, from_hand: bool) -> None: ...
        def _prepare_room(self, p: int, pl: Player, r: int, mode: str, occupy: bool) -> None: ...
        def _remove_room(self, pl: Player, r: int) -> None: ...
        def _occupy(self, p: int, r: int) -> None: ...
        def _group_bonus(self, p: int, g: int) -> None: ...
        def _grant_bonus(self, p: int, kind: str, g: int) -> None: ...
        def _emperor_scoring(self, p: int) -> None: ...
        def _emperor_penalty(self, p: int, k: int) -> None: ...
        def _fully_possible(self, pl: Player, effects: tuple[dict[str, Any], ...]) -> bool: ...
        def _claim_objectives(self, p: int) -> None: ...
        def meets(self, p: int, req: dict[str, Any]) -> bool: ...
        def occupied_by_colour(self, pl: Player) -> list[int]: ...
        def full_floors(self, pl: Player) -> int: ...
        def full_columns(self, pl: Player) -> int: ...
        def full_groups(self, pl: Player) -> int: ...
        def staff_end_vp(self, p: int, sid: int) -> int: ...
        def _final_scoring(self) -> None: ...
        def _cause(self, kind: str, seat: int, quiet: bool = False, **params: Any) -> None: ...
        def _ev_fx_step(self, p: int, effects: tuple[Any, ...]) -> None: ...
        def _ev_fx_done(self, effects: tuple[Any, ...]) -> None: ...
