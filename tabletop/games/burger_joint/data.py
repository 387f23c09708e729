"""Burger Joint board data: loading, validation, overrides and provenance.

The shipped file ``data/boards.yaml`` holds every printed value the engine
needs, each tagged with its provenance. Values nobody has a source for are
``provisional`` placeholders (see the file's header); a person with the
printed boards corrects them with an override file (``data_override``
config) whose sections mirror the shipped ones and whose records are matched
by ``key`` (:func:`tabletop.core.data.merge_by_key`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core.data import ProvenanceRecord, load_mapping, merge_by_key
from tabletop.core.errors import DataError

GAME_NAME = "burger-joint"
DATA_FILE = Path(__file__).with_name("data") / "boards.yaml"

COLOURS: tuple[str, ...] = ("white", "black", "yellow", "green", "brown", "red")
SEATS: tuple[str, str] = ("burger", "pizza")
# Upscale bistros, named after their special ability; "prestige" is the bistro
# worth three VP that has no ability. The index of a bistro is its bit.
BISTROS: tuple[str, ...] = ("redraw", "two-for-one", "draw", "one-for-one", "choose", "prestige")
ABILITY_BISTROS: tuple[str, ...] = BISTROS[:5]
PRESTIGE = BISTROS.index("prestige")

SECTIONS = ("rules", "colours", "boards", "diners", "bistros")
RULE_KEYS = ("total_cubes", "storage_limit", "production_limit", "win_vp", "tokens_per_player",
             "start_score")
_WRAPPER_KEYS = {"value", "provenance", "note"}


@dataclass(frozen=True)
class Cost:
    """A building cost: cubes per colour plus ``any`` cubes of free choice."""

    counts: tuple[int, ...]
    any: int = 0

    @property
    def total(self) -> int:
        return sum(self.counts) + self.any

    def text(self) -> str:
        parts = [f"{n} {COLOURS[c]}" for c, n in enumerate(self.counts) if n]
        if self.any:
            parts.append(f"{self.any} of any colour")
        return ", ".join(parts) if parts else "nothing"


@dataclass(frozen=True)
class Board:
    """One player's development board (indices: colours / BISTROS)."""

    key: str
    start_basic: int
    start_diners: tuple[int, ...]
    basic_cost: Cost
    basic_vp: tuple[int, ...]          # VP of basic restaurant space 1..n
    publicity_cost: Cost
    publicity_vp: tuple[int, ...]      # VP shown by the marker on space 1..n
    diner_cost: tuple[Cost, ...]       # per colour
    diner_vp: tuple[int, ...]          # per colour
    bistro_cost: tuple[Cost, ...]      # per bistro
    bistro_vp: tuple[int, ...]         # per bistro


@dataclass(frozen=True)
class GameData:
    cubes: tuple[int, ...]             # cubes per colour in the game
    total_cubes: int
    storage_limit: int
    production_limit: int
    win_vp: int
    tokens_per_player: int
    start_score: int
    boards: tuple[Board, Board]
    records: tuple[ProvenanceRecord, ...]


# -- field access ----------------------------------------------------------------
class _Reader:
    """Reads wrapped fields and collects one provenance record per value."""

    def __init__(self) -> None:
        self.records: list[ProvenanceRecord] = []

    def field(self, rec: dict[str, Any], name: str, where: str) -> Any:
        if name not in rec:
            raise DataError(f"{where}: missing field {name!r}")
        raw = rec[name]
        if isinstance(raw, dict) and "value" in raw and set(raw) <= _WRAPPER_KEYS:
            value, prov, note = raw["value"], raw.get("provenance", "override"), raw.get("note", "")
        else:
            value, prov, note = raw, rec.get("provenance", "override"), ""
        if not isinstance(prov, str) or not isinstance(note, str):
            raise DataError(f"{where}: field {name!r} has a non-text provenance or note")
        self.records.append(ProvenanceRecord(GAME_NAME, str(rec.get("key", where)), name,
                                             _show(value), prov, note))
        return value


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _int(value: Any, where: str, lo: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise DataError(f"{where}: expected a whole number >= {lo}, got {value!r}")
    return value


def _cost(value: Any, where: str) -> Cost:
    if not isinstance(value, dict):
        raise DataError(f"{where}: a cost must map colour names (or 'any') to numbers, got {value!r}")
    counts = [0] * len(COLOURS)
    extra = 0
    for k, n in value.items():
        if k == "any":
            extra = _int(n, f"{where} ({k})")
        elif k in COLOURS:
            counts[COLOURS.index(k)] = _int(n, f"{where} ({k})")
        else:
            raise DataError(f"{where}: unknown colour {k!r} in a cost (colours: {', '.join(COLOURS)})")
    cost = Cost(tuple(counts), extra)
    if cost.total == 0:
        raise DataError(f"{where}: a cost of nothing is not allowed")
    return cost


def _track(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, dict) or not value:
        raise DataError(f"{where}: a track must map space numbers 1..n to VP, got {value!r}")
    spaces: dict[int, int] = {}
    for k, v in value.items():
        try:
            space = int(k)
        except (TypeError, ValueError):
            raise DataError(f"{where}: space {k!r} is not a number") from None
        spaces[space] = _int(v, f"{where} (space {k})")
    if sorted(spaces) != list(range(1, len(spaces) + 1)):
        raise DataError(f"{where}: spaces must be numbered 1..{len(spaces)}, got {sorted(spaces)}")
    return tuple(spaces[i] for i in range(1, len(spaces) + 1))


def _colour(value: Any, where: str) -> int:
    if value not in COLOURS:
        raise DataError(f"{where}: unknown colour {value!r} (colours: {', '.join(COLOURS)})")
    return COLOURS.index(value)


# -- loading -------------------------------------------------------------------
def normalise_override(override: Any) -> dict[str, Any] | None:
    """An override given as a path or a mapping -> a JSON-able mapping (or None)."""
    if override is None:
        return None
    if isinstance(override, (str, Path)):
        override = load_mapping(override)
    if not isinstance(override, dict):
        raise DataError("data_override must be a path to a YAML/JSON file or a mapping")
    try:
        # JSON round trip: the position stores it, so it must be JSON-able
        # (YAML integer keys such as publicity spaces become strings).
        normal: dict[str, Any] = json.loads(json.dumps(override))
    except (TypeError, ValueError) as exc:
        raise DataError(f"data_override is not JSON-able: {exc}") from exc
    unknown = sorted(set(normal) - set(SECTIONS) - {"game"})
    if unknown:
        raise DataError(f"data_override: unknown section(s) {unknown}; sections: {', '.join(SECTIONS)}")
    for section in SECTIONS:
        if section in normal and not isinstance(normal[section], list):
            raise DataError(f"data_override: section {section!r} must be a list of records")
    return normal


_CACHE: dict[str, GameData] = {}


def load_data(override: dict[str, Any] | None = None) -> GameData:
    """The board data, with ``override`` (already normalised) merged over it."""
    cache_key = json.dumps(override, sort_keys=True)
    hit = _CACHE.get(cache_key)
    if hit is not None:
        return hit
    base = load_mapping(DATA_FILE)
    sections: dict[str, list[dict[str, Any]]] = {}
    for section in SECTIONS:
        records = base.get(section)
        if not isinstance(records, list):
            raise DataError(f"{DATA_FILE}: section {section!r} must be a list of records")
        if override and section in override:
            records = merge_by_key(records, override[section], "key", f"burger-joint {section}")
        sections[section] = records
    data = _build(sections)
    _CACHE[cache_key] = data
    return data


def _index(records: list[dict[str, Any]], section: str) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for rec in records:
        if not isinstance(rec, dict) or "key" not in rec:
            raise DataError(f"section {section!r}: every record needs a 'key'")
        out[str(rec["key"])] = rec
    return out


def _build(sections: dict[str, list[dict[str, Any]]]) -> GameData:
    r = _Reader()
    rules = _index(sections["rules"], "rules")
    values: dict[str, int] = {}
    for key in RULE_KEYS:
        if key not in rules:
            raise DataError(f"section 'rules': missing record {key!r}")
        values[key] = _int(r.field(rules[key], "value", f"rules {key}"), f"rules {key}", lo=1)

    colours = _index(sections["colours"], "colours")
    if sorted(colours) != sorted(COLOURS):
        raise DataError(f"section 'colours' must have exactly the colours {', '.join(COLOURS)}")
    cubes = tuple(_int(r.field(colours[c], "cubes", f"colour {c}"), f"colour {c} cubes") for c in COLOURS)
    if sum(cubes) != values["total_cubes"]:
        raise DataError(f"the cubes per colour add up to {sum(cubes)}, but the game has "
                        f"{values['total_cubes']} cubes")

    boards_idx = _index(sections["boards"], "boards")
    diners_idx = _index(sections["diners"], "diners")
    bistros_idx = _index(sections["bistros"], "bistros")
    boards = []
    for seat in SEATS:
        if seat not in boards_idx:
            raise DataError(f"section 'boards': missing board {seat!r}")
        rec = boards_idx[seat]
        w = f"board {seat}"
        start_basic = _int(r.field(rec, "start_basic", w), f"{w} start_basic")
        start_diners_raw = r.field(rec, "start_diners", w)
        if not isinstance(start_diners_raw, list):
            raise DataError(f"{w}: start_diners must be a list of colours")
        start_diners = tuple(sorted({_colour(c, f"{w} start_diners") for c in start_diners_raw}))
        basic_cost = _cost(r.field(rec, "basic_cost", w), f"{w} basic_cost")
        basic_vp = _track(r.field(rec, "basic_vp", w), f"{w} basic_vp")
        publicity_cost = _cost(r.field(rec, "publicity_cost", w), f"{w} publicity_cost")
        publicity_vp = _track(r.field(rec, "publicity_vp", w), f"{w} publicity_vp")
        if start_basic > len(basic_vp):
            raise DataError(f"{w}: start_basic {start_basic} exceeds the {len(basic_vp)} spaces")
        d_cost, d_vp = [], []
        for c in COLOURS:
            key = f"{seat}-{c}"
            if key not in diners_idx:
                raise DataError(f"section 'diners': missing record {key!r}")
            drec = diners_idx[key]
            d_cost.append(_cost(r.field(drec, "cost", key), f"diner {key} cost"))
            d_vp.append(_int(r.field(drec, "vp", key), f"diner {key} vp"))
        b_cost, b_vp = [], []
        for b in BISTROS:
            key = f"{seat}-{b}"
            if key not in bistros_idx:
                raise DataError(f"section 'bistros': missing record {key!r}")
            brec = bistros_idx[key]
            b_cost.append(_cost(r.field(brec, "cost", key), f"bistro {key} cost"))
            b_vp.append(_int(r.field(brec, "vp", key), f"bistro {key} vp"))
        boards.append(Board(seat, start_basic, start_diners, basic_cost, basic_vp, publicity_cost,
                            publicity_vp, tuple(d_cost), tuple(d_vp), tuple(b_cost), tuple(b_vp)))
        if start_basic + len(start_diners) > values["tokens_per_player"]:
            raise DataError(f"{w}: more starting buildings than tokens")
    for key in list(diners_idx) + list(bistros_idx):
        if not any(key.startswith(f"{s}-") for s in SEATS):
            raise DataError(f"unknown record {key!r}: keys are '<board>-<colour or bistro>'")
    return GameData(cubes=cubes, total_cubes=values["total_cubes"],
                    storage_limit=values["storage_limit"], production_limit=values["production_limit"],
                    win_vp=values["win_vp"], tokens_per_player=values["tokens_per_player"],
                    start_score=values["start_score"], boards=(boards[0], boards[1]),
                    records=tuple(r.records))
