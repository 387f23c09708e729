"""Plain-language text for people: prompts, action sentences and a board drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.state import CHANCE, TERMINAL
from tabletop.games.grand_austria_hotel.data import COLOURS, ITEM_LETTERS, ITEMS
from tabletop.games.grand_austria_hotel.log_text import action_sentence
from tabletop.i18n.catalog import Catalog, catalog

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.state import GahState

def prompt(st: GahState) -> str:
    """The pending decision in English: ``draw_prompt`` with the English catalog."""
    return draw_prompt(catalog("en"), st)


def describe(st: GahState, action: str) -> str:
    """A sentence for ``action`` chosen at the current point of ``st``, in English: the event
    log's sentence of the action's facts (``facts.py`` -> ``log_text.py``), seats numbered
    from 0 as in the prompts. There is no second English text of actions to keep in step."""
    cat = catalog("en")
    return action_sentence(cat, st.action_facts(action), cat.t("seat", n=st.current_player))


ROOM_CHAR = {0: "·", 1: "□", 2: "■"}
ITEM_LETTER = ITEM_LETTERS  # both drawings: the notation's s, c, w, k and h (docs/NOTATION.md)


# ------------------------------------------------------------ the drawing's words
# Every word of the drawing comes from the catalogs (``tabletop.i18n``): card names from
# ``cards``, the drawing's own words from ``game`` (keys ``draw.*``; their English msgids
# are the drawing's English exactly), so ``lang="en"`` draws what it always drew.
def draw_prompt(cat: Catalog, st: GahState) -> str:
    """``prompt(st)`` in the catalog's language (the English catalog gives the same text)."""
    cp = st.current_player
    if cp == TERMINAL:
        return cat.t("ask.over")
    if cp == CHANCE:
        return cat.t("draw.chance", n=st.roll_n)
    fr = st.stack[-1]
    key = f"ask.{fr[0]}"
    ask = cat.t(key) if key in cat else fr[0]
    return cat.t("ask.seat", who=cat.t("draw.seat", n=fr[1]), prompt=ask)


def _phase(cat: Catalog, phase: str) -> str:
    key = f"draw.phase.{phase}"
    return cat.t(key) if key in cat else phase


def _guest(cat: Catalog, gid: int) -> str:
    return cat.t(f"guest.{gid}.name")


def _staff(cat: Catalog, st: GahState, s: int) -> str:
    return cat.t(f"staff.{st.rules.staff[s].slug}.name")


def _item(cat: Catalog, i: int, n: int) -> str:
    """A dish's or drink's word for ``n`` of it (German: Torte, Torten)."""
    return cat.n(f"draw.item.{ITEMS[i]}", n)


def _letter(cat: Catalog, colour: int) -> str:
    """A colour's initial (rooms and the queue)."""
    return cat.t(f"draw.colour_letter.{COLOURS[colour]}")


def _who(cat: Catalog, p: int, seat: int | None) -> str:
    """``Seat 2``, or ``Seat 2 (you)`` for the seat drawn for."""
    who = cat.t("seat", n=p)
    return cat.t("seat.you", name=who) if p == seat else who


def _played(cat: Catalog, st: GahState, pl: Any) -> str:
    return ", ".join(_staff(cat, st, s) if s not in pl.used else cat.t("draw.used", name=_staff(cat, st, s))
                     for s in pl.played)


def render(st: GahState, seat: int | None = None, *, lang: str = "en") -> str:
    """A plain-text drawing of the table as ``seat`` sees it, in ``lang`` (en, de, zh)."""
    cat = catalog(lang)
    t = cat.t
    rules = st.rules
    lines = []
    lines.append(t("draw.head", round=st.round, phase=_phase(cat, st.phase), prompt=draw_prompt(cat, st)))
    dice = "  ".join(f"[{f}]x{st.dice[f]}" for f in range(1, 7))
    lines.append(t("draw.dice", dice=dice, dustbin=st.dustbin))
    q = []
    for i, g in enumerate(st.queue):
        if g:
            gu = rules.guests[g]
            order = "".join(ITEM_LETTER[k] * gu.order[k] for k in range(5))
            q.append(t("draw.queue.guest", slot=i, guest=_guest(cat, g), colour=_letter(cat, gu.colour), vp=gu.vp,
                       order=order, cost=rules.queue_costs[i]))
        else:
            q.append(t("draw.queue.empty", slot=i))
    lines.append(t("draw.queue", guests=" | ".join(q)))
    lines.append(t("draw.politics", politics="  ".join(
        f"{oid}[{','.join(str(s) for s in st.markers[k]) or '-'}]" for k, oid in enumerate(st.objectives)),
        tiles=" ".join(st.emperor_tiles)))
    for p, pl in enumerate(st.players):
        first, second = st.tiles[p]  # the turn order tile said plainly, as the coloured drawing does
        lines.append("— " + cat.n("draw.player", pl.money, who=_who(cat, p, seat), vp=pl.vp, money=pl.money,
                                  emperor=pl.emperor, first=first, second=second, covered=st.covered[p]))
        lines.append("   " + t("draw.kitchen", items=", ".join(
            t("draw.count", n=pl.kitchen[i], item=_item(cat, i, pl.kitchen[i])) for i in st.item_range)))
        for tb, g in enumerate(pl.cafe):
            if g:
                gu = rules.guests[g]
                need = ", ".join(t("draw.need", served=pl.served[tb][i], wanted=gu.order[i],
                                   item=_item(cat, i, gu.order[i])) for i in range(5) if gu.order[i])
                lines.append("   " + t("draw.table", table=tb, guest=_guest(cat, g),
                                       colour=t(f"colour_word.{COLOURS[gu.colour]}"), need=need))
        for f in range(4, 0, -1):
            row = " ".join(f"{r:2d}{_letter(cat, rules.room_colour[r])}{ROOM_CHAR[pl.rooms[r]]}"
                           for r in rules.rooms_by_floor[f])
            lines.append("   " + t("draw.floor", floor=f, rooms=row))
        hand = ", ".join(_staff(cat, st, s) for s in pl.hand) if p == seat else cat.n("draw.cards", len(pl.hand))
        lines.append("   " + t("draw.hand", cards=hand))
        if pl.played:
            lines.append("   " + t("draw.played", cards=_played(cat, st, pl)))
    if st.mods:
        from tabletop.games.grand_austria_hotel.text_modules import module_lines

        lines[4:4] = module_lines(st, seat, lang=lang)  # the modules' boards, before the seats
    return "\n".join(lines)


COLOUR_STYLE = {0: "yellow", 1: "blue", 2: "red", 3: "green"}


def render_rich(st: GahState, seat: int | None = None, *, lang: str = "en") -> Any:
    """The table as rich renderables (colours, tables) for ``tabletop play``, in ``lang``."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    cat = catalog(lang)
    t = cat.t
    rules = st.rules
    head = Text(t("draw.head_rich", round=st.round, prompt=draw_prompt(cat, st)), style="bold")
    dice = Table(box=None, show_header=True, header_style="bold")
    for f in range(1, 7):
        dice.add_column(f"[{f}]", justify="center")
    dice.add_row(*[str(st.dice[f]) for f in range(1, 7)])
    queue = Table(title=t("draw.queue_title"), box=None, header_style="bold")
    for col in ("slot", "guest", "wants", "vp", "cost"):
        queue.add_column(t(f"draw.col.{col}"))
    for i, g in enumerate(st.queue):
        if g:
            gu = rules.guests[g]
            want = "".join(ITEM_LETTER[k] * gu.order[k] for k in range(5))
            queue.add_row(f"g{i}", Text(_guest(cat, g), style=COLOUR_STYLE[gu.colour]), want, str(gu.vp),
                          str(rules.queue_costs[i]))
    politics = " ".join(f"{oid}:{','.join(map(str, st.markers[k])) or '-'}" for k, oid in enumerate(st.objectives))
    info = Text(t("draw.info", politics=politics, tiles=" ".join(st.emperor_tiles), dustbin=st.dustbin))
    boards = []
    for p, pl in enumerate(st.players):
        hotel = Table(box=None, show_header=False, padding=(0, 1))
        for _ in range(5):
            hotel.add_column()
        for f in range(4, 0, -1):
            cells = []
            for r in rules.rooms_by_floor[f]:
                mark = {0: f"{r:2d}·", 1: f"{r:2d}□", 2: f"{r:2d}■"}[pl.rooms[r]]
                style = COLOUR_STYLE[rules.room_colour[r]] + (" bold reverse" if pl.rooms[r] == 2 else "")
                cells.append(Text(mark, style=style if pl.rooms[r] else "dim " + COLOUR_STYLE[rules.room_colour[r]]))
            hotel.add_row(*cells)
        # the turn order tile said plainly: the seat's two turns of the round and how many it took
        first, second = st.tiles[p]
        lines: list[Any] = [Text(cat.n("draw.player_turns", pl.money, vp=pl.vp, money=pl.money, emperor=pl.emperor,
                                   first=first, second=second, covered=st.covered[p])),
                            Text(t("draw.kitchen", items=", ".join(f"{pl.kitchen[i]}{ITEM_LETTER[i]}"
                                                                   for i in st.item_range)))]
        for tb, g in enumerate(pl.cafe):
            if g:
                gu = rules.guests[g]
                need = " ".join(f"{pl.served[tb][i]}/{gu.order[i]}{ITEM_LETTER[i]}" for i in range(5) if gu.order[i])
                # the guest's name in its colour: the sentence is cut where the name goes
                before, _, after = t("draw.table_rich", table=tb, need=need).partition("{guest}")
                lines.append(Text.assemble(before, (_guest(cat, g), COLOUR_STYLE[gu.colour]), after))
        lines.append(hotel)
        if p == seat:
            lines.append(Text(t("draw.hand", cards=", ".join(_staff(cat, st, s) for s in pl.hand) or "-")))
        else:
            lines.append(Text(t("draw.hand", cards=cat.n("draw.cards", len(pl.hand)))))
        if pl.played:
            lines.append(Text(t("draw.played", cards=_played(cat, st, pl))))
        boards.append(Panel(Group(*lines), title=_who(cat, p, seat), border_style="cyan" if p == seat else "white"))
    extra: list[Any] = []
    if st.mods:
        from tabletop.games.grand_austria_hotel.text_modules import module_renderables

        extra = module_renderables(st, seat, lang=lang)
    return Group(head, dice, queue, info, *extra, *boards)
