"""Reading the catalogs: the English templates and each language's PO files, as one
``Catalog`` per language with ``t(key, **params)`` and ``n(key, count, **params)``.

Placeholders are ``{name}`` (the same in the browser). Plural forms follow each
language's PO header (English and German: one/other; Chinese: one form). A key that a
language lacks falls back to English (a test makes sure none does)."""

from __future__ import annotations

import functools
import gettext
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog as PoCatalog

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
LOCALES = HERE / "locales"
DOMAINS = ("ui", "game", "cards")  # ui: the browser's words (a few, e.g. bot levels, serve the server too)
LANGUAGES = ("en", "de", "zh")
_FIELD = re.compile(r"\{(\w+)\}")


def po_path(lang: str, domain: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path, locale: str | None = None) -> PoCatalog:
    from babel.messages.pofile import read_po  # Babel is loaded only where words are needed

    with path.open("rb") as fh:
        return read_po(fh, locale=locale)


class Catalog:
    """The messages of one language, by key."""

    def __init__(self, lang: str, messages: dict[str, str | tuple[str, ...]], plural: Any) -> None:
        self.lang = lang
        self.messages = messages
        self._plural = plural

    def __contains__(self, key: str) -> bool:
        return key in self.messages

    def t(self, key: str, **params: Any) -> str:
        msg = self.messages.get(key)
        if msg is None:
            return key
        if isinstance(msg, tuple):
            msg = msg[0]
        return _fill(msg, params)

    def n(self, key: str, count: int, **params: Any) -> str:
        """The plural form of ``key`` for ``count`` (given to the text as ``{n}``)."""
        msg = self.messages.get(key)
        if msg is None:
            return key
        if isinstance(msg, tuple):
            msg = msg[min(self._plural(count), len(msg) - 1)]
        return _fill(msg, {"n": count, **params})


def _fill(msg: str, params: dict[str, Any]) -> str:
    return _FIELD.sub(lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), msg)


def _entries(cat: PoCatalog, english: bool) -> dict[str, str | tuple[str, ...]]:
    out: dict[str, str | tuple[str, ...]] = {}
    for m in cat:
        if not m.id or not m.context:
            continue
        if english:
            out[m.context] = tuple(m.id) if isinstance(m.id, tuple | list) else str(m.id)
        elif m.string and not m.fuzzy:
            s = m.string
            if isinstance(s, tuple | list):
                if all(s):
                    out[m.context] = tuple(s)
            else:
                out[m.context] = str(s)
    return out


@functools.cache
def catalog(lang: str = "en") -> Catalog:
    """The catalog of ``lang`` (en, de or zh): every domain, English where a text is missing."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    messages: dict[str, str | tuple[str, ...]] = {}
    for domain in DOMAINS:
        messages.update(_entries(read(TEMPLATES / f"{domain}.pot", "en"), english=True))
    plural: Any = lambda n: int(n != 1)  # noqa: E731 - English
    if lang != "en":
        for domain in DOMAINS:
            path = po_path(lang, domain)
            if path.exists():
                po = read(path, lang)
                messages.update(_entries(po, english=False))
                plural = _plural_function(po.plural_expr)
    return Catalog(lang, messages, plural)


def _plural_function(expr: str) -> Any:
    """A PO header's plural expression (C syntax, e.g. ``(n != 1)``) as a function (gettext's own parser)."""
    return gettext.c2py(expr)


def default_language() -> str:
    """The language of the user's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), English otherwise."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        code = value.split(":")[0][:2].lower()
        if code in LANGUAGES:
            return code
    return "en"
