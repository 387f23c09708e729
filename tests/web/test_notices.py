"""Issue 62, "Your turn, wherever you are", out of the page: one notice per turn to the account's
webhook, from a durable outbox, over the real databases (SQLite, PostgreSQL), to a webhook
receiver that the tests run on 127.0.0.1. Failures are tried again; a hanging webhook never
holds the game; a notice queued before a restart is sent after it, once; with two servers on one
store each notice is sent once."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.apps import api_app
from tests.web.test_accounts import PASSWORD, sign_up
from tests.web.test_api import new_game, state


class Receiver:
    """A webhook on 127.0.0.1: records every POST; answers ``statuses`` in turn (then 200),
    after ``delay`` seconds."""

    def __init__(self, statuses: tuple[int, ...] = (), delay: float = 0.0) -> None:
        self.posts: list[dict[str, Any]] = []
        self.statuses = list(statuses)
        self.delay = delay
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the standard library's name
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                outer.posts.append({"headers": dict(self.headers), "body": body})
                time.sleep(outer.delay)
                code = outer.statuses.pop(0) if outer.statuses else 200
                self.send_response(code)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait(self, n: int, seconds: float = 10.0) -> list[dict[str, Any]]:
        deadline = time.time() + seconds
        while len(self.posts) < n and time.time() < deadline:
            time.sleep(0.05)
        return self.posts

    def close(self) -> None:
        self.server.shutdown()


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


def fast_app(database: str, **options: Any):
    options.setdefault("notice_retry", 0.2)
    return api_app(database, **options)


def table_with_account(host: TestClient, ann: TestClient, webhook: str, fmt: str = "json") -> tuple[dict, int]:
    """A running game of two people made by ``host``; Ann (an account with a webhook) plays the
    seat that does not move first. The game and her seat."""
    assert sign_up(ann, "Ann Notices", PASSWORD).status_code == 201
    r = ann.put("/api/me/settings", json={"webhook": webhook, "webhook_format": fmt})
    assert r.status_code == 200, r.text
    g = new_game(host)
    for s in g["seats"]:
        assert host.post(f"/api/games/{g['id']}/join", json={"token": s["token"], "name": s["name"]}).status_code == 200
    assert host.post(f"/api/games/{g['id']}/start", json={"token": g["seats"][0]["token"]}).status_code == 200
    first = state(host, g, 0)["current_player"]
    mine = 1 - first
    assert ann.post("/api/me/seats", json={"tokens": [g["seats"][mine]["token"]]}).json() == {"claimed": 1}
    return g, mine


def move_until_turn_of(client: TestClient, g: dict, seat: int) -> None:
    """The other seat plays its first legal actions until it is ``seat``'s turn."""
    for _ in range(60):
        s = state(client, g, 0)
        cp = s["current_player"]
        if cp == seat:
            return
        tok = g["seats"][cp]["token"]
        s = state(client, g, cp)
        r = client.post(f"/api/games/{g['id']}/actions", json={"token": tok, "revision": s["revision"],
                                                                "action": s["legal"][0]["action"]})
        assert r.status_code == 200, r.text
    raise AssertionError("the turn never came")


def test_one_notice_reaches_the_webhook_when_a_turn_begins(database, receiver) -> None:
    app = fast_app(database)
    with TestClient(app) as host, TestClient(app) as ann:
        g, mine = table_with_account(host, ann, receiver.url)
        assert receiver.posts == []
        move_until_turn_of(host, g, mine)
        posts = receiver.wait(1)
        assert len(posts) == 1
        body = json.loads(posts[0]["body"])
        assert (body["event"], body["game_id"], body["seat"]) == ("your_turn", g["id"], mine)
        assert body["url"].endswith(f"/game/{g['id']}") and posts[0]["headers"]["X-Tabletop-Notice"]
        # sent: nothing pending (the sender marks it sent a moment after the receiver has it)
        deadline = time.time() + 5
        while ann.get("/api/me/notices").json() and time.time() < deadline:
            time.sleep(0.05)
        assert ann.get("/api/me/notices").json() == []
        # the player's own next steps of the same turn are not noticed again
        for _ in range(3):
            s = state(host, g, mine)
            if s["current_player"] != mine:
                break
            host.post(f"/api/games/{g['id']}/actions", json={
                "token": g["seats"][mine]["token"], "revision": s["revision"], "action": s["legal"][0]["action"]})
        time.sleep(1.5)
        still_mine = state(host, g, mine)["current_player"] == mine
        if still_mine:
            assert len(receiver.posts) == 1


@pytest.mark.parametrize("fmt", ["discord", "slack", "ntfy"])
def test_each_webhook_format_says_it_its_way(database, receiver, fmt) -> None:
    app = fast_app(database)
    with TestClient(app) as host, TestClient(app) as ann:
        g, mine = table_with_account(host, ann, receiver.url, fmt)
        move_until_turn_of(host, g, mine)
        post = receiver.wait(1)[0]
    if fmt == "ntfy":
        assert post["body"].decode() == "Grand Austria Hotel: Your turn" and post["headers"]["Click"].endswith(g["id"])
    else:
        assert json.loads(post["body"]) == {"discord": {"content": "Grand Austria Hotel: Your turn"},
                                             "slack": {"text": "Grand Austria Hotel: Your turn"}}[fmt]


def test_a_failing_webhook_is_tried_again_and_delivered_once(database) -> None:
    receiver = Receiver(statuses=(500, 503))
    try:
        app = fast_app(database)
        with TestClient(app) as host, TestClient(app) as ann:
            g, mine = table_with_account(host, ann, receiver.url)
            move_until_turn_of(host, g, mine)
            posts = receiver.wait(3)
            assert len(posts) == 3  # two refusals, then taken
            assert len({p["headers"]["X-Tabletop-Notice"] for p in posts}) == 1  # the same notice each time
            time.sleep(1.0)
            assert len(receiver.posts) == 3 and ann.get("/api/me/notices").json() == []
    finally:
        receiver.close()


def test_a_hanging_webhook_never_holds_the_game(database) -> None:
    receiver = Receiver(delay=8.0)
    try:
        app = fast_app(database)
        with TestClient(app) as host, TestClient(app) as ann:
            g, mine = table_with_account(host, ann, receiver.url)
            move_until_turn_of(host, g, mine)
            receiver.wait(1)  # the webhook now hangs on the notice
            s = state(host, g, mine)
            t = time.perf_counter()
            r = host.post(f"/api/games/{g['id']}/actions", json={
                "token": g["seats"][mine]["token"], "revision": s["revision"], "action": s["legal"][0]["action"]})
            assert r.status_code == 200 and time.perf_counter() - t < 4.0  # the webhook hangs 8 s
            pending = ann.get("/api/me/notices").json()
            assert len(pending) == 1  # it waits (its timeout, then tried again), the game does not
    finally:
        receiver.close()


def test_an_unknown_webhook_scheme_is_refused_and_changes_nothing(client) -> None:
    assert sign_up(client, "Ann Webhook", PASSWORD).status_code == 201
    before = client.get("/api/me").json()["settings"]
    for bad in ("ftp://example.org/x", "javascript:alert(1)", "file:///etc/passwd", "no scheme"):
        r = client.put("/api/me/settings", json={"webhook": bad})
        assert r.status_code == 400 and r.json()["code"] == "account.webhook_scheme", bad
    assert client.put("/api/me/settings", json={"webhook_format": "telegram"}).status_code == 422
    assert client.get("/api/me").json()["settings"] == before


def test_a_notice_queued_before_a_restart_is_sent_after_it_once(database, receiver) -> None:
    quiet = fast_app(database, duty_sweep=None)  # a server whose sender does not run: the notice waits
    with TestClient(quiet) as host, TestClient(quiet) as ann:
        g, mine = table_with_account(host, ann, receiver.url)
        move_until_turn_of(host, g, mine)
        time.sleep(0.5)
        assert receiver.posts == [] and len(ann.get("/api/me/notices").json()) == 1
    # the server is gone; two started on the same store, both sending
    again, other = fast_app(database), fast_app(database)
    with TestClient(again), TestClient(other):
        assert len(receiver.wait(1)) == 1
        time.sleep(1.5)
    assert len(receiver.posts) == 1


def test_quiet_hours_hold_a_notice_until_they_end() -> None:
    from tabletop.web.notices import quiet_until

    noon = 12 * 3600.0 + 86400 * 100
    assert quiet_until(noon, None, 0) == noon
    assert quiet_until(noon, [22, 7], 0) == noon  # noon is not in 22:00-07:00
    assert quiet_until(noon, [11, 13], 0) == noon + 3600  # held until 13:00
    assert quiet_until(noon, [22, 7], 14 * 60) == noon + 3600 * 5  # 02:00 there: held until 07:00 there


class Mailbox:
    """An SMTP server on 127.0.0.1 (aiosmtpd) that keeps every message it is given."""

    def __init__(self, port: int = 0) -> None:
        from aiosmtpd.controller import Controller

        self.messages: list[Any] = []
        outer = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
                import email
                import email.policy

                outer.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
                return "250 OK"

        self.port = port or _free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)

    def start(self) -> Mailbox:
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()

    def wait(self, n: int, seconds: float = 10.0) -> list[Any]:
        deadline = time.time() + seconds
        while len(self.messages) < n and time.time() < deadline:
            time.sleep(0.05)
        return self.messages


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def mail_table(host: TestClient, ann: TestClient, receiver_url: str) -> tuple[dict, int]:
    g, mine = table_with_account(host, ann, receiver_url)
    r = ann.put("/api/me/settings", json={"webhook": None, "email": "ann@example.org", "email_notices": True,
                                          "lang": "de"})
    assert r.status_code == 200, r.text
    return g, mine


def test_a_turn_email_is_sent_once_with_a_link_that_stops_them(database, receiver) -> None:
    from tabletop.web.notices import Mailer

    box = Mailbox().start()
    try:
        app = fast_app(database, mailer=Mailer("127.0.0.1", box.port, "tabletop@example.org"))
        with TestClient(app) as host, TestClient(app) as ann:
            assert host.get("/api/meta").json()["email"] is True
            g, mine = mail_table(host, ann, receiver.url)
            move_until_turn_of(host, g, mine)
            msgs = box.wait(1)
            assert len(msgs) == 1 and receiver.posts == []  # the webhook was taken away
            msg = msgs[0]
            assert msg["To"] == "ann@example.org" and msg["Subject"] == "Grand Austria Hotel: Dein Zug"
            text = msg.get_content()
            assert "Du bist am Zug." in text and f"/game/{g['id']}" in text
            link = msg["List-Unsubscribe"].strip("<>")
            assert link in text and "/api/unsubscribe?token=" in link
            time.sleep(1.0)
            assert len(box.messages) == 1
            # the link stops them, without logging in
            path = link.split("127.0.0.1:8000", 1)[1]
            assert host.get(path).json() == {"email_notices": False}
            assert ann.get("/api/me").json()["settings"]["email_notices"] is False
            assert host.get("/api/unsubscribe", params={"token": "not-a-token"}).status_code == 404
    finally:
        box.stop()


def test_an_email_server_that_is_down_delays_the_email_and_loses_nothing(database, receiver) -> None:
    from tabletop.web.notices import Mailer

    box = Mailbox()  # not started yet: nothing answers on its port
    app = fast_app(database, mailer=Mailer("127.0.0.1", box.port, "tabletop@example.org", timeout=2.0))
    with TestClient(app) as host, TestClient(app) as ann:
        g, mine = mail_table(host, ann, receiver.url)
        t = time.perf_counter()
        move_until_turn_of(host, g, mine)
        assert time.perf_counter() - t < 10.0  # the moves never waited for the mail (2 s a try)
        deadline = time.time() + 10
        while time.time() < deadline:
            pending = ann.get("/api/me/notices").json()
            if pending and pending[0]["attempts"] >= 1:
                break
            time.sleep(0.1)
        assert pending and pending[0]["attempts"] >= 1 and pending[0]["last_error"]
        box.start()
        try:
            assert len(box.wait(1, 20)) == 1
            time.sleep(1.0)
            assert len(box.messages) == 1 and ann.get("/api/me/notices").json() == []
        finally:
            box.stop()


def test_a_malformed_email_address_is_refused(client) -> None:
    assert sign_up(client, "Ann Mail", PASSWORD).status_code == 201
    for bad in ("no-at-sign", "two@@example.org", "a b@example.org", "x@y", "<script>@example.org"):
        r = client.put("/api/me/settings", json={"email": bad})
        assert r.status_code == 400 and r.json()["code"] == "account.email", bad
    assert "email" not in client.get("/api/me").json()["settings"]
