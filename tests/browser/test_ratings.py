"""Issue 62, "Ratings", in the browser: an account makes a rated table from the lobby (the hints
option goes away; its seat is taken at once), plays it against a bot with no hint button and
a "Rated game" mark, and when the game is over the lobby's leaderboard lists the account
among the bot levels at their fixed ratings, says which bot it plays like, and opens its
history of rated games (German words on a German page)."""

from __future__ import annotations

import uuid

from tests.browser.conftest import Pages, Server, require_browser, shot

# random legal moves of the page's own seat until the game is over (the bot moves by itself)
PLAY_OUT = """async ([gameId, token]) => {
  const end = Date.now() + 120000;
  while (Date.now() < end) {
    const s = await (await fetch(`/api/games/${gameId}?token=${encodeURIComponent(token)}`)).json();
    if (s.status === 'finished') return s.result;
    if (!s.legal.length) { await new Promise((r) => setTimeout(r, 50)); continue; }
    const a = s.legal[Math.floor(Math.random() * s.legal.length)].action;
    await fetch(`/api/games/${gameId}/actions`, {method: 'POST', headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({token, revision: s.revision, action: a})});
  }
  return null;
}"""


def test_a_rated_game_against_a_bot_puts_the_account_on_the_leaderboard(server: Server, browser: object,
                                                                          pages: Pages) -> None:
    require_browser()
    name = "Rated " + uuid.uuid4().hex[:6]
    page = pages.new(locale="de-DE")
    page.goto(f"{server.base}/")
    page.wait_for_selector("#account-name-input")
    assert page.locator("#rated").count() == 0  # a guest makes no rated table
    page.fill("#account-name-input", name)
    page.fill("#account-password", "a rated password")
    page.click("#signup")
    page.wait_for_selector("#account-name")
    page.select_option("#game-select", "burger-joint")
    page.wait_for_selector("#rated")
    assert page.locator("#allow-hints").count() == 1
    page.check("#rated")
    page.wait_for_selector("#allow-hints", state="detached")  # no hints at a rated table
    page.click("#create-button")
    page.wait_for_url("**/game/**")  # a person and a bot: the game starts at once, the maker at seat 0
    link = page.url
    page.wait_for_selector("#table-rated")
    assert page.inner_text("#table-rated") == "Gewertete Partie"
    assert page.locator("#hint").count() == 0
    shot(page, "ratings-01-rated-game")
    game_id = link.split("/game/")[1].split("?")[0]
    token = link.split("token=")[1]
    assert page.evaluate(PLAY_OUT, [game_id, token]) is not None

    page.goto(f"{server.base}/")
    page.wait_for_selector("#rating-game")
    page.select_option("#rating-game", "burger-joint")
    row = page.wait_for_selector(f"#leaderboard tr[data-rating='{name}']")
    assert row is not None
    bots = page.locator("#leaderboard tr.bot-row").count()
    assert bots >= 4  # every measured level, at its fixed rating
    mine = page.inner_text("#my-rating")
    assert "Deine Wertung" in mine and "1 gewertete" in mine and ("spielt" in mine or "unter jedem Bot" in mine)
    ratings = [float(x) for x in page.locator("#leaderboard td.num:nth-child(3)").all_inner_texts()]
    assert ratings == sorted(ratings, reverse=True)
    page.click(f"#leaderboard tr[data-rating='{name}'] button")
    page.wait_for_selector(f"#rating-history li[data-history='{game_id}']")
    assert "Platz" in page.inner_text("#rating-history")
    shot(page, "ratings-02-leaderboard")
