"""The Let's Waltz! modules' part of the table drawing (plain text and rich).

Everything that changes during a game is read from ``st.view(seat)["modules"]`` only, so
nothing a seat may not see (the face-down celebrity stack, other hands) can be drawn;
``st.rules`` gives the printed names, costs and scorings. Each module becomes a titled
section of ``(label, text)`` rows, shared by ``module_lines`` and ``module_renderables``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.games.grand_austria_hotel.modules.ballrooms.board import _table, _val, balcony_cost

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.engine import GahState

Rows = list[tuple[str, str]]
TITLES = {
    "ballrooms": "I Vienna Ballrooms (rows: champagne cost, sN = a dancer of seat N)",
    "celebrities": "II Celebrities",
    "unique_hotels": "III Unique Hotels",
    "start_player": "IV Start Player",
    "more": "V Would You Like Some More?",
}
ROW_NAMES = ("top", "middle", "bottom")
NOBODY = "—"


def _seat(p: int | None, seat: int | None) -> str:
    if p is None or p < 0:
        return NOBODY
    return f"seat {p}" + (" (you)" if p == seat else "")


def _scoring(sc: dict[str, Any], n: int) -> str:
    """A ballroom's scoring in a few words (001 App. Ballrooms)."""
    kind = sc["kind"]
    vp: Any = sc.get("vp")
    if kind == "highest_row":
        return "dancers x highest row (top 3, middle 2, bottom 1)"
    if kind == "row_majority":
        return "per row: most " + "/".join(map(str, vp))
    if kind == "table":
        return f"by dancers 0-{len(vp) - 1}+: " + "/".join(map(str, vp))
    if kind == "total_rank":
        return "most dancers " + "/".join(map(str, vp.get(str(n), vp.get(n, []))))
    if kind == "pairs":
        return f"{vp} VP per 2 dancers"
    return str(kind)


# ------------------------------------------------------------------ the modules
def _ballrooms(st: GahState, v: dict[str, Any], m: dict[str, Any], seat: int | None) -> Rows:
    """M1-2 the three ballrooms left to right, their rows; M1-5a rehearsal boards."""
    data = st.rules.module_data["ballrooms"]
    recs = data["ballrooms"]
    ids = [r["id"] for r in recs]
    tab = _table(st)
    n = len(v["players"])
    rows: Rows = []
    for b, bid in enumerate(m["ballrooms"]):
        k = ids.index(bid)
        costs, spaces = tab[k]
        sr = st.rules.scoring_rounds[b]
        done = v["round"] > sr or v["phase"] == "over"
        parts = []
        for r in range(3):
            row = m["rows"][b][r]
            cells = ["·" if s is None else f"s{s}" for s in row[:spaces[r]]]
            cells += ["·"] * (spaces[r] - len(cells))
            parts.append(f"{ROW_NAMES[r]} {costs[r]}h [{' '.join(cells)}]")
            if b == 2 and r == 0 and len(row) > spaces[0]:
                balcony = " ".join("·" if s is None else f"s{s}" for s in row[spaces[0]:])
                parts.append(f"balcony {balcony_cost(st)}h [{balcony}]")
        when = f"scored in round {sr}" if done else f"scores after round {sr}"
        rows.append((str(recs[k]["name"]), f"{' '.join(parts)}; {_scoring(_val(recs[k]['scoring']), n)}; {when}"))
    if m["boards_laid_out"]:
        rows.append(("rehearsal boards to choose", ", ".join(str(x) for x in m["boards_laid_out"])))
    for p, reh in enumerate(m["rehearsal"]):
        if reh["board"] is None:
            continue  # M1-5a: not chosen yet
        secs = reh["sections"]
        text = f"rehearsal board {reh['board']}, sections {'/'.join(map(str, secs))} ({sum(secs)} dancers left)"
        if m["boxed"][p]:
            text += f", {m['boxed'][p]} boxed"
        if m["green_guests"][p] or m["green_guests_this_round"][p]:
            text += f", green guests {m['green_guests'][p] + m['green_guests_this_round'][p]}"
        rows.append((_seat(p, seat), text))
    return rows


def _celebrities(st: GahState, v: dict[str, Any], m: dict[str, Any], seat: int | None) -> Rows:
    """M2-2 the lounge and the face-down stack (a count), M2-6 who holds whom, the coloured dice."""
    data = st.rules.module_data["celebrities"]
    names = {str(r["slug"]): str(r["name"]) for r in data["celebrities"]}
    colours = _val(data["lounge_colours"])
    printed = int(_val(data["printed_vp"]))
    lounge = []
    for s, space in enumerate(m["lounge"]):
        cel = space["celebrity"]
        text = f"{colours[s]}: " + (f"{names[cel]} ({space['chit'] or printed} VP)" if cel else "empty")
        lounge.append(text)
    rows: Rows = [("lounge", " | ".join(lounge)),
                  ("stack", f"{m['stack']} face down · discard: "
                            + (", ".join(names[c] for c in m["discard"]) or NOBODY))]
    used = set(m["used"])
    for p, held in enumerate(m["held"]):
        if held:
            rows.append((_seat(p, seat), "holds " + ", ".join(names[c] + (" (used)" if c in used else "")
                                                             for c in held)))
    dice = []
    for colour, face in m["dice"].items():
        dice.append(f"{colour} " + (f"on {face}" if face > 0 else "to re-roll" if face < 0 else "off"))
    rows.append(("coloured dice", ", ".join(dice)))
    return rows


def _unique_hotels(st: GahState, v: dict[str, Any], m: dict[str, Any], seat: int | None) -> Rows:
    """M3-2/M3-3 the entrances laid out and the auction; each seat's entrance and its extras."""
    ents = {str(r["id"]): str(r["name"]) for r in _val(st.rules.module_data["unique_hotels"]["entrances"])}
    rows: Rows = []
    free = [ents[e["id"]] for e in m["entrances"] if e["owner"] is None]
    for e in sorted((e for e in m["entrances"] if e["owner"] is not None), key=lambda e: e["owner"]):
        rows.append((_seat(e["owner"], seat), ents[e["id"]]))
    if free:
        rows.append(("laid out, not yet auctioned", "; ".join(free)))
    a = m.get("auction")
    if a:
        passed = ", ".join(_seat(q, seat) for q in a["passed"]) or NOBODY
        rows.append(("auction", f"{ents[a['entrance']]}; bid {a['bid']} by {_seat(a['leader'], seat)}; "
                                f"passed: {passed}"))
    if "dove_tokens" in m:
        rows.append(("Dove tokens left", " ".join(map(str, m["dove_tokens"])) or NOBODY))
    if "ninas_objectives" in m:
        rows.append(("Ninas Melange objectives", ", ".join(
            o["id"] + (f" (done round {o['completed_round']})" if o["completed_round"] else "")
            for o in m["ninas_objectives"])))
    if "wray_tiles" in m:
        rows.append(("Grand Wray tiles", " ".join(m["wray_tiles"]) or NOBODY))
    if m.get("kaufman_pile"):
        rows.append(("Kaufman pile", ", ".join(st.rules.guests[g].name for g in m["kaufman_pile"])))
    if "corogari_first_die" in m:
        c = m["corogari_first_die"]
        rows.append(("Corogari first die", str(c) if c > 0 else "bonus taken" if c < 0 else "none yet"))
    return rows


def _start_player(st: GahState, v: dict[str, Any], m: dict[str, Any], seat: int | None) -> Rows:
    """M4-4 the skeleton key (on the extension or with a seat) and M4-3 the turn order."""
    holder = m["key_holder"]
    key = f"with {_seat(holder, seat)}" if holder is not None else "on the action board extension"
    order = sorted(range(len(v["turn_order"])), key=lambda p: v["turn_order"][p]["tile"][0])
    return [("skeleton key", key), ("turn order", ", ".join(_seat(p, seat) for p in order))]


def _more(st: GahState, v: dict[str, Any], m: dict[str, Any], seat: int | None) -> Rows:
    """M5-1 each seat's bell cards, face up (reward still to come) or face down (taken)."""
    staff = st.rules.staff
    by_slug = st.rules.staff_by_slug
    rows: Rows = []
    for p, pp in enumerate(v["players"]):
        down = set(m["face_down"][p])
        bells = [s for s in pp["played"] if staff[by_slug[s]].timing == "bell"]
        if bells:
            rows.append((_seat(p, seat), "bells: " + ", ".join(
                staff[by_slug[s]].name + (" face down" if s in down else " face up") for s in bells)))
        pile = len(m["big_orders"][p]) + len(m["big_orders_this_round"][p])
        if pile:
            rows.append((_seat(p, seat), f"{pile} guests of 3+ items (objective C+)"))
        acc = m["action_totals"][p]
        if any(acc):
            rows.append((_seat(p, seat), "this action: " + ", ".join(
                f"{x} {what}" for x, what in zip(acc, ("emperor steps", "dishes", "drinks")) if x)))
    return rows or [("bells", "none played")]


SECTIONS: dict[str, Callable[[GahState, dict[str, Any], dict[str, Any], int | None], Rows]] = {
    "ballrooms": _ballrooms, "celebrities": _celebrities, "unique_hotels": _unique_hotels,
    "start_player": _start_player, "more": _more,
}


def sections(st: GahState, seat: int | None) -> list[tuple[str, Rows]]:
    """(title, rows) per module in play, from ``seat``'s view."""
    v = st.view(seat)
    out = []
    for name, m in v["modules"].items():
        fn = SECTIONS.get(name)
        if fn is not None:
            out.append((TITLES[name], fn(st, v, m, seat)))
    return out


def module_lines(st: GahState, seat: int | None = None) -> list[str]:
    """Plain-text lines: a header per module, then its rows indented."""
    lines = []
    for title, rows in sections(st, seat):
        lines.append(f"— {title}")
        lines.extend(f"   {label}: {text}" for label, text in rows)
    return lines


def module_renderables(st: GahState, seat: int | None = None) -> list[Any]:
    """One rich panel per module, its rows as a two-column table (your rows highlighted)."""
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    out: list[Any] = []
    for title, rows in sections(st, seat):
        table = Table(box=None, show_header=False, padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for label, text in rows:
            # Text, not markup: "[s1 · ·]" must not be read as a style tag
            table.add_row(Text(label), Text(text), style="cyan" if label.endswith("(you)") else None)
        out.append(Panel(table, title=title, border_style="magenta", title_align="left"))
    return out
