"""tabletop report: statistics (checked against published values), tables, PNG plots, HTML."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tabletop.analysis.batch import slim
from tabletop.analysis.report import analyse, load_records
from tabletop.analysis.stats import histogram, newcombe_diff, quantile, wilson, win_shares
from tests.sim.conftest import invoke


def test_wilson_interval_matches_published_values() -> None:
    # Newcombe (1998), Statistics in Medicine 17:857-872, table I (Wilson score method)
    for (x, n), (lo, hi) in {(81, 263): (0.2553, 0.3662), (15, 148): (0.0624, 0.1605),
                             (0, 20): (0.0, 0.1611), (1, 29): (0.0061, 0.1718)}.items():
        got = wilson(x, n)
        assert got == pytest.approx((lo, hi), abs=5e-5), (x, n, got)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=5e-5)
    assert wilson(0, 0) == (0.0, 1.0)
    # Newcombe (1998b) example: 56/70 vs 48/80, hybrid score interval (method 10)
    d, lo, hi = newcombe_diff(56, 70, 48, 80)
    assert (d, lo, hi) == pytest.approx((0.2, 0.0524, 0.3339), abs=5e-5)


def test_shares_quantiles_histogram() -> None:
    assert win_shares(3, [0, 2]) == [0.5, 0.0, 0.5]
    assert quantile([1, 2, 3, 4], 0.5) == 2.5 and quantile([5], 0.95) == 5
    edges, counts = histogram([0, 1, 1, 5], bins=10)
    assert sum(counts) == 4 and edges[0] == 0 and counts[1] == 2


def _fake(index: int, bots: list[str], scores: list[int], winners: list[int], staff: list[list[str]]) -> dict:
    return {"index": index, "seed": index, "game": "grand-austria-hotel", "players": len(bots), "config": {},
            "bots": bots, "scores": scores, "winners": winners, "decisions": 100,
            "breakdown": [{"guests": s, "penalties": 0} for s in scores],
            "summary": [{"staff_played": s} for s in staff]}


def test_analysis_on_known_records() -> None:
    recs = [_fake(0, ["a", "b"], [10, 5], [0], [["kitchen-hand"], []]),
            _fake(1, ["b", "a"], [7, 7], [0, 1], [[], ["kitchen-hand", "chef"]]),
            _fake(2, ["a", "b"], [1, 9], [1], [["chef"], []]),
            _fake(3, ["b", "a"], [3, 2], [0], [[], []])]
    rep = analyse(recs, "fake")
    by_bot = {w.label: w for w in rep.by_bot}
    assert by_bot["a"].wins == 1.5 and by_bot["a"].n == 4 and by_bot["b"].wins == 2.5
    assert [w.wins for w in rep.by_seat] == [2.5, 1.5] and rep.ties == 1
    assert by_bot["a"].ci == pytest.approx(wilson(1.5, 4))
    assert rep.vp_by_bot["a"] == {"guests": 5.0, "penalties": 0.0}
    kh = next(e for e in rep.staff if e.slug == "kitchen-hand")
    assert kh.flagged and kh.name == "Kitchen Hand"
    assert (kh.played.n, kh.played.wins, kh.not_played.n, kh.not_played.wins) == (2, 1.5, 6, 2.5)
    assert kh.diff == pytest.approx(1.5 / 2 - 2.5 / 6)
    assert [e.slug for e in rep.staff] == ["kitchen-hand", "chef"]  # sorted by difference


def test_report_writes_plots_html_and_prints_cis(tmp_path: Path) -> None:
    run = tmp_path / "run"
    invoke("simulate", "-g", "grand-austria-hotel", "-n", "2", "-k", "30", "--seed", "3", "--out", str(run),
           "--quiet")
    out = invoke("report", str(run), "--out", str(tmp_path / "rep")).stdout
    assert "Win rate by bot" in out and "Win rate by seat" in out and "Score by bot" in out
    assert "Score distribution by bot" in out and "Mean VP by source" in out and "Staff cards" in out
    recs = [json.loads(x) for x in (run / "results.jsonl").read_text().splitlines()]
    seat0 = sum(1 / len(r["winners"]) for r in recs if 0 in r["winners"])
    lo, hi = wilson(seat0, 30)
    row = re.search(r"^seat 0\s+30\s+([\d.]+)\s+([\d.]+)%\s+\[([\d.]+), ([\d.]+)\]", out, re.M)
    assert row, out
    assert float(row.group(1)) == pytest.approx(seat0, abs=0.05)
    assert float(row.group(2)) == pytest.approx(100 * seat0 / 30, abs=0.05)
    assert (float(row.group(3)), float(row.group(4))) == pytest.approx((100 * lo, 100 * hi), abs=0.05)
    for name in ("score_histograms.png", "win_rate_by_seat.png", "vp_by_source.png", "staff_effects.png"):
        data = (tmp_path / "rep" / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    page = (tmp_path / "rep" / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 4 and "<table>" in page and "Win rate by seat" in page
    assert "src='report" not in page and ".png'" not in page  # nothing linked, everything embedded


def test_report_on_burger_joint_skips_staff(tmp_path: Path) -> None:
    run = tmp_path / "bj"
    invoke("simulate", "-g", "burger-joint", "-n", "2", "-k", "4", "--out", str(run), "--quiet")
    out = invoke("report", str(run / "results.jsonl")).stdout
    assert "Staff cards" not in out and "publicity" in out
    rep_dir = run / "report"  # default: next to the results
    assert sorted(p.name for p in rep_dir.iterdir()) == ["report.html", "score_histograms.png",
                                                         "vp_by_source.png", "win_rate_by_seat.png"]


def test_report_tolerates_cut_off_last_line_and_rejects_empty(tmp_path: Path) -> None:
    run = tmp_path / "run"
    invoke("simulate", "-n", "2", "-k", "3", "--out", str(run), "--quiet")
    path = run / "results.jsonl"
    path.write_bytes(path.read_bytes() + b'{"index": 3, "seed"')
    _, recs, partial = load_records(run)
    assert len(recs) == 3 and partial
    out = invoke("report", str(run), "--no-plots").stdout
    assert "3 games of grand-austria-hotel" in out and "cut-off last line" in out
    path.write_text("")
    r = invoke("report", str(run), ok=False)
    assert r.exit_code != 0 and "no finished games" in r.output


def test_report_reads_slim_records_alone(tmp_path: Path) -> None:
    """A results file cut down to the slim records (as docs/ladder keeps them), read without its
    run.json, still names its game."""
    run = tmp_path / "run"
    invoke("simulate", "-n", "2", "-k", "3", "--out", str(run), "--quiet")
    kept = tmp_path / "kept.results.jsonl"
    lines = (run / "results.jsonl").read_text().splitlines()
    kept.write_text("".join(json.dumps(slim(json.loads(x))) + "\n" for x in lines))
    assert "summary" not in kept.read_text()
    out = invoke("report", str(kept), "--no-plots").stdout
    assert "3 games of grand-austria-hotel, 2 players" in out, out
