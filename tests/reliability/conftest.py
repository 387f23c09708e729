"""Fixtures of the reliability tests: databases (SQLite file, PostgreSQL schema) and real
server processes on loopback that are always stopped at the end of a test."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.reliability.helpers import ServerProcess

PG_URL = os.environ.get("TABLETOP_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def postgres_problem() -> str | None:
    """None if PostgreSQL answers, else the reason."""
    try:
        import psycopg

        with psycopg.connect(PG_URL, connect_timeout=3) as c:
            c.execute("select 1")
        return None
    except Exception as exc:  # pragma: no cover - depends on the machine
        return f"{exc.__class__.__name__}: {exc}"


def _pg_schema(request: pytest.FixtureRequest) -> str:
    reason = postgres_problem()
    if reason is not None:
        if os.environ.get("TABLETOP_SKIP_POSTGRES"):
            pytest.skip(f"PostgreSQL NOT REACHABLE at {PG_URL} ({reason}); skipped on request")
        pytest.fail(f"PostgreSQL NOT REACHABLE at {PG_URL}: {reason}. Start it, point "
                    f"TABLETOP_TEST_POSTGRES at one, or set TABLETOP_SKIP_POSTGRES=1 to skip loudly.")
    import psycopg

    schema = "rel" + uuid.uuid4().hex[:12]  # a fresh schema per test keeps runs independent
    with psycopg.connect(PG_URL, autocommit=True) as c:
        c.execute(f"create schema {schema}")

    def drop() -> None:
        with psycopg.connect(PG_URL, autocommit=True) as c:
            c.execute(f"drop schema {schema} cascade")

    request.addfinalizer(drop)
    return f"{PG_URL}?options=-csearch_path%3D{schema}"


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
    """``make_server(database, bot_delay=0.0)`` -> a started server; all are stopped at teardown."""
    made: list[ServerProcess] = []

    def make(database: str, bot_delay: float = 0.0) -> ServerProcess:
        wd = tmp_path / f"server{len(made)}"
        wd.mkdir()
        srv = ServerProcess(database, wd, bot_delay)
        made.append(srv)
        return srv.start()

    yield make
    for srv in made:
        srv.stop()
