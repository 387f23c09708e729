"""Setting up a game: shuffle and deal (000/003 Setup), then the setup phases
before round 1 (the staff draft variant, starting guests in reverse turn order,
starting rooms)."""

from __future__ import annotations

from typing import Any

from tabletop.core.errors import IllegalAction, InvalidPosition
from tabletop.core.rng import Rng
from tabletop.games.grand_austria_hotel.config import GahConfig
from tabletop.games.grand_austria_hotel.data import load_rules
from tabletop.games.grand_austria_hotel.engine.base import (
    EngineBase,
    Player,
)
from tabletop.games.grand_austria_hotel.engine.declare import DECISIONS
from tabletop.games.grand_austria_hotel.modules import HOT_HOOKS, MODULES, SETUP_PHASES, Module

_WIRING: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _wiring(names: tuple[str, ...]) -> tuple[Any, ...]:
    """Which decision kinds are in play (the base game's and these modules'), which module owns
    which effect, verb, requirement and scoring, who listens to which event, and which modules
    define each hot hook — the same for every game with these modules, so worked out once (the
    tables are only read; a kind declared later, a test's toy kind, makes a new entry)."""
    key = (*names, len(DECISIONS))
    got = _WIRING.get(key)
    if got is None:
        mods = tuple(MODULES[m] for m in names)
        listeners = tuple(m for m in mods if m.events)
        got = (mods,
               {k: c for k, c in DECISIONS.items() if c.owner is None or c.owner in names},
               {k: m for m in mods for k in m.effects},
               {k: m for m in mods for k in m.verbs},
               {k: m for m in mods for k in m.requirements},
               {k: m for m in mods for k in m.scorings},
               listeners,
               {k: tuple(m for m in listeners if k in m.events) for m0 in listeners for k in m0.events},
               # per hook, only the modules that define it (hot paths skip the no-op defaults)
               {name: tuple(m for m in mods if getattr(type(m), name) is not getattr(Module, name))
                for name in HOT_HOOKS})
        _WIRING[key] = got
    return got


class SetupRules(EngineBase):
    # ------------------------------------------------------------------ setup
    def __init__(self, config: GahConfig, seed: int) -> None:
        """A new game: shuffle, deal and set up; stops at the first decision."""
        self._init_journal()
        self._setup_fields(config)
        rules = self.rules
        rng = self.rng = Rng(seed)
        self.seed = seed
        n = self.num_players
        guests = sorted(rules.guests)
        rng.shuffle(guests)
        self.guest_deck = tuple(guests)
        staff = list(rules.deck_staff)
        # choose objectives and emperor tiles: one of each group A, B, C
        self.objectives = tuple(config.objectives) if config.objectives else tuple(
            rng.choice([o for o in rules.objective_pool if rules.objectives[o].group == grp]) for grp in "ABC")
        # an emperor tile's id starts with its group letter
        self.emperor_tiles = tuple(config.emperor_tiles) if config.emperor_tiles else tuple(
            rng.choice([t for t in rules.emperor_pool if t[0] == grp]) for grp in "ABC")
        for oid in self.objectives:
            if oid not in rules.objectives:
                raise IllegalAction(f"unknown politics card {oid!r}")
        for tid in self.emperor_tiles:
            if tid not in rules.emperor_tiles:
                raise IllegalAction(f"unknown emperor tile {tid!r}")
        hands: list[tuple[int, ...]] = []
        if config.introductory_sets:
            for p in range(n):
                hands.append(rules.intro_sets[p])
            taken = {s for h in hands for s in h}
            staff = [s for s in staff if s not in taken]
        rng.shuffle(staff)
        if not config.introductory_sets:
            for _ in range(n):
                hands.append(tuple(staff[:rules.hand_size]))
                staff = staff[rules.hand_size:]
        self.staff_deck = tuple(staff)
        self.queue = [0] * 5
        for i in range(5):
            self.queue[i] = self._draw_guest_raw()
        for p in range(n):
            pl = self.players[p]
            pl.money = rules.money_start
            for i in range(4):
                pl.kitchen[i] = 1
                self.supply[i] -= 1
            if config.staff_draft:
                self.draft_packets[p] = hands[p]
            else:
                pl.hand = hands[p]
        for m in self.mods:
            m.setup(self)
        self.phase = "draft" if config.staff_draft else self._next_setup_phase("draft")
        self._advance()
        # setup is not undoable: start with an empty journal
        self._journal.clear()

    def _setup_fields(self, config: GahConfig) -> None:
        rules = load_rules(config)
        self.config = config
        self.rules = rules
        n = self.num_players = config.players
        self.original = config.edition == "original"
        self.round = 1
        self.phase = "start_guest"
        self.stack = ()
        self.players = [Player() for _ in range(n)]
        self.guest_discard = ()
        self.dice = [0] * 7
        self.total_dice = rules.dice[n]
        self.dustbin = 0
        self.on_tiles = 0
        self.roll_n = rules.dice[n]
        self.supply = list(rules.cubes)
        self.room_supply = [rules.room_tiles_per_colour] * 3
        self.markers = [(), (), ()]
        self.tiles = [rules.turn_order_tiles[n][p] for p in range(n)]
        self.covered = [0] * n
        self.passed = [False] * n
        self.t_player = -1
        self.t_guest = False
        self.t_die = False
        self.t_boost = False
        self.t_acted = False
        self.t_peak = 0
        self.t_extra = 0
        self.t_keep = False
        self.round_guest_taken = False
        self.setup_i = 0
        self.emperor_i = 0
        self.draft_packets = [() for _ in range(n)]
        self.draft_picked = [False] * n
        self.staff_cost = {sid: s.cost for sid, s in rules.staff.items()}
        self.item_range = range(5 if rules.cubes[4] else 4)  # champagne only with module I
        slug = rules.staff_by_slug
        # Let's Waltz! modules in play: their hooks, and who owns which frame, effect and verb
        missing = [m for m in config.modules if m not in MODULES]
        if missing:
            raise InvalidPosition(f"Let's Waltz! module(s) {', '.join(missing)} not playable yet; "
                                  f"playable: {', '.join(MODULES) or 'none'}")
        (self.mods, self.decision_kinds, self.effect_owner, self.verb_owner, self.requirement_owner,
         self.scoring_owner, self.listeners, self.listening, self.hooked) = _wiring(tuple(config.modules))
        self.action_hooks = tuple(m for m in self.mods if m.listens_actions)
        self.t_action = False
        self.parts = {}
        for m in self.mods:
            part = m.new_part(self)
            if part is not None:
                self.parts[m.name] = part
        self.S = {k: slug.get(k, -1) for k in (
            "kitchen-hand", "delivery-boy", "chief-waiter", "bootblack", "maitre-d", "financier",
            "draughtsman", "events-coordinator", "gardener", "conference-manager", "baker",
            "cocktail-waitress", "waste-manager", "secretary")}

    def _next_setup_phase(self, phase: str) -> str:
        """The setup phase after ``phase`` (001 Combining Modules: a module's phases only
        when the module is in play)."""
        for nxt in SETUP_PHASES[SETUP_PHASES.index(phase) + 1:]:
            if nxt in ("start_guest", "start_rooms") or any(nxt in m.phases for m in self.mods):
                return nxt
        raise AssertionError(phase)

    def _flow_setup(self, phase: str) -> bool:
        """The setup phases before round 1 (one step at a time, like ``_flow``)."""
        for m in self.mods:
            if phase in m.phases:
                return m.flow_phase(self, phase)
        n = self.num_players
        if phase == "draft":
            if not any(self.draft_packets):
                self._set(self, "phase", self._next_setup_phase("draft"))
                return True
            for p in range(n):
                if not self.draft_picked[p]:
                    self._push(("draft", p))
                    return True
            # everybody picked: pass the packets to the left (next seat)
            packets = self.draft_packets
            for p in range(n):
                self._seti(self.draft_picked, p, False)
            new = [packets[(p - 1) % n] for p in range(n)]
            for p in range(n):
                self._seti(self.draft_packets, p, new[p])
            return True
        if phase == "start_guest":
            order = self._turn_order()
            if self.setup_i < n:
                p = order[n - 1 - self.setup_i]  # reverse turn order (000/003 setup)
                self._set(self, "setup_i", self.setup_i + 1)
                for m in self.mods:
                    m.setup_frame(self, phase, p)  # e.g. 001 Kaufman: a second guest after it
                self._push(("sguest", p))
            else:
                self._set(self, "setup_i", 0)
                self._set(self, "phase", "start_rooms")
            return True
        if phase == "start_rooms":
            order = self._turn_order()
            if self.setup_i < n:
                p = order[self.setup_i]
                self._set(self, "setup_i", self.setup_i + 1)
                for m in self.mods:
                    m.setup_frame(self, phase, p)  # e.g. 001 Chateau Paulwei, Dove: more rooms after these
                self._push(("rooms", p, self.rules.start_rooms, "full", 0, False))
            else:
                self._set(self, "setup_i", 0)
                self._set(self, "phase", "roll")
                self._set(self, "roll_n", self.total_dice)
                # starting guests are part of setup, not of round 1
                self._set(self, "round_guest_taken", False)
            return True
        raise AssertionError(f"unknown phase {phase}")
