"""Fixtures: the app over a real SQLite file and over the machine's PostgreSQL."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.pg import pg_schema_url
from tests.web.apps import api_app


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    return pg_schema_url(request)


@pytest.fixture
def client(database):
    app = api_app(database)
    with TestClient(app) as c:
        yield c
