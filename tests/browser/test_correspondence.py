"""Issue 62 in the browser, as a Yucata regular plays: two accounts in two browser contexts, an
open table with a correspondence clock (1 day a move), each turn noticed once by webhook and by
e-mail (a receiver and an SMTP server the test runs on 127.0.0.1), days passing on the server's
test clock (``--test-clock``: no sleeping), the deadline applying the table's policy (a bot
stands in, the log says why), the player coming back, the chat (markup arrives as text), and
the rematch."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest

from tests.browser.conftest import Pages, Server, require_browser, serving, shot
from tests.web.test_notices import Mailbox, Receiver

DAY = 86400


@pytest.fixture
def clocked_server() -> Iterator[tuple[Server, Receiver, Mailbox]]:
    """A server of its own: a test clock, an SMTP server and a webhook receiver beside it."""
    box = Mailbox().start()
    hook = Receiver()
    try:
        with serving("--test-clock", "--smtp", f"127.0.0.1:{box.port}", "--smtp-from", "tables@example.org") as srv:
            try:
                yield srv, hook, box
            finally:
                srv.http.post("/api/test/clock", json={"advance": -1})
    finally:
        hook.close()
        box.stop()


def sign_up(page, base: str, name: str) -> None:
    page.goto(f"{base}/")
    page.wait_for_selector("#account-name-input")
    page.wait_for_load_state("networkidle")  # the lobby's first answers drawn: no redraw races the typing
    page.fill("#account-name-input", name)
    page.fill("#account-password", "coffee house waltz")
    assert page.input_value("#account-name-input") == name
    page.click("#signup")
    page.wait_for_selector("#account-name")


def test_a_correspondence_game_between_two_accounts(clocked_server, browser: object, pages: Pages) -> None:
    require_browser()
    server, hook, box = clocked_server
    base = server.base
    ann, ben = pages.new(), pages.new(locale="de-DE")
    sign_up(ann, base, "Ann")
    sign_up(ben, base, "Ben")
    # Ben wants his turns by webhook and by e-mail
    ben.click("#account-notices > summary")
    ben.fill("#webhook", hook.url)
    ben.fill("#email", "ben@example.org")
    ben.check("#email-notices")
    ben.click("#save-notices")
    ben.wait_for_selector("#account-note")

    # Ann opens a table with a correspondence clock; Ben sits down from the list
    ann.select_option("select[name='seat-1-kind']", "human")
    ann.fill("input[name='seat-0-name']", "Ann")
    ann.select_option("#clock", "c1")
    ann.check("#listed")
    ann.click("#create-button")
    ann.wait_for_selector("#created")
    link = ann.input_value("[data-invite='0']")
    gid = link.split("/game/")[1].split("?")[0]
    ben.reload()
    ben.wait_for_selector(f"[data-sit='{gid}']")
    # the list says what the table is: its clock among the rest
    assert "1 Tag pro Zug" in ben.inner_text(f"li.open-table[data-table='{gid}']")  # Ben reads German
    ben.click(f"[data-sit='{gid}']")
    ben.wait_for_url(f"**/game/{gid}?token=*")
    ann.goto(link)
    ann.click("#start-button")
    ann.wait_for_selector(".game[data-status='active'] [data-game-clock='0']")
    ben.wait_for_selector(".game[data-status='active'] [data-game-clock='1']")
    ben_token = ben.url.split("token=")[1]
    ann_token = link.split("token=")[1]

    # the game's first turns: each of Ben's turns is noticed once, by webhook and by e-mail
    ben_turns = 0
    for _ in range(60):
        s = server.state(gid, ann_token)
        if ben_turns >= 1 and s["current_player"] == 1:
            break
        cp = s["current_player"]
        tok = ann_token if cp == 0 else ben_token
        mover = server.state(gid, tok)
        if cp not in (0, 1) or not mover["legal"]:  # a roll or a step resolving by itself: look again
            time.sleep(0.1)
            continue
        server.post(f"/api/games/{gid}/actions", {"token": tok, "revision": mover["revision"],
                                                   "action": mover["legal"][0]["action"]})
        after = server.state(gid, ann_token)
        if cp == 0 and after["current_player"] == 1:
            ben_turns += 1
    assert ben_turns >= 1
    hook.wait(ben_turns)
    box.wait(ben_turns)
    time.sleep(1.5)
    assert len(hook.posts) == ben_turns and len(box.messages) == ben_turns
    mail = box.messages[0]
    assert mail["To"] == "ben@example.org" and "Dein Zug" in mail["Subject"]
    assert "/api/unsubscribe?token=" in mail.get_content()
    assert json.loads(hook.posts[0]["body"])["game_id"] == gid

    # Ben thinks for more than a day: the server's clock moves on, the policy applies and is logged
    assert server.state(gid, ben_token)["current_player"] == 1
    r = server.http.post("/api/test/clock", json={"advance": 8 * DAY + 60})
    assert r.status_code == 200  # applied by this request or by the sweep that ran meanwhile: once
    ann.wait_for_selector("li.seat-change[data-reason='clock']")
    assert "Ben" in ann.inner_text("li.seat-change[data-reason='clock']")
    assert ann.locator("li.seat-change[data-reason='clock']").count() == 1
    shot(ann, "correspondence-01-time-ran-out")
    # Ben comes back and takes his seat again
    ben.reload()
    ben.wait_for_selector("#stand-in #reclaim")
    ben.click("#reclaim")
    ben.wait_for_selector("li.seat-change[data-seat-change='reclaimed']")

    # the chat: markup arrives as text
    ann.fill("#chat-input", "<b>gut gespielt</b>")
    ann.click("#chat-send")
    ben.wait_for_selector("#chat li.chat-line[data-chat='0']")
    assert ben.inner_text("#chat li.chat-line[data-chat='0'] .chat-text") == "<b>gut gespielt</b>"
    assert ben.locator("#chat b").count() == 0

    # to the end (bots finish it for both), then the rematch, seats rotated
    for seat, tok in ((0, ann_token), (1, ben_token)):
        server.post(f"/api/games/{gid}/seats/{seat}/bot", {"token": tok, "bot": "random"})
    ann.wait_for_selector("#end-screen", timeout=60000)
    ann.click("#rematch")
    ann.wait_for_function(f"() => !location.pathname.endsWith('{gid}')")
    ben.wait_for_selector("#rematch-ready")
    ben.click("#rematch-ready")
    ben.wait_for_selector(".game[data-status='active']")
    assert ben.get_attribute(".game", "data-seat") == "0"
    assert ben.locator("[data-game-clock='0']").count() == 1  # the rematch keeps the table's clock
    shot(ben, "correspondence-02-rematch")
