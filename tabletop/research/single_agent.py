"""Gymnasium single-agent environment: one seat learns, bots play the others.

The other seats are played by bots from :data:`tabletop.bots.BOTS`, seeded from the
reset seed; like every bot they receive only an :class:`~tabletop.bots.Observation`
(their seat, legal actions and view), never the state.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from tabletop.bots.base import Bot, Observation
from tabletop.bots.registry import BOTS, make_bot
from tabletop.core.errors import IllegalAction, TabletopError
from tabletop.core.registry import get_game
from tabletop.core.rng import derive_seed
from tabletop.core.state import CHANCE, TERMINAL, GameState
from tabletop.research.actions import ActionMap, start_state
from tabletop.research.aec import SEED_BOUND
from tabletop.research.encoders import ObservationEncoder, make_encoder


class SingleAgentEnv(gym.Env):  # type: ignore[type-arg]
    """A ``gymnasium.Env`` for one seat of a tabletop game against bots.

    Observation: ``{"observation": float32 vector of the seat's view, "action_mask": int8}``
    (the same as the PettingZoo environments); ``info["action_mask"]`` repeats the mask and
    :meth:`action_masks` returns it (the sb3-contrib ``MaskablePPO`` convention).
    Action: ``Discrete(V)`` over the game's action vocabulary. Reward: 0 until the end, then
    the seat's share of the win (``state.returns()[seat]``).

    ``illegal_action="raise"`` (default): an illegal index raises ``ValueError`` naming the
    action and why, and changes nothing. ``illegal_action="penalize"``: the step instead
    returns ``illegal_reward`` with the state unchanged and ``info["illegal_action"]`` set
    (for learners that do not mask; also what lets ``gymnasium``'s ``check_env``, which
    steps unmasked random actions, run through).
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, game: str = "grand-austria-hotel", num_players: int = 2, seat: int = 0,
                 opponents: str | Sequence[str] = "random", render_mode: str | None = None,
                 illegal_action: Literal["raise", "penalize"] = "raise", illegal_reward: float = -1.0,
                 encoder: ObservationEncoder | None = None, **config: Any) -> None:
        super().__init__()
        try:
            info = get_game(game)
        except TabletopError as exc:
            raise ValueError(str(exc)) from None
        n = int(num_players)
        if not info.min_players <= n <= info.max_players:
            raise ValueError(f"{info.title} takes {info.min_players}-{info.max_players} players, not {n}")
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0-{n - 1}, not {seat}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        if illegal_action not in ("raise", "penalize"):
            raise ValueError(f"illegal_action must be 'raise' or 'penalize', not {illegal_action!r}")
        others = [p for p in range(n) if p != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"opponents: give one bot name or {len(others)} names (seats {others}), "
                             f"got {len(names)}")
        for name in names:  # any bot make_bot accepts (a name in BOTS, or its own spec syntax)
            if not isinstance(name, str):
                raise ValueError(f"opponents must be bot names, got {name!r}; known: {', '.join(BOTS)}")
            make_bot(name, 0)
        try:
            info.new_game(players=n, seed=0, **config)
        except TabletopError as exc:
            raise ValueError(str(exc)) from None
        self.game = info
        self.num_players = n
        self.seat = seat
        self.config = dict(config)
        self.opponent_names = dict(zip(others, names))
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.actions = ActionMap(info.action_vocabulary(n), info.name)
        self.encoder = encoder if encoder is not None else make_encoder(info.name, n, self.config)
        enc = self.encoder
        v = len(self.actions)
        self.action_space = spaces.Discrete(v)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low=enc.low, high=enc.high, shape=(enc.size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(v,), dtype=np.int8),
        })
        self.state: GameState | None = None
        self.bots: dict[int, Bot] = {}
        self.game_seed: int | None = None

    # -- action notation --------------------------------------------------------------------
    def action_to_index(self, action: str) -> int:
        """Integer id of an action string (see docs/NOTATION.md)."""
        return self.actions.to_index(action)

    def index_to_action(self, index: int) -> str:
        """Action string of an integer id."""
        return self.actions.to_action(index)

    def legal_actions(self) -> list[str]:
        """The seat's legal action strings now (empty when the game is over)."""
        st = self._state()
        return list(st.legal_actions()) if st.current_player == self.seat else []

    def action_masks(self) -> np.ndarray:
        return self.actions.mask(self.legal_actions())

    # -- gymnasium API ----------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """New game: ``reset(seed=S)`` deals ``new_game(seed=S)`` and seeds the bots from S."""
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(SEED_BOUND))
        self.game_seed = game_seed
        self.state = start_state(self.game, self.num_players, game_seed, self.config, options)
        self.bots = {p: make_bot(name, derive_seed(game_seed, p + 1))
                     for p, name in self.opponent_names.items()}
        self._play_others()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        st = self._state()
        if st.current_player == TERMINAL:
            raise ValueError("the game is over: call reset()")
        try:
            a = self.actions.to_action(action)
        except ValueError as exc:
            return self._illegal(str(exc))
        try:
            st.apply(a)
        except IllegalAction as exc:
            return self._illegal(f"action index {int(action)} is {a!r}: {exc}")
        self._play_others()
        terminated = st.current_player == TERMINAL
        reward = float(st.returns()[self.seat]) if terminated else 0.0
        return self._obs(), reward, terminated, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            gym.logger.warn("You are calling render method without specifying any render mode.")
            return None
        st = self._state()
        if self.game.render is not None:
            return str(self.game.render(st, self.seat))
        return json.dumps(st.view(self.seat), indent=1)

    # -- internals --------------------------------------------------------------------------
    def _illegal(self, msg: str) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.illegal_action == "raise":
            raise ValueError(msg)
        info = self._info()
        info["illegal_action"] = msg
        return self._obs(), self.illegal_reward, False, False, info

    def _state(self) -> GameState:
        if self.state is None:
            raise RuntimeError("call reset() first")
        return self.state

    def _play_others(self) -> None:
        st = self._state()
        name = self.game.name
        while True:
            p = st.current_player
            if p == CHANCE:
                st.apply(st.sample_chance())
            elif p == TERMINAL or p == self.seat:
                return
            else:
                obs = Observation(name, p, list(st.legal_actions()), lambda p=p: st.view(p))  # type: ignore[misc]
                st.apply(self.bots[p].choose(obs))

    def _obs(self) -> dict[str, np.ndarray]:
        st = self._state()
        return {"observation": self.encoder.encode(st.view(self.seat), self.seat),
                "action_mask": self.action_masks()}

    def _info(self) -> dict[str, Any]:
        st = self._state()
        info: dict[str, Any] = {"action_mask": self.action_masks()}
        if st.current_player == TERMINAL:
            info["scores"] = list(st.scores())
            info["winners"] = list(st.winners())
        return info
