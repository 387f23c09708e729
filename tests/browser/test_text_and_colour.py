"""Issue 64, item 6: text and colour on the game page.

(a) Card names wrap between words, never inside one ("Lord High Commissio ner"), and fit their card.
(b) Items and seats are told apart by more than colour: each item mark carries its letter, each
    seat's disc its number; the item letters follow the "Colour-blind marks" setting (on by default,
    kept in this browser).
(c) Keyboard shortcuts for the common moves, only while no text field has the focus.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Pages, Server, require_browser, shot
from tests.browser.ui import legal, revision, wait_my_turn, wait_revision_change

I18N = Path(__file__).resolve().parents[2] / "tabletop" / "web" / "static" / "i18n"
ALL = ["ballrooms", "celebrities", "unique_hotels", "start_player", "more"]

# Every card name on the page: each of its words (a run of Latin letters and digits; Chinese breaks
# between any two characters) lies on one line, or was hyphenated by the browser (which is known to
# hyphenate when a probe word in a narrow box takes more lines with `hyphens: auto` than without; the
# browser draws that hyphen itself, so it is not in the text); and the name stays inside its card.
NAMES = """() => {
  const CARD = ".guest, .staff, .celeb, .entrance, .ballroom, .bj-card, .lounge-space, .token-tile, .space";
  const probe = (hy) => {
    const d = document.createElement("div");
    d.lang = document.documentElement.lang;
    d.style.cssText = "position:absolute;visibility:hidden;width:4em;font-size:16px;"
      + `hyphens:${hy};-webkit-hyphens:${hy}`;
    d.textContent = "Commissioner Oberjustizsekretär";
    document.body.append(d);
    const h = d.getBoundingClientRect().height;
    d.remove();
    return h;
  };
  const hyphenates = probe("auto") > probe("manual");
  const problems = [];
  let names = 0, words = 0, smaller = 0;
  for (const el of document.querySelectorAll(".card-name")) {
    const r = el.getBoundingClientRect();
    if (!r.width) continue; // in a closed panel
    names++;
    if (/fit-/.test(el.className)) smaller++;
    const text = el.textContent;
    const node = [...el.childNodes].find((n) => n.nodeType === 3);
    if (node && node.textContent === text) {
      for (const m of text.matchAll(/[\\p{Script=Latin}\\p{N}'’.&]+/gu)) {
        words++;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
        const style = getComputedStyle(el);
        const hyphened = hyphenates && (style.hyphens || style.webkitHyphens) === "auto";
        if (tops.size > 1 && !hyphened) problems.push(`"${m[0]}" of "${text}" on ${tops.size} lines`);
      }
    }
    const box = el.closest(CARD);
    if (el.scrollWidth > el.clientWidth + 1) {
      problems.push(`"${text}" wider than its box (${el.scrollWidth} > ${el.clientWidth})`);
    }
    if (box) {
      const b = box.getBoundingClientRect();
      const cs = getComputedStyle(box);
      const right = b.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight);
      const left = b.left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft);
      if (r.right > right + 1 || r.left < left - 1) {
        problems.push(`"${text}" past its card (${r.left}-${r.right} in ${left}-${right})`);
      }
    }
  }
  return { names, words, smaller, hyphenates, problems };
}"""

# Every guest and staff name of the language, one after another in the narrowest card of its kind on
# the page (a queue slot, a staff card), fitted as the page fits its names.
ALL_NAMES = """([guests, staff]) => {
  const out = [];
  const tryIn = (sel, list) => {
    const cards = [...document.querySelectorAll(sel)].filter((e) => e.getBoundingClientRect().width > 0);
    if (!cards.length) return 0;
    const narrow = cards.reduce((a, b) => (b.getBoundingClientRect().width < a.getBoundingClientRect().width ? b : a));
    const el = narrow.querySelector(".card-name");
    const was = el.textContent;
    for (const name of list) {
      el.textContent = name;
      tabletop.fitNames();
      out.push(...window.__names().problems.filter((p) => p.includes(name)));
    }
    el.textContent = was;
    tabletop.fitNames();
    return list.length;
  };
  const n = tryIn("#queue .guest[data-guest]", guests) + tryIn(".staff", staff);
  return { tried: n, problems: out };
}"""


def names_of(lang: str, kind: str) -> list[str]:
    words = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return sorted({v for k, v in words.items() if k.startswith(f"{kind}.") and k.endswith(".name")})


@pytest.mark.parametrize(("players", "seed", "modules"),
                         [(2, 3, []), (3, 11, []), (4, 5, []), (2, 9, ALL), (4, 2, ALL)])
def test_card_names_wrap_between_words_and_fit(players: int, seed: int, modules: list[str], server: Server,
                                                browser: Any, pages: Pages) -> None:
    require_browser()
    names = ("Ann", "Ben", "Cy", "Dee")[:players]
    g = server.started_game(names=names, seed=seed, config={"modules": modules})
    link = server.link(g["id"], g["seats"][0]["token"])
    seen = 0
    for width, height in ((1360, 950), (390, 844)):
        for lang in ("en", "de", "zh"):
            page = pages.new(width=width, height=height)
            page.add_init_script(f"localStorage.setItem('tabletop.lang', '{lang}')")
            page.goto(link)
            page.wait_for_selector(".game[data-status='active'] #queue .guest")
            page.wait_for_function("l => document.documentElement.lang.startsWith(l)", arg=lang)
            closed = page.locator("#opponents details.opponent:not([open]) > summary")
            while closed.count():
                closed.first.click()  # every board, opened
            page.evaluate(f"window.__names = {NAMES}")
            got = page.evaluate("__names()")
            assert got["names"] >= 5 * 1 + players, got
            assert not got["problems"], (width, lang, got["problems"][:8])
            seen += got["names"]
            if lang != "zh" and players == 4 and modules:  # every guest and staff name, in the narrowest card
                every = page.evaluate(ALL_NAMES, [names_of(lang, "guest"), names_of(lang, "staff")])
                assert every["tried"] == len(names_of(lang, "guest")) + len(names_of(lang, "staff")), every["tried"]
                assert not every["problems"], (width, lang, every["problems"][:8])
            if players == 4 and modules:
                shot(page, f"90-card-names-{width}-{lang}", full_page=width < 1000)
            page.close()
    assert seen >= 60


# Each mark as drawn: the content of its ::after (or ::before) box, read from the computed style.
MARKS = """() => {
  const content = (el, pseudo) => {
    const c = getComputedStyle(el, pseudo).content;
    return c === "none" || c === "normal" ? "" : c.replace(/^"|"$/g, "");
  };
  const discs = [...document.querySelectorAll(".game .disc, .game .dancer[data-seat], .game .token")]
    .filter((e) => e.getBoundingClientRect().width > 0)
    .map((e) => ({ mark: content(e, "::after"), want: e.dataset.seatMark || "", cls: e.className }));
  const cubes = [...document.querySelectorAll(".game .cube, .game .bjcube")]
    .filter((e) => e.getBoundingClientRect().width > 0)
    .map((e) => ({ item: (e.className.match(/\\b(?:i|b)-(\\w+)/) || [])[1], mark: content(e, "::after") }));
  const guests = [...document.querySelectorAll(".game .guest[data-guest] .order")].map((e) => ({
    colour: (e.closest(".guest").className.match(/\\bc-(\\w+)/) || [])[1], mark: content(e, "::after") }));
  const rooms = [...document.querySelectorAll("#my-board .room")].map((e) => ({
    colour: (e.className.match(/\\bc-(\\w+)/) || [])[1], mark: content(e, "::before") }));
  return { on: !!document.querySelector(".game.cb-marks"), discs, cubes, guests, rooms };
}"""


def one_mark_each(pairs: list[dict[str, str]], key: str) -> dict[str, str]:
    """{thing: its mark}; each thing has one mark and no two things share one."""
    marks: dict[str, set[str]] = {}
    for p in pairs:
        marks.setdefault(p[key], set()).add(p["mark"])
    assert all(len(m) == 1 for m in marks.values()), marks
    out = {k: next(iter(m)) for k, m in marks.items()}
    assert len(set(out.values())) == len(out), out
    return out


def test_items_and_seats_are_told_apart_by_more_than_colour(server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    g = server.started_game(names=("Ann", "Ben", "Cy", "Dee"), seed=6, config={"modules": ALL})
    link = server.link(g["id"], g["seats"][0]["token"])
    page = pages.new()
    page.goto(link)
    page.wait_for_selector(".game[data-status='active'] #queue .guest")
    got = page.evaluate(MARKS)
    assert got["on"], "colour-blind marks are on by default"
    # every seat's disc shows its number; each seat one number, four seats four numbers
    assert len(got["discs"]) >= 12, got["discs"]
    assert all(d["mark"] == d["want"] and d["want"] in "1234" and d["want"] for d in got["discs"]), got["discs"]
    # every dish and drink its letter of the notation, the same one everywhere
    assert one_mark_each(got["cubes"], "item") == {"strudel": "s", "cake": "c", "wine": "w", "coffee": "k",
                                                     "champagne": "h"}
    guests = one_mark_each(got["guests"], "colour")
    assert guests and set(guests.values()) <= {"Y", "B", "R", "G"}, guests
    assert one_mark_each(got["rooms"], "colour") == {"yellow": "Y", "blue": "B", "red": "R"}
    page.locator("#players").screenshot(path=str(shot_path("91-seat-numbers")))
    page.locator("#queue").screenshot(path=str(shot_path("92-item-and-colour-marks")))
    page.locator("#my-board .pb-grid").screenshot(path=str(shot_path("93-rooms-and-kitchen-marks")))

    # the setting: off takes the letters away (the seats keep their numbers), kept in this browser
    page.click("#cb-marks")
    page.wait_for_selector(".game:not(.cb-marks)")
    got = page.evaluate(MARKS)
    assert not any(c["mark"] for c in got["cubes"]) and not any(r["mark"] for r in got["rooms"])
    assert all(d["mark"] == d["want"] for d in got["discs"])
    page.reload()
    page.wait_for_selector(".game[data-status='active'] #queue .guest")
    assert not page.evaluate(MARKS)["on"] and not page.is_checked("#cb-marks")
    page.click("#cb-marks")
    page.wait_for_selector(".game.cb-marks")

    # German: the item letters stay those of the notation, the colours' are German
    page.select_option("#lang-select", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.wait_for_selector("#cb-marks")
    got = page.evaluate(MARKS)
    assert one_mark_each(got["cubes"], "item")["coffee"] == "k"
    assert one_mark_each(got["rooms"], "colour") == {"yellow": "G", "blue": "B", "red": "R"}
    assert "Farbenblinde" in page.inner_text("#players")


def test_burger_joint_cubes_and_seats_carry_marks(server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    g = server.started_game(game="burger-joint", names=("Ann", "Ben"), seed=2)
    page = pages.new()
    page.goto(server.link(g["id"], g["seats"][0]["token"]))
    page.wait_for_selector(".game[data-status='active'] #bag .bjcube")
    got = page.evaluate(MARKS)
    marks = one_mark_each(got["cubes"], "item")
    assert marks == {"white": "W", "black": "Bk", "yellow": "Y", "green": "G", "brown": "Br", "red": "R"}, marks
    assert got["discs"] and all(d["mark"] == d["want"] and d["want"] for d in got["discs"]), got["discs"]
    page.locator("#shared").screenshot(path=str(shot_path("94-burger-joint-marks")))


def shot_path(name: str) -> Path:
    from tests.browser.conftest import SHOTS

    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS / f"{name}.png"


def own_actions(server: Server, g: dict[str, Any], since: int) -> list[str]:
    """Seat 0's own moves from action ``since`` on, as the log names them."""
    log = server.http.get(f"/api/games/{g['id']}/log", params={"token": g["seats"][0]["token"]}).json()
    return [e["action"] for e in log if e.get("kind") == "action" and e.get("seat") == 0 and e["idx"] >= since
            and "action" in e]


def test_keyboard_shortcuts(server: Server, browser: Any, pages: Pages) -> None:
    """?, Esc, H, 1-6 (and 6 then 2), U and Enter do what the list says; typing in the chat does not."""
    require_browser()
    g = server.started_game(names=("Ann", "Ben"), seed=3, hints=True)
    toks = [s["token"] for s in g["seats"]]
    # the API plays both seats up to seat 0's first turn with dice to take (the first option, never a pass)
    for _ in range(40):
        st = next(s for s in (server.state(g["id"], t) for t in toks) if s["legal"])
        acts = [x["action"] for x in st["legal"]]
        if st["seat"] == 0 and "d1" in acts:
            break
        a = next(x for x in acts if x != "pass")
        server.post(f"/api/games/{g['id']}/actions",
                    {"token": toks[st["seat"]], "revision": st["revision"], "action": a})
    page = pages.new()
    page.goto(server.link(g["id"], toks[0]))
    wait_my_turn(page)
    page.click("#players")  # the page has the focus, nothing in it

    page.keyboard.press("?")
    page.wait_for_selector("#keys-help")
    words = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
    assert words["game.keys.undo"] in page.inner_text("#keys-help")
    shot(page, "95-keyboard-shortcuts", full_page=False)
    page.keyboard.press("Escape")
    page.wait_for_selector("#keys-help", state="detached")

    # typing in the chat is typing: no move, no undo
    rev = revision(page)
    page.click("#chat-input")
    page.keyboard.type("1u6?")
    page.wait_for_timeout(400)
    assert revision(page) == rev and page.input_value("#chat-input") == "1u6?"
    assert page.locator("#keys-help").count() == 0
    page.evaluate("document.activeElement.blur()")

    page.keyboard.press("h")  # the coach's hint
    page.wait_for_selector("#hint-panel")

    page.keyboard.press("1")  # the die of space 1
    wait_revision_change(page, rev)
    assert own_actions(server, g, rev)[:1] == ["d1"]
    rev1 = revision(page)
    page.keyboard.press("u")  # undo
    wait_revision_change(page, rev1)
    st = server.state(g["id"], toks[0])
    assert not st["view"]["turn"]["die_taken"] and "d1" in [x["action"] for x in st["legal"]]

    page.keyboard.press("6")  # space 6: its choice opens, Esc closes it, 6 then 2 copies action 2
    page.wait_for_selector("#action-board .copy-menu")
    page.keyboard.press("Escape")
    page.wait_for_selector("#action-board .copy-menu", state="detached")
    rev = revision(page)
    page.keyboard.press("6")
    page.wait_for_selector("#action-board .copy-menu")
    page.keyboard.press("2")
    wait_revision_change(page, rev)
    assert own_actions(server, g, rev)[:1] == ["d6=2"]

    # on to the end of the turn: a choice of dishes by a click, each "done" by Enter (or Space)
    dones = 0
    for step in range(12):
        if page.locator("#prompt[data-mine='1']").count() == 0:
            break
        acts = legal(page)
        rev = revision(page)
        if "done" in acts:
            page.wait_for_timeout(900)  # the turn's end takes no key in the moment after another move
            page.keyboard.press("Enter" if step % 2 else " ")
            wait_revision_change(page, rev)
            assert "done" in own_actions(server, g, rev), own_actions(server, g, rev)
            dones += 1
        else:
            page.locator("#prompt-buttons button.action").first.click()
            wait_revision_change(page, rev)
    assert dones >= 1
    assert server.state(g["id"], toks[0])["current_player"] == 1  # the turn was ended by the keyboard
