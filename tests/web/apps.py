"""The app as the API tests make it: scripted clients play far faster than people, all from one
address, so the per-client limits are off here (tests/web/test_guard.py checks them on), and a
table's away limit may be 1 s so that a test can watch it run out."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from tabletop.web.app import create_app
from tabletop.web.guard import LIMIT_KINDS, RateLimits


def no_limits() -> RateLimits:
    return RateLimits({kind: "off" for kind in LIMIT_KINDS})


def api_app(database: str, **options: Any) -> FastAPI:
    options.setdefault("limits", no_limits())
    options.setdefault("min_away_limit", 1)
    return create_app(database, **options)
