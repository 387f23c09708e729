"""The Grand Austria Hotel rules engine.

Rule references in comments: ``000`` is the 2015 rulebook, ``003`` the Yucata
2021 rules (the default edition). The flow of a game:

    draft (variant) -> starting guests (reverse order) -> starting rooms
    -> 7 x [roll (chance) -> turns in snake order, passes and re-rolls
            -> (rounds 3/5/7) emperor scoring -> round clean-up]
    -> final scoring

Pending decisions are frames on ``self.stack`` (immutable tuples whose first
element names the kind). ``fx`` frames hold a list of effects still to carry
out; they are processed automatically and may push decision frames. A
decision frame whose only legal action is ``done`` resolves by itself.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng
from tabletop.core.state import CHANCE, TERMINAL, GameState
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.config import GahConfig
from tabletop.games.grand_austria_hotel.data import (
    BLUE,
    GREEN,
    ITEM_LETTERS,
    ITEMS,
    RED,
    YELLOW,
    Rules,
    Staff,
    load_rules,
)

FREE = 99  # a discount that makes any card free
# VP sources (the breakdown keys); the score is their sum.
VP_SOURCES = ("guests", "rooms", "emperor", "bonuses", "objectives", "staff", "penalties",
              "leftovers", "cafe")
SRC_GUESTS, SRC_ROOMS, SRC_EMPEROR, SRC_BONUSES, SRC_OBJECTIVES, SRC_STAFF, SRC_PENALTIES, \
    SRC_LEFTOVERS, SRC_CAFE = range(9)
SOURCE_INDEX = {name: i for i, name in enumerate(VP_SOURCES)}

PHASES = ("draft", "start_guest", "start_rooms", "roll", "play", "emperor", "over")

_INFO = N.INFO


class Player:
    """One seat's board. Lists are mutated in place through the journal."""

    __slots__ = ("money", "emperor", "vp_src", "kitchen", "cafe", "served", "rooms", "hand",
                 "played", "used", "guest_vp", "passes")

    def __init__(self) -> None:
        self.money = 0
        self.emperor = 0
        self.vp_src = [0] * len(VP_SOURCES)
        self.kitchen = [0, 0, 0, 0]
        self.cafe = [0, 0, 0, 0]  # guest id per table, 0 = free
        self.served = [[0, 0, 0, 0] for _ in range(N.TABLES)]
        self.rooms = [0] * 20  # 0 empty, 1 prepared, 2 occupied
        self.hand: tuple[int, ...] = ()
        self.played: tuple[int, ...] = ()
        self.used: tuple[int, ...] = ()
        self.guest_vp = 0
        self.passes = 0  # passes this round (Waste Manager)

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
        return c

    @property
    def vp(self) -> int:
        return sum(self.vp_src)


class GahState(GameState):
    game_name = "grand-austria-hotel"

    players: list[Player]
    supply: list[int]
    room_supply: list[int]
    queue: list[int]
    dice: list[int]
    guest_deck: tuple[int, ...]
    staff_deck: tuple[int, ...]
    tiles: list[tuple[int, int]]

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
            rng.choice(sorted(o.id for o in rules.objectives.values()
                              if o.group == grp and (config.herlius_objectives or o.id[0] != "H")))
            for grp in "ABC")
        self.emperor_tiles = tuple(config.emperor_tiles) if config.emperor_tiles else tuple(
            rng.choice(sorted(t for t in rules.emperor_tiles if t[0] == grp)) for grp in "ABC")
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
        self.phase = "draft" if config.staff_draft else "start_guest"
        self._advance()
        # setup is not undoable: start with an empty journal
        self._journal.clear()

    def _setup_fields(self, config: GahConfig) -> None:
        rules = load_rules(config)
        self.config = config
        self.rules: Rules = rules
        n = self.num_players = config.players
        self.original = config.edition == "original"
        self.round = 1
        self.phase = "start_guest"
        self.stack: tuple[tuple[Any, ...], ...] = ()
        self.players = [Player() for _ in range(n)]
        self.guest_discard: tuple[int, ...] = ()
        self.dice = [0] * 7
        self.total_dice = rules.dice[n]
        self.dustbin = 0
        self.on_tiles = 0
        self.roll_n = rules.dice[n]
        self.supply = [rules.cubes_per_item] * 4
        self.room_supply = [rules.room_tiles_per_colour] * 3
        self.markers: list[tuple[int, ...]] = [(), (), ()]
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
        self.draft_packets: list[tuple[int, ...]] = [() for _ in range(n)]
        self.draft_picked = [False] * n
        self.staff_cost = {sid: s.cost for sid, s in rules.staff.items()}
        slug = rules.staff_by_slug
        self.S = {k: slug.get(k, -1) for k in (
            "kitchen-hand", "delivery-boy", "chief-waiter", "bootblack", "maitre-d", "financier",
            "draughtsman", "events-coordinator", "gardener", "conference-manager", "baker",
            "cocktail-waitress", "waste-manager", "secretary")}

    # --------------------------------------------------------------- contract
    @property
    def current_player(self) -> int:
        if self.stack:
            return self.stack[-1][1]
        if self.phase == "roll":
            return CHANCE
        return TERMINAL

    def apply(self, action: str) -> None:
        if not self.stack and self.phase == "roll":
            # chance outcomes are validated by parsing (there can be thousands)
            if self._parse_roll(action) is None:
                raise IllegalAction(
                    f"illegal chance outcome {action!r}: expected roll:a-b-c-d-e-f with "
                    f"{self.roll_n} dice in all")
            self._legal_cache = [action]
        super().apply(action)

    def _legal(self) -> list[str]:
        if not self.stack:
            if self.phase == "roll":
                return [name for name, _ in self.chance_outcomes()]
            return []
        return self._frame_legal(self.stack[-1])

    def _apply(self, action: str) -> None:
        self._journal.append((self.rng, "state", self.rng.state))
        if not self.stack:
            counts = self._parse_roll(action)
            assert counts is not None
            self._place_roll(counts)
        else:
            self._pick(self.stack[-1], action)
        self._advance()

    # ----------------------------------------------------------------- chance
    def _parse_roll(self, action: str) -> list[int] | None:
        if not action.startswith("roll:"):
            return None
        parts = action[5:].split("-")
        if len(parts) != 6 or not all(p.isdigit() for p in parts):
            return None
        counts = [0] + [int(p) for p in parts]
        return counts if sum(counts) == self.roll_n else None

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.stack or self.phase != "roll":
            raise IllegalAction("not a chance node")
        n = self.roll_n
        out: list[tuple[str, float]] = []
        fact = [1.0]
        for i in range(1, n + 1):
            fact.append(fact[-1] * i)
        total = 6.0 ** n

        def rec(face: int, left: int, counts: list[int]) -> None:
            if face == 6:
                c = counts + [left]
                p = fact[n]
                for x in c:
                    p /= fact[x]
                out.append((N.roll_name([0] + c), p / total))
                return
            for k in range(left + 1):
                rec(face + 1, left - k, counts + [k])

        rec(1, n, [])
        return out

    def sample_chance(self) -> str:
        if self.stack or self.phase != "roll":
            raise IllegalAction("not a chance node")
        # sample with a copy of the RNG: applying the outcome advances the real one
        r = Rng(self.rng.state)
        counts = [0] * 7
        for _ in range(self.roll_n):
            counts[1 + r.below(6)] += 1
        return N.roll_name(counts)

    def _place_roll(self, counts: list[int]) -> None:
        # advance the state's RNG exactly as sample_chance drew it, so that
        # sampling then applying keeps one deterministic stream
        rng = self.rng
        for _ in range(self.roll_n):
            rng.next64()
        for f in range(1, 7):
            self._seti(self.dice, f, counts[f])
        self._set(self, "roll_n", 0)
        self._set(self, "phase", "play")

    # ------------------------------------------------------------------- flow
    def _push(self, frame: tuple[Any, ...]) -> None:
        self._set(self, "stack", self.stack + (frame,))

    def _pop(self) -> None:
        self._set(self, "stack", self.stack[:-1])

    def _replace(self, frame: tuple[Any, ...]) -> None:
        self._set(self, "stack", self.stack[:-1] + (frame,))

    def _advance(self) -> None:
        """Run automatic steps until a decision (or chance / game end) is pending."""
        while True:
            stack = self.stack
            if not stack:
                if not self._flow():
                    self._legal_cache = None
                    return
                continue
            top = stack[-1]
            if top[0] == "fx":
                _, p, effects, i, src = top
                if i >= len(effects):
                    self._pop()
                else:
                    self._replace(("fx", p, effects, i + 1, src))
                    self._effect(p, effects[i], src)
                continue
            legal = self._frame_legal(top)
            if not legal or (len(legal) == 1 and legal[0] == N.DONE and top[0] != "turn"):
                self._finish(top)
                continue
            self._legal_cache = legal
            return

    def _flow(self) -> bool:
        """Move the game on when no decision is pending; False while waiting."""
        phase = self.phase
        n = self.num_players
        if phase == "play":
            p = self._next_turn_player()
            if p >= 0:
                self._start_turn(p)
                return True
            if any(self.passed[q] and self.covered[q] < 2 for q in range(n)):
                # 003 Passing: all players passed or took two turns -> remove one
                # die, roll the rest; the players who passed go again.
                for q in range(n):
                    if self.passed[q]:
                        self._seti(self.passed, q, False)
                left = sum(self.dice)
                if left:
                    for f in range(1, 7):
                        self._seti(self.dice, f, 0)
                    self._set(self, "dustbin", self.dustbin + 1)
                    self._set(self, "roll_n", left - 1)
                    if left - 1:
                        self._set(self, "phase", "roll")
                return True
            self._end_round()
            return True
        if phase in ("roll", "over"):
            return False
        if phase == "emperor":
            order = self._turn_order()
            if self.emperor_i < n:
                p = order[self.emperor_i]
                self._set(self, "emperor_i", self.emperor_i + 1)
                self._emperor_scoring(p)
            else:
                self._cleanup_round()
            return True
        if phase == "draft":
            if not any(self.draft_packets):
                self._set(self, "phase", "start_guest")
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
                self._push(("rooms", p, self.rules.start_rooms, "full", 0, False))
            else:
                self._set(self, "setup_i", 0)
                self._set(self, "phase", "roll")
                self._set(self, "roll_n", self.total_dice)
                # starting guests are part of setup, not of round 1
                self._set(self, "round_guest_taken", False)
            return True
        raise AssertionError(f"unknown phase {phase}")

    def _turn_order(self) -> list[int]:
        return sorted(range(self.num_players), key=lambda q: self.tiles[q][0])

    def _next_turn_player(self) -> int:
        best, who = 99, -1
        tiles, covered, passed = self.tiles, self.covered, self.passed
        for q in range(self.num_players):
            c = covered[q]
            if c < 2 and not passed[q]:
                v = tiles[q][c]
                if v < best:
                    best, who = v, q
        return who

    def _start_turn(self, p: int) -> None:
        self._set(self, "t_player", p)
        self._set(self, "t_guest", False)
        self._set(self, "t_die", False)
        self._set(self, "t_boost", False)
        self._set(self, "t_acted", False)
        self._set(self, "t_peak", self.players[p].money)
        self._set(self, "t_extra", 0)
        self._set(self, "t_keep", False)
        self._push(("turn", p))

    def _end_turn(self, p: int) -> None:
        self._claim_objectives(p)
        self._seti(self.covered, p, self.covered[p] + 1)
        self._set(self, "t_player", -1)

    def _end_round(self) -> None:
        rules = self.rules
        if self.config.discard_free_guests and not self.round_guest_taken:
            # 003 variant: discard the two free guests, slide the rest right, refill
            q = self.queue
            dropped = tuple(g for g in q[3:] if g)
            self._set(self, "guest_discard", self.guest_discard + dropped)
            kept = [g for g in q[:3]]
            new = [0, 0] + kept
            for i in range(5):
                self._seti(q, i, new[i])
            for i in (1, 0):
                self._seti(q, i, self._draw_guest())
        if self.round in rules.scoring_rounds:
            self._set(self, "phase", "emperor")
            self._set(self, "emperor_i", 0)
        else:
            self._cleanup_round()

    def _cleanup_round(self) -> None:
        n = self.num_players
        for p in range(n):
            pl = self.players[p]
            if pl.used:
                self._set(pl, "used", ())
            if pl.passes:
                self._set(pl, "passes", 0)
        if self.round >= self.rules.rounds:
            self._final_scoring()
            self._set(self, "phase", "over")
            return
        # 000/003 end of a round: pass the turn order tile clockwise
        old = list(self.tiles)
        for p in range(n):
            self._seti(self.tiles, p, old[(p - 1) % n])
            self._seti(self.covered, p, 0)
            self._seti(self.passed, p, False)
        self._set(self, "round", self.round + 1)
        self._set(self, "round_guest_taken", False)
        for f in range(1, 7):
            self._seti(self.dice, f, 0)
        self._set(self, "dustbin", 0)
        self._set(self, "on_tiles", 0)
        self._set(self, "roll_n", self.total_dice)
        self._set(self, "phase", "roll")

    # ---------------------------------------------------------- decision menu
    def _frame_legal(self, fr: tuple[Any, ...]) -> list[str]:
        kind = fr[0]
        p = fr[1]
        pl = self.players[p]
        if kind == "turn":
            return self._turn_legal(p, pl)
        if kind == "place":
            fresh = fr[2]
            out = self._item_moves(pl, fresh)
            out.append(N.DONE)
            return out
        if kind == "serve":
            out = self._item_moves(pl, pl.kitchen)
            if fr[3]:
                out.append(N.DONE)
            return out
        if kind == "food":
            return self._food_options(fr[2], fr[3])
        if kind == "rooms":
            out = [N.R[r] for r in self._room_options(p, pl, fr[3], fr[4], fr[5])]
            if out:
                out.append(N.DONE)
            return out
        if kind == "empmoney":
            return list(N.EM[fr[2]])
        if kind == "play":
            disc = fr[2]
            money = pl.money
            cost = self.staff_cost
            staff = self.rules.staff
            out = [N.PLAY[staff[s].slug] for s in pl.hand if cost[s] - disc <= money]
            if out:
                out.append(N.DONE)
            return out
        if kind == "drawn":
            disc = fr[3]
            out = [N.PLAY[self.rules.staff[s].slug] for s in fr[2]
                   if self.staff_cost[s] - disc <= pl.money]
            out.append(N.DONE)
            return out
        if kind == "occupy":
            out = [N.O[r] for r in range(20) if pl.rooms[r] == 1]
            if out:
                out.append(N.DONE)
            return out
        if kind in ("freeguest", "sguest"):
            if self._free_table(p, pl) < 0:
                return []
            out = [N.G[i] for i in range(5) if self.queue[i]]
            if out and kind == "freeguest":
                out.append(N.DONE)
            return out
        if kind == "choice":
            return [N.CHOICE[i] for i in range(4) if self.supply[i]]
        if kind == "complete":
            return [N.C[t] for t in range(N.TABLES) if pl.cafe[t] and not self._complete(pl, t)]
        if kind == "gizia":
            return self._die_options(pl, boost_ok=not self.t_boost)
        if kind == "penalty":
            return [N.PENALTY_MAIN, N.PENALTY_ALT]
        if kind == "avoid":
            return [N.AVOID, N.SUFFER]
        if kind == "discard":
            return [N.DISCARD[self.rules.staff[s].slug] for s in pl.hand]
        if kind == "discardend":
            return [N.DISCARD[self.rules.staff[s].slug] for s in pl.played
                    if self.rules.staff[s].timing == "game_end"]
        if kind == "remove":
            return [N.RM[r] for r in self._highest_rooms(pl, 1, 5)]
        if kind == "removeocc":
            return [N.RM[r] for r in self._highest_rooms(pl, 2, fr[3])]
        if kind == "bonuskind":
            return list(N.BONUS_KINDS)
        if kind == "draft":
            return [N.DRAFT[self.rules.staff[s].slug] for s in self.draft_packets[p]]
        raise AssertionError(f"unknown frame {kind}")

    def _turn_legal(self, p: int, pl: Player) -> list[str]:
        out: list[str] = []
        dice = self.dice
        any_dice = dice[1] or dice[2] or dice[3] or dice[4] or dice[5] or dice[6]
        if not self.t_die and any_dice:
            if not self.t_acted:
                out.append(N.PASS)
            out += self._die_options(pl, boost_ok=not self.t_boost)
        money = pl.money
        if not self.t_guest and self._free_table(p, pl) >= 0:
            free = self.S["delivery-boy"] in pl.played
            costs = self.rules.queue_costs
            q = self.queue
            for i in range(5):
                if q[i] and (free or money >= costs[i]):
                    out.append(N.G[i])
        if money >= 1 or self.S["chief-waiter"] in pl.played:
            if self._item_moves(pl, pl.kitchen, first_only=True):
                out.append(N.SERVE)
        if pl.played:
            staff = self.rules.staff
            for s in pl.played:
                if staff[s].timing == "once_per_round" and s not in pl.used:
                    out.append(N.USE[staff[s].slug])
        cafe = pl.cafe
        if cafe[0] or cafe[1] or cafe[2] or cafe[3]:
            rooms = pl.rooms
            guests = self.rules.guests
            for t in range(N.TABLES):
                g = cafe[t]
                if g and self._complete(pl, t):
                    colour = guests[g].colour
                    mt = N.M[t]
                    cand = range(20) if colour == GREEN else self.rules.rooms_by_colour[colour]
                    for r in cand:
                        if rooms[r] == 1:
                            out.append(mt[r])
        if self.t_die or not any_dice:
            out.append(N.DONE)
        return out

    def _die_options(self, pl: Player, boost_ok: bool) -> list[str]:
        out: list[str] = []
        dice = self.dice
        money = pl.money
        boost = boost_ok and money >= 1
        for a in range(1, 6):
            if dice[a]:
                out.append(N.D[a])
                if boost:
                    out.append(N.DB[a])
        if dice[6]:
            c = 0 if self.S["kitchen-hand"] in pl.played else 1
            if money >= c:
                out.extend(N.D6[1:])
                if boost_ok and money >= c + 1:
                    out.extend(N.D6B[1:])
        return out

    def _item_moves(self, pl: Player, pool: Any, first_only: bool = False) -> list[str]:
        """Moves ``t<table><item>`` putting an item of ``pool`` on a guest who wants it."""
        out: list[str] = []
        cafe = pl.cafe
        guests = self.rules.guests
        for t in range(N.TABLES):
            g = cafe[t]
            if not g:
                continue
            order = guests[g].order
            served = pl.served[t]
            tt = N.T[t]
            for i in range(4):
                if pool[i] > 0 and served[i] < order[i]:
                    out.append(tt[i])
                    if first_only:
                        return out
        if (self.S["baker"] in pl.played or self.S["cocktail-waitress"] in pl.played) \
                and (not first_only or not out):
            out.extend(m for m in self._substitute_moves(pl, pool) if m not in out)
        return out

    def _substitute_moves(self, pl: Player, pool: Any) -> list[str]:
        """Rowe-Smith Baker / Cocktail Waitress: items served in place of others."""
        out = []
        guests = self.rules.guests
        baker = self.S["baker"] in pl.played
        cocktail = self.S["cocktail-waitress"] in pl.played
        for t in range(N.TABLES):
            g = pl.cafe[t]
            if not g:
                continue
            order = guests[g].order
            for i in range(4):
                if pl.served[t][i] >= order[i]:
                    continue
                if ((baker and i in (1, 3) and pool[4 - i] > 0) or (cocktail and pool[2] >= 2)) \
                        and self.supply[i]:
                    out.append(N.T[t][i])
        return out

    def _food_options(self, first: int, n: int) -> list[str]:
        table = N.FOOD1 if first == 0 else N.FOOD2
        sa, sb = self.supply[first], self.supply[first + 1]
        for k in range(min(n, N.MAX_N), -1, -1):
            lo, hi = max(0, k - sa), min(k // 2, sb)
            if lo <= hi:
                return [table[k][b] for b in range(lo, hi + 1)]
        return []

    def _room_cost(self, pl: Player, r: int, mode: str) -> int:
        if mode == "free":
            return 0
        rules = self.rules
        colour = rules.room_colour[r]
        for s in pl.played:
            ab = rules.staff[s].ability
            if ab and ab.get("kind") == "free_rooms" and ab["colour"] == ("yellow", "blue", "red")[colour]:
                return 0
        cost = rules.floor_cost[rules.room_floor[r]]
        return max(0, cost - 1) if mode == "minus1" else cost

    def _room_options(self, p: int, pl: Player, mode: str, floors: int, occupy: bool) -> list[int]:
        """Rooms that can be prepared now (000/003 action 3 placement rules)."""
        rooms = pl.rooms
        rules = self.rules
        out = []
        if not any(rooms):
            cand: Any = (rules.start_room,)
        else:
            cand = range(20)
        anywhere = self.S["draughtsman"] in pl.played
        nb = rules.neighbours
        fl = rules.room_floor
        for r in cand:
            if rooms[r]:
                continue
            if floors and fl[r] > floors:
                continue
            if not self.room_supply[rules.room_colour[r]]:
                continue
            if any(rooms) and not anywhere and not any(rooms[x] for x in nb[r]):
                continue
            if self._room_cost(pl, r, mode) > pl.money:
                continue
            out.append(r)
        return out

    def _highest_rooms(self, pl: Player, state: int, below_floor: int) -> list[int]:
        rules = self.rules
        for f in range(min(4, below_floor - 1), 0, -1):
            rs = [r for r in rules.rooms_by_floor[f] if pl.rooms[r] == state]
            if rs:
                return rs
        return []

    def _free_table(self, p: int, pl: Player) -> int:
        seats = self.rules.cafe_seats + (1 if self.S["maitre-d"] in pl.played else 0)
        cafe = pl.cafe
        for t in range(seats):
            if not cafe[t]:
                return t
        return -1

    def _complete(self, pl: Player, t: int) -> bool:
        order = self.rules.guests[pl.cafe[t]].order
        s = pl.served[t]
        return s[0] >= order[0] and s[1] >= order[1] and s[2] >= order[2] and s[3] >= order[3]

    # ------------------------------------------------------------ resolution
    def _finish(self, fr: tuple[Any, ...]) -> None:
        """Close a decision frame (by ``done`` or because nothing is left to pick)."""
        self._pop()
        kind = fr[0]
        if kind == "drawn":
            self._set(self, "staff_deck", self.staff_deck + tuple(fr[2]))
        elif kind == "turn":
            self._end_turn(fr[1])

    def _pick(self, fr: tuple[Any, ...], action: str) -> None:
        info = _INFO[action]
        kind = fr[0]
        p = fr[1]
        pl = self.players[p]
        verb = info[0]
        if verb == "done":
            self._finish(fr)
            return
        if kind == "turn":
            self._turn_pick(p, pl, info)
        elif kind in ("place", "serve"):
            t, i = info[1], info[2]
            pool = fr[2] if kind == "place" else pl.kitchen
            used, count = self._serve_item(pl, t, i, pool)
            if kind == "place":
                fresh = list(fr[2])
                fresh[used] -= count
                self._replace(("place", p, tuple(fresh)))
            elif fr[2] <= 1:
                self._pop()
            else:
                self._replace(("serve", p, fr[2] - 1, fr[3] + 1))
        elif kind == "food":
            self._pop()
            counts = [0, 0, 0, 0]
            counts[info[1]] = info[2]
            counts[info[3]] = info[4]
            self._gain_items(p, counts)
        elif kind == "rooms":
            _, _, left, mode, floors, occupy = fr
            if left > 1:
                self._replace(("rooms", p, left - 1, mode, floors, occupy))
            else:
                self._pop()
            self._prepare_room(p, pl, info[1], mode, occupy)
        elif kind == "empmoney":
            self._pop()
            self._advance_emperor(p, info[1])
            self._gain_money(p, info[2])
        elif kind == "play":
            self._pop()
            self._play_staff(p, self.rules.staff_by_slug[info[1]], fr[2], from_hand=True)
        elif kind == "drawn":
            self._pop()
            sid = self.rules.staff_by_slug[info[1]]
            rest = tuple(s for s in fr[2] if s != sid)
            self._set(self, "staff_deck", self.staff_deck + rest)
            self._play_staff(p, sid, fr[3], from_hand=False)
        elif kind == "occupy":
            if fr[2] > 1:
                self._replace(("occupy", p, fr[2] - 1))
            else:
                self._pop()
            self._occupy(p, info[1])
        elif kind in ("freeguest", "sguest"):
            self._pop()
            self._take_guest(p, pl, info[1], 0)
        elif kind == "choice":
            if fr[2] > 1:
                self._replace(("choice", p, fr[2] - 1))
            else:
                self._pop()
            counts = [0, 0, 0, 0]
            counts[info[1]] = 1
            self._gain_items(p, counts)
        elif kind == "complete":
            self._pop()
            t = info[1]
            order = self.rules.guests[pl.cafe[t]].order
            served = pl.served[t]
            for i in range(4):
                take = min(order[i] - served[i], self.supply[i])
                if take > 0:
                    self._seti(served, i, served[i] + take)
                    self._seti(self.supply, i, self.supply[i] - take)
        elif kind == "gizia":
            self._pop()
            self._die_action(p, pl, info[1], info[2], info[3], take_die=False)
        elif kind == "penalty":
            self._pop()
            tile = self.rules.emperor_tiles[self.emperor_tiles[fr[2]]]
            self._push(("fx", p, tile.penalty_main if info[1] == 0 else tile.penalty_alt, 0, SRC_PENALTIES))
        elif kind == "avoid":
            self._pop()
            if verb == "avoid":
                self._set(pl, "money", pl.money - 1)
            else:
                self._emperor_penalty(p, fr[2])
        elif kind == "discard":
            sid = self.rules.staff_by_slug[info[1]]
            if fr[2] > 1:
                self._replace(("discard", p, fr[2] - 1))
            else:
                self._pop()
            self._set(pl, "hand", tuple(s for s in pl.hand if s != sid))
            self._set(self, "staff_deck", self.staff_deck + (sid,))
        elif kind == "discardend":
            self._pop()
            sid = self.rules.staff_by_slug[info[1]]
            self._set(pl, "played", tuple(s for s in pl.played if s != sid))
            self._set(self, "staff_deck", self.staff_deck + (sid,))
        elif kind == "remove":
            if fr[2] > 1:
                self._replace(("remove", p, fr[2] - 1))
            else:
                self._pop()
            self._remove_room(pl, info[1])
        elif kind == "removeocc":
            r = info[1]
            floor = self.rules.room_floor[r]
            self._remove_room(pl, r)
            if self.original:
                self._pop()
                below = [x for x in self.rules.rooms_by_column[self.rules.room_column[r]]
                         if self.rules.room_floor[x] < floor and pl.rooms[x] == 2]
                if below:
                    self._remove_room(pl, max(below, key=lambda x: self.rules.room_floor[x]))
            elif fr[2] > 1:
                self._replace(("removeocc", p, fr[2] - 1, floor))
            else:
                self._pop()
        elif kind == "bonuskind":
            self._pop()
            self._grant_bonus(p, info[1], fr[2])
        elif kind == "draft":
            sid = self.rules.staff_by_slug[info[1]]
            self._pop()
            self._set(pl, "hand", pl.hand + (sid,))
            self._seti(self.draft_packets, p, tuple(s for s in self.draft_packets[p] if s != sid))
            self._seti(self.draft_picked, p, True)
        else:
            raise AssertionError(f"no handler for {action} in {kind}")

    def _turn_pick(self, p: int, pl: Player, info: tuple[Any, ...]) -> None:
        verb = info[0]
        if verb == "pass":
            self._pop()
            self._seti(self.passed, p, True)
            if self.S["waste-manager"] in pl.played and pl.passes == 0:
                self._gain_money(p, 1)
            self._set(pl, "passes", pl.passes + 1)
            self._set(self, "t_player", -1)
            return
        self._set(self, "t_acted", True)
        if verb == "guest":
            cost = 0 if self.S["delivery-boy"] in pl.played else self.rules.queue_costs[info[1]]
            self._set(self, "t_guest", True)
            self._take_guest(p, pl, info[1], cost)
        elif verb == "die":
            self._set(self, "t_die", True)
            keep = self.t_keep
            self._die_action(p, pl, info[1], info[2], info[3], take_die=not keep)
            if self.t_extra:
                # original rules E. Gizia: the extra turn starts after the die action
                self._start_extra_turn()
        elif verb == "serve":
            if self.S["chief-waiter"] not in pl.played:
                self._set(pl, "money", pl.money - 1)
            self._push(("serve", p, 3, 0))
        elif verb == "use":
            sid = self.rules.staff_by_slug[info[1]]
            self._set(pl, "used", pl.used + (sid,))
            self._push(("fx", p, self.rules.staff[sid].on_use, 0, SRC_STAFF))
        elif verb == "move":
            self._move_guest(p, pl, info[1], info[2])
        else:
            raise AssertionError(verb)

    def _start_extra_turn(self) -> None:
        self._set(self, "t_extra", self.t_extra - 1)
        self._set(self, "t_guest", False)
        self._set(self, "t_die", False)
        self._set(self, "t_boost", False)
        self._set(self, "t_keep", True)

    # ---------------------------------------------------------------- effects
    def _effect(self, p: int, e: dict[str, Any], src: int) -> None:
        kind = e["effect"]
        pl = self.players[p]
        if kind == "gain_items":
            self._gain_items(p, [e.get(it, 0) for it in ITEMS])
        elif kind == "gain_money":
            self._gain_money(p, e["amount"])
        elif kind == "advance_emperor":
            self._advance_emperor(p, e["steps"])
        elif kind == "gain_vp":
            self._vp(pl, e["amount"], src)
        elif kind == "draw_staff":
            self._draw_staff(pl, e["count"])
        elif kind == "gain_item_choice":
            self._push(("choice", p, e["count"]))
        elif kind == "play_staff":
            d = e["discount"]
            self._push(("play", p, FREE if d == "free" else int(d)))
        elif kind == "draw_and_play":
            cards = self.staff_deck[:e["draw"]]
            if cards:
                self._set(self, "staff_deck", self.staff_deck[len(cards):])
                d = e["discount"]
                self._push(("drawn", p, cards, FREE if d == "free" else int(d)))
        elif kind == "prepare_room":
            floors = max(e["floors"]) if e.get("floors") else 0
            self._push(("rooms", p, 1, e.get("cost", "full"), floors, bool(e.get("occupy", False))))
        elif kind == "occupy_room":
            self._push(("occupy", p, e["count"]))
        elif kind == "free_guest":
            self._push(("freeguest", p))
        elif kind == "complete_order":
            self._push(("complete", p))
        elif kind == "extra_die_action":
            self._push(("gizia", p))
        elif kind == "extra_turn":
            self._set(self, "t_extra", self.t_extra + 1)
            if self.t_die:
                self._start_extra_turn()
        elif kind == "die_action":
            self._die_main(p, pl, e["action"], e["n"], e["face"])
        elif kind == "group_bonus":
            self._group_bonus(p, e["group"])
        elif kind == "lose_money":
            self._set(pl, "money", max(0, pl.money - e["amount"]))
        elif kind == "lose_vp":
            self._vp(pl, -e["amount"], src)
        elif kind == "return_items":
            for i in range(4):
                if pl.kitchen[i]:
                    self._seti(self.supply, i, self.supply[i] + pl.kitchen[i])
                    self._seti(pl.kitchen, i, 0)
            if e["from"] == "kitchen_and_guests":
                for t in range(N.TABLES):
                    s = pl.served[t]
                    for i in range(4):
                        if s[i]:
                            self._seti(self.supply, i, self.supply[i] + s[i])
                            self._seti(s, i, 0)
        elif kind == "discard_hand":
            k = min(e["count"], len(pl.hand))
            if k:
                self._push(("discard", p, k))
        elif kind == "remove_rooms":
            k = min(e["count"], sum(1 for r in pl.rooms if r == 1))
            if k:
                self._push(("remove", p, k))
        elif kind == "remove_occupied_rooms":
            if any(r == 2 for r in pl.rooms):
                self._push(("removeocc", p, 1 if self.original else 2, 5))
        elif kind == "vp_per_staff_played":
            self._vp(pl, e["amount"] * len(pl.played), src)
        elif kind == "discard_game_end_staff":
            if any(self.rules.staff[s].timing == "game_end" for s in pl.played):
                self._push(("discardend", p))
        else:
            raise AssertionError(f"unknown effect {kind}")

    def _vp(self, pl: Player, amount: int, src: int) -> None:
        if amount:
            self._seti(pl.vp_src, src, pl.vp_src[src] + amount)

    def _gain_money(self, p: int, amount: int) -> None:
        if amount <= 0:
            return
        pl = self.players[p]
        if self.S["financier"] in pl.played:
            amount += 1
        money = min(self.rules.money_cap, pl.money + amount)
        self._set(pl, "money", money)
        if p == self.t_player and money > self.t_peak:
            self._set(self, "t_peak", money)

    def _advance_emperor(self, p: int, steps: int) -> None:
        if steps <= 0:
            return
        pl = self.players[p]
        e = pl.emperor + steps
        top = self.rules.emperor_top
        if e > top:
            # 000: beyond space 13, 1 VP for each further step
            self._vp(pl, e - top, SRC_EMPEROR)
            e = top
        self._set(pl, "emperor", e)

    def _gain_items(self, p: int, counts: list[int]) -> None:
        pl = self.players[p]
        got = [0, 0, 0, 0]
        for i in range(4):
            c = counts[i]
            if c:
                c = min(c, self.supply[i])
                if c:
                    got[i] = c
                    self._seti(self.supply, i, self.supply[i] - c)
                    self._seti(pl.kitchen, i, pl.kitchen[i] + c)
        # 000: whenever you receive dishes and drinks you may place them on orders at once
        if any(got) and self._item_moves(pl, got, first_only=True):
            self._push(("place", p, tuple(got)))

    def _serve_item(self, pl: Player, t: int, i: int, pool: Any) -> tuple[int, int]:
        """Put one item ``i`` on the guest at table ``t``; returns (item used, how many).

        With the Rowe-Smith Baker (cake <-> coffee) or Cocktail Waitress (two wine
        for any item) the guest's order is filled with the substitute: the
        substitute cubes go back to the supply and the ordered cube is taken from it.
        """
        k = pl.kitchen
        if pool[i] > 0 and k[i]:
            used, count = i, 1
        elif self.S["baker"] in pl.played and i in (1, 3) and pool[4 - i] > 0 and k[4 - i]:
            used, count = 4 - i, 1
        elif self.S["cocktail-waitress"] in pl.played and pool[2] >= 2 and k[2] >= 2:
            used, count = 2, 2
        else:
            raise IllegalAction("that item is not available")
        self._seti(k, used, k[used] - count)
        if used != i:
            if not self.supply[i]:
                raise IllegalAction(f"no {ITEMS[i]} left in the supply to substitute")
            self._seti(self.supply, used, self.supply[used] + count)
            self._seti(self.supply, i, self.supply[i] - 1)
        self._seti(pl.served[t], i, pl.served[t][i] + 1)
        return used, count

    def _draw_guest_raw(self) -> int:
        if not self.guest_deck:
            return 0
        g = self.guest_deck[0]
        self.guest_deck = self.guest_deck[1:]
        return g

    def _draw_guest(self) -> int:
        if not self.guest_deck:
            return 0
        g = self.guest_deck[0]
        self._set(self, "guest_deck", self.guest_deck[1:])
        return g

    def _take_guest(self, p: int, pl: Player, slot: int, cost: int) -> None:
        t = self._free_table(p, pl)
        g = self.queue[slot]
        if cost:
            self._set(pl, "money", pl.money - cost)
        self._seti(pl.cafe, t, g)
        q = self.queue
        # 000: slide the guests left of the taken one to the right, refill at left
        for i in range(slot, 0, -1):
            self._seti(q, i, q[i - 1])
        self._seti(q, 0, self._draw_guest())
        if not self.round_guest_taken:
            self._set(self, "round_guest_taken", True)

    def _draw_staff(self, pl: Player, count: int) -> None:
        cards = self.staff_deck[:count]
        if cards:
            self._set(self, "staff_deck", self.staff_deck[len(cards):])
            self._set(pl, "hand", pl.hand + cards)

    def _play_staff(self, p: int, sid: int, discount: int, from_hand: bool) -> None:
        pl = self.players[p]
        cost = max(0, self.staff_cost[sid] - discount)
        if cost:
            self._set(pl, "money", pl.money - cost)
        if from_hand:
            self._set(pl, "hand", tuple(s for s in pl.hand if s != sid))
        self._set(pl, "played", pl.played + (sid,))
        staff = self.rules.staff[sid]
        if staff.on_play:
            self._push(("fx", p, staff.on_play, 0, SRC_STAFF))

    def _prepare_room(self, p: int, pl: Player, r: int, mode: str, occupy: bool) -> None:
        rules = self.rules
        cost = self._room_cost(pl, r, mode)
        if cost:
            self._set(pl, "money", pl.money - cost)
        colour = rules.room_colour[r]
        self._seti(self.room_supply, colour, self.room_supply[colour] - 1)
        self._seti(pl.rooms, r, 1)
        self._vp(pl, rules.room_vp[r], SRC_ROOMS)
        if occupy:
            self._occupy(p, r)

    def _remove_room(self, pl: Player, r: int) -> None:
        colour = self.rules.room_colour[r]
        self._seti(self.room_supply, colour, self.room_supply[colour] + 1)
        self._seti(pl.rooms, r, 0)

    def _occupy(self, p: int, r: int) -> None:
        pl = self.players[p]
        self._seti(pl.rooms, r, 2)
        g = self.rules.room_group[r]
        if all(pl.rooms[x] == 2 for x in self.rules.groups[g]):
            self._group_bonus(p, g)

    def _group_bonus(self, p: int, g: int) -> None:
        """000/003 Occupancy bonus: by size and colour of the group just completed."""
        if self.S["events-coordinator"] in self.players[p].played:
            self._push(("bonuskind", p, g))
            return
        kind = self.rules.bonus_kind[self.rules.group_colour[g]]
        self._grant_bonus(p, kind, g)

    def _grant_bonus(self, p: int, kind: str, g: int) -> None:
        rules = self.rules
        colour = rules.group_colour[g]
        if self.S["events-coordinator"] in self.players[p].played:
            # the amount follows the chosen kind's own row of the table
            colour = rules.bonus_kind.index(kind)
        amount = rules.bonus_by_size[colour][len(rules.groups[g])]
        if kind == "vp":
            self._vp(self.players[p], amount, SRC_BONUSES)
        elif kind == "money":
            self._gain_money(p, amount)
        else:
            self._advance_emperor(p, amount)

    def _move_guest(self, p: int, pl: Player, t: int, r: int) -> None:
        """000/003: move a completed guest to a room; reward, staff, then group bonus."""
        rules = self.rules
        g = pl.cafe[t]
        guest = rules.guests[g]
        self._seti(pl.cafe, t, 0)
        served = pl.served[t]
        for i in range(4):
            if served[i]:
                self._seti(self.supply, i, self.supply[i] + served[i])
                self._seti(served, i, 0)
        self._set(self, "guest_discard", self.guest_discard + (g,))
        self._seti(pl.rooms, r, 2)
        self._vp(pl, guest.vp, SRC_GUESTS)
        self._set(pl, "guest_vp", pl.guest_vp + guest.vp)
        effects: list[dict[str, Any]] = list(guest.reward)
        staff_fx: list[dict[str, Any]] = []
        colour_name = ("yellow", "blue", "red", "green")[guest.colour]
        for s in pl.played:
            ab = rules.staff[s].ability
            if ab and ab.get("kind") == "on_guest_moved":
                if ab["colour"] in ("any", colour_name) and guest.order_size >= ab.get("order_size", 0):
                    staff_fx.extend(ab["effects"])
        group = rules.room_group[r]
        tail: list[dict[str, Any]] = []
        if all(pl.rooms[x] == 2 for x in rules.groups[group]):
            tail.append({"effect": "group_bonus", "group": group})
        # Yucata order: the guest's reward, staff benefits, the occupancy bonus
        if tail:
            self._push(("fx", p, tuple(tail), 0, SRC_BONUSES))
        if staff_fx:
            self._push(("fx", p, tuple(staff_fx), 0, SRC_STAFF))
        if effects:
            self._push(("fx", p, tuple(effects), 0, SRC_GUESTS))

    def _die_action(self, p: int, pl: Player, face: int, action: int, boost: bool, take_die: bool) -> None:
        """000/003 'Take a die and carry out the action' (or E. Gizia's die-less action)."""
        n = self.dice[face]
        rules = self.rules
        if face == 6:
            if self.S["kitchen-hand"] in pl.played:
                n += 1  # 003 Kitchen Hand: free, and one die more
            else:
                self._set(pl, "money", pl.money - 1)
        if boost:
            self._set(pl, "money", pl.money - 1)
            self._set(self, "t_boost", True)
            n += 1
        triggered: list[dict[str, Any]] = []
        if take_die:
            self._seti(self.dice, face, self.dice[face] - 1)
            self._set(self, "on_tiles", self.on_tiles + 1)
            for s in pl.played:
                ab = rules.staff[s].ability
                if ab and face in ab.get("faces", ()):
                    k = ab["kind"]
                    if k == "die_bonus":
                        n += ab["extra"]
                    elif k in ("on_die", "after_die"):
                        triggered.extend(ab["effects"])
        if triggered:
            self._push(("fx", p, tuple(triggered), 0, SRC_STAFF))
        self._push(("fx", p, ({"effect": "die_action", "action": action, "n": n,
                              "face": face if take_die else 0},), 0, SRC_GUESTS))

    def _die_main(self, p: int, pl: Player, action: int, n: int, face: int) -> None:
        if n <= 0:
            return
        if action == 1:
            self._push(("food", p, 0, n))
        elif action == 2:
            self._push(("food", p, 2, n))
        elif action == 3:
            self._push(("rooms", p, n, "full", 0, False))
        elif action == 4:
            if face == 4 and self.S["bootblack"] in pl.played:
                self._advance_emperor(p, n)
                self._gain_money(p, n)
            else:
                self._push(("empmoney", p, n))
        else:
            self._push(("play", p, n))

    # ---------------------------------------------------------- emperor, end
    def _emperor_scoring(self, p: int) -> None:
        """000/003 Emperor scoring for one player (in the round's turn order)."""
        rules = self.rules
        pl = self.players[p]
        k = rules.scoring_rounds.index(self.round)
        self._vp(pl, rules.emperor_vp[pl.emperor], SRC_EMPEROR)
        e = max(0, pl.emperor - rules.emperor_setback[k])
        self._set(pl, "emperor", e)
        tile = rules.emperor_tiles[self.emperor_tiles[k]]
        if e >= rules.emperor_bonus_from:
            if self.S["gardener"] in pl.played:
                self._push(("fx", p, ({"effect": "gain_vp", "amount": 5},), 0, SRC_STAFF))
            self._push(("fx", p, tile.bonus, 0, SRC_EMPEROR))
        elif e == 0:
            cm = self.S["conference-manager"]
            if cm in pl.played:
                price = rules.staff[cm].ability.get("price", 0)
                if price == 0:
                    return
                if pl.money >= price:
                    self._push(("avoid", p, k))
                    return
            self._emperor_penalty(p, k)

    def _emperor_penalty(self, p: int, k: int) -> None:
        tile = self.rules.emperor_tiles[self.emperor_tiles[k]]
        if not tile.penalty_alt:
            self._push(("fx", p, tile.penalty_main, 0, SRC_PENALTIES))
            return
        possible = self._fully_possible(self.players[p], tile.penalty_main)
        if self.original and possible:
            self._push(("penalty", p, k))
        else:
            # 2021: the lose-VP alternative only if the main penalty cannot be carried out fully
            self._push(("fx", p, tile.penalty_main if possible else tile.penalty_alt, 0, SRC_PENALTIES))

    def _fully_possible(self, pl: Player, effects: tuple[dict[str, Any], ...]) -> bool:
        for e in effects:
            kind = e["effect"]
            if kind == "lose_money" and pl.money < e["amount"]:
                return False
            if kind == "discard_hand" and len(pl.hand) < e["count"]:
                return False
            if kind == "remove_rooms" and sum(1 for r in pl.rooms if r == 1) < e["count"]:
                return False
            if kind == "discard_game_end_staff" and not any(
                    self.rules.staff[s].timing == "game_end" for s in pl.played):
                return False
        return True

    def _claim_objectives(self, p: int) -> None:
        """003: politics cards are claimed automatically at the end of the turn."""
        pl = self.players[p]
        for k, oid in enumerate(self.objectives):
            m = self.markers[k]
            if p in m or len(m) >= len(self.rules.marker_vp):
                continue
            if self.meets(p, self.rules.objectives[oid].requirement):
                self._vp(pl, self.rules.marker_vp[len(m)], SRC_OBJECTIVES)
                self._seti(self.markers, k, m + (p,))

    def meets(self, p: int, req: dict[str, Any]) -> bool:
        pl = self.players[p]
        kind = req["kind"]
        if kind == "money":
            peak = self.t_peak if p == self.t_player else pl.money
            return max(peak, pl.money) >= req["at_least"]
        if kind == "emperor":
            return pl.emperor >= req["at_least"]
        if kind == "staff_played":
            return len(pl.played) >= req["at_least"]
        if kind == "rooms":
            return sum(1 for r in pl.rooms if r) >= req["at_least"]
        if kind == "full_floors":
            return self.full_floors(pl) >= req["at_least"]
        if kind == "full_columns":
            return self.full_columns(pl) >= req["at_least"]
        if kind == "full_groups":
            return self.full_groups(pl) >= req["at_least"]
        if kind == "full_colour":
            return any(all(pl.rooms[r] == 2 for r in rs) for rs in self.rules.rooms_by_colour)
        if kind == "occupied_colours":
            occ = self.occupied_by_colour(pl)
            names = ("yellow", "blue", "red")
            return all(occ[names.index(c)] >= v for c, v in req["need"].items())
        if kind == "guest_vp":
            return pl.guest_vp >= req["at_least"]
        if kind == "floor_and_column":
            return self.full_floors(pl) >= 1 and self.full_columns(pl) >= 1
        if kind == "two_colours":
            return sum(1 for c in self.occupied_by_colour(pl) if c >= req["at_least"]) >= 2
        raise AssertionError(f"unknown requirement {kind}")

    def occupied_by_colour(self, pl: Player) -> list[int]:
        occ = [0, 0, 0]
        colour = self.rules.room_colour
        for r in range(20):
            if pl.rooms[r] == 2:
                occ[colour[r]] += 1
        return occ

    def full_floors(self, pl: Player) -> int:
        return sum(1 for f in range(1, 5) if all(pl.rooms[r] == 2 for r in self.rules.rooms_by_floor[f]))

    def full_columns(self, pl: Player) -> int:
        return sum(1 for c in range(5) if all(pl.rooms[r] == 2 for r in self.rules.rooms_by_column[c]))

    def full_groups(self, pl: Player) -> int:
        return sum(1 for g in self.rules.groups if all(pl.rooms[r] == 2 for r in g))

    def staff_end_vp(self, p: int, sid: int) -> int:
        """VP a game-end staff card is worth to seat ``p`` now."""
        pl = self.players[p]
        sc = self.rules.staff[sid].scoring
        kind = sc["kind"]
        if kind == "per_occupied_room":
            if sc["colour"] == "any":
                return sc["vp"] * sum(1 for r in pl.rooms if r == 2)
            return sc["vp"] * self.occupied_by_colour(pl)[("yellow", "blue", "red").index(sc["colour"])]
        if kind == "per_staff_played":
            return sc["vp"] * len(pl.played)
        if kind == "per_room":
            return sc["vp"] * sum(1 for r in pl.rooms if r)
        if kind == "per_full_group":
            return sc["vp"] * self.full_groups(pl)
        if kind == "per_full_floor":
            return sc["vp"] * self.full_floors(pl)
        if kind == "per_full_column":
            return sc["vp"] * self.full_columns(pl)
        if kind == "per_colour_set":
            return sc["vp"] * min(self.occupied_by_colour(pl))
        if kind == "per_politics_card":
            return sc["vp"] * sum(1 for m in self.markers if p in m)
        if kind == "emperor_track":
            # 2 x the space number: 000 "at most 12 VP ... at most on space 6"
            v = sc["factor"] * pl.emperor
            return min(v, sc["cap"]) if "cap" in sc else v
        if kind == "kitchen_pairs":
            a, b = (ITEMS.index(x) for x in sc["items"])
            return sc["vp"] * min(pl.kitchen[a], pl.kitchen[b])
        if kind == "copy_opponent_game_end":
            best = 0
            for q in range(self.num_players):
                if q == p:
                    continue
                for s in self.players[q].played:
                    st = self.rules.staff[s]
                    if st.timing == "game_end" and st.scoring["kind"] != "copy_opponent_game_end":
                        best = max(best, self.staff_end_vp(p, s))
            return best
        raise AssertionError(f"unknown scoring {kind}")

    def _final_scoring(self) -> None:
        """000/003 Final scoring."""
        rules = self.rules
        for p, pl in enumerate(self.players):
            for s in pl.played:
                if rules.staff[s].timing == "game_end":
                    self._vp(pl, self.staff_end_vp(p, s), SRC_STAFF)
            self._vp(pl, sum(rules.final_room_vp[rules.room_floor[r]] for r in range(20) if pl.rooms[r] == 2),
                     SRC_ROOMS)
            self._vp(pl, pl.money + sum(pl.kitchen), SRC_LEFTOVERS)
            if self.S["maitre-d"] not in pl.played:
                self._vp(pl, -5 * sum(1 for g in pl.cafe if g), SRC_CAFE)

    # ---------------------------------------------------------------- results
    def scores(self) -> list[int]:
        return [pl.vp for pl in self.players]

    def score_breakdown(self) -> list[dict[str, int]]:
        return [dict(zip(VP_SOURCES, pl.vp_src)) for pl in self.players]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        # 000: most VP; tie -> more dishes, drinks and krones left
        key = [(pl.vp, pl.money + sum(pl.kitchen)) for pl in self.players]
        best = max(key)
        return [p for p in range(self.num_players) if key[p] == best]

    # ------------------------------------------------------------------ misc
    def hidden_fingerprint(self) -> Any:
        return (self.rng.state, len(self.guest_deck), len(self.staff_deck),
                tuple(len(p) for p in self.draft_packets))

    def projected_scores(self) -> list[int]:
        """003 'projected game end score': current points, points scored at game end, and
        points for the emperor track position in the emperor scorings still to come
        (not future emperor tile bonuses or penalties)."""
        if self.phase == "over":
            return self.scores()
        rules = self.rules
        out = []
        for p, pl in enumerate(self.players):
            total = pl.vp
            for s in pl.played:
                if rules.staff[s].timing == "game_end":
                    total += self.staff_end_vp(p, s)
            total += sum(rules.final_room_vp[rules.room_floor[r]] for r in range(20) if pl.rooms[r] == 2)
            total += pl.money + sum(pl.kitchen)
            if self.S["maitre-d"] not in pl.played:
                total -= 5 * sum(1 for g in pl.cafe if g)
            e = pl.emperor
            for k, sr in enumerate(rules.scoring_rounds):
                done_now = self.phase == "emperor" and sr == self.round and \
                    self._turn_order().index(p) < self.emperor_i
                if sr < self.round or done_now:
                    continue
                total += rules.emperor_vp[e]
                e = max(0, e - rules.emperor_setback[k])
            out.append(total)
        return out

    def summary(self) -> list[dict[str, Any]]:
        """Per seat: staff played (slugs), rooms prepared/occupied, guests moved in, café guests."""
        staff = self.rules.staff
        out = []
        for pl in self.players:
            out.append({
                "staff_played": [staff[s].slug for s in pl.played],
                "rooms_occupied": sum(1 for r in pl.rooms if r == 2),
                "rooms_prepared": sum(1 for r in pl.rooms if r == 1),
                "guest_vp": pl.guest_vp,
                "cafe_guests": sum(1 for g in pl.cafe if g),
                "money": pl.money,
                "emperor": pl.emperor,
            })
        return out

    def clone(self) -> GahState:
        c = GahState.__new__(GahState)
        d = self.__dict__.copy()
        c.__dict__.update(d)
        c._init_journal()
        c.history = list(self.history)
        c.rng = Rng(self.rng.state)
        c.players = [pl.copy() for pl in self.players]
        for name in ("queue", "dice", "supply", "room_supply", "markers", "tiles", "covered", "passed",
                     "draft_packets", "draft_picked"):
            setattr(c, name, list(getattr(self, name)))
        c._legal_cache = None
        return c

    def prompt(self) -> str:
        from tabletop.games.grand_austria_hotel.text import prompt

        return prompt(self)

    def describe(self, action: str) -> str:
        from tabletop.games.grand_austria_hotel.text import describe

        return describe(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from tabletop.games.grand_austria_hotel.position import view

        return view(self, seat)

    def to_position(self) -> dict[str, Any]:
        from tabletop.games.grand_austria_hotel.position import to_position

        return to_position(self)


__all__ = ["GahState", "Player", "VP_SOURCES", "FREE", "PHASES", "BLUE", "RED", "YELLOW", "GREEN",
           "ITEM_LETTERS", "Staff"]
