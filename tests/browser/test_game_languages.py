"""A whole Let's Waltz! game (all five modules) played by clicking in Chinese and in German:
no English card name or sentence on the board or in the log (proper names that print leaves
untranslated aside), and every VP change is a line of the log."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from tests.browser.conftest import Pages, Server, require_browser, shot
from tests.browser.gah_modules_ui import progress_choice
from tests.browser.ui import click_action, create_and_join, fill_lobby, legal, wait_my_turn_or_end
from tests.i18n.test_catalogs import printed_names

LOCALES = {"zh": "zh-CN", "de": "de-DE"}
# English words that German never uses: a German page showing one has English left on it
ENGLISH = {"the", "takes", "take", "and", "with", "from", "your", "you", "room", "rooms", "guest", "guests",
           "staff", "card", "cards", "round", "turn", "dancer", "dancers", "ballroom", "free", "for", "Emperor",
           "scoring", "points", "plays", "passes", "ends", "prepares", "occupies", "serves", "moves", "choose",
           "Choose", "penalty", "tile", "each", "score", "dice", "player", "players", "wins"}


def english_left(text: str, lang: str, allowed: set[str]) -> list[str]:
    words = re.findall(r"[A-Za-zÄÖÜäöüß]{3,}", text)
    if lang == "zh":
        return sorted({w for w in words if w not in allowed and re.fullmatch(r"[A-Za-z]+", w)})
    return sorted({w for w in words if w in ENGLISH})


@pytest.mark.parametrize("lang", ["zh", "de"])
def test_a_whole_all_modules_game_in_another_language(lang: str, server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    page = pages.new(locale=LOCALES[lang])
    fill_lobby(page, server.base, "Vera", ["easy"])
    page.check("#modules input[name='modules-all']")
    _, game_id, token = create_and_join(page, 21, "Vera")
    page.wait_for_selector(".game[data-status='active']")
    allowed = printed_names(lang) | {"Vera"}
    rng = random.Random(5)
    clicked, seen = 0, set()
    started = time.time()
    while True:
        if not wait_my_turn_or_end(page):
            break
        if clicked % 10 == 0:  # the whole page: board, prompt, players, log
            left = english_left(page.inner_text("#app"), lang, allowed)
            assert not left, f"English on the {lang} page after {clicked} clicks: {left}"
            seen.add(clicked)
        click_action(page, progress_choice(rng, legal(page)), timeout=30000)
        clicked += 1
        assert time.time() - started < 240, f"the game did not end in time ({clicked} actions)"
    page.wait_for_selector("#end-screen")
    page.click("#full-log")
    final = server.state(game_id, token)
    page.wait_for_function("n => document.querySelectorAll('#log li').length === n", arg=final["log_total"])
    left = english_left(page.inner_text("#app"), lang, allowed)
    assert not left, f"English on the {lang} end screen and log: {left}"
    # every VP change is a line of the log: the lines' VP add up to each player's score
    for p in range(2):
        vps = page.eval_on_selector_all(f"#log li[data-seat='{p}']", "els => els.map(e => Number(e.dataset.vp))")
        assert sum(vps) == final["result"]["scores"][p]
    shot(page, f"60-whole-game-{lang}")
    assert len(seen) > 5
