"""Let's Waltz! module I, Vienna Ballrooms (001 "Module I: VIENNA BALLROOMS").

Rule-point ids (M1-n) refer to /work/shared/reference/lets-waltz-rules.md section 1.

- Setup: 1 champagne in each kitchen (M1-5); three of the five ballrooms at random, in a
  random order, on the side for the player count (M1-2); rehearsal boards laid out, one per
  player, chosen in reverse turn order in the setup phase ``rehearsal`` (M1-5a).
- A completed guest may be sent to a ballroom instead of a room (M1-9..M1-17):
  ``m<table>b<ballroom><row>`` (ballroom 0-2 left to right, row t/m/b). Pay the row's
  champagne, take a dancer from a section of choice (``dancer:<size>``), place it on the
  leftmost free space, then take the row bonus, the guest's reward + VP and the emptied
  section's room bonus in an order of choice (``first:row|guest|room``).
- Extra sends (``send_dancer`` effect, M1-21): ``send:<ballroom><row>`` or ``done``.
- Ballroom scoring after each Emperor scoring (M1-23..M1-30), the ♪ Emperor tiles and
  objectives, the 15 staff cards (named exceptions: Ballet Master, Arranger, Danube
  Steamship Captain) and Leading Dancer's game-end scoring.

State (the part): the ballrooms in play (data indices, left to right), each row's spaces
(a seat per occupied space, -1 for a space freed by an Emperor penalty; the rightmost
ballroom's top row may run past its printed spaces: the balcony, M1-17), the rehearsal
boards still laid out, each seat's board and its four section counts, dancers returned
to the box, and the number of green guests each seat completed (objective ♪ C).

Dancing Master / Choirmaster ("before or after taking the main action"): when the die's main
action is pending (event ``die_action``) a ``bal_either`` decision offers the send now, ``later``
(then it comes right after the main action) or ``done``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.errors import InvalidPosition
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.data import GREEN
from tabletop.games.grand_austria_hotel.engine.base import FREE, SRC_BALLROOMS, SRC_GUESTS, SRC_STAFF
from tabletop.games.grand_austria_hotel.engine.declare import decision
from tabletop.games.grand_austria_hotel.modules import Module, Part
from tabletop.games.grand_austria_hotel.modules.ballrooms.board import (
    _data,
    _row_cost,
    _table,
    _val,
    ballroom,
    ballroom_scores,
    dancers_in,
    open_rows,
    shared_ranks,
)

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.engine.base import EngineBase, Player

NAME = "ballrooms"
ROWS = "tmb"  # top, middle, bottom
ROW_NAMES = ("top", "middle", "bottom")
CHAMPAGNE = 4
DANCERS = 10

# ------------------------------------------------------------------ notation
SEND_TURN = tuple(tuple(tuple(f"m{t}b{b}{ROWS[r]}" for r in range(3)) for b in range(3)) for t in range(N.TABLES))
SEND = tuple(tuple(f"send:{b}{ROWS[r]}" for r in range(3)) for b in range(3))
SECTION = tuple(f"dancer:{k + 1}" for k in range(4))  # the section holding k+1 dancers at setup
FIRST = ("first:row", "first:guest", "first:room")
BOARD = tuple(f"rehearsal:{k + 1}" for k in range(4))
UNSEAT = tuple(f"rmdancer:{ROWS[r]}" for r in range(3))
LATER = "dance:later"


def _actions() -> dict[str, tuple[Any, ...]]:
    out: dict[str, tuple[Any, ...]] = {}
    for t in range(N.TABLES):
        for b in range(3):
            for r in range(3):
                out[SEND_TURN[t][b][r]] = ("bal_send", t, b, r)
    for b in range(3):
        for r in range(3):
            out[SEND[b][r]] = ("bal_dance", b, r)
    for k in range(4):
        out[SECTION[k]] = ("bal_section", k)
        out[BOARD[k]] = ("bal_board", k)
    for i, s in enumerate(FIRST):
        out[s] = ("bal_first", i)
    for r in range(3):
        out[UNSEAT[r]] = ("bal_unseat", r)
    out[LATER] = ("bal_later",)
    return out


N.add_actions(_actions())


class BallroomsPart(Part):
    __slots__ = ("order", "rows", "laid", "board", "sections", "boxed", "greens", "greens_wait")

    def __init__(self, n: int) -> None:
        self.order: tuple[int, ...] = (0, 1, 2)  # ballroom data indices, left to right
        self.rows: list[tuple[int, ...]] = [() for _ in range(9)]  # [ballroom * 3 + row]
        self.laid: tuple[int, ...] = ()  # rehearsal boards (data indices) not chosen yet
        self.board = [-1] * n
        self.sections: list[tuple[int, ...]] = [(0, 0, 0, 0) for _ in range(n)]
        self.boxed = [0] * n
        self.greens = [0] * n
        self.greens_wait = [0] * n  # Kaufman's green guests of this round (join at the round end)


__all__ = ["MODULE", "ballroom_scores", "shared_ranks", "open_rows", "dancers_in", "_table", "_val"]


# ------------------------------------------------------------- decisions
# Declared in the order positions and the research encoders have always listed them.
@decision(kind="bal_board", owner=NAME)
class BalBoard:
    """M1-5a: choose one of the rehearsal room boards laid out (setup phase ``rehearsal``)."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        return [BOARD[k] for k in st.parts[NAME].laid]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p = fr
        part = st.parts[NAME]
        st._pop()
        k = info[1]
        st._set(part, "laid", tuple(x for x in part.laid if x != k))
        st._seti(part.board, p, k)
        secs = _data(st)["rehearsal_boards"][k]["sections"]
        st._seti(part.sections, p, tuple(int(s["dancers"]) for s in secs))


@decision(kind="bal_dancer", owner=NAME)
class BalDancer:
    """M1-10: the rehearsal section the sent dancer comes from."""
    ballroom: int  # 0-2, left to right
    row: int  # 0-2: top, middle, bottom
    guest: int  # the guest sent (0: none, an extra send)

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, _, _, _ = fr
        sec = st.parts[NAME].sections[player]
        return [SECTION[k] for k in range(4) if sec[k]]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, ballroom, row, guest = fr
        st._pop()
        MODULE._place(st, player, ballroom, row, guest, info[1])


@decision(kind="bal_reward", owner=NAME)
class BalReward:
    """M1-14: which of the dancer's rewards comes first (row bonus, guest, room bonus)."""
    ballroom: int
    row: int  # -1: the row bonus is taken (or the bottom row: none)
    guest: int  # 0: the guest's reward is taken (or none)
    section: int  # the emptied section (room bonus), -1: taken or none

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, _, _, row, guest, section = fr
        return [FIRST[w] for w, on in enumerate((row >= 0, guest > 0, section >= 0)) if on]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, ballroom, row, guest, section = fr
        p, b, r, g, k = player, ballroom, row, guest, section
        what = info[1]
        st._pop()
        rest = (r if what != 0 else -1, g if what != 1 else 0, k if what != 2 else -1)
        MODULE._rewards(st, p, b, *rest)
        MODULE._package(st, p, what, b, r, g, k)


@decision(kind="bal_send", owner=NAME)
class BalSend:
    """M1-21: optional extra sends, each with its own discount (``done``: no more)."""
    discounts: Any  # one per send left, champagne off the row's cost (FREE: free)
    mark: int  # a staff card to mark used once it sends (Danube Steamship Captain), -1: none

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, discounts, _ = fr
        out = [SEND[b][r] for b, r, _ in open_rows(st, player, discounts[0])]
        out.append(N.DONE)
        return out

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p, discounts, mark = fr
        _, b, r = info
        cost = _row_cost(st, p, b, r)
        if len(discounts) > 1:
            st._replace(("bal_send", p, discounts[1:], -1))
        else:
            st._pop()
        pl = st.players[p]
        if mark >= 0 and mark not in pl.used:
            st._set(pl, "used", pl.used + (mark,))  # once per round (Danube Steamship Captain)
        MODULE._send(st, p, b, r, max(0, cost - discounts[0]), 0)


@decision(kind="bal_unseat", owner=NAME)
class BalUnseat:
    """``remove_dancers``: take the player's dancers out of a ballroom, one row per pick."""
    ballroom: int
    count: int  # dancers still to remove

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, ballroom, _ = fr
        rows = st.parts[NAME].rows
        b, p = ballroom, player
        return [UNSEAT[r] for r in range(3) if p in rows[b * 3 + r]]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p, ballroom, count = fr
        b = ballroom
        part = st.parts[NAME]
        if count > 1:
            st._replace(("bal_unseat", p, b, count - 1))
        else:
            st._pop()
        i = b * 3 + info[1]
        row = part.rows[i]
        j = len(row) - 1 - row[::-1].index(p)  # the rightmost of the player's dancers there
        st._seti(part.rows, i, row[:j] + (-1,) + row[j + 1:])
        st._seti(part.boxed, p, part.boxed[p] + 1)


@decision(kind="bal_occupy", owner=NAME)
class BalOccupy:
    """Occupy a prepared room up to a floor (``occupy_low``), or not."""
    max_floor: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, max_floor = fr
        rooms = st.players[player].rooms
        floor = st.rules.room_floor
        out = [N.O[x] for x in range(20) if rooms[x] == 1 and floor[x] <= max_floor]
        if out:
            out.append(N.DONE)
        return out

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, player, _ = fr
        st._pop()
        st._occupy(player, info[1])


@decision(kind="bal_either", owner=NAME)
class BalEither:
    """Dancing Master / Choirmaster: send a dancer before the main action, after it, or not."""
    discount: int

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, discount = fr
        out = [SEND[b][r] for b, r, _ in open_rows(st, player, discount)]
        out += [LATER, N.DONE]
        return out

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p, discount = fr
        st._pop()
        if info[0] == "bal_later":
            # below the pending main action: the send comes right after it
            stack = st.stack
            i = max(j for j, f in enumerate(stack)
                    if f[0] == "fx" and f[1] == p and f[3] == 0 and f[2][0]["effect"] == "die_action")
            st._set(st, "stack", stack[:i] + (("bal_send", p, (discount,), -1),) + stack[i:])
        else:
            _, b, r = info
            MODULE._send(st, p, b, r, max(0, _row_cost(st, p, b, r) - discount), 0)


# ---------------------------------------------------------------- the module
class Ballrooms(Module):
    name = NAME
    phases = ("rehearsal",)
    verbs = ("bal_send",)
    effects = ("send_dancer", "lose_champagne", "remove_dancers", "vp_per_dancer", "occupy_low",
               "ballroom_guest")
    events = ("dancer_sent", "staff_played", "objective", "guest_done", "die_action")
    requirements = ("champagne_in_kitchen", "dancers_in_ballrooms", "green_guests")
    scorings = ("per_dancer",)

    # -------------------------------------------------------------- text
    def facts(self, st: EngineBase, info: tuple[Any, ...]) -> dict[str, Any] | None:
        verb = info[0]
        if verb == "bal_send":
            return {"verb": verb, "table": info[1], "ballroom": ballroom(st, info[2])["id"], "row": ROW_NAMES[info[3]]}
        if verb == "bal_dance":
            return {"verb": verb, "ballroom": ballroom(st, info[1])["id"], "row": ROW_NAMES[info[2]]}
        if verb == "bal_section":
            return {"verb": verb, "section": info[1] + 1}
        if verb == "bal_first":
            return {"verb": verb, "first": ("row_bonus", "guest_reward", "room_bonus")[info[1]]}
        if verb == "bal_board":
            return {"verb": verb, "board": info[1] + 1}
        if verb == "bal_later":
            return {"verb": verb}
        if verb == "bal_unseat":
            return {"verb": verb, "row": ROW_NAMES[info[1]]}
        return None

    # ------------------------------------------------------------- setup
    def new_part(self, st: EngineBase) -> Part:
        return BallroomsPart(st.num_players)

    def setup(self, st: EngineBase) -> None:
        part = st.parts[NAME]
        # M1-5: 1 champagne in each kitchen
        for pl in st.players:
            pl.kitchen[CHAMPAGNE] += 1
            st.supply[CHAMPAGNE] -= 1
        d = _data(st)
        # M1-2: three ballrooms at random, in random order
        idx = list(range(len(d["ballrooms"])))
        st.rng.shuffle(idx)
        part.order = tuple(idx[:3])
        # M1-5a: one random rehearsal board per player, laid out
        boards = list(range(len(d["rehearsal_boards"])))
        st.rng.shuffle(boards)
        part.laid = tuple(sorted(boards[:st.num_players]))

    def flow_phase(self, st: EngineBase, phase: str) -> bool:
        # M1-5a: starting right of the start player, counter-clockwise (= reverse turn order)
        n = st.num_players
        if st.setup_i < n:
            p = st._turn_order()[n - 1 - st.setup_i]
            st._set(st, "setup_i", st.setup_i + 1)
            st._push(("bal_board", p))
        else:
            st._set(st, "setup_i", 0)
            st._set(st, "phase", st._next_setup_phase("rehearsal"))
        return True

    # --------------------------------------------------------- turn menu
    def turn_actions(self, st: EngineBase, p: int, pl: Player, out: list[str]) -> None:
        cafe = pl.cafe
        if not (cafe[0] or cafe[1] or cafe[2] or cafe[3]):
            return
        guests = st.rules.guests
        rows: list[tuple[int, int, int]] | None = None
        for t in range(N.TABLES):
            g = cafe[t]
            if g and guests[g].destination != "room" and st._complete(pl, t):
                if rows is None:
                    rows = open_rows(st, p, 0)
                for b, r, _ in rows:
                    out.append(SEND_TURN[t][b][r])

    def turn_pick(self, st: EngineBase, p: int, pl: Player, info: tuple[Any, ...]) -> None:
        # M1-9..M1-12: send the completed guest at table t to ballroom b, row r
        _, t, b, r = info
        cost = _row_cost(st, p, b, r)
        g = st._release_guest(pl, t)
        if st.listeners:
            st._event(p, "guest_done", g)  # M1-15a: completing an order counts; no room is occupied
        self._send(st, p, b, r, cost, g)

    # ------------------------------------------------------------ sending
    def _send(self, st: EngineBase, p: int, b: int, r: int, pay: int, guest: int) -> None:
        """M1-14 steps 1-2: pay from the kitchen, then choose the dancer; rewards follow."""
        pl = st.players[p]
        if pay > 0:
            st._seti(pl.kitchen, CHAMPAGNE, pl.kitchen[CHAMPAGNE] - pay)
            st._seti(st.supply, CHAMPAGNE, st.supply[CHAMPAGNE] + pay)
        sec = st.parts[NAME].sections[p]
        left = [k for k in range(4) if sec[k]]
        if len(left) == 1:
            self._place(st, p, b, r, guest, left[0])
        else:
            st._push(("bal_dancer", p, b, r, guest))

    def _place(self, st: EngineBase, p: int, b: int, r: int, guest: int, k: int) -> None:
        """M1-10: the dancer from section k onto the leftmost free space; then M1-11..13."""
        part = st.parts[NAME]
        sec = list(part.sections[p])
        sec[k] -= 1
        st._seti(part.sections, p, tuple(sec))
        i = b * 3 + r
        row = part.rows[i]
        j = row.index(-1) if -1 in row else len(row)
        st._seti(part.rows, i, row[:j] + (p,) + row[j + 1:])
        if st.listeners:
            st._event(p, "dancer_sent", (b, r))
        self._rewards(st, p, b, r if r < 2 else -1, guest, k if sec[k] == 0 else -1)

    def _package(self, st: EngineBase, p: int, what: int, b: int, r: int, guest: int, k: int) -> None:
        if what == 0:
            st._push(("fx", p, tuple(ballroom(st, b)["bonus"][ROW_NAMES[r]]), 0, SRC_BALLROOMS))
        elif what == 1:
            st._push(("fx", p, ({"effect": "ballroom_guest", "guest": guest},), 0, SRC_GUESTS))
        else:
            board = _data(st)["rehearsal_boards"][st.parts[NAME].board[p]]
            st._push(("fx", p, tuple(board["sections"][k]["bonus"]), 0, SRC_BALLROOMS))

    def _rewards(self, st: EngineBase, p: int, b: int, r: int, guest: int, k: int) -> None:
        """M1-14: row bonus, guest reward and room bonus in an order of the player's choice."""
        have = [w for w, on in enumerate((r >= 0, guest > 0, k >= 0)) if on]
        if len(have) == 1:
            self._package(st, p, have[0], b, r, guest, k)
        elif have:
            st._push(("bal_reward", p, b, r, guest, k))

    # ----------------------------------------------------------- effects
    def effect(self, st: EngineBase, p: int, e: dict[str, Any], src: int) -> None:
        kind = e["effect"]
        pl = st.players[p]
        if kind == "send_dancer":
            # M1-21: optional extra sends, each with its own discount
            if "discounts" in e:
                ds = tuple(FREE if d == "free" else int(d) for d in e["discounts"])
            else:
                d = e.get("discount", 0)
                ds = (FREE if d == "free" else int(d),) * int(e.get("count", 1))
            st._push(("bal_send", p, ds, -1))
        elif kind == "lose_champagne":
            k = min(e["amount"], pl.kitchen[CHAMPAGNE])
            if k:
                st._seti(pl.kitchen, CHAMPAGNE, pl.kitchen[CHAMPAGNE] - k)
                st._seti(st.supply, CHAMPAGNE, st.supply[CHAMPAGNE] + k)
        elif kind == "remove_dancers":
            k = min(e["count"], dancers_in(st, p, e["ballroom"]))
            if k:
                st._push(("bal_unseat", p, e["ballroom"], k))
        elif kind == "vp_per_dancer":
            st._vp(pl, e["amount"] * dancers_in(st, p), src)
        elif kind == "occupy_low":
            st._push(("bal_occupy", p, e["max_floor"]))
        elif kind == "ballroom_guest":
            # M1-12: the guest's VP and reward, as when moved to a room
            guest = st.rules.guests[e["guest"]]
            st._vp(pl, guest.vp, SRC_GUESTS)
            st._set(pl, "guest_vp", pl.guest_vp + guest.vp)
            if guest.reward:
                st._push(("fx", p, guest.reward, 0, SRC_GUESTS))
        else:
            raise AssertionError(kind)

    def fully_possible(self, st: EngineBase, p: int, e: dict[str, Any]) -> bool:
        kind = e["effect"]
        if kind == "lose_champagne":
            return st.players[p].kitchen[CHAMPAGNE] >= e["amount"]
        if kind == "remove_dancers":
            return dancers_in(st, p, e["ballroom"]) >= e["count"]
        return True

    # ------------------------------------------------------------ events
    def event(self, st: EngineBase, p: int, kind: str, value: Any) -> None:
        pl = st.players[p]
        if not pl.played and kind != "guest_done":
            return
        slug = st.rules.staff_by_slug
        if kind == "guest_done":
            if st.rules.guests[value].colour == GREEN:
                part = st.parts[NAME]
                # objective ♪ C; 001 App. Objective Cards *: the Kaufman player keeps this
                # round's guests in a pile of their own until the end of the round
                uh = st.parts.get("unique_hotels")
                pile = part.greens_wait if uh is not None and uh.ent[p] == "kaufman" else part.greens
                st._seti(pile, p, pile[p] + 1)
        elif kind == "dancer_sent":
            if slug["ballet-master"] in pl.played:  # #130: 1 krone, draw 1 staff
                st._push_reaction(p, ({"effect": "gain_money", "amount": 1}, {"effect": "draw_staff", "count": 1}),
                                  SRC_STAFF, staff=["ballet-master"])
        elif kind == "objective":
            if slug["arranger"] in pl.played:  # #132: 2 champagne per marker
                st._push_reaction(p, ({"effect": "gain_items", "champagne": 2},), SRC_STAFF, staff=["arranger"])
        elif kind == "die_action":
            # #119 Dancing Master, #125 Choirmaster: 'before or after taking the main action'
            staff = st.rules.staff
            for s in pl.played:
                ab = staff[s].ability
                if "send_dancer" in ab and value in ab["faces"]:
                    st._push(("bal_either", p, int(ab["send_dancer"])))
        elif kind == "staff_played":
            cap = slug["danube-steamship-captain"]
            # #133: once per round, after playing another staff card, send a dancer 1 less
            if value != cap and cap in pl.played and cap not in pl.used:
                st._push(("bal_send", p, (1,), cap))

    # ------------------------------------------------ objectives, scoring
    def meets(self, st: EngineBase, p: int, req: dict[str, Any]) -> bool:
        kind = req["kind"]
        if kind == "champagne_in_kitchen":
            return st.players[p].kitchen[CHAMPAGNE] >= req["at_least"]  # type: ignore[no-any-return]
        if kind == "dancers_in_ballrooms":
            return dancers_in(st, p) >= req["at_least"]  # type: ignore[no-any-return]
        return st.parts[NAME].greens[p] >= req["at_least"]  # type: ignore[no-any-return]

    def staff_end_vp(self, st: EngineBase, p: int, sid: int, scoring: dict[str, Any]) -> int:
        return int(scoring["vp"]) * dancers_in(st, p)  # #126 Leading Dancer

    def round_end(self, st: EngineBase) -> None:
        # 001 App. Objective Cards *: Kaufman's green guests of the round join the ♪ C pile
        part = st.parts[NAME]
        for q in range(st.num_players):
            if part.greens_wait[q]:
                st._seti(part.greens, q, part.greens[q] + part.greens_wait[q])
                st._seti(part.greens_wait, q, 0)

    def after_emperor(self, st: EngineBase) -> None:
        # M1-23: leftmost after round 3, middle after 5, rightmost after 7
        rounds = st.rules.scoring_rounds
        if st.round not in rounds:
            return
        b = rounds.index(st.round)
        if b > 2:
            return
        bid = _data(st)["ballrooms"][st.parts[NAME].order[b]]["id"]
        for p, vp in enumerate(ballroom_scores(st, b)):
            rows = st.parts[NAME].rows
            st._cause("ballroom", p, ballroom=bid, dancers=sum(rows[b * 3 + r].count(p) for r in range(3)))
            st._vp(st.players[p], vp, SRC_BALLROOMS)
            st._note("ballroom", p, bid, vp)

    # ------------------------------------------------------------ position
    def dump(self, st: EngineBase) -> dict[str, Any]:
        part = st.parts[NAME]
        d = _data(st)
        ids = [r["id"] for r in d["rehearsal_boards"]]
        return {
            "ballrooms": [d["ballrooms"][i]["id"] for i in part.order],
            "rows": [[[None if s < 0 else s for s in part.rows[b * 3 + r]] for r in range(3)] for b in range(3)],
            "boards_laid_out": [ids[k] for k in part.laid],
            "rehearsal": [{"board": None if part.board[p] < 0 else ids[part.board[p]],
                           "sections": list(part.sections[p])} for p in range(st.num_players)],
            "boxed": list(part.boxed),
            "green_guests": list(part.greens),
            "green_guests_this_round": list(part.greens_wait),
        }

    def load(self, st: EngineBase, data: dict[str, Any]) -> None:
        keys = {"ballrooms", "rows", "boards_laid_out", "rehearsal", "boxed", "green_guests",
                "green_guests_this_round"}
        if set(data) != keys:
            raise InvalidPosition(f"modules.ballrooms: fields must be {sorted(keys)}")
        part = st.parts[NAME]
        d = _data(st)
        n = st.num_players
        rooms = [r["id"] for r in d["ballrooms"]]
        boards = [r["id"] for r in d["rehearsal_boards"]]
        order = tuple(rooms.index(x) for x in data["ballrooms"])
        if len(order) != 3 or len(set(order)) != 3:
            raise InvalidPosition("modules.ballrooms.ballrooms: three different ballrooms")
        part.order = order
        rows = data["rows"]
        if len(rows) != 3 or any(len(x) != 3 for x in rows):
            raise InvalidPosition("modules.ballrooms.rows: 3 ballrooms x 3 rows")
        for b in range(3):
            for r in range(3):
                row = tuple(-1 if s is None else int(s) for s in rows[b][r])
                if any(not -1 <= s < n for s in row):
                    raise InvalidPosition("modules.ballrooms.rows: a space holds a seat or null")
                part.rows[b * 3 + r] = row
        part.laid = tuple(sorted(boards.index(x) for x in data["boards_laid_out"]))
        reh = data["rehearsal"]
        if len(reh) != n:
            raise InvalidPosition("modules.ballrooms.rehearsal: one entry per seat")
        for p, rec in enumerate(reh):
            part.board[p] = -1 if rec["board"] is None else boards.index(rec["board"])
            secs = tuple(int(x) for x in rec["sections"])
            if len(secs) != 4 or min(secs) < 0:
                raise InvalidPosition("modules.ballrooms.rehearsal: four section counts >= 0")
            part.sections[p] = secs
        for name, attr in (("boxed", "boxed"), ("green_guests", "greens"), ("green_guests_this_round", "greens_wait")):
            vals = [int(x) for x in data[name]]
            if len(vals) != n or min(vals) < 0:
                raise InvalidPosition(f"modules.ballrooms.{name}: one count >= 0 per seat")
            setattr(part, attr, vals)

    def check(self, st: EngineBase) -> None:
        part = st.parts[NAME]
        tab = _table(st)
        chosen = [k for k in part.board if k >= 0]
        if len(set(chosen) | set(part.laid)) != len(chosen) + len(part.laid):
            raise InvalidPosition("modules.ballrooms: a rehearsal board is both laid out and taken")
        for b in range(3):
            spaces = tab[part.order[b]][1]
            for r in range(3):
                if len(part.rows[b * 3 + r]) > spaces[r] and not (b == 2 and r == 0):
                    raise InvalidPosition(f"modules.ballrooms: {ROW_NAMES[r]} row of ballroom {b} over full")
        for p in range(st.num_players):
            total = sum(part.sections[p]) + dancers_in(st, p) + part.boxed[p]
            if part.board[p] < 0:
                if total:
                    raise InvalidPosition(f"modules.ballrooms: seat {p} has dancers but no rehearsal board")
            elif total != DANCERS:
                raise InvalidPosition(f"modules.ballrooms: seat {p}: {total} dancers accounted for, "
                                      f"expected {DANCERS}")


MODULE = Ballrooms()
