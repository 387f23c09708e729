"""Pending decisions (frames on the stack): what each kind of frame offers
(``_frame_legal``), how a pick resolves it (``_pick``) and how it closes
(``_finish``)."""

from __future__ import annotations

from typing import Any

from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.engine.base import (
    SRC_PENALTIES,
    EngineBase,
)


class Decisions(EngineBase):
    # ---------------------------------------------------------- decision menu
    def _frame_legal(self, fr: tuple[Any, ...]) -> list[str]:
        kind = fr[0]
        p = fr[1]
        pl = self.players[p]
        if kind == "turn":
            return self._turn_legal(p, pl)
        if kind == "place":
            fresh = fr[2]
            out = self._item_moves(pl, fresh)
            out.append(N.DONE)
            return out
        if kind == "serve":
            out = self._item_moves(pl, pl.kitchen)
            if fr[3]:
                out.append(N.DONE)
            return out
        if kind == "food":
            return self._food_options(fr[2], fr[3])
        if kind == "rooms":
            out = [N.R[r] for r in self._room_options(p, pl, fr[3], fr[4], fr[5])]
            if out:
                out.append(N.DONE)
            return out
        if kind == "empmoney":
            return list(N.EM[fr[2]])
        if kind == "play":
            disc = fr[2]
            money = pl.money
            cost = self.staff_cost
            staff = self.rules.staff
            out = [N.PLAY[staff[s].slug] for s in pl.hand if cost[s] - disc <= money]
            if out:
                out.append(N.DONE)
            return out
        if kind == "drawn":
            disc = fr[3]
            out = [N.PLAY[self.rules.staff[s].slug] for s in fr[2]
                   if self.staff_cost[s] - disc <= pl.money]
            out.append(N.DONE)
            return out
        if kind == "occupy":
            out = [N.O[r] for r in range(20) if pl.rooms[r] == 1]
            if out:
                out.append(N.DONE)
            return out
        if kind in ("freeguest", "sguest"):
            if self._free_table(p, pl) < 0:
                return []
            out = [N.G[i] for i in range(5) if self.queue[i]]
            if out and kind == "freeguest":
                out.append(N.DONE)
            return out
        if kind == "choice":
            return [N.CHOICE[i] for i in range(4) if self.supply[i]]
        if kind == "spend":
            return [N.PAY[i] for i in range(fr[3]) if pl.kitchen[i]]
        if kind == "complete":
            return [N.C[t] for t in range(N.TABLES) if pl.cafe[t] and not self._complete(pl, t)]
        if kind == "gizia":
            return self._die_options(pl, boost_ok=not self.t_boost)
        if kind == "penalty":
            return [N.PENALTY_MAIN, N.PENALTY_ALT]
        if kind == "avoid":
            return [N.AVOID, N.SUFFER]
        if kind == "discard":
            return [N.DISCARD[self.rules.staff[s].slug] for s in pl.hand]
        if kind == "discardend":
            return [N.DISCARD[self.rules.staff[s].slug] for s in pl.played
                    if self.rules.staff[s].timing == "game_end"]
        if kind == "remove":
            return [N.RM[r] for r in self._highest_rooms(pl, 1, 5)]
        if kind == "removeocc":
            return [N.RM[r] for r in self._highest_rooms(pl, 2, fr[3])]
        if kind == "bonuskind":
            return list(N.BONUS_KINDS)
        if kind == "draft":
            return [N.DRAFT[self.rules.staff[s].slug] for s in self.draft_packets[p]]
        return self.frame_owner[kind].frame_legal(self, fr)


    # ------------------------------------------------------------ resolution
    def _finish(self, fr: tuple[Any, ...]) -> None:
        """Close a decision frame (by ``done`` or because nothing is left to pick)."""
        self._pop()
        kind = fr[0]
        if kind == "drawn":
            self._set(self, "staff_deck", self.staff_deck + tuple(fr[2]))
        elif kind == "turn":
            self._end_turn(fr[1])
        elif kind in self.frame_owner:
            self.frame_owner[kind].finish(self, fr)

    def _pick(self, fr: tuple[Any, ...], action: str) -> None:
        info = N.INFO[action]
        kind = fr[0]
        p = fr[1]
        pl = self.players[p]
        verb = info[0]
        if verb == "done":
            self._finish(fr)
            return
        if kind == "turn":
            self._turn_pick(p, pl, info)
        elif kind in ("place", "serve"):
            t, i = info[1], info[2]
            pool = fr[2] if kind == "place" else pl.kitchen
            used, count = self._serve_item(pl, t, i, pool)
            if kind == "place":
                fresh = list(fr[2])
                fresh[used] -= count
                self._replace(("place", p, tuple(fresh)))
            elif fr[2] <= 1:
                self._pop()
            else:
                self._replace(("serve", p, fr[2] - 1, fr[3] + 1))
        elif kind == "food":
            self._pop()
            counts = [0, 0, 0, 0, 0]
            counts[info[1]] = info[2]
            counts[info[3]] = info[4]
            if len(info) > 5:
                counts[4] = info[5]  # champagne (module I action board)
            self._gain_items(p, counts)
        elif kind == "rooms":
            _, _, left, mode, floors, occupy = fr
            if left > 1:
                self._replace(("rooms", p, left - 1, mode, floors, occupy))
            else:
                self._pop()
            self._prepare_room(p, pl, info[1], mode, occupy)
        elif kind == "empmoney":
            self._pop()
            self._advance_emperor(p, info[1])
            self._gain_money(p, info[2])
        elif kind == "play":
            self._pop()
            self._play_staff(p, self.rules.staff_by_slug[info[1]], fr[2], from_hand=True)
        elif kind == "drawn":
            self._pop()
            sid = self.rules.staff_by_slug[info[1]]
            rest = tuple(s for s in fr[2] if s != sid)
            self._set(self, "staff_deck", self.staff_deck + rest)
            self._play_staff(p, sid, fr[3], from_hand=False)
        elif kind == "occupy":
            if fr[2] > 1:
                self._replace(("occupy", p, fr[2] - 1))
            else:
                self._pop()
            self._occupy(p, info[1])
        elif kind in ("freeguest", "sguest"):
            self._pop()
            self._take_guest(p, pl, info[1], 0)
        elif kind == "choice":
            if fr[2] > 1:
                self._replace(("choice", p, fr[2] - 1))
            else:
                self._pop()
            counts = [0, 0, 0, 0]
            counts[info[1]] = 1
            self._gain_items(p, counts)
        elif kind == "spend":
            i = info[1]
            if fr[2] > 1:
                self._replace(("spend", p, fr[2] - 1, fr[3]))
            else:
                self._pop()
            self._seti(pl.kitchen, i, pl.kitchen[i] - 1)
            self._seti(self.supply, i, self.supply[i] + 1)
        elif kind == "complete":
            self._pop()
            self._fill_order(pl, info[1])
        elif kind == "gizia":
            self._pop()
            self._die_action(p, pl, info[1], info[2], info[3], take_die=False)
        elif kind == "penalty":
            self._pop()
            tile = self.rules.emperor_tiles[self.emperor_tiles[fr[2]]]
            self._push(("fx", p, tile.penalty_main if info[1] == 0 else tile.penalty_alt, 0, SRC_PENALTIES))
        elif kind == "avoid":
            self._pop()
            if verb == "avoid":
                self._set(pl, "money", pl.money - 1)
            else:
                self._emperor_penalty(p, fr[2])
        elif kind == "discard":
            sid = self.rules.staff_by_slug[info[1]]
            if fr[2] > 1:
                self._replace(("discard", p, fr[2] - 1))
            else:
                self._pop()
            self._set(pl, "hand", tuple(s for s in pl.hand if s != sid))
            self._set(self, "staff_deck", self.staff_deck + (sid,))
        elif kind == "discardend":
            self._pop()
            sid = self.rules.staff_by_slug[info[1]]
            self._set(pl, "played", tuple(s for s in pl.played if s != sid))
            self._set(self, "staff_deck", self.staff_deck + (sid,))
        elif kind == "remove":
            if fr[2] > 1:
                self._replace(("remove", p, fr[2] - 1))
            else:
                self._pop()
            self._remove_room(pl, info[1])
        elif kind == "removeocc":
            r = info[1]
            floor = self.rules.room_floor[r]
            self._remove_room(pl, r)
            if self.original:
                self._pop()
                below = [x for x in self.rules.rooms_by_column[self.rules.room_column[r]]
                         if self.rules.room_floor[x] < floor and pl.rooms[x] == 2]
                if below:
                    self._remove_room(pl, max(below, key=lambda x: self.rules.room_floor[x]))
            elif fr[2] > 1:
                self._replace(("removeocc", p, fr[2] - 1, floor))
            else:
                self._pop()
        elif kind == "bonuskind":
            self._pop()
            self._grant_bonus(p, info[1], fr[2])
        elif kind == "draft":
            sid = self.rules.staff_by_slug[info[1]]
            self._pop()
            self._set(pl, "hand", pl.hand + (sid,))
            self._seti(self.draft_packets, p, tuple(s for s in self.draft_packets[p] if s != sid))
            self._seti(self.draft_picked, p, True)
        else:
            self.frame_owner[kind].pick(self, fr, info)

