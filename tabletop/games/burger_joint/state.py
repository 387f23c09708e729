"""Burger Joint (Joseph Huber, Rio Grande Games 2009) -- the rules engine.

Seats: 0 = Burger (starts), 1 = Pizza. Colours: white, black, yellow, green,
brown, red. Bistros are named after their ability: ``redraw`` (any number of
cubes into the bag, draw as many), ``two-for-one`` (two cubes in, one of a
chosen colour out), ``draw`` (one random cube), ``one-for-one`` (one cube in,
one of a chosen colour out), ``choose`` (one cube of a chosen colour) and
``prestige`` (the bistro worth 3 VP, no ability).

Action notation (every string below is in :func:`action_vocabulary`):

=====================  =======================================================
``cube <c>``           chance outcome: a cube of colour c comes out of the bag
``take <c>``           production: take a cube of colour c from the allocation
                       board (which area follows from the colour)
``trade <g> <t>``      3-for-1 trade: three g cubes into the bag, one t out
``use <bistro>``       start the bistro's special ability (once per turn)
``return <c>``         ability: put one of your c cubes into the bag
``get <c>``            ability: take a c cube of your choice out of the bag
``build publicity``    buy publicity
``build basic``        build a basic restaurant
``build diner <c>``    upgrade a basic restaurant to the c specialty diner
``build bistro <b>``   buy upscale bistro b (then ``upgrade <c>``)
``upgrade <c>``        the diner of colour c becomes the new bistro
``steal <c>``          publicity: steal a c cube from the other player
``advance``            publicity (2nd+ in a turn): move the marker down instead
``pay <c>``            pay one cube of colour c for an "any colour" cost part
``discard <c>``        discard one c cube (down to seven)
``done``               stop: end the redraw returns, decline the steal of a
                       first publicity, or end trading and building
=====================  =======================================================

A decision with exactly one legal action is resolved automatically (it is not
recorded in ``history``): production picks, discards and pending sub-decisions
(never the ``done`` that ends a turn's trading and building). Chance nodes (``current_player == CHANCE``) are the
production draws and the random draws of the ``draw`` and ``redraw``
abilities; ``sample_chance()`` peeks the state's RNG and applying any chance
outcome advances the RNG by one draw (journalled), so a replay of the same
actions from the same seed gives the same position.

SAFETY RULE (not in the rulebook): the rules let both players pass forever, so
the game also ends after ``turn_limit`` turns (config, default 200) as a draw
(both seats are winners). With the rules alone it ends when the active player
scores 12 VP.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.errors import IllegalAction, InvalidPosition
from tabletop.core.rng import Rng
from tabletop.core.state import CHANCE, TERMINAL, GameState
from tabletop.games.burger_joint.data import (
    ABILITY_BISTROS,
    BISTROS,
    COLOURS,
    PRESTIGE,
    SEATS,
    Cost,
    GameData,
)

NC = len(COLOURS)
NB = len(BISTROS)
DEFAULT_TURN_LIMIT = 200
CONFIG_KEYS = ("data_override", "turn_limit")
PHASES = ("production", "trade", "build", "discard", "over")
# pending decision kinds; those with a count: (kind, count)
FRAME_KINDS = ("get", "return", "redraw", "draw", "steal", "steal_or_advance", "upgrade", "pay")
COUNTED = ("return", "redraw", "draw", "pay")

# -- the action vocabulary -------------------------------------------------------
CUBE = tuple(f"cube {c}" for c in COLOURS)
TAKE = tuple(f"take {c}" for c in COLOURS)
TRADE = tuple(tuple(f"trade {g} {t}" for t in COLOURS) for g in COLOURS)
USE = tuple(f"use {b}" for b in BISTROS)
RETURN = tuple(f"return {c}" for c in COLOURS)
GET = tuple(f"get {c}" for c in COLOURS)
DONE = "done"
BUILD_PUBLICITY = "build publicity"
BUILD_BASIC = "build basic"
BUILD_DINER = tuple(f"build diner {c}" for c in COLOURS)
BUILD_BISTRO = tuple(f"build bistro {b}" for b in BISTROS)
STEAL = tuple(f"steal {c}" for c in COLOURS)
ADVANCE = "advance"
UPGRADE = tuple(f"upgrade {c}" for c in COLOURS)
PAY = tuple(f"pay {c}" for c in COLOURS)
DISCARD = tuple(f"discard {c}" for c in COLOURS)


def action_vocabulary(players: int = 2) -> list[str]:
    """Every action string the game can produce, in a fixed order."""
    if players != 2:
        raise InvalidPosition(f"Burger Joint is a game for exactly 2 players, not {players}")
    out: list[str] = list(CUBE) + list(TAKE)
    out += [TRADE[g][t] for g in range(NC) for t in range(NC) if g != t]
    out += [USE[b] for b in range(len(ABILITY_BISTROS))]
    out += list(RETURN) + list(GET) + [DONE, BUILD_PUBLICITY, BUILD_BASIC]
    out += list(BUILD_DINER) + list(BUILD_BISTRO) + list(STEAL) + [ADVANCE]
    out += list(UPGRADE) + list(PAY) + list(DISCARD)
    return out


def _parse_table() -> dict[str, tuple[str, int, int]]:
    table: dict[str, tuple[str, int, int]] = {}
    for a in action_vocabulary(2):
        words = a.split()
        verb = words[0]
        if verb == "build":
            kind = words[1]
            if kind == "diner":
                table[a] = ("diner", COLOURS.index(words[2]), 0)
            elif kind == "bistro":
                table[a] = ("bistro", BISTROS.index(words[2]), 0)
            else:
                table[a] = (kind, 0, 0)
        elif verb == "trade":
            table[a] = ("trade", COLOURS.index(words[1]), COLOURS.index(words[2]))
        elif verb == "use":
            table[a] = ("use", BISTROS.index(words[1]), 0)
        elif len(words) == 2:
            table[a] = (verb, COLOURS.index(words[1]), 0)
        else:
            table[a] = (verb, 0, 0)
    return table


PARSED = _parse_table()


def _bits(mask: int) -> list[int]:
    return [i for i in range(8) if mask >> i & 1]


def _empty() -> list[int]:
    return [0] * NC


class BurgerJointState(GameState):
    """A Burger Joint game in progress (see the module docstring)."""

    game_name = "burger-joint"

    def _init_journal(self) -> None:
        GameState._init_journal(self)
        self.num_players = 2  # an instance field (core/state.pxd), not a class constant

    data: GameData
    config: dict[str, Any]
    turn_limit: int
    turn: int
    active: int
    phase: str
    bag: list[int]
    general: list[int]
    reserved: list[list[int]]   # allocation area of each seat (production)
    new: list[list[int]]        # new-cube part of each storage (production)
    store: list[list[int]]      # main storage of each seat
    publicity: list[int]        # marker space, 0 = not yet on the board
    basics: list[int]
    diners: list[int]           # bit mask over COLOURS
    bistros: list[int]          # bit mask over BISTROS
    track: list[int]            # scoring marker
    used: int                   # bistro abilities used this turn (bit mask)
    pub_bought: int             # publicity bought this turn
    pending: tuple[tuple[Any, ...], ...]
    result: tuple[int, ...]     # winners once the game is over
    reason: str                 # "" / "win" / "turn_limit"

    # -- construction ----------------------------------------------------------
    @classmethod
    def setup(cls, data: GameData, config: dict[str, Any], seed: int) -> BurgerJointState:
        s = cls.__new__(cls)
        s._init_journal()
        s.data = data
        s.config = config
        s.turn_limit = config["turn_limit"]
        s.rng = Rng(seed)
        s.turn = 1
        s.active = 0
        s.phase = "production"
        s.bag = list(data.cubes)
        s.general = _empty()
        s.reserved = [_empty(), _empty()]
        s.new = [_empty(), _empty()]
        s.store = [_empty(), _empty()]
        s.publicity = [0, 0]
        s.basics = [b.start_basic for b in data.boards]
        s.diners = [sum(1 << c for c in b.start_diners) for b in data.boards]
        s.bistros = [0, 0]
        s.track = [data.start_score, data.start_score]
        s.used = 0
        s.pub_bought = 0
        s.pending = ()
        s.result = ()
        s.reason = ""
        if s._need() == 0:
            s._end_production()
        return s

    def clone(self) -> BurgerJointState:
        s = self.__class__.__new__(self.__class__)
        s._init_journal()
        s.data = self.data
        s.config = self.config
        s.turn_limit = self.turn_limit
        s.rng = Rng(0)
        s.rng.state = self.rng.state
        s.turn, s.active, s.phase = self.turn, self.active, self.phase
        s.bag = self.bag[:]
        s.general = self.general[:]
        s.reserved = [self.reserved[0][:], self.reserved[1][:]]
        s.new = [self.new[0][:], self.new[1][:]]
        s.store = [self.store[0][:], self.store[1][:]]
        s.publicity = self.publicity[:]
        s.basics = self.basics[:]
        s.diners = self.diners[:]
        s.bistros = self.bistros[:]
        s.track = self.track[:]
        s.used, s.pub_bought = self.used, self.pub_bought
        s.pending, s.result, s.reason = self.pending, self.result, self.reason
        s._legal_cache = self._legal_cache  # the same position: the same legal actions (never mutated)
        return s

    # -- derived quantities ----------------------------------------------------
    def capacity(self, seat: int) -> int:
        """Production capacity: one per diner and bistro, at most the limit (4)."""
        n = bin(self.diners[seat]).count("1") + bin(self.bistros[seat]).count("1")
        return min(self.data.production_limit, n)

    def _need(self) -> int:
        return self.capacity(0) + self.capacity(1)

    def _on_table(self) -> int:
        return sum(self.general) + sum(self.reserved[0]) + sum(self.reserved[1])

    def _drawn(self) -> int:
        return self._on_table() + sum(self.new[0]) + sum(self.new[1])

    def tokens_used(self, seat: int) -> int:
        return (self.basics[seat] + bin(self.diners[seat]).count("1")
                + bin(self.bistros[seat]).count("1"))

    def reserved_for(self, colour: int) -> int | None:
        """The seat whose area gets cubes of ``colour`` (None: the general area)."""
        a = self.diners[0] >> colour & 1
        b = self.diners[1] >> colour & 1
        if a == b:
            return None
        return 0 if a else 1

    def picker(self) -> int:
        """Who picks next in production (all cubes drawn, picks not finished)."""
        a = self.active
        o = 1 - a
        ta, to = sum(self.new[a]), sum(self.new[o])
        ca, co = self.capacity(a), self.capacity(o)
        if ta == 0 and ca > 0:
            return a
        if to == 0 and co > 0:
            return o
        need_a, need_o = ta < ca, to < co
        if need_a and need_o:
            return a if ta <= to else o
        return a if need_a else o

    def discarder(self) -> int:
        limit = self.data.storage_limit
        a = self.active
        if sum(self.store[a]) > limit:
            return a
        return 1 - a

    def vp_parts(self, seat: int) -> dict[str, int]:
        board = self.data.boards[seat]
        pub = self.publicity[seat]
        return {
            "publicity": board.publicity_vp[pub - 1] if pub else 0,
            "basic restaurants": sum(board.basic_vp[: self.basics[seat]]),
            "specialty diners": sum(board.diner_vp[c] for c in _bits(self.diners[seat])),
            "upscale bistros": sum(board.bistro_vp[b] for b in _bits(self.bistros[seat])),
        }

    def vp(self, seat: int) -> int:
        return sum(self.vp_parts(seat).values())

    def _can_pay(self, seat: int, cost: Cost) -> bool:
        st = self.store[seat]
        for c in range(NC):
            if st[c] < cost.counts[c]:
                return False
        return sum(st) - sum(cost.counts) >= cost.any

    # -- the contract ----------------------------------------------------------
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == "production":
            if self._drawn() < self._need():
                return CHANCE
            return self.picker()
        if phase == "trade" or phase == "build":
            if self.pending and self.pending[-1][0] == "draw":
                return CHANCE
            return self.active
        if phase == "discard":
            return self.discarder()
        return TERMINAL

    def _legal(self) -> list[str]:
        phase = self.phase
        if phase == "over":
            return []
        player = self.current_player
        if player == CHANCE:
            bag = self.bag
            return [CUBE[c] for c in range(NC) if bag[c]]
        if phase == "production":
            return self._legal_take(player)
        if phase == "discard":
            st = self.store[player]
            return [DISCARD[c] for c in range(NC) if st[c]]
        if self.pending:
            return self._legal_frame(self.pending[-1])
        return self._legal_turn()

    def _legal_take(self, seat: int) -> list[str]:
        gen = self.general
        if sum(self.new[seat]) == 0:   # first pick: general area or own area
            own = self.reserved[seat]
            out = [TAKE[c] for c in range(NC) if gen[c] or own[c]]
            if out:
                return out
            other = self.reserved[1 - seat]   # Exception: any available cube
            return [TAKE[c] for c in range(NC) if other[c]]
        return [TAKE[c] for c in range(NC) if gen[c]]

    def _legal_frame(self, frame: tuple[Any, ...]) -> list[str]:
        kind = frame[0]
        a = self.active
        st = self.store[a]
        if kind == "get":
            return [GET[c] for c in range(NC) if self.bag[c]]
        if kind == "return":
            return [RETURN[c] for c in range(NC) if st[c]]
        if kind == "redraw":
            out = [RETURN[c] for c in range(NC) if st[c]]
            if frame[1] > 0:
                out.append(DONE)
            return out
        if kind == "pay":
            return [PAY[c] for c in range(NC) if st[c]]
        if kind == "upgrade":
            return [UPGRADE[c] for c in _bits(self.diners[a])]
        opp = self.store[1 - a]
        steals = [STEAL[c] for c in range(NC) if opp[c]]
        if kind == "steal":
            return steals + [DONE]
        return steals + [ADVANCE]   # steal_or_advance

    def _legal_turn(self) -> list[str]:
        a = self.active
        st = self.store[a]
        out: list[str] = []
        if self.phase == "trade":
            bag = self.bag
            for g in range(NC):
                if st[g] >= 3:
                    row = TRADE[g]
                    out += [row[t] for t in range(NC) if t != g and bag[t]]
            total = sum(st)
            owned = self.bistros[a] & ~self.used
            for b in _bits(owned):
                if b == PRESTIGE:
                    continue
                name = BISTROS[b]
                if name == "redraw" or name == "one-for-one":
                    ok = total >= 1
                elif name == "two-for-one":
                    ok = total >= 2
                else:   # draw, choose
                    ok = sum(bag) >= 1
                if ok:
                    out.append(USE[b])
        board = self.data.boards[a]
        if self.publicity[a] < len(board.publicity_vp) and self._can_pay(a, board.publicity_cost):
            out.append(BUILD_PUBLICITY)
        if (self.basics[a] < len(board.basic_vp) and self.tokens_used(a) < self.data.tokens_per_player
                and self._can_pay(a, board.basic_cost)):
            out.append(BUILD_BASIC)
        if self.basics[a]:
            dn = self.diners[a]
            for c in range(NC):
                if not dn >> c & 1 and self._can_pay(a, board.diner_cost[c]):
                    out.append(BUILD_DINER[c])
        if self.diners[a]:
            bn = self.bistros[a]
            for b in range(NB):
                if not bn >> b & 1 and self._can_pay(a, board.bistro_cost[b]):
                    out.append(BUILD_BISTRO[b])
        out.append(DONE)
        return out

    # -- applying ----------------------------------------------------------------
    def _apply(self, action: str) -> None:
        self._step(action)
        # Forced decisions (exactly one legal action) resolve themselves: production
        # picks, discards and pending sub-decisions -- not the end of a turn.
        while self.phase != "over" and self.current_player >= 0:
            if self.phase in ("trade", "build") and not self.pending:
                break
            legal = self._legal()
            if len(legal) != 1:
                break
            self._step(legal[0])

    def _step(self, action: str) -> None:
        verb, x, y = PARSED[action]
        handler = getattr(self, "_do_" + verb.replace("-", "_"))
        handler(x, y)

    def _add(self, lst: list[int], c: int, n: int) -> None:
        self._seti(lst, c, lst[c] + n)

    def _push(self, *frames: tuple[Any, ...]) -> None:
        self._set(self, "pending", self.pending + frames)

    def _replace_top(self, frame: tuple[Any, ...] | None) -> None:
        rest = self.pending[:-1]
        self._set(self, "pending", rest + (frame,) if frame is not None else rest)

    def _to_bag(self, seat: int, c: int, n: int = 1) -> None:
        self._add(self.store[seat], c, -n)
        self._add(self.bag, c, n)

    def _from_bag(self, seat: int, c: int) -> None:
        self._add(self.bag, c, -1)
        self._add(self.store[seat], c, 1)

    # chance ------------------------------------------------------------------
    def _do_cube(self, c: int, _: int) -> None:
        self._set(self.rng, "state", self.rng.state)  # journals the generator before a draw
        self.rng.next64()
        if self.phase == "production":
            self._add(self.bag, c, -1)
            owner = self.reserved_for(c)
            self._add(self.general if owner is None else self.reserved[owner], c, 1)
            return
        self._from_bag(self.active, c)
        left = self.pending[-1][1] - 1
        self._replace_top(("draw", left) if left else None)

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.current_player != CHANCE:
            raise IllegalAction("not a chance node: " + self.prompt())
        total = sum(self.bag)
        return [(CUBE[c], n / total) for c, n in enumerate(self.bag) if n]

    def sample_chance(self) -> str:
        """The outcome the state's RNG gives (peeked; ``apply`` advances the RNG)."""
        if self.current_player != CHANCE:
            raise IllegalAction("not a chance node: " + self.prompt())
        peek = Rng(0)
        peek.state = self.rng.state
        k = peek.below(sum(self.bag))
        for c, n in enumerate(self.bag):
            if k < n:
                return CUBE[c]
            k -= n
        raise AssertionError("unreachable: empty bag at a chance node")

    # production ------------------------------------------------------------------
    def _do_take(self, c: int, _: int) -> None:
        seat = self.picker()
        first = sum(self.new[seat]) == 0
        if self.general[c]:
            src = self.general
        elif first and self.reserved[seat][c]:
            src = self.reserved[seat]
        else:
            src = self.reserved[1 - seat]
        self._add(src, c, -1)
        self._add(self.new[seat], c, 1)
        a, o = self.active, 1 - self.active
        firsts_done = ((sum(self.new[a]) > 0 or self.capacity(a) == 0)
                       and (sum(self.new[o]) > 0 or self.capacity(o) == 0))
        if firsts_done:
            for s in (0, 1):   # the remaining cubes move to the general area
                area = self.reserved[s]
                for col in range(NC):
                    if area[col]:
                        self._add(self.general, col, area[col])
                        self._seti(area, col, 0)
        if (sum(self.new[a]) == self.capacity(a) and sum(self.new[o]) == self.capacity(o)):
            self._end_production()

    def _end_production(self) -> None:
        for s in (0, 1):
            nw = self.new[s]
            for col in range(NC):
                if nw[col]:
                    self._add(self.store[s], col, nw[col])
                    self._seti(nw, col, 0)
        self._set(self, "phase", "trade")

    # trading & special abilities ----------------------------------------------------
    def _do_trade(self, g: int, t: int) -> None:
        self._to_bag(self.active, g, 3)
        self._from_bag(self.active, t)

    def _do_use(self, b: int, _: int) -> None:
        self._set(self, "used", self.used | 1 << b)
        name = BISTROS[b]
        if name == "redraw":
            self._push(("redraw", 0))
        elif name == "two-for-one":
            self._push(("get",), ("return", 2))
        elif name == "draw":
            self._push(("draw", 1))
        elif name == "one-for-one":
            self._push(("get",), ("return", 1))
        else:   # choose
            self._push(("get",))

    def _do_return(self, c: int, _: int) -> None:
        self._to_bag(self.active, c)
        kind, n = self.pending[-1]
        if kind == "redraw":
            self._replace_top(("redraw", n + 1))
        else:
            self._replace_top(("return", n - 1) if n > 1 else None)

    def _do_get(self, c: int, _: int) -> None:
        self._from_bag(self.active, c)
        self._replace_top(None)

    def _do_done(self, _: int, __: int) -> None:
        if self.pending:
            top = self.pending[-1]
            if top[0] == "redraw":   # all returns made: draw as many
                self._replace_top(("draw", top[1]))
            else:                    # decline the steal of a first publicity
                self._replace_top(None)
            return
        self._score()

    # building ------------------------------------------------------------------------
    def _pay(self, cost: Cost) -> None:
        a = self.active
        for c in range(NC):
            if cost.counts[c]:
                self._to_bag(a, c, cost.counts[c])
        if self.phase == "trade":
            self._set(self, "phase", "build")

    def _pay_any(self, cost: Cost) -> None:
        if cost.any:
            self._push(("pay", cost.any))

    def _do_publicity(self, _: int, __: int) -> None:
        a = self.active
        cost = self.data.boards[a].publicity_cost
        self._pay(cost)
        first = self.pub_bought == 0
        self._set(self, "pub_bought", self.pub_bought + 1)
        if first:   # steal a cube (optional) and move the marker down
            self._seti(self.publicity, a, self.publicity[a] + 1)
            if sum(self.store[1 - a]):
                self._push(("steal",))
        else:       # steal or advance, not both
            self._push(("steal_or_advance",))
        self._pay_any(cost)

    def _do_basic(self, _: int, __: int) -> None:
        a = self.active
        cost = self.data.boards[a].basic_cost
        self._pay(cost)
        self._seti(self.basics, a, self.basics[a] + 1)
        self._pay_any(cost)

    def _do_diner(self, c: int, _: int) -> None:
        a = self.active
        cost = self.data.boards[a].diner_cost[c]
        self._pay(cost)
        self._seti(self.basics, a, self.basics[a] - 1)
        self._seti(self.diners, a, self.diners[a] | 1 << c)
        self._pay_any(cost)

    def _do_bistro(self, b: int, _: int) -> None:
        a = self.active
        cost = self.data.boards[a].bistro_cost[b]
        self._pay(cost)
        self._seti(self.bistros, a, self.bistros[a] | 1 << b)
        self._push(("upgrade",))
        self._pay_any(cost)

    def _do_upgrade(self, c: int, _: int) -> None:
        a = self.active
        self._seti(self.diners, a, self.diners[a] & ~(1 << c))
        self._replace_top(None)

    def _do_steal(self, c: int, _: int) -> None:
        a = self.active
        self._add(self.store[1 - a], c, -1)
        self._add(self.store[a], c, 1)
        self._replace_top(None)

    def _do_advance(self, _: int, __: int) -> None:
        a = self.active
        self._seti(self.publicity, a, self.publicity[a] + 1)
        self._replace_top(None)

    def _do_pay(self, c: int, _: int) -> None:
        self._to_bag(self.active, c)
        n = self.pending[-1][1]
        self._replace_top(("pay", n - 1) if n > 1 else None)

    # scoring, discarding, next turn -------------------------------------------------
    def _score(self) -> None:
        a = self.active
        vp = self.vp(a)
        self._seti(self.track, a, vp)
        self._set(self, "used", 0)
        self._set(self, "pub_bought", 0)
        if vp >= self.data.win_vp:
            self._set(self, "phase", "over")
            self._set(self, "result", (a,))
            self._set(self, "reason", "win")
            return
        self._set(self, "phase", "discard")
        self._after_discard()

    def _do_discard(self, c: int, _: int) -> None:
        self._to_bag(self.discarder(), c)
        self._after_discard()

    def _after_discard(self) -> None:
        limit = self.data.storage_limit
        if sum(self.store[0]) > limit or sum(self.store[1]) > limit:
            return
        if self.turn >= self.turn_limit:   # SAFETY RULE, see the module docstring
            self._set(self, "phase", "over")
            self._set(self, "result", (0, 1))
            self._set(self, "reason", "turn_limit")
            return
        self._set(self, "turn", self.turn + 1)
        self._set(self, "active", 1 - self.active)
        self._set(self, "phase", "production")
        if self._need() == 0:
            self._end_production()

    # -- results -------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [self.vp(0), self.vp(1)]

    def score_breakdown(self) -> list[dict[str, int]]:
        return [self.vp_parts(0), self.vp_parts(1)]

    def winners(self) -> list[int]:
        return list(self.result)

    # -- text ------------------------------------------------------------------------------
    def prompt(self) -> str:
        phase = self.phase
        if phase == "over":
            if self.reason == "win":
                w = self.result[0]
                return f"game over: {SEATS[w]} won with {self.track[w]} VP"
            return f"game over: turn limit {self.turn_limit} reached (safety rule), a draw"
        player = self.current_player
        if player == CHANCE:
            if phase == "production":
                return (f"chance: draw a production cube ({self._drawn() + 1} of {self._need()})")
            return f"chance: {SEATS[self.active]} draws a random cube ({self.pending[-1][1]} to go)"
        who = f"{SEATS[player]} (seat {player})"
        if phase == "production":
            first = sum(self.new[player]) == 0
            return (f"{who}: production, take a cube"
                    + (" (first pick: general or own area)" if first else ""))
        if phase == "discard":
            return (f"{who}: discard down to {self.data.storage_limit} cubes "
                    f"({sum(self.store[player])} held)")
        if self.pending:
            top = self.pending[-1]
            n = top[1] if len(top) > 1 else 0
            texts = {
                "get": "choose the colour to take out of the bag (get <colour>)",
                "return": f"put {n} more cube(s) into the bag (return <colour>)",
                "redraw": f"put cubes into the bag (return <colour>; {n} so far), then done",
                "steal": "steal a cube from the other player (steal <colour>) or done",
                "steal_or_advance": "steal a cube (steal <colour>) or advance the publicity marker",
                "upgrade": "choose the diner to upgrade (upgrade <colour>)",
                "pay": f"pay {n} more cube(s) of any colour (pay <colour>)",
            }
            return f"{who}: {texts[top[0]]}"
        if phase == "trade":
            return f"{who}: trade, use bistro abilities or build; done ends the turn's actions"
        return f"{who}: build; done ends the turn's actions"

    def action_facts(self, action: str) -> dict[str, Any]:
        """The facts of an action, as data (the log's words: ``log_text.py``); all of it public."""
        if action not in PARSED:
            return {"verb": "other"}
        verb, x, y = PARSED[action]
        facts: dict[str, Any] = {"verb": verb}
        if verb in ("use", "bistro"):
            facts["bistro"] = BISTROS[x]
        elif verb not in ("publicity", "basic", "advance", "done"):
            facts["colour"] = COLOURS[x]
        if verb == "trade":
            facts["to"] = COLOURS[y]
        return facts

    def describe(self, action: str) -> str:
        if action not in PARSED:
            return action
        verb, x, y = PARSED[action]
        player = self.current_player
        who = "chance" if player == CHANCE else SEATS[player] if player >= 0 else "nobody"
        c = COLOURS[x]
        texts = {
            "cube": f"a {c} cube comes out of the bag",
            "take": f"{who} takes a {c} cube",
            "trade": f"{who} trades three {c} cubes for a {COLOURS[y]} cube",
            "use": f"{who} uses the {BISTROS[x]} bistro",
            "return": f"{who} puts a {c} cube into the bag",
            "get": f"{who} takes a {c} cube out of the bag",
            "publicity": f"{who} buys publicity",
            "basic": f"{who} builds a basic restaurant",
            "diner": f"{who} upgrades a basic restaurant to the {c} specialty diner",
            "bistro": f"{who} buys the {BISTROS[x]} upscale bistro",
            "upgrade": f"{who} upgrades the {c} diner to the new bistro",
            "steal": f"{who} steals a {c} cube",
            "advance": f"{who} moves the publicity marker down",
            "pay": f"{who} pays a {c} cube",
            "discard": f"{who} discards a {c} cube",
            "done": f"{who} is done",
        }
        return texts[verb]

    # -- positions -------------------------------------------------------------------------
    def to_position(self) -> dict[str, Any]:
        def counts(lst: list[int]) -> dict[str, int]:
            return dict(zip(COLOURS, lst, strict=True))

        players = {}
        for s, name in enumerate(SEATS):
            players[name] = {
                "storage": counts(self.store[s]),
                "new": counts(self.new[s]),
                "publicity": self.publicity[s],
                "basic": self.basics[s],
                "diners": [COLOURS[c] for c in _bits(self.diners[s])],
                "bistros": [BISTROS[b] for b in _bits(self.bistros[s])],
                "track": self.track[s],
            }
        player = self.current_player
        return {
            "game": self.game_name,
            "format": 1,
            "config": {"data_override": self.config["data_override"], "turn_limit": self.turn_limit},
            "rng": self.rng.state,
            "turn": self.turn,
            "active": SEATS[self.active],
            "phase": self.phase,
            "to_move": SEATS[player] if player >= 0 else "chance" if player == CHANCE else "nobody",
            "bag": counts(self.bag),
            "general": counts(self.general),
            "reserved": {name: counts(self.reserved[s]) for s, name in enumerate(SEATS)},
            "players": players,
            "this_turn": {"abilities_used": [BISTROS[b] for b in _bits(self.used)],
                          "publicity_bought": self.pub_bought},
            "pending": [{"kind": f[0], "count": f[1]} if len(f) > 1 else {"kind": f[0]}
                        for f in self.pending],
            "result": ({"winners": [SEATS[w] for w in self.result], "reason": self.reason}
                       if self.phase == "over" else None),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything on the table (all public); the RNG state (bag order) is hidden."""
        pos = self.to_position()
        del pos["rng"]
        pos["viewer"] = SEATS[seat] if seat is not None else "spectator"
        pos["scores"] = {name: self.vp(s) for s, name in enumerate(SEATS)}
        return pos
