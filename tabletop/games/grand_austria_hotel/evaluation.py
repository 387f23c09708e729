"""A hand-written evaluation of a Grand Austria Hotel position for one seat.

``evaluate(state, seat)`` estimates the seat's **final VP**: the VP already
scored plus what the seat's assets are likely to turn into before the game
ends. It reads only the seat's own board and the public table, so a search bot
may apply it to a determinized copy of its view. Every term is a simple,
explicit guess; ``terms(state, seat)`` returns them one by one and they add up
to ``evaluate``. The constants are the ``HAND`` table below (each with a
comment) plus ``PER_ACTION`` and ``EFFECT_WORTH`` (``evaluation_effects.py``, with
``effect_worth``, which the module terms use too); they were set by hand and
adjusted by watching planner self-play and by matches (docs/BOTS.md).

Time. ``A`` = die actions the seat still has: two per round still to come,
plus the current round's untaken turns (the running turn counts until its die
is taken). A turn that waits for a re-roll (the seat passed, or a re-roll is
pending) is counted as spent; instead the re-roll is worth
``REROLL x q(k)``, where ``q`` compares the expected largest equal-face count
of the ``k`` dice that will be re-rolled with that of a full roll (0 when the
dice run out, which ends the round). ``tf = A / 14`` is the share of the seat's
actions still to come (1 at the start, 0 after its last turn).

Terms (all in VP):

``scored``    VP already on the track (every source).
``rooms``     occupied rooms: their final-scoring VP by floor (1-4).
``money``     1 per krone (the final exchange) plus working capital: the first
              krone is worth ``CAPITAL_WORTH x tf`` more, falling linearly to
              nothing at the ``CAPITAL``-th (guests, boosts, the 6 space, rooms
              and staff cost money; a broke hotel cannot act).
``kitchen``   items no café guest wants: 1 each (leftovers score 1 VP) plus
              ``SPARE_ITEM x tf`` (a later guest may want them). Items a guest
              wants are counted in ``guests`` instead.
``guests``    café guests, the closest to completion first. A guest's *worth*
              is its printed VP + ``REWARD`` x its reward (``EFFECT_WORTH``;
              halved towards the end) + staff that pay when it moves in + the
              final VP of the free room of its colour it will take (a green
              guest takes any colour; without one: ``ROOM_VP_GUESS``) +
              ``GUEST_EXTRA`` (group and politics progress). What it still
              costs: each missing item ``max(ITEM_COST, UNIT_SHARE x worth /
              order size)`` (cake and coffee count ``HEAVY_ITEM`` items: they
              need a companion strudel or wine), ``SERVE_COST`` per item already
              in the kitchen (free with the Chief Waiter), ``ROOM_COST`` without
              a free room. The guest counts ``p x (worth - cost) - (1 - p) x
              CAFE_PENALTY``, where ``p`` = the item units the seat can still
              gather (``GUEST_SHARE x A x UNITS_PER_ACTION``) over the work of
              this guest and those before it (``ROOM_ACTIONS`` actions per
              missing room), at most 1, and at most ``T / K``: ``T`` = die
              actions left (a pending re-roll counts one), ``K`` = the kinds of
              action these guests still need (strudel/cake, wine/coffee, rooms),
              since one die action brings one kind. With no die action left
              ``p`` is 1 only for a guest the running turn can still move in
              (nothing missing but a serve from the kitchen, a free room), else
              0; it is 0 for a guest whose colour has no empty room space left.
              With ``LATE_CAFE`` (a switch, off by hand) it is also 0 for a
              guest that misses more kinds than ``T``, or, in the last round
              with its dice on the board, a kind the strongest space for it
              cannot bring (docs/bots-history/what-was-tried.md, "Late café guests").
              So items on a valuable guest are worth more than spare ones, a
              guest that cannot be finished in time is a liability, and a
              completed guest with a room is worth its whole worth.
``seats``     an empty café seat: ``SEAT x min(1, 2 tf)`` (a place for a guest).
``prepared``  a free prepared room no café guest is counted on:
              ``PREPARED x its final VP x min(1, 1.5 tf)``.
``groups``    partly filled room groups: the occupancy bonus (VP; krone x 0.8;
              emperor steps x 0.7) x (share filled)^2 x ``GROUP_SHARE`` x
              ``min(1, 2 tf)``; a prepared room counts half an occupied one.
``emperor``   every emperor scoring still to come, the next at weight
              ``EMPEROR_NEXT``, later ones at ``EMPEROR_LATER``: the track's VP
              at the current space, then the tile's bonus (space >= 3 after the
              setback) or penalty (space 0; none with the Conference Manager),
              valued by ``EFFECT_WORTH`` x ``EMPEROR_TILE`` (+5 with the
              Gardener). While the seat can still climb, the thresholds are
              ramps, not steps: a shortfall of ``d`` spaces costs ``d / W`` of
              the penalty (misses ``d / W`` of the bonus), ``W = 1 +
              EMPEROR_SLACK x`` (actions left before that scoring, at most 3).
              Later scorings start from the space left after each setback.
``staff``     played staff: game-end cards at what they would score now plus
              ``GROWTH`` x a rough expected growth (``OCCUPY_RATE`` rooms per
              remaining action, ...); permanent and once-per-round cards at
              ``PER_ACTION`` (per card) x ``PERM`` x ``A``.
``hand``      staff in hand: ``HAND_SHARE`` x (worth if played now - cost), at
              least ``HAND_MIN x tf``.
``politics``  open politics cards the seat has not claimed: next marker's VP x
              progress^2 x ``POLITICS`` x ``min(1, 1.5 tf + 0.3)``.
``tempo``     ``TEMPO x A`` plus the re-roll term above: what the remaining
              actions will still bring (it matters when passing).
``pending``   the seat's own unresolved decisions in the middle of a turn
              (items to take, rooms to prepare, a staff card to play, an
              effect still to carry out ...) at their ``EFFECT_WORTH``, so that
              half-finished turns compare fairly inside a turn planner.

``modules``   only with Let's Waltz! modules on (``state.mods``; ``evaluation_modules.py``).
              With every module off it is absent and nothing else changes.

``turn_marker(state, seat)`` changes when the seat's turn ends; the search bots
use it to plan exactly one turn at a time.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop.games.grand_austria_hotel import evaluation_effects as EFFECTS
from tabletop.games.grand_austria_hotel import evaluation_modules as MODS
from tabletop.games.grand_austria_hotel.data import GREEN, Rules
from tabletop.games.grand_austria_hotel.engine.base import EngineBase, Player

search_caps = MODS.search_caps  # a search hint (the game's SearchHooks, __init__.py; Let's Waltz! tables)

# ---------------------------------------------------------------- constants
# The hand-set constants (docs/BOTS.md explains each). ``Params`` turns such a
# table into attributes; ``make_evaluator`` builds an evaluation from another table.
HAND: dict[str, float] = {
    "ITEM_COST": 1.0,  # least VP-cost of one missing strudel or wine (a third of a food action)
    "UNIT_SHARE": 0.7,  # share of a guest's worth still owed per missing item (by its share of the order)
    "HEAVY_ITEM": 1.5,  # a cake or coffee counts this many strudel/wine (it needs a companion die)
    "SERVE_COST": 0.35,  # serving an item already in the kitchen (1 krone per 3 items)
    "ROOM_COST": 1.5,  # a guest without a free room of its colour: a room still has to be prepared
    "ROOM_VP_GUESS": 1.8,  # final VP of the room a guest without a free room will get
    "GUEST_EXTRA": 2.0,  # a guest's further worth: group bonus and politics progress of its room
    "REWARD": 1.0,  # weight of a guest's reward (EFFECT_WORTH)
    "UNITS_PER_ACTION": 3.0,  # items (strudel/wine units) one food action brings
    "GUEST_SHARE": 0.6,  # share of the remaining actions that go into guests
    "ROOM_ACTIONS": 0.4,  # actions needed per missing room
    "CAFE_PENALTY": 5.0,  # VP lost per guest still in the café at the end
    "SEAT": 1.0,  # an empty café seat, at the start of the game
    "SPARE_ITEM": 0.1,  # extra worth of an item no guest wants yet, at the start
    "CAPITAL": 8.0,  # krone kept as working capital ...
    "CAPITAL_WORTH": 5.0,  # ... the first is worth this much more at the start, the CAPITAL-th 1/CAPITAL of it
    "PREPARED": 0.6,  # share of its final VP a prepared room without a counted guest gets
    "GROUP_SHARE": 0.6,  # share of a group's bonus credited for partial occupancy
    "EMPEROR_NEXT": 1.0,  # weight of the next emperor scoring
    "EMPEROR_LATER": 0.5,  # weight of the emperor scorings after the next one
    "EMPEROR_TILE": 1.0,  # weight of the emperor tiles' bonuses and penalties
    "EMPEROR_SLACK": 1.5,  # how much a shortfall on the emperor track is softened per action left
    "GROWTH": 0.6,  # share of the expected growth credited to game-end staff
    "PERM": 1.0,  # weight of permanent / once-per-round staff (PER_ACTION)
    "HAND_SHARE": 0.5,  # share of a hand card's played worth
    "HAND_MIN": 0.5,  # a staff card in hand is worth at least this, at the start
    "TEMPO": 2.0,  # VP per remaining die action
    "REROLL": 3.0,  # a turn saved by passing, if the re-roll is as good as a fresh roll
    "OCCUPY_RATE": 0.7,  # rooms occupied per remaining action (for game-end staff growth)
    "POLITICS": 0.8,  # weight of open politics cards
    # 1: a café guest whose missing kinds (dishes, drinks, a room) outnumber the seat's die
    # actions left, or that the last round's dice on the board cannot bring, counts as never
    # finished (0: the older, softer chance turns / kinds; docs/bots-history/what-was-tried.md, "Late café guests")
    "LATE_CAFE": 0.0,
    # a played game-end staff card counts (1 + this) times its worth in the ``staff`` term: a
    # judgement whose fitted ``staff`` weight shrinks the whole term can give those cards,
    # scored almost exactly, their full worth back (0: as the other staff;
    # docs/bots-history/what-was-tried.md, "Game-end staff at their whole worth")
    "END_STAFF_EXTRA": 0.0,
    # how steeply a café guest's completion chance falls with the work ahead of it: the chance
    # is ``(budget / work) ** CAFE_STEEP`` (budget: the item units the seat's remaining actions
    # can gather; work: this guest's and those closer to done); above 1, a guest far from done
    # counts for less and one near done is left alone (1: the chance as it was;
    # docs/bots-history/what-was-tried.md, "A steeper café chance")
    "CAFE_STEEP": 1.0,
}

# Constants CMA-ES leaves alone unless named (``tabletop train --method cmaes --only``): shapes
# added after the hand-set constants were tuned (docs/BOTS.md "Tuning the constants").
UNTUNED = ("CAFE_STEEP",)


class Params:
    """Evaluation constants as attributes (from a table like ``HAND``)."""

    def __init__(self, table: dict[str, float]) -> None:
        unknown = set(table) - set(HAND)
        if unknown:
            raise ValueError(f"unknown evaluation constants: {sorted(unknown)}")
        for k, v in {**HAND, **table}.items():
            setattr(self, k, float(v))

    def __getattr__(self, name: str) -> float:  # only for names not set above
        raise AttributeError(name)


# VP per remaining die action of a permanent or once-per-round staff card in play.
PER_ACTION = {
    "breakfast-server": 0.5, "waitress": 0.7, "barkeeper": 0.5, "sous-chef": 0.7,
    "groom": 0.4, "stableman": 0.2, "masseuse": 0.2, "tour-guide": 0.4,
    "butler": 0.5, "chauffeur": 0.5, "florist": 0.5,
    "executive-housekeeper": 0.8, "restaurant-manager": 0.7, "decorator": 0.6,
    "bootblack": 0.4, "laundress": 0.8, "kitchen-hand": 0.6, "checker": 0.3,
    "interior-architect": 1.0, "detective": 0.3, "staff-manager": 0.4, "custodian": 0.5,
    "chief-waiter": 0.4, "delivery-boy": 1.0, "conference-manager": 0.3,
    "male-floor-housekeeper": 0.6, "gardener": 0.7,
    "baker": 0.4, "cocktail-waitress": 0.4, "draughtsman": 0.3, "events-coordinator": 0.2,
    "financier": 0.5, "maitre-d": 0.5, "waste-manager": 0.2,
}
PER_ACTION_DEFAULT = 0.3


_TABLES: dict[int, tuple[Rules, dict[str, Any]]] = {}
_MEMO_NAMES = ("rooms_memo", "politics_memo", "emperor_memo", "end_card_memo")


def _tables(rules: Rules) -> dict[str, Any]:
    hit = _TABLES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    reward = {gid: EFFECTS.effect_worth(g.reward) for gid, g in rules.guests.items()}
    # cost of a guest's whole order in strudel/wine units
    units = {gid: (g.order[0] + g.order[2] + g.order[4], g.order[1] + g.order[3]) for gid, g in rules.guests.items()}
    bonus_vp = []
    for g, members in enumerate(rules.groups):
        colour = rules.group_colour[g]
        amount = rules.bonus_by_size[colour][len(members)]
        kind = rules.bonus_kind[colour]
        bonus_vp.append(amount * (1.0 if kind == "vp" else 0.8 if kind == "money" else 0.7))
    per_action = {sid: PER_ACTION.get(s.slug, PER_ACTION_DEFAULT) for sid, s in rules.staff.items()}
    moved_fx: dict[int, list[tuple[str, int, float]]] = {}
    for sid, s in rules.staff.items():
        ab = s.ability
        if ab and ab.get("kind") == "on_guest_moved":
            moved_fx[sid] = [(ab["colour"], ab.get("order_size", 0), EFFECTS.effect_worth(ab["effects"]))]
    on_play = {sid: EFFECTS.effect_worth(s.on_play) for sid, s in rules.staff.items() if s.timing == "one_time"}
    room_vp = tuple(float(rules.final_room_vp[rules.room_floor[r]]) for r in range(20))
    tables = {"reward": reward, "units": units, "bonus_vp": bonus_vp, "per_action": per_action,
              "moved_fx": moved_fx, "on_play": on_play, "room_vp": room_vp,
              # memo tables (_room_facts, _politics, _emperor_memo, _end_card): a search evaluates
              # thousands of positions that differ only in a few fields
              **{name: {} for name in _MEMO_NAMES}}
    _TABLES[id(rules)] = (rules, tables)
    return tables


_COLOUR_NAMES = ("yellow", "blue", "red", "green")
_ITEMS_BASE, _ITEMS_MODS = range(4), range(5)
TERMS = ("scored", "rooms", "money", "kitchen", "guests", "seats", "prepared", "groups", "emperor",
         "staff", "hand", "politics", "tempo", "pending", "modules")  # "modules" only with Let's Waltz! modules


# Expected largest number of equal faces among k dice (k = 0..14): how strong the
# best action space of a (re-)roll is.
MAX_COUNT = (0.0, 1.0, 1.17, 1.47, 1.82, 2.14, 2.41, 2.66, 2.92, 3.19, 3.44, 3.69, 3.93, 4.17, 4.41)


def actions_left(st: EngineBase, seat: int) -> tuple[int, float]:
    """Die actions the seat still has, and the worth of a pending re-roll.

    The running turn counts while its die is untaken. A turn waiting for a
    re-roll (the seat passed, or a re-roll is pending) is counted as spent;
    instead the second value says how good the re-roll is likely to be: the
    expected best action space of ``k`` re-rolled dice relative to a full roll
    (0 once the dice run out).
    """
    rules = st.rules
    phase = st.phase
    if phase in ("draft", "start_guest", "start_rooms", "auction", "rehearsal"):
        return 2 * rules.rounds, 0.0
    if phase == "over":
        return 0, 0.0
    later = 2 * (rules.rounds - st.round)
    if phase == "emperor":
        return later, 0.0
    cur = max(0, 2 - st.covered[seat])
    if st.t_player == seat and st.t_die and cur:
        cur -= 1
    if cur and (st.passed[seat] or (phase == "roll" and st.roll_n < st.total_dice)):
        k = st.roll_n if phase == "roll" else max(0, sum(st.dice) - 1)
        top = MAX_COUNT[min(st.total_dice, 14)] - 1.0
        q = max(0.0, (MAX_COUNT[min(k, 14)] - 1.0) / top)
        return later + cur - 1, q
    return later + cur, 0.0


def turns_left(st: EngineBase, seat: int) -> int:
    """The seat's remaining die actions, the running turn included (search bots
    switch to searching to the end of the game when few are left)."""
    return actions_left(st, seat)[0]


def turn_choice(line: tuple[str, ...]) -> str:
    """The main choice of a planned turn: the die it takes (``d1``, ``d6=2``; the boost, a
    krone for one more item, is the same choice; a Let's Waltz! coloured die keeps its colour),
    ``key`` for module IV's skeleton key, or ``""`` for a turn without one (a pass, a setup
    decision). A search bot that keeps candidates of several main choices (``choices=K``) lets
    its play-outs compare which action to take, not only how to finish the same one."""
    for action in line:
        if action.startswith("d") and action[1:2].isdigit():
            return action.replace("+", "")
        if action == "key" or action.startswith("key="):
            return "key"
    return ""


def turn_marker(st: EngineBase, seat: int) -> tuple[int, int, bool, str]:
    """Changes when ``seat``'s turn ends (search bots plan one turn at a time)."""
    return st.round, st.covered[seat], st.passed[seat], st.phase


_HAND = Params(HAND)


def evaluate(st: EngineBase, seat: int) -> float:
    """Estimated final VP of ``seat`` (see the module docstring)."""
    if st.phase == "over":
        return float(st.players[seat].vp)
    return sum(_terms(st, seat, _HAND))


def make_evaluator(table: dict[str, float],
                   weights: dict[str, tuple[float, float]] | None = None) -> Callable[[EngineBase, int], float]:
    """The same evaluation with other constants (missing ones keep their ``HAND`` value) and,
    with ``weights`` (term name to ``(a, b)``), each term counted ``a + b x tf`` times instead
    of once (``tf`` as in ``features``; terms not named count once)."""
    params = Params(table)
    if not weights:
        def evaluate_with(st: EngineBase, seat: int) -> float:
            if st.phase == "over":
                return float(st.players[seat].vp)
            return sum(_terms(st, seat, params))

        return evaluate_with
    unknown = set(weights) - set(TERMS)
    if unknown:
        raise ValueError(f"unknown evaluation terms: {sorted(unknown)}; known: {', '.join(TERMS)}")
    wa = [float(weights[k][0]) if k in weights else 1.0 for k in TERMS]
    wb = [float(weights[k][1]) if k in weights else 0.0 for k in TERMS]

    def evaluate_weighted(st: EngineBase, seat: int) -> float:
        if st.phase == "over":
            return float(st.players[seat].vp)
        return _weighted_sum(_terms(st, seat, params), wa, wb, time_share(st, seat))

    return evaluate_weighted


def _weighted_sum(values, wa, wb, tf):  # type: ignore[no-untyped-def]  # untyped for evaluation.pxd
    """``sum of (wa[i] + wb[i] x tf) x values[i]``: a learned judgement's total (list[float]s, tf: float)."""
    total = 0.0
    for i in range(len(values)):
        a = wa[i]
        b = wb[i]
        x = values[i]
        total += (a + b * tf) * x
    return total


def features(st: EngineBase, seat: int) -> tuple[list[float], float]:
    """What a learned judgement reads: every term of ``TERMS`` (0 where absent) with the
    hand-set constants, and ``tf``, the share of the seat's die actions still to come."""
    return _features(st, seat, _HAND)


def feature_reader(table: dict[str, float]) -> Callable[[EngineBase, int], tuple[list[float], float]]:
    """``features`` with other constants (missing ones at their ``HAND`` value): what a
    judgement that ships those constants reads (a fit of it: ``tabletop train --constant``).
    Unknown names are refused (ValueError)."""
    params = Params(table)
    return lambda st, seat: _features(st, seat, params)


def _features(st: EngineBase, seat: int, params: Params) -> tuple[list[float], float]:
    values = list(_terms(st, seat, params)) if st.phase != "over" else [float(st.players[seat].vp)]
    values += [0.0] * (len(TERMS) - len(values))
    return values, time_share(st, seat)


def time_share(st: EngineBase, seat: int) -> float:
    """``tf``: the share of the seat's die actions still to come (1 at the start, 0 after its last)."""
    return actions_left(st, seat)[0] / (2.0 * st.rules.rounds)


# Terms a learned weighting leaves at weight 1: the VP already scored are certain, and the
# modules' term is absent from the base games the weights are fitted on.
FIXED_TERMS = ("scored", "modules")


def fixed_terms(config: dict[str, Any] | None) -> tuple[str, ...]:
    """The terms a fit on games of ``config`` leaves at weight 1: on module tables the
    modules' term is there to be learned too."""
    if config and config.get("modules"):
        return tuple(k for k in FIXED_TERMS if k != "modules")
    return FIXED_TERMS


def terms(st: EngineBase, seat: int, table: dict[str, float] | None = None) -> dict[str, float]:
    """The evaluation split into its terms (they add up to ``evaluate``)."""
    if st.phase == "over":
        return {"scored": float(st.players[seat].vp)}
    return dict(zip(TERMS, _terms(st, seat, Params(table) if table else _HAND)))


def _terms(st, seat, P):  # type: ignore[no-untyped-def]  # (st: EngineBase, seat: int, P: Params) -> list[float]; untyped for evaluation.pxd
    """The values of ``TERMS`` for ``seat`` (``modules`` only with a module on), in VP: they add
    up to ``evaluate``. Each term is worked out by the function named in its comment below;
    what several of them read is read here once: ``A`` (die actions left), the pending
    re-roll's worth, ``tf`` and the facts of the hotel's rooms. The café goes first: its guests
    take out of ``kitchen`` the items they want and into ``used_rooms`` the free rooms they will
    move into, and the spare items and the unclaimed prepared rooms are what they leave."""
    rules = st.rules
    tab = _tables(rules)
    pl = st.players[seat]
    A, reroll = actions_left(st, seat)
    full = 2 * rules.rounds
    tf = A / full
    rooms_t = tuple(pl.rooms)
    occ_vp, free_sorted, partial_groups, no_space = _room_facts(rules, tab, rooms_t)
    kitchen = list(pl.kitchen)  # what the café guests leave of it is spare
    used_rooms = [0, 0, 0]  # per colour: the free prepared rooms café guests are counted on
    guest_value = _cafe(st, seat, pl, A, reroll, tf, P, tab, free_sorted, no_space, kitchen, used_rooms)
    staff_value, hand_value = _staff(st, seat, pl, rooms_t, A, tf, P, tab)
    out = [float(pl.vp),  # scored: the VP already on the track (every source) are certain
           occ_vp,  # rooms: the occupied rooms' final-scoring VP by floor (_room_facts)
           _money(pl, tf, P),  # money
           _spare_items(kitchen, tf, P),  # kitchen
           guest_value,  # guests (_cafe)
           _empty_seats(st, pl, tf, P),  # seats
           _prepared(free_sorted, used_rooms, tf, P),  # prepared
           _groups(partial_groups, tf, P),  # groups
           _emperor_memo(st, seat, pl, A, P, tab),  # emperor (_emperor)
           staff_value, hand_value,  # staff, hand (_staff)
           _politics(st, seat, pl, rooms_t, tab, tf, P),  # politics
           _tempo(A, reroll, P),  # tempo
           _pending(st, seat) if st.stack else 0.0]  # pending
    if st.mods:  # modules: Let's Waltz! (evaluation_modules.py); nothing with every module off
        out.append(MODS.module_value(st, seat, A, tf, P, kitchen[4]))  # champagne the guests left over
    return out


def _money(pl, tf, P):  # type: ignore[no-untyped-def]  # (pl: Player, tf: float, P: Params) -> float
    """``money``: 1 VP per krone (the final exchange), plus working capital: the first krone is
    worth ``CAPITAL_WORTH x tf`` more, falling linearly to nothing at the ``CAPITAL``-th, since
    guests, boosts, the 6 space, rooms and staff cost money and a broke hotel cannot act."""
    cap = min(float(pl.money), P.CAPITAL)
    return float(pl.money) + P.CAPITAL_WORTH * tf * (cap * P.CAPITAL - cap * (cap - 1) / 2.0) / P.CAPITAL


def _spare_items(kitchen, tf, P):  # type: ignore[no-untyped-def]  # (kitchen: list[int], tf: float, P: Params) -> float
    """``kitchen``: the items no café guest wants (``_cafe`` has taken out the others, which
    count in ``guests``): 1 VP each, as leftovers score at the end, plus ``SPARE_ITEM x tf``
    while a later guest may still want them."""
    spare = sum(kitchen)
    return spare * (1.0 + P.SPARE_ITEM * tf)


def _empty_seats(st, pl, tf, P):  # type: ignore[no-untyped-def]  # (st: EngineBase, pl: Player, tf: float, P: Params) -> float
    """``seats``: an empty café seat is a place for a guest still to come: ``SEAT x min(1, 2 tf)``
    (the Maitre D' adds a seat)."""
    seats = st.rules.cafe_seats + (1 if st.S["maitre-d"] in pl.played else 0)
    cafe = pl.cafe
    empty = 0
    for t in range(seats):
        if not cafe[t]:
            empty += 1
    return empty * P.SEAT * min(1.0, 2.0 * tf)


def _prepared(free_sorted, used_rooms, tf, P):  # type: ignore[no-untyped-def]  # (free_sorted: tuple[tuple[float, ...], ...], used_rooms: list[int], tf: float, P: Params) -> float
    """``prepared``: a free prepared room no café guest is counted on (those past ``used_rooms``
    of its colour) will take a later guest: ``PREPARED x`` its final VP ``x min(1, 1.5 tf)``."""
    prepared = 0.0
    for c in range(3):
        for v in free_sorted[c][used_rooms[c]:]:
            prepared += P.PREPARED * v * min(1.0, 1.5 * tf)
    return prepared


def _groups(partial_groups, tf, P):  # type: ignore[no-untyped-def]  # (partial_groups: tuple[tuple[float, float], ...], tf: float, P: Params) -> float
    """``groups``: a partly filled room group is on its way to its occupancy bonus: the bonus x
    (share filled)^2 x ``GROUP_SHARE x min(1, 2 tf)`` (``_room_facts``: a prepared room counts
    half an occupied one)."""
    groups_value = 0.0
    gfac = min(1.0, 2.0 * tf)
    if gfac > 0:
        for bonus, share in partial_groups:
            groups_value += bonus * share * share * P.GROUP_SHARE * gfac
    return groups_value


def _tempo(A, reroll, P):  # type: ignore[no-untyped-def]  # (A: int, reroll: float, P: Params) -> float
    """``tempo``: what the remaining die actions will still bring, ``TEMPO x A``, plus a pending
    re-roll's worth (``REROLL x`` how good it is likely to be): it matters when passing."""
    return P.TEMPO * A + P.REROLL * reroll


def _cafe(st, seat, pl, A, reroll, tf, P, tab, free_sorted, no_space, kitchen, used_rooms):  # type: ignore[no-untyped-def]
    # (st: EngineBase, seat: int, pl: Player, A: int, reroll: float, tf: float, P: Params, tab: dict[str, Any],
    #  free_sorted: tuple[tuple[float, ...], ...], no_space: tuple[bool, ...], kitchen: list[int],
    #  used_rooms: list[int]) -> float; untyped for evaluation.pxd
    """``guests``: the café guests, first come first served: the one closest to completion takes
    the kitchen's items it wants (out of ``kitchen``) and a free room of its colour (into
    ``used_rooms``) first. A guest counts ``p x (worth - cost) - (1 - p) x CAFE_PENALTY``: its
    worth (``_guest_worth``) less what finishing it still costs, by its chance ``p`` of being
    finished in time (``_completion_chance``). So items on a valuable guest are worth more than
    spare ones, a guest that cannot be finished in time is a liability, and a completed guest
    with a room is worth its whole worth."""
    guests = st.rules.guests
    cafe = pl.cafe
    played = pl.played
    free_serving = st.S["chief-waiter"] in played
    items = _ITEMS_MODS if st.mods else _ITEMS_BASE  # module I: guests may order champagne
    # first come: the guests by the items they still miss, the fewest first
    order_t = []
    for t in range(len(cafe)):
        g = cafe[t]
        if g:
            order = guests[g].order
            served = pl.served[t]
            miss = 0.0
            for i in items:
                m = order[i] - served[i]
                if m > 0:
                    miss += m * (P.HEAVY_ITEM if i & 1 else 1.0)
            order_t.append((miss, t))
    order_t.sort()
    free_count = [len(free_sorted[0]), len(free_sorted[1]), len(free_sorted[2])]
    budget = P.GUEST_SHARE * A * P.UNITS_PER_ACTION  # item units the seat can still gather for guests
    work = 0.0
    guest_value = 0.0
    moved = tab["moved_fx"]
    moved_fx = [fx for s in played if s in moved for fx in moved[s]]
    reward_scale = 0.5 + 0.5 * min(1.0, 3.0 * tf)  # rewards are worth less near the end
    # Turns that can still finish guests (a pending re-roll is one more chance),
    # and what the seat can still do in its running turn once those are gone.
    turns = A + (1 if reroll > 0.0 else 0)
    in_turn = st.t_player == seat
    can_serve = free_serving or pl.money >= 1
    kinds = 0  # the kinds of action the guests counted so far still need (bits: food 1, food 2, rooms)
    late = P.LATE_CAFE > 0.0
    strength = _last_round_strength(st, pl) if late and reroll == 0.0 else None
    for _miss, t in order_t:
        g = cafe[t]
        guest = guests[g]
        order = guest.order
        served = pl.served[t]
        # the items it still misses: from the kitchen first, the rest still to gather
        units = 0.0
        from_kitchen = 0
        need = 0
        short = [0, 0, 0, 0] if late else None  # strudel, cake, wine, coffee still to gather
        for i in items:
            m = order[i] - served[i]
            if m > 0:
                k = min(m, kitchen[i])
                if k:
                    kitchen[i] -= k
                    from_kitchen += k
                    m -= k
                if m:
                    if short is not None and i < 4:
                        short[i] = m
                    units += m * (P.HEAVY_ITEM if i & 1 else 1.0)
                    if i < 4:
                        need |= 1 << (i >> 1)  # strudel/cake: action 1; wine/coffee: action 2 (champagne: either)
        # its room: the best free one of its colour, else one still to prepare
        colour = guest.colour
        c = _green_room(free_sorted, free_count, used_rooms) if colour == GREEN else colour
        if used_rooms[c] < free_count[c]:
            room_vp = float(free_sorted[c][used_rooms[c]])
            used_rooms[c] += 1
            room_cost = 0.0
            room_work = 0.0
        else:
            room_vp = P.ROOM_VP_GUESS
            room_cost = P.ROOM_COST
            room_work = P.ROOM_ACTIONS * P.UNITS_PER_ACTION
            need |= 4
            if no_space[3 if colour == GREEN else c]:
                need |= 8  # no space of its colour is left: it can never move in
        worth = _guest_worth(guest, g, colour, room_vp, reward_scale, moved_fx, P, tab)
        # what finishing it still costs: each missing item at least ITEM_COST, or its share of
        # UNIT_SHARE x worth (cake and coffee count HEAVY_ITEM items); serving from the kitchen
        # (free with the Chief Waiter); a room still to prepare
        light, heavy = tab["units"][g]
        unit_cost = max(P.ITEM_COST, P.UNIT_SHARE * worth / max(1.0, light + P.HEAVY_ITEM * heavy))
        cost = units * unit_cost + room_cost + (0.0 if free_serving else from_kitchen * P.SERVE_COST)
        work += units + room_work
        kinds |= need
        p = _completion_chance(need, short, turns, strength, work, budget, kinds,
                               in_turn and (from_kitchen == 0 or can_serve), P)
        guest_value += p * (worth - cost) - (1.0 - p) * P.CAFE_PENALTY
    return guest_value


def _green_room(free_sorted, free_count, used_rooms):  # type: ignore[no-untyped-def]  # (free_sorted: tuple[tuple[float, ...], ...], free_count: list[int], used_rooms: list[int]) -> int
    """The colour of the room a green guest (any colour suits it) moves into: the colour with the
    most free prepared rooms left, then the best of them (the first colour on a tie)."""
    c = 0
    best_key = None
    for k in range(3):
        key = (free_count[k] - used_rooms[k],
               free_sorted[k][used_rooms[k]] if used_rooms[k] < free_count[k] else 0)
        if best_key is None or key > best_key:
            c, best_key = k, key
    return c


def _guest_worth(guest, g, colour, room_vp, reward_scale, moved_fx, P, tab):  # type: ignore[no-untyped-def]
    # (guest: Guest, g: int, colour: int, room_vp: float, reward_scale: float, moved_fx: list[tuple[str, int, float]],
    #  P: Params, tab: dict[str, Any]) -> float; untyped for evaluation.pxd
    """What a café guest brings when it moves in: its printed VP, ``REWARD x`` its reward
    (``EFFECT_WORTH``, ``reward_scale``: halved towards the end), the final VP of the room it
    takes (``room_vp``), ``GUEST_EXTRA`` (group and politics progress) and what played staff pay
    when a guest like it moves in (``moved_fx``)."""
    worth = guest.vp + tab["reward"][g] * reward_scale * P.REWARD + room_vp + P.GUEST_EXTRA
    for col, size, w in moved_fx:
        if (col == "any" or col == _COLOUR_NAMES[colour]) and guest.order_size >= size:
            worth += w
    return worth


def _completion_chance(need, short, turns, strength, work, budget, kinds, now, P):  # type: ignore[no-untyped-def]
    # (need: int, short: list[int] | None, turns: int, strength: list[int] | None, work: float, budget: float,
    #  kinds: int, now: bool, P: Params) -> float; untyped for evaluation.pxd
    """``p``, the chance that a café guest is finished in time: the item units the seat can still
    gather (``budget``) over the ``work`` of this guest and those before it, at most 1 (to the
    power ``CAFE_STEEP``), and at most ``turns / K`` with ``K`` the kinds of action these guests
    still need (``kinds``), since one die action brings one kind. With no die action left only a
    guest the running turn can still move in counts (``now``: nothing to gather, a free room, a
    serve it can pay); never one with no room space left of its colour (``need & 8``), nor, with
    ``LATE_CAFE`` (``short`` given), one the remaining dice cannot bring (``_late_out_of_reach``)."""
    if need & 8 or (short is not None and _late_out_of_reach(need, short, turns, strength)):
        return 0.0
    if turns == 0:
        # no die action left: only what the running turn can still do (serve, move in)
        return 1.0 if need == 0 and now else 0.0
    p = 1.0 if work <= 1e-9 else min(1.0, budget / work)
    if P.CAFE_STEEP != 1.0 and p < 1.0:
        p = p ** P.CAFE_STEEP
    n_kinds = (kinds & 1) + (kinds >> 1 & 1) + (kinds >> 2 & 1)
    if n_kinds > turns:
        p = min(p, turns / n_kinds)  # one die action brings one kind
    return p


def _staff(st, seat, pl, rooms, A, tf, P, tab):  # type: ignore[no-untyped-def]
    # (st: EngineBase, seat: int, pl: Player, rooms: tuple[int, ...], A: int, tf: float, P: Params,
    #  tab: dict[str, Any]) -> tuple[float, float]; untyped for evaluation.pxd
    """``staff`` and ``hand``, which value game-end cards alike (``_end_card``: what one would
    score now plus ``GROWTH x`` its expected growth, its key built once for both). Played: a
    game-end card at that worth (``1 + END_STAFF_EXTRA`` times), a permanent or once-per-round one
    at ``PER_ACTION x PERM x A`` (it pays at each action left). In hand: ``HAND_SHARE x`` (its
    worth if played now - its cost), at least ``HAND_MIN x tf`` (a card to play later)."""
    staff = st.rules.staff
    per_action = tab["per_action"]
    end_key = None  # what a game-end card's worth reads (built on first use)
    staff_value = 0.0
    for s in pl.played:
        card = staff[s]
        timing = card.timing
        if timing == "game_end":
            if end_key is None:
                end_key = _end_card_key(st, seat, pl, rooms, A, P)
            staff_value += _end_card(st, seat, s, card.scoring, A, P, tab, end_key) * (1.0 + P.END_STAFF_EXTRA)
        elif timing == "permanent" or timing == "once_per_round":
            staff_value += per_action[s] * A * P.PERM
    hand_value = 0.0
    for s in pl.hand:
        card = staff[s]
        timing = card.timing
        if timing == "game_end":
            if end_key is None:
                end_key = _end_card_key(st, seat, pl, rooms, A, P)
            w = _end_card(st, seat, s, card.scoring, A, P, tab, end_key)
        elif timing == "one_time":
            w = tab["on_play"][s]
        else:
            w = per_action[s] * max(0, A - 2) * P.PERM
        hand_value += max(P.HAND_MIN * tf, P.HAND_SHARE * (w - st.staff_cost[s]))
    return staff_value, hand_value


def _last_round_strength(st, pl):  # type: ignore[no-untyped-def]  # (st: EngineBase, pl: Player) -> list[int] | None
    """In the last round, with its dice on the board: the strongest food 1, food 2 and
    room action the dice still offer the seat (a 6 serves any action for 1 krone, 1 krone
    more adds a die: 000 actions; the other seats' picks before the seat's next turn are
    not foreseen). None before the last round, when the coming rolls are not known yet."""
    if st.round != st.rules.rounds or st.phase != "play":
        return None
    dice = st.dice
    money = pl.money
    out = [0, 0, 0]
    for a in range(3):
        n = dice[a + 1]
        if money >= 1 and dice[6] > n:
            n = dice[6]  # the 6 costs its krone, so no boost on top of it below
            if money >= 2:
                n += 1
        elif n and money >= 1:
            n += 1
        out[a] = n
    return out


def _late_out_of_reach(need, short, turns, strength):  # type: ignore[no-untyped-def]  # (need: int, short: list[int], turns: int, strength: list[int] | None) -> bool
    """A guest the seat's remaining die actions cannot finish: each die action brings one
    kind (dishes, drinks, rooms), and in the last round a kind needs an action space with
    enough dice (n dice bring n dishes, at most half of them cakes: 000 action 1)."""
    own = (need & 1) + (need >> 1 & 1) + (need >> 2 & 1)
    if own > turns:
        return True
    if strength is None:
        return False
    if need & 1 and strength[0] < max(short[0] + short[1], 2 * short[1]):
        return True
    if need & 2 and strength[1] < max(short[2] + short[3], 2 * short[3]):
        return True
    return bool(need & 4 and strength[2] < 1)


_MEMO_LIMIT = 50_000  # entries per memo table before it is emptied (≈ 270 bytes each: ≤ 54 MB in all)


def _store(memo: dict[Any, Any], key: Any, value: Any) -> None:
    """Keep ``value`` under ``key``, emptying the table first when it is full."""
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value


def clear_memos() -> None:
    """Forget every memoized part of the evaluation (values stay the same; for tests and memory)."""
    for _rules, tables in _TABLES.values():
        for name in _MEMO_NAMES:
            tables[name].clear()
    MODS.clear_memos()


def _room_facts(rules: Rules, tab: dict[str, Any], rooms: tuple[int, ...]) -> tuple[
        float, tuple[tuple[float, ...], ...], tuple[tuple[float, float], ...], tuple[bool, ...]]:
    """What the evaluation needs from a hotel's 20 rooms, memoized by the rooms:
    VP of the occupied rooms, the free prepared rooms' final VP per colour (best
    first: guests take the highest floor), the partly filled groups as (bonus,
    share filled; a prepared room counts half), and per colour (then any colour)
    whether no empty room space is left."""
    memo = tab["rooms_memo"]
    hit = memo.get(rooms)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    room_vp = tab["room_vp"]
    room_colour = rules.room_colour
    occ_vp = 0.0
    free: list[list[float]] = [[], [], []]
    for r, x in enumerate(rooms):
        if x == 2:
            occ_vp += room_vp[r]
        elif x == 1:
            free[room_colour[r]].append(room_vp[r])
    free_sorted = tuple(tuple(sorted(f, reverse=True)) for f in free)
    partial = []
    bonus_vp = tab["bonus_vp"]
    for g, members in enumerate(rules.groups):
        xs = [rooms[r] for r in members]
        occ = xs.count(2)
        if occ == len(xs):
            continue
        prep = xs.count(1)
        if occ or prep:
            partial.append((bonus_vp[g], (occ + 0.5 * prep) / len(xs)))
    no_space = tuple(not any(rooms[r] == 0 for r in rs) for rs in rules.rooms_by_colour[:3]) + \
        (0 not in rooms,)
    hit = (occ_vp, free_sorted, tuple(partial), no_space)
    _store(memo, rooms, hit)
    return hit


def _politics(st: EngineBase, seat: int, pl: Player, rooms: tuple[int, ...], tab: dict[str, Any], tf: float,
              P: Params) -> float:
    """Open politics cards the seat has not claimed: next marker's VP x progress^2
    x ``POLITICS`` x ``min(1, 1.5 tf + 0.3)``; memoized by what progress reads."""
    markers = st.markers
    key: tuple[Any, ...] = (seat, st.objectives, tuple(markers), rooms, pl.money, pl.emperor,
           len(pl.played), pl.guest_vp, tf, P.POLITICS)
    if st.mods:
        key += MODS.progress_key(st, seat)
    memo = tab["politics_memo"]
    hit = memo.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    rules = st.rules
    politics = 0.0
    for k, oid in enumerate(st.objectives):
        marks = markers[k]
        if seat in marks or len(marks) >= len(rules.marker_vp):
            continue
        prog = _progress(st, seat, rules.objectives[oid].requirement)
        politics += rules.marker_vp[len(marks)] * prog * prog * P.POLITICS * min(1.0, 1.5 * tf + 0.3)
    _store(memo, key, politics)
    return politics


def _emperor_memo(st: EngineBase, seat: int, pl: Player, A: int, P: Params, tab: dict[str, Any]) -> float:
    """``_emperor``, memoized by everything it reads."""
    done = st.phase == "emperor" and st.emperor_i > st._turn_order().index(seat)
    on_orders = 0  # items already on the café guests' orders
    for s in pl.served:
        on_orders += sum(s)
    key = (st.round, done, st.emperor_tiles, pl.emperor, A, pl.played, sum(pl.kitchen),
           on_orders, len(pl.hand),
           P.EMPEROR_NEXT, P.EMPEROR_LATER, P.EMPEROR_TILE, P.EMPEROR_SLACK)
    memo = tab["emperor_memo"]
    hit = memo.get(key)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    value = _emperor(st, seat, pl, A, P)
    _store(memo, key, value)
    return value


def _end_card_key(st: EngineBase, seat: int, pl: Player, rooms: tuple[int, ...], A: int, P: Params) -> tuple[Any, ...]:
    """Everything a game-end staff card's worth reads for this seat (but the
    opponents' cards, which only the copying card reads: it is not memoized)."""
    claimed = 0  # politics cards the seat has claimed
    for m in st.markers:
        if seat in m:
            claimed += 1
    return (seat, rooms, len(pl.played), pl.emperor, tuple(pl.kitchen), claimed, A, P.GROWTH, P.OCCUPY_RATE)


def _end_card(st: EngineBase, seat: int, sid: int, sc: dict[str, Any], A: int, P: Params, tab: dict[str, Any],
              key: tuple[Any, ...]) -> float:
    """A game-end staff card: what it would score now plus ``GROWTH`` x its expected growth."""
    if sc["kind"] == "copy_opponent_game_end":
        return st.staff_end_vp(seat, sid) + P.GROWTH * _growth(st, seat, sc, A, P)
    memo = tab["end_card_memo"]
    full = (sid, key)
    hit = memo.get(full)
    if hit is None:
        hit = st.staff_end_vp(seat, sid) + P.GROWTH * _growth(st, seat, sc, A, P)
        _store(memo, full, hit)
    return hit  # type: ignore[no-any-return]


def _growth(st: EngineBase, seat: int, sc: dict[str, Any], A: int, P: Params) -> float:
    """Expected further VP of a game-end staff card (a rough guess by kind)."""
    kind = sc["kind"]
    future_rooms = P.OCCUPY_RATE * A
    if kind == "per_occupied_room":
        return sc["vp"] * future_rooms * (1.0 if sc["colour"] == "any" else 0.33)
    if kind == "per_staff_played":
        return sc["vp"] * 0.2 * A
    if kind == "per_room":
        return sc["vp"] * 0.5 * A
    if kind == "per_full_group":
        return sc["vp"] * 0.25 * A
    if kind in ("per_full_floor", "per_full_column"):
        return sc["vp"] * 0.06 * A
    if kind == "per_colour_set":
        return sc["vp"] * future_rooms / 3.0
    if kind == "per_politics_card":
        return sc["vp"] * 0.1 * A
    if kind == "copy_opponent_game_end":
        return 0.3 * A
    return 0.0


_STATE_DEPENDENT = frozenset(("return_items", "discard_hand", "remove_rooms", "remove_occupied_rooms",
                              "vp_per_staff_played", "discard_game_end_staff"))
_TILE_PARTS: dict[int, tuple[tuple[dict[str, Any], ...], float, tuple[dict[str, Any], ...]]] = {}


def _tile_worth(effects: tuple[dict[str, Any], ...], st: EngineBase, pl: Player) -> float:
    """VP-equivalent of an emperor tile's bonus or penalty for this seat now."""
    parts = _TILE_PARTS.get(id(effects))
    if parts is None or parts[0] is not effects:
        fixed = EFFECTS.effect_worth([e for e in effects if e["effect"] not in _STATE_DEPENDENT])
        parts = (effects, fixed, tuple(e for e in effects if e["effect"] in _STATE_DEPENDENT))
        _TILE_PARTS[id(effects)] = parts
    total = parts[1]
    for e in parts[2]:
        kind = e["effect"]
        if kind == "return_items":
            total -= 1.0 * sum(pl.kitchen) + (sum(sum(s) for s in pl.served) if e["from"] != "kitchen" else 0)
        elif kind == "discard_hand":
            total -= 1.5 * min(e["count"], len(pl.hand))
        elif kind == "remove_rooms":
            total -= 2.0 * e["count"]
        elif kind == "remove_occupied_rooms":
            total -= 8.0
        elif kind == "vp_per_staff_played":
            total += e["amount"] * len(pl.played)
        elif kind == "discard_game_end_staff":
            total -= 8.0
    return total


def _emperor(st: EngineBase, seat: int, pl: Player, A: int, P: Params) -> float:
    """Coming emperor scorings: VP at the current space, then bonus or penalty.

    While actions remain before a scoring the seat can still climb, so the
    bonus and the penalty are ramps rather than steps: a shortfall of ``d``
    spaces counts ``d / W`` of the penalty (or misses ``d / W`` of the bonus),
    ``W = 1 + EMPEROR_SLACK x`` (the seat's actions before that scoring, at most 3).
    """
    rules = st.rules
    rnd = st.round
    e = pl.emperor
    ev = rules.emperor_vp
    value = 0.0
    first = True
    played = pl.played
    gardener = st.S["gardener"] in played
    immune = st.S["conference-manager"] in played
    bonus_from = rules.emperor_bonus_from
    for k, sr in enumerate(rules.scoring_rounds):
        if sr < rnd:
            continue
        if sr == rnd and st.phase == "emperor" and st.emperor_i > st._turn_order().index(seat):
            continue
        weight = P.EMPEROR_NEXT if first else P.EMPEROR_LATER
        before = min(3, max(0, A - 2 * (rules.rounds - sr))) if first else 3
        first = False
        width = 1.0 + P.EMPEROR_SLACK * before
        value += ev[min(e, len(ev) - 1)] * weight
        setback = rules.emperor_setback[k]
        tile = rules.emperor_tiles[st.emperor_tiles[k]]
        bonus = P.EMPEROR_TILE * _tile_worth(tile.bonus, st, pl) + (5.0 if gardener else 0.0)
        short_b = bonus_from + setback - e
        value += bonus * weight * (1.0 if short_b <= 0 else max(0.0, 1.0 - short_b / width))
        if not immune:
            short_p = setback + 1 - e
            if short_p > 0:
                pen = _tile_worth(tile.penalty_main, st, pl)
                if tile.penalty_alt:
                    pen = max(pen, _tile_worth(tile.penalty_alt, st, pl))
                value += P.EMPEROR_TILE * min(0.0, pen) * weight * min(1.0, short_p / width)
        e = max(0, e - setback)
    return value


def _pending(st: EngineBase, seat: int) -> float:
    """Worth of the seat's own unresolved decisions (mid-turn); each frame's fields are those its
    kind declares (engine/decisions.py)."""
    total = 0.0
    for fr in st.stack:
        if fr[1] != seat:
            continue
        kind = fr[0]
        if kind == "fx":
            _, _, effects, i, _ = fr
            if i < len(effects):
                total += EFFECTS.effect_worth(effects[i:])
        elif kind == "food":
            _, _, _, dice = fr
            total += dice * EFFECTS.EFFECT_WORTH["gain_items"]
        elif kind == "place":
            pass  # the items are already in the kitchen
        elif kind == "rooms":
            _, _, left, cost, _, occupy = fr
            total += left * EFFECTS.room_worth(cost, pending=True) + (3.0 if occupy else 0.0)
        elif kind == "empmoney":
            total += fr[2] * 0.9  # dice
        elif kind == "play":
            _, _, discount = fr
            total += 4.0 if discount >= 99 else 1.0 + 0.7 * discount
        elif kind == "drawn":
            total += 3.0
        elif kind == "occupy":
            total += fr[2] * EFFECTS.EFFECT_WORTH["occupy_room"]  # left
        elif kind == "freeguest":
            total += EFFECTS.EFFECT_WORTH["free_guest"]
        elif kind == "choice":
            total += fr[2] * EFFECTS.EFFECT_WORTH["gain_item_choice"]  # left
        elif kind == "complete":
            total += EFFECTS.EFFECT_WORTH["complete_order"]
        elif kind == "gizia":
            total += EFFECTS.EFFECT_WORTH["extra_die_action"]
        elif st.mods:
            total += MODS.module_pending(st, fr)
    return total


def _progress(st: EngineBase, seat: int, req: dict[str, Any]) -> float:
    """How far the seat is toward a politics card's requirement (0-1)."""
    pl = st.players[seat]
    rules = st.rules
    kind = req["kind"]
    rooms = pl.rooms
    if kind == "money":
        return min(1.0, pl.money / req["at_least"])
    if kind == "emperor":
        return min(1.0, pl.emperor / req["at_least"])
    if kind == "staff_played":
        return min(1.0, len(pl.played) / req["at_least"])
    if kind == "rooms":
        return min(1.0, sum(1 for r in rooms if r) / req["at_least"])
    if kind == "occupied_colours":
        occ = st.occupied_by_colour(pl)
        need = req["need"]
        return sum(min(occ[_COLOUR_NAMES.index(c)], v) for c, v in need.items()) / sum(need.values())
    if kind == "guest_vp":
        return min(1.0, pl.guest_vp / req["at_least"])
    if kind in ("full_floors", "full_columns", "floor_and_column"):
        lines = rules.rooms_by_floor[1:] if kind != "full_columns" else rules.rooms_by_column
        shares = sorted((sum(1 for r in line if rooms[r] == 2) / len(line) for line in lines), reverse=True)
        if kind == "floor_and_column":
            cols = max(sum(1 for r in line if rooms[r] == 2) / len(line) for line in rules.rooms_by_column)
            return (shares[0] + cols) / 2.0
        need = req["at_least"]
        return sum(shares[:need]) / need
    if kind == "full_groups":
        full = sum(1 for g in rules.groups if all(rooms[r] == 2 for r in g))
        return min(1.0, full / req["at_least"])
    if kind == "full_colour":
        best = 0.0
        for rs in rules.rooms_by_colour:
            best = max(best, sum(1 for r in rs if rooms[r] == 2) / len(rs))
        return best
    if kind == "two_colours":
        occ = sorted(st.occupied_by_colour(pl), reverse=True)
        return (min(occ[0], req["at_least"]) + min(occ[1], req["at_least"])) / (2.0 * req["at_least"])
    if st.mods and (prog := MODS.module_progress(st, seat, req)) is not None:
        return prog
    occupied = sum(1 for r in rooms if r == 2)
    return min(1.0, occupied / 14.0)


def evaluate_all(st: EngineBase) -> list[float]:
    return [evaluate(st, p) for p in range(st.num_players)]


def judgement_weights(name: str) -> tuple[dict[str, float], dict[str, tuple[float, float]]]:
    """The constants and term weights of the judgement ``name``: ``hand`` (or ``""``) is the
    hand-set sum (none changed); any other is the shipped model of that name (ValueError when
    there is none). What a fit that starts from a judgement starts from."""
    if name in ("", "hand"):
        return {}, {}
    from tabletop.games.grand_austria_hotel.models import model

    m = model(name)
    return dict(m.constants), {k: (float(a), float(b)) for k, (a, b) in m.weights.items()}


# Terms the coach does not give as a move's reasons: bookkeeping that every move of a decision
# changes alike (a die action spent) or that only exists mid-turn (decisions still pending).
QUIET_TERMS = ("tempo", "pending")


def judgement_terms(st: EngineBase, seat: int, name: str = "") -> dict[str, float]:
    """The judgement ``name`` (as ``EVALUATORS`` reads it at this table: ``<name>-modules``
    where modules are on, ``<name>-<n>p`` at n seats, where such a model ships) split into its
    terms, each counted as that judgement counts it (its constants, its weight ``a + b x tf``):
    they add up to the judgement's value. What the coach shows as a move's reasons."""
    if name not in ("", "hand"):
        table_name = name + MODULES_SUFFIX if st.mods else f"{name}-{st.num_players}p"
        if table_name in EVALUATORS:
            name = table_name
    constants, weights = _judgement_parts(name)
    split = terms(st, seat, constants or None)
    if st.phase == "over" or not weights:
        return split
    tf = time_share(st, seat)
    return {k: (weights[k][0] + weights[k][1] * tf) * v if k in weights else v for k, v in split.items()}


# each model file read once (the coach splits a judgement at every move it weighs)
_judgement_parts = functools.lru_cache(maxsize=None)(judgement_weights)


def trained(name: str) -> Callable[[EngineBase, int], float]:
    """The evaluation with the constants and term weights of the shipped model ``name``
    (``models/<name>.json``, made by ``tabletop train``)."""
    from tabletop.games.grand_austria_hotel.models import model

    m = model(name)
    return make_evaluator(m.constants, m.weights)


# A model named ``<name>-modules`` is the judgement ``<name>`` uses on tables with Let's
# Waltz! modules on (learned from games with modules: ``tabletop train -o modules=all``);
# one named ``<name>-<n>p`` the one it uses on base-game tables of n players (learned from
# n-player games: ``tabletop train --players n``).
MODULES_SUFFIX = "-modules"
PLAYERS_SUFFIX = re.compile(r"^(?P<name>.+)-(?P<players>[0-9]+)p$")


def by_table(base: Callable[[EngineBase, int], float],
             modules: Callable[[EngineBase, int], float] | None = None,
             players: dict[int, Callable[[EngineBase, int], float]] | None = None,
             ) -> Callable[[EngineBase, int], float]:
    """``modules`` where a module is on; else the judgement for the table's number of
    ``players``; else ``base``."""
    by_players = dict(players or {})
    with_modules = modules or base

    def evaluate_by_table(st: EngineBase, seat: int) -> float:
        if st.mods:
            return with_modules(st, seat)
        return by_players.get(st.num_players, base)(st, seat)

    return evaluate_by_table


def _shipped() -> dict[str, Callable[[EngineBase, int], float]]:
    from tabletop.games.grand_austria_hotel.models import names

    alone = {name: trained(name) for name in names()}
    found = dict(alone)
    for name, judge in alone.items():
        players = {int(m["players"]): alone[key] for key in alone
                   if (m := PLAYERS_SUFFIX.match(key)) and m["name"] == name}
        if name + MODULES_SUFFIX in alone or players:
            found[name] = by_table(judge, alone.get(name + MODULES_SUFFIX), players)
    return found


# Named evaluations a search bot can choose with ``eval=<name>``: the hand-set one, and each
# judgement learned from self-play that ships in ``models/`` (``tabletop train``), among them
# ``master``, which the master level uses (with ``master-modules`` on module tables and
# ``master-<n>p`` at n-player tables, where those ship).
EVALUATORS: dict[str, Callable[[EngineBase, int], float]] = {"hand": evaluate, **_shipped()}


def named_evaluators() -> dict[str, Callable[[EngineBase, int], float]]:
    """``EVALUATORS`` as it is now (``add_evaluator``'s additions included)."""
    return EVALUATORS


def add_evaluator(name: str, fn: Callable[[EngineBase, int], float]) -> None:
    """Make ``eval=name`` mean ``fn`` in this process (training's check of a judgement it has not
    written yet; a worker pool's initializer)."""
    EVALUATORS[name] = fn


def remove_evaluator(name: str) -> None:
    """Forget what ``add_evaluator`` added under ``name`` (nothing when there is none)."""
    EVALUATORS.pop(name, None)


def model_path(name: str) -> Path:
    """Where the trained evaluation ``name`` ships (``models/<name>.json``)."""
    from tabletop.games.grand_austria_hotel.models import path

    return path(name)
