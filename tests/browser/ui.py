"""Small helpers for driving the board in the browser tests."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any


def revision(page: Any) -> int:
    return int(page.get_attribute(".game", "data-revision"))


def page_story(page: Any) -> str:
    """What the page knows and is doing (for a failed wait's message): its revision, whose turn it
    shows, whether it waits for an answer or is catching up, its error and notice."""
    try:
        return str(page.evaluate(
            "() => { const p = tabletop.state(); return {...tabletop.debug(), current: p && p.current_player,"
            " status: p && p.status, legal: p ? p.legal.length : null}; }"))
    except Exception as e:  # the page itself is gone
        return f"(no page state: {e})"


def _wait_or_say(page: Any, wait: Callable[[], Any], failure: str, timeout: float) -> None:
    """Run a Playwright wait; when it times out, fail with ``failure`` and what the page shows."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        wait()
    except PlaywrightTimeout:
        raise AssertionError(f"{failure} within {timeout / 1000:.0f} s; the page: {page_story(page)}") from None


def _wait_revision(page: Any, compare: str, arg: int, timeout: float, what: str) -> None:
    """Wait until the page's revision ``compare``s to ``arg`` (a JS operator); say why not."""
    test = f"b => {{ const g = document.querySelector('.game'); return g && Number(g.dataset.revision) {compare} b; }}"
    _wait_or_say(page, lambda: page.wait_for_function(test, arg=arg, timeout=timeout),
                 f"the page's revision did not become {what}{arg}", timeout)


def wait_revision_change(page: Any, before: int, timeout: float = 15000) -> int:
    _wait_revision(page, "!==", before, timeout, "other than ")
    return revision(page)


def wait_revision_above(page: Any, before: int, timeout: float = 15000) -> int:
    _wait_revision(page, ">", before, timeout, "above ")
    return revision(page)


def wait_revision_at_least(page: Any, rev: int, timeout: float = 15000) -> None:
    _wait_revision(page, ">=", rev, timeout, "at least ")


def wait_revision_is(page: Any, rev: int, timeout: float = 15000) -> None:
    _wait_revision(page, "===", rev, timeout, "")


def wait_my_turn_or_end(page: Any, timeout: float = 60000) -> bool:
    """Wait until the page asks this player for a decision (True) or shows the game over (False);
    a page that does neither in time fails with what it shows and is doing."""
    _wait_shown(page, "#prompt[data-mine='1'], .game[data-status='finished']", timeout,
                "no decision of this player and no game over")
    return page.locator(".game[data-status='finished']").count() == 0


def _wait_shown(page: Any, selector: str, timeout: float, failure: str) -> None:
    _wait_or_say(page, lambda: page.wait_for_selector(selector, timeout=timeout), failure, timeout)


def click_and_wait(page: Any, selector: str) -> int:
    """Click the first element matching ``selector`` (an action) and wait for the new revision."""
    before = revision(page)
    page.locator(selector).first.click()
    return wait_revision_change(page, before)


def wait_my_turn(page: Any, timeout: float = 15000) -> None:
    _wait_shown(page, "#prompt[data-mine='1']", timeout, "no decision of this player")


def is_my_turn(page: Any) -> bool:
    return page.locator("#prompt[data-mine='1']").count() > 0


def legal(page: Any) -> list[str]:
    return list(page.evaluate("tabletop.state().legal.map(l => l.action)"))


def exists(page: Any, selector: str) -> bool:
    return page.locator(selector).count() > 0


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


def click_action(page: Any, a: str, timeout: float = 15000) -> None:
    """Carry out ``a`` the way a person does: on the board (two clicks where the board asks for a
    choice first: a guest then a room or ballroom row, an entrance then a bid, space 6 or the key
    then an action), or with a prompt button."""
    rev = revision(page)

    def click(selector: str) -> None:  # a loaded machine may take longer than the default to draw a menu
        page.click(selector, timeout=timeout)

    if m := re.match(r"^d([1-5])(\+?)$", a):
        set_boost(page, bool(m.group(2)))
        click(f"#action-board [data-space='{m.group(1)}']")
    elif m := re.match(r"^d([1-5]):([a-z]+)(\+?)$", a):
        set_boost(page, bool(m.group(3)))
        click(f"#action-board [data-space='{m.group(1)}'] .cdie[data-die='{m.group(2)}']")
    elif re.match(r"^d6=\d(:[a-z]+)?\+?$", a):
        set_boost(page, a.endswith("+"))
        click("#action-board [data-space='6']")
        click(f"#action-board .copy-menu [data-action='{a}']")
    elif re.match(r"^key(=\d)?$", a):
        click("#action-board [data-space='key']")
        click(f"#action-board .key-menu [data-action='{a}']")
    elif m := re.match(r"^m(\d)(r\d+|b\d[tmb])$", a):
        click(f"#my-board [data-action='m{m.group(1)}']")
        where = "#my-board .room" if m.group(2)[0] == "r" else "#ballrooms .br-row"
        click(f"{where}[data-action='{a}']")
    elif re.match(r"^(send|rehearsal):", a):
        click(f"#ballrooms [data-action='{a}']")
    elif m := re.match(r"^open:([\w-]+):\d+$", a):
        click(f"#entrances [data-action='open:{m.group(1)}']")
        click(f"#auction [data-action='{a}']")
    elif re.match(r"^bid:\d+$", a):
        click(f"#auction [data-action='{a}']")
    elif a[0] == "g" and re.match(r"^g\d$", a):
        click(f"#queue [data-action='{a}']")
    elif re.match(r"^(t\d[scwkh]|r\d+|o\d+|rm\d+|c\d|(play|use|discard|draft|bell):.*|dancer:\d|dove:\d+"
                  r"|wray:.*|kozi:.*|einstein)$", a):
        click(f"#my-board [data-action='{a}']")
    else:
        click(f"#prompt-buttons [data-action='{a}']")
    wait_revision_change(page, rev, timeout=timeout)


def open_seats(server: Any, pages: Any, g: dict[str, Any], seats: tuple[int, ...] = (0, 1)) -> list[Any]:
    """A page per seat of a started game, each showing the running game."""
    out = []
    for s in seats:
        p = pages.new()
        p.goto(server.link(g["id"], g["seats"][s]["token"]))
        p.wait_for_selector(".game[data-status='active']")
        out.append(p)
    return out


def fill_lobby(page: Any, base: str, name: str, bots: list[str]) -> None:
    """The lobby's create form: seat 0 is ``name`` (a person), the other seats the given bot levels."""
    page.goto(base + "/")
    page.wait_for_selector("#create-form #players-select")
    page.select_option("#players-select", str(1 + len(bots)))
    page.fill("input[name='seat-0-name']", name)
    for i, bot in enumerate(bots, start=1):
        page.select_option(f"select[name='seat-{i}-bot']", bot)


def create_and_join(page: Any, seed: int, name: str) -> tuple[str, str, str]:
    """Create the game filled in (seat 0 a person, ``name``; the others bots; with ``seed``): it
    starts at once and the page opens it as seat 0 (issue 64: no waiting room, no *Join*, no
    *Start* when nobody else is to come); returns (its link, game id, seat 0's token)."""
    page.click("details.advanced > summary")
    page.fill("#seed", str(seed))
    page.click("#create-button")
    page.wait_for_url("**/game/**")
    page.wait_for_selector(".game[data-status='active']")
    assert page.locator("#join-button, #start-button").count() == 0
    link = page.url
    game_id, token = link.split("/game/")[1].split("?")[0], link.split("token=")[1]
    return link, game_id, token


def in_view(page: Any, selector: str) -> bool:
    """Whether the top of ``selector`` is inside the window."""
    return page.evaluate("s => { const r = document.querySelector(s).getBoundingClientRect();"
                         " return r.top >= 0 && r.top < window.innerHeight; }", selector)
