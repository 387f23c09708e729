"""Fixtures: the app over a real SQLite file and over the machine's PostgreSQL."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tabletop.web.app import create_app
from tests.pg import pg_schema_url


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    return pg_schema_url(request)


@pytest.fixture
def client(database):
    app = create_app(database)
    with TestClient(app) as c:
        yield c
