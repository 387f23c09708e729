"""Fixtures: the app over a real SQLite file and over the machine's PostgreSQL."""

from __future__ import annotations

import os
import uuid

import pytest
from fastapi.testclient import TestClient

from tabletop.web.app import create_app

PG_URL = os.environ.get("TABLETOP_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def postgres_available() -> str | None:
    """None if PostgreSQL answers, else the reason (tests needing it fail loudly, see below)."""
    try:
        import psycopg

        with psycopg.connect(PG_URL.replace("postgresql://", "postgresql://", 1), connect_timeout=3) as c:
            c.execute("select 1")
        return None
    except Exception as exc:  # pragma: no cover - depends on the machine
        return f"{exc.__class__.__name__}: {exc}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    reason = postgres_available()
    if reason is not None:
        if os.environ.get("TABLETOP_SKIP_POSTGRES"):
            pytest.skip(f"PostgreSQL NOT REACHABLE at {PG_URL} ({reason}); skipped on request")
        pytest.fail(f"PostgreSQL NOT REACHABLE at {PG_URL}: {reason}. Start it, point "
                    f"TABLETOP_TEST_POSTGRES at one, or set TABLETOP_SKIP_POSTGRES=1 to skip loudly.")
    # a fresh schema per test keeps runs independent
    import psycopg

    schema = "t" + uuid.uuid4().hex[:12]
    with psycopg.connect(PG_URL, autocommit=True) as c:
        c.execute(f"create schema {schema}")
    request.addfinalizer(lambda: _drop(schema))
    return f"{PG_URL}?options=-csearch_path%3D{schema}"


def _drop(schema: str) -> None:
    import psycopg

    with psycopg.connect(PG_URL, autocommit=True) as c:
        c.execute(f"drop schema {schema} cascade")


@pytest.fixture
def client(database):
    app = create_app(database)
    with TestClient(app) as c:
        yield c
