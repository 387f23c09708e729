"""The English card texts of the game data, as the ``cards`` catalog's template.

One source of truth: names come from the YAML data (guests, staff, politics cards,
ballrooms, celebrities, entrances, Burger Joint boards), rule texts of the cards from
``games/grand_austria_hotel/data/card_texts.json`` (the printed English texts, 003 and 001 appendices).
``python -m tabletop.i18n.cards`` writes ``templates/cards.pot``; a test checks it is
up to date."""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
GAH = ROOT / "games" / "grand_austria_hotel" / "data"
BJ = ROOT / "games" / "burger_joint" / "data"
TEXTS = GAH / "card_texts.json"
TEMPLATE = Path(__file__).parent / "templates" / "cards.pot"
FIXED = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)  # templates do not change with the clock


def _yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def card_messages() -> Iterator[tuple[str, str, str]]:
    """(key, English text, where it comes from) for every card name and card text."""
    base = _yaml(GAH / "guests.yaml")["guests"]
    balls = _yaml(GAH / "modules" / "ballrooms.yaml")
    for g in [*base, *balls.get("guests", [])]:
        yield f"guest.{g['id']}.name", g["name"], "guest card"
    texts = json.loads(TEXTS.read_text(encoding="utf-8"))
    staff = [*_yaml(GAH / "staff.yaml")["staff"]]
    for f in ("ballrooms.yaml", "more.yaml", "celebrities.yaml", "unique_hotels.yaml"):
        staff += _yaml(GAH / "modules" / f).get("staff", []) or []
    for s in staff:
        yield f"staff.{s['slug']}.name", s["name"], "staff card"
        if s["slug"] in texts["staff"]:
            yield f"staff.{s['slug']}.text", texts["staff"][s["slug"]], "staff card text"
    objectives = [*_yaml(GAH / "objectives.yaml")["objectives"]]
    for f in ("ballrooms.yaml", "more.yaml"):
        objectives += _yaml(GAH / "modules" / f).get("objectives", []) or []
    for o in objectives:
        yield f"politics.{o['id']}.text", o["text"], "politics card"
    for tid, t in texts["emperor_tiles"].items():
        yield f"emperor.{tid}.bonus", t["bonus"], "Emperor tile, bonus"
        yield f"emperor.{tid}.penalty", t["penalty"], "Emperor tile, penalty"
    for b in balls["ballrooms"]:
        yield f"ballroom.{b['id']}.name", b["name"], "ballroom (a Viennese ballroom's proper name)"
    for c in _yaml(GAH / "modules" / "celebrities.yaml")["celebrities"]:
        yield f"celebrity.{c['slug']}.name", c["name"], "celebrity (a person's name)"
        if c["slug"] in texts["celebrities"]:
            yield f"celebrity.{c['slug']}.text", texts["celebrities"][c["slug"]], "celebrity card text"
    for e in _yaml(GAH / "modules" / "unique_hotels.yaml")["entrances"]["value"]:
        yield f"entrance.{e['id']}.name", e["name"], "hotel entrance (a hotel's proper name)"
        if e["id"] in texts["entrances"]:
            yield f"entrance.{e['id']}.text", texts["entrances"][e["id"]], "hotel entrance text"
    bj = _yaml(BJ / "boards.yaml")
    for section in ("boards", "diners", "bistros"):
        for rec in bj.get(section, []) or []:
            name = rec.get("name")
            if isinstance(name, dict):
                name = name.get("value")
            if name:
                yield f"bj.{section}.{rec['key']}.name", str(name), f"Burger Joint {section[:-1]}"


def template() -> Any:
    from babel.messages.catalog import Catalog

    cat = Catalog(project="tabletop", version="1", domain="cards", fuzzy=False, creation_date=FIXED,
                  revision_date=FIXED, header_comment=(
        "# Card names and card texts (English, from the game data). Made by\n"
        "# `python -m tabletop.i18n.cards`; do not edit by hand."))
    for key, text, what in card_messages():
        cat.add(text, context=key, auto_comments=[what])
    return cat


def write_template(path: Path = TEMPLATE) -> None:
    from babel.messages.pofile import write_po

    with path.open("wb") as fh:
        write_po(fh, template(), width=0, omit_header=False, sort_output=False)


if __name__ == "__main__":
    write_template()
    print(f"wrote {TEMPLATE}")
