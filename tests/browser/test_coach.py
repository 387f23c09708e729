"""The coach in the browser: the Hint button against a bot (three moves with their worth, one of
them played by a click), the table option shown to all between people, and the review after the
game that jumps into the replay."""

from __future__ import annotations

import time
from typing import Any

from tests.browser.conftest import Pages, Server, require_browser, shot
from tests.browser.ui import in_view, revision, wait_my_turn, wait_revision_change


def test_hint_against_a_bot_and_review_after_the_game(server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    g = server.post("/api/games", {"game": "grand-austria-hotel", "players": 2, "seed": 12, "start": True,
                                   "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]})
    token = g["seats"][0]["token"]
    page = pages.new(locale="de-DE")
    page.goto(server.link(g["id"], token))
    wait_my_turn(page)
    # a decision with a few options
    while len(page.evaluate("tabletop.state().legal")) < 3:
        st = page.evaluate("tabletop.state()")
        server.post(f"/api/games/{g['id']}/actions", {"token": token, "revision": st["revision"],
                                                       "action": st["legal"][0]["action"]})
        page.wait_for_function("r => tabletop.state().revision > r", arg=st["revision"])
        wait_my_turn(page)
    assert page.locator("#table-hints").count() == 0  # no table option: against a bot the coach is there anyway
    page.click("#hint")
    page.wait_for_selector("#hint-panel[data-loading='0']", timeout=20000)
    moves = page.locator("#hint-panel [data-hint]")
    assert moves.count() == 3
    text = page.inner_text("#hint-panel")
    assert "SP am Ende" in text, text  # in the page's language
    assert "Warum: " in text, text  # and why, in its words
    legal = set(page.evaluate("tabletop.state().legal.map(l => l.action)"))
    chosen = [moves.nth(i).get_attribute("data-hint") for i in range(3)]
    assert set(chosen) <= legal
    shot(page, "80-hint")
    page.click("#hint")  # a second click hides it, a third shows it again (the same hint, at once)
    page.wait_for_selector("#hint-panel", state="detached")
    page.click("#hint")
    page.wait_for_selector("#hint-panel[data-loading='0']")
    assert [moves.nth(i).get_attribute("data-hint") for i in range(3)] == chosen
    rev = revision(page)
    page.click(f"#hint-panel [data-hint-action='{chosen[0]}']")  # play the coach's first move
    wait_revision_change(page, rev)
    # play the game out through the API (always the last option), then review in the page
    deadline = time.time() + 240
    while time.time() < deadline:
        st = server.http.get(f"/api/games/{g['id']}", params={"token": token}).json()
        if st["status"] == "finished":
            break
        if st["current_player"] != 0 or not st["legal"]:
            time.sleep(0.02)
            continue
        server.http.post(f"/api/games/{g['id']}/actions", json={"token": token, "revision": st["revision"],
                                                                "action": st["legal"][-1]["action"]})
    assert st["status"] == "finished"
    record = server.http.get(f"/api/games/{g['id']}/record", params={"token": token}).json()
    assert record["actions"][rev] == chosen[0]  # the click played the coach's move
    page.wait_for_selector("#end-screen #open-review", timeout=15000)
    page.click("#open-review")
    page.wait_for_selector("#review[data-loading='0']", timeout=60000)
    items = page.locator("#review [data-review-step]")
    assert items.count() >= 1
    step = int(items.first.get_attribute("data-review-step"))
    assert "Runde" in items.first.inner_text()
    assert "Die Wahl des Trainers gegenüber deiner: " in page.inner_text("#review")  # why, in the page's language
    shot(page, "81-review")
    items.first.locator("[data-review-show]").click()
    page.wait_for_selector(f"#replay[data-step='{step}']", timeout=15000)
    assert in_view(page, "#replay")  # shown where it can be seen, not below the end screen
    assert not pages.errors, pages.errors


def test_hints_between_people_only_where_the_table_allows_them(server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    plain = server.started_game(names=("Ann", "Ben"), seed=3)
    allowed = server.started_game(names=("Ann", "Ben"), seed=3, hints=True)
    for g, shown in ((plain, False), (allowed, True)):
        spec = server.http.get(f"/api/games/{g['id']}", params={"token": g["spectator_token"]}).json()
        mover = spec["current_player"]
        page = pages.new()
        page.goto(server.link(g["id"], g["seats"][mover]["token"]))
        wait_my_turn(page)
        assert page.locator("#hint").count() == (1 if shown else 0)
        assert page.locator("#table-hints").count() == (1 if shown else 0)
        watcher = pages.new()
        watcher.goto(server.link(g["id"], g["seats"][1 - mover]["token"]))
        watcher.wait_for_selector(".game[data-status='active']")
        assert watcher.locator("#table-hints").count() == (1 if shown else 0)  # everyone sees the option
        assert watcher.locator("#hint").count() == 0  # not their turn
    assert not pages.errors, pages.errors
