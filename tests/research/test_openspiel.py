"""OpenSpiel: Grand Austria Hotel registered as a Python game, explicit chance nodes."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="the open-spiel package is not installed (optional; see docs/RESEARCH.md)")

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.bots.uniform_random import UniformRandomBot  # noqa: E402

from tabletop.games.grand_austria_hotel import new_game  # noqa: E402
from tabletop.games.grand_austria_hotel.notation import VOCABULARY  # noqa: E402
from tabletop.research import make_encoder  # noqa: E402
from tabletop.research.openspiel import SHORT_NAME, load_game, roll_table  # noqa: E402


def _roll(state, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probs)))


def test_registered_and_loadable_by_name() -> None:
    assert SHORT_NAME in pyspiel.registered_names()
    game = pyspiel.load_game(SHORT_NAME, {"players": 3, "seed": 5})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == len(VOCABULARY)  # the base game's 1,120 first, then Let's Waltz!
    assert game.max_chance_outcomes() == len(roll_table(12))
    t = game.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def test_actions_and_chance_nodes_follow_the_engine() -> None:
    game = load_game(players=2, seed=3)
    state = game.new_initial_state()
    engine = new_game(players=2, seed=3)
    rng = np.random.RandomState(0)
    chance_nodes = 0
    for _ in range(60):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            names = {state.action_to_string(pyspiel.PlayerId.CHANCE, a): p for a, p in outcomes}
            assert names == pytest.approx(dict(engine.chance_outcomes()))
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            if chance_nodes == 0:
                assert len(outcomes) == 3003  # 10 dice over 6 faces
            chance_nodes += 1
            action = int(rng.choice([a for a, _ in outcomes], p=[p for _, p in outcomes]))
        else:
            assert state.current_player() == engine.current_player
            legal = state.legal_actions()
            assert sorted(state.action_to_string(a) for a in legal) == sorted(engine.legal_actions())
            action = legal[rng.randint(len(legal))]
        engine.apply(state.action_to_string(state.current_player(), action))
        state.apply_action(action)
        assert state.gah.to_position() == engine.to_position()
    assert chance_nodes >= 1


def test_clone_is_independent() -> None:
    game = load_game(players=2, seed=1)
    state = game.new_initial_state()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.history() == [] and len(clone.history()) == 1
    assert state.gah is not clone.gah
    assert state.gah.to_position() != clone.gah.to_position()


def test_observation_is_the_encoded_view() -> None:
    game = load_game(players=2, seed=2)
    state = game.new_initial_state()
    enc = make_encoder("grand-austria-hotel", 2)
    for player in (0, 1):
        tensor = np.asarray(state.observation_tensor(player), dtype=np.float32)
        assert np.array_equal(tensor, enc.encode(state.gah.view(player), player))
        assert f'"viewer":{player}' in state.observation_string(player)


def test_random_sim_test_passes() -> None:
    pyspiel.random_sim_test(load_game(players=2, seed=4), num_sims=1, serialize=False, verbose=False)


def test_evaluate_bots_plays_one_full_game_with_random_bots() -> None:
    game = load_game(players=3, seed=6)
    rng = np.random.RandomState(0)
    bots = [UniformRandomBot(i, rng) for i in range(3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sum(returns) == pytest.approx(1.0)
    assert all(r in (0.0, 1.0, 0.5, 1 / 3) for r in returns)


def test_mcts_bot_chooses_legal_moves() -> None:
    game = load_game(players=2, seed=0)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    for _ in range(2):
        _roll(state, rng)
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


# -- Let's Waltz! modules ------------------------------------------------------------------------
def test_modules_parameter_and_chance_ids() -> None:
    from tabletop.research.openspiel import COLOURED_ROLLS, chance_table

    base = load_game(players=2, seed=1)
    waltz = load_game(players=2, seed=1, modules="all")
    assert base.new_initial_state().gah.config.modules == ()
    assert waltz.new_initial_state().gah.config.modules == (
        "ballrooms", "celebrities", "unique_hotels", "start_player", "more")
    # the white-dice ids do not move; module II's coloured rolls follow them
    assert base.max_chance_outcomes() == len(roll_table(10))
    assert waltz.max_chance_outcomes() == len(roll_table(10)) + len(COLOURED_ROLLS) == len(chance_table(10, True))
    no_celebs = load_game(players=2, seed=1, modules="ballrooms,more")
    assert no_celebs.max_chance_outcomes() == len(roll_table(10))
    with pytest.raises(Exception, match="unknown module"):
        load_game(players=2, modules="waltzing")


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_with_all_modules(players) -> None:
    game = load_game(players=players, seed=players, modules="all")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    enc = make_encoder("grand-austria-hotel", players, {"modules": "all"})
    rng = np.random.RandomState(players)
    state = game.new_initial_state()
    kinds = set()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            kinds.add(state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0]).split(":")[0])
            state.apply_action(int(rng.choice([a for a, _ in outcomes], p=[p for _, p in outcomes])))
            continue
        player = state.current_player()
        legal = state.legal_actions()
        assert sorted(state.action_to_string(a) for a in legal) == sorted(state.gah.legal_actions())
        tensor = np.asarray(state.observation_tensor(player), dtype=np.float32)
        assert np.array_equal(tensor, enc.encode(state.gah.view(player), player))
        state.apply_action(legal[rng.randint(len(legal))])
    assert kinds == {"roll", "croll"}
    assert sum(state.returns()) == pytest.approx(1.0)
