"""The event log in words: one sentence per event (``tabletop.i18n`` catalogs, any language).

The engine writes events as data (``engine/ledger.py``, ``facts.py``); this file is the
only place that turns them into text, for the terminal, ``tabletop replay`` and the game
server alike. Names of cards come from the ``cards`` catalog, everything else from ``game``."""

from __future__ import annotations

from typing import Any

from tabletop.i18n.catalog import Catalog

ITEM_KEYS = ("strudel", "cake", "wine", "coffee", "champagne")


def join(cat: Catalog, parts: list[str]) -> str:
    """``a, b and c`` in the catalog's language."""
    if not parts:
        return ""
    out = parts[-1]
    if len(parts) >= 2:
        out = cat.t("list.two", a=parts[-2], b=out)
    for p in reversed(parts[:-2]):
        out = cat.t("list.more", a=p, b=out)
    return out


def guest(cat: Catalog, gid: int) -> str:
    return cat.t(f"guest.{gid}.name") if gid else "?"


def staff(cat: Catalog, slug: str) -> str:
    return cat.t(f"staff.{slug}.name")


def kronen(cat: Catalog, n: int) -> str:
    return cat.n("kronen", n)


def items(cat: Catalog, counts: dict[str, int]) -> str:
    return join(cat, [cat.n(f"count.{k}", v) for k, v in counts.items() if v])


def seat_name(names: list[str] | None, cat: Catalog, seat: int) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return cat.t("seat", n=seat + 1)


def action_sentence(cat: Catalog, f: dict[str, Any], who: str) -> str:
    """The sentence of an action's (or a roll's) facts."""
    v = f.get("verb", "other")
    A = "log.action."
    boost = cat.t("boost") if f.get("boost") else ""
    if v == "roll":
        dice = [cat.t(A + "roll.face", n=c, face=i + 1) for i, c in enumerate(f["dice"]) if c]
        return cat.t(A + "roll", dice=", ".join(dice))
    if v == "croll":
        faces = [cat.t(A + "croll.die", colour=cat.t(f"colour_word.{c}"), face=x)
                 for c, x in zip(("red", "blue", "yellow"), f["faces"], strict=False) if x]
        return cat.t(A + "croll", dice=", ".join(faces))
    if v == "done":
        if f.get("decision") == "turn":
            return cat.t(A + ("done.turn_pass" if f.get("passes") else "done.turn"), who=who)
        key = A + "done." + str(f.get("decision"))
        return cat.t(key if key in cat else A + "done.other", who=who)
    if v == "guest":
        if f.get("start"):
            return cat.t(A + "guest_start", who=who, guest=guest(cat, f["guest"]))
        if "free_by" in f:  # the printed cost, not paid thanks to a card (Delivery Boy)
            return cat.t(A + "guest_free_by", who=who, guest=guest(cat, f["guest"]), staff=staff(cat, f["free_by"]))
        if not f["cost"]:
            return cat.t(A + "guest_free", who=who, guest=guest(cat, f["guest"]))
        return cat.t(A + "guest", who=who, guest=guest(cat, f["guest"]), cost=kronen(cat, f["cost"]))
    if v == "die":
        if f["face"] == 6:
            return cat.t(A + "die6", who=who, space=f["space"], boost=boost)
        return cat.t(A + "die", who=who, face=f["face"], boost=boost)
    if v == "food":
        return cat.t(A + "food", who=who, items=items(cat, f["items"]))
    if v == "empmoney":
        steps, money = cat.n("spaces", f["steps"]), kronen(cat, f["kronen"])
        if f["steps"] and f["kronen"]:
            return cat.t(A + "empmoney", who=who, steps=steps, kronen=money)
        if f["steps"]:
            return cat.t(A + "emperor_only", who=who, steps=steps)
        return cat.t(A + "money_only", who=who, kronen=money)
    if v == "item":
        return cat.t(A + "item", who=who, item=cat.n(f"count.{f['item']}", 1), guest=guest(cat, f["guest"]))
    if v in ("move", "complete"):
        return cat.t(A + v, who=who, guest=guest(cat, f["guest"]), room=f.get("room", ""))
    if v in ("room", "occupy", "remove"):
        return cat.t(A + v, who=who, room=f["room"], colour=cat.t(f"colour_word.{f['colour']}"), floor=f["floor"])
    if v in ("choice", "pay"):
        return cat.t(A + v, who=who, item=cat.n(f"count.{f['item']}", 1))
    if v in ("play", "use", "discard", "bell"):
        if "staff" not in f:
            return cat.t(A + "discard_hidden", who=who)
        return cat.t(A + v, who=who, staff=staff(cat, f["staff"]))
    if v == "serve":
        if "free_by" in f:  # Chief Waiter: serving from the kitchen costs nothing
            return cat.t(A + "serve_free_by", who=who, staff=staff(cat, f["free_by"]))
        return cat.t(A + "serve", who=who)
    if v == "penalty":
        return cat.t(A + "penalty." + f["option"], who=who)
    if v == "bonuskind":
        return cat.t(A + "bonuskind." + f["kind"], who=who)
    if v == "key":
        return cat.t(A + ("key_action" if f.get("space") else "key"), who=who, space=f.get("space"))
    if v == "cdie":
        params = dict(who=who, colour=cat.t(f"colour_word.{f['colour']}"), face=f["face"], boost=boost)
        if "celebrity" in f:
            return cat.t(A + "cdie_celebrity", celebrity=cat.t(f"celebrity.{f['celebrity']}.name"), **params)
        return cat.t(A + "cdie", **params)
    if v in ("freud_ballroom", "bal_send", "bal_dance"):
        return cat.t(A + v, who=who, table=f.get("table"), row=cat.t(f"row.{f['row']}"),
                     ballroom=cat.t(f"ballroom.{f['ballroom']}.name"))
    if v in ("bal_unseat",):
        return cat.t(A + v, who=who, row=cat.t(f"row.{f['row']}"))
    if v == "bal_first":
        return cat.t(A + "bal_first." + f["first"], who=who)
    if v == "cbin":
        return cat.t(A + v, who=who, colour=cat.t(f"colour_word.{f['colour']}"))
    if v == "open":
        return cat.t(A + v, who=who, entrance=cat.t(f"entrance.{f['entrance']}.name"), bid=kronen(cat, f["bid"]))
    if v == "bid":
        return cat.t(A + v, who=who, bid=kronen(cat, f["bid"]))
    if v == "dovetoken":
        if "half" in f:
            return cat.t(A + "dovetoken_half", who=who, token=f["token"], half=cat.t(A + "half." + f["half"]))
        return cat.t(A + v, who=who, token=f["token"])
    if v == "wray":
        return cat.t(A + v, who=who, steps=cat.n("spaces", f["steps"]), tile=f["tile"])
    if v == "kozi":
        if "colour" in f:
            return cat.t(A + "kozi_colour", who=who, colour=cat.t(f"colour_word.{f['colour']}"), **{"from": f["from"],
                                                                                              "to": f["to"]})
        return cat.t(A + v, who=who, **{"from": f["from"], "to": f["to"]})
    key = A + v
    if key in cat:  # verbs whose sentence needs only plain facts (serve, pass, draft, einstein, …)
        return cat.t(key, who=who, **{k: x for k, x in f.items() if k != "verb"})
    return cat.t(A + "other", who=who)


def changes(cat: Catalog, ev: dict[str, Any]) -> str:
    """``(+7 VP: 5 Emperor, 2 bonuses, −3 kronen)``: what an event changed for its seat. A line
    of the final scoring always says its VP, ``(+0 VP)`` too: a game-end card that scored
    nothing is explained, not silent."""
    out = []
    if ev.get("vp") or ev.get("sources") or ev["kind"] == "final":
        vp = ev["vp"]
        text = cat.t("delta.vp", sign="+" if vp >= 0 else "−", n=abs(vp))
        src = ev.get("sources", {})
        if len(src) > 1 or (src and list(src.values())[0] != vp):
            text = cat.t("delta.sources", vp=text, sources=", ".join(
                cat.t("source.item", n=v, source=cat.t(f"source.{k}")) for k, v in src.items()))
        out.append(text)
    if ev.get("kronen"):
        k = ev["kronen"]
        out.append(cat.n("delta.kronen", abs(k), sign="+" if k > 0 else "−"))
    if ev.get("emperor"):
        e = ev["emperor"]
        out.append(cat.t("delta.emperor", sign="+" if e > 0 else "−", n=abs(e)))
    return cat.t("delta.all", changes=", ".join(out)) if out else ""


def sentence(cat: Catalog, ev: dict[str, Any], names: list[str] | None = None) -> str:
    """One event in words, with what it changed."""
    kind, p = ev["kind"], ev.get("params", {})
    who = seat_name(names, cat, ev["seat"])
    L = "log."
    if kind in ("action", "roll"):
        text = action_sentence(cat, p, seat_name(names, cat, ev.get("by", ev["seat"])))
        if "by" in ev:  # another seat's numbers changed by this action
            text = cat.t(L + "by", text=who, by=seat_name(names, cat, ev["by"]))
    elif kind == "start":
        money = kronen(cat, ev["kronen"])
        text = cat.t(L + "start_vp", who=who, kronen=money, vp=cat.n("vp", ev["vp"])) if ev["vp"] else \
            cat.t(L + "start", who=who, kronen=money)
        return text
    elif kind == "round_end":
        return cat.t(L + "round_end", round=ev["round"])
    elif kind == "emperor":
        text = cat.t(L + "emperor", who=who, tile=p["tile"], track=p["track"])
    elif kind == "auction":
        text = cat.t(L + "auction", who=who, entrance=cat.t(f"entrance.{p['entrance']}.name"),
                     price=kronen(cat, p["price"]))
    elif kind == "ballroom":
        text = cat.n(L + "ballroom", p["dancers"], who=who, ballroom=cat.t(f"ballroom.{p['ballroom']}.name"))
    elif kind in ("emperor_bonus", "emperor_penalty"):
        text = cat.t(L + kind, who=who, tile=p["tile"])
    elif kind == "reaction":  # a card's reaction to something, with what it changed
        cards = [staff(cat, s) for s in p.get("staff", ())]
        cards += [cat.t(f"celebrity.{c}.name") for c in p.get("celebrity", ())]
        if "entrance" in p:
            cards.append(cat.t(f"entrance.{p['entrance']}.name"))
        text = cat.t(L + "reaction", who=who, cards=join(cat, cards))
    elif kind == "politics":
        text = cat.t(L + "politics", who=who, card=p["card"], place=p["place"])
    elif kind == "module":
        key = f"{L}module.{p['module']}.{p['moment']}"
        text = cat.t(key, who=who) if key in cat else \
            cat.t(L + "module.other", module=cat.t(f"module.{p['module']}"), who=who)
    elif kind == "final":
        line = p["line"]
        if line == "staff":
            text = cat.t(L + "final.staff", staff=staff(cat, p["staff"]), who=who)
        elif line == "rooms":
            text = cat.n(L + "final.rooms", p["rooms"], who=who)
        elif line == "leftovers":
            text = cat.t(L + "final.leftovers", kronen=kronen(cat, p["kronen"]),
                         items=cat.n(L + "items_left", p["items"]), who=who)
        elif line == "champagne":
            text = cat.t(L + "final.champagne", who=who)
        elif line == "cafe":
            text = cat.n(L + "final.cafe", p["guests"], who=who)
        else:
            text = cat.t(L + "final.module", module=cat.t(f"module.{line}"), who=who)
    elif kind == "game_end":
        winners = p["winners"]
        best = p["scores"][winners[0]] if winners else 0
        names_text = join(cat, [seat_name(names, cat, w) for w in winners])
        vp = cat.n("vp", best)
        if len(winners) > 1:
            return cat.t(L + "game_end.shared", names=names_text, vp=vp)
        if sum(1 for s in p["scores"] if s == best) > 1:  # 000; 001 M1: champagne counts too
            key = "game_end.tiebreak_champagne" if p.get("champagne") else "game_end.tiebreak"
            return cat.t(L + key, names=names_text, vp=vp)
        return cat.t(L + "game_end.win", names=names_text, vp=vp)
    else:
        text = kind
    delta = changes(cat, ev)
    return f"{text} {delta}" if delta else text


def prompt_text(cat: Catalog, st: Any, names: list[str] | None = None) -> str:
    """The pending decision in words (``text.prompt`` in the catalog's language)."""
    from tabletop.core.state import CHANCE, TERMINAL

    cp = st.current_player
    if cp == TERMINAL:
        return cat.t("ask.over")
    if cp == CHANCE:
        return cat.n("ask.chance", st.roll_n)
    kind = st.stack[-1][0]
    key = f"ask.{kind}"
    return cat.t("ask.seat", who=seat_name(names, cat, cp), prompt=cat.t(key) if key in cat else kind)

