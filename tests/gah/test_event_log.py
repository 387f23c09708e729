"""The event log (issue: every point explained): every change of VP, kronen and Emperor track
position is an event with its cause, and the log adds up.

000 / 003 say when points are scored (the Emperor scorings after rounds 3, 5 and 7, politics
cards, the final scoring); the log must show each of those moments, and its per-seat deltas
must sum to the final scores, the money and the track position, in every module combination
(001 "Combining Modules") at 2, 3 and 4 players."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from tabletop.core import get_game
from tabletop.games.grand_austria_hotel.config import MODULES

GAME = get_game("grand-austria-hotel")
COMBOS = [",".join(c) for k in range(len(MODULES) + 1) for c in itertools.combinations(MODULES, k)]
GAMES_PER_CASE = 22  # 32 combinations x 3 player counts x 22 = 2,112 games


def play(players: int, seed: int, modules: str = "", keep_at: int = 0, **config):
    st = GAME.new_game(players=players, seed=seed, modules=modules, **config)
    rng = random.Random(seed)
    events = st.keep_events() if keep_at == 0 else None
    n = 0
    while not st.is_terminal():
        st.apply(st.sample_chance() if st.is_chance() else rng.choice(st.legal_actions()))
        n += 1
        if n == keep_at:
            events = st.keep_events()
    assert events is not None
    return st, events


def totals(events, seat):
    return (sum(e["vp"] for e in events if e["seat"] == seat), sum(e["kronen"] for e in events if e["seat"] == seat),
            sum(e["emperor"] for e in events if e["seat"] == seat))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("modules", COMBOS)
def test_the_log_adds_up_in_every_module_combination(modules: str, players: int) -> None:
    for k in range(GAMES_PER_CASE):
        st, events = play(players, 1000 * players + 37 * k + len(modules), modules)
        for p in range(players):
            pl = st.players[p]
            assert totals(events, p) == (st.scores()[p], pl.money, pl.emperor), (modules, players, k, p)
        by_source = [dict.fromkeys(st.score_breakdown()[p], 0) for p in range(players)]
        for e in events:
            for src, v in e["sources"].items():
                by_source[e["seat"]][src] += v
        assert by_source == st.score_breakdown()  # each breakdown line opens onto its events


def test_every_scoring_moment_of_the_rules_is_an_event() -> None:
    st, events = play(2, 5, "")
    kinds = [e["kind"] for e in events]
    assert kinds[:2] == ["start", "start"] and kinds[-1] == "game_end"
    # 000/003: Emperor scorings after rounds 3, 5 and 7, one per player, in the round's turn order
    assert sorted({(e["round"], e["seat"]) for e in events if e["kind"] == "emperor"}) == \
        [(r, p) for r in (3, 5, 7) for p in (0, 1)]
    assert [e["round"] for e in events if e["kind"] == "round_end"] == list(range(1, 8))
    for e in events:
        if e["kind"] == "emperor":
            assert e["params"]["tile"] in st.emperor_tiles and "emperor" in e["sources"] or e["vp"] <= 0
        if e["kind"] == "politics":
            assert e["params"]["card"] in st.objectives and e["sources"] == {"objectives": e["vp"]}
    lines = {(e["seat"], e["params"]["line"]) for e in events if e["kind"] == "final"}
    assert {(p, "leftovers") for p in (0, 1)} <= lines
    end = events[-1]["params"]
    assert end["scores"] == st.scores() and end["winners"] == st.winners()


def test_the_acting_seat_and_the_others_it_changed() -> None:
    """An action's first event is the actor's (even with nothing changed); a seat it changed gets
    an event of its own naming the actor (``by``)."""
    st, events = play(4, 11, "start_player")
    acts = [e for e in events if e["kind"] == "action"]
    assert len({id(e["params"]) for e in acts}) <= len(st.history)
    for e in acts:
        assert e["seat"] >= 0
        if "by" in e:
            assert e["by"] != e["seat"] and (e["vp"] or e["kronen"] or e["emperor"])


def test_undo_takes_back_the_events_of_the_action() -> None:
    st = GAME.new_game(players=3, seed=9, modules="all")
    events = st.keep_events()
    rng = random.Random(9)
    for step in range(600):
        if st.is_terminal():
            break
        st.apply(st.sample_chance() if st.is_chance() else rng.choice(st.legal_actions()))
        if step % 7 == 3:
            st.undo()
    replay = GAME.new_game(players=3, seed=9, modules="all")
    again = replay.keep_events()
    for a in st.history:
        replay.apply(a)
    assert events == again


def test_a_log_started_mid_game_adds_up_from_there() -> None:
    st, events = play(3, 21, "ballrooms,more", keep_at=150)
    assert [e["kind"] for e in events[:3]] == ["start"] * 3
    for p in range(3):
        assert totals(events, p) == (st.scores()[p], st.players[p].money, st.players[p].emperor)


def test_the_log_is_not_state() -> None:
    st, events = play(2, 3, "celebrities")
    c = st.clone()
    assert c.events is None
    assert "events" not in json.dumps(st.to_position()) or st.to_position() == c.to_position()
    assert st.view(0) == c.view(0)
    json.dumps(events)  # plain data
    st2, events2 = play(2, 3, "celebrities")
    assert events2 == events  # same seed and actions, same log


def test_no_hidden_card_is_named() -> None:
    """A staff card kept from a draft packet (003 variant) or discarded from the hand is face
    down at the table: its event says what was done, not which card."""
    st = GAME.new_game(players=2, seed=4, staff_draft=True)
    events = st.keep_events()
    rng = random.Random(4)
    while not st.is_terminal():
        st.apply(st.sample_chance() if st.is_chance() else rng.choice(st.legal_actions()))
    drafts = [e for e in events if e["kind"] == "action" and e["params"]["verb"] == "draft"]
    assert drafts and all("staff" not in e["params"] for e in drafts)


def test_burger_joint_keeps_a_log_that_adds_up() -> None:
    """Every game keeps the log: Burger Joint's actions and VP, measured from its scores."""
    bj = get_game("burger-joint")
    st = bj.new_game(players=2, seed=3)
    events = st.keep_events()
    rng = random.Random(3)
    while not st.is_terminal():
        st.apply(st.sample_chance() if st.is_chance() else rng.choice(st.legal_actions()))
    for p in range(2):
        assert sum(e["vp"] for e in events if e["seat"] == p) == st.scores()[p]
