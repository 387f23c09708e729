"""A search bot's work bound (``work=W``: ``W`` evaluations a decision) stops the
play-outs where a time limit would, but by a count that is the same on every machine: a bound
on the slow decisions that keeps a row's moves reproducible anywhere (docs/BOTS.md)."""

from __future__ import annotations

import pickle
from functools import partial

import pytest

from tabletop.bots.base import Observation
from tabletop.bots.registry import make_bot
from tests.bots.positions import positions_through_a_game

GAH = "grand-austria-hotel"
# small play-outs (two own turns ahead of a candidate turn), so that the test is quick
LINES = "flatmc:samples=1,beam=8,per_root=2,lookahead=1,per_first=2,end_lines=4,end_samples=2,end_beam=4"
UNBOUNDED = 10**9  # evaluations: counted, never reached


def decide(spec: str, st, seed: int = 3) -> tuple[str, list[tuple[tuple[str, ...], ...]], int]:
    """The choice of ``spec`` at ``st``, the candidate turns it compared (observer) and the
    evaluations it made (``last_work``, counted with ``work=``)."""
    bot = make_bot(spec, seed)
    seen: list[tuple[tuple[str, ...], ...]] = []
    bot.observer = lambda _first, _me, seqs, _means: seen.append(tuple(seqs))
    seat = st.current_player
    choice = bot.choose(Observation(GAH, seat, st.legal_actions(), partial(st.view, seat)))
    return choice, seen, bot.last_work


@pytest.mark.parametrize("seed, share", [(2, 0.3), (5, 0.6)])
def test_counting_the_work_changes_no_move(seed: int, share: float) -> None:
    (st,) = positions_through_a_game(2, {}, seed, at=(share,))
    free, compared, _ = decide(LINES, st)
    counted, compared_counted, work = decide(LINES + f",work={UNBOUNDED}", st)
    assert (counted, compared_counted) == (free, compared)
    assert work > 100  # the planner and the play-outs evaluated that many positions


@pytest.mark.parametrize("seed, share", [(2, 0.3), (5, 0.6)])
def test_a_spent_work_bound_compares_only_the_planners_best(seed: int, share: float) -> None:
    """One evaluation is spent before the first play-out ends: the planner's best turn alone
    is compared, as when the time is up (tests/bots/test_time_limit.py)."""
    (st,) = positions_through_a_game(2, {}, seed, at=(share,))
    _free, compared, _ = decide(LINES, st)
    hurried, cut, _ = decide(LINES + ",work=1", st)
    assert cut == [compared[0][:1]]
    assert hurried == compared[0][0][0]
    assert decide(LINES + ",halving=4,work=1", st)[0] == hurried


def test_a_bound_in_the_middle_cuts_the_same_way_every_time() -> None:
    """Bound at half of what the decision needs, it stops early, and twice the same: the count
    does not depend on the machine or its load, where a time limit does."""
    (st,) = positions_through_a_game(2, {}, 5, at=(0.6,))
    _free, compared, need = decide(LINES + f",work={UNBOUNDED}", st)
    bound = need // 2
    once = decide(LINES + f",work={bound}", st)
    assert once == decide(LINES + f",work={bound}", st)
    assert bound <= once[2] < need
    assert len(once[1][0]) <= len(compared[0])


def test_the_bot_travels_after_a_bounded_decision() -> None:
    """The server sends bots to worker processes between decisions: the counting evaluation
    (which holds the game's evaluation function) does not stay on the bot."""
    (st,) = positions_through_a_game(2, {}, 2, at=(0.3,))
    bot = make_bot(LINES + ",work=500", 3)
    seat = st.current_player
    bot.choose(Observation(GAH, seat, st.legal_actions(), partial(st.view, seat)))
    again = pickle.loads(pickle.dumps(bot))
    assert again.work == 500 and again.last_work == bot.last_work > 0


@pytest.mark.parametrize("spec", ["master:work=soon", "expert:work=-1", "master:work=2.5"])
def test_a_bad_work_bound_is_refused_when_the_bot_is_made(spec: str) -> None:
    with pytest.raises(ValueError, match="work"):
        make_bot(spec, 1)
