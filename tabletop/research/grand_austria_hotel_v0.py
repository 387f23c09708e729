"""PettingZoo AEC environment of Grand Austria Hotel (2-4 players).

``env(num_players=2, render_mode=None, **config)`` (wrapped) or ``raw_env(...)``;
``config`` takes the game's options (``tabletop.core.get_game("grand-austria-hotel").config_help``).
"""

from tabletop.research.aec import make_env, make_raw_env

GAME = "grand-austria-hotel"
raw_env = make_raw_env(GAME)
env = make_env(GAME)

__all__ = ["GAME", "env", "raw_env"]
