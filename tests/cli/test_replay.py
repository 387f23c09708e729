"""``tabletop replay``: one finished game's whole log from a saved record, as sentences in
English, German or Chinese, or as JSON events whose deltas add up to the record's scores."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from tabletop.bots.registry import LEVELS
from tabletop.cli.main import cli
from tests.i18n.test_catalogs import printed_names


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_replay_of_a_simulation_record(tmp_path) -> None:
    out_dir = tmp_path / "run"
    run("simulate", "-n", "3", "-k", "2", "--bots", "random", "--seed", "8", "-o", "modules=all",
        "--out", str(out_dir))
    records = [json.loads(line) for line in (out_dir / "results.jsonl").read_text().splitlines()]
    for rec in records:
        events = [json.loads(line) for line in run("replay", str(out_dir / "results.jsonl"), "--index",
                                                     str(rec["index"]), "--json").splitlines()]
        assert all({"kind", "round", "seat", "vp", "kronen"} <= set(e) for e in events)
        assert [sum(e["vp"] for e in events if e["seat"] == p) for p in range(3)] == rec["scores"]
    english = run("replay", str(out_dir), "--index", "1", "--lang", "en")
    assert "Dice rolled:" in english and "Final scoring" in english and "Game over:" in english
    zh = run("replay", str(out_dir), "--index", "1", "--lang", "zh")
    de = run("replay", str(out_dir), "--index", "1", "--lang", "de")
    assert len(zh.splitlines()) == len(english.splitlines()) == len(de.splitlines())
    # no English sentence: no line of the German or Chinese log equals its English line, and
    # the Chinese has no English words but the printed proper names (ballrooms, hotels) and codes
    en_lines = english.splitlines()
    for lines in (zh.splitlines(), de.splitlines()):
        same = [a for a, b in zip(lines, en_lines, strict=True) if a == b and re.search(r"[a-z]{3,}", a)]
        assert not same, same[:5]
    words = set(re.findall(r"[A-Za-z]{3,}", zh))
    assert words <= printed_names("zh") | {"random"}, words - printed_names("zh")


def test_replay_names_a_level_by_its_name(tmp_path) -> None:
    """A ladder journal writes a level's whole spec as the seat's bot: the log names the level
    ("Seat 1 (master)"), and any other spec as written."""
    out_dir = tmp_path / "run"
    run("simulate", "-n", "2", "-k", "1", "--bots", "random", "--seed", "3", "--out", str(out_dir))
    rec = json.loads((out_dir / "results.jsonl").read_text().splitlines()[0])
    rec["bots"] = [LEVELS["master"], "flatmc:beam=5"]
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(rec) + "\n")
    english = run("replay", str(path), "--lang", "en")
    assert "Seat 1 (master)" in english and "Seat 2 (flatmc:beam=5)" in english
    assert LEVELS["master"] not in english


def test_replay_of_a_server_record_and_bad_input(tmp_path) -> None:
    rec = {"format": "tabletop-game-record/1", "game": "grand-austria-hotel", "players": 2, "config": {},
           "seed": 5, "names": ["Ann", "Ben"], "actions": []}
    import random

    from tabletop.core import get_game

    st = get_game("grand-austria-hotel").new_game(players=2, seed=5)
    rng = random.Random(5)
    while not st.is_terminal():
        a = st.sample_chance() if st.is_chance() else rng.choice(st.legal_actions())
        st.apply(a)
        rec["actions"].append(a)
    rec["scores"] = st.scores()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    out = run("replay", str(path), "--lang", "de")
    assert "Ann" in out and "Ben" in out and "Spielende" in out
    bad = CliRunner().invoke(cli, ["replay", str(path), "--index", "0", "--lang", "fr"])
    assert bad.exit_code != 0
    rec["actions"] = rec["actions"][:5] + ["not-an-action"]
    path.write_text(json.dumps(rec))
    bad = CliRunner().invoke(cli, ["replay", str(path)])
    assert bad.exit_code != 0 and "cannot replay" in bad.output


def test_play_in_the_terminal_in_chinese_and_german() -> None:
    """``tabletop play --lang``: prompts, actions and the log in the chosen language."""
    from tabletop.i18n.catalog import catalog

    for lang in ("zh", "de"):
        out = CliRunner().invoke(cli, ["play", "-n", "2", "--seed", "4", "--bots", "random", "--plain",
                                       "--lang", lang], input="0\n" * 40 + "quit\n").output
        cat = catalog(lang)
        assert cat.t("ask.sguest") in out and cat.t("ask.rooms") in out
        assert " takes " not in out and " chooses " not in out  # the English log's verbs
