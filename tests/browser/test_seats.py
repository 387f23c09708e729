"""Who plays a seat, in the browser: a player away past the table's limit shows a countdown to
everyone; when it runs out the others may let a bot play the seat (and the log says so); the
player comes back with their own link and takes the seat back."""

from __future__ import annotations

from tests.browser.conftest import Pages, Server, require_browser, shot


def test_away_countdown_bot_takeover_and_taking_the_seat_back(server: Server, browser: object, pages: Pages) -> None:
    require_browser()
    # the countdown shows only until the limit runs out: 10 s leave a slow machine time to draw
    # the page while it still counts (3 s did not, under load on a machine 4.4 times slower)
    g = server.started_game(away_limit=10)
    gid = g["id"]
    ben = pages.new()
    ben.goto(server.link(gid, g["seats"][1]["token"]))
    # Ann never opened her link: everyone sees her countdown; no button to replace her yet
    ben.wait_for_selector("[data-away='0'] .countdown")
    ben.click("#bot-controls > summary")
    assert ben.locator("[data-bot-seat='0']").count() == 0
    assert ben.locator("[data-away='1']").count() == 0  # Ben is here
    shot(ben, "seats-01-countdown")
    # the countdown runs out: the button appears, and a bot takes Ann's seat
    ben.wait_for_selector("[data-bot-seat='0']", timeout=25000)
    ben.select_option("#bot-level", "easy")
    ben.click("[data-bot-seat='0']")
    ben.wait_for_selector("li.seat-change[data-reason='away']")
    assert "Ann" in ben.inner_text("li.seat-change[data-reason='away']")
    assert server.state(gid, g["seats"][1]["token"])["seats"][0]["stand_in"]
    shot(ben, "seats-02-taken-over")
    # Ann comes back with her link and takes her seat back
    ann = pages.new()
    ann.goto(server.link(gid, g["seats"][0]["token"]))
    ann.wait_for_selector("#stand-in #reclaim")
    ann.click("#reclaim")
    ann.wait_for_selector("li.seat-change[data-seat-change='reclaimed']")
    assert ann.locator("#stand-in").count() == 0
    ben.wait_for_selector("li.seat-change[data-seat-change='reclaimed']")
    s = server.state(gid, g["seats"][0]["token"])
    assert s["seats"][0]["kind"] == "human" and s["seats"][0]["present"]
    ben.wait_for_selector("[data-away='0']", state="detached")  # Ann is here: no countdown
    shot(ann, "seats-03-back")



def test_the_game_page_offers_the_bot_levels_of_its_game(server: Server, browser: object, pages: Pages) -> None:
    """The master only where the game has its judgement (Grand Austria Hotel, not Burger Joint)."""
    require_browser()
    page = pages.new()
    gah = ["easy", "medium", "hard", "expert", "master"]
    for game, levels in (("grand-austria-hotel", gah), ("burger-joint", gah[:-1])):
        g = server.started_game(game=game)
        page.goto(server.link(g["id"], g["seats"][0]["token"]))
        # the levels come with GET /api/meta, which may answer after the first drawing
        page.wait_for_function("n => document.querySelectorAll('#bot-level option').length === n", arg=len(levels))
        assert page.eval_on_selector_all("#bot-level option", "os => os.map((o) => o.value)") == levels, game
        assert page.input_value("#bot-level") == "medium"
