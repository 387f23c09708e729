"""A player's turn: the turn menu (take a die, take a guest, serve, use a staff
card, move a guest) and the main actions behind the dice (000/003 Course of
Play)."""

from __future__ import annotations

from typing import Any

from tabletop.core.errors import IllegalAction
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.data import GREEN, ITEMS
from tabletop.games.grand_austria_hotel.engine.base import (
    SRC_BONUSES,
    SRC_GUESTS,
    SRC_STAFF,
    EngineBase,
    Player,
)


class TurnActions(EngineBase):
    def _turn_legal(self, p: int, pl: Player) -> list[str]:
        out: list[str] = []
        dice = self.dice
        any_dice = dice[1] or dice[2] or dice[3] or dice[4] or dice[5] or dice[6]
        # ``done``: the die is taken, or none is left (003 Passing), or the player has acted
        # and can take no die: ending then is a pass (see _ending_passes; docs/RULES.md)
        done = self.t_die or not any_dice
        if not done:
            if not self.t_acted:
                out.append(N.PASS)
            dopts = self._die_options(pl, boost_ok=not self.t_boost)
            if dopts:
                out += dopts
            else:
                done = self.t_acted
        money = pl.money
        # 000/003/004 Course of play: "1. Take a guest (optional) 2. Take a die (mandatory)", in
        # that order: a guest comes before the turn's die (or the action in its place), not after
        if not self.t_guest and not self.t_die and self._free_table(p, pl) >= 0:
            free = self.S["delivery-boy"] in pl.played
            costs = self.rules.queue_costs
            q = self.queue
            for i in range(5):
                if q[i] and (free or money >= costs[i]):
                    out.append(N.G[i])
        if money >= 1 or self.S["chief-waiter"] in pl.played:
            if self._item_moves(pl, pl.kitchen, first_only=True):
                out.append(N.SERVE)
        if pl.played:
            staff = self.rules.staff
            for s in pl.played:
                if staff[s].timing == "once_per_round" and s not in pl.used \
                        and (not staff[s].use_cost or self._can_spend(pl, staff[s].use_cost)):
                    out.append(N.USE[staff[s].slug])
        cafe = pl.cafe
        if cafe[0] or cafe[1] or cafe[2] or cafe[3]:
            rooms = pl.rooms
            guests = self.rules.guests
            for t in range(N.TABLES):
                g = cafe[t]
                if g and self._complete(pl, t):
                    colour = guests[g].colour
                    mt = N.M[t]
                    cand = range(20) if colour == GREEN else self.rules.rooms_by_colour[colour]
                    for r in cand:
                        if rooms[r] == 1:
                            out.append(mt[r])
        if self.mods:
            k = len(out)
            for m in self.hooked["turn_actions"]:
                m.turn_actions(self, p, pl, out)
            if done and not self.t_die and any_dice and len(out) > k:
                # a module's main action in place of a die (001 M4 the skeleton key, M3 a
                # Kozi Palace move) still can be taken: the turn is not over yet
                owner = self.verb_owner
                for a in out[k:]:
                    verb = N.INFO[a][0]
                    if verb in owner and verb in owner[verb].main_verbs:
                        done = False
                        break
        if done:
            out.append(N.DONE)
        return out

    def _die_options(self, pl: Player, boost_ok: bool) -> list[str]:
        out: list[str] = []
        dice = self.dice
        money = pl.money
        boost = boost_ok and money >= 1
        for a in range(1, 6):
            if dice[a]:
                out.append(N.D[a])
                if boost:
                    out.append(N.DB[a])
        if dice[6]:
            c = 0 if self.S["kitchen-hand"] in pl.played else 1
            if money >= c:
                out.extend(N.D6[1:])
                if boost_ok and money >= c + 1:
                    out.extend(N.D6B[1:])
        if self.mods:  # e.g. 001 Celebrities: the coloured dice
            for m in self.hooked["die_options"]:
                m.die_options(self, pl, boost_ok, out)
        return out

    def _item_moves(self, pl: Player, pool: Any, first_only: bool = False) -> list[str]:
        """Moves ``t<table><item>`` putting an item of ``pool`` on a guest who wants it."""
        out: list[str] = []
        cafe = pl.cafe
        guests = self.rules.guests
        for t in range(N.TABLES):
            g = cafe[t]
            if not g:
                continue
            order = guests[g].order
            served = pl.served[t]
            tt = N.T[t]
            for i in self.item_range:
                if pool[i] > 0 and served[i] < order[i]:
                    out.append(tt[i])
                    if first_only:
                        return out
        if (self.S["baker"] in pl.played or self.S["cocktail-waitress"] in pl.played) \
                and (not first_only or not out):
            out.extend(m for m in self._substitute_moves(pl, pool) if m not in out)
        return out

    def _substitute_moves(self, pl: Player, pool: Any) -> list[str]:
        """Rowe-Smith Baker / Cocktail Waitress: items served in place of others."""
        out = []
        guests = self.rules.guests
        baker = self.S["baker"] in pl.played
        cocktail = self.S["cocktail-waitress"] in pl.played
        for t in range(N.TABLES):
            g = pl.cafe[t]
            if not g:
                continue
            order = guests[g].order
            for i in range(4):
                if pl.served[t][i] >= order[i]:
                    continue
                if ((baker and i in (1, 3) and pool[4 - i] > 0) or (cocktail and pool[2] >= 2)) \
                        and self.supply[i]:
                    out.append(N.T[t][i])
        return out

    def _food_options(self, first: int, n: int) -> list[str]:
        """000 actions 1 and 2: n dishes (drinks), the first kind at least as many as the
        second; with module I's champagne (001 M1-6/7) a >= b >= champagne. As many as the
        supply allows."""
        table = N.FOOD1 if first == 0 else N.FOOD2
        sa, sb, sh = self.supply[first], self.supply[first + 1], self.supply[4]
        for k in range(min(n, N.MAX_N), -1, -1):
            lo, hi = max(0, k - sa), min(k // 2, sb)
            out = [table[k][b] for b in range(lo, hi + 1)]
            if sh and self.rules.champagne_actions:
                names = N.FOODH[first >> 1][k]
                out += [names[j] for j, (a, b, c) in enumerate(N.FOOD1H[k]) if a <= sa and b <= sb and c <= sh]
            if out:
                return out
        return []

    def _room_cost(self, pl: Player, r: int, mode: str) -> int:
        if mode == "free":
            return 0
        rules = self.rules
        colour = rules.room_colour[r]
        for s in pl.played:
            ab = rules.staff[s].ability
            if ab and ab.get("kind") == "free_rooms" and ab["colour"] == ("yellow", "blue", "red")[colour]:
                return 0
        cost = rules.floor_cost[rules.room_floor[r]]
        if self.mods:  # e.g. 001 Gandhi: preparing rooms costs nothing this round
            for m in self.hooked["room_cost"]:
                cost = m.room_cost(self, pl, r, cost)
        # "minus<N>": N kronen less (000 minus1; Let's Waltz! cards up to 2 less)
        return max(0, cost - int(mode[5:])) if mode.startswith("minus") else cost

    def _room_options(self, p: int, pl: Player, mode: str, floors: int, occupy: bool) -> list[int]:
        """Rooms that can be prepared now (000/003 action 3 placement rules)."""
        rooms = pl.rooms
        rules = self.rules
        out = []
        if not any(rooms):
            cand: Any = (rules.start_room,)
        else:
            cand = range(20)
        anywhere = self.S["draughtsman"] in pl.played
        nb = rules.neighbours
        fl = rules.room_floor
        for r in cand:
            if rooms[r]:
                continue
            if floors and fl[r] > floors:
                continue
            if not self.room_supply[rules.room_colour[r]]:
                continue
            if any(rooms) and not anywhere and not any(rooms[x] for x in nb[r]):
                continue
            if self._room_cost(pl, r, mode) > pl.money:
                continue
            out.append(r)
        return out

    def _highest_rooms(self, pl: Player, state: int, below_floor: int) -> list[int]:
        rules = self.rules
        for f in range(min(4, below_floor - 1), 0, -1):
            rs = [r for r in rules.rooms_by_floor[f] if pl.rooms[r] == state]
            if rs:
                return rs
        return []

    def _free_table(self, p: int, pl: Player) -> int:
        seats = self.rules.cafe_seats + (1 if self.S["maitre-d"] in pl.played else 0)
        if self.mods:  # e.g. 001 Kaufman: a fourth table
            for m in self.hooked["extra_tables"]:
                seats = min(N.TABLES, seats + m.extra_tables(self, p))
        cafe = pl.cafe
        for t in range(seats):
            if not cafe[t]:
                return t
        return -1

    def _complete(self, pl: Player, t: int) -> bool:
        order = self.rules.guests[pl.cafe[t]].order
        s = pl.served[t]
        return s[0] >= order[0] and s[1] >= order[1] and s[2] >= order[2] and s[3] >= order[3] \
            and s[4] >= order[4]


    def _turn_pick(self, p: int, pl: Player, info: tuple[Any, ...]) -> None:
        verb = info[0]
        if verb == "pass":
            self._pop()
            self._pass_turn(p, pl)
            return
        self._set(self, "t_acted", True)
        if self.action_hooks:
            self._set(self, "t_action", True)
        if verb == "guest":
            cost = 0 if self.S["delivery-boy"] in pl.played else self.rules.queue_costs[info[1]]
            self._set(self, "t_guest", True)
            self._take_guest(p, pl, info[1], cost)
            if self.listeners:
                self._event(p, "guest_taken", info[1])
        elif verb == "die":
            self._set(self, "t_die", True)
            keep = self.t_keep
            self._die_action(p, pl, info[1], info[2], info[3], take_die=not keep)
            if self.t_extra:
                # original rules E. Gizia: the extra turn starts after the die action
                self._start_extra_turn()
        elif verb == "serve":
            if self.S["chief-waiter"] not in pl.played:
                self._set(pl, "money", pl.money - 1)
            self._push(("serve", p, 3, 0))
        elif verb == "use":
            sid = self.rules.staff_by_slug[info[1]]
            self._set(pl, "used", pl.used + (sid,))
            card = self.rules.staff[sid]
            self._push(("fx", p, card.on_use, 0, SRC_STAFF))
            if card.use_cost:
                self._spend(p, pl, card.use_cost)  # paid first: its frame sits above the effects
        elif verb == "move":
            self._move_guest(p, pl, info[1], info[2])
        else:
            self.verb_owner[verb].turn_pick(self, p, pl, info)
            if self.listeners:
                self._event(p, "turn_verb", verb)  # reactions resolve before the verb's frames

    def _start_extra_turn(self) -> None:
        self._set(self, "t_extra", self.t_extra - 1)
        self._set(self, "t_guest", False)
        self._set(self, "t_die", False)
        self._set(self, "t_boost", False)
        self._set(self, "t_keep", True)


    def _serve_item(self, pl: Player, t: int, i: int, pool: Any) -> tuple[int, int]:
        """Put one item ``i`` on the guest at table ``t``; returns (item used, how many).

        With the Rowe-Smith Baker (cake <-> coffee) or Cocktail Waitress (two wine
        for any item) the guest's order is filled with the substitute: the
        substitute cubes go back to the supply and the ordered cube is taken from it.
        """
        k = pl.kitchen
        if pool[i] > 0 and k[i]:
            used, count = i, 1
        elif self.S["baker"] in pl.played and i in (1, 3) and pool[4 - i] > 0 and k[4 - i]:
            used, count = 4 - i, 1
        elif self.S["cocktail-waitress"] in pl.played and pool[2] >= 2 and k[2] >= 2:
            used, count = 2, 2
        else:
            raise IllegalAction("that item is not available")
        self._seti(k, used, k[used] - count)
        if used != i:
            if not self.supply[i]:
                raise IllegalAction(f"no {ITEMS[i]} left in the supply to substitute")
            self._seti(self.supply, used, self.supply[used] + count)
            self._seti(self.supply, i, self.supply[i] - 1)
        self._seti(pl.served[t], i, pl.served[t][i] + 1)
        return used, count

    def _draw_guest_raw(self) -> int:
        if not self.guest_deck:
            return 0
        g = self.guest_deck[0]
        self.guest_deck = self.guest_deck[1:]
        return g

    def _draw_guest(self) -> int:
        if not self.guest_deck:
            return 0
        g = self.guest_deck[0]
        self._set(self, "guest_deck", self.guest_deck[1:])
        return g

    def _take_guest(self, p: int, pl: Player, slot: int, cost: int) -> None:
        t = self._free_table(p, pl)
        g = self.queue[slot]
        if cost:
            self._set(pl, "money", pl.money - cost)
        self._seti(pl.cafe, t, g)
        q = self.queue
        # 000: slide the guests left of the taken one to the right, refill at left
        for i in range(slot, 0, -1):
            self._seti(q, i, q[i - 1])
        self._seti(q, 0, self._draw_guest())
        if not self.round_guest_taken:
            self._set(self, "round_guest_taken", True)


    def _move_guest(self, p: int, pl: Player, t: int, r: int) -> None:
        """000/003: move a completed guest to a room; reward, staff, then group bonus."""
        rules = self.rules
        g = self._release_guest(pl, t)
        guest = rules.guests[g]
        self._seti(pl.rooms, r, 2)
        self._vp(pl, guest.vp, SRC_GUESTS)
        self._set(pl, "guest_vp", pl.guest_vp + guest.vp)
        effects: list[dict[str, Any]] = list(guest.reward)
        staff_fx: list[dict[str, Any]] = []
        by: list[str] = []  # whose: the staff cards that react to the guest moved (for the event log)
        colour_name = ("yellow", "blue", "red", "green")[guest.colour]
        for s in pl.played:
            ab = rules.staff[s].ability
            if ab and ab.get("kind") == "on_guest_moved":
                if ab["colour"] in ("any", colour_name) and guest.order_size >= ab.get("order_size", 0):
                    staff_fx.extend(ab["effects"])
                    by.append(rules.staff[s].slug)
        group = rules.room_group[r]
        if self.listeners:
            # reactions resolve after the reward, staff benefits and bonus pushed below
            self._event(p, "occupied", r)
            self._event(p, "guest_done", g)
        tail: list[dict[str, Any]] = []
        if all(pl.rooms[x] == 2 for x in rules.groups[group]):
            tail.append({"effect": "group_bonus", "group": group})
        # Yucata order: the guest's reward, staff benefits, the occupancy bonus
        if tail:
            self._push(("fx", p, tuple(tail), 0, SRC_BONUSES))
        if staff_fx:
            self._push_reaction(p, tuple(staff_fx), SRC_STAFF, staff=by)
        if effects:
            self._push(("fx", p, tuple(effects), 0, SRC_GUESTS))

    def _release_guest(self, pl: Player, t: int) -> int:
        """A completed guest leaves café table ``t``: the served items go back to the supply,
        the card to the discard pile. Returns the guest's number."""
        g = pl.cafe[t]
        self._seti(pl.cafe, t, 0)
        served = pl.served[t]
        for i in range(5):
            if served[i]:
                self._seti(self.supply, i, self.supply[i] + served[i])
                self._seti(served, i, 0)
        self._set(self, "guest_discard", self.guest_discard + (g,))
        return g

    def _fill_order(self, pl: Player, t: int) -> None:
        """Fill the order of the guest at table ``t`` from the supply (the Porter and alike)."""
        order = self.rules.guests[pl.cafe[t]].order
        served = pl.served[t]
        for i in range(5):
            take = min(order[i] - served[i], self.supply[i])
            if take > 0:
                self._seti(served, i, served[i] + take)
                self._seti(self.supply, i, self.supply[i] - take)

    def _die_action(self, p: int, pl: Player, face: int, action: int, boost: bool, take_die: bool) -> None:
        """000/003 'Take a die and carry out the action' (or E. Gizia's die-less action)."""
        n = self.dice[face]
        rules = self.rules
        if face == 6:
            if self.S["kitchen-hand"] in pl.played:
                n += 1  # 003 Kitchen Hand: free, and one die more
            else:
                self._set(pl, "money", pl.money - 1)
        if boost:
            self._set(pl, "money", pl.money - 1)
            self._set(self, "t_boost", True)
            n += 1
        triggered: list[dict[str, Any]] = []
        by: list[str] = []  # whose: the staff cards that react to the die (for the event log)
        if take_die:
            if self.listeners:
                self._event(p, "die_taken", face)
            self._seti(self.dice, face, self.dice[face] - 1)
            self._set(self, "on_tiles", self.on_tiles + 1)
            for s in pl.played:
                ab = rules.staff[s].ability
                if ab and face in ab.get("faces", ()):
                    k = ab["kind"]
                    if k == "die_bonus":
                        n += ab["extra"]
                    elif k in ("on_die", "after_die"):
                        triggered.extend(ab["effects"])
                        by.append(rules.staff[s].slug)
        if triggered:
            self._push_reaction(p, tuple(triggered), SRC_STAFF, staff=by)
        die_action = ({"effect": "die_action", "action": action, "n": n, "face": face if take_die else 0},)
        self._push(("fx", p, die_action, 0, SRC_GUESTS))
        if take_die and self.listeners:
            self._event(p, "die_action", face)  # reactions before the main action (001 Corogari)

    def _die_main(self, p: int, pl: Player, action: int, n: int, face: int) -> None:
        if n <= 0:
            return
        if action == 1:
            self._push(("food", p, 0, n))
        elif action == 2:
            self._push(("food", p, 2, n))
        elif action == 3:
            self._push(("rooms", p, n, "full", 0, False))
        elif action == 4:
            if face == 4 and self.S["bootblack"] in pl.played:
                self._advance_emperor(p, n)
                self._gain_money(p, n)
            else:
                self._push(("empmoney", p, n))
        else:
            self._push(("play", p, n))

    def _can_spend(self, pl: Player, cost: dict[str, int]) -> bool:
        """Can ``pl`` spend exactly this (a once-per-round card's price)?"""
        k = pl.kitchen
        for what, n in cost.items():
            have = (pl.money if what == "money" else pl.emperor if what == "emperor"
                    else sum(k[:4]) if what == "dish_or_drink" else sum(k) if what == "any_item"
                    else k[ITEMS.index(what)])
            if have < n:
                return False
        return True

    def _spend(self, p: int, pl: Player, cost: dict[str, int]) -> None:
        """Pay a price: fixed parts at once, a choice of items through a ``spend`` frame."""
        for what, n in cost.items():
            if what == "money":
                self._set(pl, "money", pl.money - n)
            elif what == "emperor":
                self._set(pl, "emperor", pl.emperor - n)
            elif what in ("dish_or_drink", "any_item"):
                self._push(("spend", p, n, 4 if what == "dish_or_drink" else 5))
            else:
                i = ITEMS.index(what)
                self._seti(pl.kitchen, i, pl.kitchen[i] - n)
                self._seti(self.supply, i, self.supply[i] + n)
