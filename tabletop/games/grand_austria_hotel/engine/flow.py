"""The state contract and the flow of a round: chance (dice rolls), the stack of
pending decisions, turns in turn-order-tile order, passing and re-rolls
(003 Passing), the end of a round and its clean-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core.errors import IllegalAction
from tabletop.core.rng import Rng
from tabletop.core.state import CHANCE, TERMINAL
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.engine.base import (
    EngineBase,
    Player,
)

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.modules import Module


class TurnFlow(EngineBase):
    # --------------------------------------------------------------- contract
    @property
    def current_player(self) -> int:
        if self.stack:
            return self.stack[-1][1]
        if self.phase == "roll":
            return CHANCE
        return TERMINAL

    def apply(self, action: str) -> None:
        if not self.stack and self.phase == "roll":
            # chance outcomes are validated by parsing (there can be thousands)
            owner = self._chance_owner() if self.mods else None
            if owner is not None:
                if not owner.parse_chance(self, action):
                    raise IllegalAction(f"illegal chance outcome {action!r}")
            elif self._parse_roll(action) is None:
                raise IllegalAction(
                    f"illegal chance outcome {action!r}: expected roll:a-b-c-d-e-f with "
                    f"{self.roll_n} dice in all")
            self._apply_legal(action)
            return
        super().apply(action)

    def _legal(self) -> list[str]:
        if not self.stack:
            if self.phase == "roll":
                return [name for name, _ in self.chance_outcomes()]
            return []
        top = self.stack[-1]
        return self.decision_kinds[top[0]].legal(top, self)  # its declared kind's options

    def _apply(self, action: str) -> None:
        self._set(self.rng, "state", self.rng.state)  # journals the generator before a draw
        if not self.stack:
            owner = self._chance_owner() if self.mods else None
            if owner is not None:
                owner.apply_chance(self, action)
            else:
                counts = self._parse_roll(action)
                assert counts is not None
                self._place_roll(counts)
        else:
            top = self.stack[-1]
            info = N.INFO[action]
            if info[0] == "done":
                self._finish(top)
            else:
                self.decision_kinds[top[0]].pick(top, self, info)
        self._advance()

    # ----------------------------------------------------------------- chance
    def _chance_owner(self) -> Module | None:
        """A module whose own roll is pending (e.g. 001 Celebrities' coloured dice)."""
        for m in self.hooked["owns_chance"]:
            if m.owns_chance(self):
                return m
        return None

    def _parse_roll(self, action: str) -> tuple[int, ...] | None:
        syntax = N.outcome_syntax(action)
        if syntax is None or syntax[0] != 0:
            return None
        counts = syntax[1]
        return counts if sum(counts) == self.roll_n else None

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.stack or self.phase != "roll":
            raise IllegalAction("not a chance node")
        owner = self._chance_owner() if self.mods else None
        if owner is not None:
            return owner.chance_outcomes(self)
        return list(N.roll_outcomes(self.roll_n))

    def sample_chance(self) -> str:
        if self.stack or self.phase != "roll":
            raise IllegalAction("not a chance node")
        owner = self._chance_owner() if self.mods else None
        if owner is not None:
            return owner.sample_chance(self)
        # sample with a copy of the RNG: applying the outcome advances the real one
        r = Rng(self.rng.state)
        counts = [0] * 7
        for _ in range(self.roll_n):
            counts[1 + r.below(6)] += 1
        return N.roll_name(counts)

    def _place_roll(self, counts: tuple[int, ...] | list[int]) -> None:
        # advance the state's RNG exactly as sample_chance drew it, so that
        # sampling then applying keeps one deterministic stream
        rng = self.rng
        for _ in range(self.roll_n):
            rng.next64()
        for f in range(1, 7):
            self._seti(self.dice, f, counts[f])
        self._set(self, "roll_n", 0)
        self._set(self, "phase", "play")

    # ------------------------------------------------------------------- flow
    def _advance(self) -> None:
        """Run automatic steps until a decision (or chance / game end) is pending."""
        while True:
            stack = self.stack
            if not stack:
                if not self._flow():
                    self._legal_cache = None
                    return
                continue
            top = stack[-1]
            if top[0] == "fx":
                _, p, effects, i, src = top  # an fx frame (engine/decisions.py Fx)
                if i >= len(effects):
                    self._pop()
                    if self.events is not None:
                        self._ev_fx_done(effects)  # a card's reaction is logged as its own
                else:
                    self._replace(("fx", p, effects, i + 1, src))
                    if self.events is not None:
                        self._ev_fx_step(p, effects)
                    self._effect(p, effects[i], src)
                continue
            if self.t_action and top[0] == "turn":
                # an action of the turn has fully resolved (Let's Waltz! "during one action")
                self._set(self, "t_action", False)
                for m in self.action_hooks:
                    m.action_done(self, top[1])
                continue
            legal = self.decision_kinds[top[0]].legal(top, self)
            if not legal or (len(legal) == 1 and legal[0] == N.DONE and top[0] != "turn"):
                self._finish(top)
                continue
            self._legal_cache = legal
            return

    def _flow(self) -> bool:
        """Move the game on when no decision is pending; False while waiting."""
        phase = self.phase
        n = self.num_players
        if phase == "play":
            p = self._next_turn_player()
            if p >= 0:
                self._start_turn(p)
                return True
            if any(self.passed[q] and self.covered[q] < 2 for q in range(n)):
                # 003 Passing: all players passed or took two turns -> remove one
                # die, roll the rest; the players who passed go again.
                if self.mods and any(m.reroll(self) for m in self.hooked["reroll"]):
                    return True  # a module's decision first (001 Celebrities: which coloured die goes)
                for q in range(n):
                    if self.passed[q]:
                        self._seti(self.passed, q, False)
                left = sum(self.dice)
                if left:
                    for f in range(1, 7):
                        self._seti(self.dice, f, 0)
                    self._set(self, "dustbin", self.dustbin + 1)
                    self._set(self, "roll_n", left - 1)
                    if left - 1:
                        self._set(self, "phase", "roll")
                return True
            self._end_round()
            return True
        if phase in ("roll", "over"):
            return False
        if phase == "emperor":
            order = self._turn_order()
            if self.emperor_i < n:
                p = order[self.emperor_i]
                self._set(self, "emperor_i", self.emperor_i + 1)
                self._emperor_scoring(p)
            elif self.emperor_i == n and self.mods:
                self._set(self, "emperor_i", n + 1)
                for m in self.mods:
                    self._cause("module", -1, quiet=True, module=m.name, moment="after_emperor")
                    m.after_emperor(self)  # 001 Ballroom Scoring: after the Emperor scoring
            else:
                self._cleanup_round()
            return True
        return self._flow_setup(phase)

    def _turn_order(self) -> list[int]:
        return sorted(range(self.num_players), key=lambda q: self.tiles[q][0])

    def _next_turn_player(self) -> int:
        best, who = 99, -1
        tiles, covered, passed = self.tiles, self.covered, self.passed
        for q in range(self.num_players):
            c = covered[q]
            if c < 2 and not passed[q]:
                v = tiles[q][c]
                if v < best:
                    best, who = v, q
        return who

    def _start_turn(self, p: int) -> None:
        # a fresh turn: journal only the fields that change
        for attr, value in (("t_player", p), ("t_guest", False), ("t_die", False), ("t_boost", False),
                            ("t_acted", False), ("t_peak", self.players[p].money), ("t_extra", 0),
                            ("t_keep", False)):
            if getattr(self, attr) != value:
                self._set(self, attr, value)
        self._push(("turn", p))

    def _end_turn(self, p: int) -> None:
        passes = self._ending_passes()
        self._claim_objectives(p)
        if passes:
            # ended without the mandatory die while dice are left: no die covers the turn
            # order number, so the player waits for the re-roll as a passer (docs/RULES.md)
            self._pass_turn(p, self.players[p])
            return
        self._seti(self.covered, p, self.covered[p] + 1)
        self._set(self, "t_player", -1)

    def _ending_passes(self) -> bool:
        """Would ending the running turn now count as a pass? Yes when no die was taken (nor
        the skeleton key, nor one in an earlier part of the turn, original-rules E. Gizia)
        while dice are still on the action spaces: the player acted but could take no die."""
        if self.t_die or self.t_keep:
            return False
        d = self.dice
        return bool(d[1] or d[2] or d[3] or d[4] or d[5] or d[6])

    def _pass_turn(self, p: int, pl: Player) -> None:
        """003 Passing: wait for the re-roll (the turn order number stays uncovered)."""
        self._seti(self.passed, p, True)
        if self.S["waste-manager"] in pl.played and pl.passes == 0:
            self._gain_money(p, 1)
        self._set(pl, "passes", pl.passes + 1)
        self._set(self, "t_player", -1)

    def _end_round(self) -> None:
        rules = self.rules
        self._cause("round_end", -1)
        if self.config.discard_free_guests and not self.round_guest_taken:
            # 003 variant: discard the two free guests, slide the rest right, refill
            q = self.queue
            dropped = tuple(g for g in q[3:] if g)
            self._set(self, "guest_discard", self.guest_discard + dropped)
            kept = [g for g in q[:3]]
            new = [0, 0] + kept
            for i in range(5):
                self._seti(q, i, new[i])
            for i in (1, 0):
                self._seti(q, i, self._draw_guest())
        for m in self.mods:
            self._cause("module", -1, quiet=True, module=m.name, moment="round_end")
            m.round_end(self)  # e.g. 001 Celebrities: the lounge, before any Emperor scoring
        if self.round in rules.scoring_rounds:
            self._set(self, "phase", "emperor")
            self._set(self, "emperor_i", 0)
        elif self.mods:
            # decisions the modules' round end opened come first; then the clean-up
            self._set(self, "phase", "emperor")
            self._set(self, "emperor_i", self.num_players + 1)
        else:
            self._cleanup_round()

    def _cleanup_round(self) -> None:
        n = self.num_players
        for p in range(n):
            pl = self.players[p]
            if pl.used:
                self._set(pl, "used", ())
            if pl.passes:
                self._set(pl, "passes", 0)
        if self.round >= self.rules.rounds:
            self._final_scoring()
            self._set(self, "phase", "over")
            if self.events is not None:  # 000 the winner; a tie goes to more dishes, drinks and krones left
                # (001 M1: "dishes, drinks, and champagne in the kitchen plus your position on the money track")
                self._cause("game_end", -1, scores=self.scores(), winners=self.winners(),
                            left=[pl.money + sum(pl.kitchen) for pl in self.players],
                            champagne=len(self.item_range) > 4)
            return
        # 000/003 end of a round: pass the turn order tile clockwise
        old = list(self.tiles)
        by_module = any(m.pass_tiles(self) for m in self.mods)  # e.g. 001 Start Player: the key
        for p in range(n):
            if not by_module:
                self._seti(self.tiles, p, old[(p - 1) % n])
            self._seti(self.covered, p, 0)
            self._seti(self.passed, p, False)
        self._set(self, "round", self.round + 1)
        self._set(self, "round_guest_taken", False)
        for f in range(1, 7):
            self._seti(self.dice, f, 0)
        self._set(self, "dustbin", 0)
        self._set(self, "on_tiles", 0)
        self._set(self, "roll_n", self.total_dice)
        self._set(self, "phase", "roll")

