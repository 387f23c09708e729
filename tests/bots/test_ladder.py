"""``tabletop ladder``: a tiny seat-balanced match prints win rates and scores with CIs."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tabletop.cli.ladder import default_pairings, play_one, wilson
from tabletop.cli.main import cli


def test_wilson_interval() -> None:
    lo, hi = wilson(95, 100)
    assert 0.88 < lo < 0.9 and 0.97 < hi < 0.99
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] > 0.999999


def test_ladder_prints_a_table_with_intervals() -> None:
    res = CliRunner().invoke(cli, ["ladder", "--games", "2", "--pair", "random vs greedy:steps=1",
                                   "--pair", "random vs random", "-q"])
    assert res.exit_code == 0, res.output
    out = res.output
    assert "random vs greedy:steps=1" in out and "[" in out and "%" in out
    assert "mean score per player" in out  # the self-play row
    assert "levels: easy" in out


def test_ladder_json_is_reproducible_and_seat_balanced() -> None:
    args = ["ladder", "--games", "2", "--pair", "random vs greedy:steps=1", "--json", "--seed", "5"]
    a = json.loads(CliRunner().invoke(cli, args).output)
    b = json.loads(CliRunner().invoke(cli, args).output)
    games_a = a["results"][0]["games"]
    assert [g["scores"] for g in games_a] == [g["scores"] for g in b["results"][0]["games"]]
    assert games_a[0]["seed"] == games_a[1]["seed"]  # one deal, both seats
    row = a["pairings"][0]
    assert row["games"] == 2 and 0.0 <= row["win_rate_a_ci"][0] <= row["win_rate_a"] <= row["win_rate_a_ci"][1]


def test_ladder_rejects_bad_pairings() -> None:
    res = CliRunner().invoke(cli, ["ladder", "--games", "1", "--pair", "greedy"])
    assert res.exit_code != 0 and "A vs B" in res.output
    res = CliRunner().invoke(cli, ["ladder", "--games", "1", "--pair", "greedy vs nobody"])
    assert res.exit_code != 0 and "unknown bot" in res.output


def test_default_pairings_and_one_game() -> None:
    pairs = default_pairings()
    assert pairs[0] == ("random", "greedy") and pairs[-1][0] == pairs[-1][1]
    g = play_one("grand-austria-hotel", ("random", "random"), 1, 0)
    assert len(g["scores"]) == 2 and sum(g["wins"]) == 1.0
