"""A page that fell behind catches up, however many pushes overtake its fetches.

A page that misses a push (its connection dropped) fetches the whole state; a push that arrives
while that fetch is under way is newer than its answer, so the answer is thrown away and the page
fetches again. Another player moving quickly can overtake several fetches in a row: the page
must go on until one gets through, and not sit behind until a push that may never come."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.browser.conftest import Pages, Server, require_browser
from tests.browser.ui import revision, wait_revision_is

OVERTAKEN = 7  # fetches overtaken in a row: more than the page once tried before giving up


def test_a_page_behind_catches_up_after_many_overtaken_fetches(server: Server, browser: Any,
                                                                pages: Pages) -> None:
    require_browser()
    g = server.started_game(seed=7)
    mover = server.state(g["id"], g["seats"][0]["token"])["current_player"]
    mover_token = g["seats"][mover]["token"]
    watcher = 1 - mover
    settings = f"/api/games/{g['id']}/seats/{mover}/settings"
    toggles = [False]

    def push() -> None:
        """A push that moves no piece: the mover switches a seat setting back and forth."""
        toggles[0] = not toggles[0]
        server.post(settings, {"token": mover_token, "auto_single": toggles[0]})

    dropped: list[str] = []
    drop = [0]

    def relay(ws: Any) -> None:
        """The page's live connection, through a relay that can lose the server's next message."""
        upstream = ws.connect_to_server()
        ws.on_message(upstream.send)

        def down(message: Any) -> None:
            if drop[0] and '"type":"state"' in str(message):
                drop[0] -= 1
                dropped.append(str(message)[:80])
                return
            ws.send(message)

        upstream.on_message(down)

    overtaken: list[str] = []
    held: list[Any] = []

    def hold(route: Any) -> None:
        """The first OVERTAKEN fetches of the whole state wait (the test lets each go once a push
        has reached the page); later ones go at once."""
        if len(overtaken) < OVERTAKEN:
            overtaken.append(route.request.url)
            held.append(route)
        else:
            route.continue_()

    page = pages.new()
    page.route_web_socket(re.compile(r"/ws\b"), relay)
    page.goto(server.link(g["id"], g["seats"][watcher]["token"]))
    page.wait_for_selector(".game[data-status='active']")
    page.wait_for_function("() => tabletop.connection() === 'live'")
    was = revision(page)
    page.route(re.compile(r"/api/games/[^/?]+\?"), hold)
    # the page misses the push of a move ...
    drop[0] = 1
    st = server.state(g["id"], mover_token)
    server.post(f"/api/games/{g['id']}/actions",
                {"token": mover_token, "revision": st["revision"], "action": st["legal"][0]["action"]})
    deadline = time.time() + 10
    while not dropped and time.time() < deadline:
        page.wait_for_timeout(50)
    assert dropped and revision(page) == was
    # ... the next push does not fit on to what it shows: it fetches, and each fetch is overtaken
    push()
    for _ in range(OVERTAKEN):
        deadline = time.time() + 15
        while not held and time.time() < deadline:
            page.wait_for_timeout(50)
        if not held:
            break  # the page stopped fetching: the check below says where it stands
        pushes = page.evaluate("tabletop.debug().pushes")
        push()
        page.wait_for_function("n => tabletop.debug().pushes > n", arg=pushes)
        held.pop().continue_()
    # ... and once the pushes stop, the page shows the game as it is
    now = server.state(g["id"], mover_token)["revision"]
    assert now > was
    wait_revision_is(page, now)
    assert not page.evaluate("tabletop.debug().behind")
    assert len(overtaken) == OVERTAKEN  # the page did meet that many overtaken fetches
