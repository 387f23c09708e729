"""Grand Austria Hotel as an OpenSpiel Python game (needs the ``open-spiel`` package).

Importing this module registers ``python_grand_austria_hotel`` with ``pyspiel``::

    import pyspiel
    import tabletop.research.openspiel  # noqa: F401  (registers the game)
    game = pyspiel.load_game("python_grand_austria_hotel", {"players": 2, "seed": 7})

* Player actions are the integer ids of the action vocabulary (the same ids as the
  PettingZoo/Gymnasium environments).
* Dice rolls are explicit chance nodes: ``chance_outcomes()`` lists every
  ``roll:a-b-c-d-e-f`` outcome with its probability (3,003 for the 10 dice of a
  two-player round). Chance outcome ids index :func:`roll_table` (all rolls of 1 up to the
  game's number of dice), so ``max_chance_outcomes`` is 8,007 (2p) to 38,759 (4p).
* The shuffles at setup (guest and staff decks, politics cards, emperor tiles) are fixed by
  the ``seed`` parameter, not chance nodes: a game is one deal; vary ``seed`` to vary deals.
  Later staff draws come from that hidden deck order.
* Let's Waltz! modules: the ``modules`` parameter (a string: ``"all"`` or e.g.
  ``"ballrooms,celebrities"``; empty for the base game). With module II (celebrities) a roll
  is two chance nodes, the white dice (``roll:...``) and then the coloured dice
  (``croll:r-b-y``, faces 0-6, 0 = not rolled); the ``croll`` outcome ids follow the
  ``roll`` ids (:func:`chance_table`), so the base game's ids do not move.
* Imperfect information: the observation (tensor and string) is the player's *view* only
  (the same encoder as the RL environments); information states are not provided.
* Utility: ``returns()`` = 1/k to each of k winners (constant sum 1).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

from tabletop.core.registry import get_game
from tabletop.core.state import CHANCE, TERMINAL, GameState
from tabletop.games.grand_austria_hotel.config import parse_config
from tabletop.games.grand_austria_hotel.data import load_rules
from tabletop.research.actions import ActionMap
from tabletop.research.encoders import make_encoder

SHORT_NAME = "python_grand_austria_hotel"
GAME = "grand-austria-hotel"
MAX_GAME_LENGTH = 2000  # decisions + chance nodes; random 4-player games take under 400
DEFAULT_PARAMS: dict[str, Any] = {
    "players": 2,
    "seed": 0,
    "original_edition": False,
    "exclude_kitchen_hand": False,
    "discard_free_guests": False,
    "staff_draft": False,
    "introductory_sets": False,
    "herlius_objectives": False,
    "rowe_smith_staff": False,
    "modules": "",
}
FLAGS = ("exclude_kitchen_hand", "discard_free_guests", "staff_draft", "introductory_sets",
         "herlius_objectives", "rowe_smith_staff")

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Grand Austria Hotel (tabletop)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)


@lru_cache(maxsize=8)
def roll_table(max_dice: int) -> tuple[str, ...]:
    """Every dice-roll outcome name for 1..max_dice dice (index = OpenSpiel chance outcome id)."""
    out: list[str] = []

    def rec(left: int, counts: list[int]) -> None:
        if len(counts) == 5:
            out.append("roll:" + "-".join(str(c) for c in counts + [left]))
            return
        for k in range(left + 1):
            rec(left - k, counts + [k])

    for n in range(1, max_dice + 1):
        rec(n, [])
    return tuple(out)


COLOURED_ROLLS = tuple(f"croll:{r}-{b}-{y}" for r in range(7) for b in range(7) for y in range(7))
"""Module II's coloured-dice outcomes (red, blue, yellow faces 0-6; 0 = that die not rolled)."""


def chance_table(max_dice: int, coloured: bool = False) -> tuple[str, ...]:
    """Every chance outcome name of a game (index = OpenSpiel chance outcome id): the white
    dice rolls of :func:`roll_table`, then with module II the coloured rolls."""
    return roll_table(max_dice) + (COLOURED_ROLLS if coloured else ())


class GahSpielGame(pyspiel.Game):  # type: ignore[misc]
    """The pyspiel game object; parameters as in :data:`DEFAULT_PARAMS`."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**DEFAULT_PARAMS, **(params or {})}
        self.players = int(p["players"])
        self.seed = int(p["seed"])
        # (a bool, not edition="2021": OpenSpiel re-parses string parameters that look numeric)
        self.config: dict[str, Any] = {"edition": "original"} if p["original_edition"] else {}
        self.config.update({k: bool(p[k]) for k in FLAGS if p[k]})
        modules = str(p["modules"]).strip()
        if modules:
            self.config["modules"] = modules
        self.info = get_game(GAME)
        rules = load_rules(parse_config(players=self.players, **self.config))
        self.rolls = chance_table(rules.dice[self.players], "celebrities" in rules.modules)
        self.roll_index = {r: i for i, r in enumerate(self.rolls)}
        self.actions = ActionMap(self.info.action_vocabulary(self.players), GAME)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=len(self.actions),
            max_chance_outcomes=len(self.rolls),
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, game_info, params or {})

    def new_initial_state(self) -> GahSpielState:
        return GahSpielState(self, self.info.new_game(players=self.players, seed=self.seed, **self.config))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> GahObserver:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("Grand Austria Hotel provides observations, not perfect-recall information states")
        return GahObserver(self, params)


class _Box:
    """Holds the engine state; OpenSpiel clones a Python state by deep-copying its
    ``__dict__``, and this makes that copy the engine's cheap ``clone()``."""

    __slots__ = ("gah",)

    def __init__(self, gah: GameState) -> None:
        self.gah = gah

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.gah.clone())


class GahSpielState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state wrapping a :class:`~tabletop.games.grand_austria_hotel.GahState`."""

    def __init__(self, game: GahSpielGame, gah: GameState) -> None:
        super().__init__(game)
        self._box = _Box(gah)

    @property
    def gah(self) -> GameState:
        """The engine state (``GahState``)."""
        return self._box.gah

    @property
    def tt_game(self) -> GahSpielGame:
        game: GahSpielGame = self.get_game()
        return game

    def current_player(self) -> int:
        p = self.gah.current_player
        if p == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if p == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return p

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.gah.current_player:
            return []
        index = self.tt_game.actions.index
        return sorted(index[a] for a in self.gah.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        index = self.tt_game.roll_index
        return sorted((index[name], p) for name, p in self.gah.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        g = self.tt_game
        if self.gah.current_player == CHANCE:
            self.gah.apply(g.rolls[action])
        else:
            self.gah.apply(g.actions.to_action(action))

    def _action_to_string(self, player: int, action: int) -> str:
        g = self.tt_game
        if player == pyspiel.PlayerId.CHANCE:
            return g.rolls[action]
        return g.actions.to_action(action)

    def is_terminal(self) -> bool:
        return self.gah.current_player == TERMINAL

    def returns(self) -> list[float]:
        return [float(r) for r in self.gah.returns()]

    def __str__(self) -> str:
        render = self.tt_game.info.render
        return str(render(self.gah, None)) if render is not None else json.dumps(self.gah.view(None))


class GahObserver:
    """OpenSpiel PyObserver: the player's view, encoded as in the RL environments."""

    def __init__(self, game: GahSpielGame, params: Any = None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.encoder = make_encoder(GAME, game.players, game.config)
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {name: self.tensor[off:off + size] for name, (off, size) in self.encoder.segments.items()}

    def set_from(self, state: GahSpielState, player: int) -> None:
        self.tensor[:] = self.encoder.encode(state.gah.view(player), player)

    def string_from(self, state: GahSpielState, player: int) -> str:
        view = state.gah.view(player)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


pyspiel.register_game(_GAME_TYPE, GahSpielGame)


def load_game(players: int = 2, seed: int = 0, **params: Any) -> Any:
    """``pyspiel.load_game`` of Grand Austria Hotel with these parameters."""
    return pyspiel.load_game(SHORT_NAME, {"players": players, "seed": seed, **params})
