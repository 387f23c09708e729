"""The Let's Waltz! modules' part of the table drawing (plain text and rich).

Everything that changes during a game is read from ``st.view(seat)["modules"]`` only, so
nothing a seat may not see (the face-down celebrity stack, other hands) can be drawn;
``st.rules`` gives the costs and scorings. Each module becomes a titled section of
``(label, text)`` rows, shared by ``module_lines`` and ``module_renderables``.

The words come from the catalogs (``tabletop.i18n``) in the language asked for: printed
names from ``cards``, the rest from ``game`` (keys ``draw.*``, whose English msgids are
the English drawing exactly).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.games.grand_austria_hotel.modules.ballrooms.board import _table, _val, balcony_cost
from tabletop.i18n.catalog import Catalog, catalog

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.state import GahState

Rows = list[tuple[str, str]]
# the English titles (the msgids of ``draw.title.<module>``)
TITLES = {
    "ballrooms": "I Vienna Ballrooms (rows: champagne cost, sN = a dancer of seat N)",
    "celebrities": "II Celebrities",
    "unique_hotels": "III Unique Hotels",
    "start_player": "IV Start Player",
    "more": "V Would You Like Some More?",
}
ROW_NAMES = ("top", "middle", "bottom")  # the ``row.<name>`` words
NOBODY = "—"


def _seat(cat: Catalog, p: int | None, seat: int | None) -> str:
    if p is None or p < 0:
        return NOBODY
    name = cat.t("draw.seat", n=p)
    return cat.t("seat.you", name=name) if p == seat else name


def _scoring(cat: Catalog, sc: dict[str, Any], n: int) -> str:
    """A ballroom's scoring in a few words (001 App. Ballrooms)."""
    kind = sc["kind"]
    vp: Any = sc.get("vp")
    if kind == "highest_row":
        return cat.t("draw.bal.score.highest_row")
    if kind == "row_majority":
        return cat.t("draw.bal.score.row_majority", vp="/".join(map(str, vp)))
    if kind == "table":
        return cat.t("draw.bal.score.table", most=len(vp) - 1, vp="/".join(map(str, vp)))
    if kind == "total_rank":
        return cat.t("draw.bal.score.total_rank", vp="/".join(map(str, vp.get(str(n), vp.get(n, [])))))
    if kind == "pairs":
        return cat.t("draw.bal.score.pairs", vp=vp)
    return str(kind)


def _used(cat: Catalog, name: str, used: bool) -> str:
    return cat.t("draw.used", name=name) if used else name


# ------------------------------------------------------------------ the modules
def _ballrooms(st: GahState, v: dict[str, Any], m: dict[str, Any], seat: int | None, cat: Catalog) -> Rows:
    """M1-2 the three ballrooms left to right, their rows; M1-5a rehearsal boards."""
    t = cat.t
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
            parts.append(t("draw.bal.row", row=t(f"row.{ROW_NAMES[r]}"), cost=costs[r], cells=" ".join(cells)))
            if b == 2 and r == 0 and len(row) > spaces[0]:
                balcony = " ".join("·" if s is None else f"s{s}" for s in row[spaces[0]:])
                parts.append(t("draw.bal.balcony", cost=balcony_cost(st), cells=balcony))
        when = t("draw.bal.scored" if done else "draw.bal.scores", round=sr)
        rows.append((t(f"ballroom.{recs[k]['id']}.name"),
                     f"{' '.join(parts)}; {_scoring(cat, _val(recs[k]['scoring']), n)}; {when}"))
    if m["boards_laid_out"]:
        rows.append((t("draw.bal.boards"), ", ".join(str(x) for x in m["boards_laid_out"])))
    for p, reh in enumerate(m["rehearsal"]):
        if reh["board"] is None:
            continue  # M1-5a: not chosen yet
        secs = reh["sections"]
        text = cat.n("draw.bal.rehearsal", sum(secs), board=reh["board"], sections="/".join(map(str, secs)))
        if m["boxed"][p]:
            text += t("draw.bal.boxed", n=m["boxed"][p])
        if m["green_guests"][p] or m["green_guests_this_round"][p]:
            text += t("draw.bal.green", n=m["green_guests"][p] + m["green_guests_this_round"][p])
        rows.append((_seat(cat, p, seat), text))
    return rows


def _celebrities(st: GahState, v: dict[str, Any], m: dict[str, Any], seat: int | None, cat: Catalog) -> Rows:
    """M2-2 the lounge and the face-down stack (a count), M2-6 who holds whom, the coloured dice."""
    t = cat.t
    data = st.rules.module_data["celebrities"]

    def name(slug: str) -> str:
        return t(f"celebrity.{slug}.name")

    colours = _val(data["lounge_colours"])
    printed = int(_val(data["printed_vp"]))
    lounge = []
    for s, space in enumerate(m["lounge"]):
        cel = space["celebrity"]
        colour = t(f"colour_word.{colours[s]}")
        lounge.append(t("draw.cel.space", colour=colour, celebrity=name(cel), vp=space["chit"] or printed) if cel
                      else t("draw.cel.empty", colour=colour))
    rows: Rows = [(t("draw.cel.lounge"), " | ".join(lounge)),
                  (t("draw.cel.stack"), t("draw.cel.stack_text", n=m["stack"],
                                          discard=", ".join(name(c) for c in m["discard"]) or NOBODY))]
    used = set(m["used"])
    for p, held in enumerate(m["held"]):
        if held:
            rows.append((_seat(cat, p, seat), t("draw.cel.holds", celebrities=", ".join(
                _used(cat, name(c), c in used) for c in held))))
    dice = []
    for colour, face in m["dice"].items():
        word = t(f"colour_word.{colour}")
        dice.append(t("draw.cel.die_on", colour=word, face=face) if face > 0 else
                    t("draw.cel.die_reroll", colour=word) if face < 0 else t("draw.cel.die_off", colour=word))
    rows.append((t("draw.cel.dice"), ", ".join(dice)))
    return rows


def _unique_hotels(st: GahState, v: dict[str, Any], m: dict[str, Any], seat: int | None, cat: Catalog) -> Rows:
    """M3-2/M3-3 the entrances laid out and the auction; each seat's entrance and its extras."""
    t = cat.t

    def ent(eid: str) -> str:
        return t(f"entrance.{eid}.name")

    rows: Rows = []
    free = [ent(e["id"]) for e in m["entrances"] if e["owner"] is None]
    for e in sorted((e for e in m["entrances"] if e["owner"] is not None), key=lambda e: e["owner"]):
        rows.append((_seat(cat, e["owner"], seat), ent(e["id"])))
    if free:
        rows.append((t("draw.uh.free"), "; ".join(free)))
    a = m.get("auction")
    if a:
        passed = ", ".join(_seat(cat, q, seat) for q in a["passed"]) or NOBODY
        rows.append((t("draw.uh.auction"), t("draw.uh.auction_text", entrance=ent(a["entrance"]), bid=a["bid"],
                                             leader=_seat(cat, a["leader"], seat), passed=passed)))
    if "dove_tokens" in m:
        rows.append((t("draw.uh.dove"), " ".join(map(str, m["dove_tokens"])) or NOBODY))
    if "ninas_objectives" in m:
        rows.append((t("draw.uh.ninas"), ", ".join(
            t("draw.uh.ninas_done", objective=o["id"], round=o["completed_round"]) if o["completed_round"]
            else o["id"] for o in m["ninas_objectives"])))
    if "wray_tiles" in m:
        rows.append((t("draw.uh.wray"), " ".join(m["wray_tiles"]) or NOBODY))
    if m.get("kaufman_pile"):
        rows.append((t("draw.uh.kaufman"), ", ".join(t(f"guest.{g}.name") for g in m["kaufman_pile"])))
    if "corogari_first_die" in m:
        c = m["corogari_first_die"]
        rows.append((t("draw.uh.corogari"),
                     str(c) if c > 0 else t("draw.uh.corogari_taken") if c < 0 else t("draw.uh.corogari_none")))
    return rows


def _start_player(st: GahState, v: dict[str, Any], m: dict[str, Any], seat: int | None, cat: Catalog) -> Rows:
    """M4-4 the skeleton key (on the extension or with a seat) and M4-3 the turn order."""
    t = cat.t
    holder = m["key_holder"]
    key = t("draw.sp.key_with", who=_seat(cat, holder, seat)) if holder is not None else t("draw.sp.key_board")
    order = sorted(range(len(v["turn_order"])), key=lambda p: v["turn_order"][p]["tile"][0])
    return [(t("draw.sp.key"), key), (t("draw.sp.order"), ", ".join(_seat(cat, p, seat) for p in order))]


def _more(st: GahState, v: dict[str, Any], m: dict[str, Any], seat: int | None, cat: Catalog) -> Rows:
    """M5-1 each seat's bell cards, face up (reward still to come) or face down (taken)."""
    t = cat.t
    staff = st.rules.staff
    by_slug = st.rules.staff_by_slug
    rows: Rows = []
    for p, pp in enumerate(v["players"]):
        down = set(m["face_down"][p])
        bells = [s for s in pp["played"] if staff[by_slug[s]].timing == "bell"]
        if bells:
            rows.append((_seat(cat, p, seat), t("draw.more.bells", cards=", ".join(
                t("draw.more.down" if s in down else "draw.more.up", name=t(f"staff.{s}.name")) for s in bells))))
        pile = len(m["big_orders"][p]) + len(m["big_orders_this_round"][p])
        if pile:
            rows.append((_seat(cat, p, seat), cat.n("draw.more.pile", pile)))
        acc = m["action_totals"][p]
        if any(acc):
            rows.append((_seat(cat, p, seat), t("draw.more.action", totals=", ".join(
                cat.n(f"draw.more.{what}", x) for x, what in zip(acc, ("steps", "dishes", "drinks"), strict=False)
                if x))))
    return rows or [(t("draw.more.bells_label"), t("draw.more.none"))]


SECTIONS: dict[str, Callable[[GahState, dict[str, Any], dict[str, Any], int | None, Catalog], Rows]] = {
    "ballrooms": _ballrooms, "celebrities": _celebrities, "unique_hotels": _unique_hotels,
    "start_player": _start_player, "more": _more,
}


def sections(st: GahState, seat: int | None, lang: str = "en") -> list[tuple[str, Rows]]:
    """(title, rows) per module in play, from ``seat``'s view, in ``lang``."""
    cat = catalog(lang)
    v = st.view(seat)
    out = []
    for name, m in v["modules"].items():
        fn = SECTIONS.get(name)
        if fn is not None:
            out.append((cat.t(f"draw.title.{name}"), fn(st, v, m, seat, cat)))
    return out


def module_lines(st: GahState, seat: int | None = None, *, lang: str = "en") -> list[str]:
    """Plain-text lines: a header per module, then its rows indented."""
    lines = []
    for title, rows in sections(st, seat, lang):
        lines.append(f"— {title}")
        lines.extend(f"   {label}: {text}" for label, text in rows)
    return lines


def module_renderables(st: GahState, seat: int | None = None, *, lang: str = "en") -> list[Any]:
    """One rich panel per module, its rows as a two-column table (your rows highlighted)."""
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    you = _seat(catalog(lang), seat, seat) if seat is not None else None
    out: list[Any] = []
    for title, rows in sections(st, seat, lang):
        table = Table(box=None, show_header=False, padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for label, text in rows:
            # Text, not markup: "[s1 · ·]" must not be read as a style tag
            table.add_row(Text(label), Text(text), style="cyan" if label == you else None)
        out.append(Panel(table, title=title, border_style="magenta", title_align="left"))
    return out
