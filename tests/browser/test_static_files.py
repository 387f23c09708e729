"""The front end's static files, checked without a browser: the three languages have the same
keys and placeholders, every literal key the scripts use exists, the card-text file covers every
staff card and emperor tile, and the browser-test gate reports a missing Chromium clearly."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from tabletop.web.service import WEB_BOTS
from tests.browser.conftest import browser_problem

STATIC = Path(__file__).resolve().parents[2] / "tabletop" / "web" / "static"
GAH_DATA = Path(__file__).resolve().parents[2] / "tabletop" / "games" / "grand_austria_hotel" / "data"
LANGS = ("en", "de", "zh")


def load(lang: str) -> dict[str, str]:
    return json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_languages_have_the_same_keys_and_placeholders() -> None:
    en = load("en")
    for lang in LANGS[1:]:
        other = load(lang)
        assert set(other) == set(en), f"{lang}: missing {set(en) - set(other)}, extra {set(other) - set(en)}"
        for key, text in en.items():
            if key == "_plural":  # the language's plural rule, not a text
                continue
            # plural messages are lists (one form per plural class of the language)
            forms = other[key] if isinstance(other[key], list) else [other[key]]
            wanted = set(re.findall(r"\{\w+\}", text if isinstance(text, str) else text[-1]))
            for form in forms:
                got = set(re.findall(r"\{\w+\}", form))
                assert got == wanted or got - {"{n}"} == wanted - {"{n}"}, (lang, key)
                assert form.strip(), (lang, key)


def test_every_literal_key_in_the_scripts_exists() -> None:
    en = load("en")
    used: set[str] = set()
    for js in (STATIC / "js").glob("*.js"):
        if js.name == "i18n.js":  # the translator itself (its comments show example keys)
            continue
        used |= set(re.findall(r"""\b(?:t|has)\(\s*"([\w.:-]+)"\s*[,)]""", js.read_text(encoding="utf-8")))
    assert used, "no keys found: the pattern is wrong"
    missing = sorted(k for k in used if k not in en)
    assert not missing, f"keys used in static/js but not in en.json: {missing}"


def test_dynamic_key_families_are_complete() -> None:
    en = load("en")
    board = yaml.safe_load((GAH_DATA / "board.yaml").read_text())
    for phase in ("draft", "start_guest", "start_rooms", "roll", "play", "emperor", "over"):
        assert f"phase.{phase}" in en
    for src in ("guests", "rooms", "emperor", "bonuses", "objectives", "staff", "penalties", "leftovers", "cafe"):
        assert f"vp.{src}" in en
    for n in range(1, 7):
        assert f"space.{n}" in en
    for kind in ("turn", "place", "serve", "food", "rooms", "empmoney", "play", "drawn", "occupy", "freeguest",
                 "sguest", "choice", "complete", "gizia", "penalty", "avoid", "discard", "discardend", "remove",
                 "removeocc", "bonuskind", "draft"):
        assert f"prompt.{kind}" in en and f"doing.{kind}" in en, kind
    for colour in {r["colour"] for r in board["hotel"]["rooms"]} | {"green"}:
        assert f"colour.{colour}" in en
    for level in set(WEB_BOTS) - {"random"}:  # every level a table offers (random: for tests and scripts)
        assert f"level.{level}" in en, level


def test_card_texts_cover_every_staff_card_and_emperor_tile() -> None:
    texts = json.loads((GAH_DATA / "card_texts.json").read_text(encoding="utf-8"))
    staff = yaml.safe_load((GAH_DATA / "staff.yaml").read_text())["staff"]
    tiles = yaml.safe_load((GAH_DATA / "emperor.yaml").read_text())["emperor_tiles"]
    assert {s["slug"] for s in staff} <= set(texts["staff"])
    assert {t["id"] for t in tiles} <= set(texts["emperor_tiles"])


def test_a_missing_chromium_is_reported_not_ignored() -> None:
    problem = browser_problem({"TABLETOP_CHROMIUM": "/nonexistent/chromium", "PATH": ""})
    assert problem is not None and ("NOT FOUND" in problem or "Playwright" in problem)
