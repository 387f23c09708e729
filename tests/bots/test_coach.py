"""The coach (tabletop.bots.coach): hints from a seat's view only, and the review of a finished game."""

from __future__ import annotations

from functools import partial

import pytest

from tabletop.bots.base import Observation
from tabletop.bots.coach import coach_judgement, hint, rank_moves, review
from tabletop.bots.registry import make_bot
from tabletop.core.registry import get_game
from tabletop.core.rng import Rng

GAH = "grand-austria-hotel"


def play(game: str, seed: int, steps: int, config: dict | None = None, bots: str = "easy"):
    """A game after ``steps`` actions of the given bots (chance sampled); returns (state, actions)."""
    info = get_game(game)
    st = info.new_game(players=2, seed=seed, **(config or {}))
    players = [make_bot(bots, seed + i) for i in range(2)]
    actions = []
    while not st.is_terminal() and len(actions) < steps:
        if st.is_chance():
            a = st.sample_chance()
        else:
            cp = st.current_player
            legal = list(st.legal_actions())
            a = players[cp].choose(Observation(game, cp, legal, partial(st.view, cp)))
        actions.append(a)
        st.apply(a)
    return st, actions


def a_choice(game: str, seed: int, config: dict | None = None):
    """A state a few turns in where the player to move has several options."""
    st, _ = play(game, seed, 40, config)
    while st.is_chance() or len(st.legal_actions()) < 3:
        st.apply(st.sample_chance() if st.is_chance() else st.legal_actions()[0])
    return st


ALL_MODULES = {"modules": ["ballrooms", "celebrities", "unique_hotels", "start_player", "more"]}


@pytest.mark.parametrize("config", [{}, ALL_MODULES])
def test_hint_gives_three_legal_moves_best_first(config) -> None:
    st = a_choice(GAH, 5, config)
    me = st.current_player
    legal = list(st.legal_actions())
    moves = hint(GAH, me, legal, st.view(me))
    assert len(moves) == 3 and all(m.action in legal for m in moves)
    assert len({m.action for m in moves}) == 3
    assert moves[0].worth >= moves[1].worth >= moves[2].worth
    # the worth is an estimate of the final VP, a few turns into the game well above the VP scored
    assert moves[0].worth >= st.scores()[me]
    if not config:  # every move of the ranking is judged, the hint is its head
        ranked = rank_moves(GAH, me, legal, st.view(me))
        assert sorted(m.action for m in ranked) == sorted(legal) and ranked[:3] == moves


@pytest.mark.parametrize("config", [{}, ALL_MODULES])
def test_the_coach_judges_with_the_masters_judgement(config) -> None:
    """Grand Austria Hotel has the master's learned judgement, and the coach's worths are its
    (docs/BOTS.md, "The coach": as the coach's own search it beat the hand-set one); Burger Joint
    has none and keeps its own."""
    assert coach_judgement(GAH) == "master" and coach_judgement("burger-joint") == ""
    st = a_choice(GAH, 5, config)
    me = st.current_player
    legal = list(st.legal_actions())
    by_default = rank_moves(GAH, me, legal, st.view(me))
    assert by_default == rank_moves(GAH, me, legal, st.view(me), judgement="master")
    assert by_default != rank_moves(GAH, me, legal, st.view(me), judgement="hand")


def test_the_hint_never_changes_with_the_hidden_state() -> None:
    """Two full states the player cannot tell apart (the same view: the opponent's hand and the decks
    dealt otherwise) give the same hint."""
    st = a_choice(GAH, 9)
    me = st.current_player
    view = st.view(me)
    info = get_game(GAH)
    one, two = info.determinize(view, Rng(1)), info.determinize(view, Rng(2))
    assert one.view(me) == two.view(me) == view
    other = 1 - me
    assert one.view(other) != two.view(other), "the two states should differ in what the player cannot see"
    legal = list(st.legal_actions())
    assert list(one.legal_actions()) == list(two.legal_actions()) == legal
    assert hint(GAH, me, legal, one.view(me)) == hint(GAH, me, legal, two.view(me))


@pytest.mark.parametrize("config", [{}, ALL_MODULES])
def test_a_hint_says_why_each_move_is_worth_what_it_is(config) -> None:
    """Each move's reasons are the terms of the coach's judgement that the move (and the best rest
    of the turn) changes most: the judgement split into its terms adds up to its value, each
    reason is that term's mean change from the position now, at least half a VP, largest first,
    at most three, and never a bookkeeping term (a die action spent, a decision pending)."""
    from tabletop.bots import coach
    from tabletop.bots.search import _evaluator
    from tabletop.games.grand_austria_hotel.evaluation import QUIET_TERMS, judgement_terms
    # seed 6 in the base game: a decision where some move changes a term by half a VP or more
    # (seed 5 was one before a guest had to come before the die)
    st = a_choice(GAH, 6 if not config else 5, config)
    me = st.current_player
    legal = list(st.legal_actions())
    judge = _evaluator(GAH, "master")
    assert sum(judgement_terms(st, me, "master").values()) == pytest.approx(judge(st, me))
    assert sum(judgement_terms(st, me, "").values()) == pytest.approx(_evaluator(GAH, "hand")(st, me))
    moves = rank_moves(GAH, me, legal, st.view(me), samples=1)
    assert any(m.why for m in moves)
    for m in moves:
        assert len(m.why) <= coach.REASONS
        assert all(abs(v) >= coach.REASON_MIN and term not in QUIET_TERMS for term, v in m.why)
        assert [abs(v) for _t, v in m.why] == sorted((abs(v) for _t, v in m.why), reverse=True)
    # read the best move's reasons again by hand on the coach's own sample
    best = moves[0]
    now = judgement_terms(coach_sample(st), me, "master")
    end = terms_after(coach_sample(st), best.action)
    for term, v in best.why:
        assert v == pytest.approx(end[term] - now[term], abs=0.051)


def coach_sample(st):
    """The coach's first determinization of the view of the player to move (its seed is the view's)."""
    from tabletop.bots import coach
    me, legal = st.current_player, list(st.legal_actions())
    return get_game(GAH).determinize(st.view(me), Rng(coach.view_seed(GAH, me, st.view(me), legal)))


def terms_after(sample, action: str) -> dict[str, float]:
    """The master's judgement split into its terms where ``action`` and the best rest of the turn the
    coach's planner finds end, on ``sample`` (read by hand, as the coach should)."""
    from tabletop.bots import coach
    from tabletop.bots.search import _evaluator, _marker, plan_turn
    from tabletop.games.grand_austria_hotel.evaluation import judgement_terms
    me = sample.current_player
    sample.apply(action)
    while sample.is_chance():
        sample.apply(sample.sample_chance())
    judge, marker = _evaluator(GAH, "master"), _marker(GAH)
    mine = sample.current_player == me and not sample.is_terminal()
    by_root = plan_turn(sample, me, judge, marker, coach.BEAM, coach.PER_ROOT) if mine else {}
    _v, rest = max(by_root.values(), key=lambda vs: vs[0]) if by_root else (0.0, ())
    for a in rest:
        sample.apply(a)
    return judgement_terms(sample, me, "master")


def test_hint_for_burger_joint() -> None:
    st = a_choice("burger-joint", 3)
    me = st.current_player
    legal = list(st.legal_actions())
    moves = hint("burger-joint", me, legal, st.view(me))
    assert moves and all(m.action in legal for m in moves)
    assert all(m.why == () for m in moves)  # its judgement has no terms to give as reasons


def test_review_moves_are_legal_at_their_points_and_lost_worth() -> None:
    st, actions = play(GAH, 21, 10_000, bots="random")
    assert st.is_terminal()
    found = review(get_game(GAH).new_game(players=2, seed=21), actions, [0], top=5)
    assert found, "a random player makes mistakes the coach sees"
    assert [m.loss for m in found] == sorted((m.loss for m in found), reverse=True)
    info = get_game(GAH)
    for m in found:
        at = info.new_game(players=2, seed=21)
        for a in actions[:m.step]:
            at.apply(a)
        assert at.current_player == m.seat == 0
        legal = list(at.legal_actions())
        assert m.played.action == actions[m.step] and m.played.action in legal and m.best.action in legal
        assert m.played.action != m.best.action and m.loss == pytest.approx(m.best.worth - m.played.worth, abs=0.02)
        assert m.loss >= 0.5
        # why: where the pick's end of turn beats the move played's, term by term (one sample)
        ahead, behind = terms_after(coach_sample(at), m.best.action), terms_after(coach_sample(at), m.played.action)
        for term, v in m.why:
            assert v == pytest.approx(ahead[term] - behind[term], abs=0.051)
    assert any(m.why for m in found)
