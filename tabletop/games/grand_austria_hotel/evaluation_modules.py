"""The evaluation's terms for the *Let's Waltz!* modules (001).

``evaluation.py`` calls ``module_value`` only when some module is on
(``state.mods`` is not empty), and adds it as one more term, ``modules``; with
every module off nothing here runs and the base evaluation is unchanged to the
last bit. Each part below looks at a module's state only if that module is in
``state.parts``. Everything is read from the state (the modules' parts and the
pure scoring helpers of module I); nothing here changes the state.

Terms (VP; ``A`` die actions left, ``tf = A / 14`` as in ``evaluation.py``):

``ballrooms``  (I) every ballroom not scored yet: what the seat would score
               there now (``ballroom_scores``: the rank, pair, row or table
               VP, ``-5`` without a dancer), the next one to be scored at
               ``BALLROOM_NEXT``, later ones at ``BALLROOM_LATER`` (the
               opponents still answer). A dancer's worth is therefore its
               marginal standing; its row bonus and rewards arrive as VP,
               items or money. Champagne in the kitchen (already 1 VP each in
               ``kitchen``) is worth ``CHAMPAGNE x min(1, 2 tf)`` more while
               the seat has dancers to send, for at most ``CHAMPAGNE_CAP``
               bottles (it pays the rows) — only bottles no café guest still
               orders: those count in the guest term (``evaluation.py``), and
               counting them twice kept them off the guest (serving them later
               costs a krone, so the guest never moved in).
``celebrities`` (II) each celebrity the seat holds: ``CELEBRITY[id]`` per own
               turn still to come this round (its VP is already scored and the
               kronen paid for the coloured die are out of ``money``).
``entrances``  (III) during the setup auction: the entrance the seat owns or
               leads the bidding for at ``ENTRANCE[id]`` + its starting items
               and gains, minus the money-term cost of the bid (the bid is not
               paid yet); a seat with none counts the worst entrance still
               unowned that is not on the block (what it gets if it passes).
               After the auction the owned entrance counts ``ENTRANCE[id] x
               tf``. So a bid is worth raising only while the lot is worth
               more than the bid's cost over what passing leaves.
``key``        (IV) the skeleton key: being start player next round is worth
               ``START_PLAYER`` (its holder is; with the key on the board each
               seat counts half; nothing in the last round).
``bells``      (V) face-up bell cards in play: their reward's worth x the
               chance the requirement is still met (``BELL_CHANCE`` by kind,
               x ``min(1, A / 3)``; a guest requirement counts a café guest of
               that colour and size as nearly met). Without this a played
               bell card counted nothing until it rang.

What the modules' effect kinds are worth as rewards (``EFFECT``, a dancer by its
discount) is in ``evaluation_effects.py``, with the base game's ``effect_worth``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.games.grand_austria_hotel.evaluation_effects import effect_worth

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.engine.base import EngineBase

MOD: dict[str, float] = {
    "BALLROOM_NEXT": 1.0,  # weight of the next ballroom scoring (own standing there now)
    "BALLROOM_LATER": 0.6,  # weight of the later ballroom scorings
    "CHAMPAGNE": 1.0,  # extra worth of a champagne in the kitchen (it pays dancers' rows), at the start
    "CHAMPAGNE_CAP": 6.0,  # bottles that count that extra
    "START_PLAYER": 2.0,  # being start player next round (first pick of dice and guests)
    "ITEM": 1.1,  # an entrance's starting item
}

# A held celebrity's worth per own turn still to come in the round (001 App. Celebrities).
CELEBRITY = {
    1: 0.5,   # Agatha Christie: a staff card 2 less after an emperor step
    2: 1.0,   # Albert Einstein: one exchange of up to 4 dishes/drinks
    3: 2.0,   # Charlie Chaplin: +2 VP per VP gain
    4: 0.8,   # Elizabeth Magie: a room 1 less after kronen
    5: 1.0,   # Giacomo Puccini: champagne + 2 VP per staff played
    6: 1.5,   # J. R. R. Tolkien: +2 VP per room occupied
    7: 1.0,   # Mahatma Gandhi: rooms cost nothing
    8: 1.0,   # Marie Curie: 2 items per staff played
    9: 0.8,   # Mata Hari: +1 VP (+1 emperor) per dancer
    10: 1.0,  # Pablo Picasso: item + 1 VP per champagne gain
    11: 2.0,  # Sigmund Freud: a guest finished one item short (once)
    12: 0.8,  # Winston Churchill: one more emperor step per advance
}

# An entrance's ongoing worth over a whole game (001 App. Hotel Entrances; rough guesses).
ENTRANCE = {
    "chateau-paulwei": 8.0,  # bigger occupancy bonuses, two more starting rooms
    "corogari-zant-mainz": 7.0,  # a bonus by the sum of each round's two dice
    "dove": 7.0,  # a fourth free room, bonus tokens for full columns/floors
    "kaufman": 8.0,  # a fourth table, a second guest, VP for the guests pile
    "mayenfels": 6.0,  # +1 krone and a staff draw per staff played
    "ninas-melange": 10.0,  # three personal objectives (15/10/5 VP)
    "stroup": 6.0,  # a bonus for each group's first room
    "the-grand-wray-hotel": 6.0,  # emperor steps for tile rewards
    "the-kozi-palace": 7.0,  # move a die onto the space used
    "the-ren": 6.0,  # doubled row bonuses, +4 VP for the most dancers
}
ENTRANCE_DEFAULT = 6.0

# Chance that a bell card's requirement will still be met (001 M5; x min(1, A / 3)).
BELL_CHANCE = {"emperor_steps": 0.35, "dishes": 0.6, "drinks": 0.6, "guest_done": 0.45,
               "group_full": 0.4, "objective": 0.35}

# Pending decisions of the modules, mid-turn (as ``_pending`` in evaluation.py).
PENDING = {"bal_send": 2.0, "bal_either": 2.0, "bal_dancer": 5.0, "celebstep": 0.8, "dovetoken": 3.0,
           "mdraw": 1.5, "kozi": 3.0, "fillguest": 5.0, "fillorders": 5.0, "exchange": 1.0,
           "einstein": 1.0}

# Upper bounds on the flatmc options with any module on (``search_caps``): a module game's
# turn has more decisions and more options each, so play-outs cost ≈ 5x more (0.74 s CPU per
# decision for the expert). Capped to fit the time guide (end_lines=3, end_beam=6,
# end_samples=1) they won 72.0 % against greedy, the turn planner alone ≈ 76 % at a quarter of
# the time (docs/bots-history/lets-waltz-modules.md), so module tables get no play-outs: the expert plays the planner,
# twice as wide (``widen``; `hard`, which plays no play-outs, keeps its own width).
SEARCH_CAPS: dict[str, int] = {"endgame": 0, "lookahead": 0, "widen": 2}

# Upper bounds at base-game tables of three and four (``search_caps``), by the number of
# seats: a play-out plays every seat's turns, so the master's wider play-outs (end_beam=24,
# end_lines=8, per_first=3, lookahead=2) cost more there than at two. At both it plays its own
# play-outs, the other seats' turns in them only 12 wide (opp_beam). At four since the
# nineteenth session (+8.2 [+1.6, +14.8] VP over the expert-sized ones on 98 deals of the
# 4-player row), opp_beam since the twenty-third (on 160 deals of the row -0.3 [-4.8, +4.1] VP
# against the uncapped master, 49.4 % won against 48.4 %, its CPU p99 cut from 3.1 to 2.0 s a
# decision on a fast machine). At three since the twenty-fifth, where it had kept the
# expert's play-outs and one own turn ahead: +9.0 [+3.0, +15.0] VP and 66.7 % won against
# 52.8 % on 72 paired deals against two experts, 0.38 s CPU a decision (p99 3.2) where the
# experts took 0.15 (docs/bots-history/master-three-and-four-players.md). Its
# twelve candidates by successive halving (two players, since the twenty-seventh session) were
# not measured at three or four: there it keeps eight, each on two determinizations.
TABLE_CAPS: dict[int, dict[str, int]] = {
    3: {"opp_beam": 12, "end_lines": 8, "halving": 0},
    4: {"opp_beam": 12, "end_lines": 8, "halving": 0},
}

_ENTRANCE_START: dict[int, tuple[Any, dict[str, float]]] = {}
_BELLS: dict[int, tuple[Any, frozenset[int]]] = {}


def search_caps(st: EngineBase) -> dict[str, int] | None:
    """Search hint for the bots: no play-outs when modules are on (SEARCH_CAPS); at base tables
    of three and four the other seats' turns in the play-outs no wider than the expert's
    (TABLE_CAPS); none at two."""
    if st.mods:
        return SEARCH_CAPS
    return TABLE_CAPS.get(st.num_players)


def _money_value(m: float, tf: float, P: Any) -> float:
    """The money term of ``evaluation.py`` for ``m`` kronen."""
    cap = min(m, P.CAPITAL)
    return m + P.CAPITAL_WORTH * tf * (cap * P.CAPITAL - cap * (cap - 1) / 2.0) / P.CAPITAL


def module_value(st: EngineBase, seat: int, A: int, tf: float, P: Any, spare_champagne: int) -> float:
    """The ``modules`` term (module docstring); 0 with every module off. ``spare_champagne``:
    the bottles in the kitchen no café guest still orders (the guest term's leftover)."""
    parts = st.parts
    total = 0.0
    if "ballrooms" in parts:
        total += ballroom_value(st, seat, tf, spare_champagne)
    if "celebrities" in parts:
        total += celebrity_value(st, seat)
    if "unique_hotels" in parts:
        total += entrance_value(st, seat, tf, P)
    if "start_player" in parts:
        total += key_value(st, seat)
    if "more" in parts:
        total += bell_value(st, seat, A)
    return total


# ------------------------------------------------------------------ I ballrooms
_STANDING: dict[tuple[Any, ...], float] = {}


def clear_memos() -> None:
    """Forget the memoized ballroom standings (values stay the same)."""
    _STANDING.clear()


def ballroom_value(st: EngineBase, seat: int, tf: float, spare_champagne: int) -> float:
    part = st.parts["ballrooms"]
    value = 0.0
    if st.phase != "over":
        after = st.phase == "emperor" and st.emperor_i >= st.num_players
        key = (id(st.rules), part.order, tuple(part.rows), seat, st.round, after)
        hit = _STANDING.get(key)
        if hit is None:
            hit = _standing(st, seat, after)
            if len(_STANDING) >= 50_000:
                _STANDING.clear()
            _STANDING[key] = hit
        value = hit
    if spare_champagne > 0 and any(part.sections[seat]):
        value += MOD["CHAMPAGNE"] * min(float(spare_champagne), MOD["CHAMPAGNE_CAP"]) * min(1.0, 2.0 * tf)
    return value


def _standing(st: EngineBase, seat: int, after: bool) -> float:
    """The weighted VP the seat would score now in every ballroom not scored yet."""
    from tabletop.games.grand_austria_hotel.modules.ballrooms.board import ballroom_scores

    rounds = st.rules.scoring_rounds
    rnd = st.round
    value = 0.0
    first = True
    for b in range(min(3, len(rounds))):
        sr = rounds[b]
        if sr < rnd or (sr == rnd and after):
            continue
        weight = MOD["BALLROOM_NEXT"] if first else MOD["BALLROOM_LATER"]
        first = False
        value += weight * ballroom_scores(st, b)[seat]
    return value


# --------------------------------------------------------------- II celebrities
def celebrity_value(st: EngineBase, seat: int) -> float:
    owner = st.parts["celebrities"].owner
    if seat not in owner or st.phase != "play":
        return 0.0
    turns = max(0, 2 - st.covered[seat])
    if st.t_player == seat and st.t_die and turns:
        turns -= 1
    if not turns:
        return 0.0
    spent = st.parts["celebrities"].spent
    return sum(CELEBRITY.get(c, 1.0) for c in range(len(owner)) if owner[c] == seat and c not in spent) * turns


# ------------------------------------------------------------- III entrances
def _entrance_start(st: EngineBase) -> dict[str, float]:
    """What gaining each entrance brings at once (starting items, gained effects)."""
    data = st.rules.module_data["unique_hotels"]["entrances"]["value"]
    hit = _ENTRANCE_START.get(id(data))
    if hit is None or hit[0] is not data:
        start = {str(r["id"]): MOD["ITEM"] * sum((r.get("items") or {}).values()) +
                 effect_worth(list(r.get("gained") or ())) for r in data}
        hit = _ENTRANCE_START[id(data)] = (data, start)
    return hit[1]


def _entrance_worth(st: EngineBase, eid: str) -> float:
    return ENTRANCE.get(eid, ENTRANCE_DEFAULT) + _entrance_start(st).get(eid, 0.0)


def entrance_value(st: EngineBase, seat: int, tf: float, P: Any) -> float:
    part = st.parts["unique_hotels"]
    own = part.ent[seat]
    if st.phase != "auction":
        return ENTRANCE.get(own, ENTRANCE_DEFAULT) * tf if own else 0.0
    if own:
        return _entrance_worth(st, own)
    lot = part.lot
    if lot >= 0 and part.leader == seat:
        money = float(st.players[seat].money)
        cost = _money_value(money, tf, P) - _money_value(money - part.bid, tf, P)
        return _entrance_worth(st, part.laid[lot]) - cost
    left = [part.laid[i] for i in range(len(part.laid)) if part.owner[i] < 0 and i != lot]
    if not left:
        return 0.0
    return min(_entrance_worth(st, e) for e in left)


# ------------------------------------------------------------------ IV the key
def key_value(st: EngineBase, seat: int) -> float:
    if st.round >= st.rules.rounds or st.phase == "over":
        return 0.0
    holder = st.parts["start_player"].holder
    if holder == seat:
        return MOD["START_PLAYER"]
    return 0.5 * MOD["START_PLAYER"] if holder < 0 else 0.0


# ------------------------------------------------------------------- V bells
def bell_value(st: EngineBase, seat: int, A: int) -> float:
    pl = st.players[seat]
    if not pl.played or A <= 0:
        return 0.0
    staff = st.rules.staff
    hit = _BELLS.get(id(staff))
    if hit is None or hit[0] is not staff:
        hit = _BELLS[id(staff)] = (staff, frozenset(s for s, c in staff.items() if c.timing == "bell"))
    if hit[1].isdisjoint(pl.played):
        return 0.0
    down = st.parts["more"].down[seat]
    value = 0.0
    time_share = min(1.0, A / 3.0)
    for s in pl.played:
        card = staff[s]
        if card.timing != "bell" or s in down:
            continue
        ab = card.ability
        when = ab.get("when", "")
        chance = BELL_CHANCE.get(when, 0.3)
        if when == "guest_done":
            colour = ("yellow", "blue", "red", "green").index(ab["colour"])
            guests = st.rules.guests
            if any(g and guests[g].colour == colour and guests[g].order_size >= ab.get("order_size", 0)
                   for g in pl.cafe):
                chance = 0.8
        value += chance * time_share * effect_worth(list(ab.get("effects") or ()))
    return value


# ------------------------------------------------------------ pending frames
def module_pending(st: EngineBase, fr: tuple[Any, ...]) -> float:
    """Worth of a module's unresolved decision of the seat (mid-turn)."""
    kind = fr[0]
    if kind == "bell":
        _, _, slug = fr  # a Bell: kind, player, card
        card = st.rules.staff[st.rules.staff_by_slug[slug]]
        return effect_worth(list(card.ability.get("effects") or ()))
    return PENDING.get(kind, 0.0)


# --------------------------------------------------------- objective progress
def module_progress(st: EngineBase, seat: int, req: dict[str, Any]) -> float | None:
    """Progress (0-1) towards a module's objective requirement; None: not a module kind."""
    kind = req["kind"]
    pl = st.players[seat]
    need = max(1, int(req.get("at_least", 1)))
    if kind == "champagne_in_kitchen":
        return min(1.0, pl.kitchen[4] / need)
    if kind == "dancers_in_ballrooms" and "ballrooms" in st.parts:
        from tabletop.games.grand_austria_hotel.modules.ballrooms.board import dancers_in

        return min(1.0, dancers_in(st, seat) / need)
    if kind == "green_guests" and "ballrooms" in st.parts:
        return min(1.0, st.parts["ballrooms"].greens[seat] / need)
    if kind == "kitchen_each":
        return sum(min(pl.kitchen[i], need) for i in range(4)) / (4.0 * need)
    if kind == "top_floor_occupied":
        top = st.rules.rooms_by_floor[-1]
        return min(1.0, sum(1 for r in top if pl.rooms[r] == 2) / need)
    if kind == "big_orders_done" and "more" in st.parts:
        return min(1.0, len(st.parts["more"].pile[seat]) / need)
    return None


def progress_key(st: EngineBase, seat: int) -> tuple[Any, ...]:
    """What ``module_progress`` reads beyond the base politics memo key."""
    pl = st.players[seat]
    parts = st.parts
    bal = parts.get("ballrooms")
    more = parts.get("more")
    return (tuple(pl.kitchen), tuple(bal.rows) if bal is not None else (),
            bal.greens[seat] if bal is not None else 0, len(more.pile[seat]) if more is not None else 0)
