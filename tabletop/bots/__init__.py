"""Bots: they see Observations (legal actions + per-player view), never the true state."""

from tabletop.bots.base import Bot, Observation, RandomBot
from tabletop.bots.registry import BOTS, LEVELS, make_bot, parse_bot_spec

__all__ = ["BOTS", "LEVELS", "Bot", "Observation", "RandomBot", "make_bot", "parse_bot_spec"]
