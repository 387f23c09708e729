"""Writing a position (JSON, writable by hand) and the per-player views.

A position names every part of the state with readable values: staff by slug,
guests by number, rooms by number (0-19, ground floor first), items by name.
``position_load`` reads one back. ``check_accounting`` checks that every cube,
room tile, card and die is accounted for. See docs/POSITION.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.errors import InvalidPosition
from tabletop.games.grand_austria_hotel.data import COLOURS, ITEMS
from tabletop.games.grand_austria_hotel.engine import decisions as _base_kinds  # noqa: F401  (declares them)
from tabletop.games.grand_austria_hotel.engine.base import VP_SOURCES, sources_in_play
from tabletop.games.grand_austria_hotel.engine.declare import field_type, fields_of, frame_fields

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.engine.rules import GahRules

FORMAT = 1  # the base game; a game with Let's Waltz! modules writes format 2 (adds "modules")

# Field names of each of the base game's pending-decision kinds, after (kind, player): read off
# their declarations (engine/decisions.py); the modules' kinds are in ``declare.DECISIONS`` too.
FRAME_FIELDS: dict[str, tuple[str, ...]] = frame_fields()


def _items(v: Any) -> dict[str, int]:
    out = {ITEMS[i]: int(v[i]) for i in range(4)}
    if v[4]:
        out["champagne"] = int(v[4])
    return out


def _frame_out(st: GahRules, fr: tuple[Any, ...]) -> dict[str, Any]:
    """A pending decision by name: each field written as its declared type says
    (``declare.FIELD_TYPES``); a field of another type as plain JSON (tuples as lists)."""
    cls = st.decision_kinds[fr[0]]
    out: dict[str, Any] = {"decision": fr[0], "player": fr[1]}
    for name, val in zip(fields_of(cls), fr[2:], strict=True):
        kind = field_type(cls, name)
        if kind == "StaffIds":
            val = [st.rules.staff[s].slug for s in val]
        elif kind == "Items":
            val = _items(val)
        elif kind == "Effects":
            val = [dict(e) for e in val]
        elif kind == "VpSource":
            val = VP_SOURCES[val]
        elif kind == "Item":
            val = ITEMS[val]
        elif kind == "bool":
            val = bool(val)
        else:
            val = _jsonable(val)
        out[name] = val
    return out


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {k: _jsonable(x) for k, x in v.items()}
    return v


def to_position(st: GahRules, with_history: bool = True) -> dict[str, Any]:
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
            "bonus_paid": list(pl.bonus_paid),
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


def check_accounting(st: GahRules) -> None:
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
            _, _, cards, _ = fr  # a Drawn: kind, player, cards, discount
            staff += list(cards)
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
def view(st: GahRules, seat: int | None) -> dict[str, Any]:
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


def json_copy(obj: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars)."""
    if isinstance(obj, dict):
        return {k: json_copy(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [json_copy(v) for v in obj]
    return obj
