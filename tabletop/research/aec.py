"""One generic PettingZoo AEC environment for every registered game.

The environment drives a game state through the state contract only
(``current_player``, ``legal_actions``, ``apply``, ``sample_chance``,
``returns``, ``view``), so the only game-specific code is the observation
encoder (:mod:`tabletop.research.encoders`). Chance nodes never reach an agent:
they are resolved inside the environment with the state's own seeded RNG.
"""

from __future__ import annotations

import json
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from tabletop.core.errors import IllegalAction, TabletopError
from tabletop.core.registry import GameInfo, get_game
from tabletop.core.state import CHANCE, GameState
from tabletop.research.actions import ActionMap, start_state
from tabletop.research.encoders import ObservationEncoder, make_encoder

SEED_BOUND = 2**63


def resolve_chance(state: GameState) -> None:
    """Apply chance outcomes drawn from the state's own RNG until a seat (or the end) is to act."""
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())


class TabletopAECEnv(AECEnv):  # type: ignore[misc]
    """PettingZoo AEC environment for a tabletop game (see docs/RESEARCH.md).

    Agents are ``player_0 .. player_{N-1}`` (``player_i`` plays seat ``i``). The agent to act
    is the seat deciding now; a seat can act several times in a row (multi-step decisions).
    Observations are ``{"observation": float32 vector of the agent's view,
    "action_mask": int8 vector over the action vocabulary}``. Rewards are 0 until the end,
    then ``state.returns()`` (1/k to each of k winners).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "tabletop_v0", "is_parallelizable": False}

    def __init__(self, game: str, num_players: int | None = None, render_mode: str | None = None,
                 encoder: ObservationEncoder | None = None, render_seat: int | None = None,
                 **config: Any) -> None:
        super().__init__()
        try:
            info: GameInfo = get_game(game)
        except TabletopError as exc:
            raise ValueError(str(exc)) from None
        n = info.min_players if num_players is None else int(num_players)
        if not info.min_players <= n <= info.max_players:
            raise ValueError(f"{info.title} takes {info.min_players}-{info.max_players} players, not {n}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"not {render_mode!r}")
        self.game = info
        self.num_players = n
        self.config = dict(config)
        try:  # validate the config now rather than at the first reset
            info.new_game(players=n, seed=0, **self.config)
        except TabletopError as exc:
            raise ValueError(str(exc)) from None
        self.actions = ActionMap(info.action_vocabulary(n), info.name)
        self.encoder = encoder if encoder is not None else make_encoder(info.name, n, self.config)
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.metadata = {**type(self).metadata, "name": info.name.replace("-", "_") + "_v0"}

        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        v = len(self.actions)
        enc = self.encoder
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=enc.low, high=enc.high, shape=(enc.size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(v,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(v) for a in self.possible_agents}
        self.state_: GameState | None = None
        self.game_seed: int | None = None
        self._seed_rng: np.random.Generator | None = None
        self._obs_cache: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self.agents: list[str] = []

    # -- spaces -----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- action notation --------------------------------------------------------------------
    def action_to_index(self, action: str) -> int:
        return self.actions.to_index(action)

    def index_to_action(self, index: int) -> str:
        return self.actions.to_action(index)

    @property
    def state_obj(self) -> GameState:
        """The underlying game state (for analysis; agents must only use observations)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    # -- the AEC API ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``reset(seed=S)`` deals exactly ``new_game(seed=S)``; without a seed
        the game seed is drawn from a generator seeded by the last explicit seed (or entropy).
        ``options={"position": {...}}`` starts from a position instead (other keys are ignored).
        """
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            if self._seed_rng is None:
                self._seed_rng = np.random.default_rng()
            game_seed = int(self._seed_rng.integers(SEED_BOUND))
        self.game_seed = game_seed
        state = start_state(self.game, self.num_players, game_seed, self.config, options)
        resolve_chance(state)
        self.state_ = state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._obs_cache = {}
        self._skip_agent_selection = None
        if state.is_terminal():  # only possible from a finished position
            self._finish()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        cached = self._obs_cache.get(seat)
        if cached is None:
            state = self.state_obj
            obs = self.encoder.encode(state.view(seat), seat)
            if state.current_player == seat:
                mask = self.actions.mask(state.legal_actions())
            else:
                mask = np.zeros(len(self.actions), dtype=np.int8)
            cached = self._obs_cache[seat] = (obs, mask)
        return {"observation": cached[0].copy(), "action_mask": cached[1].copy()}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act and must be given an action index, not None")
        state = self.state_obj
        a = self.actions.to_action(action)
        try:
            state.apply(a)
        except IllegalAction as exc:
            raise ValueError(f"{agent}: action index {int(action)} is {a!r}: {exc}") from None
        self._obs_cache = {}
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        resolve_chance(state)
        if state.is_terminal():
            self._finish()
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()

    def _finish(self) -> None:
        state = self.state_obj
        returns = state.returns()
        scores = state.scores()
        winners = state.winners()
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = float(returns[i])
            self.terminations[a] = True
            self.infos[a] = {"scores": list(scores), "winners": list(winners)}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        state = self.state_obj
        if self.game.render is not None:
            return str(self.game.render(state, self.render_seat))
        return json.dumps(state.view(self.render_seat), indent=1)

    def close(self) -> None:
        pass


def make_raw_env(game: str):  # type: ignore[no-untyped-def]
    """``raw_env(num_players=..., render_mode=..., **config)`` for ``game``."""

    def raw_env(num_players: int | None = None, render_mode: str | None = None, **config: Any) -> TabletopAECEnv:
        return TabletopAECEnv(game, num_players=num_players, render_mode=render_mode, **config)

    raw_env.__doc__ = f"The unwrapped AEC environment of {game}."
    return raw_env


def make_env(game: str):  # type: ignore[no-untyped-def]
    """``env(...)``: the raw env wrapped like PettingZoo's classic games (bounds and order checks)."""
    raw_env = make_raw_env(game)

    def env(num_players: int | None = None, render_mode: str | None = None, **config: Any) -> Any:
        e = raw_env(num_players=num_players, render_mode=render_mode, **config)
        e = wrappers.AssertOutOfBoundsWrapper(e)
        return wrappers.OrderEnforcingWrapper(e)

    env.__doc__ = f"The AEC environment of {game}, wrapped (out-of-bounds and order checks)."
    return env
