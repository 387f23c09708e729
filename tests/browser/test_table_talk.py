"""Issue 62 in the browser, two people in two browser contexts: an open table found in the lobby
and sat at with one click, the table's chat (markup sent as text, a person muted by one reader
only), and the rematch at the end (one click each: the same people, everyone one seat on)."""

from __future__ import annotations

from tests.browser.conftest import Pages, Server, require_browser, shot

MARKUP = "<b>bold</b><img src=x onerror=\"window.pwned=1\">"


def test_an_open_table_its_chat_and_the_rematch(server: Server, browser: object, pages: Pages) -> None:
    require_browser()
    ann = pages.new()
    ann.goto(f"{server.base}/")
    ann.wait_for_selector("#create-form")
    ann.select_option("select[name='seat-1-kind']", "human")
    ann.fill("input[name='seat-0-name']", "Ann")
    ann.check("input[name='discard_free_guests']")  # a variant: the list of open tables names it
    ann.check("#listed")
    ann.click("#create-button")
    ann.wait_for_selector("#created")
    seat0 = ann.input_value("[data-invite='0']")
    gid = seat0.split("/game/")[1].split("?")[0]

    ben = pages.new(locale="zh-CN")
    ben.goto(f"{server.base}/")
    ben.wait_for_selector(f"li.open-table[data-table='{gid}']")
    entry = ben.inner_text(f"li.open-table[data-table='{gid}']")
    assert "Ann" in entry  # its maker sits there already
    assert "弃掉免费房客" in entry and "不计时" in entry  # the variant and the clock (none), in Ben's words
    ben.fill("#sit-name", "Ben")
    ben.click(f"[data-sit='{gid}']")
    ben.wait_for_url(f"**/game/{gid}?token=*")
    ben.wait_for_selector("#waiting-room")
    ann.goto(seat0)
    ann.wait_for_selector("#start-button:not([disabled])")
    ann.click("#start-button")
    ann.wait_for_selector(".game[data-status='active']")
    ben.wait_for_selector(".game[data-status='active']")
    shot(ben, "table-talk-01-sat-down")

    # the chat: markup arrives as the characters typed, nothing of it runs
    ann.fill("#chat-input", MARKUP)
    ann.click("#chat-send")
    ben.wait_for_selector("#chat li.chat-line[data-chat='0']")
    assert ben.inner_text("#chat li.chat-line[data-chat='0'] .chat-text") == MARKUP
    assert ben.locator("#chat b, #chat img").count() == 0
    assert ben.evaluate("window.pwned") is None and ann.evaluate("window.pwned") is None
    ben.fill("#chat-input", "你好")
    ben.press("#chat-input", "Enter")
    ann.wait_for_selector("#chat li.chat-line[data-chat='1']")
    assert ann.inner_text("#chat li.chat-line[data-chat='1'] .chat-text") == "你好"
    # Ben mutes Ann: her lines are hidden for him only
    ben.click("#chat [data-mute='0']")
    ben.wait_for_selector("#chat .chat-hidden")
    assert ben.locator("#chat li.chat-line[data-chat-seat='0']").count() == 0
    assert ann.locator("#chat li.chat-line[data-chat-seat='0']").count() == 1
    shot(ben, "table-talk-02-chat")

    # the game ends (bots finish it for both), then one click each to play again
    ben_token = ben.url.split("token=")[1]
    ann_token = seat0.split("token=")[1]
    for seat, token in ((0, ann_token), (1, ben_token)):
        server.post(f"/api/games/{gid}/seats/{seat}/bot", {"token": token, "bot": "random"})
    ann.wait_for_selector("#end-screen", timeout=60000)
    ben.wait_for_selector("#end-screen", timeout=60000)
    ann.click("#rematch")
    ann.wait_for_url("**/game/**")
    ann.wait_for_function(f"() => !location.pathname.endsWith('{gid}')")
    new_gid = ann.url.split("/game/")[1].split("?")[0]
    ben.wait_for_selector("#rematch-ready")
    ben.click("#rematch-ready")
    ben.wait_for_url(f"**/game/{new_gid}?token=*")
    ben.wait_for_selector(".game[data-status='active']")
    ann.wait_for_selector(".game[data-status='active']")
    assert ben.get_attribute(".game", "data-seat") == "0" and ann.get_attribute(".game", "data-seat") == "1"
    shot(ben, "table-talk-03-rematch")
