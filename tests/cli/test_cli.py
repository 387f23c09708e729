"""The commands a user runs: play, simulate, bench, cards, options."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from tabletop.cli.main import cli


def run(*args: str, input: str | None = None) -> str:
    result = CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_json_is_deterministic_and_complete() -> None:
    args = ("simulate", "--game", "grand-austria-hotel", "--players", "3", "--games", "5",
            "--bots", "random", "--seed", "7", "--json")
    a, b = run(*args), run(*args)
    assert a == b
    data = json.loads(a)
    assert len(data["games"]) == 5
    for g in data["games"]:
        assert set(g) == {"seed", "bots", "scores", "winners", "decisions"}
        assert g["bots"] == ["random"] * 3 and len(g["scores"]) == 3
        assert g["winners"] and all(0 <= w < 3 for w in g["winners"])
        assert g["decisions"] > 50
    # another base seed gives other games
    other = json.loads(run(*args[:-3], "--seed", "8", "--json"))
    assert other["games"][0]["seed"] != data["games"][0]["seed"]


def test_simulate_rejects_bad_arguments() -> None:
    r = CliRunner().invoke(cli, ["simulate", "--players", "5", "--games", "1"])
    assert r.exit_code != 0 and "2-4 players" in r.output
    r = CliRunner().invoke(cli, ["simulate", "--players", "2", "--bots", "nobody"])
    assert r.exit_code != 0 and "unknown bot" in r.output
    r = CliRunner().invoke(cli, ["simulate", "--players", "2", "-o", "edition=1999"])
    assert r.exit_code != 0 and "edition" in r.output


def test_simulate_with_all_lets_waltz_modules() -> None:
    """Issue: `tabletop simulate ... -o modules=all` runs (every module, 2-4 players)."""
    for players in ("2", "4"):
        out = json.loads(run("simulate", "-n", players, "-k", "3", "--bots", "random", "--seed", "3", "--json",
                             "-o", "modules=all"))
        assert out["config"] == {"modules": "all"} and len(out["games"]) == 3
        assert all(len(g["scores"]) == int(players) for g in out["games"])
    r = CliRunner().invoke(cli, ["simulate", "-n", "2", "-k", "1", "-o", "modules=ballrooms,tango"])
    assert r.exit_code != 0 and "unknown module" in r.output and "tango" in r.output


def test_simulate_with_variants() -> None:
    out = json.loads(run("simulate", "-n", "2", "-k", "2", "--json", "-o", "edition=original",
                         "-o", "staff_draft=true", "-o", "alternatives=room_vp:alt"))
    assert out["config"] == {"edition": "original", "staff_draft": True, "alternatives": ["room_vp:alt"]}
    assert len(out["games"]) == 2


def test_bench_json_reports_both_player_counts() -> None:
    """Base game and all Let's Waltz! modules together, 2 and 4 players each."""
    data = json.loads(run("bench", "--games", "3", "--json"))
    assert [(r["config"], r["players"]) for r in data["results"]] == [
        ("base", 2), ("base", 4), ("all modules", 2), ("all modules", 4)]
    assert data["results"][0]["options"] == {} and data["results"][2]["options"]["modules"]
    for r in data["results"]:
        assert r["games"] == 3 and r["games_per_second"] > 0 and r["decisions_per_second"] > 0


def test_bench_with_options_measures_that_configuration() -> None:
    data = json.loads(run("bench", "--games", "2", "--json", "-o", "modules=start_player"))
    assert [(r["config"], r["options"]) for r in data["results"]] == [
        ("custom", {"modules": "start_player"})] * 2


def test_bench_refuses_a_player_count_option_with_a_message() -> None:
    """bench plays both player counts itself; -o players=4 used to end in a TypeError."""
    r = CliRunner().invoke(cli, ["bench", "--games", "1", "-o", "players=4"])
    assert r.exit_code == 1 and "not an option here" in r.output and r.exception is not None
    assert not isinstance(r.exception, TypeError)


def test_cards_lists_provenance_and_provisional_values() -> None:
    everything = run("cards")
    assert "guest #55 Photographer" in everything and "single" in everything
    doubtful = run("cards", "--provisional")
    lines = [ln for ln in doubtful.splitlines() if ln and not ln.startswith(tuple("0123456789"))]
    assert lines and all(ln.startswith(("provisional", "conflict")) for ln in lines)
    assert "introductory sets" in doubtful and "Baker" in doubtful
    assert "room_vp" in doubtful and "emperor_track" in doubtful


def test_options_lists_variants() -> None:
    out = run("options")
    for key in ("edition", "exclude_kitchen_hand", "discard_free_guests", "staff_draft",
                "introductory_sets", "herlius_objectives", "rowe_smith_staff", "alternatives"):
        assert key in out


def test_play_in_the_terminal_rejects_bad_input_and_plays_on() -> None:
    # an illegal entry, a help request, then always the first legal action; EOF ends
    moves = "xyz\nhelp\n" + "0\n" * 400
    out = run("play", "--players", "2", "--seed", "3", "--plain", input=moves)
    assert "illegal action 'xyz'" in out
    assert "Enter the number of an action" in out
    assert "seat 0" in out and "Queue:" in out and "floor 1" in out
    rich = run("play", "--players", "2", "--seed", "3", input="quit\n")
    assert "Guests (queue)" in rich and "Seat 0 (you)" in rich and "kitchen:" in rich


def test_play_to_the_end_shows_scores() -> None:
    out = run("play", "--players", "2", "--seed", "5", input="0\n" * 3000)
    assert "Game over. Scores:" in out and "Winner(s):" in out


def test_installed_entry_point_runs() -> None:
    exe = shutil.which("tabletop") or str(__import__("pathlib").Path(sys.executable).parent / "tabletop")
    out = subprocess.run([exe, "simulate", "-n", "2", "-k", "1", "--json"], capture_output=True,
                         text=True, check=True).stdout
    assert json.loads(out)["games"][0]["scores"]


def test_play_hint_undo_save_and_load(tmp_path) -> None:
    save = tmp_path / "game.json"
    # seat 1 chooses the first starting guest, so the bots move first; then our commands
    out = run("play", "--players", "2", "--seed", "4", "--bots", "easy", "--plain",
              input=f"hint\n0\nundo\nsave {save}\nquit\n")
    assert "The coach's best moves" in out
    hinted = re.findall(r"^\s+([123])\. (\S+)\s+.*: ≈ (\d+) VP$", out, re.M)
    assert [h[0] for h in hinted] == ["1", "2", "3"], out
    assert int(hinted[0][2]) >= int(hinted[1][2]) >= int(hinted[2][2])
    assert re.search(r"^\s+Why: .+ [+−]\d+$", out, re.M), out  # a move's reasons, under it
    assert "nothing of yours to undo" in out  # taking a starting guest draws a new one: not undoable
    assert save.exists()
    saved = json.loads(save.read_text())
    assert saved["game"] == "grand-austria-hotel" and saved["history"]
    out2 = run("play", "--load", str(save), "--plain", input="quit\n")
    assert "You are Seat 0" in out2 and "bye" in out2


def test_play_review_after_the_game_lists_costly_decisions() -> None:
    """``--review``: after the game the coach lists the seat's decisions that lost the most; always
    taking the first option loses plenty."""
    out = run("play", "--players", "2", "--seed", "5", "--bots", "easy", "--plain", "--review", input="0\n" * 3000)
    assert "Game over. Scores:" in out and "Your costliest decisions" in out
    lines = re.findall(r"^\s+step (\d+), round (\d+): your move .* VP\): ([\d.]+) VP$", out, re.M)
    assert 1 <= len(lines) <= 5, out[-3000:]
    losses = [float(x[2]) for x in lines]
    assert losses == sorted(losses, reverse=True) and losses[-1] >= 0.5
    assert re.search(r"VP\): [\d.]+ VP\n\s+The coach's pick against yours: .+ [+−]\d+$", out, re.M), out[-3000:]


def test_play_undo_takes_back_a_reversible_choice(tmp_path) -> None:
    """After the starting guests seat 0 prepares its starting rooms: no hidden information,
    so 'r0' can be taken back; the saved position shows the room is empty again."""
    save = tmp_path / "after-undo.json"
    out = run("play", "--players", "2", "--seed", "4", "--bots", "easy", "--plain",
              input=f"0\nr0\nundo\nsave {save}\nquit\n")
    assert "prepares room 0" in out
    assert "nothing of yours to undo" not in out
    pos = json.loads(save.read_text())
    assert pos["players"][0]["prepared"] == [] and pos["pending"][-1]["decision"] == "rooms"


def test_play_rejects_a_bad_save_file(tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = CliRunner().invoke(cli, ["play", "--load", str(bad)])
    assert r.exit_code != 0 and "cannot load" in r.output


@pytest.mark.parametrize("given, spec", [((), "hard:seconds=4.0"), (("--bot-seconds", "0.5"), "hard:seconds=0.5"),
                                         (("--bot-seconds", "0"), "hard")])
def test_play_gives_the_search_bots_a_time_limit(monkeypatch, given, spec) -> None:
    """``tabletop play --bot-seconds`` (default 4; tests/bots/test_time_limit.py: what it does)."""
    import tabletop.cli.play as play_cli
    made = []
    real = play_cli.make_bot
    monkeypatch.setattr(play_cli, "make_bot", lambda s, seed: made.append(s) or real(s, seed))
    run("play", "--players", "2", "--seed", "4", "--bots", "hard", "--plain", *given, input="quit\n")
    assert made == [spec]
