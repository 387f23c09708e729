"""PettingZoo AEC environments: API and seed tests, masks, rewards, hidden information."""

from __future__ import annotations

import copy
import json
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from tabletop.core.registry import get_game
from tabletop.games.grand_austria_hotel import from_position as gah_from_position
from tabletop.games.grand_austria_hotel import new_game as gah_new_game
from tabletop.research import TabletopAECEnv, burger_joint_v0, grand_austria_hotel_v0, make_encoder
from tabletop.research.aec import resolve_chance
from tests.research.helpers import play_aec_episode, random_play

MODULES = {"grand-austria-hotel": grand_austria_hotel_v0, "burger-joint": burger_joint_v0}


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # api_test warns that dict observations are not plain arrays (as for PettingZoo's own
    # classic games, whose observations are the same {"observation", "action_mask"} dicts)
    warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
    warnings.filterwarnings("ignore", message="Observation space for each agent probably")


@pytest.mark.parametrize(("module", "players", "cycles"), [
    (grand_austria_hotel_v0, 2, 120),
    (grand_austria_hotel_v0, 4, 100),
    (burger_joint_v0, 2, 500),
])
def test_api_test(module, players, cycles) -> None:
    env = module.env(num_players=players)
    api_test(env, num_cycles=cycles, verbose_progress=False)


@pytest.mark.parametrize("players", [2, 4])
def test_api_test_with_all_lets_waltz_modules(players) -> None:
    """The module options pass through; every module phase and decision is encoded."""
    env = grand_austria_hotel_v0.env(num_players=players, modules="all")
    api_test(env, num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("module", [grand_austria_hotel_v0, burger_joint_v0])
def test_seed_test(module) -> None:
    seed_test(module.env, num_cycles=100)


def test_raw_env_and_env_are_the_documented_entry_points() -> None:
    raw = grand_austria_hotel_v0.raw_env(num_players=3, staff_draft=True)
    assert isinstance(raw, TabletopAECEnv)
    assert raw.possible_agents == ["player_0", "player_1", "player_2"]
    assert raw.metadata["name"] == "grand_austria_hotel_v0"
    wrapped = grand_austria_hotel_v0.env(num_players=3)
    assert isinstance(wrapped.unwrapped, TabletopAECEnv)
    vocab = get_game("grand-austria-hotel").action_vocabulary(3)
    assert raw.action_space("player_1").n == len(vocab)
    enc = make_encoder("grand-austria-hotel", 3)
    assert raw.observation_space("player_2")["observation"].shape == (enc.size,)
    assert burger_joint_v0.raw_env().possible_agents == ["player_0", "player_1"]


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="2-4 players"):
        grand_austria_hotel_v0.raw_env(num_players=5)
    with pytest.raises(ValueError, match="exactly 2 players|2-2 players"):
        burger_joint_v0.raw_env(num_players=3)
    with pytest.raises(ValueError, match="invalid Grand Austria Hotel config"):
        grand_austria_hotel_v0.raw_env(no_such_option=True)
    with pytest.raises(ValueError, match="unknown game"):
        TabletopAECEnv("chess")


@pytest.mark.parametrize(("game", "players"), [("grand-austria-hotel", 2), ("grand-austria-hotel", 3),
                                               ("burger-joint", 2)])
def test_masks_agree_with_legal_actions_over_a_whole_game(game, players) -> None:
    env = TabletopAECEnv(game, num_players=players)
    vocab = env.actions.vocabulary

    def check(env, agent, obs):
        state = env.state_obj
        seat = env.agent_name_mapping[agent]
        assert state.current_player == seat
        legal = sorted(state.legal_actions())
        assert sorted(vocab[i] for i in np.flatnonzero(obs["action_mask"])) == legal
        assert obs["action_mask"].dtype == np.int8
        for other in env.agents:
            if other != agent:  # only the agent to act has legal actions
                assert not env.observe(other)["action_mask"].any()

    steps = play_aec_episode(env, seed=3, check=check)
    assert steps > 50


@pytest.mark.parametrize(("game", "players"), [("grand-austria-hotel", 2), ("grand-austria-hotel", 4),
                                               ("burger-joint", 2)])
def test_full_episode_rewards_are_the_final_returns(game, players) -> None:
    env = MODULES[game].env(num_players=players)
    rng = np.random.default_rng(1)
    env.reset(seed=11)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    final_state = None
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        rewards[agent] += reward
        if term or trunc:
            assert not trunc
            final_state = final_state or env.unwrapped.state_obj
            assert info["winners"] == final_state.winners()
            env.step(None)
            continue
        assert reward == 0.0
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(legal.size)]))
    assert env.agents == []
    assert final_state is not None and final_state.is_terminal()
    returns = final_state.returns()
    assert [rewards[a] for a in env.possible_agents] == returns
    assert sum(returns) == pytest.approx(1.0)


def test_reset_seed_deals_new_game_with_that_seed_and_resolves_chance() -> None:
    env = grand_austria_hotel_v0.raw_env(num_players=2)
    for seed in (0, 7, 12345):
        env.reset(seed=seed)
        expected = gah_new_game(players=2, seed=seed)
        resolve_chance(expected)
        assert env.state_obj.to_position() == expected.to_position()
    # after the first actions the dice are rolled inside the env: agents never see a chance node
    steps = play_aec_episode(env, seed=5, check=lambda e, a, o: None)
    assert any(h.startswith("roll:") for h in env.state_obj.history) and steps > 0


def test_unseeded_resets_follow_the_last_seed() -> None:
    a, b = grand_austria_hotel_v0.raw_env(), grand_austria_hotel_v0.raw_env()
    a.reset(seed=3)
    b.reset(seed=3)
    a.reset()
    b.reset()
    assert a.game_seed == b.game_seed != 3
    assert a.state_obj.to_position() == b.state_obj.to_position()


def test_illegal_action_is_a_clear_error_and_changes_nothing() -> None:
    env = grand_austria_hotel_v0.raw_env(num_players=2)
    env.reset(seed=2)
    before = env.state_obj.to_position()
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    name = env.index_to_action(bad)
    with pytest.raises(ValueError, match=rf"{agent}: action index {bad} is '{name}': illegal action '{name}'"):
        env.step(bad)
    with pytest.raises(ValueError, match="out of range"):
        env.step(len(env.actions))
    assert env.state_obj.to_position() == before
    assert env.agent_selection == agent


def test_reset_from_a_position_option() -> None:
    st = random_play(gah_new_game(players=2, seed=4), 30, seed=4)
    resolve_chance(st)
    env = grand_austria_hotel_v0.raw_env(num_players=2)
    env.reset(options={"position": st.to_position()})
    assert env.state_obj.to_position()["players"] == st.to_position()["players"]
    assert env.agent_selection == f"player_{st.current_player}"


def test_render_ansi_uses_the_games_drawing() -> None:
    env = grand_austria_hotel_v0.env(num_players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "Round 1/7" in text
    bj = burger_joint_v0.env(render_mode="ansi")
    bj.reset(seed=1)
    assert "Burger Joint" in bj.render()
    with pytest.raises(ValueError, match="render_mode"):
        grand_austria_hotel_v0.raw_env(render_mode="human")


# -- observations are built from the view only -------------------------------------------------
def _gah_hidden_variant(pos: dict, seat: int, rnd: random.Random) -> dict:
    """The same position with every part ``seat`` cannot see reshuffled (as in
    tests/gah/test_conformance.py::test_views_equal_when_only_hidden_information_differs)."""
    other = json.loads(json.dumps(pos))
    other["rng"] = hex(12345)
    other["seed"] = 999
    other["history"] = []
    rnd.shuffle(other["staff_deck"])
    rnd.shuffle(other["guest_deck"])
    for q, pl in enumerate(other["players"]):
        if q != seat:
            k = len(pl["hand"])
            pool = pl["hand"] + other["staff_deck"]
            rnd.shuffle(pool)
            pl["hand"], other["staff_deck"] = pool[:k], pool[k:]
    return other


@pytest.mark.parametrize(("players", "steps", "config"), [(3, 40, {}), (2, 90, {}), (4, 150, {}),
                                                          (3, 25, {"rowe_smith_staff": True})])
def test_gah_observation_identical_when_only_hidden_information_differs(players, steps, config) -> None:
    st = random_play(gah_new_game(players=players, seed=11, **config), steps, seed=players)
    resolve_chance(st)
    pos = st.to_position()
    enc = make_encoder("grand-austria-hotel", players, config)
    rnd = random.Random(1)
    sensitive = 0
    for seat in range(players):
        other = gah_from_position(_gah_hidden_variant(pos, seat, rnd))
        assert other.to_position() != pos  # something hidden really differs
        assert np.array_equal(enc.encode(other.view(seat), seat), enc.encode(st.view(seat), seat))
        # ... and the encoder does see the seat's own hand: give it other cards
        mine = copy.deepcopy(pos)
        hand = mine["players"][seat]["hand"]
        if hand and mine["staff_deck"]:
            hand[0], mine["staff_deck"][0] = mine["staff_deck"][0], hand[0]
            changed = gah_from_position(mine)
            assert not np.array_equal(enc.encode(changed.view(seat), seat), enc.encode(st.view(seat), seat))
            sensitive += 1
    assert sensitive, "no seat had a hand to check the encoder's sensitivity with"


def test_gah_draft_packets_of_others_are_not_observed() -> None:
    st = gah_new_game(players=3, seed=5, staff_draft=True)
    random_play(st, 2, seed=1)
    assert st.phase == "draft"
    pos = st.to_position()
    enc = make_encoder("grand-austria-hotel", 3, {"staff_draft": True})
    for seat in range(3):
        other = json.loads(json.dumps(pos))
        for q, packet in enumerate(other["draft_packets"]):
            if q != seat and packet:
                k = len(packet)
                pool = packet + other["staff_deck"]
                random.Random(q).shuffle(pool)
                other["draft_packets"][q], other["staff_deck"] = pool[:k], pool[k:]
        assert other["draft_packets"] != pos["draft_packets"]
        st2 = gah_from_position(other)
        assert np.array_equal(enc.encode(st2.view(seat), seat), enc.encode(st.view(seat), seat))


def test_burger_joint_observation_ignores_the_hidden_bag_order() -> None:
    info = get_game("burger-joint")
    st = random_play(info.new_game(players=2, seed=3), 120, seed=3)
    pos = st.to_position()
    other = dict(pos, rng=pos["rng"] ^ 0xDEADBEEF)
    st2 = info.from_position(other)
    enc = make_encoder("burger-joint", 2)
    for seat in (0, 1):
        assert np.array_equal(enc.encode(st2.view(seat), seat), enc.encode(st.view(seat), seat))
    # the two seats do get different vectors (each sees itself first)
    assert not np.array_equal(enc.encode(st.view(0), 0), enc.encode(st.view(1), 1))


def test_env_observation_is_the_encoded_view_of_that_agent() -> None:
    env = grand_austria_hotel_v0.raw_env(num_players=3)
    env.reset(seed=8)
    state = env.state_obj
    for i, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)["observation"]
        assert obs.dtype == np.float32 and obs.shape == (env.encoder.size,)
        assert np.array_equal(obs, env.encoder.encode(state.view(i), i))
        assert env.observation_space(agent)["observation"].contains(obs)


def test_encoder_segments_tile_the_vector() -> None:
    for game, n in (("grand-austria-hotel", 2), ("grand-austria-hotel", 4), ("burger-joint", 2)):
        enc = make_encoder(game, n)
        offset = 0
        for _name, off, size in enc.describe():
            assert off == offset and size > 0
            offset += size
        assert offset == enc.size
    # one size for every player count, so a network can be shared
    assert make_encoder("grand-austria-hotel", 2).size == make_encoder("grand-austria-hotel", 4).size
    with pytest.raises(ValueError, match="no observation encoder"):
        make_encoder("chess", 2)


def test_env_observations_identical_when_only_hidden_information_differs() -> None:
    """The same check through the environment: reset from two positions that differ only in
    hidden parts; every agent's observation is the same."""
    st = random_play(gah_new_game(players=3, seed=21), 60, seed=2)
    resolve_chance(st)
    pos = st.to_position()
    for seat in range(3):
        a, b = grand_austria_hotel_v0.raw_env(num_players=3), grand_austria_hotel_v0.raw_env(num_players=3)
        a.reset(options={"position": pos})
        b.reset(options={"position": _gah_hidden_variant(pos, seat, random.Random(seat))})
        agent = f"player_{seat}"
        oa, ob = a.observe(agent), b.observe(agent)
        assert np.array_equal(oa["observation"], ob["observation"])
        assert np.array_equal(oa["action_mask"], ob["action_mask"])


def test_bench_measures_steps() -> None:
    from tabletop.research.bench import bench

    row = bench("grand-austria-hotel", 2, games=1)
    assert row["steps"] > 50 and row["steps_per_s"] > 0
