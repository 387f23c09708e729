"""tabletop simulate at scale: parallel = serial, stored results, resume, seat-balanced pools."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop.analysis.batch import RunSpec, seat_cycle
from tabletop.bots.registry import BOTS
from tests.sim.conftest import invoke, jsonl

GAH2 = ("simulate", "--game", "grand-austria-hotel", "--players", "2", "--seed", "11")


def test_jobs_2_equals_jobs_1(tmp_path: Path) -> None:
    one = invoke(*GAH2, "--games", "12", "--jobs", "1", "--json", "--out", str(tmp_path / "a"))
    two = invoke(*GAH2, "--games", "12", "--jobs", "2", "--json", "--out", str(tmp_path / "b"),
                 "--chunk-size", "2")
    assert one.stdout == two.stdout
    games = json.loads(one.stdout)["games"]
    assert len(games) == 12 and all(set(g) == {"seed", "bots", "scores", "winners", "decisions"} for g in games)
    # the stored files are identical too, games in index order
    a, b = (tmp_path / "a" / "results.jsonl").read_bytes(), (tmp_path / "b" / "results.jsonl").read_bytes()
    assert a == b
    recs = jsonl(tmp_path / "a" / "results.jsonl")
    assert [r["index"] for r in recs] == list(range(12))
    assert [r["seed"] for r in recs] == [g["seed"] for g in games]
    for r in recs:
        assert list(r) == ["index", "seed", "game", "players", "config", "bots", "scores", "breakdown", "winners",
                           "decisions", "summary", "actions"]
        assert r["game"] == "grand-austria-hotel" and r["players"] == 2 and len(r["breakdown"]) == 2
        assert "staff_played" in r["summary"][0] and len(r["actions"]) >= r["decisions"]
    assert (tmp_path / "a" / "results.csv").read_bytes() == (tmp_path / "b" / "results.csv").read_bytes()


def test_timing_records_each_decisions_cpu_and_changes_no_game(tmp_path: Path) -> None:
    """``--timing`` (for the bots' time targets, docs/BOTS.md): each record holds, per seat, the
    CPU seconds of each of that seat's decisions, in two worker processes too; the games are the
    ones an untimed run plays, and the summary gives each bot's mean, p99 and longest."""
    args = ("simulate", "--game", "grand-austria-hotel", "--players", "3", "--seed", "11", "--games", "3",
            "--bots-pool", "easy,medium", "-q")
    plain = invoke(*args, "--out", str(tmp_path / "plain"))
    timed = invoke(*args, "--out", str(tmp_path / "timed"), "--timing", "--jobs", "2")
    untimed, recs = jsonl(tmp_path / "plain" / "results.jsonl"), jsonl(tmp_path / "timed" / "results.jsonl")
    assert [{k: v for k, v in r.items() if k != "cpu"} for r in recs] == untimed
    assert all("cpu" not in r for r in untimed)
    for r in recs:
        assert len(r["cpu"]) == 3 and sum(len(c) for c in r["cpu"]) == r["decisions"]
        assert all(0.0 <= x < 60.0 for c in r["cpu"] for x in c)
    assert "CPU per decision" not in plain.output
    for bot in ("easy", "medium"):
        n = sum(len(c) for r in recs for b, c in zip(r["bots"], r["cpu"]) if b == bot)
        assert f"bot {bot}: CPU per decision mean" in timed.output and f"({n} decisions)" in timed.output
    # resumed, the stored timings are read back (slim records keep them) and counted again
    again = invoke(*args, "--out", str(tmp_path / "timed"), "--timing")
    assert again.output.count("CPU per decision") == 2 and "(" + str(sum(
        len(c) for r in recs for b, c in zip(r["bots"], r["cpu"]) if b == "easy")) + " decisions)" in again.output


def test_csv_has_one_row_per_game_and_seat(tmp_path: Path) -> None:
    invoke(*GAH2[:-4], "--players", "3", "--games", "5", "--out", str(tmp_path), "-o", "edition=original")
    rows = list(csv.DictReader((tmp_path / "results.csv").open()))
    assert len(rows) == 15
    assert [(int(r["index"]), int(r["seat"])) for r in rows] == [(i, s) for i in range(5) for s in range(3)]
    recs = jsonl(tmp_path / "results.jsonl")
    assert set(rows[0]) >= {"index", "seed", "seat", "bot", "score", "winner", "win_share", "decisions",
                            "vp_guests", "vp_rooms", "vp_emperor", "vp_penalties", "vp_cafe"}
    for row in rows:
        rec = recs[int(row["index"])]
        seat = int(row["seat"])
        assert int(row["score"]) == rec["scores"][seat]
        assert int(row["winner"]) == (seat in rec["winners"])
        assert int(row["seed"]) == rec["seed"] and row["bot"] == "random"
        assert sum(int(row["vp_" + k]) for k in rec["breakdown"][seat]) == rec["scores"][seat]
    assert json.loads((tmp_path / "run.json").read_text())["config"] == {"edition": "original"}


def test_resume_after_interruption_with_cut_off_last_line(tmp_path: Path) -> None:
    args = (*GAH2, "--games", "10")
    full, part = tmp_path / "full", tmp_path / "part"
    invoke(*args, "--out", str(full))
    reference = (full / "results.jsonl").read_bytes()
    # a run killed mid-write: run.json, six complete lines and half of the seventh
    part.mkdir()
    (part / "run.json").write_bytes((full / "run.json").read_bytes())
    lines = reference.splitlines(keepends=True)
    (part / "results.jsonl").write_bytes(b"".join(lines[:6]) + lines[6][: len(lines[6]) // 2])
    out = invoke(*args, "--out", str(part)).output
    assert "resuming" in out and "6 games stored, 4 to play" in out
    assert (part / "results.jsonl").read_bytes() == reference  # every game once, equal to the uninterrupted run
    assert (part / "results.csv").read_bytes() == (full / "results.csv").read_bytes()
    # a further rerun plays nothing; --json still lists every game
    again = invoke(*args, "--out", str(part), "--json", "--quiet")
    assert len(json.loads(again.stdout)["games"]) == 10
    assert (part / "results.jsonl").read_bytes() == reference
    # more games extend the run
    invoke(*GAH2, "--games", "12", "--out", str(part), "--quiet")
    recs = jsonl(part / "results.jsonl")
    assert [r["index"] for r in recs] == list(range(12))


def test_resume_after_the_process_was_killed(tmp_path: Path) -> None:
    out = tmp_path / "run"
    exe = Path(sys.executable).parent / "tabletop"
    cmd = [str(exe), *GAH2, "--games", "400", "--out", str(out), "--quiet"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    results = out / "results.jsonl"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        if results.exists() and results.stat().st_size > 20_000:
            os.killpg(proc.pid, signal.SIGKILL)
            break
        time.sleep(0.005)
    proc.wait()
    killed = proc.returncode == -signal.SIGKILL
    stored = len(results.read_bytes().splitlines())
    invoke(*GAH2, "--games", "400", "--out", str(out), "--quiet")
    recs = jsonl(results)
    assert [r["index"] for r in recs] == list(range(400))
    reference = invoke(*GAH2, "--games", "400", "--json", "--quiet")
    assert [r["scores"] for r in recs] == [g["scores"] for g in json.loads(reference.stdout)["games"]]
    if not killed:
        pytest.skip(f"the run finished before it could be killed ({stored} lines); resume checked anyway")


def test_mismatched_parameters_are_refused(tmp_path: Path) -> None:
    invoke(*GAH2, "--games", "3", "--out", str(tmp_path))
    before = (tmp_path / "results.jsonl").read_bytes()
    for change, key in ((("--seed", "12"), "seed"), (("-o", "staff_draft=true"), "config"),
                        (("--bots", "random,greedy"), "bots")):
        args = [*GAH2, "--games", "3", "--out", str(tmp_path)]
        if change[0] == "--seed":
            args[args.index("--seed") + 1] = change[1]
        else:
            args += list(change)
        r = invoke(*args, ok=False)
        assert r.exit_code != 0
        assert "holds a run with other parameters" in r.output and f"{key}: stored" in r.output, r.output
    r = invoke("simulate", "--game", "grand-austria-hotel", "--players", "3", "--seed", "11", "--games", "3",
               "--out", str(tmp_path), ok=False)
    assert r.exit_code != 0 and "players: stored 2, now 3" in r.output
    # fewer games than stored would drop results
    r = invoke(*GAH2, "--games", "2", "--out", str(tmp_path), ok=False)
    assert r.exit_code != 0 and "--games 3 or more" in r.output
    assert (tmp_path / "results.jsonl").read_bytes() == before


def test_results_without_run_json_are_refused(tmp_path: Path) -> None:
    (tmp_path / "results.jsonl").write_text('{"index": 0}\n')
    r = invoke(*GAH2, "--games", "2", "--out", str(tmp_path), ok=False)
    assert r.exit_code != 0 and "run.json" in r.output


class FirstBot:
    name = "first"

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, obs):  # type: ignore[no-untyped-def]
        return obs.legal_actions[0]


def test_bots_pool_is_seat_balanced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert seat_cycle(["a", "b"], 2) == [("a", "b"), ("b", "a")]
    cyc = seat_cycle(["a", "b", "c"], 2)
    assert len(cyc) == 6 and len(set(cyc)) == 6
    assert seat_cycle(["a", "b"], 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    for pool, n in ((["a", "b", "c"], 2), (["a", "b", "c", "d"], 4), (["a", "b"], 3), (["x", "y", "z"], 4)):
        cyc = seat_cycle(pool, n)
        for seat in range(n):
            counts = {b: sum(1 for c in cyc if c[seat] == b) for b in pool}
            assert len(set(counts.values())) == 1, (pool, n, seat, counts)
    spec = RunSpec("grand-austria-hotel", 2, 0, pool=("a", "b", "c"))
    assert spec.bots_for(0) == spec.bots_for(6) and spec.cycle_length == 6

    monkeypatch.setitem(BOTS, "first", FirstBot)  # in-process only (--jobs 1)
    r = invoke(*GAH2, "--games", "4", "--bots-pool", "random,first", "--out", str(tmp_path))
    recs = jsonl(tmp_path / "results.jsonl")
    assert [r["bots"] for r in recs] == [["random", "first"], ["first", "random"]] * 2
    assert "bot first:" in r.output and "bot random:" in r.output
    assert json.loads((tmp_path / "run.json").read_text())["bots_pool"] == ["random", "first"]
    r = invoke(*GAH2, "--games", "3", "--bots-pool", "random,first")
    assert "not a multiple" in r.output


def test_bad_bot_arguments() -> None:
    r = invoke(*GAH2, "--bots-pool", "random,nobody", ok=False)
    assert r.exit_code != 0 and "unknown bot" in r.output
    r = invoke(*GAH2, "--bots", "random", "--bots-pool", "random", ok=False)
    assert r.exit_code != 0 and "not both" in r.output
