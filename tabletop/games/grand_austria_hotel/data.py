"""Load the shipped YAML data (plus an optional override file) into fast tables.

The YAML files in ``data/`` are the single source of printed values; this module
turns them into immutable lookup tables for a given configuration (edition,
variants, conflict alternatives) and lists their provenance.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from tabletop.core.data import ProvenanceRecord, load_mapping, merge_by_key
from tabletop.core.errors import DataError
from tabletop.games.grand_austria_hotel.config import MODULES, GahConfig

DATA_DIR = Path(__file__).parent / "data"

# Items: four dishes and drinks, and champagne (Let's Waltz! module I) last. Champagne is
# "neither a dish nor a drink" (001 Module I): rules about dishes and drinks use the
# first DISHES_DRINKS entries only; rules about items use all of them.
ITEMS = ("strudel", "cake", "wine", "coffee", "champagne")
ITEM_LETTERS = "scwkh"
DISHES_DRINKS = 4
CHAMPAGNE = 4
COLOURS = ("yellow", "blue", "red", "green")  # green only for guests
YELLOW, BLUE, RED, GREEN = range(4)
# "bell": Let's Waltz! module V, a one-time reward taken when the card's requirement is met
TIMINGS = ("one_time", "once_per_round", "permanent", "game_end", "bell")


@dataclass(frozen=True)
class Guest:
    id: int
    name: str
    colour: int
    order: tuple[int, int, int, int, int]
    order_size: int
    vp: int
    reward: tuple[dict[str, Any], ...]
    # Let's Waltz! module I: "any", or "room" (cannot be sent to a ballroom)
    destination: str = "any"


@dataclass(frozen=True)
class Staff:
    id: int
    slug: str
    name: str
    cost: int
    timing: str
    on_play: tuple[dict[str, Any], ...] = ()
    on_use: tuple[dict[str, Any], ...] = ()
    ability: dict[str, Any] = field(default_factory=dict)
    scoring: dict[str, Any] = field(default_factory=dict)
    # once-per-round cards that "spend exactly" something first (Let's Waltz!): item names,
    # money, emperor (steps back), dish_or_drink / any_item (the player picks which)
    use_cost: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Objective:
    id: str
    group: str
    text: str
    requirement: dict[str, Any]


@dataclass(frozen=True)
class EmperorTile:
    id: str
    bonus: tuple[dict[str, Any], ...]
    penalty_main: tuple[dict[str, Any], ...]
    penalty_alt: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Rules:
    """Everything printed, resolved for one configuration."""

    edition: str
    guests: dict[int, Guest]
    staff: dict[int, Staff]
    staff_by_slug: dict[str, int]
    deck_staff: tuple[int, ...]
    objectives: dict[str, Objective]
    emperor_tiles: dict[str, EmperorTile]
    intro_sets: tuple[tuple[int, ...], ...]
    # hotel
    room_colour: tuple[int, ...]
    room_floor: tuple[int, ...]
    room_column: tuple[int, ...]
    room_group: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]
    group_colour: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    rooms_by_floor: tuple[tuple[int, ...], ...]  # index floor 1..4 (0 unused)
    rooms_by_column: tuple[tuple[int, ...], ...]
    rooms_by_colour: tuple[tuple[int, ...], ...]
    start_room: int
    floor_cost: tuple[int, ...]  # index floor
    final_room_vp: tuple[int, ...]  # index floor
    room_vp: tuple[int, ...]  # per room
    bonus_kind: tuple[str, ...]  # per room colour index
    bonus_by_size: tuple[tuple[int, ...], ...]  # per colour, index size
    cafe_seats: int
    # tracks
    emperor_top: int
    emperor_vp: tuple[int, ...]
    emperor_setback: tuple[int, ...]
    emperor_bonus_from: int
    scoring_rounds: tuple[int, ...]
    money_start: int
    money_cap: int
    queue_costs: tuple[int, ...]
    marker_vp: tuple[int, ...]
    rounds: int
    modules: tuple[str, ...]  # Let's Waltz! modules in play (config order)
    cubes: tuple[int, ...]  # supply per item (champagne only with module I)
    objective_pool: tuple[str, ...]  # politics cards setup draws from
    emperor_pool: tuple[str, ...]  # emperor tiles setup draws from
    module_data: dict[str, dict[str, Any]]  # each module's own sections of its data file
    champagne_actions: bool  # module I's action board side: actions 1 and 2 may give champagne
    dice: dict[int, int]
    hand_size: int
    start_rooms: int
    cubes_per_item: int
    room_tiles_per_colour: int
    turn_order_tiles: dict[int, tuple[tuple[int, int], ...]]


def _value(entry: dict[str, Any], alt: str | None = None) -> Any:
    if alt and alt in entry.get("alternatives", {}):
        return entry["alternatives"][alt]
    return entry["value"]


def _edition(rec: dict[str, Any], edition: str) -> dict[str, Any]:
    if edition == "original" and "original" in rec:
        rec = {**rec, **rec["original"]}
    return rec


CARD_SECTIONS = ("guests", "staff", "objectives", "emperor_tiles")


@lru_cache(maxsize=64)
def _raw(override: str | None) -> dict[str, Any]:
    raw = {
        "guests": load_mapping(DATA_DIR / "guests.yaml")["guests"],
        "staff": load_mapping(DATA_DIR / "staff.yaml")["staff"],
        "objectives": load_mapping(DATA_DIR / "objectives.yaml")["objectives"],
        "emperor_tiles": load_mapping(DATA_DIR / "emperor.yaml")["emperor_tiles"],
        "board": load_mapping(DATA_DIR / "board.yaml"),
        "intro_sets": load_mapping(DATA_DIR / "intro_sets.yaml"),
    }
    # Let's Waltz! modules: cards join the base lists tagged with the module as their set;
    # the module's other sections (boards, tiles, ...) stay its own
    raw["modules"] = {}
    for name in MODULES:
        path = DATA_DIR / "modules" / f"{name}.yaml"
        mod = load_mapping(path) if path.exists() else {}
        for section in CARD_SECTIONS:
            raw[section] = raw[section] + [{**rec, "set": name} for rec in mod.get(section, ())]
        raw["modules"][name] = {k: v for k, v in mod.items() if k not in CARD_SECTIONS}
    if override:
        ov = load_mapping(override)
        unknown = set(ov) - {"guests", "staff", "objectives", "emperor_tiles", "board", "intro_sets", "modules"}
        if unknown:
            raise DataError(f"override file {override}: unknown sections {sorted(unknown)}")
        for section, key in (("guests", "id"), ("staff", "id"), ("objectives", "id"),
                             ("emperor_tiles", "id")):
            if section in ov:
                raw[section] = merge_by_key(raw[section], ov[section], key, f"{override}:{section}")
        if "board" in ov:
            board = {k: dict(v) if isinstance(v, dict) else v for k, v in raw["board"].items()}
            for part, entries in ov["board"].items():
                if part not in board or not isinstance(entries, dict):
                    raise DataError(f"override file {override}: unknown board part {part!r}")
                for name, val in entries.items():
                    if name not in board[part]:
                        raise DataError(f"override file {override}: unknown board value {part}.{name}")
                    board[part][name] = val
            raw["board"] = board
        if "intro_sets" in ov:
            raw["intro_sets"] = ov["intro_sets"]
        for name, sections in (ov.get("modules") or {}).items():
            # a module's own components: each named section is replaced whole
            if name not in raw["modules"] or not isinstance(sections, dict):
                raise DataError(f"override file {override}: unknown module {name!r}")
            for section in sections:
                if section not in raw["modules"][name]:
                    raise DataError(f"override file {override}: unknown section modules.{name}.{section}")
            raw["modules"][name] = {**raw["modules"][name], **sections}
    return raw


def load_rules(config: GahConfig) -> Rules:
    return _load_rules(config.edition, config.exclude_kitchen_hand, config.rowe_smith_staff,
                       config.herlius_objectives, tuple(config.alternatives), config.data_override,
                       config.modules)


@lru_cache(maxsize=64)
def _load_rules(edition: str, exclude_kitchen_hand: bool, rowe_smith: bool, herlius: bool,
                alternatives: tuple[str, ...], override: str | None, modules: tuple[str, ...]) -> Rules:
    try:
        return _build(_raw(override), edition, exclude_kitchen_hand, rowe_smith, herlius, alternatives, modules)
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"card/board data does not validate: {exc!r}") from exc


def _build(raw: dict[str, Any], edition: str, exclude_kh: bool, rowe_smith: bool, herlius: bool,
           alternatives: tuple[str, ...], modules: tuple[str, ...]) -> Rules:
    colour_index = {c: i for i, c in enumerate(COLOURS)}
    # which card sets are in play: the base game (no set), the chosen variants and modules
    in_play = {None, *modules} | ({"rowe_smith"} if rowe_smith else set()) | ({"herlius"} if herlius else set())
    guests: dict[int, Guest] = {}
    for rec in raw["guests"]:
        if rec.get("set") not in in_play:
            continue
        reward = rec.get("reward_original", rec["reward"]) if edition == "original" else rec["reward"]
        o = rec["order"]
        order = (int(o["strudel"]), int(o["cake"]), int(o["wine"]), int(o["coffee"]), int(o.get("champagne", 0)))
        guests[int(rec["id"])] = Guest(int(rec["id"]), rec["name"], colour_index[rec["colour"]],
                                       order, sum(order), int(rec["vp"]),
                                       tuple(reward or ()),  # type: ignore[arg-type]
                                       str(rec.get("destination", "any")))
    staff: dict[int, Staff] = {}
    for rec in raw["staff"]:
        r = _edition(rec, edition)
        if r["timing"] not in TIMINGS:
            raise ValueError(f"staff {r['slug']}: unknown timing {r['timing']}")
        staff[int(r["id"])] = Staff(int(r["id"]), r["slug"], r["name"], int(r["cost"]), r["timing"],
                                    tuple(r.get("on_play", ())), tuple(r.get("on_use", ())),
                                    dict(r.get("ability", {})), dict(r.get("scoring", {})),
                                    {k: int(v) for k, v in r.get("use_cost", {}).items()})
        unknown = set(staff[int(r["id"])].use_cost) - {*ITEMS, "money", "emperor", "dish_or_drink", "any_item"}
        if unknown:
            raise ValueError(f"staff {r['slug']}: unknown use_cost {sorted(unknown)}")
    by_slug = {s.slug: s.id for s in staff.values()}
    deck = [rec["id"] for rec in raw["staff"]
            if rec.get("set") in in_play and not (exclude_kh and rec["slug"] == "kitchen-hand")]
    objectives = {
        str(r["id"]): Objective(str(r["id"]), r["group"], r["text"], dict(r["requirement"]))
        for r in raw["objectives"]
    }
    tiles = {
        str(r["id"]): EmperorTile(str(r["id"]), tuple(r["bonus"]), tuple(r["penalty"]["main"]),
                                  tuple(r["penalty"].get("alternative", ())))
        for r in raw["emperor_tiles"]
    }
    objective_pool = tuple(sorted(str(r["id"]) for r in raw["objectives"] if r.get("set") in in_play))
    emperor_pool = tuple(sorted(str(r["id"]) for r in raw["emperor_tiles"] if r.get("set") in in_play))
    intro = []
    for s in raw["intro_sets"]["sets"]:
        try:
            intro.append(tuple(by_slug[slug] for slug in s["staff"]))
        except KeyError as exc:
            raise ValueError(f"introductory set {s['set']}: unknown staff {exc}") from None

    b = raw["board"]
    hotel = b["hotel"]
    rooms = sorted(hotel["rooms"], key=lambda r: r["room"])
    if [r["room"] for r in rooms] != list(range(20)):
        raise ValueError("hotel rooms must be numbered 0-19")
    colour = tuple(colour_index[r["colour"]] for r in rooms)
    floor = tuple(int(r["floor"]) for r in rooms)
    column = tuple(int(r["column"]) for r in rooms)
    groups = tuple(tuple(int(x) for x in g["rooms"]) for g in hotel["groups"])
    group_of = [-1] * 20
    for gi, members in enumerate(groups):
        for room in members:
            group_of[room] = gi
    if -1 in group_of:
        raise ValueError("every room must belong to a group")
    group_colour = tuple(colour[members[0]] for members in groups)
    pos = {(floor[r], column[r]): r for r in range(20)}
    neighbours = tuple(
        tuple(pos[(floor[r] + df, column[r] + dc)] for df, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
              if (floor[r] + df, column[r] + dc) in pos)
        for r in range(20)
    )
    fc = _value(hotel["floor_cost"])
    fv = _value(hotel["final_vp_per_occupied_room"])
    rvp_map = _value(hotel["room_vp"], "alt" if "room_vp:alt" in alternatives else None)
    room_vp = tuple(int(rvp_map.get(r, rvp_map.get(str(r), 0))) for r in range(20))
    ob = hotel["occupancy_bonus"]
    bonus_kind = tuple(ob[c]["kind"] for c in COLOURS[:3])
    bonus_by_size = tuple(
        tuple([0] + [int(ob[c]["by_size"].get(n, ob[c]["by_size"].get(str(n), 0))) for n in range(1, 5)])
        for c in COLOURS[:3]
    )
    et = b["emperor_track"]
    gm = b["game"]
    tot = _value(gm["turn_order_tiles"])
    return Rules(
        edition=edition,
        guests=guests,
        staff=staff,
        staff_by_slug=by_slug,
        deck_staff=tuple(deck),
        objectives=objectives,
        emperor_tiles=tiles,
        intro_sets=tuple(intro),
        room_colour=colour,
        room_floor=floor,
        room_column=column,
        room_group=tuple(group_of),
        groups=groups,
        group_colour=group_colour,
        neighbours=neighbours,
        rooms_by_floor=tuple(tuple(r for r in range(20) if floor[r] == f) for f in range(5)),
        rooms_by_column=tuple(tuple(r for r in range(20) if column[r] == c) for c in range(5)),
        rooms_by_colour=tuple(tuple(r for r in range(20) if colour[r] == c) for c in range(3)),
        start_room=int(_value(hotel["start_room"])),
        floor_cost=tuple([0] + [int(fc.get(f, fc.get(str(f), 0))) for f in range(1, 5)]),
        final_room_vp=tuple([0] + [int(fv.get(f, fv.get(str(f), 0))) for f in range(1, 5)]),
        room_vp=room_vp,
        bonus_kind=bonus_kind,
        bonus_by_size=bonus_by_size,
        cafe_seats=int(_value(hotel["cafe_seats"])),
        emperor_top=int(_value(et["top"])),
        emperor_vp=tuple(int(x) for x in _value(et["vp"], "alt" if "emperor_vp:alt" in alternatives else None)),
        emperor_setback=tuple(int(x) for x in _value(et["setback"])),
        emperor_bonus_from=int(_value(et["bonus_from"])),
        scoring_rounds=tuple(int(x) for x in _value(et["scoring_rounds"])),
        money_start=int(_value(b["money"]["start"])),
        money_cap=int(_value(b["money"]["cap"])),
        queue_costs=tuple(int(x) for x in _value(b["queue"]["costs"])),
        marker_vp=tuple(int(x) for x in _value(b["objectives"]["marker_vp"])),
        rounds=int(_value(gm["rounds"])),
        modules=modules,
        cubes=(int(_value(gm["cubes_per_item"])),) * DISHES_DRINKS + (
            int(_value(gm["champagne"])) if "ballrooms" in modules else 0,),
        objective_pool=objective_pool,
        emperor_pool=emperor_pool,
        module_data={m: raw["modules"][m] for m in modules},
        champagne_actions="ballrooms" in modules,
        dice={int(k): int(v) for k, v in _value(gm["dice"]).items()},
        hand_size=int(_value(gm["hand_size"])),
        start_rooms=int(_value(gm["start_rooms"])),
        cubes_per_item=int(_value(gm["cubes_per_item"])),
        room_tiles_per_colour=int(_value(gm["room_tiles_per_colour"])),
        turn_order_tiles={int(k): tuple((int(a), int(c)) for a, c in v) for k, v in tot.items()},
    )


def provenance_records(config: GahConfig) -> list[ProvenanceRecord]:
    """Every shipped printed value with its provenance (for ``tabletop cards``)."""
    raw = _raw(config.data_override)
    game = "grand-austria-hotel"
    out: list[ProvenanceRecord] = []
    for g in raw["guests"]:
        o = g["order"]
        order = " ".join(f"{o[it]}{ITEM_LETTERS[i]}" for i, it in enumerate(ITEMS) if o.get(it))
        reward = "; ".join(_fmt_effect(e) for e in g["reward"]) or "none"
        confirmed = set(g.get("confirmed", ()))
        item = f"guest #{g['id']} {g['name']} ({g['colour']})"
        for fld, val in (("order", order), ("vp", str(g["vp"])), ("reward", reward)):
            prov = "confirmed" if fld in confirmed else g["provenance"]
            out.append(ProvenanceRecord(game, item, fld, val, prov, g.get("note", "")))
    for s in raw["staff"]:
        provisional = set(s.get("provisional", ()))
        item = f"staff #{s['id']} {s['name']}"
        cost = str(s["cost"]) + (f" (original: {s['original']['cost']})" if "cost" in s.get("original", {}) else "")
        out.append(ProvenanceRecord(game, item, "cost", cost,
                                    "provisional" if "cost" in provisional else s["provenance"], s.get("note", "")))
        out.append(ProvenanceRecord(game, item, "effect", s["timing"], s["provenance"]))
        out.append(ProvenanceRecord(game, item, "number", str(s["id"]),
                                    "provisional" if s.get("set") == "rowe_smith" else "single",
                                    "numbered by this project" if s.get("set") == "rowe_smith" else ""))
    for o in raw["objectives"]:
        out.append(ProvenanceRecord(game, f"politics {o['id']}", "requirement", o["text"], o["provenance"]))
    for t in raw["emperor_tiles"]:
        out.append(ProvenanceRecord(game, f"emperor tile {t['id']}", "bonus/penalty",
                                    "; ".join(_fmt_effect(e) for e in t["bonus"]), t["provenance"],
                                    t.get("note", "")))
    out.append(ProvenanceRecord(game, "introductory sets A-D", "contents",
                                " | ".join(f"{s['set']}: {', '.join(s['staff'])}" for s in raw["intro_sets"]["sets"]),
                                raw["intro_sets"].get("provenance", "provisional")))
    b = raw["board"]
    out.append(ProvenanceRecord(game, "hotel", "layout (colours, groups)", "standard side, 20 rooms, 10 groups",
                                b["hotel"]["provenance"]))
    for part in ("hotel", "emperor_track", "money", "queue", "objectives", "game"):
        for name, entry in b[part].items():
            if not isinstance(entry, dict) or "provenance" not in entry or "value" not in entry:
                if isinstance(entry, dict) and part == "hotel" and name == "occupancy_bonus":
                    val = "; ".join(f"{c}: {entry[c]['kind']} {entry[c]['by_size']}" for c in COLOURS[:3])
                    out.append(ProvenanceRecord(game, f"{part}", name, val, entry["provenance"]))
                continue
            val = str(entry["value"])
            if "alternatives" in entry:
                val += "; alternatives: " + "; ".join(f"{k}={v}" for k, v in entry["alternatives"].items())
            out.append(ProvenanceRecord(game, part, name, val, entry["provenance"], entry.get("note", "")))
    # Let's Waltz! modules' own components: every entry that names its provenance
    for module, sections in raw["modules"].items():
        _module_records(out, game, module, sections)
    return out


def _module_records(out: list[ProvenanceRecord], game: str, where: str, node: Any) -> None:
    if isinstance(node, dict):
        if "provenance" in node:
            value = node["value"] if "value" in node else {
                k: v for k, v in node.items() if k not in ("provenance", "note")}
            item, _, name = where.rpartition(" ")
            out.append(ProvenanceRecord(game, item or where, name, str(value), node["provenance"],
                                        node.get("note", "")))
            return
        for key, sub in node.items():
            _module_records(out, game, f"{where} {key}", sub)
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            label = sub.get("name", sub.get("id", i)) if isinstance(sub, dict) else i
            _module_records(out, game, f"{where} {label}", sub)


def _fmt_effect(e: dict[str, Any]) -> str:
    args = ", ".join(f"{k}={v}" for k, v in e.items() if k != "effect")
    return f"{e['effect']}({args})" if args else e["effect"]
