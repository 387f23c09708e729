"""The master level's judgement: the shipped model, its evaluation, and the training that makes it."""

from __future__ import annotations

import json
from functools import partial
from itertools import islice

import pytest
from click.testing import CliRunner

from tabletop.bots.base import Observation
from tabletop.bots.registry import LEVELS, make_bot, parse_bot_spec
from tabletop.bots.tuning import constants_spec, table_of, tunable_constants
from tabletop.cli.main import cli
from tabletop.core.model_file import FORMAT, load_model
from tabletop.core.registry import get_game
from tabletop.core.rng import Rng
from tabletop.games.grand_austria_hotel import evaluation as E
from tabletop.games.grand_austria_hotel.models import model, path
from tests.bots.positions import easy_game, positions_through_a_game

GAH = "grand-austria-hotel"
ALL_MODULES = {"modules": ["ballrooms", "celebrities", "unique_hotels", "start_player", "more"]}


def midgame(seed: int, config: dict | None = None, steps: int = 60, players: int = 2):
    """The position after ``steps`` steps of an `easy` game, its pending chance resolved."""
    st = get_game(GAH).new_game(players=players, seed=seed, **(config or {}))
    for _ in islice(easy_game(st, seed), steps + 1):
        pass
    while st.is_chance():
        st.apply(st.sample_chance())
    return st


def test_the_shipped_master_model_loads_and_says_how_it_was_made() -> None:
    m = model("master")
    assert m.format == FORMAT and m.game == GAH and m.name == "master" and m.version >= 1
    assert set(m.constants) <= set(E.HAND)
    assert set(m.weights) == set(E.TERMS) - set(E.FIXED_TERMS), "a weight for every term it may change"
    assert any(w != (1.0, 0.0) for w in m.weights.values()), "the learned weights are not the hand-set ones"
    t = m.training
    assert t["command"].startswith("tabletop train") and f"--seed {t['seed']}" in t["command"]
    assert t["positions"] > 100 * t["games"]
    # the fit predicts the final VP of games it did not see better than the hand-set sum
    assert t["held_out"]["rmse_fit"] < t["held_out"]["rmse_hand"]
    # train's own check is as the command asked (the shipped one is checked by the ladder, docs/BOTS.md)
    deals = int(t["command"].split("--check ")[1].split()[0])
    assert (t["check"] is None) if deals == 0 else (t["check"]["games"] == 2 * t["check"]["deals"] == 2 * deals)


def test_master_level_uses_the_trained_evaluation_on_the_expert_search_played_out_wider() -> None:
    """The master is the expert's search with wider play-outs that look two own turns ahead
    before the last rounds, not one (docs/BOTS.md, "The master level"), its twelve candidate
    turns played out by successive halving (eight where the play-outs run to the end; "Twelve
    candidates by successive halving, two own turns ahead"), and the learned judgement;
    nothing else differs."""
    name, opts = parse_bot_spec("master")
    _, expert = parse_bot_spec("expert")
    assert opts.pop("eval") == "master" and name == "flatmc"
    wider = {k: (expert.get(k), v) for k, v in opts.items() if expert.get(k) != v}
    assert wider == {"end_beam": (None, 24), "end_lines": (6, 16), "per_first": (2, 3), "lookahead": (1, 2),
                     "halving": (None, 8), "late_lines": (None, 8)}
    assert {k: v for k, v in opts.items() if k not in wider} == {k: v for k, v in expert.items() if k not in wider}
    assert E.EVALUATORS["master"] is not E.evaluate
    assert "master" in get_game(GAH).evaluators


def test_every_shipped_model_is_an_evaluation_by_its_name() -> None:
    """A model file put in the models folder (``tabletop train --name NAME``) is ``eval=NAME``."""
    from tabletop.games.grand_austria_hotel import models

    assert "master" in models.names()
    assert set(E.EVALUATORS) == {"hand", *models.names()}
    assert set(get_game(GAH).evaluators) >= set(E.EVALUATORS)


@pytest.mark.parametrize("config", [{}, ALL_MODULES])
def test_master_evaluation_same_view_same_value(config) -> None:
    """The value depends on the seat's view only: two full states the seat cannot tell apart
    (the opponent's hand and the decks dealt otherwise) are worth the same to it."""
    st = midgame(11, config)
    me = st.current_player if st.current_player >= 0 else 0
    view = st.view(me)
    info = get_game(GAH)
    one, two = info.determinize(view, Rng(1)), info.determinize(view, Rng(2))
    assert one.view(1 - me) != two.view(1 - me), "the two states should differ in what the seat cannot see"
    master = E.EVALUATORS["master"]
    E.clear_memos()
    first = master(one, me)
    assert master(two, me) == first == master(one, me)
    E.clear_memos()
    assert master(two, me) == first
    assert first != E.evaluate(one, me), "the master judges with its own constants"


def test_a_malformed_model_file_is_refused_with_its_name(tmp_path) -> None:
    good = json.loads(path("master").read_text())
    for fault in ({"format": "something-else"}, {"version": 0}, {"extra": 1}, {"constants": {"A": "x"}},
                  {"weights": {"money": [1.0]}}):
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps({**good, **fault}))
        with pytest.raises(ValueError, match="bad.json"):
            load_model(bad)
    with pytest.raises(ValueError, match="missing.json"):
        load_model(tmp_path / "missing.json")


def test_a_weight_for_an_unknown_term_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown evaluation terms"):
        E.make_evaluator({}, {"charm": (1.0, 0.0)})


def test_weights_scale_the_terms_as_written() -> None:
    """``a + b x tf`` times each term: doubling one term's weight adds that term once more."""
    st = midgame(4)
    values, tf = E.features(st, 0)
    assert 0.0 < tf < 1.0 and sum(values) == pytest.approx(E.evaluate(st, 0))
    money = E.TERMS.index("money")
    doubled = E.make_evaluator({}, {"money": (2.0, 0.0)})(st, 0)
    assert doubled == pytest.approx(E.evaluate(st, 0) + values[money])
    by_time = E.make_evaluator({}, {"money": (1.0, 1.0)})(st, 0)
    assert by_time == pytest.approx(E.evaluate(st, 0) + tf * values[money])


def test_constants_travel_through_a_bot_spec() -> None:
    table = table_of(["CAPITAL", "TEMPO"], E.HAND, [0.5, -0.25])
    spec = constants_spec(table)
    assert "e" not in spec.lower().replace("capital", "").replace("tempo", "")  # no exponent: '+' splits
    _, opts = parse_bot_spec("flatmc:beam=2,eval=" + spec)
    assert opts["eval"] == spec
    assert table["CAPITAL"] == pytest.approx(E.HAND["CAPITAL"] * 1.6487, rel=1e-3)


def test_cmaes_scales_every_constant_but_the_switches_that_are_off() -> None:
    """A switch at 0 (``LATE_CAFE``) stays 0 whatever factor multiplies it: the CMA-ES search
    leaves it out, so its dimensions are the constants it always had."""
    names = tunable_constants(E.HAND, E.UNTUNED)
    assert "LATE_CAFE" not in names and "END_STAFF_EXTRA" not in names and "CAPITAL" in names
    assert "CAFE_STEEP" not in names  # a shape added after the tuning (1: the chance as it was)
    assert names == sorted(k for k in E.HAND if k not in ("LATE_CAFE", "END_STAFF_EXTRA", "CAFE_STEEP"))
    assert "CAFE_STEEP" in tunable_constants(E.HAND)


@pytest.mark.parametrize("method", ["fit", "cmaes"])
def test_train_is_reproducible_whatever_the_jobs(tmp_path, method) -> None:
    """The same command gives the same model file, byte for byte, in one process or two."""
    runner = CliRunner()
    args = ["train", "--method", method, "--check", "1", "--proxy", "easy", "--seed", "5"]
    args += ["--games", "4"] if method == "fit" else ["--generations", "2", "--deals", "1", "--popsize", "2",
                                                        "--only", "CAPITAL,TEMPO,CAFE_PENALTY"]
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"m{jobs}.json"
        res = runner.invoke(cli, [*args, "-j", jobs, "--out", str(out)])
        assert res.exit_code == 0, res.output
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    m = load_model(tmp_path / "m1.json")
    t = m.training
    assert t["check"]["games"] == 2 and "-j" not in t["command"] and "--seed 5" in t["command"]
    if method == "cmaes":
        assert set(t["tuned"]) == {"CAPITAL", "TEMPO", "CAFE_PENALTY"} and len(t["history"]) == 2
        untouched = set(E.HAND) - {"CAPITAL", "TEMPO", "CAFE_PENALTY"}
        assert all(m.constants[k] == E.HAND[k] for k in untouched) and not m.weights
    else:
        assert t["games"] == 4 and set(m.weights) == set(E.TERMS) - set(E.FIXED_TERMS) and not m.constants
    # the written model plays: its evaluation judges a position
    assert E.make_evaluator(m.constants, m.weights)(midgame(3, steps=20), 0) > 0


@pytest.mark.parametrize("args, message", [
    (["--only", "NO_SUCH"], "unknown evaluation constants"),
    (["--proxy", "flatmc:beam=2,eval=hand"], "must not choose an evaluation"),
    (["--method", "cmaes", "-g", "burger-joint"], "no constants to tune"),
    (["--method", "fit", "-g", "burger-joint"], "offers no features to fit"),
    (["--method", "fit", "--check", "1", "--proxy", "flatmc:beam=2,eval=hand"], "must not choose an evaluation"),
    # a level that sets its own judgement, with options added, is read as the spec it stands for
    (["--method", "fit", "--check", "1", "--proxy", "master:end_samples=3"], "must not choose an evaluation"),
    (["--proxy", "master:end_samples=3"], "must not choose an evaluation"),
    (["--method", "fit", "--players", "5"], "played by 2-4 players, not 5"),
    (["--method", "fit", "--players", "4", "--check", "1"], "the check plays 2-player games"),
    (["--players", "3"], "--players is for --method fit"),
    (["--method", "distill", "--proxy", "hard"], "made no play-out decision"),
    (["--method", "distill", "--check", "2", "--proxy", "master"], "plays no check"),
    (["--method", "distill", "--fix", "money"], "--fix is for --method fit"),
])
def test_train_refuses_bad_requests_clearly(tmp_path, args, message) -> None:
    out = tmp_path / "m.json"
    res = CliRunner().invoke(cli, ["train", "--method", "cmaes", "--generations", "1", "--deals", "1", "--popsize",
                                   "2", "--games", "4", "--check", "0", "--out", str(out), *args])
    assert res.exit_code == 1 and message in res.output
    assert not out.exists()


def test_fit_without_a_check_learns_from_any_bot(tmp_path) -> None:
    """With no check to play, the games may come from a bot with its own judgement (the master's
    own games, for the next version); the record names that bot."""
    out = tmp_path / "m.json"
    res = CliRunner().invoke(cli, ["train", "--method", "fit", "--games", "4", "--check", "0", "--proxy",
                                   "greedy:steps=1,eval=master", "--out", str(out)])
    assert res.exit_code == 0, res.output
    m = load_model(out)
    assert m.training["proxy"] == "greedy:steps=1,eval=master" and m.training["check"] is None
    assert set(m.weights) == set(E.TERMS) - set(E.FIXED_TERMS)


def test_master_level_is_listed() -> None:
    assert "master" in LEVELS and LEVELS["master"].startswith(LEVELS["expert"])


def test_a_fit_on_module_tables_learns_the_modules_term_too(tmp_path) -> None:
    """On games with modules the modules' term is learned with the rest (only the VP scored
    keep weight 1), and the record says so."""
    out = tmp_path / "m.json"
    res = CliRunner().invoke(cli, ["train", "--method", "fit", "--games", "4", "--check", "0", "--proxy", "easy",
                                   "-o", "modules=all", "--out", str(out)])
    assert res.exit_code == 0, res.output
    m = load_model(out)
    assert set(m.weights) == set(E.TERMS) - {"scored"} and m.training["fixed_terms"] == ["scored"]
    assert m.training["config"]["modules"] and "-o modules=all" in m.training["command"]
    assert E.fixed_terms(None) == E.FIXED_TERMS and "modules" not in E.fixed_terms(ALL_MODULES)



def test_a_fit_reads_its_games_back_from_the_positions_file(tmp_path) -> None:
    """``--positions``: the games are played once; the same fit again reads them (same file out),
    another ``--fix`` refits them without playing, and other games are refused with a message."""
    runner = CliRunner()
    cache = tmp_path / "pos.npz"
    base = ["train", "--method", "fit", "--games", "4", "--check", "0", "--proxy", "easy", "--seed", "9",
            "--positions", str(cache)]
    first = runner.invoke(cli, [*base, "--out", str(tmp_path / "a.json")])
    assert first.exit_code == 0 and cache.exists() and "read from" not in first.output
    again = runner.invoke(cli, [*base, "--out", str(tmp_path / "b.json")])
    assert again.exit_code == 0 and "positions read from" in again.output
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    fixed = runner.invoke(cli, [*base, "--fix", "money,tempo", "--out", str(tmp_path / "c.json")])
    assert fixed.exit_code == 0 and "positions read from" in fixed.output
    m = load_model(tmp_path / "c.json")
    assert set(m.weights) == set(E.TERMS) - set(E.FIXED_TERMS) - {"money", "tempo"}
    assert m.training["fixed_terms"] == ["scored", "money", "tempo", "modules"] and "--fix money,tempo" in \
        m.training["command"]
    other = runner.invoke(cli, [*base[:-4], "--seed", "10", "--positions", str(cache), "--out",
                                str(tmp_path / "d.json")])
    assert other.exit_code == 1 and "positions of other games" in other.output
    assert not (tmp_path / "d.json").exists()
    bad = runner.invoke(cli, [*base, "--fix", "no_such", "--out", str(tmp_path / "e.json")])
    assert bad.exit_code == 1 and "unknown evaluation terms to fix" in bad.output


def test_a_fit_with_other_constants_replays_the_kept_games(tmp_path) -> None:
    """``--constant``: the terms are read with that constant and it ships in the model; the
    ``--positions`` file keeps the games' actions, so a fit with another constant replays them
    (no game played again) and learns other weights from the same positions."""
    runner = CliRunner()
    cache = tmp_path / "games.npz"
    base = ["train", "--method", "fit", "--games", "4", "--check", "0", "--proxy", "easy", "--seed", "9",
            "--positions", str(cache)]
    plain = runner.invoke(cli, [*base, "--out", str(tmp_path / "a.json")])
    assert plain.exit_code == 0 and "read from" not in plain.output
    steep = runner.invoke(cli, [*base, "--constant", "CAFE_STEEP=3", "--out", str(tmp_path / "b.json")])
    assert steep.exit_code == 0 and "positions read from" in steep.output
    a, b = load_model(tmp_path / "a.json"), load_model(tmp_path / "b.json")
    assert a.constants == {} and b.constants == {"CAFE_STEEP": 3.0}
    assert "--constant CAFE_STEEP=3" in b.training["command"]
    assert a.training["positions"] == b.training["positions"]
    assert a.weights["guests"] != b.weights["guests"]
    assert E.EVALUATORS["hand"] is E.evaluate  # nothing registered by the fit
    for bad, message in ((["--constant", "CAFE_STEEP"], "NAME=VALUE with a number"),
                         (["--constant", "CAFE_STEEP=inf"], "finite number"),
                         (["--constant", "NO_SUCH=1"], "unknown evaluation constants"),
                         (["--method", "cmaes", "--constant", "CAFE_STEEP=2"], "--constant is for --method fit")):
        res = runner.invoke(cli, [*base, *bad, "--out", str(tmp_path / "c.json")])
        assert res.exit_code == 1 and message in res.output, res.output
    assert not (tmp_path / "c.json").exists()


def test_a_positions_file_of_the_older_kind_is_refused(tmp_path) -> None:
    """A positions file from before the games' actions were kept holds terms read with fixed
    constants: it is refused with a message, not misread."""
    import numpy as np

    old = tmp_path / "old.npz"
    with old.open("wb") as fh:
        np.savez_compressed(fh, key=np.array("{}"), X=np.zeros((2, 2)), tf=np.zeros(2), y=np.zeros(2),
                            game=np.zeros(2))
    res = CliRunner().invoke(cli, ["train", "--games", "4", "--proxy", "easy", "--positions", str(old), "--out",
                                   str(tmp_path / "m.json")])
    assert res.exit_code == 1 and "an older file" in res.output
    assert not (tmp_path / "m.json").exists()


def test_a_fit_learns_from_a_journals_games(tmp_path) -> None:
    """``--games-from``: the games of a ``simulate --out`` journal, whatever bots played them,
    replayed from their actions: every decision gives a position for each seat; the record names
    the journal. What the journal decides (its games, seeds, bots, seats, options) cannot be
    given as well, and a missing journal or one without actions is refused."""
    runner = CliRunner()
    run = tmp_path / "run"
    played = runner.invoke(cli, ["simulate", "-n", "2", "-k", "4", "--bots", "easy,medium", "--seed", "5", "-q",
                                 "--out", str(run)])
    assert played.exit_code == 0, played.output
    out = tmp_path / "m.json"
    res = runner.invoke(cli, ["train", "--games-from", str(run), "--constant", "CAFE_STEEP=2", "--fix", "money",
                              "--out", str(out)])
    assert res.exit_code == 0, res.output
    m = load_model(out)
    assert "--constant CAFE_STEEP=2" in m.training["command"] and "--fix money" in m.training["command"]
    assert m.constants == {"CAFE_STEEP": 2.0}
    records = [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines()]
    assert m.training["games"] == 4 and m.training["games_from"] == str(run)
    assert m.training["positions"] == 2 * sum(r["decisions"] for r in records)
    assert "proxy" not in m.training and "--games-from" in m.training["command"]
    assert set(m.weights) == set(E.TERMS) - set(E.FIXED_TERMS) - {"money"}
    for bad, message in ((["--seed", "3"], "--seed would not be used"),
                         (["--proxy", "hard", "--games", "8"], "--games, --proxy would not be used"),
                         (["--check", "2"], "plays no check"),
                         (["--method", "cmaes"], "--games-from is for --method fit")):
        res = runner.invoke(cli, ["train", "--games-from", str(run), *bad, "--out", str(tmp_path / "x.json")])
        assert res.exit_code == 1 and message in res.output, res.output
    missing = runner.invoke(cli, ["train", "--games-from", str(tmp_path / "none"), "--out", str(tmp_path / "x.json")])
    assert missing.exit_code == 1 and "does not exist" in missing.output
    bare = tmp_path / "bare.jsonl"
    bare.write_text(json.dumps({k: v for k, v in records[0].items() if k != "actions"}) + "\n")
    res = runner.invoke(cli, ["train", "--games-from", str(bare), "--out", str(tmp_path / "x.json")])
    assert res.exit_code == 1 and "no actions to replay" in res.output
    wrong = tmp_path / "wrong.jsonl"
    wrong.write_text(json.dumps({**records[0], "scores": [s + 1 for s in records[0]["scores"]]}) + "\n")
    res = runner.invoke(cli, ["train", "--games-from", str(wrong), "--out", str(tmp_path / "x.json")])
    assert res.exit_code == 1 and "did not replay to its scores" in res.output
    mixed = tmp_path / "mixed.jsonl"
    other_table = {**records[1], "config": {"edition": "original"}}
    mixed.write_text("".join(json.dumps(r) + "\n" for r in [records[0], other_table]))
    res = runner.invoke(cli, ["train", "--games-from", str(mixed), "--out", str(tmp_path / "x.json")])
    assert res.exit_code == 1 and "2 table configs" in res.output
    assert not (tmp_path / "x.json").exists()


def shipped_with(extra_name: str, tmp_path, monkeypatch) -> dict:
    """The shipped evaluations as if a model ``extra_name`` (the master's file with every free
    weight 0.5) lay beside ``master.json``."""
    from tabletop.games.grand_austria_hotel import models

    doc = json.loads(path("master").read_text())
    doc["name"], doc["weights"] = extra_name, {k: [0.5, 0.0] for k in doc["weights"]}
    extra = tmp_path / f"{extra_name}.json"
    extra.write_text(json.dumps(doc))
    shipped = models.path
    monkeypatch.setattr(models, "names", lambda: ["master", extra_name])
    monkeypatch.setattr(models, "path", lambda name: extra if name == extra_name else shipped(name))
    return E._shipped()


def test_a_judgement_uses_its_module_model_where_modules_are_on(tmp_path, monkeypatch) -> None:
    """A model ``<name>-modules`` next to ``<name>`` is the judgement ``eval=<name>`` uses where a
    module is on; on base tables ``<name>`` stays as it was, and each stays an evaluation alone."""
    found = shipped_with("master-modules", tmp_path, monkeypatch)
    alone, mods = E.trained("master"), found["master-modules"]
    base_st, mod_st = midgame(8), midgame(8, ALL_MODULES)
    for seat in (0, 1):
        assert found["master"](base_st, seat) == alone(base_st, seat) != mods(base_st, seat)
        assert found["master"](mod_st, seat) == mods(mod_st, seat) != alone(mod_st, seat)


def test_a_fit_for_four_players_learns_from_four_player_tables(tmp_path) -> None:
    """``--players 4``: every seat of 4-player self-play games is a position to learn from, and
    the record (and its command) says how many sat at the tables."""
    out = tmp_path / "m4.json"
    res = CliRunner().invoke(cli, ["train", "--method", "fit", "--games", "4", "--check", "0", "--proxy", "easy",
                                   "--players", "4", "--seed", "3", "--out", str(out)])
    assert res.exit_code == 0, res.output
    m = load_model(out)
    assert m.training["players"] == 4 and "--players 4" in m.training["command"]
    assert m.training["positions"] > 0 and m.training["positions"] % 4 == 0
    assert set(m.weights) == set(E.TERMS) - set(E.FIXED_TERMS)
    two = tmp_path / "m2.json"
    res = CliRunner().invoke(cli, ["train", "--method", "fit", "--games", "4", "--check", "0", "--proxy", "easy",
                                   "--seed", "3", "--out", str(two)])
    assert res.exit_code == 0, res.output
    m2 = load_model(two)
    assert m2.training["players"] == 2 and "--players" not in m2.training["command"]
    assert m2.weights != m.weights


def test_a_judgement_uses_its_model_for_the_number_of_players(tmp_path, monkeypatch) -> None:
    """A model ``<name>-4p`` next to ``<name>`` is the judgement ``eval=<name>`` uses at 4-player
    base-game tables; at 2 players ``<name>`` stays as it was, and where modules are on (no
    ``<name>-modules`` here) too."""
    found = shipped_with("master-4p", tmp_path, monkeypatch)
    alone, four = E.trained("master"), found["master-4p"]
    two_st, four_st, mod_st = midgame(8), midgame(8, players=4), midgame(8, ALL_MODULES, players=4)
    for seat in (0, 1):
        assert found["master"](two_st, seat) == alone(two_st, seat) != four(two_st, seat)
        assert found["master"](four_st, seat) == four(four_st, seat) != alone(four_st, seat)
        assert found["master"](mod_st, seat) == alone(mod_st, seat) != four(mod_st, seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_master_plays_every_table_it_is_offered_for(players) -> None:
    """The master covers the base game at 2-4 players and every Let's Waltz! module
    combination (issue 23): at an early and a late decision of a game at each such table
    it chooses a legal action from the seat's view and leaves the real state untouched.
    Each combination is played at one of the three table sizes (in turn), the base game at all."""
    from itertools import combinations

    from tabletop.games.grand_austria_hotel.config import MODULES

    combos = [list(c) for k in range(len(MODULES) + 1) for c in combinations(MODULES, k)]
    assert len(combos) == 32
    master = make_bot("master", 5)
    for i, modules in enumerate(combos):
        if modules and i % 3 != players - 2:
            continue
        config = {"modules": modules} if modules else {}
        for st in positions_through_a_game(players, config, 100 * players + i, at=(0.2, 0.9)):
            seat, legal = st.current_player, list(st.legal_actions())
            before = st.to_position()
            action = master.choose(Observation(GAH, seat, legal, partial(st.view, seat)))
            assert action in legal, (players, modules)
            assert st.to_position() == before, (players, modules)


DISTILL_PROXY = ("flatmc:samples=1,beam=3,per_root=1,lookahead=1,endgame=2,end_samples=1,end_lines=3,end_beam=2,"
                 "per_first=2,eval=master")


def test_distill_learns_from_the_proxys_own_play_outs(tmp_path) -> None:
    """--method distill: the proxy's self-play games give, at each play-out decision, every
    candidate turn's mean play-out result; the weights are fitted, from the proxy's judgement on,
    to the differences between a decision's candidates. The file says what it learned from; the
    games' results are kept (--positions) and read back for a refit with another ridge."""
    out, data = tmp_path / "d.json", tmp_path / "d.npz"
    args = ["train", "--method", "distill", "--games", "4", "--proxy", DISTILL_PROXY, "--positions", str(data)]
    res = CliRunner().invoke(cli, [*args, "--out", str(out)])
    assert res.exit_code == 0, res.output
    m = load_model(out)
    t = m.training
    assert t["starts_from"] == "master" and t["decisions"] > 20 and t["candidates"] > t["decisions"]
    assert t["command"].startswith("tabletop train") and "--method distill" in t["command"]
    assert set(m.weights) == set(E.TERMS) - set(E.FIXED_TERMS) and m.weights != model("master").weights
    assert len(t["self_play"]["ci"]) == 2 and t["self_play"]["scores"] == 8
    assert E.make_evaluator(m.constants, m.weights)(midgame(3, steps=20), 0) > 0
    # a refit with a huge ridge reads the same games back and stays at the proxy's judgement
    again = tmp_path / "e.json"
    res = CliRunner().invoke(cli, [*args, "--ridge", "1e12", "--out", str(again)])
    assert res.exit_code == 0 and "read from" in res.output
    master = model("master").weights
    assert all(abs(a - master[k][0]) < 1e-3 and abs(b - master[k][1]) < 1e-3
               for k, (a, b) in load_model(again).weights.items())


def test_only_differences_within_a_decision_are_learned() -> None:
    """The distilled fit centres features and results on each decision: a result shifted by the
    same amount for every candidate of a decision (the luck of its game) teaches nothing."""
    import numpy as np

    from tabletop.bots.tuning import _within

    F = np.array([[1.0, 0.0], [3.0, 2.0], [5.0, 5.0], [7.0, 1.0]])
    d = np.array([0, 0, 1, 1])
    r = np.array([10.0, 12.0, -3.0, -1.0])
    Fc, rc = _within(F, r, d)
    assert np.allclose(Fc, [[-1, -1], [1, 1], [-1, 2], [1, -2]]) and np.allclose(rc, [-1, 1, -1, 1])
    _, shifted = _within(F, r + np.array([100.0, 100.0, -50.0, -50.0]), d)
    assert np.allclose(shifted, rc)


@pytest.mark.parametrize("spec", [DISTILL_PROXY, DISTILL_PROXY + ",end_lines=4,halving=4"])
def test_an_observer_sees_every_play_out_decision_and_changes_no_move(spec: str) -> None:
    """The play-out bot's observer (what distill learns from) is called with each candidate
    turn's mean result, and a game played with it is the game played without; with successive
    halving (as the master plays at two players) too, every candidate played out reported."""
    from tabletop.bots.runner import play_out, seat_bots

    def game(observe: bool) -> tuple[list[str], int]:
        st = get_game(GAH).new_game(players=2, seed=11)
        bots = seat_bots([spec, spec], 11)
        seen = [0]

        def observer(first, me, seqs, means) -> None:  # type: ignore[no-untyped-def]
            assert len(seqs) == len(means) >= 1 and first.current_player == me
            seen[0] += 1

        if observe:
            for b in bots:
                b.observer = observer
        play_out(GAH, st, bots)
        return list(st.history), seen[0]

    (plain, none), (watched, calls) = game(False), game(True)
    assert plain == watched and none == 0 and calls > 10


def test_the_network_probe_reads_what_a_linear_fit_cannot() -> None:
    """``mlp_probe`` (reported by --method distill): where the candidates' differences follow
    a product of two features, the small network finds it and the ridge fit beside it cannot;
    where they follow the features linearly, the network is no better than the ridge."""
    import numpy as np

    from tabletop.bots.tuning import mlp_probe

    rng = np.random.default_rng(7)
    games, decisions, candidates = 120, 8, 6
    rows = games * decisions * candidates
    Z = rng.uniform(-1.0, 1.0, (rows, 3))
    d = np.repeat(np.arange(games * decisions), candidates)
    g = d // decisions
    luck = rng.normal(0.0, 5.0, games * decisions)[d]  # a decision's shared luck: never learned
    noise = rng.normal(0.0, 0.3, rows)
    product = mlp_probe(Z, 3.0 * Z[:, 0] * Z[:, 1] + luck + noise, d, g, steps=1000)
    assert product["rmse_network"] < 0.6 * product["rmse_linear"]
    assert product["rmse_linear"] > 0.9 * product["rmse_none"]
    straight = mlp_probe(Z, 2.0 * Z[:, 0] - Z[:, 2] + luck + noise, d, g, steps=1000)
    assert straight["rmse_linear"] < 0.4 * straight["rmse_none"]
    assert straight["rmse_network"] > 0.9 * straight["rmse_linear"]
