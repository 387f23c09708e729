"""tabletop report A B --paired: two runs of the same deals compared game by game."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tabletop.analysis.batch import RunError
from tabletop.analysis.paired import pair_runs
from tabletop.analysis.report import load_records
from tests.sim.conftest import invoke


def rec(index: int, bots: list[str], scores: list[int], winners: list[int], seed: int | None = None) -> dict[str, Any]:
    return {"index": index, "seed": 1000 + index if seed is None else seed, "bots": bots, "scores": scores,
            "winners": winners}


def test_the_differences_are_taken_at_the_swapped_seat_game_by_game() -> None:
    a = [rec(0, ["m", "x", "x"], [100, 110, 90], [1]),
         rec(1, ["x", "m", "x"], [80, 120, 120], [1, 2]),  # a tie: half a win
         rec(2, ["x", "x", "m"], [70, 70, 95], [2])]
    b = [rec(0, ["n", "x", "x"], [115, 110, 90], [0]),
         rec(1, ["x", "n", "x"], [80, 100, 120], [2]),
         rec(2, ["x", "x", "n"], [70, 70, 95], [2])]
    p = pair_runs(a, b)
    assert p.compared == 3 and p.swapped == {("m", "n"): 3}
    assert p.values_a["score"] == [100, 120, 95] and p.values_b["score"] == [115, 100, 95]
    assert p.values_a["margin"] == [-10, 0, 25] and p.values_b["margin"] == [5, -20, 25]
    assert p.values_a["win share"] == [0.0, 0.5, 1.0] and p.values_b["win share"] == [1.0, 0.0, 1.0]
    d, lo, hi = p.difference("score")
    assert d == pytest.approx((15 - 20 + 0) / 3) and lo < d < hi
    assert p.difference("win share")[0] == pytest.approx(0.5 / 3)


def test_only_the_same_deal_pairs_and_a_game_swapping_two_seats_counts_once() -> None:
    a = [rec(0, ["m", "m"], [100, 90], [0]), rec(1, ["m", "x"], [100, 90], [0]), rec(2, ["x", "x"], [1, 2], [1])]
    b = [rec(0, ["n", "n"], [80, 120], [1]), rec(1, ["m", "x"], [50, 90], [1], seed=7),  # another deal
         rec(2, ["x", "x"], [2, 1], [0])]  # the same bots: left out
    p = pair_runs(a, b)
    assert p.games == 2 and p.compared == 1 and p.same_bots == 1 and p.swapped == {("m", "n"): 2}
    assert p.values_a["score"] == [95] and p.values_b["score"] == [100]
    assert p.values_a["win share"] == [0.5] and p.values_b["win share"] == [0.5]


@pytest.mark.parametrize("a, b, message", [
    ([rec(0, ["m", "x"], [1, 2], [1])], [rec(0, ["n", "x"], [1, 2], [1], seed=5)], "share no game"),
    ([rec(0, ["m", "x"], [1, 2], [1])], [rec(0, ["n", "x", "x"], [1, 2, 3], [2])], "only runs of the same table"),
    ([rec(0, ["m", "x"], [1, 2], [1])], [rec(0, ["m", "x"], [2, 1], [0])], "seat the same bots"),
])
def test_runs_that_do_not_pair_are_refused(a: list[dict[str, Any]], b: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(RunError, match=message):
        pair_runs(a, b)


def test_report_paired_on_two_simulated_runs(tmp_path: Path) -> None:
    common = ["-n", "3", "-k", "6", "--seed", "41", "--quiet"]
    invoke("simulate", "--bots-pool", "greedy:steps=1,random,random", *common, "--out", str(tmp_path / "easy"))
    invoke("simulate", "--bots-pool", "greedy,random,random", *common, "--out", str(tmp_path / "medium"))
    out = invoke("report", str(tmp_path / "easy"), str(tmp_path / "medium"), "--paired").stdout
    assert "6 games played in both" in out and "A: easy" in out and "B: medium" in out
    assert "greedy:steps=1 in A -> greedy in B (6 seat-games)" in out
    (_, a, _), (_, b, _) = load_records(tmp_path / "easy"), load_records(tmp_path / "medium")
    assert [r["seed"] for r in a] == [r["seed"] for r in b]  # the same deals
    seat = [r["bots"].index("greedy:steps=1") for r in a]
    diff = sum(rb["scores"][s] - ra["scores"][s] for ra, rb, s in zip(a, b, seat)) / 6
    row = re.search(r"^score +([\d.]+) +([\d.]+) +([+-][\d.]+) \[", out, re.M)
    assert row and float(row[3]) == pytest.approx(diff, abs=0.051), out
    assert not (tmp_path / "easy" / "report").exists()  # a paired report prints, and writes nothing

    one = invoke("report", str(tmp_path / "easy"), "--paired", ok=False)
    assert one.exit_code == 2 and "compares two runs" in one.output
    same = invoke("report", str(tmp_path / "easy"), str(tmp_path / "easy" / "results.jsonl"), "--paired", ok=False)
    assert same.exit_code == 1 and "seat the same bots" in same.output
    invoke("simulate", "--bots-pool", "greedy,random,random", "-n", "3", "-k", "2", "--seed", "42", "--quiet",
           "--out", str(tmp_path / "other"))
    other = invoke("report", str(tmp_path / "easy"), str(tmp_path / "other"), "--paired", ok=False)
    assert other.exit_code == 1 and "same --seed" in other.output


def test_report_paired_reads_ladder_journals(tmp_path: Path) -> None:
    """Two ladder pairings saved with the same --seed pair game by game (the first bot of
    each pairing is followed); a level is named as a level, not by its resolved spec."""
    for name, pair in (("easy", "easy vs random"), ("medium", "medium vs random")):
        invoke("ladder", "--pair", pair, "-k", "4", "--seed", "5", "-q", "--save", str(tmp_path / name))
    a, b = tmp_path / "easy.games.jsonl", tmp_path / "medium.games.jsonl"
    out = invoke("report", str(a), str(b), "--paired").stdout
    assert "4 games played in both" in out and "A: easy" in out and "easy in A -> medium in B (4 seat-games)" in out
    ga = [g for g in map(json.loads, a.read_text().splitlines())]
    gb = [g for g in map(json.loads, b.read_text().splitlines())]
    diff = sum(y["game"]["scores"][0] - x["game"]["scores"][0]
               for x, y in zip(sorted(ga, key=lambda g: g["game"]["index"]),
                               sorted(gb, key=lambda g: g["game"]["index"]))) / 4
    row = re.search(r"^score +([\d.]+) +([\d.]+) +([+-][\d.]+) \[", out, re.M)
    assert row and float(row[3]) == pytest.approx(diff, abs=0.051), out

    invoke("ladder", "--pair", "random vs easy", "-k", "2", "--seed", "5", "-q", "--save", str(tmp_path / "easy"))
    two = invoke("report", str(a), str(b), "--paired", ok=False)
    assert two.exit_code == 1 and "holds 2 pairings" in two.output and "random vs easy" in two.output


def test_report_paired_reads_four_player_ladder_journals(tmp_path: Path) -> None:
    """Journals of `ladder --players 4` pair by their tables: the seat followed is the one
    where the first bot sat, and the margin is taken against the best of the three others."""
    for name, pair in (("easy", "easy vs random"), ("medium", "medium vs random")):
        invoke("ladder", "--players", "4", "--pair", pair, "-k", "4", "--seed", "5", "-q",
               "--save", str(tmp_path / name))
    a, b = tmp_path / "easy.games.jsonl", tmp_path / "medium.games.jsonl"
    out = invoke("report", str(a), str(b), "--paired").stdout
    assert "4 games played in both" in out and "easy in A -> medium in B (4 seat-games)" in out, out
    ga, gb = ({g["game"]["index"]: g["game"] for g in map(json.loads, f.read_text().splitlines())} for f in (a, b))

    def margin(g: dict) -> float:
        t, s = g["table_scores"], g["seat_a"]
        return t[s] - max(v for o, v in enumerate(t) if o != s)

    diff = sum(margin(gb[i]) - margin(ga[i]) for i in ga) / 4
    row = re.search(r"^margin over the best other seat +(-?[\d.]+) +(-?[\d.]+) +([+-][\d.]+) \[", out, re.M)
    assert row and float(row[3]) == pytest.approx(diff, abs=0.051), out
