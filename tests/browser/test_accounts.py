"""Issue 62, "Who you are", in the browser: a guest plays, makes an account and keeps the game;
the same person on another device (German) is refused a wrong password in German, logs in and
finds the game; logging out everywhere ends the first device's session too."""

from __future__ import annotations

import uuid

from tests.browser.conftest import Pages, Server, require_browser, shot


def test_a_guest_makes_an_account_and_finds_its_game_on_another_device(server: Server, browser: object,
                                                                        pages: Pages) -> None:
    require_browser()
    name = "Ann " + uuid.uuid4().hex[:6]  # the session's server keeps accounts of other tests
    password = "waltz in vienna"
    laptop = pages.new()
    laptop.goto(f"{server.base}/")
    laptop.click("#play-solo")  # a guest's game against a bot
    laptop.wait_for_url("**/game/**")
    game_id = laptop.url.split("/game/")[1].split("?")[0]
    laptop.goto(f"{server.base}/")
    laptop.wait_for_selector(f"li.my-game[data-game='{game_id}']")
    laptop.fill("#account-name-input", name)
    laptop.fill("#account-password", password)
    laptop.click("#signup")
    laptop.wait_for_selector("#account-name")
    assert name in laptop.inner_text("#account-name")
    assert laptop.inner_text("#account-note").endswith("1")  # the guest's game is the account's now
    cookie = next(c for c in laptop.context.cookies() if c["name"] == "tabletop_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    assert laptop.evaluate("document.cookie").find("tabletop_session") < 0  # no script reads it
    shot(laptop, "accounts-01-signed-up")

    phone = pages.new(width=390, height=844, locale="de-DE")
    phone.goto(f"{server.base}/")
    phone.wait_for_selector("#account-name-input")
    phone.fill("#account-name-input", name)
    phone.fill("#account-password", "not the password")
    phone.click("#login")
    phone.wait_for_selector("#account-error")
    assert phone.inner_text("#account-error") == "Falscher Name oder falsches Passwort."
    phone.fill("#account-password", password)
    phone.click("#login")
    phone.wait_for_selector(f"li.my-game[data-game='{game_id}']")  # the game, on the other device
    assert "Angemeldet als" in phone.inner_text("#account-name")
    shot(phone, "accounts-02-other-device")

    phone.click("#logout-all")
    phone.wait_for_selector("#account-name-input")
    laptop.reload()
    laptop.wait_for_selector("#account-name-input")  # its session ended too: a guest again
    assert laptop.locator("#account-name").count() == 0
    taken = laptop.evaluate("""async (n) => (await fetch('/api/accounts', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({name: n.toUpperCase(), password: 'another password'})})).status""", name)
    assert taken == 409
