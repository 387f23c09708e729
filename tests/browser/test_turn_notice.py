"""Issue 62, "Your turn, wherever you are", in the page: when it becomes the player's turn while
the page is in the background, a chime and (with permission) a browser notification, once per
turn; nothing while the page is in front. The browser's Notification and AudioContext are
replaced by recorders (a headless browser shows and sounds nothing)."""

from __future__ import annotations

from tests.browser.conftest import Pages, Server, require_browser, shot

RECORDERS = """
window.__notes = [];
window.__chimes = 0;
window.Notification = class {
  constructor(title, opts) { window.__notes.push([title, opts && opts.body]); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
  close() {}
};
window.AudioContext = class {
  constructor() { window.__chimes += 1; this.currentTime = 0; this.destination = {}; }
  createOscillator() { return { frequency: {}, connect: (g) => g, start() {}, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d }; }
  close() {}
};
window.__hidden = false;
Object.defineProperty(document, "hidden", { configurable: true, get: () => window.__hidden });
document.hasFocus = () => !window.__hidden;
"""


def test_a_player_in_another_tab_is_told_once_that_it_is_their_turn(server: Server, browser: object,
                                                                    pages: Pages) -> None:
    require_browser()
    g = server.started_game()
    gid = g["id"]
    first = server.state(gid, g["seats"][0]["token"])["current_player"]
    waiting = 1 - first
    page = pages.new()
    page.add_init_script(RECORDERS)
    page.goto(server.link(gid, g["seats"][waiting]["token"]))
    page.wait_for_selector(".game[data-status='active']")
    page.click("#notices > summary")
    page.check("#notice-browser")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('tabletop.notices')).browser === true")
    shot(page, "turn-notice-01-choices")
    page.evaluate("window.__hidden = true")  # the player goes to another tab
    # the other player moves until it is this player's turn
    tok = g["seats"][first]["token"]
    for _ in range(40):
        s = server.state(gid, tok)
        if s["current_player"] != first:
            break
        server.post(f"/api/games/{gid}/actions", {"token": tok, "revision": s["revision"],
                                                   "action": s["legal"][0]["action"]})
    page.wait_for_function("() => window.__notes.length === 1")
    assert page.evaluate("window.__notes[0][0]").endswith("Your turn")
    assert page.evaluate("window.__chimes") == 1
    assert page.evaluate("window.tabletop.debug().turnNotices") == 1
    # back at the page, the player moves: no notice for their own steps
    page.evaluate("window.__hidden = false")
    own = g["seats"][waiting]["token"]
    s = server.state(gid, own)
    server.post(f"/api/games/{gid}/actions", {"token": own, "revision": s["revision"],
                                               "action": s["legal"][0]["action"]})
    page.wait_for_function(f"() => window.tabletop.state().revision > {s['revision']}")
    assert page.evaluate("window.__notes.length") == 1
