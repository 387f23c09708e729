"""Putting any game's event log into words, and replaying a finished game's record.

A game that has its own sentences registers ``event_sentence`` (Grand Austria Hotel:
``log_text.sentence``); for any other the log says who acted and what it scored."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.core.registry import get_game
from tabletop.core.state import GameState
from tabletop.i18n.catalog import Catalog


def plain_sentence(cat: Catalog, ev: dict[str, Any], names: list[str] | None = None) -> str:
    seat = ev["seat"]
    who = names[seat] if names and 0 <= seat < len(names) else cat.t("seat", n=seat + 1)
    if ev["kind"] == "start":
        return cat.t("log.start_vp", who=who, kronen=cat.n("kronen", ev["kronen"]), vp=cat.n("vp", ev["vp"]))
    text = cat.t("log.action.other", who=who) if seat >= 0 else ev["kind"]
    return f"{text} ({cat.t('delta.vp', sign='+' if ev['vp'] >= 0 else '−', n=abs(ev['vp']))})" if ev["vp"] else text


def sentence(game: str, cat: Catalog, ev: dict[str, Any], names: list[str] | None = None) -> str:
    render = get_game(game).event_sentence or plain_sentence
    return render(cat, ev, names)


def action_text(game: str, cat: Catalog, st: GameState, action: str, names: list[str] | None = None) -> str:
    """A legal action of the pending decision in words, as the log will say it once it is taken."""
    cp = st.current_player
    ev = {"kind": "roll" if cp < 0 else "action", "round": getattr(st, "round", 0), "seat": max(-1, cp),
          "vp": 0, "kronen": 0, "emperor": 0, "sources": {}, "params": st.action_facts(action)}
    return sentence(game, cat, ev, names)


def reasons_text(cat: Catalog, why: Iterable[tuple[str, float]], head: str = "hint.reasons") -> str:
    """A coach's move's reasons in words (``why: guests in the café +6, kronen −5``; ``head`` the
    catalog's line around them, the review's ``review.reasons``): each term of the judgement by
    its catalog name (``term.<name>``; a term the catalog lacks by its own), its change in whole
    VP; "" for none."""
    parts = []
    for term, vp in why:
        name = cat.t(f"term.{term}") if f"term.{term}" in cat else term
        parts.append(cat.t("hint.reason", term=name, sign="+" if vp >= 0 else "−", n=int(abs(vp) + 0.5)))
    return cat.t(head, reasons=cat.t("hint.reason.sep").join(parts)) if parts else ""


def replay_events(record: dict[str, Any]) -> tuple[GameState, list[dict[str, Any]]]:
    """Play a game record (``game``, ``players``, ``seed``, ``config``, ``actions``) again with its
    event log kept; the final state and the log."""
    info = get_game(record["game"])
    st = info.new_game(players=record["players"], seed=record["seed"], **(record.get("config") or {}))
    events = st.keep_events()
    for a in record["actions"]:
        st.apply(a)
    return st, events
