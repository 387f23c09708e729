"""Issue 62, "Talking": a chat per table over the real databases (SQLite, PostgreSQL).

Kept with the game and shown in the replay at the moment it was said; length- and rate-limited;
text, never markup (kept and sent as typed, less control characters); spectators read, and
write only where the table allows; a line reaches only its own table."""

from __future__ import annotations

import time

import pytest

from tabletop.web.chat import MAX_CHARS, RATE_LINES
from tests.web.test_api import new_game, started, wait_finished


def say(client, g, seat, text, token=None):
    token = token or (g["seats"][seat]["token"] if seat is not None else g["spectator_token"])
    return client.post(f"/api/games/{g['id']}/chat", json={"token": token, "text": text})


def lines(client, g, token=None):
    r = client.get(f"/api/games/{g['id']}/chat", params={"token": token or g["spectator_token"]})
    assert r.status_code == 200, r.text
    return r.json()["lines"]


def test_a_line_is_kept_as_text_and_pushed_to_the_table(client) -> None:
    g = started(client)
    with client.websocket_connect(f"/api/games/{g['id']}/ws?token={g['seats'][1]['token']}") as ws:
        assert ws.receive_json()["type"] == "state"
        markup = "<b>bold</b> <img src=x onerror=alert(1)> & \"quotes\""
        r = say(client, g, 0, markup)
        assert r.status_code == 201, r.text
        line = r.json()
        assert (line["seat"], line["name"], line["text"], line["n"]) == (0, "Ann", markup, 0)
        while (msg := ws.receive_json())["type"] != "chat":
            pass
        assert msg["lines"] == [line]
    assert r.headers["content-type"].startswith("application/json")
    assert lines(client, g) == [line]  # a spectator reads it; kept in the store
    assert say(client, g, 1, "  second\r\nline\u202e\x07  ").json()["text"] == "second\nline"  # controls go


@pytest.mark.parametrize(("text", "status", "code"), [
    ("x" * (MAX_CHARS + 1), 400, "chat.too_long"),
    ("\n".join("a" * 6 + "b"), 400, "chat.too_long"),
    ("   \n\t ", 400, "chat.empty"),
    ("\u200b\u202e", 400, "chat.empty"),
    ("x" * 4001, 422, None),
])
def test_oversized_or_empty_lines_are_refused_and_nothing_is_kept(client, text, status, code) -> None:
    g = started(client)
    r = say(client, g, 0, text)
    assert r.status_code == status, r.text
    if code:
        assert r.json()["code"] == code
    assert lines(client, g) == []


def test_malformed_chat_bodies_are_refused(client) -> None:
    g = started(client)
    for body in ({"token": g["seats"][0]["token"]}, {"token": g["seats"][0]["token"], "text": 5},
                 {"token": g["seats"][0]["token"], "text": "hi", "html": True}):
        assert client.post(f"/api/games/{g['id']}/chat", json=body).status_code == 422
    assert lines(client, g) == []


def test_a_seat_may_say_a_bounded_number_of_lines_at_a_time(client) -> None:
    g = started(client)
    for i in range(RATE_LINES):
        assert say(client, g, 0, f"line {i}").status_code == 201
    r = say(client, g, 0, "one too many")
    assert r.status_code == 429 and r.json()["code"] == "chat.too_fast" and int(r.headers["Retry-After"]) >= 1
    assert say(client, g, 1, "the other seat may").status_code == 201  # the bound is each seat's own
    assert [x["text"] for x in lines(client, g)] == [*(f"line {i}" for i in range(RATE_LINES)), "the other seat may"]


def test_spectators_read_and_write_only_where_the_table_allows(client) -> None:
    g = started(client)
    r = say(client, g, None, "hello from the rail")
    assert r.status_code == 403 and r.json()["code"] == "chat.spectators"
    assert client.get(f"/api/games/{g['id']}/chat", params={"token": g["spectator_token"]}).json() == {
        "lines": [], "spectators_write": False}
    open_table = new_game(client, spectator_chat=True)
    r = say(client, open_table, None, "hello from the rail")
    assert r.status_code == 201 and r.json()["seat"] is None
    assert lines(client, open_table)[0]["text"] == "hello from the rail"


def test_a_line_never_reaches_another_table(client) -> None:
    a, b = started(client), started(client)
    with client.websocket_connect(f"/api/games/{b['id']}/ws?token={b['seats'][0]['token']}") as ws:
        assert ws.receive_json()["type"] == "state"
        # a's seat token on b's table: refused (the token is not b's)
        assert say(client, b, 0, "sneaking in", token=a["seats"][0]["token"]).status_code == 403
        assert say(client, a, 0, "at my own table").status_code == 201
        assert say(client, b, 1, "marker").status_code == 201
        while (msg := ws.receive_json())["type"] != "chat":
            pass
        assert [x["text"] for x in msg["lines"]] == ["marker"]  # a's line never came here
    assert [x["text"] for x in lines(client, b)] == ["marker"]


def test_the_replay_shows_the_chat_said_up_to_its_step(client) -> None:
    g = started(client, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
    said = [say(client, g, 0, "good luck").json()]
    time.sleep(0.3)
    said.append(say(client, g, 1, "thanks").json())
    s = wait_finished(client, g)
    assert s["status"] == "finished"
    revisions = sorted({0, said[0]["revision"], max(0, said[1]["revision"] - 1), said[1]["revision"], s["revision"]})
    for step in revisions:
        rep = client.get(f"/api/games/{g['id']}/replay/{step}", params={"token": g["spectator_token"]}).json()
        assert rep["chat"] == [x for x in said if x["revision"] <= step], step
