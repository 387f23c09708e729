"""Helpers for the Let's Waltz! browser tests: an in-process planner that finds a short stretch
of play reaching a module's own decisions (where each action is clicked: ``ui.click_action``)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from tabletop.core.registry import get_game


def progress_choice(rng: random.Random, acts: list[str]) -> str:
    """A person's random pick: mostly something that moves the game on, cheap opening bids."""
    acts = [a for a in acts if not re.match(r"^(open:[\w-]+|bid):([3-9]|\d\d)$", a)] or acts
    progress = [a for a in acts if a not in ("pass", "done")]
    return rng.choice(progress) if progress and rng.random() < 0.85 else rng.choice(acts)


def plan_route(modules: str, seed: int, targets: list[str], limit: int = 200,
               prefer: Callable[[str], int] | None = None) -> list[tuple[int, str]] | None:
    """Play the game in-process (2 seats, the server's seed: same seed + same actions = the same
    game) with a random policy that takes a target action as soon as one is legal; returns the
    (seat, action) list up to and including the last target reached, or None within ``limit``."""
    st = get_game("grand-austria-hotel").new_game(2, seed=seed, modules=modules)
    rng = random.Random(seed)
    pats = [re.compile(p) for p in targets]
    todo = set(range(len(pats)))
    route: list[tuple[int, str]] = []
    while st.current_player != -2 and len(route) < limit:
        if st.current_player == -1:
            st.apply(st.sample_chance())
            continue
        legal = st.legal_actions()
        hit = [a for a in legal if any(pats[i].match(a) for i in todo)]
        if hit:
            a = rng.choice(hit)
            todo -= {i for i in todo if pats[i].match(a)}
        elif prefer is not None:
            best = max(prefer(x) for x in legal)
            top = [x for x in legal if prefer(x) == best]
            a = rng.choice(top) if rng.random() < 0.8 else progress_choice(rng, legal)
        else:
            a = progress_choice(rng, legal)
        route.append((st.current_player, a))
        st.apply(a)
        if not todo:
            return route
    return None
