"""Emperor scorings and penalties, politics cards (objectives), game-end staff,
the final scoring and the results."""

from __future__ import annotations

from typing import Any

from tabletop.games.grand_austria_hotel.data import ITEMS
from tabletop.games.grand_austria_hotel.engine.base import (
    SRC_CAFE,
    SRC_CHAMPAGNE,
    SRC_EMPEROR,
    SRC_LEFTOVERS,
    SRC_OBJECTIVES,
    SRC_PENALTIES,
    SRC_ROOMS,
    SRC_STAFF,
    VP_SOURCES,
    EngineBase,
    Player,
    sources_in_play,
)

_MASKS: dict[int, tuple[Any, ...]] = {}


def _masks(rules: Any) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Bit masks of the hotel's floors 1-4, columns, groups and colours (room r is bit r), to
    test "every room of this line occupied" with one ``&``; worked out once per rules."""
    got = _MASKS.get(id(rules))
    if got is None or got[0] is not rules:
        def mask(rooms: tuple[int, ...]) -> int:
            return sum(1 << r for r in rooms)
        got = (rules,
               tuple(mask(rs) for rs in rules.rooms_by_floor[1:5]),
               tuple(mask(rs) for rs in rules.rooms_by_column),
               tuple(mask(g) for g in rules.groups),
               tuple(mask(rs) for rs in rules.rooms_by_colour))
        _MASKS[id(rules)] = got
    return got[1], got[2], got[3], got[4]


def occupied_mask(pl: Player) -> int:
    """Seat's occupied rooms as bits (room r is bit r)."""
    m, bit = 0, 1
    for v in pl.rooms:
        if v == 2:
            m |= bit
        bit <<= 1
    return m


class Scoring(EngineBase):
    # ---------------------------------------------------------- emperor, end
    def _emperor_scoring(self, p: int) -> None:
        """000/003 Emperor scoring for one player (in the round's turn order)."""
        rules = self.rules
        pl = self.players[p]
        k = rules.scoring_rounds.index(self.round)
        self._cause("emperor", p, tile=self.emperor_tiles[k], track=pl.emperor, setback=rules.emperor_setback[k])
        self._vp(pl, rules.emperor_vp[pl.emperor], SRC_EMPEROR)
        e = max(0, pl.emperor - rules.emperor_setback[k])
        self._set(pl, "emperor", e)
        tile = rules.emperor_tiles[self.emperor_tiles[k]]
        if e >= rules.emperor_bonus_from:
            self._cause("emperor_bonus", p, tile=self.emperor_tiles[k])
            if self.S["gardener"] in pl.played:
                self._push_reaction(p, ({"effect": "gain_vp", "amount": 5},), SRC_STAFF, staff=["gardener"])
            self._push(("fx", p, tile.bonus, 0, SRC_EMPEROR))
        elif e == 0:
            cm = self.S["conference-manager"]
            if cm in pl.played:
                price = rules.staff[cm].ability.get("price", 0)
                if price == 0:
                    return
                if pl.money >= price:
                    self._push(("avoid", p, k))
                    return
            self._cause("emperor_penalty", p, tile=self.emperor_tiles[k])
            self._emperor_penalty(p, k)

    def _emperor_penalty(self, p: int, k: int) -> None:
        tile = self.rules.emperor_tiles[self.emperor_tiles[k]]
        if not tile.penalty_alt:
            self._push(("fx", p, tile.penalty_main, 0, SRC_PENALTIES))
            return
        possible = self._fully_possible(self.players[p], tile.penalty_main)
        if self.original and possible:
            self._push(("penalty", p, k))
        else:
            # 2021: the lose-VP alternative only if the main penalty cannot be carried out fully
            self._push(("fx", p, tile.penalty_main if possible else tile.penalty_alt, 0, SRC_PENALTIES))

    def _fully_possible(self, pl: Player, effects: tuple[dict[str, Any], ...]) -> bool:
        for e in effects:
            kind = e["effect"]
            if kind == "lose_money" and pl.money < e["amount"]:
                return False
            if kind == "discard_hand" and len(pl.hand) < e["count"]:
                return False
            if kind == "remove_rooms" and sum(1 for r in pl.rooms if r == 1) < e["count"]:
                return False
            if kind == "discard_game_end_staff" and not any(
                    self.rules.staff[s].timing == "game_end" for s in pl.played):
                return False
            if kind in self.effect_owner and not self.effect_owner[kind].fully_possible(
                    self, self.players.index(pl), e):
                return False
        return True

    def _claim_objectives(self, p: int) -> None:
        """003: politics cards are claimed automatically at the end of the turn."""
        pl = self.players[p]
        for k, oid in enumerate(self.objectives):
            m = self.markers[k]
            if p in m or len(m) >= len(self.rules.marker_vp):
                continue
            if self.meets(p, self.rules.objectives[oid].requirement):
                self._cause("politics", p, card=oid, place=len(m) + 1)
                self._vp(pl, self.rules.marker_vp[len(m)], SRC_OBJECTIVES)
                self._seti(self.markers, k, m + (p,))
                if self.listeners:
                    self._event(p, "objective", k)

    def meets(self, p: int, req: dict[str, Any]) -> bool:
        pl = self.players[p]
        kind = req["kind"]
        if kind == "money":
            peak = self.t_peak if p == self.t_player else pl.money
            return max(peak, pl.money) >= req["at_least"]
        if kind == "emperor":
            return pl.emperor >= req["at_least"]
        if kind == "staff_played":
            return len(pl.played) >= req["at_least"]
        if kind == "rooms":
            return sum(1 for r in pl.rooms if r) >= req["at_least"]
        if kind == "full_floors":
            return self.full_floors(pl) >= req["at_least"]
        if kind == "full_columns":
            return self.full_columns(pl) >= req["at_least"]
        if kind == "full_groups":
            return self.full_groups(pl) >= req["at_least"]
        if kind == "full_colour":
            m = occupied_mask(pl)
            return any(m & c == c for c in _masks(self.rules)[3])
        if kind == "occupied_colours":
            occ = self.occupied_by_colour(pl)
            names = ("yellow", "blue", "red")
            return all(occ[names.index(c)] >= v for c, v in req["need"].items())
        if kind == "guest_vp":
            return pl.guest_vp >= req["at_least"]
        if kind == "floor_and_column":
            return self.full_floors(pl) >= 1 and self.full_columns(pl) >= 1
        if kind == "two_colours":
            return sum(1 for c in self.occupied_by_colour(pl) if c >= req["at_least"]) >= 2
        return self.requirement_owner[kind].meets(self, p, req)

    def occupied_by_colour(self, pl: Player) -> list[int]:
        m = occupied_mask(pl)
        return [(m & c).bit_count() for c in _masks(self.rules)[3]]

    def full_floors(self, pl: Player) -> int:
        m = occupied_mask(pl)
        return sum(m & f == f for f in _masks(self.rules)[0])

    def full_columns(self, pl: Player) -> int:
        m = occupied_mask(pl)
        return sum(m & c == c for c in _masks(self.rules)[1])

    def full_groups(self, pl: Player) -> int:
        m = occupied_mask(pl)
        return sum(m & g == g for g in _masks(self.rules)[2])

    def staff_end_vp(self, p: int, sid: int) -> int:
        """VP a game-end staff card is worth to seat ``p`` now."""
        pl = self.players[p]
        sc = self.rules.staff[sid].scoring
        kind = sc["kind"]
        if kind == "per_occupied_room":
            if sc["colour"] == "any":
                return sc["vp"] * sum(1 for r in pl.rooms if r == 2)
            return sc["vp"] * self.occupied_by_colour(pl)[("yellow", "blue", "red").index(sc["colour"])]
        if kind == "per_staff_played":
            return sc["vp"] * len(pl.played)
        if kind == "per_room":
            return sc["vp"] * sum(1 for r in pl.rooms if r)
        if kind == "per_full_group":
            return sc["vp"] * self.full_groups(pl)
        if kind == "per_full_floor":
            return sc["vp"] * self.full_floors(pl)
        if kind == "per_full_column":
            return sc["vp"] * self.full_columns(pl)
        if kind == "per_colour_set":
            return sc["vp"] * min(self.occupied_by_colour(pl))
        if kind == "per_politics_card":
            return sc["vp"] * sum(1 for m in self.markers if p in m)
        if kind == "emperor_track":
            # 2 x the space number: 000 "at most 12 VP ... at most on space 6"
            v = sc["factor"] * pl.emperor
            return min(v, sc["cap"]) if "cap" in sc else v
        if kind == "kitchen_pairs":
            a, b = (ITEMS.index(x) for x in sc["items"])
            return sc["vp"] * min(pl.kitchen[a], pl.kitchen[b])
        if kind == "copy_opponent_game_end":
            best = 0
            for q in range(self.num_players):
                if q == p:
                    continue
                for s in self.players[q].played:
                    st = self.rules.staff[s]
                    if st.timing == "game_end" and st.scoring["kind"] != "copy_opponent_game_end":
                        best = max(best, self.staff_end_vp(p, s))
            return best
        return self.scoring_owner[kind].staff_end_vp(self, p, sid, sc)

    def _final_scoring(self) -> None:
        """000/003 Final scoring."""
        rules = self.rules
        cause = self._cause
        for p, pl in enumerate(self.players):
            for s in pl.played:
                if rules.staff[s].timing == "game_end":
                    cause("final", p, line="staff", staff=rules.staff[s].slug)
                    self._vp(pl, self.staff_end_vp(p, s), SRC_STAFF)
            occupied = [r for r in range(20) if pl.rooms[r] == 2]
            cause("final", p, quiet=True, line="rooms", rooms=len(occupied))
            self._vp(pl, sum(rules.final_room_vp[rules.room_floor[r]] for r in occupied), SRC_ROOMS)
            cause("final", p, line="leftovers", kronen=pl.money, items=sum(pl.kitchen[:4]))
            self._vp(pl, pl.money + sum(pl.kitchen[:4]), SRC_LEFTOVERS)
            if 4 in self.item_range:
                cause("final", p, quiet=not pl.kitchen[4], line="champagne", champagne=pl.kitchen[4])
                self._vp(pl, pl.kitchen[4], SRC_CHAMPAGNE)  # 001 M1: 1 VP per champagne left
            if self.S["maitre-d"] not in pl.played:
                waiting = sum(1 for g in pl.cafe if g)
                cause("final", p, quiet=not waiting, line="cafe", guests=waiting)
                self._vp(pl, -5 * waiting, SRC_CAFE)
        for m in self.mods:
            cause("final", -1, quiet=True, line=m.name)
            m.final_scoring(self)

    # ---------------------------------------------------------------- results
    def scores(self) -> list[int]:
        return [pl.vp for pl in self.players]

    def score_breakdown(self) -> list[dict[str, int]]:
        shown = sources_in_play(self.config.modules)
        return [{VP_SOURCES[i]: pl.vp_src[i] for i in shown} for pl in self.players]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        # 000: most VP; tie -> more dishes, drinks and krones left
        key = [(pl.vp, pl.money + sum(pl.kitchen)) for pl in self.players]
        best = max(key)
        return [p for p in range(self.num_players) if key[p] == best]


    def projected_scores(self) -> list[int]:
        """003 'projected game end score': current points, points scored at game end, and
        points for the emperor track position in the emperor scorings still to come
        (not future emperor tile bonuses or penalties)."""
        if self.phase == "over":
            return self.scores()
        rules = self.rules
        out = []
        for p, pl in enumerate(self.players):
            total = pl.vp
            for s in pl.played:
                if rules.staff[s].timing == "game_end":
                    total += self.staff_end_vp(p, s)
            total += sum(rules.final_room_vp[rules.room_floor[r]] for r in range(20) if pl.rooms[r] == 2)
            total += pl.money + sum(pl.kitchen)
            if self.S["maitre-d"] not in pl.played:
                total -= 5 * sum(1 for g in pl.cafe if g)
            e = pl.emperor
            for k, sr in enumerate(rules.scoring_rounds):
                done_now = self.phase == "emperor" and sr == self.round and \
                    self._turn_order().index(p) < self.emperor_i
                if sr < self.round or done_now:
                    continue
                total += rules.emperor_vp[e]
                e = max(0, e - rules.emperor_setback[k])
            out.append(total)
        return out

    def summary(self) -> list[dict[str, Any]]:
        """Per seat: staff played (slugs), rooms prepared/occupied, guests moved in, café guests;
        and what was left unused (items, staff in hand; the game-end cards among them with
        what they would score now less their cost, where that is a gain: what a bot that kept
        them left on the table, ``tabletop report``'s "Left at the end")."""
        staff = self.rules.staff
        out = []
        for p, pl in enumerate(self.players):
            ends = [s for s in pl.hand if staff[s].timing == "game_end"]
            out.append({
                "staff_played": [staff[s].slug for s in pl.played],
                "rooms_occupied": sum(1 for r in pl.rooms if r == 2),
                "rooms_prepared": sum(1 for r in pl.rooms if r == 1),
                "guest_vp": pl.guest_vp,
                "cafe_guests": sum(1 for g in pl.cafe if g),
                "money": pl.money,
                "emperor": pl.emperor,
                "items_left": sum(pl.kitchen),
                "staff_in_hand": len(pl.hand),
                "game_end_in_hand": len(ends),
                "game_end_in_hand_gain": sum(max(0, self.staff_end_vp(p, s) - self.staff_cost[s]) for s in ends),
            })
        if self.notes is not None and self.mods:
            _module_facts(out, self.notes, self.parts)
        return out


def _module_facts(out: list[dict[str, Any]], notes: list[tuple[Any, ...]], parts: dict[str, Any]) -> None:
    """Per seat, from the notes kept while the game was played (``keep_notes``): start-player
    actions and the kronen they handed out, the entrance and its auction price, celebrities
    taken and the kronen paid for their dice, VP scored in each ballroom."""
    for facts in out:
        if "start_player" in parts:
            facts.update(key_actions=0, key_kronen_given=0)
        if "celebrities" in parts:
            facts.update(celebrities=[], celebrity_kronen=0)
    for kind, p, *rest in notes:
        facts = out[p]
        if kind == "key":
            facts["key_actions"] += 1
            facts["key_kronen_given"] += rest[0]
        elif kind == "entrance":
            facts["entrance"], facts["entrance_price"] = rest
        elif kind == "celebrity":
            facts["celebrities"].append(rest[0])
            facts["celebrity_kronen"] += rest[1]
        elif kind == "ballroom":
            facts.setdefault("ballroom_vp", {})[rest[0]] = rest[1]
