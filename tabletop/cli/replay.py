"""``tabletop replay``: one finished game's whole log, from a saved record."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from tabletop.bots.registry import level_name
from tabletop.core.errors import TabletopError
from tabletop.i18n.catalog import LANGUAGES, Catalog, catalog, default_language
from tabletop.i18n.events import replay_events, sentence


def load_record(path: Path, index: int) -> dict[str, Any]:
    """A game record: line/game ``index`` of a ``results.jsonl`` (``tabletop simulate --out``), or a
    record downloaded from the game server (one JSON object)."""
    if path.is_dir():
        path = path / "results.jsonl"
    text = path.read_text(encoding="utf-8")
    stripped = text.lstrip()
    if stripped.startswith("{") and "\n{" not in stripped.strip():
        rec = json.loads(stripped)
        if "actions" not in rec:
            raise click.ClickException(f"{path}: not a game record (no 'actions')")
        return dict(rec)
    records = [json.loads(line) for line in text.splitlines() if line.strip()]
    for rec in records:
        if rec.get("index", records.index(rec)) == index:
            return dict(rec)
    raise click.ClickException(f"{path}: no game with index {index} (it holds {len(records)} games)")


def seat_names(rec: dict[str, Any], cat: Catalog) -> list[str]:
    """Each seat's name: the record's own names, or "Seat n" with its bot, a level's spec (as a
    ladder journal writes it) shown by the level's name in the catalog's language (``level.*``;
    a bot that is no level by its spec as written)."""
    if rec.get("names"):
        return [str(n) for n in rec["names"]]
    bots = rec.get("bots") or [None] * int(rec["players"])
    return [cat.t("seat", n=i + 1) + (f" ({bot_label(cat, b)})" if b else "") for i, b in enumerate(bots)]


def bot_label(cat: Catalog, spec: str) -> str:
    level = level_name(spec)
    return cat.t(f"level.{level}") if f"level.{level}" in cat else level


@click.command()
@click.argument("file", type=click.Path(exists=True, path_type=Path))
@click.option("--index", "-i", type=int, default=0, show_default=True,
              help="which game of a results.jsonl (its 'index')")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None, help="language (default: from the locale)")
@click.option("--json", "as_json", is_flag=True, help="one event per line as JSON (kind, round, seat, vp, kronen, …)")
def replay(file: Path, index: int, lang: str | None, as_json: bool) -> None:
    """Print the whole log of one finished game from a saved record: a results.jsonl of
    `tabletop simulate --out` (game --index) or a game record downloaded from the server."""
    rec = load_record(file, index)
    try:
        st, events = replay_events(rec)
    except (TabletopError, KeyError, TypeError) as exc:
        raise click.ClickException(f"{file}: cannot replay this record: {exc}") from None
    if as_json:
        for ev in events:
            sys.stdout.write(json.dumps(ev, ensure_ascii=False, separators=(",", ":")) + "\n")
        return
    cat = catalog(lang or default_language())
    names = seat_names(rec, cat)
    current = None
    for ev in events:
        if ev["round"] != current and ev["kind"] not in ("start",):
            current = ev["round"]
            click.echo(f"— {cat.t('log.round', round=current)} —" if current else "")
        click.echo(("  " if ev["seat"] >= 0 else "") + sentence(rec["game"], cat, ev, names))
    if "scores" in rec and rec["scores"] != st.scores():
        raise click.ClickException("the replay's scores differ from the record's: the record is not of this version")
