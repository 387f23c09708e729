"""Reading a position back into a state (``from_position``) and resampling what a view hides
(``determinize``).

``from_position`` validates structure with pydantic and meaning with explicit checks (every
cube, room tile, card and die accounted for), and rebuilds a state that continues exactly as
the original would. See docs/POSITION.md.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tabletop.core.errors import InvalidPosition
from tabletop.core.rng import Rng
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.config import parse_config
from tabletop.games.grand_austria_hotel.data import COLOURS, ITEMS
from tabletop.games.grand_austria_hotel.engine.base import VP_SOURCES, Player, sources_in_play
from tabletop.games.grand_austria_hotel.engine.declare import field_type, fields_of
from tabletop.games.grand_austria_hotel.modules import MODULES
from tabletop.games.grand_austria_hotel.position import (
    check_accounting,
    json_copy,
)
from tabletop.games.grand_austria_hotel.state import GahState


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Items(_Strict):
    strudel: int = Field(0, ge=0)
    cake: int = Field(0, ge=0)
    wine: int = Field(0, ge=0)
    coffee: int = Field(0, ge=0)
    champagne: int = Field(0, ge=0)  # Let's Waltz! module I; written only when not 0

    def tolist(self) -> list[int]:
        return [self.strudel, self.cake, self.wine, self.coffee, self.champagne]


class Table(_Strict):
    guest: int
    served: Items = Items()


class PlayerPos(_Strict):
    money: int = Field(ge=0, le=20)
    emperor: int = Field(ge=0, le=13)
    vp: dict[str, int]
    kitchen: Items
    cafe: list[Table | None] = Field(min_length=N.TABLES, max_length=N.TABLES)
    prepared: list[int] = []
    occupied: list[int] = []
    hand: list[str] = []
    played: list[str] = []
    used: list[str] = []
    guest_vp: int = 0
    passes: int = Field(0, ge=0)
    # the room groups whose occupancy bonus the seat has had; left out (a position written by
    # hand), every group fully occupied now counts as paid: its bonus came when it filled
    bonus_paid: list[int] | None = Field(None, max_length=20)


class TurnOrderPos(_Strict):
    tile: tuple[int, int]
    covered: int = Field(ge=0, le=2)
    passed: bool = False


class TurnPos(_Strict):
    player: int = -1
    guest_taken: bool = False
    die_taken: bool = False
    boosted: bool = False
    acted: bool = False
    money_peak: int = 0
    extra_turns: int = 0
    die_stays: bool = False
    action_resolving: bool = False


class ObjectivePos(_Strict):
    id: str
    markers: list[int] = []


class PositionModel(_Strict):
    game: Literal["grand-austria-hotel"]
    format: Literal[1, 2] = 1
    config: dict[str, Any]
    seed: int = 0
    rng: str
    round: int = Field(ge=1, le=7)
    phase: Literal["draft", "auction", "rehearsal", "start_guest", "start_rooms", "roll", "play", "emperor",
                   "over"]
    queue: list[int | None] = Field(min_length=5, max_length=5)
    guest_deck: list[int]
    guest_discard: list[int] = []
    staff_deck: list[str]
    dice: dict[str, int]
    dice_to_roll: int = Field(0, ge=0)
    dustbin: int = Field(0, ge=0)
    dice_on_tiles: int = Field(0, ge=0)
    supply: Items
    room_supply: dict[str, int]
    objectives: list[ObjectivePos] = Field(min_length=3, max_length=3)
    emperor_tiles: list[str] = Field(min_length=3, max_length=3)
    turn_order: list[TurnOrderPos]
    turn: TurnPos = TurnPos()
    round_guest_taken: bool = False
    setup_index: int = 0
    emperor_index: int = 0
    draft_packets: list[list[str]] = []
    draft_picked: list[bool] = []
    players: list[PlayerPos]
    pending: list[dict[str, Any]] = []
    modules: dict[str, dict[str, Any]] = {}  # format 2: one part per Let's Waltz! module in play
    history: list[str] = []


def _frame_in(st: GahState, d: dict[str, Any]) -> tuple[Any, ...]:
    """A pending decision from its fields by name, each read as its declared type says
    (``declare.FIELD_TYPES``)."""
    kind = d.get("decision")
    cls = st.decision_kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidPosition(f"pending decision: unknown kind {kind!r}; known: {', '.join(st.decision_kinds)}")
    names = fields_of(cls)
    extra = set(d) - {"decision", "player", *names}
    if extra:
        raise InvalidPosition(f"pending decision {kind!r}: unknown fields {sorted(extra)}")
    player = d.get("player")
    if not isinstance(player, int) or not 0 <= player < st.num_players:
        raise InvalidPosition(f"pending decision {kind!r}: player must be a seat 0-{st.num_players - 1}")
    vals: list[Any] = []
    for name in names:
        if name not in d:
            raise InvalidPosition(f"pending decision {kind!r}: missing field {name!r}")
        v = d[name]
        typ = field_type(cls, name)
        try:
            if typ == "StaffIds":
                v = tuple(_slug(st, s, "pending drawn cards") for s in v)
            elif typ == "Items":
                v = tuple(Items(**v).tolist())
            elif typ == "Effects":
                v = tuple(dict(e) for e in v)
                for e in v:
                    if "effect" not in e:
                        raise InvalidPosition("pending effects: every effect needs an 'effect' name")
            elif typ == "VpSource":
                v = VP_SOURCES.index(v)
            elif typ == "Item":
                v = ITEMS.index(v)
            elif typ == "RoomCost":
                if v not in ("full", "free") and not (isinstance(v, str) and v[:5] == "minus" and v[5:].isdigit()):
                    raise InvalidPosition(f"pending {kind}: {name} must be full, minus<N> or free")
            elif typ == "bool":
                v = bool(v)
            elif typ == "int":
                if not isinstance(v, int):
                    raise InvalidPosition(f"pending decision {kind!r}: {name} must be an integer")
            else:
                v = _tuples(v)
        except (ValueError, TypeError, ValidationError) as exc:
            raise InvalidPosition(f"pending decision {kind!r}: bad {name}: {exc}") from None
        vals.append(v)
    return (kind, player, *vals)


def _tuples(v: Any) -> Any:
    """JSON lists back to the tuples frames hold."""
    if isinstance(v, list):
        return tuple(_tuples(x) for x in v)
    return v


def _slug(st: GahState, slug: str, where: str) -> int:
    sid = st.rules.staff_by_slug.get(slug)
    if sid is None:
        raise InvalidPosition(f"{where}: unknown staff card {slug!r}")
    return sid


def from_position(data: dict[str, Any]) -> GahState:
    """Build a state from a position; raises InvalidPosition saying what is wrong."""
    if not isinstance(data, dict):
        raise InvalidPosition("a position must be a JSON object")
    try:
        m = PositionModel(**data)
    except ValidationError as exc:
        msgs = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()[:5])
        raise InvalidPosition(f"invalid Grand Austria Hotel position: {msgs}") from None
    config = parse_config(**m.config)
    n = config.players
    if len(m.players) != n or len(m.turn_order) != n:
        raise InvalidPosition(f"position has {len(m.players)} players / {len(m.turn_order)} turn order "
                              f"entries but config says {n}")
    st = GahState.__new__(GahState)
    st._init_journal()
    st._setup_fields(config)
    rules = st.rules
    st.seed = m.seed
    try:
        st.rng = Rng(int(m.rng, 16))
    except ValueError:
        raise InvalidPosition(f"rng must be a hexadecimal integer, got {m.rng!r}") from None
    st.round = m.round
    st.phase = m.phase
    for g in [*(x for x in m.queue if x), *m.guest_deck, *m.guest_discard]:
        if g not in rules.guests:
            raise InvalidPosition(f"unknown guest #{g}")
    st.queue = [g or 0 for g in m.queue]
    st.guest_deck = tuple(m.guest_deck)
    st.guest_discard = tuple(m.guest_discard)
    st.staff_deck = tuple(_slug(st, s, "staff_deck") for s in m.staff_deck)
    if set(m.dice) != {str(f) for f in range(1, 7)}:
        raise InvalidPosition("dice must name the action spaces '1' to '6'")
    st.dice = [0] + [m.dice[str(f)] for f in range(1, 7)]
    if min(st.dice) < 0:
        raise InvalidPosition("dice counts cannot be negative")
    st.roll_n = m.dice_to_roll
    st.dustbin = m.dustbin
    st.on_tiles = m.dice_on_tiles
    st.supply = m.supply.tolist()
    if set(m.room_supply) != set(COLOURS[:3]):
        raise InvalidPosition("room_supply must name yellow, blue and red")
    st.room_supply = [m.room_supply[c] for c in COLOURS[:3]]
    st.objectives = tuple(o.id for o in m.objectives)
    st.markers = [tuple(o.markers) for o in m.objectives]
    for oid in st.objectives:
        if oid not in rules.objectives:
            raise InvalidPosition(f"unknown politics card {oid!r}")
    st.emperor_tiles = tuple(m.emperor_tiles)
    for tid in st.emperor_tiles:
        if tid not in rules.emperor_tiles:
            raise InvalidPosition(f"unknown emperor tile {tid!r}")
    st.tiles = [(t.tile[0], t.tile[1]) for t in m.turn_order]
    st.covered = [t.covered for t in m.turn_order]
    st.passed = [t.passed for t in m.turn_order]
    t = m.turn
    st.t_player, st.t_guest, st.t_die, st.t_boost = t.player, t.guest_taken, t.die_taken, t.boosted
    st.t_acted, st.t_peak, st.t_extra, st.t_keep = t.acted, t.money_peak, t.extra_turns, t.die_stays
    st.t_action = t.action_resolving
    st.round_guest_taken = m.round_guest_taken
    st.setup_i = m.setup_index
    st.emperor_i = m.emperor_index
    if m.draft_packets:
        if len(m.draft_packets) != n or len(m.draft_picked) != n:
            raise InvalidPosition("draft_packets and draft_picked need one entry per player")
        st.draft_packets = [tuple(_slug(st, s, "draft packet") for s in pk) for pk in m.draft_packets]
        st.draft_picked = list(m.draft_picked)
    st.players = []
    for p, pp in enumerate(m.players):
        pl = Player()
        pl.money, pl.emperor = pp.money, pp.emperor
        known = {VP_SOURCES[i] for i in sources_in_play(config.modules)}
        if set(pp.vp) - known:
            raise InvalidPosition(f"players[{p}].vp: unknown sources {sorted(set(pp.vp) - known)}")
        pl.vp_src = [pp.vp.get(s, 0) for s in VP_SOURCES]
        pl.kitchen = pp.kitchen.tolist()
        for tix, tab in enumerate(pp.cafe):
            if tab is not None:
                if tab.guest not in rules.guests:
                    raise InvalidPosition(f"players[{p}].cafe[{tix}]: unknown guest #{tab.guest}")
                pl.cafe[tix] = tab.guest
                pl.served[tix] = tab.served.tolist()
                if any(a > b for a, b in zip(pl.served[tix], rules.guests[tab.guest].order)):
                    raise InvalidPosition(f"players[{p}].cafe[{tix}]: more served than the guest ordered")
        for r in pp.prepared + pp.occupied:
            if not 0 <= r < 20:
                raise InvalidPosition(f"players[{p}]: room {r} does not exist (0-19)")
        if set(pp.prepared) & set(pp.occupied):
            raise InvalidPosition(f"players[{p}]: a room cannot be both prepared and occupied")
        for r in pp.prepared:
            pl.rooms[r] = 1
        for r in pp.occupied:
            pl.rooms[r] = 2
        pl.hand = tuple(_slug(st, s, f"players[{p}].hand") for s in pp.hand)
        pl.played = tuple(_slug(st, s, f"players[{p}].played") for s in pp.played)
        pl.used = tuple(_slug(st, s, f"players[{p}].used") for s in pp.used)
        if not set(pl.used) <= set(pl.played):
            raise InvalidPosition(f"players[{p}].used must list played cards only")
        pl.guest_vp, pl.passes = pp.guest_vp, pp.passes
        groups = rules.groups
        if pp.bonus_paid is None:
            pl.bonus_paid = tuple(g for g in range(len(groups)) if all(pl.rooms[r] == 2 for r in groups[g]))
        else:
            if len(set(pp.bonus_paid)) != len(pp.bonus_paid) or not all(0 <= g < len(groups) for g in pp.bonus_paid):
                raise InvalidPosition(f"players[{p}].bonus_paid: room groups 0-{len(groups) - 1}, each once")
            pl.bonus_paid = tuple(sorted(pp.bonus_paid))
        st.players.append(pl)
    if set(m.modules) != set(config.modules):
        raise InvalidPosition(f"modules: the position has parts {sorted(m.modules)} but the config plays "
                              f"{sorted(config.modules)}")
    for mod in st.mods:
        try:
            mod.load(st, m.modules[mod.name])
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise InvalidPosition(f"modules.{mod.name}: {exc!r}") from None
    st.stack = tuple(_frame_in(st, d) for d in m.pending)
    st.history = list(m.history)
    check_accounting(st)
    return st


def determinize(view_: dict[str, Any], rng: Rng) -> GahState:
    """A full state consistent with a view: the hidden parts are sampled.

    Unknown staff cards (deck, other players' hands and draft packets, cards
    others are choosing from) are dealt at random from the cards the viewer
    cannot see; the guest deck is a random order of the unseen guests; the RNG
    gets a fresh seed. Used by search bots, which must never read the true state.
    """
    pos = {k: v for k, v in view_.items() if k not in ("viewer", "legal_actions")}
    pos = json_copy(pos)
    seat = view_["viewer"]
    config = parse_config(**pos["config"])
    from tabletop.games.grand_austria_hotel.data import load_rules

    rules = load_rules(config)
    slug_of = {s.id: s.slug for s in rules.staff.values()}
    visible: set[str] = set()
    for q, pp in enumerate(pos["players"]):
        visible.update(pp["played"])
        if q == seat:
            visible.update(pp["hand"])
    for q, pk in enumerate(pos["draft_packets"]):
        if q == seat:
            visible.update(pk)
    for d in pos["pending"]:
        if isinstance(d.get("cards"), list):
            visible.update(d["cards"])
    unseen = [slug_of[s] for s in rules.deck_staff if slug_of[s] not in visible]
    rng.shuffle(unseen)

    def deal(k: int) -> list[str]:
        out = unseen[:k]
        del unseen[:k]
        return out

    for q, pp in enumerate(pos["players"]):
        if q != seat:
            pp["hand"] = deal(int(pp["hand"]))
    pos["draft_packets"] = [pk if isinstance(pk, list) else deal(int(pk)) for pk in pos["draft_packets"]]
    for d in pos["pending"]:
        if isinstance(d.get("cards"), int):
            d["cards"] = deal(d["cards"])
    pos["staff_deck"] = deal(int(pos["staff_deck"]))
    seen_guests = {g for g in pos["queue"] if g} | set(pos["guest_discard"])
    for pp in pos["players"]:
        seen_guests.update(t["guest"] for t in pp["cafe"] if t)
    hidden = [g for g in sorted(rules.guests) if g not in seen_guests]
    rng.shuffle(hidden)
    pos["guest_deck"] = hidden[: int(pos["guest_deck"])]
    for name in config.modules:
        MODULES[name].determinize(pos, seat, rng)
    pos["rng"] = hex(rng.next64())
    pos["seed"] = 0
    return from_position(pos)


