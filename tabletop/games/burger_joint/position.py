"""Burger Joint positions: validation (pydantic v2) and rebuilding a state.

A position is the JSON-able dict :meth:`BurgerJointState.to_position` returns;
``NOTATION.md`` documents every field. :func:`from_position` accepts hand-written
positions too (colour counts may leave out zero colours, ``to_move`` may be
left out) and raises :class:`InvalidPosition` saying what is wrong.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, ValidationError

from tabletop.core.errors import DataError, InvalidPosition, TabletopError
from tabletop.core.rng import Rng
from tabletop.games.burger_joint.data import (
    BISTROS,
    COLOURS,
    SEATS,
    GameData,
    load_data,
    normalise_override,
)
from tabletop.games.burger_joint.state import (
    CHANCE,
    CONFIG_KEYS,
    COUNTED,
    DEFAULT_TURN_LIMIT,
    FRAME_KINDS,
    NC,
    PHASES,
    TERMINAL,
    BurgerJointState,
)

Counts = dict[StrictStr, StrictInt]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ConfigModel(_Model):
    data_override: dict[str, Any] | None = None
    turn_limit: StrictInt = DEFAULT_TURN_LIMIT


class PlayerModel(_Model):
    storage: Counts = {}
    new: Counts = {}
    publicity: StrictInt = 0
    basic: StrictInt
    diners: list[StrictStr]
    bistros: list[StrictStr] = []
    track: StrictInt


class FrameModel(_Model):
    kind: StrictStr
    count: StrictInt | None = None


class TurnModel(_Model):
    abilities_used: list[StrictStr] = []
    publicity_bought: StrictInt = 0


class ResultModel(_Model):
    winners: list[StrictStr]
    reason: Literal["win", "turn_limit"]


class PositionModel(_Model):
    game: Literal["burger-joint"]
    format: Literal[1] = 1
    config: ConfigModel = ConfigModel()
    rng: StrictInt
    turn: StrictInt
    active: StrictStr
    phase: StrictStr
    to_move: StrictStr | None = None
    bag: Counts
    general: Counts = {}
    reserved: dict[StrictStr, Counts] = {}
    players: dict[StrictStr, PlayerModel]
    this_turn: TurnModel = TurnModel()
    pending: list[FrameModel] = []
    result: ResultModel | None = None


# -- helpers -----------------------------------------------------------------------
def _counts(raw: dict[str, int], where: str) -> list[int]:
    out = [0] * NC
    for k, v in raw.items():
        if k not in COLOURS:
            raise InvalidPosition(f"{where}: unknown colour {k!r} (colours: {', '.join(COLOURS)})")
        if v < 0:
            raise InvalidPosition(f"{where}: negative number of {k} cubes ({v})")
        out[COLOURS.index(k)] = v
    return out


def _seat(name: str, where: str) -> int:
    if name not in SEATS:
        raise InvalidPosition(f"{where}: unknown seat {name!r} (seats: burger, pizza)")
    return SEATS.index(name)


def _mask(names: list[str], universe: tuple[str, ...], where: str) -> int:
    mask = 0
    for n in names:
        if n not in universe:
            raise InvalidPosition(f"{where}: unknown name {n!r} (one of: {', '.join(universe)})")
        bit = 1 << universe.index(n)
        if mask & bit:
            raise InvalidPosition(f"{where}: {n!r} is listed twice")
        mask |= bit
    return mask


def build_config(config: dict[str, Any]) -> tuple[GameData, dict[str, Any]]:
    """Validate game config -> (board data, normalised config)."""
    unknown = sorted(set(config) - set(CONFIG_KEYS))
    if unknown:
        raise InvalidPosition(f"unknown config key(s) {unknown} for burger-joint; known: "
                              f"{', '.join(CONFIG_KEYS)}")
    limit = config.get("turn_limit", DEFAULT_TURN_LIMIT)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise InvalidPosition(f"turn_limit must be a whole number >= 1, got {limit!r}")
    try:
        override = normalise_override(config.get("data_override"))
        data = load_data(override)
    except DataError as exc:
        raise InvalidPosition(f"bad data_override: {exc}") from exc
    return data, {"data_override": override, "turn_limit": limit}


def new_game(players: int = 2, seed: int = 0, **config: Any) -> BurgerJointState:
    """A fresh game: Burger (seat 0) to start, production draws pending."""
    if players != 2:
        raise InvalidPosition(f"Burger Joint is a game for exactly 2 players, not {players}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidPosition(f"seed must be an integer, got {seed!r}")
    data, cfg = build_config(config)
    return BurgerJointState.setup(data, cfg, seed)


# -- from_position ---------------------------------------------------------------------
def from_position(position: dict[str, Any]) -> BurgerJointState:
    """Rebuild a state from a position, validating it."""
    if not isinstance(position, dict):
        raise InvalidPosition("a position must be a mapping (a JSON object)")
    try:
        m = PositionModel.model_validate(position)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'position'}: {err['msg']}" for err in exc.errors()
        )
        raise InvalidPosition(f"malformed burger-joint position: {problems}") from None
    try:
        return _build(m)
    except InvalidPosition:
        raise
    except TabletopError as exc:   # pragma: no cover - defensive
        raise InvalidPosition(str(exc)) from exc


def _build(m: PositionModel) -> BurgerJointState:
    data, cfg = build_config(m.config.model_dump())
    s = BurgerJointState.__new__(BurgerJointState)
    s._init_journal()
    s.data = data
    s.config = cfg
    s.turn_limit = cfg["turn_limit"]
    if not 0 <= m.rng < 1 << 64:
        raise InvalidPosition(f"rng must be a 64-bit unsigned integer, got {m.rng}")
    s.rng = Rng(m.rng)
    if not 1 <= m.turn <= s.turn_limit:
        raise InvalidPosition(f"turn {m.turn} is outside 1..turn_limit ({s.turn_limit})")
    s.turn = m.turn
    s.active = _seat(m.active, "active")
    if m.phase not in PHASES:
        raise InvalidPosition(f"unknown phase {m.phase!r} (phases: {', '.join(PHASES)})")
    s.phase = m.phase
    s.bag = _counts(m.bag, "bag")
    s.general = _counts(m.general, "general")
    for name in m.reserved:
        _seat(name, "reserved")
    s.reserved = [_counts(m.reserved.get(n, {}), f"reserved.{n}") for n in SEATS]
    if sorted(m.players) != sorted(SEATS):
        raise InvalidPosition(f"players must be exactly burger and pizza, got {sorted(m.players)}")
    s.store, s.new, s.publicity, s.basics, s.diners, s.bistros, s.track = [], [], [], [], [], [], []
    for seat, name in enumerate(SEATS):
        p = m.players[name]
        w = f"players.{name}"
        board = data.boards[seat]
        s.store.append(_counts(p.storage, f"{w}.storage"))
        s.new.append(_counts(p.new, f"{w}.new"))
        if not 0 <= p.publicity <= len(board.publicity_vp):
            raise InvalidPosition(f"{w}.publicity: marker space {p.publicity} is outside "
                                  f"0..{len(board.publicity_vp)} (0 = not yet on the board)")
        s.publicity.append(p.publicity)
        if not 0 <= p.basic <= len(board.basic_vp):
            raise InvalidPosition(f"{w}.basic: {p.basic} basic restaurants, the board has "
                                  f"{len(board.basic_vp)} spaces")
        s.basics.append(p.basic)
        s.diners.append(_mask(p.diners, COLOURS, f"{w}.diners"))
        s.bistros.append(_mask(p.bistros, BISTROS, f"{w}.bistros"))
        if p.track < 0:
            raise InvalidPosition(f"{w}.track: negative score {p.track}")
        s.track.append(p.track)
        if s.tokens_used(seat) > data.tokens_per_player:
            raise InvalidPosition(f"{w}: {s.tokens_used(seat)} development tokens on the board, "
                                  f"only {data.tokens_per_player} exist")
    total = sum(s.bag) + s._on_table() + sum(map(sum, s.new)) + sum(map(sum, s.store))
    if total != data.total_cubes:
        raise InvalidPosition(f"the position has {total} cubes (bag, allocation board and storages), "
                              f"the game has {data.total_cubes}")
    per_colour = [s.bag[c] + s.general[c] + s.reserved[0][c] + s.reserved[1][c] + s.new[0][c]
                  + s.new[1][c] + s.store[0][c] + s.store[1][c] for c in range(NC)]
    if tuple(per_colour) != data.cubes:
        raise InvalidPosition(f"cubes per colour {dict(zip(COLOURS, per_colour, strict=True))} do not match "
                              f"the game's {dict(zip(COLOURS, data.cubes, strict=True))}")
    s.used = _mask(m.this_turn.abilities_used, BISTROS, "this_turn.abilities_used")
    s.pub_bought = m.this_turn.publicity_bought
    s.pending = tuple(_frame(f) for f in m.pending)
    s.result, s.reason = (), ""
    _check_phase(s, m)
    if m.to_move is not None:
        player = s.current_player
        implied = SEATS[player] if player >= 0 else "chance" if player == CHANCE else "nobody"
        if m.to_move != implied:
            raise InvalidPosition(f"to_move is {m.to_move!r} but the position implies {implied!r}")
    if s.current_player != TERMINAL and not s._legal():
        raise InvalidPosition(f"no legal action in this position ({s.prompt()})")
    return s


def _frame(f: FrameModel) -> tuple[Any, ...]:
    if f.kind not in FRAME_KINDS:
        raise InvalidPosition(f"pending: unknown kind {f.kind!r} (kinds: {', '.join(FRAME_KINDS)})")
    if f.kind in COUNTED:
        if f.count is None or f.count < (0 if f.kind == "redraw" else 1):
            raise InvalidPosition(f"pending: a {f.kind!r} decision needs a count >= "
                                  f"{0 if f.kind == 'redraw' else 1}")
        return (f.kind, f.count)
    if f.count is not None:
        raise InvalidPosition(f"pending: a {f.kind!r} decision has no count")
    return (f.kind,)


_TRADE_STACKS = ({("get",)}, {("get",), ("return",)}, {("redraw",)}, {("draw",)})
_BUILD_FIRST = ("steal", "steal_or_advance", "upgrade")


def _check_phase(s: BurgerJointState, m: PositionModel) -> None:
    phase = s.phase
    a = s.active
    kinds = tuple(f[0] for f in s.pending)
    if phase not in ("trade", "build"):
        if s.pending:
            raise InvalidPosition(f"pending decisions are only possible while trading or building, "
                                  f"not in phase {phase!r}")
        if s.used or s.pub_bought:
            raise InvalidPosition(f"this_turn must be empty outside trading/building (phase {phase!r})")
    if phase != "production" and (s._on_table() or sum(s.new[0]) or sum(s.new[1])):
        raise InvalidPosition("cubes on the allocation board or in a new-cube area are only possible "
                              "during production")
    if phase == "over":
        if m.result is None:
            raise InvalidPosition("phase 'over' needs a result")
        winners = tuple(sorted(_seat(w, "result.winners") for w in m.result.winners))
        if m.result.reason == "win":
            if len(winners) != 1:
                raise InvalidPosition("result: a win has exactly one winner")
            if s.track[winners[0]] < s.data.win_vp:
                raise InvalidPosition(f"result: the winner's score {s.track[winners[0]]} is below "
                                      f"{s.data.win_vp}")
        elif winners != (0, 1):
            raise InvalidPosition("result: the turn-limit safety rule ends the game as a draw "
                                  "(winners burger and pizza)")
        s.result, s.reason = winners, m.result.reason
        return
    if m.result is not None:
        raise InvalidPosition(f"a result is only possible in phase 'over', not {phase!r}")
    if phase == "production":
        _check_production(s)
        return
    if phase == "discard":
        if max(sum(s.store[0]), sum(s.store[1])) <= s.data.storage_limit:
            raise InvalidPosition("phase 'discard' but nobody holds more than "
                                  f"{s.data.storage_limit} cubes")
        return
    # trade / build
    if s.used & ~s.bistros[a]:
        raise InvalidPosition("this_turn.abilities_used names a bistro the active player does not own")
    if s.used >> BISTROS.index("prestige") & 1:
        raise InvalidPosition("the prestige bistro has no ability to use")
    if s.pub_bought and not s.publicity[a]:
        raise InvalidPosition("publicity was bought this turn but the marker is not on the board")
    if phase == "trade":
        if s.pub_bought:
            raise InvalidPosition("publicity bought this turn means the building phase has begun")
        shapes = [("get",), ("get", "return"), ("redraw",), ("draw",), ()]
        if kinds not in shapes:
            raise InvalidPosition(f"pending {list(kinds)} is not a possible stack while trading "
                                  "(get / get+return / redraw / draw)")
        for f in s.pending:
            if f[0] == "return" and f[1] > 2:
                raise InvalidPosition("pending: at most 2 cubes are returned by an ability")
        if s.pending and not s.used:
            raise InvalidPosition("an ability is pending but no ability is marked as used this turn")
        if kinds[-1:] == ("draw",) and s.pending[-1][1] > sum(s.bag):
            raise InvalidPosition("pending draw: not enough cubes in the bag")
        if kinds[-1:] == ("return",) and s.pending[-1][1] > sum(s.store[a]):
            raise InvalidPosition("pending return: not enough cubes in storage")
    else:
        shapes = [(), ("pay",)] + [(k,) for k in _BUILD_FIRST] + [(k, "pay") for k in _BUILD_FIRST]
        if kinds not in shapes:
            raise InvalidPosition(f"pending {list(kinds)} is not a possible stack while building "
                                  "(steal / steal_or_advance / upgrade, each optionally under pay)")
        if "steal_or_advance" in kinds and (s.pub_bought < 2
                                            or s.publicity[a] >= len(s.data.boards[a].publicity_vp)):
            raise InvalidPosition("pending steal_or_advance needs a second publicity this turn and "
                                  "room on the publicity track")
        if "steal" in kinds and s.pub_bought != 1:
            raise InvalidPosition("pending steal belongs to the first publicity of a turn")
        if "upgrade" in kinds and not s.diners[a]:
            raise InvalidPosition("pending upgrade but the active player has no diner")
        if kinds[-1:] == ("pay",) and s.pending[-1][1] > sum(s.store[a]):
            raise InvalidPosition("pending pay: not enough cubes in storage")


def _check_production(s: BurgerJointState) -> None:
    need = s._need()
    drawn = s._drawn()
    if drawn > need:
        raise InvalidPosition(f"production: {drawn} cubes drawn, but the capacities allow {need}")
    if need - drawn > sum(s.bag):
        raise InvalidPosition(f"production: {need - drawn} more cubes to draw, the bag holds {sum(s.bag)}")
    for seat, name in enumerate(SEATS):
        if sum(s.new[seat]) > s.capacity(seat):
            raise InvalidPosition(f"production: {name} took more cubes than the capacity "
                                  f"{s.capacity(seat)}")
        if drawn < need and sum(s.new[seat]) > 0:
            raise InvalidPosition("production: cubes are taken only after all cubes are drawn")
    a, o = s.active, 1 - s.active
    firsts_done = ((sum(s.new[a]) > 0 or s.capacity(a) == 0)
                   and (sum(s.new[o]) > 0 or s.capacity(o) == 0))
    for seat, name in enumerate(SEATS):
        for c in range(NC):
            if s.reserved[seat][c] and (firsts_done or s.reserved_for(c) != seat):
                raise InvalidPosition(f"production: {COLOURS[c]} cubes cannot lie in the {name} area "
                                      + ("after both first picks" if firsts_done else
                                         f"({name} is not the only player with a {COLOURS[c]} diner)"))
    if not firsts_done:
        for c in range(NC):
            owner = s.reserved_for(c)
            if s.general[c] and owner is not None:
                raise InvalidPosition(f"production: {COLOURS[c]} cubes belong in the {SEATS[owner]} "
                                      "area before the first picks")
    if sum(s.new[o]) and not sum(s.new[a]) and s.capacity(a):
        raise InvalidPosition("production: the active player picks first")
    if need and drawn == need and sum(s.new[a]) == s.capacity(a) and sum(s.new[o]) == s.capacity(o):
        raise InvalidPosition("production: all cubes are taken; the cubes belong in main storage")


def determinize(view: dict[str, Any], rng: Any) -> BurgerJointState:
    """A full state consistent with a seat's view: only the bag's draw order is hidden,
    so a fresh RNG seed stands in for it (everything else on the table is public)."""
    pos = {k: v for k, v in view.items() if k not in ("viewer", "scores", "legal_actions")}
    pos["rng"] = rng.next64()
    return from_position(pos)


def evaluate(state: BurgerJointState, seat: int) -> float:
    """Estimated worth of a position for search bots: VP, plus production capacity
    (diners and bistros each draw a cube a turn, at most four) and cubes in storage.
    A decided game is worth +-100 so that winning beats any position."""
    if state.is_terminal():
        won = state.winners()
        return 100.0 if won == [seat] else (0.0 if seat in won else -100.0)
    production = min(4, bin(state.diners[seat]).count("1") + bin(state.bistros[seat]).count("1"))
    cubes = sum(state.store[seat]) + sum(state.new[seat])
    return float(state.scores()[seat]) + 0.5 * production + 0.15 * min(cubes, 7)
