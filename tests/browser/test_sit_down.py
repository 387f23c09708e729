"""Sitting down to play in the browser: one click from the lobby to the first decision, invite
links in view after creating a table, no decision with a single option asked, and no double
click that ends a turn by landing on an "end turn" button that just appeared."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.browser.conftest import Pages, Server, require_browser, shot
from tests.browser.gah_modules_ui import progress_choice
from tests.browser.ui import click_action, fill_lobby, legal, revision, wait_my_turn_or_end, wait_revision_above


def test_one_click_to_the_first_decision(server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    page = pages.new()
    page.goto(server.base + "/")
    page.wait_for_selector("#create-form #players-select")  # the lobby is drawn
    button = page.locator("[data-testid='play-solo']")
    box = button.bounding_box()
    assert box is not None and box["y"] < 200  # the lobby's first control
    started = time.time()
    button.click()
    page.wait_for_selector("[data-testid='prompt'][data-mine='1']", timeout=3000)
    assert time.time() - started < 3.0
    assert "/game/" in page.url and page.locator("#waiting-room").count() == 0  # same tab, no waiting room
    st = page.evaluate("tabletop.state()")
    assert st["players"] == 2 and st["seats"][1]["kind"] == "bot" and st["seats"][1]["bot"] == "medium"
    shot(page, "70-one-click")


def test_invite_links_show_without_scrolling(server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    page = pages.new(width=1280, height=900)
    fill_lobby(page, server.base, "Ann", ["easy"])
    page.select_option("select[name='seat-1-kind']", "human")
    page.click("#create-button")
    page.wait_for_selector("#created input[data-invite='1']")
    box = page.locator("#created input[data-invite='1']").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 900, box
    assert page.locator("#created .link-row button").count() >= 2  # copy buttons


def test_the_lobby_offers_each_game_its_bot_levels(server: Server, browser: Any, pages: Pages) -> None:
    """The master only where the game has its judgement (GET /api/meta): a seat that chose it
    gets the strongest level Burger Joint has; new bot seats still start at medium."""
    require_browser()
    page = pages.new()
    page.goto(server.base + "/")
    page.wait_for_selector("#create-form #players-select")
    level = "select[name='seat-1-bot']"

    def offered() -> list[str]:
        return page.eval_on_selector_all(f"{level} option", "os => os.map((o) => o.value)")  # type: ignore[no-any-return]

    assert offered() == ["easy", "medium", "hard", "expert", "master"]
    assert page.input_value(level) == "medium"
    assert page.inner_text(f"{level} option[value='master']") == "master"
    page.select_option(level, "master")
    page.select_option("#game-select", "burger-joint")
    page.wait_for_selector(f"{level} option[value='master']", state="detached")
    assert offered() == ["easy", "medium", "hard", "expert"]
    assert page.input_value(level) == "expert"
    page.select_option("#game-select", "grand-austria-hotel")
    page.wait_for_selector(f"{level} option[value='master']", state="attached")
    assert page.input_value(level) == "expert"


def test_a_solo_game_never_asks_a_single_option_nor_ends_a_turn_on_a_double_click(
        server: Server, browser: Any, pages: Pages) -> None:
    """Double-click the first button of each decision: the second click never ends the turn or
    passes (the turn-ending button ignores clicks in the moment after another click); no decision
    with one option is ever shown to the player."""
    require_browser()
    page = pages.new()
    page.goto(server.base + "/")
    page.wait_for_selector("#create-form #players-select")
    page.click("[data-testid='play-solo']")
    page.wait_for_url("**/game/**")
    token = page.url.split("token=")[1]
    game_id = page.url.split("/game/")[1].split("?")[0]
    checked = 0
    rng = random.Random(2)
    started = time.time()
    while checked < 40 and time.time() - started < 120:
        if not wait_my_turn_or_end(page):
            break
        options = legal(page)
        assert len(options) > 1, options
        buttons = page.locator("#prompt-buttons button.action:not([disabled])")
        before = revision(page)
        if buttons.count():
            buttons.first.dblclick()
        else:  # a choice on the board: one click
            click_action(page, progress_choice(rng, options), timeout=30000)
        wait_revision_above(page, before, timeout=30000)
        time.sleep(0.3)
        log = server.http.get(f"/api/games/{game_id}/log", params={"token": token}).json()
        mine = [e for e in log if e.get("idx", -1) >= before and "action" in e and e.get("seat") == 0
                and not e.get("auto")]
        second = mine[1:]
        assert not any(e["params"].get("verb") == "pass" or (e["params"].get("verb") == "done"
                       and e["params"].get("decision") == "turn") for e in second), mine
        checked += 1
    assert checked >= 10


def test_phone_prompt_queue_targets_and_header(server: Server, browser: Any, pages: Pages) -> None:
    """390×844: the prompt takes at most 15 % of the height, the whole guest queue with its costs is in
    view without swiping, what the pending decision asks to click is scrolled into view, and the
    header shows the round uncut."""
    require_browser()
    page = pages.new(width=390, height=844)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-form #players-select")
    page.click("[data-testid='play-solo']")
    rng = random.Random(4)
    for step in range(12):
        page.wait_for_selector("[data-testid='prompt'][data-mine='1'], .game[data-status='finished']", timeout=30000)
        problems: list[str] = []
        for _ in range(5):  # a layout is checked once the page has settled (no update half-way)
            page.wait_for_timeout(200)
            problems = phone_problems(page)
            if not problems:
                break
        assert not problems, (step, problems, page.inner_text("#statusbar"))
        if step == 0:
            shot(page, "71-phone-first-decision")
        click_action(page, progress_choice(rng, legal(page)), timeout=30000)


def phone_problems(page: Any) -> list[str]:
    """What is wrong with the phone layout now (empty: nothing)."""
    out = []
    bar = page.locator("#statusbar").bounding_box()
    if bar is None or bar["height"] > 0.15 * 844:
        out.append(f"prompt {bar}")
    slots = page.eval_on_selector_all("#queue .slot", "els => els.map(e => e.getBoundingClientRect().toJSON())")
    if not slots or not all(s["left"] >= 0 and s["right"] <= 390 for s in slots):
        out.append(f"queue {slots}")
    if page.locator("#queue .slot-cost").count() != len(slots):
        out.append("queue costs")
    title = page.evaluate("(() => { const e = document.getElementById('topbar-title'); "
                          "return [e.textContent, e.scrollWidth, e.clientWidth]; })()")
    if not title[0].startswith("Round") or title[1] > title[2] + 1:
        out.append(f"header {title}")
    in_view = page.evaluate("""() => [...document.querySelectorAll('.main-col .legal')].some(e => {
        const r = e.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })""")
    if page.locator(".main-col .legal").count() and not in_view:
        out.append("nothing to click in view")
    return out
