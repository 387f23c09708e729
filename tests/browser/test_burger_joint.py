"""Burger Joint in a real browser: the allocation board, the bag and both development boards,
played by clicking (take cubes, build, trade buttons, done)."""

from __future__ import annotations

import time
from typing import Any

from tests.browser.conftest import Pages, Server, require_browser, shot
from tests.browser.ui import click_and_wait, exists, is_my_turn, legal, revision, wait_my_turn

SEED = 3


def new_game(server: Server) -> dict[str, Any]:
    g = server.post("/api/games", {"game": "burger-joint", "players": 2, "seed": SEED,
                                   "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]})
    for s in g["seats"]:
        server.post(f"/api/games/{g['id']}/join", {"token": s["token"], "name": s["name"]})
        # these tests click every decision themselves, the one-option ones too
        server.post(f"/api/games/{g['id']}/seats/{s['seat']}/settings", {"token": s["token"], "auto_single": False})
    server.post(f"/api/games/{g['id']}/start", {"token": g["seats"][0]["token"]})
    return g


def test_burger_joint_game_starts_playable(server: Server) -> None:
    """A new Burger Joint game opens with production draws; the server resolves them at the
    start, so it is playable at once (no browser needed)."""
    g = new_game(server)
    deadline = time.time() + 3
    while True:
        st = server.state(g["id"], g["seats"][0]["token"])
        if st["current_player"] >= 0 or time.time() > deadline:
            break
        time.sleep(0.1)
    assert st["current_player"] == 0 and st["legal"]


def test_burger_joint_board_by_clicking(server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    g = new_game(server)
    ann, ben = pages.new(), pages.new()
    ann.goto(server.link(g["id"], g["seats"][0]["token"]))
    ben.goto(server.link(g["id"], g["seats"][1]["token"]))
    for p in (ann, ben):
        p.wait_for_selector("#allocation")
    by_seat = {0: ann, 1: ben}

    def to_act() -> Any:
        cp = server.state(g["id"], g["seats"][0]["token"])["current_player"]
        assert cp in (0, 1), cp
        return by_seat[cp]

    # production: the players take the drawn cubes from the allocation board by clicking them
    taken = 0
    while server.state(g["id"], g["seats"][0]["token"])["view"]["phase"] == "production":
        page = to_act()
        wait_my_turn(page)
        assert page.locator("#allocation .pile.legal").count() >= 1
        assert not exists(page, "#my-board .legal")  # only cubes on the allocation board now
        click_and_wait(page, "#allocation .pile.legal")
        taken += 1
    assert taken >= 2
    shot(ann, "30-burger-after-production")

    # Ann's trading and building: every legal build is highlighted on her own board
    wait_my_turn(ann)
    st = server.state(g["id"], g["seats"][0]["token"])
    assert st["view"]["phase"] in ("trade", "build")
    for action in st["legal"]:
        a = action["action"]
        if a.startswith("build "):
            assert exists(ann, f"#my-board .legal[data-action='{a}']"), a
        elif a.startswith("trade ") or a == "done":
            assert exists(ann, f"#prompt-buttons button[data-action='{a}']"), a
    assert not exists(ben, ".legal")  # Ben is not to act: nothing is clickable for him
    builds = ann.locator("#my-board .legal[data-action^='build ']")
    if builds.count():
        click_and_wait(ann, "#my-board .legal[data-action^='build ']")
        assert "Ann (Burger) " in ann.locator("#log li").first.inner_text()  # the newest line names her
    # end Ann's actions; then whoever is to act plays on until it is Ben's turn to trade
    for _ in range(40):
        st = server.state(g["id"], g["seats"][0]["token"])
        if st["view"]["active"] == "pizza" and st["view"]["phase"] in ("trade", "build"):
            break
        page = to_act()
        wait_my_turn(page)
        acts = legal(page)
        if any(a.startswith("take ") for a in acts):
            click_and_wait(page, "#allocation .pile.legal")
        elif any(a.startswith("discard ") for a in acts):
            click_and_wait(page, "#my-board .pile.legal")
        elif "done" in acts:
            click_and_wait(page, "#prompt-buttons button[data-action='done']")
        else:
            click_and_wait(page, f"[data-action='{acts[0]}']")
    wait_my_turn(ben)
    assert is_my_turn(ben) and not is_my_turn(ann)
    assert revision(ann) == revision(ben)
    assert "Ben" in ann.inner_text("#prompt")
    shot(ben, "31-burger-ben-trading")
    phone = pages.new(width=375, height=812)
    phone.goto(server.link(g["id"], g["seats"][1]["token"]))
    phone.wait_for_selector("#allocation")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    shot(phone, "32-burger-phone")


RULE_SECTIONS = ["goal", "boards", "turn", "production", "trade", "build", "score", "discard", "site"]
# what is labelled on each development board (a visible label and/or a title tooltip)
BOARD_LABELS = ["vp", "track", "production", "tokens", "storage", "publicity", "publicity-marker", "basic",
                "basic-count", "diners", "bistros"]
SHARED_LABELS = ["phase", "bag", "area-general", "area-burger", "area-pizza"]


def rules_texts(page: Any) -> dict[str, str]:
    """Each section of the opened rules panel: its title and points, as shown."""
    out = {}
    for sec in page.locator("#bj-rules [data-section]").all():
        name = sec.get_attribute("data-section")
        assert sec.locator("h4").inner_text().strip(), name
        assert sec.locator("li").count() >= 1, name
        out[name] = sec.inner_text()
    return out


def check_labels(page: Any) -> None:
    """Every marker, track and count carries a title (and the visible ones a text); no raw keys."""
    for board in ("#my-board", "#opponents .opponent"):
        for label in BOARD_LABELS:
            el = page.locator(f"{board} [data-label='{label}']").first
            assert el.count() == 1, (board, label)
            title = el.get_attribute("title") or ""
            assert title and not title.startswith("bj."), (board, label, title)
            assert el.inner_text().strip(), (board, label)
        # the tokens on owned diners, the track spaces and the cube counts say what they are
        for sel in (".bj-card.owned .token", ".track-cell", ".pile", ".bj-card.diner .bj-card-head",
                    ".bj-card.bistro .bj-card-head"):
            for el in page.locator(f"{board} {sel}").all():
                title = el.get_attribute("title") or ""
                assert title and not title.startswith("bj."), (board, sel)
    for label in SHARED_LABELS:
        el = page.locator(f"#shared [data-label='{label}']")
        assert el.count() == 1, label
        assert (el.get_attribute("title") or "").strip(), label
    assert "bj.label" not in page.inner_text(".bj")


def test_burger_joint_rules_panel_and_labels(server: Server, browser: Any, pages: Pages) -> None:
    """The rules panel (rulebook 002 in short) opens in English, German and Chinese, and every marker and
    track on the board says what it is (the bare "marker 2" is now the labelled score track)."""
    require_browser()
    g = new_game(server)
    texts = {}
    for lang, locale in (("en", "en-US"), ("de", "de-DE"), ("zh", "zh-CN")):
        page = pages.new(locale=locale)
        page.goto(server.link(g["id"], g["seats"][0]["token"]))
        page.wait_for_selector("#allocation")
        assert page.evaluate("document.documentElement.lang").startswith(lang)
        rules = page.locator("details#bj-rules")
        assert rules.count() == 1 and rules.get_attribute("open") is None  # closed until asked
        assert "bj.rules" not in rules.locator("summary").inner_text()
        rules.locator("summary").click()
        page.wait_for_selector("details#bj-rules[open] [data-section='goal']")
        texts[lang] = rules_texts(page)
        assert list(texts[lang]) == RULE_SECTIONS, list(texts[lang])
        assert page.locator("#bj-rules [data-section='turn'] ol li").count() == 5  # the five steps of a turn
        assert "bj.rules" not in page.inner_text("#bj-rules")
        check_labels(page)
        shot(page, f"33-burger-rules-{lang}")
        if lang == "en":
            t = texts["en"]
            assert "12 victory points" in t["goal"] and "never more than 4" in t["production"]
            assert "down to 7" in t["discard"] and "on 2" in t["boards"] and "3-for-1" in t["trade"]
            assert "200 turns" in t["site"]  # the site's safety rule, said to be none of the rulebook's
            head = page.inner_text("#my-board .player-head")
            assert "Score track: 2" in head and "Production: 2" in head and "Tokens: 3/15" in head
            assert "marker 2" not in page.inner_text(".bj")
            assert "not on the track yet" in page.inner_text("#my-board [data-label='publicity-marker']")
            # the panel stays open when the board is drawn anew (Ann takes a production cube)
            wait_my_turn(page)
            click_and_wait(page, "#allocation .pile.legal")
            assert page.locator("details#bj-rules[open]").count() == 1
        elif lang == "de":  # in the words of 002's German half
            t = texts["de"]
            assert "12 Siegpunkte" in t["goal"] and "Zählleiste" in t["score"] and "Plakataufsteller" in t["score"]
            assert "Zählleiste: 2" in page.inner_text("#my-board .player-head")
    for sec in RULE_SECTIONS:
        assert texts["de"][sec] != texts["en"][sec], sec
        assert texts["zh"][sec] != texts["en"][sec], sec
