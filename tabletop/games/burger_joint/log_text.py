"""Burger Joint's event log in words (any language of the catalogs): each action and the VP it
scored (the events are measured from the scores: ``GameState._events_close``)."""

from __future__ import annotations

from typing import Any

from tabletop.i18n.catalog import Catalog

# verbs whose sentence names a colour, a second colour, or a bistro
COLOUR_VERBS = ("cube", "take", "trade", "return", "get", "diner", "upgrade", "steal", "pay", "discard")


def sentence(cat: Catalog, ev: dict[str, Any], names: list[str] | None = None) -> str:
    seat = ev["seat"]
    who = names[seat] if names and 0 <= seat < len(names) else cat.t("seat", n=seat + 1)
    if ev["kind"] == "start":
        return cat.t("bjlog.start", who=who, vp=cat.n("vp", ev["vp"]))
    f = ev.get("params", {})
    verb = f.get("verb", "other")
    params: dict[str, Any] = {"who": who}
    if "colour" in f:
        params["colour"] = cat.t(f"bjcolour.{f['colour']}")
    if "to" in f:
        params["to"] = cat.t(f"bjcolour.{f['to']}")
    if "bistro" in f:
        params["bistro"] = cat.t(f"bjbistro.{f['bistro']}")
    key = f"bjlog.{verb}"
    text = cat.t(key, **params) if key in cat else cat.t("log.action.other", who=who)
    if ev.get("vp"):
        vp = ev["vp"]
        text += " " + cat.t("delta.all", changes=cat.t("delta.vp", sign="+" if vp > 0 else "−", n=abs(vp)))
    return text
