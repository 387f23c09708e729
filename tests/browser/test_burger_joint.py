"""Burger Joint in a real browser: the allocation board, the bag and both development boards,
played by clicking (take cubes, build, trade buttons, done)."""

from __future__ import annotations

import time
from typing import Any

from tests.browser.conftest import Pages, Server, require_browser, shot
from tests.browser.ui import click_and_wait, exists, is_my_turn, legal, revision, wait_my_turn

SEED = 3
def new_game(server: Server) -> dict[str, Any]:
    g = server.post("/api/games", {"game": "burger-joint", "players": 2, "seed": SEED,
                                   "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]})
    for s in g["seats"]:
        server.post(f"/api/games/{g['id']}/join", {"token": s["token"], "name": s["name"]})
    server.post(f"/api/games/{g['id']}/start", {"token": g["seats"][0]["token"]})
    return g


def test_burger_joint_game_starts_playable(server: Server) -> None:
    """A new Burger Joint game opens with production draws; the server resolves them at the
    start, so it is playable at once (no browser needed)."""
    g = new_game(server)
    deadline = time.time() + 3
    while True:
        st = server.state(g["id"], g["seats"][0]["token"])
        if st["current_player"] >= 0 or time.time() > deadline:
            break
        time.sleep(0.1)
    assert st["current_player"] == 0 and st["legal"]


def test_burger_joint_board_by_clicking(server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    g = new_game(server)
    ann, ben = pages.new(), pages.new()
    ann.goto(server.link(g["id"], g["seats"][0]["token"]))
    ben.goto(server.link(g["id"], g["seats"][1]["token"]))
    for p in (ann, ben):
        p.wait_for_selector("#allocation")
    by_seat = {0: ann, 1: ben}

    def to_act() -> Any:
        cp = server.state(g["id"], g["seats"][0]["token"])["current_player"]
        assert cp in (0, 1), cp
        return by_seat[cp]

    # production: the players take the drawn cubes from the allocation board by clicking them
    taken = 0
    while server.state(g["id"], g["seats"][0]["token"])["view"]["phase"] == "production":
        page = to_act()
        wait_my_turn(page)
        assert page.locator("#allocation .pile.legal").count() >= 1
        assert not exists(page, "#my-board .legal")  # only cubes on the allocation board now
        click_and_wait(page, "#allocation .pile.legal")
        taken += 1
    assert taken >= 2
    shot(ann, "30-burger-after-production")

    # Ann's trading and building: every legal build is highlighted on her own board
    wait_my_turn(ann)
    st = server.state(g["id"], g["seats"][0]["token"])
    assert st["view"]["phase"] in ("trade", "build")
    for action in st["legal"]:
        a = action["action"]
        if a.startswith("build "):
            assert exists(ann, f"#my-board .legal[data-action='{a}']"), a
        elif a.startswith("trade ") or a == "done":
            assert exists(ann, f"#prompt-buttons button[data-action='{a}']"), a
    assert not exists(ben, ".legal")  # Ben is not to act: nothing is clickable for him
    builds = ann.locator("#my-board .legal[data-action^='build ']")
    if builds.count():
        click_and_wait(ann, "#my-board .legal[data-action^='build ']")
        assert "Ann (Burger) " in ann.locator("#log li").first.inner_text()  # the newest line names her
    # end Ann's actions; then whoever is to act plays on until it is Ben's turn to trade
    for _ in range(40):
        st = server.state(g["id"], g["seats"][0]["token"])
        if st["view"]["active"] == "pizza" and st["view"]["phase"] in ("trade", "build"):
            break
        page = to_act()
        wait_my_turn(page)
        acts = legal(page)
        if any(a.startswith("take ") for a in acts):
            click_and_wait(page, "#allocation .pile.legal")
        elif any(a.startswith("discard ") for a in acts):
            click_and_wait(page, "#my-board .pile.legal")
        elif "done" in acts:
            click_and_wait(page, "#prompt-buttons button[data-action='done']")
        else:
            click_and_wait(page, f"[data-action='{acts[0]}']")
    wait_my_turn(ben)
    assert is_my_turn(ben) and not is_my_turn(ann)
    assert revision(ann) == revision(ben)
    assert "Ben" in ann.inner_text("#prompt")
    shot(ben, "31-burger-ben-trading")
    phone = pages.new(width=375, height=812)
    phone.goto(server.link(g["id"], g["seats"][1]["token"]))
    phone.wait_for_selector("#allocation")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    shot(phone, "32-burger-phone")
