"""``tabletop ladder``: a tiny seat-balanced match prints win rates and scores with CIs."""

from __future__ import annotations

import json
from pathlib import Path
from unittest.mock import ANY

import pytest
from click.testing import CliRunner

from tabletop.analysis.stats import wilson
from tabletop.bots.match import journal_key, play_one
from tabletop.cli.ladder import default_pairings
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
    # CPU seconds of every decision: their mean and p99 per bot
    assert all(len(g["cpu"][k]) == g["decisions"][k] for g in games_a for k in range(2))
    assert 0.0 <= row["cpu_per_decision_b"] <= row["cpu_p99_b"]


def test_percentile_is_nearest_rank() -> None:
    from tabletop.bots.match import percentile

    xs = [float(i) for i in range(1, 101)]
    assert percentile(xs, 0.99) == 99.0 and percentile(xs, 1.0) == 100.0 and percentile([], 0.5) == 0.0
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0


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


# ``tabletop compare`` and evaluation constants in a bot spec (docs/BOTS.md,
# "Tuning the constants on paired deals").

def test_eval_constants_in_a_spec_change_the_evaluation() -> None:
    from tabletop.bots.search import _evaluator, parse_constants
    from tabletop.core.registry import get_game
    from tabletop.games.grand_austria_hotel.evaluation import evaluate, make_evaluator, terms

    assert parse_constants("CAPITAL_WORTH:9+SPARE_ITEM:0.25") == {"CAPITAL_WORTH": 9.0, "SPARE_ITEM": 0.25}
    st = get_game("grand-austria-hotel").new_game(players=2, seed=3)
    while st.phase in ("draft", "start_guest", "start_rooms") or st.is_chance():
        st.apply(st.sample_chance() if st.is_chance() else st.legal_actions()[0])
    custom = _evaluator("grand-austria-hotel", "CAPITAL_WORTH:9")
    assert custom(st, 0) == make_evaluator({"CAPITAL_WORTH": 9})(st, 0)
    # with money on the board, more worth per krone must raise the money term only
    assert st.players[0].money > 0
    assert terms(st, 0, {"CAPITAL_WORTH": 9})["money"] > terms(st, 0)["money"]
    gain = terms(st, 0, {"CAPITAL_WORTH": 9})["money"] - terms(st, 0)["money"]
    assert abs(custom(st, 0) - evaluate(st, 0) - gain) < 1e-9


def test_bad_eval_constants_are_rejected_before_any_game() -> None:
    for bad, words in (("flatmc:eval=NOPE:3", "unknown evaluation constants"),
                       ("flatmc:eval=CAPITAL_WORTH:lots", "NAME:number"),
                       ("flatmc:eval=nothing", "no evaluation named")):
        res = CliRunner().invoke(cli, ["compare", "greedy", bad, "--games", "1", "-q"])
        assert res.exit_code == 2 and words in res.output, res.output
        res = CliRunner().invoke(cli, ["ladder", "--games", "1", "--pair", f"greedy vs {bad}", "-q"])
        assert res.exit_code == 2 and words in res.output, res.output


def test_compare_pairs_self_play_deal_by_deal() -> None:
    base, other = "greedy:steps=1", "greedy:steps=1,eval=CAPITAL_WORTH:12+SPARE_ITEM:2"
    res = CliRunner().invoke(cli, ["compare", base, other, "--games", "3", "--seed", "8", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    ladder = json.loads(CliRunner().invoke(cli, ["ladder", "--games", "3", "--seed", "8", "--json",
                                                 "--pair", f"{base} vs {base}"]).output)
    # the base runs exactly the ladder's self-play games on the same deals
    assert [g["scores"] for g in out["results"][0]["games"]] == [g["scores"] for g in ladder["results"][0]["games"]]
    per_deal = [sum(b["scores"]) / 2 - sum(a["scores"]) / 2
                for a, b in zip(out["results"][0]["games"], out["results"][1]["games"])]
    assert out["deals"] == 3 and abs(out["difference"] - sum(per_deal) / 3) < 1e-9
    assert out["difference_ci"][0] <= out["difference"] <= out["difference_ci"][1]
    same = json.loads(CliRunner().invoke(cli, ["compare", base, base, "--games", "2", "--json"]).output)
    assert same["difference"] == 0.0 and same["unchanged_deals"] == 2
    text = CliRunner().invoke(cli, ["compare", base, base, "--games", "1", "-q"]).output
    assert "difference (other - base) over 1 deals: +0.00" in text


def test_an_interrupted_ladder_resumes_without_replaying_finished_games(tmp_path, monkeypatch) -> None:
    import tabletop.cli.ladder as ladder_mod

    journal = tmp_path / "run.json.games.jsonl"
    pairs = [("random", "greedy:steps=1")]
    whole = ladder_mod.run_ladder(pairs, 3, 1, 4, "grand-austria-hotel")
    # a first run "interrupted" after its first game, with a torn line at the end
    ladder_mod.run_ladder(pairs, 1, 1, 4, "grand-austria-hotel", journal=journal)
    with journal.open("a") as f:
        f.write('{"key": "torn')
    played: list[int] = []
    real = ladder_mod.play_one

    def counting(game, specs, seed, index, config=None, players=2):  # type: ignore[no-untyped-def]
        played.append(index)
        return real(game, specs, seed, index, config, players)

    monkeypatch.setattr(ladder_mod, "play_one", counting)
    resumed = ladder_mod.run_ladder(pairs, 3, 1, 4, "grand-austria-hotel", journal=journal)
    assert played == [1, 2]  # game 0 came from the journal
    assert [g["scores"] for g in resumed[0].games] == [g["scores"] for g in whole[0].games]
    # another seed is another run: nothing is reused
    played.clear()
    ladder_mod.run_ladder(pairs, 1, 1, 5, "grand-austria-hotel", journal=journal)
    assert played == [0]


def test_the_journal_survives_being_replaced_during_a_run(tmp_path, monkeypatch) -> None:
    """A checkout or a copy that puts another file in the journal's place while a long run goes
    on must not swallow the games that finish afterwards: each finished game is appended to the
    file the name holds then. A torn last line (a run killed mid-write) is ended first, so the
    next game's line stays whole and resumes."""
    import tabletop.cli.ladder as ladder_mod

    journal = tmp_path / "run.json.games.jsonl"
    pairs = [("random", "greedy:steps=1")]
    real = ladder_mod.play_one

    def replacing(game, specs, seed, index, config=None, players=2):  # type: ignore[no-untyped-def]
        if index == 1:  # as git does: a new file under the same name, the old one unlinked
            text = journal.read_text()
            journal.unlink()
            journal.write_text(text + '{"key": "torn')
        return real(game, specs, seed, index, config, players)

    monkeypatch.setattr(ladder_mod, "play_one", replacing)
    ladder_mod.run_ladder(pairs, 3, 1, 4, "grand-austria-hotel", journal=journal)
    lines = journal.read_text().splitlines()
    assert len(lines) == 4 and lines[1] == '{"key": "torn'  # games 0, 1 and 2 all kept, whole
    played: list[int] = []
    monkeypatch.setattr(ladder_mod, "play_one", lambda *a, **k: played.append(a[3]))
    ladder_mod.run_ladder(pairs, 3, 1, 4, "grand-austria-hotel", journal=journal)
    assert played == []  # every game is found again


def test_ladder_save_keeps_a_journal(tmp_path) -> None:
    save = tmp_path / "ladder.json"
    args = ["ladder", "--games", "2", "--pair", "random vs random", "--save", str(save), "-q"]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    lines = (tmp_path / "ladder.json.games.jsonl").read_text().splitlines()
    assert len(lines) == 2
    again = CliRunner().invoke(cli, args[:-1])  # with progress: it says it resumes
    assert again.exit_code == 0 and "resuming: 2 games already" in again.output
    assert json.loads(save.read_text())["pairings"][0]["games"] == 2


def test_a_four_player_pairing_seats_the_first_bot_in_every_seat_of_each_deal() -> None:
    """``--players 4``: games 4k..4k+3 share a deal, with A in seat 0, 1, 2, 3 in turn and B in
    the three other seats; the record keeps the table, and A's and B's entries agree with it."""
    games = [play_one("grand-austria-hotel", ("easy", "random"), 7, i, players=4) for i in range(8)]
    assert [g["seat_a"] for g in games] == [0, 1, 2, 3] * 2
    assert len({g["seed"] for g in games[:4]}) == 1 and games[0]["seed"] != games[4]["seed"]
    for g in games:
        table, a = g["table_scores"], g["seat_a"]
        assert len(table) == 4 and g["scores"][0] == table[a]
        assert g["scores"][1] == pytest.approx(sum(v for s, v in enumerate(table) if s != a) / 3)
        shares = [1 / len(g["table_winners"]) if s in g["table_winners"] else 0.0 for s in range(4)]
        assert g["wins"][0] == shares[a] and g["wins"][0] + 3 * g["wins"][1] == pytest.approx(1.0)
        assert len(g["cpu"][0]) == g["decisions"][0] and len(g["cpu"][1]) == g["decisions"][1]
    # the same game again, and at two players the record (and the journal key) of before
    assert play_one("grand-austria-hotel", ("easy", "random"), 7, 5, players=4) == {**games[5], "seconds": ANY,
                                                                                     "cpu": ANY}
    two = play_one("grand-austria-hotel", ("easy", "random"), 7, 1)
    assert "seat_a" not in two and len(two["scores"]) == 2
    assert len(json.loads(journal_key("g", 7, None, "easy", "random", 1))) == 6
    assert json.loads(journal_key("g", 7, None, "easy", "random", 1, 4))[-1] == 4


def test_ladder_at_four_players_prints_the_chance_and_resumes_its_journal(tmp_path) -> None:
    save = tmp_path / "four"
    args = ["ladder", "--players", "4", "--pair", "easy vs random", "-k", "4", "--seed", "3", "-q",
            "--save", str(save)]
    res = CliRunner().invoke(cli, args)
    assert res.exit_code == 0, res.output
    assert "easy vs 3x random" in res.output and "A's chance is 25.0 %" in res.output
    assert "--players 4" in res.output
    saved = json.loads(save.read_text())
    assert saved["players"] == 4 and saved["pairings"][0]["games"] == 4
    lines = Path(str(save) + ".games.jsonl").read_text().splitlines()
    assert len(lines) == 4
    again = CliRunner().invoke(cli, args)  # every game is in the journal: nothing is played again
    assert again.exit_code == 0 and Path(str(save) + ".games.jsonl").read_text().splitlines() == lines
    two = CliRunner().invoke(cli, ["ladder", "--players", "2", *args[3:]])  # a 2-player row does not take them
    assert two.exit_code == 0 and len(Path(str(save) + ".games.jsonl").read_text().splitlines()) == 8


@pytest.mark.parametrize("game, players", [("grand-austria-hotel", 5), ("burger-joint", 3)])
def test_ladder_refuses_a_table_the_game_does_not_have(game, players) -> None:
    res = CliRunner().invoke(cli, ["ladder", "-g", game, "--players", str(players), "-k", "1"])
    assert res.exit_code != 0 and "players" in res.output
