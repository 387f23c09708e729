"""The judgement probe (``tabletop.analysis.judgement_probe``): what the master's judgement lacks."""

from __future__ import annotations

import numpy as np

from tabletop.analysis.judgement_probe import EXTRAS, _game, _next_dice, analyse
from tabletop.games.grand_austria_hotel import evaluation as E
from tests.bots.test_master import midgame


def _synthetic(follows: str | None, seed: int = 3) -> dict:
    """Candidate turns whose play-out results are the master's judgement, a decision's shared
    luck, a little noise and, with ``follows``, 4 VP per unit of that extra input."""
    rng = np.random.default_rng(seed)
    games, decisions, candidates = 80, 10, 6
    rows = games * decisions * candidates
    X = rng.uniform(0.0, 10.0, (rows, len(E.TERMS)))
    tf = np.repeat(rng.uniform(0.0, 1.0, games * decisions), candidates)
    extra = rng.uniform(0.0, 3.0, (rows, len(EXTRAS)))
    _c, prior = E.judgement_weights("master")
    wa = np.array([prior.get(k, (1.0, 0.0))[0] for k in E.TERMS])
    wb = np.array([prior.get(k, (1.0, 0.0))[1] for k in E.TERMS])
    d = np.repeat(np.arange(games * decisions), candidates)
    y = (X * (wa + wb * tf[:, None])).sum(axis=1) + rng.normal(0.0, 8.0, games * decisions)[d] \
        + rng.normal(0.0, 0.5, rows)
    if follows:
        y = y + 4.0 * extra[:, EXTRAS.index(follows)]
    return {"X": X, "tf": tf, "y": y, "E": extra, "d": d, "game": d // decisions}


def test_an_input_the_results_follow_lowers_the_regret_and_the_others_do_not() -> None:
    rows = {r["inputs"]: r for r in analyse(_synthetic("own_next_dice"))}
    alone = rows["terms refitted"]["regret"]
    assert rows["terms + own_next_dice"]["regret"] < 0.3 * alone
    assert abs(rows["terms + own_next_dice"]["weight"][0] - 4.0) < 0.5
    assert rows["terms + opp_next_dice"]["regret"] > 0.8 * alone
    plain = {r["inputs"]: r for r in analyse(_synthetic(None))}
    assert plain["terms refitted"]["regret"] < 0.6  # the judgement itself ranks them (noise 0.5)
    assert plain["terms + own_next_dice"]["regret"] < plain["terms refitted"]["regret"] + 0.2


def test_next_dice_counts_only_while_the_seat_still_acts_this_round() -> None:
    for seed in (1, 2, 3):
        st = midgame(seed, steps=80)
        if st.phase != "play":
            continue
        for seat in (0, 1):
            expect = 0.0 if st.covered[seat] >= 2 or st.passed[seat] else float(max(st.dice[1:7]))
            assert _next_dice(st, seat) == expect


def test_the_probe_records_every_candidate_of_a_cheap_master_game() -> None:
    rows, scores = _game(("master:end_beam=4,end_lines=3,lookahead=1", 5, 0))
    assert len(scores) == 2 and rows
    decisions = {r[0] for r in rows}
    assert len(decisions) > 20 and all(len(r[4]) == len(EXTRAS) and len(r[1]) == len(E.TERMS) for r in rows)
    assert all(r[4][0] >= 1 for r in rows)  # a candidate turn has at least one action
