"""Measure the AEC environments' throughput: ``python -m tabletop.research.bench``.

Plays complete games with uniformly random *masked* actions through the wrapped
PettingZoo env, the way a training loop does (``last()`` -> observation and mask ->
``step``), and reports agent steps (decisions) per second and games per second.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from tabletop.research.aec import make_env


def bench(game: str, players: int, games: int, seed: int = 0, **config: Any) -> dict[str, Any]:
    env = make_env(game)(num_players=players, **config)
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.perf_counter()
    for g in range(games):
        env.reset(seed=seed + g)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    elapsed = time.perf_counter() - start
    return {"game": game, "players": players, "games": games, "steps": steps,
            "seconds": round(elapsed, 3), "steps_per_s": round(steps / elapsed, 1),
            "games_per_s": round(games / elapsed, 2), "config": config}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--modules", default="", help="Grand Austria Hotel: Let's Waltz! modules ('all' or a,b)")
    args = ap.parse_args()
    gah = {"modules": args.modules} if args.modules else {}
    rows = [bench("grand-austria-hotel", 2, args.games, **gah), bench("grand-austria-hotel", 4, args.games, **gah),
            bench("burger-joint", 2, max(args.games // 5, 1))]
    for r in rows:
        print(json.dumps(r) if args.json else
              f"{r['game']:20} {r['players']}p  {r['steps_per_s']:>9,.0f} steps/s  "
              f"{r['games_per_s']:>7.2f} games/s  ({r['steps']} steps in {r['seconds']} s)")


if __name__ == "__main__":
    main()
