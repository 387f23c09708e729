"""Issue 64 (1): no English left on a German or Chinese page where a tester found some.

- The lobby's new-game form (Grand Austria Hotel): the politics-card and Emperor-tile choices
  (the option texts and their hover texts, from the `cards` catalog) and the help of the data
  override option (the `ui` catalog, not the server's English help).
- A Chinese board of a game with all five Let's Waltz! modules: the ballrooms, the hotel
  entrances and the celebrities have Chinese names (the printed name kept beside a ballroom's
  and an entrance's, for looking it up)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import Pages, Server, require_browser, shot

LOCALES = {"de": "de-DE", "zh": "zh-CN"}
# English words the tester saw in these places (politics card A1's text, the data override help)
# and a few more of the cards' and the help's words; German and Chinese use none of them
ENGLISH = {"have", "krones", "krone", "during", "your", "turn", "path", "file", "override", "records",
           "anytime", "receive", "lose", "either", "points", "staff", "card", "cards", "guest", "guests",
           "room", "rooms", "emperor", "the", "and", "choose", "random", "shipped", "data", "whose"}
CJK = re.compile(r"[\u4e00-\u9fff]")
MODULES = ["ballrooms", "celebrities", "unique_hotels", "start_player", "more"]


def english_words(text: str) -> list[str]:
    return sorted({w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH})


def option_texts(page: Any, name: str) -> list[tuple[str, str]]:
    """(text, title) of every choice of a "triple" option (`objectives-A` … `emperor_tiles-C`)."""
    return page.eval_on_selector_all(
        f"select[name^='{name}-'] option[value]:not([value=''])",
        "els => els.map(e => [e.textContent, e.getAttribute('title') || ''])")


@pytest.mark.parametrize("lang", ["de", "zh"])
def test_lobby_politics_emperor_and_data_override_have_no_english(lang: str, server: Server, browser: Any,
                                                                   pages: Pages) -> None:
    require_browser()
    page = pages.new(locale=LOCALES[lang])  # a first visit follows the browser's language
    page.goto(server.base + "/")
    page.wait_for_selector("#create-form")
    assert page.input_value("#lang-select") == lang
    # the choices come with the printed data (GET /api/data/grand-austria-hotel): wait for them
    page.wait_for_function("() => document.querySelectorAll(\"select[name='objectives-A'] option\").length > 1")
    page.wait_for_function("() => document.querySelectorAll(\"select[name='emperor_tiles-A'] option\").length > 1")
    page.click("details.advanced > summary")  # the data override is an advanced option
    shown: list[str] = []
    for name in ("objectives", "emperor_tiles"):
        choices = option_texts(page, name)
        assert len(choices) >= 12, (name, choices)  # A1-C4 at least, each group in its select
        for text, title in choices:
            ident, _, words = text.partition(": ")
            assert re.fullmatch(r"[A-Z]{1,2}\d?", ident) and words and title, (name, text, title)
            if lang == "zh":  # a card text in Chinese, on the option and on hover
                assert CJK.search(words) and CJK.search(title), (name, text, title)
            shown += [text, title]
        shown.append(page.inner_text(f"div.opt:has(select[name='{name}-A']) small.help"))
    help_text = page.inner_text("div.opt:has(#opt-data_override) small.help")
    assert help_text.strip(), "the data override has no help"
    if lang == "zh":
        assert CJK.search(help_text), help_text
    shown.append(help_text)
    left = {text: english_words(text) for text in shown if english_words(text)}
    assert not left, f"English on the {lang} new-game form: {left}"
    # the tester's example: politics card A1's text, in the page's language
    a1 = dict(option_texts(page, "objectives"))
    assert not any("Have 20 krones" in t for t in a1), a1
    shot(page, f"64-lobby-options-{lang}")


def test_chinese_board_names_ballrooms_entrances_and_celebrities_in_chinese(server: Server, browser: Any,
                                                                            pages: Pages) -> None:
    require_browser()
    g = server.started_game(names=("Ann", "Ben", "Cy", "Di"), seed=11, config={"modules": MODULES})
    page = pages.new(locale=LOCALES["zh"])
    page.goto(server.link(g["id"], g["seats"][0]["token"]))
    page.wait_for_selector(".game[data-status='active']")
    page.wait_for_selector("#ballrooms .br-head b")
    page.wait_for_selector("#entrances .ent-head b")
    page.wait_for_selector("#lounge .celeb-name")
    ballrooms = page.eval_on_selector_all("#ballrooms .br-head b", "els => els.map(e => e.textContent)")
    entrances = page.eval_on_selector_all("#entrances .ent-head b", "els => els.map(e => e.textContent)")
    celebrities = page.eval_on_selector_all("#lounge .celeb-name", "els => els.map(e => e.textContent)")
    assert len(ballrooms) == 3 and len(entrances) >= 4 and len(celebrities) == 3, (ballrooms, entrances, celebrities)
    for name in ballrooms + entrances + celebrities:
        assert CJK.search(name), f"a name in Latin letters only on the Chinese board: {name!r}"
    # a ballroom's and an entrance's printed name stays beside the Chinese one, to look it up
    for name in ballrooms + entrances:
        assert re.fullmatch(r"[^（）]*[\u4e00-\u9fff][^（）]*（[^（）]+）", name), name
    shot(page, "64-board-names-zh")
