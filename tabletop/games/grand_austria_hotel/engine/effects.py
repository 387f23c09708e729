"""The typed effect vocabulary of cards and tiles (``_effect``) and the gains,
draws, plays and room changes every rule goes through."""

from __future__ import annotations

from typing import Any

from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.data import ITEMS
from tabletop.games.grand_austria_hotel.engine.base import (
    FREE,
    SRC_BONUSES,
    SRC_EMPEROR,
    SRC_ROOMS,
    SRC_STAFF,
    EngineBase,
    Player,
)


class Effects(EngineBase):
    # ---------------------------------------------------------------- effects
    def _effect(self, p: int, e: dict[str, Any], src: int) -> None:
        kind = e["effect"]
        pl = self.players[p]
        if kind == "gain_items":
            self._gain_items(p, [e.get(it, 0) for it in ITEMS])
        elif kind == "gain_money":
            self._gain_money(p, e["amount"])
        elif kind == "advance_emperor":
            self._advance_emperor(p, e["steps"])
        elif kind == "gain_vp":
            self._vp(pl, e["amount"], src)
        elif kind == "draw_staff":
            self._draw_staff(pl, e["count"])
        elif kind == "gain_item_choice":
            self._push(("choice", p, e["count"]))
        elif kind == "play_staff":
            d = e["discount"]
            self._push(("play", p, FREE if d == "free" else int(d)))
        elif kind == "draw_and_play":
            cards = self.staff_deck[:e["draw"]]
            if cards:
                self._set(self, "staff_deck", self.staff_deck[len(cards):])
                d = e["discount"]
                self._push(("drawn", p, cards, FREE if d == "free" else int(d)))
        elif kind == "prepare_room":
            floors = max(e["floors"]) if e.get("floors") else 0
            self._push(("rooms", p, 1, e.get("cost", "full"), floors, bool(e.get("occupy", False))))
        elif kind == "occupy_room":
            self._push(("occupy", p, e["count"]))
        elif kind == "free_guest":
            self._push(("freeguest", p))
        elif kind == "complete_order":
            self._push(("complete", p))
        elif kind == "extra_die_action":
            self._push(("gizia", p))
        elif kind == "extra_turn":
            self._set(self, "t_extra", self.t_extra + 1)
            if self.t_die:
                self._start_extra_turn()
        elif kind == "die_action":
            self._die_main(p, pl, e["action"], e["n"], e["face"])
        elif kind == "group_bonus":
            self._group_bonus(p, e["group"])
        elif kind == "lose_money":
            self._set(pl, "money", max(0, pl.money - e["amount"]))
        elif kind == "lose_vp":
            self._vp(pl, -e["amount"], src)
        elif kind == "return_items":
            # "dishes and drinks" (001 M1-8a reading): champagne only where an effect says so
            kinds = 5 if e.get("champagne") else 4
            for i in range(kinds):
                if pl.kitchen[i]:
                    self._seti(self.supply, i, self.supply[i] + pl.kitchen[i])
                    self._seti(pl.kitchen, i, 0)
            if e["from"] == "kitchen_and_guests":
                for t in range(N.TABLES):
                    s = pl.served[t]
                    for i in range(kinds):
                        if s[i]:
                            self._seti(self.supply, i, self.supply[i] + s[i])
                            self._seti(s, i, 0)
        elif kind == "discard_hand":
            k = min(e["count"], len(pl.hand))
            if k:
                self._push(("discard", p, k))
        elif kind == "remove_rooms":
            k = min(e["count"], sum(1 for r in pl.rooms if r == 1))
            if k:
                self._push(("remove", p, k))
        elif kind == "remove_occupied_rooms":
            if any(r == 2 for r in pl.rooms):
                self._push(("removeocc", p, 1 if self.original else 2, 5))
        elif kind == "vp_per_staff_played":
            self._vp(pl, e["amount"] * len(pl.played), src)
        elif kind == "discard_game_end_staff":
            if any(self.rules.staff[s].timing == "game_end" for s in pl.played):
                self._push(("discardend", p))
        else:
            self.effect_owner[kind].effect(self, p, e, src)

    def _gain_money(self, p: int, amount: int) -> None:
        if amount <= 0:
            return
        pl = self.players[p]
        if self.S["financier"] in pl.played:
            amount += 1
        money = min(self.rules.money_cap, pl.money + amount)
        self._set(pl, "money", money)
        if p == self.t_player and money > self.t_peak:
            self._set(self, "t_peak", money)
        if self.listeners:
            self._event(p, "money", amount)

    def _advance_emperor(self, p: int, steps: int) -> None:
        if steps <= 0:
            return
        pl = self.players[p]
        e = pl.emperor + steps
        top = self.rules.emperor_top
        if e > top:
            # 000: beyond space 13, 1 VP for each further step
            self._vp(pl, e - top, SRC_EMPEROR)
            e = top
        self._set(pl, "emperor", e)
        if self.listeners:
            self._event(p, "emperor", steps)

    def _gain_items(self, p: int, counts: list[int]) -> None:
        pl = self.players[p]
        got = [0, 0, 0, 0, 0]
        for i in range(len(counts)):
            c = counts[i]
            if c:
                c = min(c, self.supply[i])
                if c:
                    got[i] = c
                    self._seti(self.supply, i, self.supply[i] - c)
                    self._seti(pl.kitchen, i, pl.kitchen[i] + c)
        if self.listeners and any(got):
            self._event(p, "items", got)
        # 000: whenever you receive dishes and drinks you may place them on orders at once
        if any(got) and self._item_moves(pl, got, first_only=True):
            self._push(("place", p, tuple(got)))


    def _draw_staff(self, pl: Player, count: int) -> None:
        cards = self.staff_deck[:count]
        if cards:
            self._set(self, "staff_deck", self.staff_deck[len(cards):])
            self._set(pl, "hand", pl.hand + cards)

    def _play_staff(self, p: int, sid: int, discount: int, from_hand: bool) -> None:
        pl = self.players[p]
        cost = max(0, self.staff_cost[sid] - discount)
        if cost:
            self._set(pl, "money", pl.money - cost)
        if from_hand:
            self._set(pl, "hand", tuple(s for s in pl.hand if s != sid))
        self._set(pl, "played", pl.played + (sid,))
        if self.listeners:
            self._event(p, "staff_played", sid)  # reactions after the card's own effect
        staff = self.rules.staff[sid]
        if staff.on_play:
            self._push(("fx", p, staff.on_play, 0, SRC_STAFF))

    def _prepare_room(self, p: int, pl: Player, r: int, mode: str, occupy: bool) -> None:
        rules = self.rules
        cost = self._room_cost(pl, r, mode)
        if cost:
            self._set(pl, "money", pl.money - cost)
        colour = rules.room_colour[r]
        self._seti(self.room_supply, colour, self.room_supply[colour] - 1)
        self._seti(pl.rooms, r, 1)
        self._vp(pl, rules.room_vp[r], SRC_ROOMS)
        if occupy:
            self._occupy(p, r)

    def _remove_room(self, pl: Player, r: int) -> None:
        colour = self.rules.room_colour[r]
        self._seti(self.room_supply, colour, self.room_supply[colour] + 1)
        self._seti(pl.rooms, r, 0)

    def _occupy(self, p: int, r: int) -> None:
        pl = self.players[p]
        self._seti(pl.rooms, r, 2)
        if self.listeners:
            self._event(p, "occupied", r)
        g = self.rules.room_group[r]
        if all(pl.rooms[x] == 2 for x in self.rules.groups[g]):
            self._group_bonus(p, g)

    def _group_bonus(self, p: int, g: int) -> None:
        """000/003 Occupancy bonus: by size and colour of the group just completed. The 2015
        rules pay each group once ("Each group provides its bonus only once"); the 2021 edition
        pays a group again when it is filled again after an emperor penalty emptied a room."""
        pl = self.players[p]
        if g in pl.bonus_paid:
            if self.original:
                return
        else:
            self._set(pl, "bonus_paid", tuple(sorted(pl.bonus_paid + (g,))))
        if self.S["events-coordinator"] in pl.played:
            self._push(("bonuskind", p, g))
            return
        kind = self.rules.bonus_kind[self.rules.group_colour[g]]
        self._grant_bonus(p, kind, g)

    def _grant_bonus(self, p: int, kind: str, g: int) -> None:
        rules = self.rules
        colour = rules.group_colour[g]
        if self.S["events-coordinator"] in self.players[p].played:
            # the amount follows the chosen kind's own row of the table
            colour = rules.bonus_kind.index(kind)
        amount = rules.bonus_by_size[colour][len(rules.groups[g])]
        if self.mods:  # e.g. 001 Chateau Paulwei: its own table
            for m in self.hooked["occupancy_bonus"]:
                amount = m.occupancy_bonus(self, p, colour, len(rules.groups[g]), amount)
        if kind == "vp":
            self._vp(self.players[p], amount, SRC_BONUSES)
        elif kind == "money":
            self._gain_money(p, amount)
        else:
            self._advance_emperor(p, amount)

