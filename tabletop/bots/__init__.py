"""Bots: they see Observations (legal actions + per-player view), never the true state."""

from tabletop.bots.base import BOTS, Bot, Observation, RandomBot, make_bot

__all__ = ["BOTS", "Bot", "Observation", "RandomBot", "make_bot"]
