"""Issue 62, "Who you are": optional accounts over the real databases (SQLite, PostgreSQL).

A name and a password (Argon2id), an HTTP-only SameSite session cookie, log out everywhere, a
bounded number of wrong passwords, the account's games on any device, a guest's games kept when
the guest makes an account, and no account reading another's data."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tabletop.web.accounts import COOKIE, MAX_TRIES, TRY_WINDOW, accounts, sessions
from tests.web.apps import api_app
from tests.web.test_api import new_game

PASSWORD = "correct horse battery"


def sign_up(client: TestClient, name: str = "Anna", password: str = PASSWORD, **extra):
    return client.post("/api/accounts", json={"name": name, "password": password, **extra})


def log_in(client: TestClient, name: str = "Anna", password: str = PASSWORD):
    return client.post("/api/session", json={"name": name, "password": password})


def count(client: TestClient, table) -> int:
    engine = client.app.state.service.store.engine
    with engine.connect() as c:
        return c.execute(select(func.count()).select_from(table)).scalar_one()


@pytest.fixture
def app(database):
    return api_app(database)


@pytest.fixture
def device(app):
    """Another browser (its own cookie jar) on the same server."""
    with TestClient(app) as c:
        yield c


def test_sign_up_logs_in_with_an_http_only_samesite_cookie_and_keeps_only_a_hash(client) -> None:
    r = sign_up(client)
    assert r.status_code == 201, r.text
    assert r.json()["name"] == "Anna"
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert client.get("/api/me").json()["name"] == "Anna"
    engine = client.app.state.service.store.engine
    token = client.cookies[COOKIE]
    with engine.connect() as c:
        stored = c.execute(select(accounts.c.password)).scalar_one()
        digests = [row.token_hash for row in c.execute(select(sessions))]
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert token not in digests and len(digests) == 1  # only the token's SHA-256 is kept


def test_a_taken_name_is_refused_whatever_its_case_and_changes_nothing(client, device) -> None:
    assert sign_up(client).status_code == 201
    r = sign_up(device, name="ANNA", password="another password")
    assert r.status_code == 409 and r.json()["code"] == "account.name_taken"
    assert COOKIE not in device.cookies
    assert count(client, accounts) == 1
    assert log_in(device, "anna").status_code == 200  # the one account, found whatever the case


@pytest.mark.parametrize(("name", "password", "status", "code"), [
    ("A", PASSWORD, 400, "account.name_length"),
    ("x" * 25, PASSWORD, 400, "account.name_length"),
    ("<b>bold</b>", PASSWORD, 400, "account.name_characters"),
    ("two  spaces", PASSWORD, 400, "account.name_characters"),
    ("Anna", "short", 400, "account.password_length"),
    ("Anna", " " * 10, 400, "account.password_length"),
    ("Anna", "p" * 301, 422, None),
    ("n" * 101, PASSWORD, 422, None),
])
def test_bad_names_and_passwords_are_refused_with_a_reason(client, name, password, status, code) -> None:
    r = sign_up(client, name, password)
    assert r.status_code == status, r.text
    if code:
        assert r.json()["code"] == code
    assert count(client, accounts) == 0 and COOKIE not in client.cookies


def test_names_of_any_script_are_accounts_too(client) -> None:
    assert sign_up(client, name="王小明").status_code == 201
    assert sign_up(client, name="Jörg-Müller").status_code == 201


def test_wrong_passwords_are_bounded_per_account(client, device) -> None:
    assert sign_up(client).status_code == 201
    unknown = log_in(device, "Nobody", "whatever it is")
    assert unknown.status_code == 401
    for _ in range(MAX_TRIES):
        r = log_in(device, "Anna", "not the password")
        assert r.status_code == 401 and r.json() == unknown.json()  # a name is not told from a password
    r = log_in(device, "Anna", PASSWORD)  # even the right one, until the window has passed
    assert r.status_code == 429 and r.json()["code"] == "account.locked"
    assert 0 < int(r.headers["Retry-After"]) <= TRY_WINDOW
    assert COOKIE not in device.cookies
    desk = device.app.state.accounts.accounts  # the app that answers this device
    real = desk.clock
    desk.clock = lambda: real() + TRY_WINDOW + 1
    try:
        assert log_in(device, "Anna", PASSWORD).status_code == 200
    finally:
        desk.clock = real


def test_log_out_here_and_everywhere(client, device, app) -> None:
    assert sign_up(client).status_code == 201
    assert log_in(device).status_code == 200
    with TestClient(app) as third:
        assert log_in(third).status_code == 200
        assert client.delete("/api/session").status_code == 204  # this browser only
        assert client.get("/api/me").status_code == 401
        assert device.get("/api/me").status_code == 200
        assert device.post("/api/session/everywhere").status_code == 204
        assert third.get("/api/me").status_code == 401
        assert device.get("/api/me").status_code == 401
    assert count(client, sessions) == 0


def test_a_guest_keeps_its_games_when_it_makes_an_account(client, device) -> None:
    g = new_game(client)
    seat0 = g["seats"][0]["token"]
    assert client.post(f"/api/games/{g['id']}/join", json={"token": seat0, "name": "Anna"}).status_code == 200
    # the browser kept the seat's token (and a spectator's, passed over); it makes an account
    r = sign_up(client, tokens=[seat0, g["spectator_token"], "no-such-token"])
    assert r.status_code == 201 and r.json()["claimed"] == 1
    # another device, logged in, lists the game with the seat's link
    assert log_in(device).status_code == 200
    games = device.get("/api/me/games").json()
    assert [(x["game_id"], x["seat"], x["token"]) for x in games] == [(g["id"], 0, seat0)]
    assert device.post("/api/me/seats", json={"tokens": [seat0]}).json() == {"claimed": 0}  # kept once


def test_a_seat_joined_while_logged_in_is_the_accounts(client) -> None:
    assert sign_up(client).status_code == 201
    g = new_game(client)
    token = g["seats"][1]["token"]
    assert client.post(f"/api/games/{g['id']}/join", json={"token": token, "name": "Anna"}).status_code == 200
    assert [(x["game_id"], x["seat"]) for x in client.get("/api/me/games").json()] == [(g["id"], 1)]


def test_no_account_reads_or_changes_another(client, device) -> None:
    assert sign_up(client).status_code == 201
    assert sign_up(device, name="Bert").status_code == 201
    g = new_game(client)
    client.post(f"/api/games/{g['id']}/join", json={"token": g["seats"][0]["token"], "name": "Anna"})
    r = device.put("/api/me/settings", json={"sound": False, "lang": "de"})
    assert r.status_code == 200 and r.json()["settings"]["sound"] is False
    assert client.get("/api/me").json()["settings"]["sound"] is True  # Anna's are hers
    assert device.get("/api/me").json()["name"] == "Bert"
    assert device.get("/api/me/games").json() == []  # Anna's game is not Bert's
    # without a session nothing of any account is answered
    client.cookies.clear()
    for r in (client.get("/api/me"), client.get("/api/me/games"),
              client.put("/api/me/settings", json={"sound": False}),
              client.post("/api/me/seats", json={"tokens": []}),
              client.post("/api/session/everywhere")):
        assert r.status_code == 401 and r.json()["code"] == "account.no_session"
    # a forged cookie opens nothing
    client.cookies.set(COOKIE, "forged-" + "x" * 40)
    assert client.get("/api/me").status_code == 401


def test_settings_are_checked(client) -> None:
    assert sign_up(client).status_code == 201
    before = client.get("/api/me").json()["settings"]
    for bad in ({"lang": "fr"}, {"sound": "yes"}, {"volume": 3}):
        assert client.put("/api/me/settings", json=bad).status_code == 422
    assert client.get("/api/me").json()["settings"] == before
    assert json.loads(json.dumps(before)) == {"lang": "en", "sound": True, "browser_notices": False}  # the page's
