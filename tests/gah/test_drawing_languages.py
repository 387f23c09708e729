"""The table drawing (``render`` / ``render_rich``) in the player's language.

Every word of the drawing comes from the catalogs (``game`` keys ``draw.*``, card names from
``cards``): the English drawing is the one pinned elsewhere (test_text_modules.py, tests/cli),
and German and Chinese drawings carry no English words. The drawing reads the seat's view as
before, so nothing hidden shows in any language."""

from __future__ import annotations

import io
import re
from functools import cache

import pytest
from click.testing import CliRunner
from rich.console import Console

from tabletop.cli.main import cli
from tabletop.games.grand_austria_hotel import render, render_rich
from tabletop.games.grand_austria_hotel import text_modules as TM
from tabletop.games.grand_austria_hotel.modules.ballrooms.board import _val
from tabletop.games.grand_austria_hotel.state import GahState
from tabletop.games.grand_austria_hotel.text import draw_prompt, prompt
from tabletop.i18n.catalog import catalog, po_path, read
from tests.gah.scenario import walk

LATIN = re.compile(r"[A-Za-z]{3,}")
NOTATION = re.compile(r"[scwkh]+")  # item letters (s strudel, c cake, w wine, k coffee, h champagne), as in actions
ROMAN = {"II", "III", "IV"}  # the modules' numbers I-V in the section titles
ENGLISH = ("the", "and", "Round", "Dice", "Queue", "kitchen", "table", "floor", "hand", "played", "cards",
           "wants", "cost", "emperor", "tile", "covered", "krone")
# as the English drawing writes them; case-sensitive, as German's "Krone" is the same word capitalized
ENGLISH_WORD = re.compile(r"\b(" + "|".join(ENGLISH) + r")\b")
GAMES = [("", 2), ("", 4), ("all", 2), ("all", 4)]


@cache
def unchanged_names(lang: str) -> tuple[str, ...]:
    """Card names print leaves as they are in ``lang`` (cards.po: translator comment 'unchanged')."""
    names: set[str] = set()
    for m in read(po_path(lang, "cards"), lang):
        if any("unchanged" in c for c in m.user_comments) and isinstance(m.string, str) and m.string:
            names.add(m.string)
            names.add(m.string.split(",")[0])  # "The Kozi Palace, Vienna" is also said without the city
    return tuple(sorted(names, key=len, reverse=True))


@cache
def zh_allowed() -> frozenset[str]:
    words = {w for name in unchanged_names("zh") for w in LATIN.findall(name)} | ROMAN
    if "VP" in catalog("zh").n("vp", 1):
        words.add("VP")
    return frozenset(words)


def rich_text(st: GahState, seat: int | None, lang: str) -> str:
    console = Console(record=True, width=200, file=io.StringIO())  # recorded, not shown
    console.print(render_rich(st, seat, lang=lang))
    return console.export_text()


def positions(modules: str, players: int, seed: int = 5, every: int = 45) -> list[GahState]:
    """A few positions of a seeded random game (the start, some turns, the end)."""
    return [st.clone() for st, a in walk(modules, players, seed) if len(st.history) % every == 0 or a is None]


def drawings(modules: str, players: int, lang: str) -> list[str]:
    texts = []
    for st in positions(modules, players):
        for seat in (None, players - 1):
            texts.append(render(st, seat, lang=lang))
            texts.append(rich_text(st, seat, lang))
    return texts


def zh_english(text: str) -> list[str]:
    return [w for w in LATIN.findall(text) if w not in zh_allowed() and not NOTATION.fullmatch(w)]


def de_english(text: str) -> list[str]:
    for name in unchanged_names("de"):
        text = text.replace(name, "")
    return ENGLISH_WORD.findall(text)


# ------------------------------------------------------------------ the languages
@pytest.mark.parametrize(("modules", "players"), GAMES)
def test_the_chinese_drawing_has_no_english_words(modules: str, players: int) -> None:
    """Chinese keeps only the printed names left in Latin letters, codes (A1, CM5, g0, s1),
    the item letters of the action notation and the modules' Roman numbers."""
    for text in drawings(modules, players, "zh"):
        assert "{" not in text and "draw." not in text, text
        assert not zh_english(text), (zh_english(text), text)
        assert "第 " in text and "厨房" in text and "手牌" in text


@pytest.mark.parametrize(("modules", "players"), GAMES)
def test_the_german_drawing_has_no_english_words(modules: str, players: int) -> None:
    for text in drawings(modules, players, "de"):
        assert "{" not in text and "draw." not in text, text
        assert not de_english(text), (de_english(text), text)
        assert "Runde " in text and "Küche" in text and "Handkarten" in text


def test_every_module_section_is_drawn_in_german_and_chinese() -> None:
    st = positions("all", 4)[-1]
    for lang in ("de", "zh"):
        cat = catalog(lang)
        text = render(st, 0, lang=lang)
        rich = rich_text(st, 0, lang)
        for name in TM.TITLES:
            title = cat.t(f"draw.title.{name}")
            assert title != TM.TITLES[name] and f"— {title}" in text
            assert title.split("（")[0].split(" (")[0] in rich


# ------------------------------------------------------------------ English as before
def test_english_is_the_default_and_its_catalog_words_are_the_drawing_s() -> None:
    """The English catalog reproduces the English drawing: the prompt, the titles, the text."""
    en = catalog("en")
    assert {n: en.t(f"draw.title.{n}") for n in TM.TITLES} == TM.TITLES
    for modules, players in GAMES:
        for st, a in walk(modules, players, 3):
            if len(st.history) % 30 == 0 or a is None:
                assert draw_prompt(en, st) == prompt(st)
                assert render(st, 0, lang="en") == render(st, 0)
                console = Console(record=True, width=200, file=io.StringIO())
                console.print(render_rich(st, None))
                assert rich_text(st, None, "en") == console.export_text()


# ------------------------------------------------------------------ nothing hidden
@pytest.mark.parametrize("lang", ["de", "zh"])
def test_hidden_celebrities_and_entrances_are_not_drawn_in_any_language(lang: str) -> None:
    """M2-2 the face-down celebrity stack, M3-2 the entrances left in the box: as in English,
    only what the seat's view holds is drawn."""
    cat = catalog(lang)
    checked = 0
    for st, a in walk("all", 3, seed=11):
        if len(st.history) % 40 and a is not None:
            continue
        true = st.to_position()["modules"]
        data = st.rules.module_data
        laid = {e["id"] for e in true["unique_hotels"]["entrances"]}
        hidden = [cat.t(f"celebrity.{c}.name") for c in true["celebrities"]["stack"]]
        hidden += [cat.t(f"entrance.{r['id']}.name") for r in _val(data["unique_hotels"]["entrances"])
                   if r["id"] not in laid]
        for seat in (None, 0):
            text = render(st, seat, lang=lang)
            assert not [h for h in hidden if h in text], seat
        checked += len(hidden)
    assert checked > 0


# ------------------------------------------------------------------ tabletop play
@pytest.mark.parametrize("plain", [True, False])
def test_play_draws_the_table_in_the_chosen_language(plain: bool) -> None:
    args = ["play", "-n", "2", "--seed", "3", "--bots", "random", "-o", "modules=all"] + (["--plain"] if plain else [])
    zh = CliRunner().invoke(cli, [*args, "--lang", "zh"], input="quit\n", catch_exceptions=False)
    assert zh.exit_code == 0, zh.output
    assert "第 1/7 轮" in zh.output and "I 维也纳舞厅" in zh.output and "Round 1/7" not in zh.output
    de = CliRunner().invoke(cli, [*args, "--lang", "de"], input="quit\n", catch_exceptions=False)
    assert de.exit_code == 0, de.output
    assert "Runde 1/7" in de.output and "Küche" in de.output and "kitchen" not in de.output
    en = CliRunner().invoke(cli, [*args, "--lang", "en"], input="quit\n", catch_exceptions=False)
    assert "Round 1/7" in en.output and "kitchen" in en.output
