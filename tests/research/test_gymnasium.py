"""Gymnasium single-agent environment: check_env, illegal actions, bots, action mapping."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tabletop.bots.base import Observation, RandomBot
from tabletop.bots.registry import BOTS
from tabletop.core.registry import get_game
from tabletop.research import SingleAgentEnv
from tests.research.helpers import masked_choice


@pytest.fixture(autouse=True)
def _quiet() -> None:
    warnings.filterwarnings("ignore", message=".*env.spec.*")
    warnings.filterwarnings("ignore", message=".*Not able to test alternative render modes.*")


@pytest.mark.parametrize(("game", "players", "seat"), [("grand-austria-hotel", 2, 0),
                                                       ("grand-austria-hotel", 3, 2),
                                                       ("burger-joint", 2, 1)])
def test_check_env(game, players, seat) -> None:
    # check_env steps actions sampled from the whole action space without the mask (one of
    # them even before a reset), so it runs with illegal actions penalised instead of raised
    env = SingleAgentEnv(game, num_players=players, seat=seat, illegal_action="penalize", render_mode="ansi")
    check_env(env)


def test_check_env_cannot_pass_when_illegal_actions_raise() -> None:
    """Documents why the test above uses illegal_action="penalize"."""
    env = SingleAgentEnv("grand-austria-hotel")
    with pytest.raises(ValueError, match="illegal action"):
        check_env(env)


def test_illegal_action_raises_valueerror_naming_it_and_changes_nothing() -> None:
    env = SingleAgentEnv("grand-austria-hotel", num_players=2, seat=0)
    obs, info = env.reset(seed=4)
    before = env.state.to_position()
    bad = env.action_to_index("d3")
    assert obs["action_mask"][bad] == 0
    with pytest.raises(ValueError, match=r"action index \d+ is 'd3': illegal action 'd3' for seat 0: .*; legal: g0"):
        env.step(bad)
    with pytest.raises(ValueError, match="out of range"):
        env.step(10**6)
    with pytest.raises(ValueError, match="must be an integer"):
        env.step(1.5)
    assert env.state.to_position() == before
    assert np.array_equal(env.action_masks(), obs["action_mask"])


def test_penalize_mode_returns_the_penalty_and_keeps_the_state() -> None:
    env = SingleAgentEnv("grand-austria-hotel", illegal_action="penalize", illegal_reward=-0.5)
    obs, _ = env.reset(seed=4)
    before = env.state.to_position()
    obs2, reward, terminated, truncated, info = env.step(env.action_to_index("d3"))
    assert reward == -0.5 and not terminated and not truncated
    assert "illegal action 'd3'" in info["illegal_action"]
    assert env.state.to_position() == before
    assert np.array_equal(obs2["observation"], obs["observation"])


@pytest.mark.parametrize(("game", "players", "seat"), [("grand-austria-hotel", 2, 1),
                                                       ("grand-austria-hotel", 4, 0),
                                                       ("burger-joint", 2, 0)])
def test_full_episode_with_random_masked_actions(game, players, seat) -> None:
    env = SingleAgentEnv(game, num_players=players, seat=seat)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=21)
    steps, total = 0, 0.0
    terminated = False
    while not terminated:
        assert env.state.current_player == seat
        assert np.array_equal(info["action_mask"], obs["action_mask"])
        legal = sorted(env.state.legal_actions())
        assert sorted(env.index_to_action(i) for i in np.flatnonzero(obs["action_mask"])) == legal
        assert env.observation_space.contains(obs)
        obs, reward, terminated, truncated, info = env.step(masked_choice(obs["action_mask"], rng))
        assert not truncated
        total += reward
        steps += 1
    assert env.state.is_terminal()
    assert total == env.state.returns()[seat]
    assert info["winners"] == env.state.winners()
    assert not obs["action_mask"].any()
    assert steps > 10
    with pytest.raises(ValueError, match="game is over"):
        env.step(0)


def test_same_seed_same_game() -> None:
    def run() -> list[float]:
        env = SingleAgentEnv("grand-austria-hotel", num_players=3, seat=1)
        rng = np.random.default_rng(3)
        obs, _ = env.reset(seed=99)
        sums = []
        for _ in range(40):
            obs, _, term, _, _ = env.step(masked_choice(obs["action_mask"], rng))
            sums.append(float(obs["observation"].sum()))
            if term:
                break
        return sums

    assert run() == run()


def test_opponents_are_bots_that_only_see_observations(monkeypatch) -> None:
    seen: list[tuple[int, str]] = []

    class SpyBot(RandomBot):
        name = "spy"

        def choose(self, obs: Observation) -> str:
            assert isinstance(obs, Observation)
            assert obs.seat != 0 and obs.game == "grand-austria-hotel"
            view = obs.view()
            assert view["viewer"] == obs.seat and view["legal_actions"] == obs.legal_actions
            seen.append((obs.seat, obs.legal_actions[0]))
            return super().choose(obs)

    monkeypatch.setitem(BOTS, "spy", SpyBot)
    env = SingleAgentEnv("grand-austria-hotel", num_players=3, seat=0, opponents=["spy", "random"])
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(30):
        obs, *_ = env.step(masked_choice(obs["action_mask"], rng))
    assert seen and {s for s, _ in seen} == {1}


def test_opponent_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        SingleAgentEnv(opponents="nobody")
    with pytest.raises(ValueError, match="give one bot name or 2 names"):
        SingleAgentEnv(num_players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat must be 0-1"):
        SingleAgentEnv(seat=2)
    with pytest.raises(ValueError, match="illegal_action"):
        SingleAgentEnv(illegal_action="ignore")  # type: ignore[arg-type]


@pytest.mark.parametrize(("game", "players"), [("grand-austria-hotel", 2), ("grand-austria-hotel", 4),
                                               ("burger-joint", 2)])
def test_action_mapping_round_trips_the_whole_vocabulary(game, players) -> None:
    env = SingleAgentEnv(game, num_players=players)
    vocab = get_game(game).action_vocabulary(players)
    assert env.action_space.n == len(vocab)
    for i, action in enumerate(vocab):
        assert env.index_to_action(i) == action
        assert env.action_to_index(action) == i
        assert env.action_to_index(env.index_to_action(np.int64(i))) == i
    with pytest.raises(ValueError, match="not an action"):
        env.action_to_index("roll:1-1-1-1-1-5")  # chance outcomes are not player actions
    with pytest.raises(ValueError, match="out of range"):
        env.index_to_action(-1)


def test_render_ansi_shows_the_seats_table() -> None:
    env = SingleAgentEnv("grand-austria-hotel", render_mode="ansi")
    env.reset(seed=0)
    assert "Round 1/7" in env.render()
