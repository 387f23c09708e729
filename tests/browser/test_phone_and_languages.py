"""Phone-sized screen (375 px) and the language switch (English, German, Chinese)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.browser.conftest import Pages, Server, require_browser, shot
from tests.browser.ui import click_and_wait, wait_my_turn

I18N = Path(__file__).resolve().parents[2] / "tabletop" / "web" / "static" / "i18n"


def strings(lang: str) -> dict[str, str]:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    view = page.evaluate("window.innerWidth")
    assert width <= view, f"the page is {width} px wide on a {view} px screen"


def test_phone_layout_and_languages(server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    g = server.started_game(names=("Ann", "Ben", "Cy"), seed=21)
    phone = pages.new(width=375, height=812)
    # seat 2 chooses the first starting guest (reverse turn order)
    phone.goto(server.link(g["id"], g["seats"][2]["token"]))
    phone.wait_for_selector(".game[data-status='active']")
    wait_my_turn(phone)
    no_sideways_scroll(phone)
    # on a phone the other players' boards start collapsed and open on a tap
    opponents = phone.locator("#opponents details.opponent")
    assert opponents.count() == 2
    assert all(opponents.nth(i).get_attribute("open") is None for i in range(2))
    shot(phone, "20-phone-start", full_page=False)
    opponents.first.locator("summary").click()
    assert opponents.first.get_attribute("open") is not None
    assert opponents.first.locator(".hotel .room").count() == 20
    # acting works with taps on the small screen
    rev = click_and_wait(phone, "#queue .slot.legal")
    assert rev == 1 and server.state(g["id"], g["seats"][2]["token"])["view"]["players"][2]["cafe"][0]
    assert phone.locator("#opponents details.opponent").first.get_attribute("open") is not None  # kept open
    no_sideways_scroll(phone)
    shot(phone, "21-phone-board")

    # German
    de, zh, en = strings("de"), strings("zh"), strings("en")
    phone.select_option("#lang-select", "de")
    phone.wait_for_function("t => document.querySelector('#queue h3').textContent.startsWith(t)", arg=de["game.queue"])
    assert phone.get_attribute("html", "lang") == "de"
    waiting = de["prompt.other"].split("{")[0]  # "Warten auf "
    assert phone.inner_text("#prompt").startswith(waiting)
    assert de["space.3"] in phone.inner_text("#action-board")
    no_sideways_scroll(phone)
    shot(phone, "22-phone-german")
    # Chinese, and it stays chosen on the next page (the lobby)
    phone.select_option("#lang-select", "zh")
    phone.wait_for_function("t => document.querySelector('#queue h3').textContent.startsWith(t)", arg=zh["game.queue"])
    assert zh["game.actionBoard"] in phone.inner_text("#action-board")
    no_sideways_scroll(phone)
    shot(phone, "23-phone-chinese")
    phone.goto(server.base + "/")
    phone.wait_for_selector("#create-form")
    assert phone.inner_text("#create-form h2") == zh["lobby.new"]
    assert phone.input_value("#lang-select") == "zh"
    no_sideways_scroll(phone)
    shot(phone, "24-phone-lobby-chinese")
    phone.select_option("#lang-select", "en")
    phone.wait_for_function("t => document.querySelector('#create-form h2').textContent === t", arg=en["lobby.new"])

    # a wide screen in German: the whole board, opponents open
    wide = pages.new(locale="de-DE")
    wide.goto(server.link(g["id"], g["seats"][1]["token"]))  # a fresh browser follows the system language
    wide.wait_for_selector(".game[data-status='active']")
    wait_my_turn(wide)
    assert wide.inner_text("#queue h3").startswith(de["game.queue"])
    assert wide.locator("#opponents details.opponent[open]").count() == 2
    shot(wide, "25-wide-german")
