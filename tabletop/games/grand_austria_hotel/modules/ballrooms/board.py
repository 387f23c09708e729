"""Module I, Vienna Ballrooms: the ballroom boards' data for this game and the ballroom
scorings (001 App. Ballrooms, Resolving Ties). Pure functions of the state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.games.grand_austria_hotel.engine.base import FREE

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.engine.base import EngineBase

NAME = "ballrooms"
CHAMPAGNE = 4

# ---------------------------------------------------------------------- data
_CACHE: dict[tuple[int, int], tuple[Any, Any]] = {}


def _data(st: EngineBase) -> dict[str, Any]:
    return st.rules.module_data[NAME]  # type: ignore[no-any-return]


def _val(v: Any) -> Any:
    return v["value"] if isinstance(v, dict) and "value" in v else v


def _table(st: EngineBase) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Per ballroom (data index): row costs and usable spaces for this player count."""
    d = _data(st)
    key = (id(d), st.num_players)
    hit = _CACHE.get(key)
    if hit is None:
        n = st.num_players
        out = []
        for rec in d["ballrooms"]:
            side = _val(rec["sides"])["2" if n == 2 else "34"]
            spaces = tuple(int(s) - (int(f) if n == 3 else 0) for s, f in zip(side["spaces"], side["four_player_only"]))
            out.append((tuple(int(c) for c in side["cost"]), spaces))
        hit = _CACHE[key] = (d, tuple(out))
    return hit[1]  # type: ignore[no-any-return]


def balcony_cost(st: EngineBase) -> int:
    return int(_val(_data(st)["balcony_cost"]))


_RECORDS: dict[int, tuple[Any, tuple[dict[str, Any], ...]]] = {}


def ballroom(st: EngineBase, b: int) -> dict[str, Any]:
    """The record of the ballroom at position b (0 left, 2 right), its values unwrapped from their
    provenance: id, name, scoring {kind, vp}, bonus {top, middle}, sides."""
    d = _data(st)
    hit = _RECORDS.get(id(d))
    if hit is None:
        recs = tuple({k: _val(v) for k, v in rec.items()} for rec in d["ballrooms"])
        hit = _RECORDS[id(d)] = (d, recs)
    return hit[1][st.parts[NAME].order[b]]


def used(row: tuple[int, ...]) -> int:
    return len(row) - row.count(-1)


def dancers_in(st: EngineBase, p: int, b: int | None = None) -> int:
    """Seat p's dancers in ballroom b (all three when None); the balcony counts as the top row."""
    rows = st.parts[NAME].rows
    rng = range(9) if b is None else range(b * 3, b * 3 + 3)
    return sum(rows[i].count(p) for i in rng)


def open_rows(st: EngineBase, p: int, discount: int) -> list[tuple[int, int, int]]:
    """(ballroom, row, full cost) a dancer of seat p can go to now, paying cost - discount."""
    part = st.parts[NAME]
    if not any(part.sections[p]):
        return []
    champ = st.players[p].kitchen[CHAMPAGNE]
    tab = _table(st)
    out = []
    for b in range(3):
        costs, spaces = tab[part.order[b]]
        for r in range(3):
            if used(part.rows[b * 3 + r]) < spaces[r]:
                cost = costs[r]
            elif b == 2 and r == 0:
                cost = balcony_cost(st)  # 001 The Balcony (M1-17)
            else:
                continue
            if cost - discount <= champ:
                out.append((b, r, cost))
    return out


def _row_cost(st: EngineBase, p: int, b: int, r: int) -> int:
    for bb, rr, cost in open_rows(st, p, FREE):
        if (bb, rr) == (b, r):
            return cost
    raise AssertionError("row not open")


# ------------------------------------------------------------------- scoring
def shared_ranks(counts: list[int], vp: list[int]) -> list[int]:
    """001 Resolving Ties: rank by count (only counts >= 1 rank); tied players share the rank and
    the skipped ones: the sum of those VP divided by the number tied, rounded down."""
    out = [0] * len(counts)
    ranked = sorted((c for c in set(counts) if c > 0), reverse=True)
    rank = 0
    for c in ranked:
        tied = [p for p, x in enumerate(counts) if x == c]
        total = sum(vp[rank:rank + len(tied)])
        for p in tied:
            out[p] = total // len(tied)
        rank += len(tied)
    return out


def ballroom_scores(st: EngineBase, b: int) -> list[int]:
    """VP each seat scores when ballroom b is scored (M1-24..M1-30)."""
    n = st.num_players
    rec = ballroom(st, b)
    sc = _val(rec["scoring"])
    kind = sc["kind"]
    rows = st.parts[NAME].rows
    per_row = [[rows[b * 3 + r].count(p) for r in range(3)] for p in range(n)]
    total = [sum(x) for x in per_row]
    none = int(_val(_data(st)["no_dancer_vp"]))
    if kind == "highest_row":
        out = [t * (3 - min(r for r in range(3) if per_row[p][r])) if t else 0 for p, t in enumerate(total)]
    elif kind == "row_majority":
        out = [0] * n
        for r in range(3):
            got = shared_ranks([per_row[p][r] for p in range(n)], list(sc["vp"]))
            out = [a + g for a, g in zip(out, got)]
    elif kind == "table":
        vp = list(sc["vp"])
        out = [vp[min(t, len(vp) - 1)] if t else 0 for t in total]
    elif kind == "total_rank":
        vps = sc["vp"]
        out = shared_ranks(total, list(vps.get(str(n), vps.get(n))))
    elif kind == "pairs":
        out = [int(sc["vp"]) * (t // 2) for t in total]
    else:
        raise AssertionError(f"unknown ballroom scoring {kind}")
    return [none if t == 0 else v for t, v in zip(total, out)]


