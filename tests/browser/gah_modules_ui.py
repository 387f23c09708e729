"""Helpers for the Let's Waltz! browser tests: where each legal action is clicked on the board,
and an in-process planner that finds a short stretch of play reaching a module's own decisions."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from tabletop.core.registry import get_game
from tests.browser.ui import revision, wait_revision_change

# The legal actions that neither the board nor the prompt offers to click (JS, in the page).
UNPLACED = """() => {
  const has = (s) => document.querySelector(s) !== null;
  const boost = (plus) => !plus || has("#boost");
  const placed = (a) => {
    let m;
    if (/^g\\d$/.test(a)) return has(`#queue [data-action="${a}"]`);
    if ((m = a.match(/^d([1-5])(\\+?)$/))) return has(`#action-board [data-space="${m[1]}"].legal`) && boost(m[2]);
    if (/^d6=\\d(:[a-z]+)?\\+?$/.test(a)) return has('#action-board [data-action="d6"]') && boost(a.endsWith("+"));
    if ((m = a.match(/^d([1-5]):([a-z]+)(\\+?)$/))) {
      return has(`#action-board [data-space="${m[1]}"] .cdie[data-die="${m[2]}"].legal`) && boost(m[3]);
    }
    if (/^key(=\\d)?$/.test(a)) return has('#action-board [data-space="key"].legal');
    if ((m = a.match(/^m(\\d)[rb]/))) return has(`#my-board [data-action="m${m[1]}"]`);
    if (/^(send|rehearsal):/.test(a)) return has(`#ballrooms [data-action="${a}"]`);
    if ((m = a.match(/^open:([\\w-]+):\\d+$/))) return has(`#entrances [data-action="open:${m[1]}"]`);
    if (/^bid:\\d+$/.test(a)) return has(`#auction [data-action="${a}"]`);
    const mine = new RegExp("^(t\\\\d[scwkh]|r\\\\d+|o\\\\d+|rm\\\\d+|c\\\\d|(play|use|discard|draft|bell):.*"
      + "|dancer:\\\\d|dove:\\\\d+|wray:.*|kozi:.*|einstein)$");
    if (mine.test(a)) {
      return has(`#my-board [data-action="${a}"]`);
    }
    return has(`#prompt-buttons [data-action="${a}"]`);
  };
  return tabletop.state().legal.map((l) => l.action).filter((a) => !placed(a));
}"""


def set_boost(page: Any, on: bool) -> None:
    box = page.locator("#boost")
    if box.count() and box.is_checked() != on:
        box.click()
        page.wait_for_function("on => document.querySelector('#boost').checked === on", arg=on)


def click_action(page: Any, a: str) -> None:
    """Carry out ``a`` the way a person does: on the board (two clicks where the board asks for a
    choice first: a guest then a room or ballroom row, an entrance then a bid, space 6 or the key
    then an action), or with a prompt button."""
    rev = revision(page)
    if m := re.match(r"^d([1-5])(\+?)$", a):
        set_boost(page, bool(m.group(2)))
        page.click(f"#action-board [data-space='{m.group(1)}']")
    elif m := re.match(r"^d([1-5]):([a-z]+)(\+?)$", a):
        set_boost(page, bool(m.group(3)))
        page.click(f"#action-board [data-space='{m.group(1)}'] .cdie[data-die='{m.group(2)}']")
    elif re.match(r"^d6=\d(:[a-z]+)?\+?$", a):
        set_boost(page, a.endswith("+"))
        page.click("#action-board [data-space='6']")
        page.click(f"#action-board .copy-menu [data-action='{a}']")
    elif re.match(r"^key(=\d)?$", a):
        page.click("#action-board [data-space='key']")
        page.click(f"#action-board .key-menu [data-action='{a}']")
    elif m := re.match(r"^m(\d)(r\d+|b\d[tmb])$", a):
        page.click(f"#my-board [data-action='m{m.group(1)}']")
        where = "#my-board .room" if m.group(2)[0] == "r" else "#ballrooms .br-row"
        page.click(f"{where}[data-action='{a}']")
    elif re.match(r"^(send|rehearsal):", a):
        page.click(f"#ballrooms [data-action='{a}']")
    elif m := re.match(r"^open:([\w-]+):\d+$", a):
        page.click(f"#entrances [data-action='open:{m.group(1)}']")
        page.click(f"#auction [data-action='{a}']")
    elif re.match(r"^bid:\d+$", a):
        page.click(f"#auction [data-action='{a}']")
    elif a[0] == "g" and re.match(r"^g\d$", a):
        page.click(f"#queue [data-action='{a}']")
    elif re.match(r"^(t\d[scwkh]|r\d+|o\d+|rm\d+|c\d|(play|use|discard|draft|bell):.*|dancer:\d|dove:\d+"
                  r"|wray:.*|kozi:.*|einstein)$", a):
        page.click(f"#my-board [data-action='{a}']")
    else:
        page.click(f"#prompt-buttons [data-action='{a}']")
    wait_revision_change(page, rev, timeout=30000)


def progress_choice(rng: random.Random, acts: list[str]) -> str:
    """A person's random pick: mostly something that moves the game on, cheap opening bids."""
    acts = [a for a in acts if not re.match(r"^(open:[\w-]+|bid):([3-9]|\d\d)$", a)] or acts
    progress = [a for a in acts if a not in ("pass", "done")]
    return rng.choice(progress) if progress and rng.random() < 0.85 else rng.choice(acts)


def plan_route(modules: str, seed: int, targets: list[str], limit: int = 200,
               prefer: Callable[[str], int] | None = None) -> list[tuple[int, str]] | None:
    """Play the game in-process (2 seats, the server's seed: same seed + same actions = the same
    game) with a random policy that takes a target action as soon as one is legal; returns the
    (seat, action) list up to and including the last target reached, or None within ``limit``."""
    st = get_game("grand-austria-hotel").new_game(2, seed=seed, modules=modules)
    rng = random.Random(seed)
    pats = [re.compile(p) for p in targets]
    todo = set(range(len(pats)))
    route: list[tuple[int, str]] = []
    while st.current_player != -2 and len(route) < limit:
        if st.current_player == -1:
            st.apply(st.sample_chance())
            continue
        legal = st.legal_actions()
        hit = [a for a in legal if any(pats[i].match(a) for i in todo)]
        if hit:
            a = rng.choice(hit)
            todo -= {i for i in todo if pats[i].match(a)}
        elif prefer is not None:
            best = max(prefer(x) for x in legal)
            top = [x for x in legal if prefer(x) == best]
            a = rng.choice(top) if rng.random() < 0.8 else progress_choice(rng, legal)
        else:
            a = progress_choice(rng, legal)
        route.append((st.current_player, a))
        st.apply(a)
        if not todo:
            return route
    return None
