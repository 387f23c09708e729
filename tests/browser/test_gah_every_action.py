"""Every legal action has a place to click: a person plays a long stretch of a variant-rich game
(staff draft, original rules, Rowe-Smith staff) by clicking random legal things, against a bot."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.browser.conftest import Pages, Server, require_browser, shot
from tests.browser.ui import UNPLACED, click_action, legal, wait_my_turn_or_end


def test_every_legal_action_has_a_place_to_click(server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    g = server.post("/api/games", {
        "game": "grand-austria-hotel", "players": 2, "seed": 31,
        "config": {"staff_draft": True, "edition": "original", "rowe_smith_staff": True},
        "seats": [{"kind": "human", "name": "Dora"}, {"kind": "bot", "bot": "easy"}]})
    token = g["seats"][0]["token"]
    server.post(f"/api/games/{g['id']}/join", {"token": token, "name": "Dora"})
    server.post(f"/api/games/{g['id']}/start", {"token": token})
    page = pages.new()
    page.goto(server.link(g["id"], token))
    page.wait_for_selector(".game[data-status='active']")
    rng = random.Random(4)
    kinds: set[str] = set()
    actions = 0
    started = time.time()
    need = {"draft", "sguest", "rooms", "turn"}
    # 30 s of play, and on a busy machine on until the stretch is long enough (40 actions, every
    # kind of decision below), up to 200 actions or 150 s
    while actions < 200 and time.time() - started < 150 and (
            time.time() - started < 30 or actions < 40 or not need <= kinds):
        if not wait_my_turn_or_end(page):
            break
        acts = legal(page)
        st = page.evaluate("tabletop.state()")
        kinds.add(st["view"]["pending"][-1]["decision"])
        missing = page.evaluate(UNPLACED)
        assert not missing, f"legal but nowhere to click ({st['prompt']}): {missing}"
        progress = [a for a in acts if a not in ("pass", "done")]
        a = rng.choice(progress) if progress and rng.random() < 0.85 else rng.choice(acts)
        click_action(page, a)
        actions += 1
        if actions == 25:
            shot(page, "40-variants-midgame")
    print("decisions seen:", sorted(kinds), "actions:", actions)
    assert actions >= 40, actions
    assert need <= kinds, kinds
    # hand the seat to a bot (if the game still runs) and let it finish; the page follows to the end
    if server.state(g["id"], token)["status"] == "active":
        server.post(f"/api/games/{g['id']}/seats/0/bot", {"token": token, "bot": "easy"})
    page.wait_for_selector("#end-screen", timeout=60000)
    assert page.locator("#prompt[data-mine='1']").count() == 0
    final = server.state(g["id"], token)
    assert [int(page.inner_text(f"#breakdown [data-final='{i}']")) for i in range(2)] == final["result"]["scores"]
