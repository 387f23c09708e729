"""Fixtures of the reliability tests: databases (SQLite file, PostgreSQL schema) and real
server processes on loopback that are always stopped at the end of a test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.pg import pg_schema_url
from tests.reliability.helpers import ServerProcess


def _pg_schema(request: pytest.FixtureRequest) -> str:
    return pg_schema_url(request, prefix="rel")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    return _pg_schema(request)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def pg_url(request: pytest.FixtureRequest) -> str:
    return _pg_schema(request)


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """``make_server(database, bot_delay=0.0, extra=None)`` -> a started server (``extra``: more
    ``tabletop serve`` options, in place of the harness's no-limits ones); all are stopped at teardown."""
    made: list[ServerProcess] = []

    def make(database: str, bot_delay: float = 0.0, extra: tuple[str, ...] | None = None) -> ServerProcess:
        wd = tmp_path / f"server{len(made)}"
        wd.mkdir()
        srv = ServerProcess(database, wd, bot_delay, extra)
        made.append(srv)
        return srv.start()

    yield make
    for srv in made:
        srv.stop()
