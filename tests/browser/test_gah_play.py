"""Grand Austria Hotel in a real browser: lobby, invite links, two people playing by clicking,
undo, refused and stale actions, reload and reconnect, "my games"."""

from __future__ import annotations

import re
import time
from typing import Any
from urllib.parse import parse_qs, urlparse

from tests.browser.conftest import Pages, Server, require_browser, shot
from tests.browser.ui import (
    click_action,
    click_and_wait,
    exists,
    is_my_turn,
    legal,
    open_seats,
    revision,
    wait_my_turn,
    wait_revision_at_least,
)

ITEMS = ("strudel", "cake", "wine", "coffee")


def create_in_lobby(page: Any, server: Server, seed: int) -> tuple[str, dict[str, str]]:
    """Create a 2-person game through the lobby form; returns (game id, links by seat/'spectator')."""
    page.goto(server.base + "/")
    page.wait_for_selector("#create-form #players-select")
    page.select_option("#game-select", "grand-austria-hotel")
    page.select_option("#players-select", "2")
    page.fill("input[name='seat-0-name']", "Ann")
    page.select_option("select[name='seat-1-kind']", "human")
    page.fill("input[name='seat-1-name']", "Ben")
    page.check("input[name='discard_free_guests']")  # a variant, sent as config
    page.select_option("select[name='edition']", "2021")
    page.click("details.advanced > summary")
    page.fill("#seed", str(seed))
    page.click("#create-button")
    page.wait_for_selector("#created input[data-invite='0']")
    links = {k: page.input_value(f"#created input[data-invite='{k}']") for k in ("0", "1", "spectator")}
    shot(page, "01-lobby-created")
    game_id = urlparse(links["0"]).path.rsplit("/", 1)[1]
    return game_id, links


def token_of(link: str) -> str:
    return parse_qs(urlparse(link).query)["token"][0]


def printed(server: Server) -> dict[str, Any]:
    return server.http.get("/api/data/grand-austria-hotel").json()  # type: ignore[no-any-return]


def guest_order(server: Server, guest: int) -> list[int]:
    return list(printed(server)["guests"][str(guest)]["order"])


def prepare_start_rooms(page: Any, server: Server, guest: int | None = None) -> None:
    """Click up to three highlighted rooms (of the guest's colour when there is a choice)."""
    data = printed(server)
    colour = data["guests"][str(guest)]["colour"] if guest else None
    for _ in range(3):
        rooms = [int(x) for x in
                 page.eval_on_selector_all("#my-board .room.legal", "els => els.map(e => e.dataset.room)")]
        if not rooms:
            break
        good = [r for r in rooms if colour in (None, 3) or data["room_colour"][r] == colour]
        click_and_wait(page, f"#my-board .room.legal[data-room='{(good or rooms)[0]}']")
    while is_my_turn(page) and legal(page) == ["done"]:
        click_and_wait(page, "#prompt-buttons button[data-action='done']")


def food_turn(page: Any, want: list[int] | None = None) -> None:
    """One turn by clicking: take a die for dishes or drinks, choose them, put them on guests,
    move a completed guest into a room, end the turn."""
    wait_my_turn(page)
    want = want or [1, 1, 1, 1]
    spaces = [s for s in (1, 2) if exists(page, f"#action-board .space[data-space='{s}'].legal")]
    spaces.sort(key=lambda s: -(want[2 * s - 2] + want[2 * s - 1]))
    if not spaces:
        spaces = [s for s in (4, 3, 5, 6) if exists(page, f"#action-board .space[data-space='{s}'].legal")]
    if not spaces:  # no die to take: pass (the prompt button)
        click_and_wait(page, "#prompt-buttons button[data-action='pass']")
        return
    space = spaces[0]
    if space == 6:  # the 6 copies another action: choose which in the space's menu
        page.click("#action-board .space[data-space='6']")
        page.wait_for_selector("#action-board .copy-menu button")
        copy = page.locator("#action-board .copy-menu button").first
        space = int((copy.get_attribute("data-action") or "d6=4")[3])
        click_and_wait(page, "#action-board .copy-menu button")
    else:
        click_and_wait(page, f"#action-board .space[data-space='{space}']")
    if space in (1, 2, 4):
        buttons = page.locator("#prompt-buttons button[data-action]")
        actions = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
        choice = [a for a in actions if a != "done"]

        def score(a: str) -> int:
            m = re.match(r"^[swe](\d+)[ckm](\d+)$", a)
            if not m or space == 4:
                return 0
            i = 2 * space - 2
            return min(int(m.group(1)), want[i]) + min(int(m.group(2)), want[i + 1])

        choice.sort(key=score, reverse=True)
        click_and_wait(page, f"#prompt-buttons button[data-action='{choice[0]}']")
    for _ in range(4):  # put the new items on guests (the + buttons on the café guests)
        if not exists(page, "#my-board .serve-item"):
            break
        click_and_wait(page, "#my-board .serve-item")
    while is_my_turn(page) and "done" in legal(page) and not any(a.startswith("m") for a in legal(page)):
        click_and_wait(page, "#prompt-buttons button[data-action='done']")
    if is_my_turn(page) and any(re.match(r"^m\dr\d+$", a) for a in legal(page)):
        move_guest(page)
    while is_my_turn(page) and "done" in legal(page):
        click_and_wait(page, "#prompt-buttons button[data-action='done']")


def move_guest(page: Any) -> None:
    """Click a completed café guest, then a highlighted room: the guest moves in."""
    occupied = page.locator("#my-board .room.occupied").count()
    page.locator("#my-board .table .guest.legal").first.click()
    page.wait_for_selector("#my-board .guest.selected")
    assert "room" in page.inner_text("#prompt").lower()
    click_and_wait(page, "#my-board .room.legal")
    assert page.locator("#my-board .room.occupied").count() == occupied + 1


def test_lobby_invite_join_and_play_turns_by_clicking(server: Server, browser: Any, pages: Pages) -> None:
    require_browser()
    lobby = pages.new()
    game_id, links = create_in_lobby(lobby, server, seed=13)
    for seat in (0, 1):  # this test clicks every step, those with one option too
        server.ask_every_decision(game_id, seat, token_of(links[str(seat)]))
    st0 = server.state(game_id, token_of(links["0"]))
    assert st0["status"] == "open" and st0["config"] == {"discard_free_guests": True}

    # the table's maker (Ann, in the lobby's browser) sits at seat 0 at once: no Join for her
    # (issue 64); Ben opens his invite link in his own browser and joins; then Ann starts
    ann, ben = lobby, pages.new()
    assert st0["seats"][0]["joined"] and st0["seats"][0]["name"] == "Ann"
    ann.goto(links["0"])
    ann.wait_for_selector("#start-button[disabled]")  # Ben has not joined yet
    assert ann.locator("#join-button").count() == 0
    ben.goto(links["1"])
    ben.fill("#join-name", "Ben")
    ben.click("#join-button")
    ann.click("#start-button")  # enabled by the push that told Ann that Ben joined
    for p in (ann, ben):
        p.wait_for_selector(".game[data-status='active']")

    # setup, reverse order: Ben, then Ann pick a starting guest by clicking it in the queue
    wait_my_turn(ben)
    assert ann.locator("#queue .slot.legal").count() == 0  # not Ann's turn: nothing to click
    assert ben.locator("#queue .slot.legal").count() == 5
    click_and_wait(ben, "#queue .slot[data-slot='0']")
    wait_my_turn(ann)
    queue = server.state(game_id, token_of(links["0"]))["view"]["queue"]
    orders = {i: guest_order(server, g) for i, g in enumerate(queue)}
    slot = min(orders, key=lambda i: sum(orders[i]))  # the easiest guest to serve
    click_and_wait(ann, f"#queue .slot[data-slot='{slot}']")
    ann_guest = queue[slot]
    assert ann.locator(f"#my-board .table .guest[data-guest='{ann_guest}']").count() == 1

    # then each prepares up to three starting rooms by clicking them in the hotel
    for page, guest in ((ann, ann_guest), (ben, None)):
        wait_my_turn(page)
        prepare_start_rooms(page, server, guest)
        assert page.locator("#my-board .room.prepared").count() >= 2
    shot(ben, "02-setup-done-ben")

    # round 1: Ann takes a die ... and takes it back (undo), then takes it again
    wait_my_turn(ann)
    assert ann.locator("#action-board .space.legal").count() >= 1
    rev = revision(ann)
    space = ann.locator("#action-board .space.legal").first
    space_no = space.get_attribute("data-space")
    dice_before = ann.inner_text(f"#action-board .space[data-space='{space_no}'] .count")
    click_and_wait(ann, f"#action-board .space[data-space='{space_no}']")
    ann.wait_for_selector("#undo")
    click_and_wait(ann, "#undo")
    assert revision(ann) == rev
    assert ann.inner_text(f"#action-board .space[data-space='{space_no}'] .count") == dice_before
    assert server.state(game_id, token_of(links["0"]))["revision"] == rev

    # a full turn: die for dishes/drinks -> choose -> put on the guest -> move a completed guest -> end
    # (seed 13: Ann's easiest guest is the Composer, one wine; two dice lie on space 2)
    food_turn(ann, want=guest_order(server, ann_guest))
    shot(ann, "03-ann-after-first-turn")
    ann_view = server.state(game_id, token_of(links["0"]))["view"]["players"][0]
    assert ann_view["occupied"], "seed 13 should let Ann serve and move her starting guest in round 1"
    assert ann.locator("#my-board .room.occupied").count() == len(ann_view["occupied"])
    log = ann.inner_text("#log")
    assert "Ann" in log and "die" in log

    # the turn order tiles say who is next (1|4 and 2|3: Ann, Ben, Ben, Ann); each screen follows live
    def to_act() -> tuple[Any, Any]:
        cp = server.state(game_id, token_of(links["0"]))["current_player"]
        return (ann, ben) if cp == 0 else (ben, ann)

    actor, other = to_act()
    wait_my_turn(actor)
    rev = server.state(game_id, token_of(links["0"]))["revision"]
    wait_revision_at_least(other, rev)
    assert revision(actor) == revision(other) == rev
    # a refused action: the message is shown, nothing changes
    actor.evaluate("tabletop.act('d9')")
    actor.wait_for_selector("#error")
    assert "illegal" in actor.inner_text("#error")
    assert revision(actor) == rev
    # a stale revision (another tab acted meanwhile): the board reloads and says so
    actor.evaluate("tabletop.act(tabletop.state().legal[0].action, 0)")
    actor.wait_for_selector("#notice")
    assert revision(actor) == rev and server.state(game_id, token_of(links["0"]))["revision"] == rev
    food_turn(actor)

    # reload: the same position comes back from the server
    actor, other = to_act()
    wait_my_turn(actor)
    rev = revision(actor)
    actor.reload()
    actor.wait_for_selector(".game[data-status='active']")
    assert revision(actor) == rev and is_my_turn(actor)
    # connection drop: the other screen reconnects by itself and keeps following the game
    other_rev = revision(other)
    other.evaluate("tabletop.dropConnection()")
    other.wait_for_function("tabletop.connection() === 'live'")
    food_turn(actor)
    wait_revision_at_least(other, revision(actor))
    assert revision(other) > other_rev

    # "my games" in the lobby marks the games where it is your turn
    actor, other = to_act()
    wait_my_turn(actor)
    for page, mine in ((actor, True), (other, False)):
        page.goto(server.base + "/")
        page.wait_for_selector(f"#my-games li.my-game[data-game='{game_id}']")
        assert exists(page, f"#my-games li.my-game.your-turn[data-game='{game_id}']") is mine
    shot(actor, "04-my-games")
    actor.click(f"#my-games li[data-game='{game_id}'] a")
    actor.wait_for_selector(".game[data-status='active']")
    rev = revision(actor)
    food_turn(actor)
    assert revision(actor) > rev
    shot(actor, "05-board-after-turns")


# the actions ``click_action`` carries out on the board (the rest are prompt buttons, which stay
# disabled while a request is under way: those a click waits for)
ACTIONS_URL = re.compile(r"/api/games/[^/]+/actions")
ON_BOARD = re.compile(r"^(d[1-5](:[a-z]+)?|g\d|t\d[scwkh]|r\d+|o\d+|rm\d+|c\d|(play|use|discard|draft):.*)$")


def test_board_click_while_the_answer_is_on_its_way_is_not_lost(server: Server, browser: Any, pages: Pages) -> None:
    """The server pushes a move's new board before it answers the request. A click on that new board
    before the answer is in used to be dropped without a word (the page was still "busy"): the player
    clicked and nothing happened. Here every answer to a move is held back until the next click has
    been made on the pushed board; the click must be carried out once the answer is in."""
    require_browser()
    g = server.started_game(names=("Ann", "Ben"), seed=11, ask_every_decision=True)
    seat_pages = open_seats(server, pages, g)
    held: list[tuple[Any, Any]] = []
    holding = [False]

    def hold(route: Any) -> None:
        if holding[0] and route.request.method == "POST":
            held.append((route, route.fetch()))  # the server has the move (and pushes it); the page waits
        else:
            route.continue_()

    raced = 0
    for _ in range(60):
        page = whose_turn(seat_pages)
        first = next((a for a in legal(page) if ON_BOARD.match(a)), None)
        if first is None:
            click_action(page, legal(page)[0])
            continue
        page.route(ACTIONS_URL, hold)
        holding[0] = True
        rev = revision(page)
        click_action(page, first)  # returns on the pushed board; the answer is held
        wait_until(page, lambda: len(held) == 1)  # the push can come before the held answer is stored
        assert len(held) == 1 and revision(page) > rev
        second = next((a for a in legal(page) if ON_BOARD.match(a)), None) if is_my_turn(page) else None
        holding[0] = False
        if second is not None:
            after_first = revision(page)
            click_action_nowait(page, second)
        route, answer = held.pop()
        route.fulfill(response=answer)
        page.unroute(ACTIONS_URL)
        if second is not None:
            wait_revision_at_least(page, after_first + 1)
            raced += 1
            if raced >= 3:
                break
        else:
            page.wait_for_function("() => !tabletop.debug().busy")
    assert raced >= 3, f"only {raced} clicks made while an answer was held"
    assert not pages.errors, pages.errors


def whose_turn(seat_pages: list[Any], timeout: float = 10.0) -> Any:
    """The page whose player is to act, once its push has been drawn (the other seat's page may
    draw the move a moment after the mover's)."""
    wait_until(seat_pages[0], lambda: any(is_my_turn(p) for p in seat_pages), timeout)
    page = next((p for p in seat_pages if is_my_turn(p)), None)
    assert page is not None, "nobody's turn"
    return page


def wait_until(page: Any, done: Any, timeout: float = 10.0) -> None:
    """Let the page's events (and this test's route handlers) run until ``done()``."""
    deadline = time.time() + timeout
    while not done() and time.time() < deadline:
        page.wait_for_timeout(20)


def click_action_nowait(page: Any, a: str) -> None:
    """Click ``a`` on the board without waiting for anything (the page is still waiting for an answer)."""
    if m := re.match(r"^d([1-5])(\+?)$", a):
        page.click(f"#action-board [data-space='{m.group(1)}']")
    elif m := re.match(r"^d([1-5]):([a-z]+)(\+?)$", a):
        page.click(f"#action-board [data-space='{m.group(1)}'] .cdie[data-die='{m.group(2)}']")
    elif re.match(r"^g\d$", a):
        page.click(f"#queue [data-action='{a}']")
    else:
        page.click(f"#my-board [data-action='{a}']")
