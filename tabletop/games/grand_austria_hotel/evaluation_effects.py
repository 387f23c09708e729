"""What effects are worth to the evaluation, in VP: ``effect_worth(effects)``.

Guest rewards, emperor bonuses, staff abilities and pending effects are lists of
typed effects; ``evaluation.py`` and ``evaluation_modules.py`` both value them
here. The base game's kinds are in ``EFFECT_WORTH`` (and a few rules below), the
*Let's Waltz!* kinds in ``EFFECT`` and ``module_effect_worth``.
"""

from __future__ import annotations

from typing import Any

# VP-equivalent of one unit of each reward effect (at the start of the game).
EFFECT_WORTH = {
    "gain_items": 1.2,
    "gain_item_choice": 1.5,
    "gain_money": 1.0,
    "advance_emperor": 0.8,
    "gain_vp": 1.0,
    "draw_staff": 1.5,
    "free_guest": 3.5,
    "occupy_room": 3.0,
    "complete_order": 5.0,
    "extra_die_action": 4.0,
    "extra_turn": 6.0,
}

# Worth of the Let's Waltz! effect kinds, which ``EFFECT_WORTH`` does not list (per unit).
EFFECT = {"send_dancer": 3.0, "lose_champagne": -1.5, "remove_dancers": -4.0, "vp_per_dancer": 3.0,
          "occupy_low": 3.0, "prepare_rooms": 4.0, "free_guest_filled": 6.0, "exchange_items": 1.0,
          "return_item_choice": -1.2, "vp_per_marker": 5.0, "lose_all_money": -8.0,
          "mayenfels_draw": 1.5}

_ROOM_WORTH = {"free": 2.5, "minus1": 1.8, "full": 1.2}  # effect_worth's prepare_room, by cost
_ROOM_PENDING = {"free": 2.0, "minus1": 1.5, "full": 1.0}  # evaluation._pending's rooms frame, per room


def room_worth(cost: str, pending: bool = False) -> float:
    """A room to prepare at ``cost`` (the base game's values; Let's Waltz! cards also
    give ``minus2``: each krone off counts like the first)."""
    table = _ROOM_PENDING if pending else _ROOM_WORTH
    hit = table.get(cost)
    if hit is not None:
        return hit
    n = int(cost[5:]) if cost.startswith("minus") and cost[5:].isdigit() else 0
    return min(table["free"], table["full"] + (table["minus1"] - table["full"]) * n)


# A dancer sent as a reward, by its discount on the row's champagne cost (``send_dancer``):
# ``EFFECT["send_dancer"]`` is its gross worth; at full cost it also spends champagne (at least
# one bottle, ≈ 2 VP early), so a guest's reward counted gross was worth more in the café than
# once the guest moved in, and the guest stayed (docs/BOTS.md).
DANCER_BY_DISCOUNT = {0: 1.0, 1: 2.5, 2: 2.8}


def dancer_worth(discount: Any) -> float:
    if discount == "free":
        return EFFECT["send_dancer"]
    return DANCER_BY_DISCOUNT.get(int(discount), EFFECT["send_dancer"])


def module_effect_worth(e: dict[str, Any]) -> float:
    """Worth of one effect of a module's kind (1.0 for kinds nobody lists, as before)."""
    kind = e["effect"]
    if kind == "send_dancer":
        if "discounts" in e:
            return sum(dancer_worth(d) for d in e["discounts"])
        return dancer_worth(e.get("discount", 0)) * int(e.get("count", 1))
    w = EFFECT.get(kind)
    if w is None:
        return 1.0
    n = e.get("amount", e.get("count", e.get("steps", 1)))
    return w * (n if isinstance(n, int) and kind not in ("lose_all_money",) else 1)


def effect_worth(effects: tuple[dict[str, Any], ...] | list[dict[str, Any]]) -> float:
    """VP-equivalent of a list of effects (guest rewards, emperor bonuses, staff)."""
    total = 0.0
    for e in effects:
        kind = e["effect"]
        if kind == "gain_items":
            total += EFFECT_WORTH[kind] * sum(v for k, v in e.items() if k != "effect")
        elif kind == "gain_money":
            total += EFFECT_WORTH[kind] * e["amount"]
        elif kind == "advance_emperor":
            total += EFFECT_WORTH[kind] * e["steps"]
        elif kind == "gain_vp":
            total += e["amount"]
        elif kind in ("draw_staff", "gain_item_choice", "occupy_room"):
            total += EFFECT_WORTH[kind] * e["count"]
        elif kind == "play_staff":
            total += 4.0 if e["discount"] == "free" else 1.0 + 0.7 * int(e["discount"])
        elif kind == "draw_and_play":
            total += 4.5 if e["discount"] == "free" else 3.0
        elif kind == "prepare_room":
            total += room_worth(e.get("cost", "full")) + \
                (3.0 if e.get("occupy") else 0.0)
        elif kind in ("lose_money", "lose_vp"):
            total -= e["amount"]
        else:  # a kind nobody lists counts 1.0; Let's Waltz! kinds: their worth
            total += EFFECT_WORTH[kind] if kind in EFFECT_WORTH else module_effect_worth(e)
    return total
