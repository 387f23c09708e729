"""A search bot's time limit (``seconds=T``) binds inside the play-out search: out of time, a
decision compares only the candidate turns it has played out, which are the turn planner's best
(the server's ``--bot-seconds`` rests on this); with time to spare it chooses as without a limit."""

from __future__ import annotations

from functools import partial

import pytest

from tabletop.bots.base import Observation
from tabletop.bots.registry import make_bot, with_time_limit
from tests.bots.positions import positions_through_a_game

GAH = "grand-austria-hotel"
# small play-outs (two own turns ahead of a candidate turn), so that the test is quick
LINES = "flatmc:samples=1,beam=8,per_root=2,lookahead=1,per_first=2,end_lines=4,end_samples=2,end_beam=4"
NO_TIME = 0.000001  # up before the first play-out ends


def decide(spec: str, st, seed: int = 3) -> tuple[str, list[tuple[tuple[str, ...], ...]]]:
    """The choice of ``spec`` at ``st`` and the candidate turns it compared (observer)."""
    bot = make_bot(spec, seed)
    seen: list[tuple[tuple[str, ...], ...]] = []
    bot.observer = lambda _first, _me, seqs, _means: seen.append(tuple(seqs))
    seat = st.current_player
    return bot.choose(Observation(GAH, seat, st.legal_actions(), partial(st.view, seat))), seen


@pytest.mark.parametrize("seed, share", [(2, 0.3), (5, 0.6)])
def test_out_of_time_the_play_outs_compare_only_the_planners_best(seed: int, share: float) -> None:
    (st,) = positions_through_a_game(2, {}, seed, at=(share,))
    unhurried, compared = decide(LINES, st)
    assert len(compared) == 1 and len(compared[0]) > 1
    assert decide(LINES + ",seconds=1000.0", st) == (unhurried, compared)
    hurried, cut = decide(LINES + f",seconds={NO_TIME}", st)
    # the first candidate (the planner's best turn) alone, played as planned
    assert cut == [compared[0][:1]]
    assert hurried == compared[0][0][0]
    # successive halving cuts the same way
    assert decide(LINES + f",halving=4,seconds={NO_TIME}", st)[0] == hurried


def test_out_of_time_with_first_actions_as_candidates_the_planners_best_is_played() -> None:
    """``per_first=1`` (first actions as candidates, ``_choose_endgame``): out of time after
    the first play-out, the planner's best first action is played, as the planner alone plays."""
    (st,) = positions_through_a_game(2, {}, 4, at=(0.5,))
    roots = "flatmc:samples=1,beam=8,per_root=2,lookahead=1,end_lines=4,end_samples=1,end_beam=4"
    assert decide(roots + f",seconds={NO_TIME}", st)[0] == decide("flatmc:samples=1,beam=8,per_root=2", st)[0]


def test_the_tables_time_limit_reaches_only_search_bots() -> None:
    """``--bot-seconds`` of ``tabletop serve`` and ``tabletop play``: added to the search bots'
    specs, never to the quick bots', and never over a limit the spec sets itself."""
    assert with_time_limit("master", 4) == "master:seconds=4.0"
    assert with_time_limit("expert:end_lines=4", 2.5) == "expert:end_lines=4,seconds=2.5"
    assert make_bot(with_time_limit("master", 4), 1).seconds == 4.0
    assert with_time_limit("master:seconds=9", 4) == "master:seconds=9"
    for spec in ("easy", "medium", "random", "ismcts"):
        assert with_time_limit(spec, 4) == spec
    assert with_time_limit("master", None) == with_time_limit("master", 0) == "master"


@pytest.mark.parametrize("spec", ["master:seconds=soon", "expert:seconds=-1", "ismcts:seconds=nan"])
def test_a_bad_time_limit_is_refused_when_the_bot_is_made(spec: str) -> None:
    with pytest.raises(ValueError, match="seconds"):  # compiled: "bad options … seconds … type"
        make_bot(spec, 1)


def test_option_values_may_be_written_with_an_exponent() -> None:
    assert make_bot("master:seconds=1e-06", 1).seconds == 1e-06
    assert make_bot("ismcts:seconds=2", 1).seconds == 2
