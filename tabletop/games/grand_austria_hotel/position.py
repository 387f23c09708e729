"""Position format (JSON, writable by hand) and per-player views.

A position names every part of the state with readable values: staff by slug,
guests by number, rooms by number (0-19, ground floor first), items by name.
``from_position`` validates structure with pydantic and meaning with explicit
checks (every cube, room tile, card and die accounted for), and rebuilds a
state that continues exactly as the original would. See docs/POSITION.md.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tabletop.core.errors import InvalidPosition
from tabletop.core.rng import Rng
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.config import parse_config
from tabletop.games.grand_austria_hotel.data import COLOURS, ITEMS
from tabletop.games.grand_austria_hotel.engine import VP_SOURCES, GahState, Player
from tabletop.games.grand_austria_hotel.engine.base import sources_in_play
from tabletop.games.grand_austria_hotel.modules import MODULES

FORMAT = 1  # the base game; a game with Let's Waltz! modules writes format 2 (adds "modules")

# Field names of each pending-decision kind, after (kind, player).
FRAME_FIELDS: dict[str, tuple[str, ...]] = {
    "turn": (),
    "fx": ("effects", "next", "source"),
    "place": ("fresh",),
    "serve": ("left", "moved"),
    "food": ("first_item", "dice"),
    "rooms": ("left", "cost", "max_floor", "occupy"),
    "empmoney": ("dice",),
    "play": ("discount",),
    "drawn": ("cards", "discount"),
    "occupy": ("left",),
    "freeguest": (),
    "sguest": (),
    "choice": ("left",),
    "complete": (),
    "gizia": (),
    "penalty": ("scoring",),
    "avoid": ("scoring",),
    "discard": ("left",),
    "discardend": (),
    "remove": ("left",),
    "removeocc": ("left", "below_floor"),
    "bonuskind": ("group",),
    "draft": (),
    "spend": ("left", "kinds"),
}


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


def _items(v: Any) -> dict[str, int]:
    out = {ITEMS[i]: int(v[i]) for i in range(4)}
    if v[4]:
        out["champagne"] = int(v[4])
    return out


def _frame_names(st: GahState, kind: str) -> tuple[str, ...] | None:
    if kind in FRAME_FIELDS:
        return FRAME_FIELDS[kind]
    owner = st.frame_owner.get(kind)
    return owner.frame_fields[kind] if owner else None


def _frame_out(st: GahState, fr: tuple[Any, ...]) -> dict[str, Any]:
    kind = fr[0]
    out: dict[str, Any] = {"decision": kind, "player": fr[1]}
    if kind not in FRAME_FIELDS:  # a module's frame: plain JSON values (tuples as lists)
        for name, val in zip(_frame_names(st, kind) or (), fr[2:]):
            out[name] = _jsonable(val)
        return out
    for name, val in zip(FRAME_FIELDS[kind], fr[2:]):
        if name == "cards":
            val = [st.rules.staff[s].slug for s in val]
        elif name == "fresh":
            val = _items(val)
        elif name == "effects":
            val = [dict(e) for e in val]
        elif name == "source":
            val = VP_SOURCES[val]
        elif name == "first_item":
            val = ITEMS[val]
        elif name == "occupy":
            val = bool(val)
        out[name] = val
    return out


def _frame_in(st: GahState, d: dict[str, Any]) -> tuple[Any, ...]:
    kind = d.get("decision")
    names = _frame_names(st, kind) if isinstance(kind, str) else None
    if names is None:
        raise InvalidPosition(f"pending decision: unknown kind {kind!r}; known: "
                              f"{', '.join([*FRAME_FIELDS, *st.frame_owner])}")
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
        if kind not in FRAME_FIELDS:
            vals.append(_tuples(v))
            continue
        try:
            if name == "cards":
                v = tuple(_slug(st, s, "pending drawn cards") for s in v)
            elif name == "fresh":
                v = tuple(Items(**v).tolist())
            elif name == "effects":
                v = tuple(dict(e) for e in v)
                for e in v:
                    if "effect" not in e:
                        raise InvalidPosition("pending effects: every effect needs an 'effect' name")
            elif name == "source":
                v = VP_SOURCES.index(v)
            elif name == "first_item":
                v = ITEMS.index(v)
            elif name == "cost":
                if v not in ("full", "free") and not (isinstance(v, str) and v[:5] == "minus" and v[5:].isdigit()):
                    raise InvalidPosition("pending rooms: cost must be full, minus<N> or free")
            elif name == "occupy":
                v = bool(v)
            elif not isinstance(v, int):
                raise InvalidPosition(f"pending decision {kind!r}: {name} must be an integer")
        except (ValueError, TypeError, ValidationError) as exc:
            raise InvalidPosition(f"pending decision {kind!r}: bad {name}: {exc}") from None
        vals.append(v)
    return (kind, player, *vals)


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {k: _jsonable(x) for k, x in v.items()}
    return v


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


def to_position(st: GahState, with_history: bool = True) -> dict[str, Any]:
    staff = st.rules.staff
    slugs = lambda ids: [staff[s].slug for s in ids]  # noqa: E731
    players = []
    shown = sources_in_play(st.config.modules)
    for pl in st.players:
        players.append({
            "money": pl.money,
            "emperor": pl.emperor,
            "vp": {VP_SOURCES[i]: pl.vp_src[i] for i in shown},
            "kitchen": _items(pl.kitchen),
            "cafe": [{"guest": g, "served": _items(pl.served[t])} if g else None
                     for t, g in enumerate(pl.cafe)],
            "prepared": [r for r in range(20) if pl.rooms[r] == 1],
            "occupied": [r for r in range(20) if pl.rooms[r] == 2],
            "hand": slugs(pl.hand),
            "played": slugs(pl.played),
            "used": slugs(pl.used),
            "guest_vp": pl.guest_vp,
            "passes": pl.passes,
        })
    pos: dict[str, Any] = {
        "game": "grand-austria-hotel",
        "format": FORMAT,
        "config": st.config.model_dump(mode="json", exclude_defaults=True) | {"players": st.num_players},
        "seed": st.seed,
        "rng": hex(st.rng.state),
        "round": st.round,
        "phase": st.phase,
        "queue": [g or None for g in st.queue],
        "guest_deck": list(st.guest_deck),
        "guest_discard": list(st.guest_discard),
        "staff_deck": slugs(st.staff_deck),
        "dice": {str(f): st.dice[f] for f in range(1, 7)},
        "dice_to_roll": st.roll_n,
        "dustbin": st.dustbin,
        "dice_on_tiles": st.on_tiles,
        "supply": _items(st.supply),
        "room_supply": {COLOURS[c]: st.room_supply[c] for c in range(3)},
        "objectives": [{"id": oid, "markers": list(st.markers[k])} for k, oid in enumerate(st.objectives)],
        "emperor_tiles": list(st.emperor_tiles),
        "turn_order": [{"tile": list(st.tiles[p]), "covered": st.covered[p], "passed": st.passed[p]}
                       for p in range(st.num_players)],
        "turn": {"player": st.t_player, "guest_taken": st.t_guest, "die_taken": st.t_die,
                 "boosted": st.t_boost, "acted": st.t_acted, "money_peak": st.t_peak,
                 "extra_turns": st.t_extra, "die_stays": st.t_keep},
        "round_guest_taken": st.round_guest_taken,
        "setup_index": st.setup_i,
        "emperor_index": st.emperor_i,
        "draft_packets": [slugs(pk) for pk in st.draft_packets],
        "draft_picked": list(st.draft_picked),
        "players": players,
        "pending": [_frame_out(st, fr) for fr in st.stack],
    }
    if st.t_action:
        pos["turn"]["action_resolving"] = True
    if st.mods:
        pos["format"] = 2
        pos["modules"] = {m.name: m.dump(st) for m in st.mods}
    if with_history:
        pos["history"] = list(st.history)
    return pos


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


def check_accounting(st: GahState) -> None:
    """Every cube, room tile, card and die accounted for (raises InvalidPosition)."""
    rules = st.rules
    for i, item in enumerate(ITEMS):
        held = st.supply[i] + sum(pl.kitchen[i] + sum(s[i] for s in pl.served) for pl in st.players)
        if held != rules.cubes[i]:
            raise InvalidPosition(f"{item}: {held} accounted for, expected {rules.cubes[i]}")
    for c in range(3):
        held = st.room_supply[c] + sum(
            1 for pl in st.players for r in range(20) if pl.rooms[r] and rules.room_colour[r] == c)
        if held != rules.room_tiles_per_colour:
            raise InvalidPosition(f"{COLOURS[c]} room tiles: {held} accounted for, "
                                  f"expected {rules.room_tiles_per_colour}")
        if st.room_supply[c] < 0:
            raise InvalidPosition(f"{COLOURS[c]} room supply is negative")
    for p, pl in enumerate(st.players):
        if not 0 <= pl.money <= rules.money_cap:
            raise InvalidPosition(f"players[{p}].money must be 0-{rules.money_cap}")
    guests = [g for g in st.queue if g] + list(st.guest_deck) + list(st.guest_discard) + [
        g for pl in st.players for g in pl.cafe if g]
    if sorted(guests) != sorted(rules.guests):
        missing = sorted(set(rules.guests) - set(guests))
        dup = sorted({g for g in guests if guests.count(g) > 1})
        raise InvalidPosition(f"guest cards not accounted for exactly once (missing {missing}, twice {dup})")
    staff: list[int] = list(st.staff_deck)
    for pl in st.players:
        staff += list(pl.hand) + list(pl.played)
    for pk in st.draft_packets:
        staff += list(pk)
    for fr in st.stack:
        if fr[0] == "drawn":
            staff += list(fr[2])
    if sorted(staff) != sorted(rules.deck_staff):
        lost = sorted(rules.staff[s].slug for s in set(rules.deck_staff) - set(staff))
        extra = sorted({rules.staff[s].slug for s in staff if staff.count(s) > 1 or s not in rules.deck_staff})
        raise InvalidPosition(f"staff cards not accounted for exactly once (missing {lost}, extra {extra})")
    dice = sum(st.dice) + st.dustbin + st.on_tiles + st.roll_n
    if dice != st.total_dice and st.phase not in ("draft", "start_guest", "start_rooms"):
        raise InvalidPosition(f"dice: {dice} accounted for, expected {st.total_dice}")
    if st.phase == "roll" and not st.stack and st.roll_n == 0:
        raise InvalidPosition("phase 'roll' needs dice_to_roll > 0")
    for mod in st.mods:
        mod.check(st)


# ------------------------------------------------------------------- views
def view(st: GahState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees at the table (``None`` = spectator): no hidden information.

    Hidden: the RNG and seed, the order and content of both decks (counts only),
    other players' hands and draft packets (counts only), and cards another player
    has drawn and is choosing from. The action history is not part of a view.
    """
    pos = to_position(st, with_history=False)
    del pos["rng"], pos["seed"]
    pos["guest_deck"] = len(st.guest_deck)
    pos["staff_deck"] = len(st.staff_deck)
    pos["viewer"] = seat
    for p, pp in enumerate(pos["players"]):
        if p != seat:
            pp["hand"] = len(st.players[p].hand)
    pos["draft_packets"] = [pk if p == seat else len(pk) for p, pk in enumerate(pos["draft_packets"])]
    for d in pos["pending"]:
        if "cards" in d and d["player"] != seat:
            d["cards"] = len(d["cards"])
    for mod in st.mods:
        pos["modules"][mod.name] = mod.view(st, seat, pos["modules"][mod.name])
    pos["legal_actions"] = st.legal_actions() if seat is not None and st.current_player == seat else []
    return pos


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


def json_copy(obj: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars)."""
    if isinstance(obj, dict):
        return {k: json_copy(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [json_copy(v) for v in obj]
    return obj
