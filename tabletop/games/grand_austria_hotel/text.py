"""Plain-language text for people: prompts, action sentences and a board drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.state import CHANCE, TERMINAL
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.data import COLOURS, ITEM_LETTERS, ITEMS
from tabletop.games.grand_austria_hotel.modules.celebrities import COLOURS as DIE_COLOURS
from tabletop.i18n.catalog import Catalog, catalog

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.state import GahState

PROMPTS = {
    "turn": "your turn: take a guest, take a die, serve, use staff, move guests, or done",
    "place": "place the new dishes and drinks on your guests (or done: keep them in the kitchen)",
    "serve": "serve up to 3 items from your kitchen to your guests",
    "food": "choose what to take",
    "rooms": "choose a room to prepare (or done)",
    "empmoney": "split between emperor steps and krone",
    "play": "choose a staff card to play (or done)",
    "drawn": "choose one of the drawn staff cards to play (or done)",
    "occupy": "choose a prepared room to occupy (or done)",
    "freeguest": "choose a guest to take for free (or done)",
    "sguest": "choose your starting guest",
    "choice": "choose a dish or drink",
    "complete": "choose a guest whose order the Porter completes",
    "gizia": "E. Gizia: choose an action space to carry out without taking a die",
    "penalty": "emperor penalty: choose the main penalty or the VP loss",
    "avoid": "Conference Manager: pay 1 krone to avoid the emperor penalty, or suffer it",
    "discard": "choose a staff card to discard",
    "discardend": "choose a played game-end staff card to discard",
    "remove": "choose a prepared room to remove from your highest floor",
    "removeocc": "choose an occupied room to remove",
    "bonuskind": "Events Coordinator: choose the kind of occupancy bonus",
    "draft": "draft: choose a staff card to keep",
    "spend": "choose an item to spend",
}


def prompt(st: GahState) -> str:
    cp = st.current_player
    if cp == TERMINAL:
        return "the game is over"
    if cp == CHANCE:
        return f"chance: roll {st.roll_n} dice"
    fr = st.stack[-1]
    owner = st.frame_owner.get(fr[0])
    text = owner.prompts.get(fr[0], fr[0]) if owner else PROMPTS.get(fr[0], fr[0])
    return f"seat {fr[1]}: {text}"


def describe(st: GahState, action: str) -> str:
    """A sentence for ``action`` chosen at the current point of ``st``."""
    if action.startswith("roll:"):
        counts = action[5:].split("-")
        return "dice rolled: " + ", ".join(f"{c}x{f + 1}" for f, c in enumerate(counts) if c != "0")
    if action.startswith("croll:"):
        # module II: the red, blue and yellow dice's faces, 0 for a die not rolled
        faces = action[6:].split("-")
        return "coloured dice rolled: " + ", ".join(
            f"{DIE_COLOURS[c]} {f}" for c, f in enumerate(faces) if c < len(DIE_COLOURS) and f != "0")
    info = N.INFO.get(action)
    cp = st.current_player
    who = f"Seat {cp}"
    if info is None:
        return f"{who}: {action}"
    verb = info[0]
    rules = st.rules
    if verb == "pass":
        return f"{who} passes"
    if verb == "done":
        if not st.stack or st.stack[-1][0] == "turn":
            if st.stack and st._ending_passes():
                return f"{who} ends the turn without a die and passes"
            return f"{who} ends the turn"
        kind = st.stack[-1][0]
        owner = st.frame_owner.get(kind)
        tail = owner.declines.get(kind) if owner else None
        return f"{who} {tail}" if tail else f"{who} is done"
    if verb == "guest":
        g = st.queue[info[1]]
        name = rules.guests[g].name if g else "?"
        return f"{who} takes guest {name} (#{g}) from slot {info[1]}"
    if verb == "die":
        face, act, boost = info[1], info[2], info[3]
        s = f"{who} takes a {face} die" + (f" for action {act}" if face == 6 else "")
        return s + (" and boosts it" if boost else "")
    if verb == "food":
        extra = f" and {info[5]} champagne" if len(info) > 5 else ""
        return f"{who} takes {info[2]} {ITEMS[info[1]]}, {info[4]} {ITEMS[info[3]]}{extra}"
    if verb == "empmoney":
        return f"{who} advances {info[1]} on the emperor track and takes {info[2]} krone"
    if verb == "item":
        return f"{who} puts a {ITEMS[info[2]]} on the guest at table {info[1]}"
    if verb == "serve":
        return f"{who} serves from the kitchen"
    if verb == "move":
        pl = st.players[cp]
        g = pl.cafe[info[1]]
        return f"{who} moves {rules.guests[g].name if g else '?'} into room {info[2]}"
    if verb == "room":
        return f"{who} prepares room {info[1]} ({COLOURS[rules.room_colour[info[1]]]}, floor " \
               f"{rules.room_floor[info[1]]})"
    if verb == "occupy":
        return f"{who} occupies room {info[1]}"
    if verb == "remove":
        return f"{who} removes room {info[1]}"
    if verb == "choice":
        return f"{who} takes a {ITEMS[info[1]]}"
    if verb == "pay":
        return f"{who} spends a {ITEMS[info[1]]}"
    if verb in ("play", "use", "discard", "draft"):
        name = rules.staff[rules.staff_by_slug[info[1]]].name
        if verb == "draft":
            return f"{who} keeps a staff card"
        if verb == "discard" and st.stack and st.stack[-1][0] == "discard":
            return f"{who} discards a staff card from hand"
        return f"{who} {verb}s {name}" if verb != "play" else f"{who} plays {name}"
    if verb == "complete":
        return f"{who} completes the order at table {info[1]}"
    if verb == "penalty":
        return f"{who} takes the {'main' if info[1] == 0 else 'VP'} penalty"
    if verb in ("avoid", "suffer"):
        return f"{who} {'pays 1 krone to avoid' if verb == 'avoid' else 'suffers'} the penalty"
    if verb == "bonuskind":
        return f"{who} takes the {info[1]} occupancy bonus"
    for m in st.mods:
        text = m.describe(st, who, info)
        if text:
            return text
    return f"{who}: {action}"


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
    return cat.t("ask.seat", who=cat.t("draw.seat", n=fr[1]), prompt=cat.t(key) if key in cat else fr[0])


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
