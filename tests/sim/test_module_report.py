"""Let's Waltz! facts in simulated games and the report's module sections.

The runner keeps the engine's notes; each game's summary then says per seat how often it took
the key, which entrance it won and for how much, which celebrities it took and what each
ballroom paid it. The facts are checked against an independent replay of the same game, and the
report's tables against hand-made records.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.analysis.module_report import module_facts, module_tables
from tabletop.analysis.report import analyse, tables
from tabletop.bots.runner import play_game
from tabletop.core.registry import get_game
from tabletop.games.grand_austria_hotel import new_game
from tabletop.games.grand_austria_hotel.engine.base import SRC_BALLROOMS
from tabletop.games.grand_austria_hotel.modules.ballrooms import ballroom_scores
from tests.gah.waltz.test_ballrooms_helpers import bvp, dancers, last_turn, resolve, scen, state
from tests.sim.conftest import invoke

GAH = "grand-austria-hotel"


def _replay_facts(seed: int, players: int, actions: list[str]) -> list[dict]:
    """Key actions, entrance and price, celebrities, by watching the true state action by action."""
    st = new_game(players, seed=seed, modules="all")
    out: list[dict] = [{"key": 0, "celebrities": set()} for _ in range(players)]
    uh = st.parts["unique_hotels"]
    for a in actions:
        actor = st.current_player
        money = [pl.money for pl in st.players]
        ent = list(uh.ent)
        owners = list(st.parts["celebrities"].owner)
        st.apply(a)
        if a.startswith("key"):
            out[actor]["key"] += 1
        for p in range(players):
            if uh.ent[p] and not ent[p]:
                out[p]["entrance"] = (uh.ent[p], money[p] - st.players[p].money)
        for c, o in enumerate(st.parts["celebrities"].owner):
            if o >= 0 and owners[c] != o:
                out[o]["celebrities"].add(c)
    return out


@pytest.mark.parametrize("seed", [11, 12])
def test_summary_facts_match_a_replay_of_the_game(seed: int) -> None:
    """The facts are what happened: key actions by the seat that took them, the entrance each seat
    won with the kronen it paid (001 M3 Setup 2c: the winner pays its bid, the last entrance is
    free), the celebrities it took, and one ballroom score per ballroom in scoring order (M1-23)."""
    rec = play_game(GAH, ["random", "random", "random"], seed, {"modules": "all"})
    replay = _replay_facts(seed, 3, rec.actions)
    st = new_game(3, seed=seed, modules="all")
    order = [b["id"] for b in st.rules.module_data["ballrooms"]["ballrooms"]]
    expected_rooms = [order[i] for i in st.parts["ballrooms"].order]
    prices = []
    for p, facts in enumerate(rec.summary):
        assert facts["key_actions"] == replay[p]["key"]
        assert facts["key_kronen_given"] == facts["key_actions"] * (0 + 1)  # 001 M4: 0 and 1 krone behind, 3p
        assert (facts["entrance"], facts["entrance_price"]) == replay[p]["entrance"]
        prices.append(facts["entrance_price"])
        assert len(facts["celebrities"]) == len(replay[p]["celebrities"])
        assert list(facts["ballroom_vp"]) == expected_rooms
        assert all(v == -5 or v >= 0 for v in facts["ballroom_vp"].values())
    assert 0 in prices  # the last entrance goes at no cost
    assert sum(rec.summary[p]["key_actions"] for p in range(3)) <= 7  # at most one key action a round


def test_ballroom_fact_is_the_scoring_itself() -> None:
    """001 Ballroom Scoring (M1-23, M1-24): the ballroom scored after round 3 pays 14 VP for two
    pairs at the Zur Kettenbrücke and -5 to the seat without a dancer; the note says the same."""
    sc = scen(rooms=("zur_kettenbruecke", "odeonsaal", "zum_sperrl")).emperor_tiles(["A1", "B1", "C1"])
    dancers(sc.emperor(0, 8).emperor(1, 8), 0, 2, [0, 0, 0, 0])
    st = state(last_turn(sc, 3))
    st.keep_notes()
    expected = ballroom_scores(st, 0)
    st.apply("done")
    resolve(st)
    assert expected == [14, -5] and [bvp(st, 0), bvp(st, 1)] == expected
    facts = st.summary()
    assert [f["ballroom_vp"] for f in facts] == [{"zur_kettenbruecke": 14}, {"zur_kettenbruecke": -5}]
    assert st.players[0].vp_src[SRC_BALLROOMS] >= 14


def test_notes_never_change_the_game_and_stay_out_of_clones_and_positions() -> None:
    """Notes are for reports only: the same seed plays the same game with or without them, a clone
    keeps none, and positions do not carry them."""
    rec = play_game(GAH, ["random", "random"], 5, {"modules": "all"})
    plain = new_game(2, seed=5, modules="all")
    noted = new_game(2, seed=5, modules="all")
    noted.keep_notes()
    for a in rec.actions:
        plain.apply(a)
        noted.apply(a)
        assert noted.clone().notes is None
    assert plain.to_position() == noted.to_position()
    assert plain.notes is None and noted.notes
    assert "ballroom_vp" not in plain.summary()[0] and "ballroom_vp" in noted.summary()[0]


def test_base_game_summary_has_no_module_facts() -> None:
    rec = play_game(GAH, ["random", "random"], 5)
    assert set(rec.summary[0]) == {"staff_played", "rooms_occupied", "rooms_prepared", "guest_vp",
                                   "cafe_guests", "money", "emperor", "items_left", "staff_in_hand",
                                   "game_end_in_hand", "game_end_in_hand_gain"}


def _rec(i: int, scores: list[int], winners: list[int], facts: list[dict]) -> dict:
    return {"index": i, "seed": i, "game": GAH, "bots": ["a", "b"], "scores": scores, "winners": winners,
            "decisions": 100 + i, "breakdown": [{"guests": s} for s in scores],
            "summary": [{"staff_played": [], **f} for f in facts]}


def test_module_tables_on_known_records() -> None:
    recs = [
        _rec(0, [100, 80], [0], [
            {"key_actions": 2, "key_kronen_given": 3, "entrance": "dove", "entrance_price": 6,
             "ballroom_vp": {"odeonsaal": 9, "apollosaal": -5}},
            {"key_actions": 0, "key_kronen_given": 0, "entrance": "stroup", "entrance_price": 0,
             "ballroom_vp": {"odeonsaal": 3, "apollosaal": 4}}]),
        _rec(1, [90, 90], [0, 1], [
            {"key_actions": 5, "key_kronen_given": 0, "entrance": "dove", "entrance_price": 2,
             "ballroom_vp": {"apollosaal": 6, "odeonsaal": -5}},
            {"key_actions": 1, "key_kronen_given": 0, "entrance": "stroup", "entrance_price": 0,
             "ballroom_vp": {"apollosaal": 0, "odeonsaal": 7}}]),
    ]
    mf = module_facts(recs)
    assert {k: (g.win.n, g.win.wins) for k, g in mf.key.items()} == {0: (1, 0.0), 1: (1, 0.5), 2: (1, 1.0),
                                                                       3: (1, 0.5)}
    assert mf.key_given == [1.5, 0.0, 0.0]  # per key action: 3 kronen over 2 actions, then none
    dove = mf.entrances["dove"]
    assert dove.extra == [6.0, 2.0] and dove.win.wins == 1.5 and mf.entrance_margin["dove"] == [20, 0]
    assert mf.ballrooms["odeonsaal"] == [[9, 3], [-5, 7], []]
    assert mf.ballrooms["apollosaal"] == [[6, 0], [-5, 4], []]
    tables = {t[0].split(" (")[0]: t for t in module_tables(mf)}
    ent = tables["Hotel entrances"]
    dove_row = next(r for r in ent[2] if r[0] == "dove")
    assert dove_row[2] == "4.0" and dove_row[7] == "+10.0" and dove_row[9] == "14.0"  # worth = 4 + 10
    assert dove_row[8] == "[-9.6, +29.6]"  # 10 ± 1.96 * sd(20, 0) / sqrt(2)
    rooms = tables["Ballrooms"][2]
    assert rooms[0][0] == "odeonsaal" and rooms[0][2] == "3.50" and rooms[0][4] == "25%"
    rep = analyse(recs, "known")
    assert rep.decisions == [100, 101] and rep.margins == [20, 0]


def test_report_of_a_module_run_answers_the_players_questions(tmp_path: Path) -> None:
    """Issue: `tabletop report` says whether the start-player action pays, what an entrance is worth
    in kronen at auction and which ballroom pays best, with plots."""
    run = tmp_path / "run"
    invoke("simulate", "-n", "2", "-k", "6", "--seed", "4", "-o", "modules=all", "--out", str(run), "--quiet")
    recs = [json.loads(x) for x in (run / "results.jsonl").read_text().splitlines()]
    assert all("ballroom_vp" in s for r in recs for s in r["summary"])
    out = invoke("report", str(run), "--out", str(tmp_path / "rep")).stdout
    for title in ("Game length and score spread", "Start-player action (module IV)",
                  "Hotel entrances (module III)", "Ballrooms (module I)", "Celebrities (module II)"):
        assert title in out, title
    for name in ("ballrooms.png", "entrances.png", "start_player.png"):
        assert (tmp_path / "rep" / name).read_bytes()[:4] == b"\x89PNG"
    single = tmp_path / "single"
    invoke("simulate", "-n", "2", "-k", "2", "-o", "modules=ballrooms", "--out", str(single), "--quiet")
    out = invoke("report", str(single), "--no-plots").stdout
    assert "Ballrooms (module I)" in out and "Hotel entrances" not in out and "Start-player action" not in out


def test_report_compares_several_runs(tmp_path: Path) -> None:
    """A module study in one command: `tabletop report RUN RUN` prints one row per run (config,
    seat win rates with their Wilson intervals, score, game length) and draws one figure."""
    runs = []
    for name, opt in (("base", []), ("more", ["-o", "modules=more"])):
        runs.append(tmp_path / name)
        invoke("simulate", "-n", "2", "-k", "4", "--seed", "9", *opt, "--out", str(runs[-1]), "--quiet")
    out = invoke("report", *map(str, runs), "--out", str(tmp_path / "cmp")).stdout
    rows = {line.split()[0]: line for line in out.splitlines() if line.startswith(("base ", "more "))}
    assert "base game" in rows["base"] and '{"modules":"more"}' in rows["more"]
    recs = [json.loads(x) for x in (runs[1] / "results.jsonl").read_text().splitlines()]
    seat0 = sum(1 / len(r["winners"]) for r in recs if 0 in r["winners"])
    assert f"{100 * seat0 / 4:.1f}%" in rows["more"].split('"}')[1].split()[1]
    dec = sum(r["decisions"] for r in recs) / 4
    assert f" {dec:.0f} " in rows["more"]
    assert (tmp_path / "cmp" / "comparison.png").read_bytes()[:4] == b"\x89PNG"
    assert (runs[0] / "report" / "report.html").exists() and (runs[1] / "report" / "report.html").exists()


def test_the_summary_says_what_was_left_unused_at_the_end() -> None:
    """000 "Game end": kronen and items left score 1 VP each, a café guest costs 5, a staff
    card in hand scores nothing. The summary counts them; a game-end card in hand is counted
    with what it would score now (``staff_end_vp``) less its cost, where that is a gain."""
    checked = 0
    for seed in range(6):
        rec = play_game(GAH, ["greedy", "random"], seed)
        st = get_game(GAH).new_game(players=2, seed=seed)
        for a in rec.actions:
            st.apply(a)
        assert st.is_terminal() and st.summary() == rec.summary
        for p, facts in enumerate(rec.summary):
            pl = st.players[p]
            ends = [s for s in pl.hand if st.rules.staff[s].timing == "game_end"]
            assert facts["staff_in_hand"] == len(pl.hand) and facts["game_end_in_hand"] == len(ends)
            assert facts["items_left"] == sum(pl.kitchen) and facts["cafe_guests"] == sum(1 for g in pl.cafe if g)
            gains = [st.staff_end_vp(p, s) - st.staff_cost[s] for s in ends]
            assert facts["game_end_in_hand_gain"] == sum(g for g in gains if g > 0)
            checked += bool(ends)
    assert checked  # some seat ended with a game-end card in hand


def test_the_report_tabulates_what_was_left_per_bot() -> None:
    left = {"cafe_guests": 1, "money": 4, "items_left": 2, "staff_in_hand": 3, "game_end_in_hand": 1,
            "game_end_in_hand_gain": 6}
    none = dict.fromkeys(left, 0)
    recs = [_rec(0, [100, 80], [0], [left, none]), _rec(1, [90, 95], [1], [none, {**left, "money": 8}])]
    rep = analyse(recs)
    assert rep.leftovers["a"] == {k: v / 2 for k, v in left.items()}
    assert rep.leftovers["b"]["money"] == 4.0 and rep.leftovers["b"]["game_end_in_hand_gain"] == 3.0
    title, headers, rows = next(t for t in tables(rep) if t[0].startswith("Left at the end"))
    assert headers[0] == "bot" and rows[0][0] == "a" and rows[0][-1] == "3.00"
    # a game whose summary says nothing of it (an older run, another game): no table
    assert not analyse([_rec(0, [1, 2], [1], [{}, {}])]).leftovers
