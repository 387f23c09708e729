"""Let's Waltz! module III, Unique Hotels (001 "Module 3: UNIQUE HOTELS", App. Hotel Entrances).

No dishes or drinks in the kitchens at setup; one random hotel entrance per player is laid
out and auctioned (setup phase ``auction``); each entrance gives starting items, things when
gained and an ongoing effect that only its owner uses. The entrances' named exceptions are
the small functions below, keyed by the entrance id (data/modules/unique_hotels.yaml).

VP sources: everything an entrance scores goes to ``entrances``, except Ninas Melange's
personal objectives (15/10/5 VP), which go to ``objectives``; its final 3/6/10 VP bonus goes
to ``entrances``. Nothing of this module is hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.errors import InvalidPosition
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.data import COLOURS, ITEMS
from tabletop.games.grand_austria_hotel.engine.base import SRC_ENTRANCES, SRC_OBJECTIVES
from tabletop.games.grand_austria_hotel.engine.declare import decision
from tabletop.games.grand_austria_hotel.modules import Module, Part

if TYPE_CHECKING:
    from tabletop.core.rng import Rng
    from tabletop.games.grand_austria_hotel.engine.base import EngineBase, Player

NAME = "unique_hotels"
CHATEAU, COROGARI, DOVE, KAUFMAN, MAYENFELS = (
    "chateau-paulwei", "corogari-zant-mainz", "dove", "kaufman", "mayenfels")
NINAS, STROUP, WRAY, KOZI, REN = (
    "ninas-melange", "stroup", "the-grand-wray-hotel", "the-kozi-palace", "the-ren")
ALL_IDS = (CHATEAU, COROGARI, DOVE, KAUFMAN, MAYENFELS, NINAS, STROUP, WRAY, KOZI, REN)
MAX_BID = 20  # bids are bounded by the bidder's money (at most 20)
TOKENS = 5

# ``open:<entrance>:<bid>``  put an entrance up for auction with a first bid (>= 0)
# ``bid:<n>``                raise to n (``pass`` leaves this auction for good)
# ``dove:<k>``               Dove: claim bonus token k (0-4)
# ``draw:staff``             Mayenfels: draw a staff card after playing one
# ``wray:<tile>``            Grand Wray: retreat 1/2/3 (A/B/C) emperor spaces for a tile's reward
# ``kozi:<a>-<b>``           Kozi Palace: move a die from space a onto adjacent space b, then use b
# ``kozi:<a>-<b>:<colour>``  the same with module II's red / blue / yellow die
OPEN = {(e, b): f"open:{e}:{b}" for e in ALL_IDS for b in range(MAX_BID + 1)}
BID = ("",) + tuple(f"bid:{n}" for n in range(1, MAX_BID + 1))
DOVE_PICK = tuple(f"dove:{k}" for k in range(TOKENS))
MDRAW = "draw:staff"
KOZI_MOVES = tuple((a, b) for a in range(1, 7) for b in range(1, 7) if abs(a - b) == 1)
KOZI_STR = {ab: f"kozi:{ab[0]}-{ab[1]}" for ab in KOZI_MOVES}
DIE_COLOURS = ("red", "blue", "yellow")  # module II's coloured dice, in its order
KOZI_COLOUR = {(a, b, c): f"kozi:{a}-{b}:{DIE_COLOURS[c]}" for a, b in KOZI_MOVES for c in range(3)}
WRAY_STR: dict[str, str] = {}  # filled from the emperor tile ids at first use


def _actions() -> dict[str, tuple[Any, ...]]:
    out: dict[str, tuple[Any, ...]] = {}
    for (e, b), s in OPEN.items():
        out[s] = ("open", e, b)
    for n in range(1, MAX_BID + 1):
        out[BID[n]] = ("bid", n)
    for k in range(TOKENS):
        out[DOVE_PICK[k]] = ("dovetoken", k)
    out[MDRAW] = ("mdraw",)
    for ab, s in KOZI_STR.items():
        out[s] = ("kozi", ab[0], ab[1])
    for (a, b, c), s in KOZI_COLOUR.items():
        out[s] = ("kozi", a, b, c)
    from tabletop.core.data import load_mapping
    from tabletop.games.grand_austria_hotel.data import DATA_DIR

    ids = [str(r["id"]) for r in load_mapping(DATA_DIR / "emperor.yaml")["emperor_tiles"]]
    for name in ("ballrooms", "celebrities", "unique_hotels", "start_player", "more"):
        path = DATA_DIR / "modules" / f"{name}.yaml"
        if path.exists():
            ids += [str(r["id"]) for r in (load_mapping(path).get("emperor_tiles") or ())]
    for tid in ids:
        if tid not in WRAY_STR:
            WRAY_STR[tid] = f"wray:{tid}"
            out[WRAY_STR[tid]] = ("wray", tid)
    return out


N.add_actions(_actions())


class HotelsPart(Part):
    __slots__ = ("laid", "owner", "ent", "lot", "bid", "leader", "out", "last", "tokens", "ninas",
                 "ninas_done", "wray", "wray_turn", "pile", "coro")

    def __init__(self, n: int) -> None:
        self.laid: list[str] = []  # entrance ids laid out for the auction
        self.owner: list[int] = []  # per laid entrance: seat or -1
        self.ent = [""] * n  # per seat: its entrance id ("" none)
        self.lot = -1  # index in ``laid`` of the entrance being auctioned (-1: none)
        self.bid = 0
        self.leader = -1
        self.out: tuple[int, ...] = ()  # seats that passed in this auction
        self.last = -1  # seat that acted last in this auction
        self.tokens: tuple[int, ...] = ()  # Dove's remaining bonus tokens
        self.ninas: tuple[str, ...] = ()  # Ninas Melange's personal objectives
        self.ninas_done: list[int] = []  # per personal objective: round completed (0: not yet)
        self.wray: tuple[str, ...] = ()  # Grand Wray's remaining Emperor tiles
        self.wray_turn = -1  # the turn the Grand Wray ability was last used (see _turn_key)
        self.pile: tuple[int, ...] = ()  # Kaufman's completed guests this round
        self.coro = 0  # Corogari: first die's face this round, 0 none yet, -1 bonus done


def _data(st: EngineBase, name: str) -> Any:
    return st.rules.module_data[NAME][name]["value"]


def _entrances(st: EngineBase) -> dict[str, dict[str, Any]]:
    return {str(r["id"]): r for r in _data(st, "entrances")}


def _by_size(table: Any, k: int) -> Any:
    return table.get(k, table.get(str(k))) if isinstance(table, dict) else table[k]


def _part(st: EngineBase) -> HotelsPart:
    part: HotelsPart = st.parts[NAME]
    return part


def owner_of(st: EngineBase, eid: str) -> int:
    """The seat that owns entrance ``eid`` (-1: nobody)."""
    part = _part(st)
    return part.ent.index(eid) if eid in part.ent else -1


def _turn_key(st: EngineBase, p: int) -> int:
    """One number per turn of seat ``p`` (round, re-roll passes, turns taken)."""
    return st.round * 1000 + st.players[p].passes * 10 + st.covered[p]


def _start_player(st: EngineBase) -> int:
    return st._turn_order()[0]


def _rooms_fully(st: EngineBase, pl: Player, rooms: tuple[int, ...]) -> bool:
    return all(pl.rooms[r] == 2 for r in rooms)


# ---------------------------------------------------------------- decisions
# Declared in the order positions and the research encoders have always listed them.
@decision(kind="open", owner=NAME)
class AuctionOpen:
    """M3-3 (Setup 2b): put a free entrance up for auction with a first bid."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player = fr
        part = _part(st)
        top = min(st.players[player].money, MAX_BID)
        return [OPEN[(part.laid[i], b)] for i in range(len(part.laid)) if part.owner[i] < 0
                for b in range(top + 1)]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p = fr
        part = _part(st)
        st._pop()
        st._set(part, "lot", part.laid.index(info[1]))
        st._set(part, "bid", info[2])
        st._set(part, "leader", p)
        st._set(part, "last", p)
        st._set(part, "out", ())


@decision(kind="bid", owner=NAME)
class AuctionBid:
    """M3-3 (Setup 2b): raise the bid or pass (leaving this auction for good)."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player = fr
        part = _part(st)
        return [BID[b] for b in range(part.bid + 1, min(st.players[player].money, MAX_BID) + 1)] + [N.PASS]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p = fr
        part = _part(st)
        st._pop()
        if info[0] == "pass":
            st._set(part, "out", part.out + (p,))
        else:
            st._set(part, "bid", info[1])
            st._set(part, "leader", p)
        st._set(part, "last", p)


@decision(kind="dovetoken", owner=NAME)
class DoveToken:
    """Dove: a completed column (top half) or floor (bottom half) claims a bonus token."""
    half: int  # 0: the token's top half, 1: its bottom half

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        return [DOVE_PICK[k] for k in _part(st).tokens]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p, half = fr
        part = _part(st)
        st._pop()
        k = info[1]
        st._set(part, "tokens", tuple(t for t in part.tokens if t != k))
        tok = _data(st, "dove_tokens")[k]
        effects = tok["top"] if half == 0 else tok["bottom"]
        st._push(("fx", p, tuple(dict(e) for e in effects), 0, SRC_ENTRANCES))


@decision(kind="mdraw", owner=NAME)
class MayenfelsDraw:
    """Mayenfels: draw a staff card after playing one (or not)."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        return [MDRAW, N.DONE] if st.staff_deck else []

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player = fr
        st._pop()
        st._draw_staff(st.players[player], 1)


@decision(kind="kguest", owner=NAME)
class KaufmanGuest:
    """Kaufman: a second guest after taking one, paying its cost."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, p = fr
        pl = st.players[p]
        if st._free_table(p, pl) < 0:
            return []
        free = st.S["delivery-boy"] in pl.played
        costs = st.rules.queue_costs
        out = [N.G[i] for i in range(5) if st.queue[i] and (free or pl.money >= costs[i])]
        return out + [N.DONE] if out else []

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p = fr
        pl = st.players[p]
        st._pop()
        cost = 0 if st.S["delivery-boy"] in pl.played else st.rules.queue_costs[info[1]]
        st._take_guest(p, pl, info[1], cost)


@decision(kind="kozi", owner=NAME)
class KoziAction:
    """The Kozi Palace: the die action on the space a die was moved onto."""
    space: int  # the action space the die was moved onto

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, space = fr
        pl = st.players[player]
        return [a for a in st._die_options(pl, boost_ok=not st.t_boost) if N.INFO[a][1] == space]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p, _ = fr
        st._pop()
        st._turn_pick(p, st.players[p], info)  # the die action on the space the die was moved onto


class UniqueHotels(Module):
    name = NAME
    phases = ("auction",)
    verbs = ("wray", "kozi")
    main_verbs = ("kozi",)  # the Kozi Palace's move is followed by the die action on its space
    effects = ("mayenfels_draw",)
    events = ("occupied", "guest_done", "staff_played", "die_action", "guest_taken", "dancer_sent",
              "turn_verb")
    listens_actions = True

    def facts(self, st: EngineBase, info: tuple[Any, ...]) -> dict[str, Any] | None:
        verb = info[0]
        if verb == "open":
            return {"verb": "open", "entrance": str(info[1]), "bid": info[2]}
        if verb == "bid":
            return {"verb": "bid", "bid": info[1]}
        if verb == "dovetoken":
            fr = st.stack[-1] if st.stack else ()
            half = ("top", "bottom")[fr[2]] if fr and fr[0] == "dovetoken" else ""  # a DoveToken: kind, player, half
            return {"verb": "dovetoken", "token": info[1], **({"half": half} if half else {})}
        if verb == "mdraw":
            return {"verb": "mdraw"}
        if verb == "wray":
            return {"verb": "wray", "tile": info[1], "steps": "ABC".index(info[1][0]) + 1}
        if verb == "kozi":
            return {"verb": "kozi", "from": info[1], "to": info[2],
                    **({"colour": DIE_COLOURS[info[3]]} if len(info) > 3 else {})}
        return None

    # ------------------------------------------------------------------ setup
    def new_part(self, st: EngineBase) -> Part:
        return HotelsPart(st.num_players)

    def setup(self, st: EngineBase) -> None:
        rng = st.rng
        rules = st.rules
        # M3-1 (Setup 1; Combining Modules 11): no dishes or drinks (champagne stays)
        for pl in st.players:
            for i in range(4):
                st.supply[i] += pl.kitchen[i]
                pl.kitchen[i] = 0
        # M3-2 (Setup 2a): one random entrance per player; The Ren only with module I
        pool = [eid for eid, r in _entrances(st).items()
                if r.get("playable", True) and r.get("requires", NAME) in (NAME, *rules.modules)]
        rng.shuffle(pool)
        part = _part(st)
        part.laid = pool[:st.num_players]
        part.owner = [-1] * len(part.laid)
        if DOVE in part.laid:
            part.tokens = tuple(range(TOKENS))
        if NINAS in part.laid:
            # one each of the remaining A, B and C objective cards
            part.ninas = tuple(rng.choice([o for o in rules.objective_pool if rules.objectives[o].group == g
                                           and o not in st.objectives]) for g in "ABC")
            part.ninas_done = [0, 0, 0]
        if WRAY in part.laid:
            tiles: list[str] = []
            for g in "ABC":
                left = [t for t in rules.emperor_pool if t[0] == g and t not in st.emperor_tiles]
                rng.shuffle(left)
                tiles += sorted(left[:2])
            part.wray = tuple(tiles)

    def flow_phase(self, st: EngineBase, phase: str) -> bool:
        """M3-3 (Setup 2b-d): the auctions, one step at a time."""
        part = _part(st)
        n = st.num_players
        free = [q for q in range(n) if not part.ent[q]]
        if part.lot < 0:
            left = [i for i, o in enumerate(part.owner) if o < 0]
            if not free or not left:
                st._set(st, "phase", st._next_setup_phase("auction"))
            elif len(free) == 1:
                self._gain(st, free[0], left[0], 0)  # the last entrance at no cost
            else:
                sp = _start_player(st)
                opener = next((sp + i) % n for i in range(n) if not part.ent[(sp + i) % n])
                st._push(("open", opener))
            return True
        active = [q for q in free if q not in part.out]
        if len(active) == 1:
            self._gain(st, active[0], part.lot, part.bid)
            st._set(part, "lot", -1)
            st._set(part, "out", ())
            st._set(part, "leader", -1)
            st._set(part, "last", -1)
            st._set(part, "bid", 0)
            return True
        nxt = next((part.last + i) % n for i in range(1, n + 1) if (part.last + i) % n in active)
        st._push(("bid", nxt))
        return True

    def _gain(self, st: EngineBase, p: int, idx: int, price: int) -> None:
        """M3-3 Setup 2c: pay, take the entrance, its starting items and when-gained effects."""
        part = _part(st)
        pl = st.players[p]
        eid = part.laid[idx]
        st._cause("auction", p, entrance=eid, price=price)  # the event log: who won which entrance, for what
        if price:
            st._set(pl, "money", pl.money - price)
        st._seti(part.owner, idx, p)
        st._seti(part.ent, p, eid)
        st._note("entrance", p, eid, price)
        rec = _entrances(st)[eid]
        gained = rec.get("gained") or ()
        if gained:
            st._push(("fx", p, tuple(dict(e) for e in gained), 0, SRC_ENTRANCES))
        items = rec.get("items") or {}
        st._gain_items(p, [int(items.get(it, 0)) for it in ITEMS])

    def setup_frame(self, st: EngineBase, phase: str, p: int) -> None:
        eid = _part(st).ent[p]
        if phase == "start_guest" and eid == KAUFMAN:
            st._push(("freeguest", p))  # Kaufman: a second guest at no cost, after the first
        elif phase == "start_rooms" and eid == CHATEAU:
            st._push(("rooms", p, int(_data(st, "chateau_extra_rooms")), "full", 0, False))
        elif phase == "start_rooms" and eid == DOVE:
            st._push(("rooms", p, int(_data(st, "dove_free_rooms")), "free", 0, False))

    # ------------------------------------------------------------ turn menu
    def turn_actions(self, st: EngineBase, p: int, pl: Player, out: list[str]) -> None:
        eid = _part(st).ent[p]
        if eid == WRAY:
            part = _part(st)
            if part.wray and part.wray_turn != _turn_key(st, p):
                e = pl.emperor
                out.extend(WRAY_STR[t] for t in part.wray if e >= "ABC".index(t[0]) + 1)
        elif eid == KOZI and not st.t_die:
            dice = st.dice
            c6 = 0 if st.S["kitchen-hand"] in pl.played else 1
            # "move one die": with module II a white one (kozi:a-b) or a coloured one, which is
            # turned to the new space's number like any die (kozi:a-b:<colour>)
            cel = st.parts.get("celebrities")
            face = cel.face if cel is not None else ()
            money = pl.money
            for a, b in KOZI_MOVES:
                c_b = c6 if b == 6 else 0
                if dice[a] and money >= c_b and self._adjacent(st, a, b):
                    if dice[a] > face.count(a):
                        out.append(KOZI_STR[(a, b)])
                    # a coloured die moved onto b is then taken there for 1 krone per other die
                    # on b (M2-6): the dice already there; a move the player cannot pay for
                    # would leave them with no die to take
                    if money >= c_b + dice[b]:
                        out.extend(KOZI_COLOUR[(a, b, c)] for c in range(len(face)) if face[c] == a)

    def _adjacent(self, st: EngineBase, a: int, b: int) -> bool:
        return [min(a, b), max(a, b)] in _data(st, "kozi_adjacent")

    def turn_pick(self, st: EngineBase, p: int, pl: Player, info: tuple[Any, ...]) -> None:
        part = _part(st)
        if info[0] == "wray":
            # Grand Wray (reading): retreat 1 for an A tile, 2 for B, 3 for C
            tid = info[1]
            st._set(part, "wray_turn", _turn_key(st, p))
            st._set(pl, "emperor", pl.emperor - ("ABC".index(tid[0]) + 1))
            st._set(part, "wray", tuple(t for t in part.wray if t != tid))
            st._push(("fx", p, st.rules.emperor_tiles[tid].bonus, 0, SRC_ENTRANCES))
        else:
            # Kozi Palace: move one die from an adjacent space, turned to this space's number
            a, b = info[1], info[2]
            st._seti(st.dice, a, st.dice[a] - 1)
            st._seti(st.dice, b, st.dice[b] + 1)
            if len(info) > 3:  # module II's coloured die goes along, turned to b
                st._seti(st.parts["celebrities"].face, info[3], b)
            st._push(("kozi", p, b))

    # -------------------------------------------------------------- effects
    def effect(self, st: EngineBase, p: int, e: dict[str, Any], src: int) -> None:
        if e["effect"] == "mayenfels_draw" and st.staff_deck:
            st._push(("mdraw", p))

    def event(self, st: EngineBase, p: int, kind: str, value: Any) -> None:
        part = _part(st)
        eid = part.ent[p]
        if not eid:
            return
        rules = st.rules
        pl = st.players[p]
        if kind == "occupied":
            r = value
            if eid == STROUP:
                g = rules.room_group[r]
                if sum(1 for x in rules.groups[g] if pl.rooms[x] == 2) == 1:
                    effects = _data(st, "stroup_bonus")[COLOURS[rules.room_colour[r]]]
                    for e in effects:
                        st._effect(p, dict(e), SRC_ENTRANCES)
            elif eid == DOVE and part.tokens:
                # a completed floor (bottom bonus) resolves after a completed column (top)
                if _rooms_fully(st, pl, rules.rooms_by_floor[rules.room_floor[r]]):
                    st._push(("dovetoken", p, 1))
                if _rooms_fully(st, pl, rules.rooms_by_column[rules.room_column[r]]):
                    st._push(("dovetoken", p, 0))
        elif kind == "guest_done":
            if eid == KAUFMAN:
                st._set(part, "pile", part.pile + (value,))
        elif kind == "staff_played":
            # Mayenfels: not the card played when gaining the entrance (during the auction)
            if eid == MAYENFELS and st.phase != "auction":
                st._push_reaction(p, ({"effect": "gain_money", "amount": 1}, {"effect": "mayenfels_draw"}),
                                  SRC_ENTRANCES, entrance=eid)
        elif kind == "die_action":
            if eid == COROGARI and part.coro >= 0:
                if part.coro == 0 and not self._holds_key(st, p):
                    st._set(part, "coro", value)
                else:
                    first = part.coro or value  # with the skeleton key: it copies the die
                    self._corogari(st, p, first + value)
        elif kind == "guest_taken":
            if eid == KAUFMAN:
                st._push(("kguest", p))
        elif kind == "turn_verb":
            # Corogari with module IV: the key taken after the first die copies it, and the bonus
            # comes at once, before the key's dish or drink and its main action
            if value == "key" and eid == COROGARI and part.coro > 0 and self._holds_key(st, p):
                self._corogari(st, p, 2 * part.coro)
        elif kind == "dancer_sent":
            b, r = value
            if eid == REN and r < 2:
                # The Ren: the row bonus once more (none in the bottom row: 'two times nothing')
                from tabletop.games.grand_austria_hotel.modules.ballrooms import ROW_NAMES, ballroom

                bonus = ballroom(st, b)["bonus"][ROW_NAMES[r]]
                if bonus:
                    st._push_reaction(p, tuple(dict(e) for e in bonus), SRC_ENTRANCES, entrance=eid)

    def _holds_key(self, st: EngineBase, p: int) -> bool:
        sp = st.parts.get("start_player")
        return sp is not None and sp.holder == p

    def _corogari(self, st: EngineBase, p: int, total: int) -> None:
        part = _part(st)
        st._set(part, "coro", -1)
        table = _data(st, "corogari_bonus")
        effects = _by_size(table, min(total, 14 - total))
        if effects:
            st._push_reaction(p, tuple(dict(e) for e in effects), SRC_ENTRANCES, entrance=COROGARI)

    def action_done(self, st: EngineBase, p: int) -> None:
        if _part(st).ent[p] == NINAS:
            self._ninas(st, p)

    def _ninas(self, st: EngineBase, p: int) -> None:
        """Ninas Melange: a personal objective completed on your turn scores 15/10/5 VP."""
        part = _part(st)
        vp = _data(st, "ninas_vp_by_round")
        for k, oid in enumerate(part.ninas):
            if not part.ninas_done[k] and st.meets(p, st.rules.objectives[oid].requirement):
                st._seti(part.ninas_done, k, st.round)
                st._vp(st.players[p], int(vp[st.round]), SRC_OBJECTIVES)

    def occupancy_bonus(self, st: EngineBase, p: int, colour: int, size: int, amount: int) -> int:
        if _part(st).ent[p] == CHATEAU:
            return int(_data(st, "chateau_bonus")[COLOURS[colour]][size - 1])
        return amount

    def extra_tables(self, st: EngineBase, p: int) -> int:
        return 1 if _part(st).ent[p] == KAUFMAN else 0

    def round_end(self, st: EngineBase) -> None:
        part = _part(st)
        if part.pile:
            p = owner_of(st, KAUFMAN)
            table = _data(st, "kaufman_pile_vp")
            k = min(len(part.pile), max(int(x) for x in table))
            vp = int(_by_size(table, k)) if k >= min(int(x) for x in table) else 0
            st._vp(st.players[p], vp, SRC_ENTRANCES)
            st._set(part, "pile", ())
        if part.coro:
            st._set(part, "coro", 0)

    def after_emperor(self, st: EngineBase) -> None:
        """The Ren: each time a ballroom is scored (module I, after the Emperor scoring), 4 VP if
        its owner alone has the most dancers in that ballroom."""
        p = owner_of(st, REN)
        if p < 0 or st.round not in st.rules.scoring_rounds:
            return
        from tabletop.games.grand_austria_hotel.modules.ballrooms import dancers_in

        b = st.rules.scoring_rounds.index(st.round)
        mine = dancers_in(st, p, b)
        if mine and all(dancers_in(st, q, b) < mine for q in range(st.num_players) if q != p):
            st._vp(st.players[p], int(_data(st, "ren_scoring_vp")), SRC_ENTRANCES)

    def final_scoring(self, st: EngineBase) -> None:
        part = _part(st)
        p = owner_of(st, NINAS)
        if p < 0:
            return
        total = sum(1 for d in part.ninas_done if d) + sum(1 for m in st.markers if p in m)
        table = _data(st, "ninas_final_vp")
        best = max((int(k) for k in table if int(k) <= total), default=0)
        if best:
            st._vp(st.players[p], int(_by_size(table, best)), SRC_ENTRANCES)

    # ------------------------------------------------------------- position
    def dump(self, st: EngineBase) -> dict[str, Any]:
        part = _part(st)
        out: dict[str, Any] = {
            "entrances": [{"id": e, "owner": o if o >= 0 else None} for e, o in zip(part.laid, part.owner)],
        }
        if part.lot >= 0:
            out["auction"] = {"entrance": part.laid[part.lot], "bid": part.bid, "leader": part.leader,
                              "passed": list(part.out), "last": part.last}
        if DOVE in part.laid:
            out["dove_tokens"] = list(part.tokens)
        if NINAS in part.laid:
            out["ninas_objectives"] = [{"id": o, "completed_round": d} for o, d in zip(part.ninas, part.ninas_done)]
        if WRAY in part.laid:
            out["wray_tiles"] = list(part.wray)
            out["wray_used_turn"] = part.wray_turn
        if KAUFMAN in part.laid:
            out["kaufman_pile"] = list(part.pile)
        if COROGARI in part.laid:
            out["corogari_first_die"] = part.coro
        return out

    def view(self, st: EngineBase, seat: int | None, data: dict[str, Any]) -> dict[str, Any]:
        # derived for the table (not in positions): has the Grand Wray's owner used it this turn?
        part = _part(st)
        if WRAY in part.laid:
            owner = owner_of(st, WRAY)
            data["wray_used_this_turn"] = owner >= 0 and part.wray_turn == _turn_key(st, owner)
        return data

    def determinize(self, pos: dict[str, Any], seat: int | None, rng: Rng) -> None:
        pos["modules"][NAME].pop("wray_used_this_turn", None)  # derived by view(), not position data

    def load(self, st: EngineBase, data: dict[str, Any]) -> None:
        known = {"entrances", "auction", "dove_tokens", "ninas_objectives", "wray_tiles", "wray_used_turn",
                 "kaufman_pile", "corogari_first_die"}
        extra = set(data) - known
        if extra:
            raise InvalidPosition(f"modules.{NAME}: unknown fields {sorted(extra)}")
        part = _part(st)
        n = st.num_players
        part.laid = [str(d["id"]) for d in data.get("entrances", ())]
        part.owner = [-1 if d.get("owner") is None else int(d["owner"]) for d in data.get("entrances", ())]
        part.ent = [""] * n
        for e, o in zip(part.laid, part.owner):
            if not -1 <= o < n:
                raise InvalidPosition(f"modules.{NAME}: owner of {e} must be a seat or null")
            if o >= 0:
                if part.ent[o]:
                    raise InvalidPosition(f"modules.{NAME}: seat {o} owns two hotel entrances")
                part.ent[o] = e
        a = data.get("auction")
        if a:
            part.lot = part.laid.index(a["entrance"])
            part.bid, part.leader, part.last = int(a["bid"]), int(a["leader"]), int(a["last"])
            part.out = tuple(int(q) for q in a.get("passed", ()))
        part.tokens = tuple(int(k) for k in data.get("dove_tokens", ()))
        nin = data.get("ninas_objectives", ())
        part.ninas = tuple(str(d["id"]) for d in nin)
        part.ninas_done = [int(d.get("completed_round", 0)) for d in nin]
        part.wray = tuple(str(t) for t in data.get("wray_tiles", ()))
        part.wray_turn = int(data.get("wray_used_turn", -1))
        part.pile = tuple(int(g) for g in data.get("kaufman_pile", ()))
        part.coro = int(data.get("corogari_first_die", 0))

    def check(self, st: EngineBase) -> None:
        """Every laid-out entrance known, at most one per seat; tokens, tiles and cards valid."""
        part = _part(st)
        ents = _entrances(st)
        where = f"modules.{NAME}"
        if len(set(part.laid)) != len(part.laid) or any(e not in ents for e in part.laid):
            raise InvalidPosition(f"{where}: entrances must be distinct known ids ({', '.join(ents)})")
        if len(part.laid) > st.num_players:
            raise InvalidPosition(f"{where}: at most one entrance per player is laid out")
        for e in part.laid:
            req = ents[e].get("requires")
            if req and req not in st.rules.modules:
                raise InvalidPosition(f"{where}: {e} is only used with module {req}")
        if len(set(part.tokens)) != len(part.tokens) or any(not 0 <= k < TOKENS for k in part.tokens):
            raise InvalidPosition(f"{where}: dove_tokens must be distinct tokens 0-{TOKENS - 1}")
        if part.tokens and DOVE not in part.laid:
            raise InvalidPosition(f"{where}: dove_tokens without Dove laid out")
        for oid in part.ninas:
            if oid not in st.rules.objectives or oid in st.objectives:
                raise InvalidPosition(f"{where}: personal objective {oid!r} unknown or on the game board")
        for tid in part.wray:
            if tid not in st.rules.emperor_tiles or tid in st.emperor_tiles:
                raise InvalidPosition(f"{where}: Grand Wray tile {tid!r} unknown or on the game board")
        for g in part.pile:
            if g not in st.rules.guests:
                raise InvalidPosition(f"{where}: unknown guest #{g} in the Kaufman pile")
        if part.lot >= 0 and (part.owner[part.lot] >= 0 or st.phase != "auction"):
            raise InvalidPosition(f"{where}: an auction runs only in the auction phase, for a free entrance")


MODULE = UniqueHotels()
