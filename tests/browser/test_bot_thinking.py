"""Issue 64, item 4: while a bot is to move, the page says that it is thinking and for how long
(on a busy machine a strong bot may take a few seconds: nobody should wonder whether the table
hangs); on a person's own turn it says nothing of the kind. A server whose bots wait 3 s
before each decision shows it plainly."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Pages, require_browser, serving, shot
from tests.browser.ui import wait_my_turn


def test_a_bots_turn_shows_that_it_is_thinking_and_for_how_long(browser: Any, pages: Pages) -> None:
    require_browser()
    with serving("--bot-delay", "3") as srv:
        # a person's own turn: no note
        g = srv.post("/api/games", {"players": 2, "seed": 5,
                                    "seats": [{"kind": "bot", "bot": "easy"}, {"kind": "human", "name": "Ann"}]})
        me = g["seats"][1]["token"]
        srv.post(f"/api/games/{g['id']}/join", {"token": me, "name": "Ann"})
        srv.post(f"/api/games/{g['id']}/start", {"token": me})
        page = pages.new()
        page.goto(srv.link(g["id"], me))
        wait_my_turn(page)  # the setup goes in reverse order: Ann picks her starting guest first
        assert page.locator("#bot-thinking").count() == 0

        # two bots at a table, watched: whoever is to move is said to think, the seconds counting up
        bots = srv.post("/api/games", {"players": 2, "seed": 6, "seats": [{"kind": "bot", "bot": "easy"},
                                                                          {"kind": "bot", "bot": "medium"}]})
        srv.post(f"/api/games/{bots['id']}/start", {"token": bots["seats"][0]["token"]})
        page.goto(srv.link(bots["id"], bots["spectator_token"]))
        page.wait_for_selector("#bot-thinking")
        text = page.inner_text("#bot-thinking")
        assert "is thinking" in text and ("Bot (easy)" in text or "Bot (medium)" in text), text
        page.wait_for_function("() => { const e = document.querySelector('#bot-thinking [data-thinking]');"
                               " return e && e.textContent >= '0:02'; }", timeout=10000)
        shot(page, "64-bot-thinking")
