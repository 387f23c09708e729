"""Issue 64, item 7: on a phone (390×844) what a decision asks for is always in view.

A person plays a whole game with every Let's Waltz! module against a bot by tapping, with a
preference for kinds of decisions not met yet (rooms, guests to rooms and to ballroom rows,
serving, staff, the Emperor, dice and the coloured dice, the key, entrances, rehearsal boards,
the copy menu of space 6), and after every decision, and after the first tap of a two-tap
choice (a café guest, then a room or a ballroom row; space 6 or the key, then an action; an
entrance, then the opening bid), checks that one of the things it may tap is inside the window
and not under the sticky prompt: a thing on the board when the decision asks for one (the prompt's
buttons are always at hand), else a prompt button.

Measured on these three games before the fix (the page looked only at the board's highlighted
things, and took a thing under the sticky prompt for one in view): 172 of 185 decisions had what
they ask for in view; the 13 others were nearly all "put an item on a guest" decisions, whose serve
buttons in the café are not highlighted things, 128-1160 px below the window. After: 185 of 185.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from typing import Any

import pytest

from tests.browser.conftest import Pages, Server, require_browser, shot
from tests.browser.gah_modules_ui import progress_choice
from tests.browser.ui import legal, revision, wait_my_turn_or_end, wait_revision_change

ALL = ["ballrooms", "celebrities", "unique_hotels", "start_player", "more"]
W, H = 390, 844

# The things the pending decision asks to tap (the board's highlighted things and the buttons on the
# board that carry a legal action; else the prompt's buttons), where they are, and whether one of
# them is in view: inside the window, below the sticky prompt (or in it), at least 20 px of it (or
# half) down and 24 px across. Also whether the move the test goes on to make was in view.
TARGETS = """([chosen, only]) => {
  const st = tabletop.state();
  const legal = new Set(st.legal.map((l) => l.action));
  const bar = document.getElementById("statusbar").getBoundingClientRect();
  const top = Math.max(0, bar.bottom);
  const els = [...document.querySelectorAll(".legal, [data-action]")].filter((el) =>
    !el.closest("#all-options, #hint-panel, .option-list") && !el.disabled
    && (el.classList.contains("legal") || legal.has(el.dataset.action)));
  const out = els.map((el) => {
    const r = el.getBoundingClientRect();
    const inBar = !!el.closest("#statusbar");
    const lo = inBar ? bar.top : top;
    const seen = Math.min(r.bottom, innerHeight) - Math.max(r.top, lo);
    const across = Math.min(r.right, innerWidth) - Math.max(r.left, 0);
    const shown = r.width > 0 && r.height > 0 && seen >= Math.min(20, r.height / 2)
      && across >= Math.min(24, r.width / 2);
    const off = shown ? 0 : r.width === 0 ? 99999 : r.top >= innerHeight ? r.top - innerHeight
      : r.bottom <= lo ? lo - r.bottom : -Math.round(Math.max(r.right - innerWidth, -r.left));
    const where = inBar ? "prompt" : (el.closest("section[id], div[id]") || {}).id || "?";
    const a = el.dataset.action || "";
    return { a, inBar, asked: a !== "done" && a !== "pass" && (!only || el.matches(only)),
             legalClass: el.classList.contains("legal"), where, shown, off: Math.round(off) };
  });
  // what the decision asks for: its things on the board (the prompt's buttons are always at hand), else the
  // prompt's buttons; ending the turn or passing only when nothing else is asked
  const board = out.filter((x) => x.asked && !x.inBar);
  const prompt = out.filter((x) => x.asked && x.inBar);
  const asked = board.length || only ? board : prompt.length ? prompt : out;
  const c = chosen ? [...document.querySelectorAll(chosen)].filter((el) => !el.closest("#all-options, .option-list"))
    : [];
  const cr = c.map((el) => { const i = els.indexOf(el); return i >= 0 ? out[i] : null; }).filter(Boolean);
  const pending = st.view.pending.length ? st.view.pending[st.view.pending.length - 1].decision : "";
  return { decision: pending, count: asked.length, shown: asked.some((x) => x.shown),
           off: asked.length ? Math.min(...asked.map((x) => x.off)) : null,
           wheres: [...new Set(asked.map((x) => x.where))], legalClass: asked.some((x) => x.legalClass),
           chosenShown: cr.some((x) => x.shown), chosenOff: cr.length ? Math.min(...cr.map((x) => x.off)) : null,
           scrollY: Math.round(scrollY), height: document.documentElement.scrollHeight };
}"""


def category(a: str) -> str:
    """What kind of move an action is (the test prefers kinds it has met least)."""
    rules = [
        (r"^g\d$", "guest"), (r"^m\dr\d+$", "guest-to-room"), (r"^(m\db\d[tmb]|send:\d[tmb])$", "ballroom-row"),
        (r"^t\d[scwkh]$", "serve"), (r"^serve$", "serve"), (r"^[ro]\d+$", "room"), (r"^rm\d+$", "emperor"),
        (r"^(penalty|avoid|suffer|bonus|discard)", "emperor"), (r"^e\d+m\d+$", "emperor"),
        (r"^(play|draft|use|bell):", "staff"), (r"^d6=", "die-6"), (r"^d\d(=\d)?:", "coloured-die"),
        (r"^d\d\+?$", "die"), (r"^key", "key"), (r"^(open|bid):", "entrance"), (r"^(rehearsal|dancer):", "rehearsal"),
        (r"^(einstein|freud|emperor\+)", "celebrity"), (r"^[sw]\d+[ck]\d+", "food"), (r"^\+", "food"),
        (r"^(done|pass)$", "done"),
    ]
    for pat, name in rules:
        if re.match(pat, a):
            return name
    return "other"


RARE = ("ballroom-row", "rehearsal", "celebrity", "coloured-die", "emperor", "key", "guest-to-room")


def pick(rng: random.Random, options: list[str], seen: Counter[str]) -> str:
    """A rare kind of move while it is rare, mostly the kind met least so far (never an expensive
    bid), else a random one; towards champagne, for the ballrooms."""
    cheap = [a for a in options if not re.match(r"^(open:[\w-]+|bid):([3-9]|\d\d)$", a)] or options
    moves = [a for a in cheap if category(a) != "done"]
    rare = [a for a in moves if category(a) in RARE and seen[category(a)] < 3]
    champagne = [a for a in moves if re.match(r"^([sw]\d+[ck]\d+h[1-9]|t\dh)$", a)]
    if rare or (champagne and rng.random() < 0.6):
        a = rng.choice(rare or champagne)
    elif moves and rng.random() < 0.7:
        least = min(seen[category(a)] for a in moves)
        a = rng.choice([a for a in moves if seen[category(a)] == least])
    else:
        a = progress_choice(rng, cheap)
    seen[category(a)] += 1
    return a


def settle(page: Any) -> None:
    """Until the page has drawn what it knows and is not waiting for an answer."""
    page.wait_for_function("() => { const d = tabletop.debug(); return !d.busy && !d.behind && !d.queued; }")
    page.wait_for_timeout(150)


def first_step(a: str) -> str | None:
    """The selector of the first tap of a two-tap choice (None: one tap)."""
    if m := re.match(r"^m(\d)[rb]", a):
        return f"#my-board [data-action='m{m.group(1)}']"
    if re.match(r"^d6=", a):
        return "#action-board [data-action='d6']"
    if re.match(r"^key", a):
        return "#action-board [data-space='key']"
    if m := re.match(r"^open:([\w-]+):\d+$", a):
        return f"#entrances [data-action='open:{m.group(1)}']"
    return None


def completing(a: str) -> str:
    """After the first tap of a two-tap choice: the things that complete it."""
    if m := re.match(r"^m(\d)[rb]", a):
        return f"[data-action^='m{m.group(1)}r'], [data-action^='m{m.group(1)}b']"
    if re.match(r"^(d6=|key)", a):
        return ".copy-menu [data-action]"
    return "#auction [data-action^='open:']"


def second_step(page: Any, a: str) -> str:
    """The selector of the thing that carries out ``a`` (the second tap, or the only one)."""
    if re.match(r"^d[1-5]\+?$", a):
        return f"#action-board [data-space='{a[1]}']"
    if m := re.match(r"^d([1-5]):([a-z]+)\+?$", a):
        return f"#action-board [data-space='{m.group(1)}'] .cdie[data-die='{m.group(2)}']"
    if re.match(r"^(d6=|key)", a):
        return f".copy-menu [data-action='{a}']"
    return f"[data-action='{a}']:not(.option)"


def set_boost(page: Any, a: str) -> None:
    want = a.endswith("+")
    box = page.locator("#boost")
    if box.count() and box.is_checked() != want and re.match(r"^d(\d|6=\d)(:[a-z]+)?\+?$", a):
        box.click()
        page.wait_for_function("on => document.querySelector('#boost').checked === on", arg=want)


@pytest.mark.parametrize(("players", "seed", "modules"), [(2, 16, ALL), (3, 8, ALL), (2, 5, [])])
def test_phone_what_a_decision_asks_for_is_in_view(players: int, seed: int, modules: list[str], server: Server,
                                                   browser: Any, pages: Pages) -> None:
    require_browser()
    g = server.post("/api/games", {
        "game": "grand-austria-hotel", "players": players, "seed": seed, "config": {"modules": modules},
        "seats": [{"kind": "human", "name": "Ida"}] + [{"kind": "bot", "bot": "easy"}] * (players - 1), "start": True})
    token = g["seats"][0]["token"]
    page = pages.new(width=W, height=H)
    page.goto(server.link(g["id"], token))
    page.wait_for_selector(".game[data-status='active']")
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    checks: list[dict[str, Any]] = []
    started = time.time()

    def check(step: str, a: str, chosen: str, only: str | None = None) -> None:
        settle(page)
        r = page.evaluate(TARGETS, [chosen, only])
        r.update(step=step, action=a, n=len(checks))
        checks.append(r)
        if r["decision"] == "place" and sum(1 for c in checks if c["decision"] == "place") == 1:
            shot(page, f"98-phone-place-{players}p-{seed}", full_page=False)  # the café's serve buttons in view
        if not r["shown"] and sum(1 for c in checks if not c["shown"]) <= 3:
            shot(page, f"96-phone-off-screen-{players}p-{seed}-{len(checks)}", full_page=False)

    while wait_my_turn_or_end(page, timeout=60000):
        settle(page)
        options = legal(page)
        a = pick(rng, options, seen)
        check("decision", a, first_step(a) or second_step(page, a))
        rev = revision(page)
        set_boost(page, a)
        first = first_step(a)
        if first:
            page.click(first)
            check("second tap", a, second_step(page, a), completing(a))
        page.click(second_step(page, a))
        try:
            wait_revision_change(page, rev, timeout=30000)
        except AssertionError as e:
            raise AssertionError(f"{a} ({second_step(page, a)}): {e}") from None
        if len(checks) in (30, 90):
            shot(page, f"97-phone-targets-{players}p-{seed}-{len(checks)}", full_page=False)
        assert time.time() - started < 420, f"the game did not end in time ({len(checks)} checks)"
    off = [c for c in checks if not c["shown"]]
    kinds = Counter(c["decision"] + ("" if c["step"] == "decision" else "+2nd") for c in checks)
    print(f"\nphone targets: {len(checks) - len(off)} of {len(checks)} decisions had what they ask for in view;"
          f" moves chosen by kind: {dict(seen)}; decisions: {dict(kinds)}")
    far = [c for c in checks if not c["chosenShown"]]
    print(f"the move chosen was in view in {len(checks) - len(far)} of {len(checks)};"
          f" off by {sorted(c['chosenOff'] for c in far)}")
    for c in far:
        print("  chosen off screen:", {k: c[k] for k in ("n", "step", "decision", "action", "chosenOff", "scrollY")})
    for c in off:
        print("  off screen:", {k: c[k] for k in ("n", "step", "decision", "action", "off", "wheres", "legalClass",
                                                 "scrollY", "height")})
    assert len(checks) >= 40
    assert {"serve", "room", "staff", "die", "food"} <= set(seen), seen
    assert {"guest-to-room", "ballroom-row"} & set(seen), seen
    if modules:
        assert {"entrance", "coloured-die", "key"} <= set(seen), seen
    assert not off, f"{len(off)} of {len(checks)} decisions had nothing to tap in view"
