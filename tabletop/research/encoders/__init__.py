"""Observation encoders: a seat's view -> a fixed-length float32 vector, one per game."""

from tabletop.research.encoders.base import Layout, ObservationEncoder, encoder_games, make_encoder

__all__ = ["Layout", "ObservationEncoder", "encoder_games", "make_encoder"]
