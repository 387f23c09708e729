"""The catalogs (issue: every point explained, in the player's language): one source of truth
(gettext PO files kept with Babel), complete in English, German and Chinese, each translation
with its source, the browser's JSON compiled from them, and every sentence the game can say
available in all three languages."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from tabletop.core import get_game
from tabletop.games.grand_austria_hotel.config import MODULES
from tabletop.games.grand_austria_hotel.log_text import prompt_text, sentence
from tabletop.i18n import build
from tabletop.i18n.cards import TEMPLATE, template
from tabletop.i18n.catalog import TEMPLATES, catalog, po_path, read
from tabletop.i18n.events import action_text

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def test_every_message_is_translated_and_the_browser_catalogs_are_compiled() -> None:
    assert build.check() == []


def test_the_card_template_is_made_from_the_game_data() -> None:
    from io import BytesIO

    from babel.messages.pofile import write_po

    buf = BytesIO()
    write_po(buf, template(), width=0, sort_output=False)
    assert buf.getvalue().decode() == TEMPLATE.read_text(encoding="utf-8"), \
        "run: python -m tabletop.i18n.build update"


@pytest.mark.parametrize("lang", ["de", "zh"])
@pytest.mark.parametrize("domain", build.ALL_DOMAINS)
def test_each_translation_says_where_it_comes_from_and_keeps_the_placeholders(lang: str, domain: str) -> None:
    english = {m.context: m.id for m in read(TEMPLATES / f"{domain}.pot", "en") if m.context}
    for m in read(po_path(lang, domain), lang):
        if not m.context:
            continue
        assert any(c.startswith("source: ") for c in m.user_comments), (lang, m.context)
        src = english[m.context]
        forms = list(m.string) if isinstance(m.string, tuple | list) else [m.string]
        wanted = set(PLACEHOLDER.findall(src if isinstance(src, str) else src[-1]))
        for form in forms:
            got = set(PLACEHOLDER.findall(form))
            # a singular form may spell out the number ("one"); every other placeholder stays
            assert got - {"n"} == wanted - {"n"} or got == wanted, (lang, m.context, form)


def test_printed_names_carry_their_source() -> None:
    """000's appendix prints the German staff names: the German catalog uses and cites them."""
    de = {m.context: m for m in read(po_path("de", "cards"), "de")}
    assert de["staff.breakfast-server.name"].string == "Frühstückskellner"
    assert any("000" in c for c in de["staff.breakfast-server.name"].user_comments)
    zh = {m.context: m for m in read(po_path("zh", "cards"), "zh")}
    assert any("004" in c for m in zh.values() for c in m.user_comments)


LATIN = re.compile(r"[A-Za-z]{3,}")


def latin_words(text: str, allowed: set[str]) -> list[str]:
    return [w for w in LATIN.findall(text) if w not in allowed]


def printed_names(lang: str) -> set[str]:
    """Words of names that print leaves untranslated (ballrooms, entrances, some guests)."""
    words: set[str] = set()
    for m in read(po_path(lang, "cards"), lang):
        if any("unchanged" in c for c in m.user_comments) and isinstance(m.string, str):
            words |= set(LATIN.findall(m.string))
    return words


COMBOS = [",".join(c) for k in (0, 1, 5) for c in itertools.combinations(MODULES, k)]


@pytest.mark.parametrize("modules", COMBOS)
def test_every_event_prompt_and_action_of_a_game_reads_in_every_language(modules: str) -> None:
    """Random games: every event, prompt and legal action has its sentence in en, de and zh —
    no key shown for want of a message, no placeholder left, and no English word in Chinese."""
    game = get_game("grand-austria-hotel")
    cats = {lang: catalog(lang) for lang in ("en", "de", "zh")}
    allowed = {"zh": printed_names("zh") | {"VP"}, "de": set()}
    for seed in range(3):
        st = game.new_game(players=2 + seed, seed=seed, modules=modules, staff_draft=seed == 1)
        events = st.keep_events()
        rng = random.Random(seed)
        names = ["Ann", "Ben", "Cleo", "Dan"][: st.num_players]
        while not st.is_terminal():
            texts = {}
            for lang, cat in cats.items():
                texts[lang] = [prompt_text(cat, st, names)] + [action_text("grand-austria-hotel", cat, st, a, names)
                                                               for a in st.legal_actions()[:12]]
            st.apply(st.sample_chance() if st.is_chance() else rng.choice(st.legal_actions()))
            for lang in texts:
                for text in texts[lang]:
                    assert "{" not in text and not re.search(r"\b(log|ask|count)\.\w", text), (lang, text)
                    if lang == "zh":
                        assert not latin_words(text, allowed["zh"] | set(names)), text
        for lang, cat in cats.items():
            for ev in events:
                text = sentence(cat, ev, names)
                assert "{" not in text and not re.search(r"\b(log|ask|count|source)\.\w", text), (lang, ev, text)
                if lang == "zh":
                    bad = latin_words(text, allowed["zh"] | set(names))
                    assert not bad, (ev, text, bad)
                if lang == "de" and ev["kind"] not in ("start",):
                    assert text != sentence(cats["en"], ev, names) or not LATIN.search(
                        text.replace("Ann", "").replace("Ben", "").replace("Cleo", "")), (ev, text)


def test_a_final_scoring_line_says_its_vp_even_when_nothing_scored() -> None:
    """000 Final scoring: a game-end card whose condition gave nothing (the Operator with the
    disk on space 0 after the last Emperor setback) says ``+0 VP`` in every language, instead
    of a line that leaves the player guessing; other events still say only what changed."""
    final = {"kind": "final", "round": 7, "seat": 1, "vp": 0, "kronen": 0, "emperor": 0, "sources": {},
             "params": {"line": "staff", "staff": "operator"}}
    zero_vp = {"en": "(+0 VP)", "de": "(+0 SP)", "zh": "(+0 分)"}
    for lang, shown in zero_vp.items():
        cat = catalog(lang)
        assert sentence(cat, final, ["Ann", "Ben"]).endswith(shown), lang
        scored = sentence(cat, {**final, "vp": 6, "sources": {"staff": 6}}, ["Ann", "Ben"])
        assert scored.endswith(shown.replace("0", "6")), lang
    quiet = {"kind": "round_end", "round": 3, "seat": -1, "vp": 0, "kronen": 0, "emperor": 0, "params": {}}
    assert "VP" not in sentence(catalog("en"), quiet, ["Ann", "Ben"])
