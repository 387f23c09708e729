"""The catalog toolchain: ``python -m tabletop.i18n.build [update|compile|check]``.

- ``update``: make ``templates/cards.pot`` anew from the game data, and bring each
  language's PO files up to their templates (Babel's update: a changed English text makes
  its translation *fuzzy* — shown in English until a translator checks it).
- ``compile`` (the default): write the browser's catalogs ``web/static/i18n/<lang>.json``
  from every domain (``ui``, ``game``, ``cards``): flat ``key: text``, plural messages as
  lists, and ``_plural`` the language's plural rule.
- ``check``: exit 1 if a compiled file is out of date or a translation is missing.

The PO files are the one source of truth; the JSON files are checked in so that the server
needs no build step, and a test fails when they drift."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from babel.messages.pofile import write_po

from tabletop.i18n.catalog import LANGUAGES, TEMPLATES, po_path, read

ALL_DOMAINS = ("ui", "game", "cards")
WEB = Path(__file__).resolve().parents[1] / "web" / "static" / "i18n"


def compiled(lang: str) -> dict[str, Any]:
    """The browser catalog of ``lang``: English for what a language lacks."""
    out: dict[str, Any] = {}
    plural = "(n != 1)"
    for domain in ALL_DOMAINS:
        for m in read(TEMPLATES / f"{domain}.pot", "en"):
            if m.id and m.context:
                out[m.context] = list(m.id) if isinstance(m.id, tuple | list) else m.id
        if lang != "en":
            path = po_path(lang, domain)
            if path.exists():
                po = read(path, lang)
                plural = po.plural_expr
                for m in po:
                    if m.id and m.context and m.string and not m.fuzzy:
                        s = m.string
                        if isinstance(s, tuple | list):
                            if all(s):
                                out[m.context] = list(s)
                        else:
                            out[m.context] = s
    return {"_plural": plural, **out}


def compile_all() -> list[Path]:
    written = []
    for lang in LANGUAGES:
        path = WEB / f"{lang}.json"
        path.write_text(json.dumps(compiled(lang), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    return written


def missing(lang: str) -> list[str]:
    """Keys of the templates that ``lang`` has no (checked) translation for."""
    out = []
    for domain in ALL_DOMAINS:
        have: set[str] = set()
        path = po_path(lang, domain)
        if path.exists():
            for m in read(path, lang):
                s = m.string
                if m.context and s and not m.fuzzy and (all(s) if isinstance(s, tuple | list) else True):
                    have.add(m.context)
        out += [f"{domain}:{m.context}" for m in read(TEMPLATES / f"{domain}.pot", "en")
                if m.id and m.context and m.context not in have]
    return out


def update() -> None:
    from tabletop.i18n.cards import write_template

    write_template()
    for lang in LANGUAGES:
        if lang == "en":
            continue
        for domain in ALL_DOMAINS:
            path = po_path(lang, domain)
            template = read(TEMPLATES / f"{domain}.pot", "en")
            po = read(path, lang) if path.exists() else None
            if po is None:
                continue
            po.update(template, update_header_comment=False, update_creation_date=False)
            po.obsolete.clear()
            with path.open("wb") as fh:
                write_po(fh, po, width=0, sort_output=False, ignore_obsolete=True)


def check() -> list[str]:
    problems = [f"{lang}: missing {k}" for lang in LANGUAGES if lang != "en" for k in missing(lang)]
    for lang in LANGUAGES:
        path = WEB / f"{lang}.json"
        if not path.exists() or json.loads(path.read_text(encoding="utf-8")) != compiled(lang):
            problems.append(f"{path} is out of date: run python -m tabletop.i18n.build")
    return problems


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "compile"
    if cmd == "update":
        update()
        cmd = "compile"
    if cmd == "compile":
        for p in compile_all():
            print(f"wrote {p}")
        return 0
    if cmd == "check":
        problems = check()
        print("\n".join(problems) or "catalogs complete and compiled")
        return 1 if problems else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
