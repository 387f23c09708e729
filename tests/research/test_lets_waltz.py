"""Research interfaces with the Let's Waltz! modules: options, vocabulary, observations."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import warnings
from typing import Any

import numpy as np
import pytest

from tabletop.core.registry import get_game
from tabletop.core.rng import Rng
from tabletop.games.grand_austria_hotel.config import MODULES
from tabletop.games.grand_austria_hotel.engine.base import VP_SOURCES
from tabletop.games.grand_austria_hotel.notation import INFO
from tabletop.research import SingleAgentEnv, grand_austria_hotel_v0, make_encoder
from tabletop.research.actions import ActionMap
from tests.research.helpers import play_aec_episode

GAME = get_game("grand-austria-hotel")
BASE_ACTIONS = 1120  # the base game's action strings come first (tests/gah pins their ids too)
BASE_SIZE = 3379  # the base game's observation length (any config without modules)
ALL_COMBOS = [c for k in range(1, len(MODULES) + 1) for c in itertools.combinations(MODULES, k)]


def _play(players: int, seed: int, config: dict[str, Any], each: Any = None) -> Any:
    """A seeded random game; ``each(state)`` before every decision. Returns the final state."""
    st = GAME.new_game(players, seed=seed, **config)
    rnd = random.Random(seed)
    while not st.is_terminal():
        if st.is_chance():
            st.apply(st.sample_chance())
            continue
        if each is not None:
            each(st)
        st.apply(rnd.choice(st.legal_actions()))
    return st


# -- options reach every interface --------------------------------------------------------------
def test_pettingzoo_env_takes_the_modules_option_and_plays_a_game() -> None:
    env = grand_austria_hotel_v0.env(num_players=3, modules="ballrooms,celebrities")
    steps = play_aec_episode(env, seed=4, check=lambda e, a, o: None)
    st = env.unwrapped.state_obj
    assert st.is_terminal() and steps > 50
    assert list(st.config.modules) == ["ballrooms", "celebrities"]
    assert env.unwrapped.encoder.size == make_encoder(GAME.name, 3, {"modules": "ballrooms,celebrities"}).size
    with pytest.raises(ValueError, match="unknown module"):
        grand_austria_hotel_v0.raw_env(num_players=2, modules="waltzing")


@pytest.mark.parametrize("players", [2, 4])
def test_single_agent_env_plays_a_module_game(players) -> None:
    env = SingleAgentEnv(GAME.name, num_players=players, seat=players - 1, modules="all")
    assert env.observation_space["observation"].shape == (make_encoder(GAME.name, players,
                                                                       {"modules": "all"}).size,)
    rng = np.random.default_rng(players)
    obs, info = env.reset(seed=17)
    assert list(env.state.config.modules) == list(MODULES)
    terminated, steps, total = False, 0, 0.0
    while not terminated:
        assert env.observation_space.contains(obs)
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(env.index_to_action(i) for i in legal) == sorted(env.state.legal_actions())
        obs, reward, terminated, _, info = env.step(int(rng.choice(legal)))
        total += reward
        steps += 1
    assert steps > 10 and total == env.state.returns()[players - 1]


def test_gymnasium_check_env_with_all_modules() -> None:
    from gymnasium.utils.env_checker import check_env

    warnings.filterwarnings("ignore", message=".*env.spec.*")
    warnings.filterwarnings("ignore", message=".*Not able to test alternative render modes.*")
    env = SingleAgentEnv(GAME.name, num_players=3, seat=1, illegal_action="penalize", render_mode="ansi",
                         modules="all")
    check_env(env)


# -- action vocabulary ---------------------------------------------------------------------------
def test_vocabulary_holds_every_action_string_and_pins_the_ids() -> None:
    vocab = GAME.action_vocabulary(2)
    assert vocab == GAME.action_vocabulary(4)  # one action space for every player count and module set
    assert set(vocab) == set(INFO) and len(vocab) == len(set(vocab))
    digest = hashlib.sha256("\n".join(vocab[:BASE_ACTIONS]).encode()).hexdigest()
    assert digest == "c4d562d5b142e38cb6f222e46db5735603877777ff1ef685338df777397ed53b"
    # the Let's Waltz! ids as first published (new strings may only be appended after them)
    assert len(vocab) >= 2268
    waltz = hashlib.sha256("\n".join(vocab[BASE_ACTIONS:2268]).encode()).hexdigest()
    assert waltz == "1ce3b8a21a58b2fe44c864b888410057ad74a941ede10419ea89cd723825b36e"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_module_action_is_in_the_vocabulary(players) -> None:
    actions = ActionMap(GAME.action_vocabulary(players), GAME.name)
    seen: set[int] = set()

    def check(st: Any) -> None:
        legal = st.legal_actions()
        m = actions.mask(legal)  # raises if a legal action has no id
        assert int(m.sum()) == len(set(legal))
        seen.update(actions.to_index(a) for a in legal)

    for seed in range(6):
        _play(players, 100 * players + seed, {"modules": "all"}, check)
    for k, name in enumerate(MODULES):
        _play(players, 7 + k, {"modules": name}, check)
    for seed in range(200):  # a bell card's reward is rarely offered in a random game: play on until one is
        if any(actions.to_action(i).startswith("bell:") for i in seen):
            break
        _play(players, 1000 + seed, {"modules": "more"}, check)
    waltz = {actions.to_action(i) for i in seen if i >= BASE_ACTIONS}
    # the module games did offer module actions (of every module that has its own strings)
    prefixes = ("m0b", "dancer:", "rehearsal:", "d1:", "open:", "bid:", "key", "bell:", "t0h", "pay:")
    missing = [p for p in prefixes if not any(a.startswith(p) for a in waltz)]
    assert not missing, f"no legal action seen starting with {missing}"


# -- observations --------------------------------------------------------------------------------
def _digest(players: int, seed: int, config: dict[str, Any]) -> str:
    enc = make_encoder(GAME.name, players, config)
    h = hashlib.sha256()

    def each(st: Any) -> None:
        for s in range(players):
            h.update(enc.encode(st.view(s), s).tobytes())

    _play(players, seed, config, each)
    return h.hexdigest()


def test_base_observations_are_unchanged_by_the_modules() -> None:
    """Pinned before the module features were added: without modules the vector is the
    base game's, value for value."""
    for config in ({}, {"staff_draft": True}, {"edition": "original", "rowe_smith_staff": True}):
        enc = make_encoder(GAME.name, 3, config)
        assert enc.size == BASE_SIZE
        assert not set(enc.segments) & set(MODULES)
    # re-pinned on 2026-12-06: the random games changed when a guest had to come before the die
    # (issue 60); the encoder did not
    assert _digest(2, 5, {}) == "f3b7391209fb2b9fabe3d5f3a3ff0fd01af50aac9a7c2bbf58e5ab49b5493b64"
    assert _digest(4, 6, {}) == "c9627c5a4e03382db8db2387ee4bb3ec651cde0cc25dbd991427bb5636ae2df5"


def test_module_segments_follow_the_base_layout_in_rulebook_order() -> None:
    for combo in ALL_COMBOS:
        enc = make_encoder(GAME.name, 2, {"modules": list(combo)})
        names = [name for name, _, _ in enc.describe()]
        assert [n for n in names if n in MODULES] == list(combo)
        assert names[-len(combo):] == list(combo)  # a suffix after the base segments
        offset = 0
        for _, off, size in enc.describe():
            assert off == offset and size > 0
            offset += size
        assert offset == enc.size
        assert enc.size == make_encoder(GAME.name, 4, {"modules": list(combo)}).size
        # champagne (module I) widens every per-item run from 4 to 5
        assert enc.segments["supply"][1] == (5 if "ballrooms" in combo else 4)


def _check_game(players: int, seed: int, modules: list[str]) -> dict[str, int]:
    """Every observation of a random game is in the space; returns per module segment the
    number of decisions where it was not all zero."""
    config = {"modules": modules}
    env = grand_austria_hotel_v0.raw_env(num_players=players, **config)
    space = env.observation_space("player_0")["observation"]
    enc = env.encoder
    nonzero = dict.fromkeys(modules, 0)

    def each(st: Any) -> None:
        for s in range(players):
            v = enc.encode(st.view(s), s)
            assert space.contains(v), f"observation of seat {s} outside the space"
            for name in modules:
                off, size = enc.segments[name]
                nonzero[name] += bool(v[off:off + size].any())

    _play(players, seed, config, each)
    return nonzero


@pytest.mark.parametrize("players", [2, 4])
def test_observation_space_contains_every_observation_of_single_module_and_all_module_games(players) -> None:
    for k, name in enumerate((*MODULES, None)):
        modules = [name] if name else list(MODULES)
        nonzero = _check_game(players, 30 + k, modules)
        assert all(nonzero.values()), f"a module segment stayed zero for a whole game: {nonzero}"


def test_observation_space_contains_every_observation_for_every_module_combination() -> None:
    for k, combo in enumerate(ALL_COMBOS):
        _check_game(2 + k % 3, 50 + k, list(combo))


def _seg(enc: Any, x: np.ndarray, name: str) -> np.ndarray:
    off, size = enc.segments[name]
    return x[off:off + size]


def test_module_features_read_the_view() -> None:
    """Spot checks: module parts land where docs/RESEARCH.md says, relative to the viewer."""
    n = 3
    enc = make_encoder(GAME.name, n, {"modules": "all"})
    checked = {"key": 0, "celeb": 0, "champagne": 0, "entrance": 0, "dancers": 0}

    def each(st: Any) -> None:
        for seat in range(n):
            view = st.view(seat)
            x = enc.encode(view, seat)
            mods = view["modules"]
            # IV: key holder, relative
            sp = _seg(enc, x, "start_player")
            holder = mods["start_player"]["key_holder"]
            if holder is None:
                assert sp.tolist() == [0, 0, 0, 0, 1]
            else:
                assert sp[(holder - seat) % n] == 1 and sp.sum() == 1
                checked["key"] += 1
            # II: held celebrities per relative seat, coloured dice faces
            cel = _seg(enc, x, "celebrities")
            nc = len(enc.celeb_index)
            held_off = 3 * (nc + 1) + 1 + nc
            for p, held in enumerate(mods["celebrities"]["held"]):
                block = cel[held_off + ((p - seat) % n) * nc:][:nc]
                assert {s for s, i in enc.celeb_index.items() if block[i]} == set(held)
                checked["celeb"] += bool(held)
            dice_off = held_off + 4 * nc + nc
            for c, colour in enumerate(("red", "blue", "yellow")):
                assert cel[dice_off + c * 8 + mods["celebrities"]["dice"][colour] + 1] == 1
            # I: champagne in the viewer's own kitchen (the fifth kitchen entry)
            seats_off = enc.segments["seats"][0]
            kitchen_off = seats_off + 4 + len(VP_SOURCES) + 2  # the viewer's block comes first
            own = view["players"][seat]["kitchen"].get("champagne", 0)
            assert x[kitchen_off + 4] == pytest.approx(min(own / 10.0, 1.0))
            checked["champagne"] += own > 0
            # I: dancers per relative seat across all rows
            bal = _seg(enc, x, "ballrooms")
            rows_off = 3 * len(enc.ballroom_ids)
            for p in range(n):
                got = sum(bal[rows_off + i * enc.bal_row + (p - seat) % n] for i in range(9)) * 5
                want = sum(row.count(p) for b in mods["ballrooms"]["rows"] for row in b)
                assert got == pytest.approx(want)
                checked["dancers"] += want > 0
            # III: entrance owners, relative
            uh = _seg(enc, x, "unique_hotels")
            for ent in mods["unique_hotels"]["entrances"]:
                eo = enc.entrance_ids.index(ent["id"]) * 5
                assert uh[eo] == 1
                if ent["owner"] is not None:
                    assert uh[eo + 1 + (ent["owner"] - seat) % n] == 1
                    checked["entrance"] += 1

    for seed in (1, 2):
        _play(n, seed, {"modules": "all"}, each)
    assert all(checked.values()), checked


# -- no leaks ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_module_observation_is_the_same_for_states_that_look_the_same(players) -> None:
    """Two states with the same view for a seat (the second sampled from that view: other
    hands, decks, the celebrity stack order and the RNG re-dealt) give that seat the same
    observation."""
    enc = make_encoder(GAME.name, players, {"modules": "all"})
    rnd = random.Random(players)
    compared = differed = 0

    def each(st: Any) -> None:
        nonlocal compared, differed
        if rnd.random() > 0.08:
            return
        seat = rnd.randrange(players)
        view = st.view(seat)
        other = GAME.determinize(json.loads(json.dumps(view)), Rng(rnd.randrange(1 << 30)))
        assert other.view(seat) == view
        differed += other.to_position() != st.to_position()
        assert np.array_equal(enc.encode(other.view(seat), seat), enc.encode(view, seat))
        compared += 1

    _play(players, 70 + players, {"modules": "all"}, each)
    assert compared > 5 and differed > 0


def test_celebrity_stack_order_is_not_observed_but_its_size_is() -> None:
    st = GAME.new_game(2, seed=5, modules="celebrities")
    pos = st.to_position()
    stack = pos["modules"]["celebrities"]["stack"]
    assert len(stack) > 2
    enc = make_encoder(GAME.name, 2, {"modules": "celebrities"})
    shuffled = json.loads(json.dumps(pos))
    shuffled["modules"]["celebrities"]["stack"] = stack[::-1]
    for seat in (0, 1):
        assert np.array_equal(enc.encode(GAME.from_position(shuffled).view(seat), seat),
                              enc.encode(st.view(seat), seat))
    # a card moved from the stack to the discard pile is seen (stack size and discard)
    moved = json.loads(json.dumps(pos))
    moved["modules"]["celebrities"]["discard"].append(moved["modules"]["celebrities"]["stack"].pop())
    assert not np.array_equal(enc.encode(GAME.from_position(moved).view(0), 0), enc.encode(st.view(0), 0))


def test_docs_research_tables_match_the_encoder() -> None:
    """docs/RESEARCH.md's Grand Austria Hotel tables: base segments (offset, size), the
    vector length per module set and each module segment's size."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "RESEARCH.md").read_text()
    section = text[text.index("### Grand Austria Hotel"):text.index("### Burger Joint")]
    base = make_encoder(GAME.name, 2)
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \|", section, re.M)
    assert [(n, int(o), int(s)) for n, o, s in rows] == base.describe()
    sizes = dict(re.findall(r"^\| `?([\w=\"]+)`? \| (\d+)", section[section.index("| modules | floats |"):], re.M))
    assert int(sizes.pop("none")) == base.size
    for key, size in sizes.items():
        modules = key.split("=")[-1].strip('"')
        assert make_encoder(GAME.name, 3, {"modules": modules}).size == int(size), key
    allmods = make_encoder(GAME.name, 3, {"modules": "all"})
    seg = dict(re.findall(r"^\| `(\w+)` \([IV]+\) \| (\d+) \|", section, re.M))
    assert {k: int(v) for k, v in seg.items()} == {m: allmods.segments[m][1] for m in MODULES}
