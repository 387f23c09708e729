"""The Grand Austria Hotel evaluation and the turn planner built on it."""

from __future__ import annotations

import random

import pytest

from tabletop.bots.search import plan_turn, play_out
from tabletop.core.registry import get_game
from tabletop.games.grand_austria_hotel import evaluation as E
from tabletop.games.grand_austria_hotel.data import COLOURS, ITEMS
from tabletop.games.grand_austria_hotel.position_load import from_position
from tests.bots.positions import last_round, play_random

GAH = "grand-austria-hotel"


def position(seed: int, steps: int):
    return play_random(get_game(GAH).new_game(players=2, seed=seed), random.Random(seed), steps)


@pytest.mark.parametrize("steps", [0, 40, 120, 250, 2000])
def test_terms_add_up_to_the_evaluation(steps: int) -> None:
    st = position(7, steps)
    for seat in range(2):
        parts = E.terms(st, seat)
        assert abs(sum(parts.values()) - E.evaluate(st, seat)) < 1e-9
        if st.is_terminal():
            assert E.evaluate(st, seat) == st.scores()[seat]


def test_named_evaluations_and_constants() -> None:
    st = position(3, 100)
    assert E.EVALUATORS["hand"] is E.evaluate
    same = E.make_evaluator({})
    assert same(st, 0) == E.evaluate(st, 0)
    other = E.make_evaluator({"TEMPO": E.HAND["TEMPO"] + 1.0})
    assert other(st, 0) != E.evaluate(st, 0)
    with pytest.raises(ValueError, match="unknown evaluation constants"):
        E.make_evaluator({"NO_SUCH": 1.0})


def test_completing_a_guest_is_worth_more_than_leaving_it() -> None:
    """Moving a completed guest into a room never lowers the evaluation (its VP, reward and
    room are counted, and the café penalty goes away)."""
    checked = 0
    for seed, steps in ((s, n) for s in range(30) for n in (120, 150, 180)):
        st = position(seed, steps)
        if st.is_terminal() or st.current_player < 0:
            continue
        me = st.current_player
        moves = [a for a in st.legal_actions() if a.startswith("m") and "r" in a]
        for a in moves:
            before = E.evaluate(st, me)
            st.apply(a)
            assert E.evaluate(st, me) >= before - 1.0
            st.undo()
            checked += 1
    assert checked > 0


def test_a_pending_reroll_counts_for_less_than_a_fresh_turn() -> None:
    st = position(11, 60)
    seat = st.current_player
    a, reroll = E.actions_left(st, seat)
    assert 0 <= a <= 14 and 0.0 <= reroll <= 1.0
    if "pass" in st.legal_actions():
        st.apply("pass")
        a2, r2 = E.actions_left(st, seat)
        assert a2 == a - 1 and 0.0 <= r2 <= 1.0


def test_plan_turn_ends_lines_at_the_end_of_the_turn() -> None:
    st = position(5, 90)
    me = st.current_player
    before = st.to_position()
    lines = plan_turn(st, me, E.evaluate, E.turn_marker, beam=3)
    assert st.to_position() == before
    assert lines and set(lines) <= set(st.legal_actions())
    for root, (value, seq) in lines.items():
        assert seq[0] == root
        start = E.turn_marker(st, me)
        for a in seq:
            assert st.current_player == me and E.turn_marker(st, me) == start
            st.apply(a)
        assert st.current_player != me or E.turn_marker(st, me) != start
        assert abs(E.evaluate(st, me) - value) < 1e-9
        for _ in seq:
            st.undo()


def test_turns_left_counts_the_running_turn() -> None:
    st = position(4, 30)
    seat = st.current_player
    assert E.turns_left(st, seat) == E.actions_left(st, seat)[0]
    end = last_round(4)
    assert 0 < E.turns_left(end, end.current_player) <= 2


@pytest.mark.parametrize("seed", [1, 2])
def test_play_out_reaches_the_end_and_changes_nothing(seed: int) -> None:
    """Play-outs run every seat's planned turns to the end of the game and return the
    seat's final score (the game's own scoring); the state is left as it was."""
    st = last_round(seed)
    me = st.current_player
    before = st.to_position()
    final = play_out(st, me, E.evaluate, E.turn_marker, beam=2, per_root=1)
    assert st.to_position() == before
    # replaying by hand what play_out did gives the same final score
    while not st.is_terminal():
        if st.is_chance():
            st.apply(st.sample_chance())
        else:
            lines = plan_turn(st, st.current_player, E.evaluate, E.turn_marker, beam=2, per_root=1)
            if len(st.legal_actions()) == 1:
                st.apply(st.legal_actions()[0])
            else:
                for a in max(lines.values(), key=lambda vs: vs[0])[1]:
                    st.apply(a)
    assert final == st.scores()[me]
    # stopping after one more own turn returns the evaluation there instead
    mid = position(seed, 60)
    me = mid.current_player
    v = play_out(mid, me, E.evaluate, E.turn_marker, beam=2, per_root=1, own_turns=1)
    assert isinstance(v, float) and not mid.is_terminal()


def _rebalanced(d: dict) -> dict:
    """After editing a player's café, kitchen or rooms in a position: put the supply of
    cubes and room tiles and the guest discard pile back in balance (the position
    format checks that every component is accounted for)."""
    rules = get_game(GAH).new_game(players=2, seed=0).rules
    for item in ITEMS[:4]:  # dishes and drinks (no champagne in the base game)
        held = sum(pl["kitchen"][item] + sum(t["served"][item] for t in pl["cafe"] if t) for pl in d["players"])
        d["supply"][item] = rules.cubes_per_item - held
    for c, colour in enumerate(COLOURS[:3]):  # room tiles come in three colours
        used = sum(1 for pl in d["players"] for r in pl["prepared"] + pl["occupied"] if rules.room_colour[r] == c)
        d["room_supply"][colour] = rules.room_tiles_per_colour - used
    seated = {t["guest"] for pl in d["players"] for t in pl["cafe"] if t}
    d["guest_deck"] = [g for g in d["guest_deck"] if g not in seated]
    d["queue"] = [g if g not in seated else d["guest_deck"].pop() for g in d["queue"]]
    placed = {g for g in d["queue"] if g} | set(d["guest_deck"]) | seated
    d["guest_discard"] = sorted(set(rules.guests) - placed)
    return d


def _last_turn_with_guest(complete: bool, prepared: list[int]):
    """Seat 0 in its last turn of the game, die already taken, guest 90 (red,
    strudel + 3 cake) at café table 0, its order complete or not."""
    d = last_round(4).to_position()
    d["turn_order"][0]["covered"] = 1
    d["turn"].update({"player": 0, "die_taken": True, "acted": True})
    me = d["players"][0]
    me["money"] = 3
    me["cafe"] = [{"guest": 90, "served": {"strudel": 1, "cake": 3 if complete else 0, "wine": 0, "coffee": 0}},
                  None, None, None]
    me["prepared"] = prepared
    me["occupied"] = [r for r in me["occupied"] if r not in me["prepared"]]  # a room is one or the other
    return from_position(_rebalanced(d))


def test_a_guest_left_in_the_cafe_after_the_last_turn_costs_the_penalty() -> None:
    """000 Final Scoring: "You lose 5 Victory Points for each guest in your Café." While
    the seat's last turn runs, a completed guest with a free room of its colour still
    counts its worth; once the turn is over it counts the penalty, so the turn planner
    moves it in instead of ending the turn."""
    st = _last_turn_with_guest(complete=True, prepared=[0, 1, 2])  # room 2 is red
    assert st.rules.room_colour[2] == st.rules.guests[90].colour
    assert E.actions_left(st, 0)[0] == 0 and "m0r2" in st.legal_actions()
    assert E.terms(st, 0)["guests"] > 0
    st.apply("done")
    assert E.terms(st, 0)["guests"] == -E.HAND["CAFE_PENALTY"]
    st.undo()
    lines = plan_turn(st, 0, E.evaluate, E.turn_marker, beam=8, per_root=2)
    best = max(lines.values(), key=lambda vs: vs[0])[1]
    assert "m0r2" in best


def test_a_guest_that_cannot_be_finished_in_the_last_turn_counts_the_penalty() -> None:
    """No die action left: items still missing (here 3 cake) can no longer be gathered."""
    st = _last_turn_with_guest(complete=False, prepared=[0, 1, 2])
    assert E.terms(st, 0)["guests"] == -E.HAND["CAFE_PENALTY"]


def test_one_die_action_brings_one_kind_of_item() -> None:
    """000 actions 1 and 2: one die action gives strudel/cake or wine/coffee, not both. With
    one turn left, a guest still missing a dish and a drink is finished with chance 1/2
    (a guest missing only the drink: 1), however many items the seat could otherwise gather."""
    # a random game's last round whose seat 0 has no staff that hands out items (seed 4 was
    # one before a guest had to come before the die)
    d = last_round(2).to_position()
    d["turn_order"][0]["covered"] = 1
    d["turn"].update({"player": 0, "die_taken": False})
    me = d["players"][0]
    me["prepared"] = list(range(20))
    me["occupied"] = [r for r in me["occupied"] if r not in me["prepared"]]  # a room is one or the other
    guests = get_game(GAH).new_game(players=2, seed=4).rules.guests
    gid = next(g for g, x in guests.items() if x.order == (1, 0, 1, 0, 0))
    for strudel_served, chance in ((0, 0.5), (1, 1.0)):
        me["cafe"] = [{"guest": gid, "served": {"strudel": strudel_served, "cake": 0, "wine": 0, "coffee": 0}},
                      None, None, None]
        st = from_position(_rebalanced(d))
        assert E.actions_left(st, 0)[0] == 1
        # the guest term is p x (worth - cost) - (1 - p) x CAFE_PENALTY
        assert _penalty_part(st, 0.0) == pytest.approx((1.0 - chance) * 5.0)


@pytest.mark.parametrize("seed", [1, 2])
def test_memoized_parts_give_the_values_of_a_fresh_evaluation(seed: int) -> None:
    """The evaluation memoizes its room, politics, emperor and game-end staff parts by what
    they read; a value from warm memo tables (filled by every other position of a game)
    equals the value computed from scratch, for every position and every position one
    action later, for both seats and under changed constants too."""
    rnd = random.Random(seed)
    other = E.make_evaluator({"EMPEROR_SLACK": 0.5, "POLITICS": 1.3, "GROWTH": 0.9})
    st = get_game(GAH).new_game(players=2, seed=seed)
    seen: list[tuple[list[float], list[str]]] = []  # (values with warm memos, the actions that lead there)
    checked = 0
    while not st.is_terminal():
        if st.is_chance():
            st.apply(st.sample_chance())
            continue
        legal = st.legal_actions()
        for a in legal[:6]:
            st.apply(a)
            warm = [E.evaluate(st, p) for p in range(2)] + [other(st, p) for p in range(2)]
            seen.append((warm, list(st.history)))
            st.undo()
        st.apply(rnd.choice(legal))
    # recompute every recorded position from scratch (memos emptied before each)
    replay = get_game(GAH).new_game(players=2, seed=seed)
    done = 0
    for warm, history in seen:
        while done < len(history) - 1:
            replay.apply(history[done])
            done += 1
        replay.apply(history[-1])
        E.clear_memos()
        cold = [E.evaluate(replay, p) for p in range(2)] + [other(replay, p) for p in range(2)]
        replay.undo()
        assert cold == warm, history[-1]
        checked += 1
    assert checked > 300


def _one_turn_left_with_guest(order: tuple[int, ...], dice: dict[str, int], money: int = 0):
    """Seat 0 with one die action left in the last round (its die not yet taken), every room
    prepared, and a guest with ``order`` (nothing served) at café table 0."""
    d = last_round(4).to_position()
    d["turn_order"][0]["covered"] = 1
    d["turn"].update({"player": 0, "die_taken": False})
    d["dice"] = {**dice, "4": dice["4"] + sum(d["dice"].values()) - sum(dice.values())}  # the rest on 4
    me = d["players"][0]
    me["prepared"] = list(range(20))
    me["occupied"] = [r for r in me["occupied"] if r not in me["prepared"]]  # a room is one or the other
    me["money"] = money
    me["kitchen"] = {"strudel": 0, "cake": 0, "wine": 0, "coffee": 0}
    guests = get_game(GAH).new_game(players=2, seed=4).rules.guests
    gid = next(g for g, x in guests.items() if x.order == order)
    me["cafe"] = [{"guest": gid, "served": {"strudel": 0, "cake": 0, "wine": 0, "coffee": 0}}, None, None, None]
    st = from_position(_rebalanced(d))
    assert E.actions_left(st, 0)[0] == 1
    return st


def _penalty_part(st, late: float) -> float:
    """What the café penalty (5) takes from the guest term, with no item budget limit: the
    term is p x (worth - cost) - (1 - p) x CAFE_PENALTY, so this is (1 - p) x 5 for the
    one guest at table 0."""
    plenty = {"GUEST_SHARE": 100.0, "LATE_CAFE": late}  # the item budget is no limit
    with_penalty = E.terms(st, 0, {**plenty, "CAFE_PENALTY": 5.0})["guests"]
    without = E.terms(st, 0, {**plenty, "CAFE_PENALTY": 0.0})["guests"]
    return without - with_penalty


def test_late_cafe_a_guest_needing_more_kinds_than_actions_is_out_of_reach() -> None:
    """000 actions 1 and 2: one die action brings dishes or drinks, never both. With
    ``LATE_CAFE`` a guest missing a strudel and a wine with one action left is never
    finished (chance 0; the older rule gives it 1/2)."""
    st = _one_turn_left_with_guest((1, 0, 1, 0, 0), {"1": 2, "2": 2, "3": 2, "4": 2, "5": 2, "6": 0})
    assert _penalty_part(st, 0.0) == pytest.approx(2.5)  # p = 1/2
    assert _penalty_part(st, 1.0) == 5.0  # p = 0


def test_late_cafe_the_last_rounds_dice_must_be_strong_enough() -> None:
    """000 action 1: "For each die on this Action space, you can take 1 strudel or 1 cake.
    You cannot take more cake than strudel"; 1 krone adds a die; a 6 serves any action for
    1 krone. A guest missing 2 strudel and 1 cake needs 3 dice' worth in the last round."""
    order = next(x.order for x in get_game(GAH).new_game(players=2, seed=4).rules.guests.values()
                 if x.order[2:] == (0, 0, 0) and x.order[0] >= 1 and x.order[1] >= 1)
    need = max(order[0] + order[1], 2 * order[1])
    few = {"1": need - 1, "2": 0, "3": 5, "4": 0, "5": 1, "6": 0}
    assert _penalty_part(_one_turn_left_with_guest(order, few), 1.0) == 5.0
    assert _penalty_part(_one_turn_left_with_guest(order, few), 0.0) == pytest.approx(0.0)
    # one krone adds the missing die
    assert _penalty_part(_one_turn_left_with_guest(order, few, money=1), 1.0) == pytest.approx(0.0)
    # enough 6s: 1 krone for the 6, one more for a die on top
    sixes = {"1": 0, "2": 0, "3": 5, "4": 0, "5": 1, "6": need - 1}
    assert _penalty_part(_one_turn_left_with_guest(order, sixes, money=1), 1.0) == 5.0
    assert _penalty_part(_one_turn_left_with_guest(order, sixes, money=2), 1.0) == pytest.approx(0.0)


def test_end_staff_extra_scales_only_the_played_game_end_cards() -> None:
    """``END_STAFF_EXTRA`` (0 by hand): a played game-end staff card (000 "Staff Cards": VP
    at the end of the game) counts (1 + x) times its worth in the staff term; permanent and
    once-per-round cards, and the cards in hand, are untouched."""
    seen = {"game_end": 0, "other": 0}
    for seed, steps in ((seed, steps) for seed in range(120) for steps in (100, 150, 200)):
        st = position(seed, steps)
        if st.is_terminal():
            continue
        for seat in range(2):
            played = st.players[seat].played
            if not played:
                continue
            timings = {st.rules.staff[s].timing for s in played} - {"one_time"}  # counted when played
            base = E.terms(st, seat)
            more = E.terms(st, seat, {"END_STAFF_EXTRA": 0.62})
            assert {k: v for k, v in more.items() if k != "staff"} == {k: v for k, v in base.items() if k != "staff"}
            if timings == {"game_end"}:
                assert more["staff"] == pytest.approx(1.62 * base["staff"])
                seen["game_end"] += base["staff"] > 0
            elif "game_end" not in timings:
                assert more["staff"] == base["staff"]
                seen["other"] += 1
    assert seen["game_end"] >= 3 and seen["other"] >= 3


def test_cafe_steep_lowers_only_a_chance_below_one() -> None:
    """``CAFE_STEEP`` (1 by hand): a café guest's completion chance is ``(budget / work) **
    CAFE_STEEP``. One die action left brings 0.6 x 3 = 1.8 item units to the guests (the
    constants ``GUEST_SHARE``, ``UNITS_PER_ACTION``); a guest missing 2 strudel has the chance
    0.9, so the café penalty takes (1 - p) x 5 of it: 0.5 as it was, 0.95 at 2. A guest the
    budget covers (chance 1) is left alone."""
    st = _one_turn_left_with_guest((2, 0, 0, 0, 0), {"1": 2, "2": 2, "3": 2, "4": 2, "5": 2, "6": 0})

    def penalty(table: dict) -> float:
        return (E.terms(st, 0, {**table, "CAFE_PENALTY": 0.0})["guests"]
                - E.terms(st, 0, {**table, "CAFE_PENALTY": 5.0})["guests"])

    assert penalty({}) == pytest.approx(0.5) == penalty({"CAFE_STEEP": 1.0})
    assert penalty({"CAFE_STEEP": 2.0}) == pytest.approx(5.0 * (1 - 0.9 ** 2))
    assert penalty({"CAFE_STEEP": 0.5}) == pytest.approx(5.0 * (1 - 0.9 ** 0.5))
    plenty = {"GUEST_SHARE": 100.0}
    assert penalty({**plenty, "CAFE_STEEP": 3.0}) == penalty(plenty) == pytest.approx(0.0)
    assert E.terms(st, 0, {"CAFE_STEEP": 3.0})["rooms"] == E.terms(st, 0)["rooms"]  # only the café moves


def test_a_feature_reader_reads_the_terms_with_its_constants() -> None:
    """What a fit with ``--constant`` learns from: the same terms as ``features`` at the
    hand-set constants, the guests term moved by another ``CAFE_STEEP``; unknown names refused."""
    st = position(11, 40)
    assert not st.is_terminal()
    assert E.feature_reader({})(st, 0) == E.features(st, 0) == E.feature_reader({"CAFE_STEEP": 1.0})(st, 0)
    values, tf = E.feature_reader({"TEMPO": 3.0})(st, 1)
    assert values[E.TERMS.index("tempo")] != E.features(st, 1)[0][E.TERMS.index("tempo")]
    assert tf == E.features(st, 1)[1]
    with pytest.raises(ValueError, match="unknown evaluation constants"):
        E.feature_reader({"NO_SUCH": 1.0})
