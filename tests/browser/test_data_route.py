"""``GET /api/data/{game}``: the printed data the board is drawn from (no browser needed)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from tests.web.apps import api_app


def test_printed_data_for_the_board(tmp_path: Path) -> None:
    with TestClient(api_app(f"sqlite:///{tmp_path / 'games.db'}")) as c:
        gah = c.get("/api/data/grand-austria-hotel").json()
        assert len(gah["guests"]) == 56 and gah["guests"]["49"]["name"] == "Sculptor"
        assert gah["names"]["colours"][:3] == ["yellow", "blue", "red"] and len(gah["room_colour"]) == 20
        assert gah["queue_costs"] == [3, 2, 1, 0, 0] and gah["floor_cost"][1:] == [0, 1, 2, 3]
        assert gah["staff"][str(gah["staff_by_slug"]["kitchen-hand"])]["cost"] == 5
        bj = c.get("/api/data/burger-joint").json()
        assert bj["names"]["bistros"][-1] == "prestige" and len(bj["boards"]) == 2 and "records" not in bj
        assert c.get("/api/data/no-such-game").status_code == 404

        # for a hosted game: resolved for its config (the original rules' Kitchen Hand costs 3)
        g = c.post("/api/games", json={"game": "grand-austria-hotel", "players": 2, "seed": 1,
                                       "config": {"edition": "original"}}).json()
        orig = c.get("/api/data/grand-austria-hotel", params={"game_id": g["id"]}).json()
        assert orig["edition"] == "original"
        assert orig["staff"][str(orig["staff_by_slug"]["kitchen-hand"])]["cost"] == 3
        assert c.get("/api/data/burger-joint", params={"game_id": g["id"]}).status_code == 404
        assert c.get("/api/data/grand-austria-hotel", params={"game_id": "nope"}).status_code == 404
        # nothing hidden: no deck order, no hands, no RNG
        text = str(orig)
        assert "rng" not in orig and "staff_deck" not in text and "guest_deck" not in text
