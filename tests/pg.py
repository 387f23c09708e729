"""A fresh PostgreSQL schema per test, on the machine's server (shared by web and reliability tests).

A test that needs PostgreSQL and cannot reach it FAILS and says so, unless
TABLETOP_SKIP_POSTGRES=1 asks to skip (loudly, with the reason).
"""

from __future__ import annotations

import os
import uuid

import pytest

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


def pg_schema_url(request: pytest.FixtureRequest, prefix: str = "t") -> str:
    """The URL of a new schema, dropped when the test ends."""
    reason = postgres_problem()
    if reason is not None:
        if os.environ.get("TABLETOP_SKIP_POSTGRES"):
            pytest.skip(f"PostgreSQL NOT REACHABLE at {PG_URL} ({reason}); skipped on request")
        pytest.fail(f"PostgreSQL NOT REACHABLE at {PG_URL}: {reason}. Start it, point "
                    f"TABLETOP_TEST_POSTGRES at one, or set TABLETOP_SKIP_POSTGRES=1 to skip loudly.")
    import psycopg

    schema = prefix + uuid.uuid4().hex[:12]
    with psycopg.connect(PG_URL, autocommit=True) as c:
        c.execute(f"create schema {schema}")

    def drop() -> None:
        with psycopg.connect(PG_URL, autocommit=True) as c:
            c.execute(f"drop schema {schema} cascade")

    request.addfinalizer(drop)
    return f"{PG_URL}?options=-csearch_path%3D{schema}"
