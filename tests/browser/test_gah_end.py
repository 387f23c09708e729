"""Grand Austria Hotel in a real browser: bots take over and finish the game, the end screen
shows the server's scores, and the replay viewer steps through the finished game."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Pages, Server, require_browser, shot
from tests.browser.ui import click_and_wait, create_and_join, fill_lobby, in_view, wait_my_turn


def wait_step(page: Any, step: int) -> None:
    page.wait_for_function("s => document.querySelector('#replay-step').textContent.startsWith(`Step ${s} of`)",
                           arg=step)


def test_bots_finish_end_screen_and_replay(server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    page = pages.new()
    fill_lobby(page, server.base, "Cleo", ["easy", "easy"])
    _, game_id, token = create_and_join(page, 5, "Cleo")
    # the bots (seats 2 and 1) choose their starting guests first, then it is Cleo's turn
    wait_my_turn(page)
    click_and_wait(page, "#queue .slot.legal")
    # Cleo leaves the table: a bot plays her seat from now on, and the bots finish the game
    page.click("#bot-controls > summary")
    page.select_option("#bot-level", "easy")
    page.click("#bot-controls button[data-bot-seat='0']")  # the confirm dialog is accepted
    page.wait_for_selector("#end-screen", timeout=90000)

    final = server.state(game_id, token)
    assert final["status"] == "finished"
    result = final["result"]
    shown = [int(page.inner_text(f"#breakdown [data-final='{i}']")) for i in range(3)]
    assert shown == result["scores"] == final["scores"]
    assert [int(page.inner_text(f"#players [data-score='{i}']")) for i in range(3)] == result["scores"]
    for source in result["breakdown"][0]:  # every VP source has a row; each column adds up to the score
        assert page.locator(f"#breakdown tr[data-source='{source}']").count() == 1
    for i in range(3):
        cells = page.locator(f"#breakdown tbody tr[data-source] td:nth-child({i + 2})")
        assert sum(int(cells.nth(k).inner_text()) for k in range(cells.count())) == result["scores"][i]
    names = [s["name"] for s in final["seats"]]
    for w in result["winners"]:
        assert names[w] in page.inner_text("#winners")
    assert page.locator("#prompt[data-mine='1']").count() == 0
    shot(page, "10-end-screen")

    # the full log is fetched on request: one line per event (and seat change)
    page.click("#full-log")
    page.wait_for_function("n => document.querySelectorAll('#log li').length === n", arg=final["log_total"])
    log = server.http.get(f"/api/games/{game_id}/log", params={"token": token}).json()
    for i in range(3):  # every VP change is a line of the log, and they add up to the score
        assert sum(e.get("vp", 0) for e in log if e.get("seat") == i and e.get("kind") != "seat") == result["scores"][i]
    # each line of the breakdown opens onto the events behind it
    for source in ("guests", "leftovers"):
        page.click(f"[data-open-source='{source}']")
        page.wait_for_selector(f"#source-events[data-source='{source}']")
        for i in range(3):
            head = page.inner_text(f"#source-events .source-seat[data-seat='{i}'] h4")
            assert head.endswith(f" {result['breakdown'][i][source]}"), (source, i, head)
    shot(page, "10b-end-screen-events")
    assert page.locator("#download-record").get_attribute("href").endswith(f"record?token={token}")

    # replay viewer: first / next / slider / last / previous
    steps = final["revision"]
    page.click("#open-replay")
    page.wait_for_selector("#replay-step")
    page.wait_for_function("() => document.querySelector('#replay-step').textContent.includes('Step 0 of')")
    # it opens where it can be seen (issue 64: it opened below the end screen, and nothing scrolled)
    assert in_view(page, "#replay")
    assert f"of {steps}" in page.inner_text("#replay-step")
    page.click("#replay-next")
    wait_step(page, 1)
    half = steps // 2
    page.locator("#replay-slider").fill(str(half))
    wait_step(page, half)
    # every panel shows the moment the replay is at: the score table, and the log up to that step
    at_half = server.http.get(f"/api/games/{game_id}/replay/{half}", params={"token": token}).json()
    page.wait_for_function("n => document.querySelectorAll('#log li[data-idx]').length > 0", arg=half)
    shown = [int(page.inner_text(f"#players [data-score='{i}']")) for i in range(len(at_half["scores"]))]
    assert shown == at_half["scores"] != result["scores"]
    idx = [int(x) for x in page.locator("#log li[data-idx]").evaluate_all("els => els.map(e => e.dataset.idx)")]
    assert idx and max(idx) == half - 1, (max(idx), half)
    assert page.inner_text("#topbar-title").startswith(f"Round {at_half['view']['round']}/")
    shot(page, "11-replay-middle")
    page.click("#replay-last")
    wait_step(page, steps)
    assert ": " + " : ".join(str(s) for s in result["scores"]) in page.inner_text("#replay-step")
    page.click("#replay-prev")
    wait_step(page, steps - 1)
    page.click("#replay-first")
    wait_step(page, 0)
    # at step 0 nobody has rooms yet; the replay shows all three public boards
    assert page.locator("#replay .room.prepared, #replay .room.occupied").count() == 0
    assert page.locator("#replay .opponent").count() == 3
    page.click("#close-replay")
    page.wait_for_selector("#end-screen")
