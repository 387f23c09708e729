"""A hand-written evaluation of a Grand Austria Hotel position for one seat.

The value estimates the seat's final VP: VP already scored, plus what the
position is likely to turn into before the game ends. Every term is a simple,
documented guess (docs/BOTS.md lists them); the weights were tuned by playing
the greedy bot against itself and against earlier versions.

Terms (``tf`` = share of the game still to come, 1.0 in round 1, 1/7 in round 7):

* scored VP (every source);
* occupied rooms: their final-scoring VP by floor (1-4);
* game-end staff: what they would score now, slightly more while time remains;
* money ~0.9 VP per krone (the final exchange is 1:1), kitchen items 0.6-1.1 VP
  (more if a café guest still wants them);
* café guests: printed VP + the reward's worth, scaled by how much of the order
  is served and whether a room waits for them; late in the game an unfinished
  guest counts toward the -5 café penalty;
* prepared rooms: a place for a future guest (worth less as the game ends);
* groups: part of the occupancy bonus for partly occupied groups;
* emperor track: VP of the coming emperor scorings from the current space, the
  bonus (>= 3 after setback) or the penalty (0);
* staff in hand and permanent staff in play: worth more the more game is left;
* politics cards still open: a share of the next marker by progress.
"""

from __future__ import annotations

from typing import Any

from tabletop.games.grand_austria_hotel.data import GREEN, Rules
from tabletop.games.grand_austria_hotel.engine import GahState

MOVE_COST = 0.5  # a completed guest still has to be moved in (an action, a turn)
ITEM_COST = 2.0  # what one missing dish or drink costs to get, in VP
ROOM_COST = 2.5  # what a missing room of the right colour costs to get, in VP
GUEST_EXTRA = 1.5  # a guest's worth beyond printed VP and reward: its room's final VP, group progress
PERM_STAFF = 2.5  # a permanent / once-per-round staff card in play, at the start of the game
HAND_CARD = 1.6  # a staff card in hand, at the start of the game
EMPEROR_LATER = 0.5  # weight of emperor scorings after the next one
SEAT = 0.8  # an empty café seat, at the start of the game
CAPITAL = 6  # krone kept as working capital ...
CAPITAL_WORTH = 2.0  # ... are worth this much more each, at the start of the game
# VP-equivalent of one unit of each reward effect.
EFFECT_WORTH = {
    "gain_items": 0.8,
    "gain_item_choice": 0.9,
    "gain_money": 0.8,
    "advance_emperor": 0.7,
    "gain_vp": 1.0,
    "draw_staff": 1.5,
    "free_guest": 3.0,
    "occupy_room": 3.5,
    "complete_order": 4.0,
    "extra_die_action": 3.5,
    "extra_turn": 5.0,
}


def effect_worth(effects: tuple[dict[str, Any], ...]) -> float:
    total = 0.0
    for e in effects:
        kind = e["effect"]
        if kind == "gain_items":
            total += EFFECT_WORTH[kind] * sum(v for k, v in e.items() if k != "effect")
        elif kind == "gain_money":
            total += EFFECT_WORTH[kind] * e["amount"]
        elif kind == "advance_emperor":
            total += EFFECT_WORTH[kind] * e["steps"]
        elif kind == "gain_vp":
            total += e["amount"]
        elif kind == "draw_staff" or kind == "gain_item_choice" or kind == "occupy_room":
            total += EFFECT_WORTH[kind] * e["count"]
        elif kind == "play_staff":
            total += 3.5 if e["discount"] == "free" else 1.0 + 0.6 * int(e["discount"])
        elif kind == "draw_and_play":
            total += 4.0 if e["discount"] == "free" else 3.0
        elif kind == "prepare_room":
            total += {"free": 2.5, "minus1": 1.8, "full": 1.2}[e.get("cost", "full")] + \
                (3.0 if e.get("occupy") else 0.0)
        else:
            total += EFFECT_WORTH.get(kind, 1.0)
    return total


_TABLES: dict[int, tuple[Rules, dict[str, Any]]] = {}


def _tables(rules: Rules) -> dict[str, Any]:
    hit = _TABLES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    guest_value = {gid: g.vp + effect_worth(g.reward) for gid, g in rules.guests.items()}
    bonus_vp = []
    for g, members in enumerate(rules.groups):
        colour = rules.group_colour[g]
        amount = rules.bonus_by_size[colour][len(members)]
        kind = rules.bonus_kind[colour]
        bonus_vp.append(amount * (1.0 if kind == "vp" else 0.8 if kind == "money" else 0.7))
    tables = {"guest_value": guest_value, "bonus_vp": bonus_vp}
    _TABLES[id(rules)] = (rules, tables)
    return tables


def evaluate(st: GahState, seat: int) -> float:
    """Estimated final VP of ``seat`` (see the module docstring)."""
    rules = st.rules
    tab = _tables(rules)
    pl = st.players[seat]
    rounds = rules.rounds
    rnd = st.round
    over = st.phase == "over"
    tf = 0.0 if over else (rounds - rnd + 1) / rounds
    value = float(pl.vp)
    if over:
        return value
    rooms = pl.rooms
    floor = rules.room_floor
    final_vp = rules.final_room_vp
    # occupied rooms score at the end
    occupied = [r for r in range(20) if rooms[r] == 2]
    value += sum(final_vp[floor[r]] for r in occupied)
    # game-end staff as if the game ended now
    staff = rules.staff
    for s in pl.played:
        card = staff[s]
        if card.timing == "game_end":
            value += st.staff_end_vp(seat, s) * (1.0 + 0.3 * tf)
        elif card.timing in ("permanent", "once_per_round"):
            value += PERM_STAFF * tf
    value += len(pl.hand) * HAND_CARD * tf
    # money and kitchen
    # money: 1 VP at the end; the first few krone are working capital (serving, guests, rooms)
    value += pl.money * (1.0 + 0.2 * tf) + min(pl.money, CAPITAL) * CAPITAL_WORTH * tf
    cafe = pl.cafe
    guests = rules.guests
    wanted = [0, 0, 0, 0]
    for t in range(len(cafe)):
        g = cafe[t]
        if g:
            order = guests[g].order
            served = pl.served[t]
            for i in range(4):
                wanted[i] += order[i] - served[i]
    for i in range(4):
        k = pl.kitchen[i]
        useful = min(k, wanted[i])
        # an item still in the kitchen is worth a little less than one on a guest's order
        value += useful * max(0.6, ITEM_COST - 0.4) + (k - useful) * 0.6
    # café guests: each is worth what it brings when it moves in, minus what it still
    # needs (items, a room); ready guests are matched to free rooms of their colour
    free_by_colour = [0, 0, 0]
    for r in range(20):
        if rooms[r] == 1:
            free_by_colour[rules.room_colour[r]] += 1
    late = 1.0 - tf
    turns_left = 0 if over else 2 * (rounds - rnd) + (2 - st.covered[seat])
    order_t = sorted((t for t in range(len(cafe)) if cafe[t]),
                     key=lambda t: guests[cafe[t]].colour == GREEN)
    demand = [0, 0, 0]
    for t in order_t:
        g = cafe[t]
        guest = guests[g]
        need = guest.order_size - sum(pl.served[t])
        worth = tab["guest_value"][g] + GUEST_EXTRA
        colour = guest.colour
        room = max(range(3), key=lambda k: free_by_colour[k]) if colour == GREEN else colour
        has_room = free_by_colour[room] > 0
        if has_room:
            free_by_colour[room] -= 1
        elif colour != GREEN:
            demand[colour] += 1
        # expected: completed with probability p (worth minus what completing still costs),
        # otherwise still in the café at the end (-5)
        cost = need * ITEM_COST + (0.0 if has_room else ROOM_COST) + MOVE_COST
        steps = need / 2.0 + (0.0 if has_room else 1.0) + 1.0
        p_done = 1.0 if need <= 0 and has_room else min(1.0, turns_left / steps)
        gv = p_done * (worth - cost) - (1.0 - p_done) * 5.0 * late
        value += gv
    empty_seats = sum(1 for t in range(rules.cafe_seats) if not cafe[t])
    value += empty_seats * SEAT * tf
    # prepared rooms: a home for a later guest, final VP if occupied
    for r in range(20):
        if rooms[r] == 1:
            value += (0.4 + 0.4 * final_vp[floor[r]]) * min(1.0, 2.0 * tf)
    # partly occupied groups
    for g, members in enumerate(rules.groups):
        n = len(members)
        if n > 1:
            occ = sum(1 for r in members if rooms[r] == 2)
            if 0 < occ < n:
                value += tab["bonus_vp"][g] * (occ / n) ** 2 * 0.6 * min(1.0, 2.5 * tf)
    # emperor scorings still to come
    e = pl.emperor
    ev = rules.emperor_vp
    for k, sr in enumerate(rules.scoring_rounds):
        if sr < rnd or (sr == rnd and st.phase == "emperor" and st.emperor_i > st._turn_order().index(seat)):
            continue
        weight = 1.0 if sr == next((x for x in rules.scoring_rounds if x >= rnd), sr) else EMPEROR_LATER
        value += ev[min(e, len(ev) - 1)] * weight
        e = max(0, e - rules.emperor_setback[k])
        if e >= rules.emperor_bonus_from:
            value += 4.0 * weight
        elif e == 0:
            value -= 6.0 * weight
    # open politics cards
    for k, oid in enumerate(st.objectives):
        m = st.markers[k]
        if seat in m or len(m) >= len(rules.marker_vp):
            continue
        prog = _progress(st, seat, rules.objectives[oid].requirement)
        value += rules.marker_vp[len(m)] * prog * prog * 0.5 * min(1.0, 1.5 * tf + 0.3)
    return value


def _progress(st: GahState, seat: int, req: dict[str, Any]) -> float:
    pl = st.players[seat]
    kind = req["kind"]
    if kind == "money":
        return min(1.0, pl.money / req["at_least"])
    if kind == "emperor":
        return min(1.0, pl.emperor / req["at_least"])
    if kind == "staff_played":
        return min(1.0, len(pl.played) / req["at_least"])
    if kind == "rooms":
        return min(1.0, sum(1 for r in pl.rooms if r) / req["at_least"])
    if kind == "occupied_colours":
        occ = st.occupied_by_colour(pl)
        names = ("yellow", "blue", "red")
        need = req["need"]
        return sum(min(occ[names.index(c)], v) for c, v in need.items()) / sum(need.values())
    if kind == "guest_vp":
        return min(1.0, pl.guest_vp / req["at_least"])
    occupied = sum(1 for r in pl.rooms if r == 2)
    return min(1.0, occupied / 14.0)


def evaluate_all(st: GahState) -> list[float]:
    return [evaluate(st, p) for p in range(st.num_players)]
