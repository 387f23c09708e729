"""Pushes carry only the log entries since the push before them, answers to moves only the
move's own (docs/WEB.md, *What a push carries*).

A page that adds each push's entries to the log it has must always hold exactly the log a
whole state gives at that revision: through undos, through a seat handed to a bot and taken
back, and past the tail's length."""

from __future__ import annotations

import json
import random

from tests.web.test_api import started, state


def merge(page: dict, msg: dict) -> dict:
    """What the browser does with a push (game_sync.js ``withLog``)."""
    if msg["log_after"] is None:
        return msg
    assert page["revision"] == msg["log_after"], "a push for a moment the page has not seen"
    since, first = msg["log_since"], msg["log_first"]
    kept = [e for e in page["log"] if since > 0 and e["idx"] < since]
    return {**msg, "log": [e for e in kept + msg["log"] if first == 0 or e["idx"] >= first]}


def next_push(ws) -> dict:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "state":
            return msg


def test_a_page_adding_the_pushed_entries_holds_the_whole_log(client) -> None:
    g = started(client)
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    rng = random.Random(5)
    sizes: list[tuple[int, int]] = []  # (push, whole state) JSON sizes
    deltas = undos = answers_delta = 0
    with client.websocket_connect(f"/api/games/{gid}/ws?token={g['spectator_token']}") as ws:
        page = next_push(ws)
        assert page["log_after"] is None  # the greeting is whole
        for step in range(200):
            s = state(client, g, 0)
            if s["status"] != "active":
                break
            seat = s["current_player"]
            mine = state(client, g, seat)
            if step == 70:  # seat 1 hands itself to a bot and takes the seat back: the names change
                r = client.post(f"/api/games/{gid}/seats/1/bot", json={"token": tokens[1], "bot": "random"})
                assert r.status_code == 200
                r = client.post(f"/api/games/{gid}/seats/1/reclaim", json={"token": tokens[1]})
                assert r.status_code == 200
            elif mine["can_undo"] and rng.random() < 0.15:
                r = client.post(f"/api/games/{gid}/undo", json={"token": tokens[seat], "revision": mine["revision"]})
                assert r.status_code == 200, r.text
                undos += 1
            else:
                action = rng.choice(mine["legal"])["action"]
                r = client.post(f"/api/games/{gid}/actions",
                                json={"token": tokens[seat], "revision": mine["revision"], "action": action})
                assert r.status_code == 200, r.text
                answer = r.json()  # the answer to a move carries only its entries too
                answers_delta += answer["log_after"] == mine["revision"]
                assert merge(mine, answer)["log"] == state(client, g, seat)["log"], f"step {step}: the answer"
            whole = client.get(f"/api/games/{gid}", params={"token": g["spectator_token"]}).json()
            while (page["revision"], page["status"], page["log_total"]) != \
                    (whole["revision"], whole["status"], whole["log_total"]):
                msg = next_push(ws)
                deltas += msg["log_after"] is not None
                sizes.append((len(json.dumps(msg)), len(json.dumps(whole))))
                page = merge(page, msg)
            assert page["log"] == whole["log"], f"step {step}: the page's log differs from the whole state's"
            assert page["view"] == whole["view"]
    assert whole["revision"] > 60 and undos >= 2  # past the tail, through undos
    assert answers_delta >= 100
    assert deltas >= len(sizes) * 3 // 4  # most pushes carry only the new entries
    late = sizes[len(sizes) // 2:]
    assert sum(p for p, _ in late) < sum(w for _, w in late) / 2  # and are far smaller than whole states
