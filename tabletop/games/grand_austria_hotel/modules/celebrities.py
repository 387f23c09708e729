"""Let's Waltz! module II, Celebrities (001 "Module 2: CELEBRITIES", App. "Celebrities").

Three white dice are replaced by a red, a blue and a yellow die; each colour belongs to
one space of the lounge. Taking a coloured die costs 1 krone per other die on its action
space and brings the celebrity of that colour (1 VP, or the 2/4 on its chit), whose effect
helps its holder on their turns for the rest of the round. At the end of the round the
taken celebrities are discarded, those left in the lounge gain a chit (2, then 4, then
they leave), and the lounge is refilled.

Dice: ``st.dice[f]`` keeps counting every die on space f (white and coloured), so the base
rules keep working; the part keeps each coloured die's face (``face``: 1-6 on that space,
0 off the board, -1 waiting to be re-rolled). A roll is two chance nodes owned by this
module: ``roll:a-b-c-d-e-f`` for the white dice, then ``croll:<r>-<b>-<y>`` for the
coloured ones (0 for a colour not rolled), both drawn from the state's RNG exactly like the
base roll. At a round's first roll (``roll_n == total_dice``) all three coloured dice roll.

Readings (lets-waltz-rules.md 2, 7.6): M2-6a (a coloured die that cannot be paid for cannot
be taken; boost and the 6-space fee on top; the boost's die is not an "other die"; an
empty lounge space gives nothing); Chaplin triggers on every VP gain of his holder while
held, the celebrity's own VP included (M2-11); Freud once, for one guest missing exactly
one ordered item (with module I that guest may be sent to a ballroom instead); Churchill's
and Mata Hari's step is a choice; Churchill's extra step is part of the same advance (it
triggers neither Churchill nor Agatha Christie again); Einstein is a turn-menu action; an
empty stack is refilled from the discard pile when a draw needs it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.errors import InvalidPosition
from tabletop.core.rng import Rng
from tabletop.games.grand_austria_hotel import notation as N
from tabletop.games.grand_austria_hotel.data import GREEN
from tabletop.games.grand_austria_hotel.engine.base import SRC_CELEBRITIES
from tabletop.games.grand_austria_hotel.engine.declare import decision
from tabletop.games.grand_austria_hotel.modules import Module, Part

if TYPE_CHECKING:
    from tabletop.games.grand_austria_hotel.engine.base import EngineBase, Player

NAME = "celebrities"
COLOURS = ("red", "blue", "yellow")
# celebrity ids (data/modules/celebrities.yaml, the appendix order)
CHRISTIE, EINSTEIN, CHAPLIN, MAGIE, PUCCINI, TOLKIEN, GANDHI, CURIE, MATA_HARI, PICASSO, FREUD, \
    CHURCHILL = range(1, 13)
SLUGS = ("", "agatha-christie", "albert-einstein", "charlie-chaplin", "elizabeth-magie", "giacomo-puccini",
         "jrr-tolkien", "mahatma-gandhi", "marie-curie", "mata-hari", "pablo-picasso", "sigmund-freud",
         "winston-churchill")
SLUG_ID = {s: i for i, s in enumerate(SLUGS) if s}

# ``d<n>:<colour>`` take the coloured die from space n (``+``: boosted); ``d6=<n>:<colour>``
# from space 6 for action n; ``einstein``: Einstein's exchange; ``freud:m<t>r<r>``: move
# the guest at table t into room r ignoring one missing item (Freud); ``emperor+1``: the
# optional extra Emperor step (Churchill, Mata Hari); ``bin:<colour>``: the coloured die
# that goes to the dustbin when only coloured dice are left.
CD = tuple(("",) + tuple(f"d{a}:{c}" for a in range(1, 6)) for c in COLOURS)
CDB = tuple(("",) + tuple(f"d{a}:{c}+" for a in range(1, 6)) for c in COLOURS)
CD6 = tuple(("",) + tuple(f"d6={a}:{c}" for a in range(1, 6)) for c in COLOURS)
CD6B = tuple(("",) + tuple(f"d6={a}:{c}+" for a in range(1, 6)) for c in COLOURS)
EINSTEIN_USE = "einstein"
FREUD_MOVE = tuple(tuple(f"freud:m{t}r{r}" for r in range(20)) for t in range(N.TABLES))
# ``freud:m<t>b<b><row>``: with module I, send that guest to ballroom b, row t/m/b instead
FREUD_SEND = tuple(tuple(tuple(f"freud:m{t}b{b}{'tmb'[r]}" for r in range(3)) for b in range(3))
                   for t in range(N.TABLES))
STEP = "emperor+1"
BIN = tuple(f"bin:{c}" for c in COLOURS)


def _actions() -> dict[str, tuple[Any, ...]]:
    out: dict[str, tuple[Any, ...]] = {}
    for c in range(3):
        for a in range(1, 6):
            out[CD[c][a]] = ("cdie", a, a, False, c)
            out[CDB[c][a]] = ("cdie", a, a, True, c)
            out[CD6[c][a]] = ("cdie", 6, a, False, c)
            out[CD6B[c][a]] = ("cdie", 6, a, True, c)
    out[EINSTEIN_USE] = ("einstein",)
    for t in range(N.TABLES):
        for r in range(20):
            out[FREUD_MOVE[t][r]] = ("freud", t, r)
        for b in range(3):
            for r in range(3):
                out[FREUD_SEND[t][b][r]] = ("freud", t, b, r)
    out[STEP] = ("step",)
    for c in range(3):
        out[BIN[c]] = ("cbin", c)
    return out


N.add_actions(_actions())


class CelebritiesPart(Part):
    __slots__ = ("lounge", "chit", "stack", "discard", "owner", "spent", "face", "muted")

    def __init__(self) -> None:
        self.lounge = [0, 0, 0]  # celebrity id per lounge space (left to right), 0 = empty
        self.chit = [0, 0, 0]  # VP chit on that space's celebrity: 0 none, 2 or 4
        self.stack: tuple[int, ...] = ()  # face-down stack, top first (hidden)
        self.discard: tuple[int, ...] = ()
        self.owner = [-1] * 13  # seat holding each celebrity this round, -1: nobody
        self.spent: tuple[int, ...] = ()  # once-a-round celebrities used (Einstein, Freud)
        self.face = [0, 0, 0]  # red, blue, yellow die: 1-6 on that space, 0 off, -1 to be re-rolled
        self.muted = False  # transient: Churchill's own step is being taken


def _part(st: EngineBase) -> CelebritiesPart:
    part: CelebritiesPart = st.parts[NAME]
    return part


def _space_of(st: EngineBase) -> tuple[int, int, int]:
    """The lounge space of each die colour (red, blue, yellow)."""
    order = st.rules.module_data[NAME]["lounge_colours"]["value"]
    return tuple(order.index(c) for c in COLOURS)  # type: ignore[return-value]


def _in_play(st: EngineBase) -> list[int]:
    """Celebrities in this game: the ♪ ones only with module I (001 M2 Setup)."""
    ballrooms = "ballrooms" in st.config.modules
    return [int(rec["id"]) for rec in st.rules.module_data[NAME]["celebrities"]
            if ballrooms or not rec["ballrooms_only"]]


def _croll(faces: list[int] | tuple[int, ...]) -> str:
    return "croll:" + "-".join(str(f) for f in faces)


# --------------------------------------------------------------- decisions
# Declared in the order positions and the research encoders have always listed them.
@decision(kind="cbin", owner=NAME)
class ColourBin:
    """M2-8: only coloured dice are left: the one that goes to the dustbin (the rest re-roll)."""

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        face = _part(st).face
        return [BIN[c] for c in range(3) if face[c] > 0]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        st._pop()
        face = _part(st).face
        for c in range(3):
            if face[c] > 0:
                st._seti(face, c, 0 if c == info[1] else -1)


@decision(kind="einstein", owner=NAME)
class Einstein:
    """Albert Einstein's exchange: spend up to 4 dishes/drinks (stage 0), then take as many
    of the kinds not spent (stage 1)."""
    stage: int  # 0: spending, 1: taking
    given: Any  # 4 counts spent (strudel, cake, wine, coffee)
    taken: Any  # 4 counts taken

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        _, player, stage, given, taken = fr
        pl = st.players[player]
        if stage == 0:
            # "for an equal number of other dishes and/or drinks": spend one more only if as
            # many of the kinds not spent remain in the supply
            n = sum(given) + 1
            out = [N.PAY[i] for i in range(4) if pl.kitchen[i] and n <= 4 and sum(
                st.supply[j] for j in range(4) if j != i and not given[j]) >= n]
            if sum(given):
                out.append(N.DONE)
            return out
        if sum(taken) >= sum(given):
            return []
        return [N.CHOICE[i] for i in range(4) if not given[i] and st.supply[i] > taken[i]]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p, stage, given, taken = fr
        pl = st.players[p]
        i = info[1]
        if stage == 0:
            st._seti(pl.kitchen, i, pl.kitchen[i] - 1)
            st._seti(st.supply, i, st.supply[i] + 1)
            st._replace(("einstein", p, 0, tuple(given[j] + (j == i) for j in range(4)), taken))
        else:
            st._replace(("einstein", p, 1, given, tuple(taken[j] + (j == i) for j in range(4))))

    @staticmethod
    def finish(fr: tuple[Any, ...], st: EngineBase) -> None:
        _, player, stage, given, taken = fr
        if stage == 0:
            st._push(("einstein", player, 1, given, taken))
        elif any(taken):
            st._gain_items(player, list(taken) + [0])  # on guests or in the kitchen


@decision(kind="celebstep", owner=NAME)
class CelebStep:
    """Winston Churchill / Mata Hari: the optional extra step on the Emperor track."""
    celebrity: Any  # the slug of the celebrity giving the step

    @staticmethod
    def legal(fr: tuple[Any, ...], st: EngineBase) -> list[str]:
        return [STEP, N.DONE]

    @staticmethod
    def pick(fr: tuple[Any, ...], st: EngineBase, info: tuple[Any, ...]) -> None:
        _, p, celebrity = fr
        st._pop()
        if celebrity == SLUGS[CHURCHILL]:
            # "this effect does not trigger itself": the step is part of the same advance
            part = _part(st)
            part.muted = True
            try:
                st._advance_emperor(p, 1)
            finally:
                part.muted = False
        else:
            st._advance_emperor(p, 1)  # Mata Hari's step: a source of its own


class Celebrities(Module):
    name = NAME
    verbs = ("cdie", "einstein", "freud")
    events = ("vp", "money", "emperor", "items", "staff_played", "occupied", "dancer_sent")

    # ------------------------------------------------------------------ text
    def facts(self, st: EngineBase, info: tuple[Any, ...]) -> dict[str, Any] | None:
        verb = info[0]
        if verb == "cdie":
            face, act, boost, c = info[1], info[2], info[3], info[4]
            cel = _part(st).lounge[_space_of(st)[c]]
            return {"verb": "cdie", "colour": COLOURS[c], "face": face, "space": act, "boost": bool(boost),
                    **({"celebrity": SLUGS[cel]} if cel else {})}
        if verb == "freud" and len(info) == 4:
            from tabletop.games.grand_austria_hotel.modules.ballrooms.board import ballroom  # both modules on

            return {"verb": "freud_ballroom", "table": info[1], "ballroom": ballroom(st, info[2])["id"],
                    "row": ("top", "middle", "bottom")[info[3]]}
        if verb == "freud":
            return {"verb": "freud", "table": info[1], "room": info[2]}
        if verb == "cbin":
            return {"verb": "cbin", "colour": COLOURS[info[1]]}
        if verb in ("einstein", "step"):
            return {"verb": verb}
        return None

    @staticmethod
    def _name(st: EngineBase, cel: int) -> str:
        for rec in st.rules.module_data[NAME]["celebrities"]:
            if rec["id"] == cel:
                return str(rec["name"])
        return SLUGS[cel]

    # ----------------------------------------------------------------- setup
    def new_part(self, st: EngineBase) -> Part:
        return CelebritiesPart()

    def setup(self, st: EngineBase) -> None:
        # 001 M2 Setup 1-2 (M2-1, M2-2): the coloured dice are among the 10/12/14; the stack
        # is shuffled (♪ ones only with module I) and three go face up, left to right
        part = _part(st)
        pool = _in_play(st)
        st.rng.shuffle(pool)
        part.lounge = pool[:3]
        part.stack = tuple(pool[3:])

    # ---------------------------------------------------------------- chance
    def _rolling(self, st: EngineBase) -> tuple[int, ...]:
        if st.roll_n == st.total_dice:
            return (0, 1, 2)  # a round's first roll: every die (M2-3)
        face = st.parts[NAME].face
        return tuple(c for c in range(3) if face[c] == -1)

    def owns_chance(self, st: EngineBase) -> bool:
        return st.roll_n == st.total_dice or -1 in st.parts[NAME].face

    def _white_n(self, st: EngineBase) -> int:
        return st.roll_n - len(self._rolling(st))

    def parse_chance(self, st: EngineBase, action: str) -> bool:
        return self._parse(st, action) is not None

    def _parse(self, st: EngineBase, action: str) -> tuple[int, ...] | None:
        """The white dice's counts (``roll:``) or the coloured dice's faces (``croll:``, 0 for a
        die not rolled), if ``action`` is a possible outcome now."""
        syntax = N.outcome_syntax(action)
        if syntax is None:
            return None
        kind, numbers = syntax
        rolling = self._rolling(st)
        white = st.roll_n - len(rolling)
        if white > 0:
            return numbers if kind == 0 and sum(numbers) == white else None
        if kind != 1:
            return None
        for c in range(3):
            if (1 <= numbers[c] <= 6) != (c in rolling) or numbers[c] > 6:
                return None
        return numbers

    def chance_outcomes(self, st: EngineBase) -> list[tuple[str, float]]:
        white = self._white_n(st)
        if white > 0:
            return list(N.roll_outcomes(white))
        rolling = self._rolling(st)
        p = 1.0 / 6 ** len(rolling)
        out: list[tuple[str, float]] = []

        def rec(c: int, faces: list[int]) -> None:
            if c == 3:
                out.append((_croll(faces), p))
            elif c in rolling:
                for f in range(1, 7):
                    rec(c + 1, faces + [f])
            else:
                rec(c + 1, faces + [0])

        rec(0, [])
        return out

    def sample_chance(self, st: EngineBase) -> str:
        # a copy of the RNG: applying the outcome advances the real one the same way
        r = Rng(st.rng.state)
        white = self._white_n(st)
        if white > 0:
            counts = [0] * 7
            for _ in range(white):
                counts[1 + r.below(6)] += 1
            return N.roll_name(counts)
        rolling = self._rolling(st)
        return _croll([1 + r.below(6) if c in rolling else 0 for c in range(3)])

    def apply_chance(self, st: EngineBase, action: str) -> None:
        got = self._parse(st, action)
        assert got is not None
        part = _part(st)
        rolling = self._rolling(st)
        white = st.roll_n - len(rolling)
        if white > 0:
            for _ in range(white):
                st.rng.next64()
            for f in range(1, 7):
                st._seti(st.dice, f, got[f])
            for c in rolling:
                st._seti(part.face, c, -1)
            st._set(st, "roll_n", len(rolling))
            return
        for _ in rolling:
            st.rng.next64()
        for c in rolling:
            f = got[c]
            st._seti(part.face, c, f)
            st._seti(st.dice, f, st.dice[f] + 1)
        st._set(st, "roll_n", 0)
        st._set(st, "phase", "play")

    def reroll(self, st: EngineBase) -> bool:
        # 001 M2 Passing (M2-8): the die put in the dustbin must be white if possible; coloured
        # dice still on the board are re-rolled with the rest
        left = sum(st.dice)
        part = _part(st)
        face = part.face
        on = [c for c in range(3) if face[c] > 0]
        if not left or not on:
            return False
        if left > len(on):
            for c in on:
                st._seti(face, c, -1)
            return False
        if len(on) == 1:
            st._seti(face, on[0], 0)
            return False
        # only coloured dice left: the player who re-rolls (lowest visible turn number) chooses
        n = st.num_players
        p = min((q for q in range(n) if st.covered[q] < 2), key=lambda q: st.tiles[q][st.covered[q]])
        st._push(("cbin", p))
        return True

    # ------------------------------------------------------------------ turn
    def turn_actions(self, st: EngineBase, p: int, pl: Player, out: list[str]) -> None:
        part = _part(st)
        own = part.owner
        if own[EINSTEIN] == p and EINSTEIN not in part.spent and any(
                pl.kitchen[i] and sum(st.supply[:4]) - st.supply[i] for i in range(4)):
            out.append(EINSTEIN_USE)
        if own[FREUD] == p and FREUD not in part.spent:
            self._freud_moves(st, pl, out)

    def die_options(self, st: EngineBase, pl: Player, boost_ok: bool, out: list[str]) -> None:
        face = st.parts[NAME].face
        if not (face[0] > 0 or face[1] > 0 or face[2] > 0) or st.t_keep or st.stack[-1][0] == "gizia":
            return  # no coloured die, or a die action without taking the die (colour does not matter)
        dice = st.dice
        # a plain d<n> takes a white die: not where only coloured dice are (M2-5)
        for f in {face[0], face[1], face[2]}:
            if f > 0 and dice[f] == (face[0] == f) + (face[1] == f) + (face[2] == f):
                drop = set(N.D6[1:] + N.D6B[1:]) if f == 6 else {N.D[f], N.DB[f]}
                out[:] = [a for a in out if a not in drop]
        money = pl.money
        for c in range(3):
            f = face[c]
            if f <= 0:
                continue
            cost = dice[f] - 1  # 1 krone per other die on the space (M2-6 step 1)
            if f == 6:
                cost += 0 if st.S["kitchen-hand"] in pl.played else 1
                if money >= cost:
                    out.extend(CD6[c][1:])
                    if boost_ok and money >= cost + 1:
                        out.extend(CD6B[c][1:])
            elif money >= cost:
                out.append(CD[c][f])
                if boost_ok and money >= cost + 1:
                    out.append(CDB[c][f])

    def _freud_moves(self, st: EngineBase, pl: Player, out: list[str]) -> None:
        # 001 App. Sigmund Freud: complete an order ignoring any 1 item; not for guests who
        # order only 1 item (reading: exactly one ordered item still missing)
        rules = st.rules
        rows: list[tuple[int, int, int]] | None = None
        for t in range(N.TABLES):
            g = pl.cafe[t]
            if not g:
                continue
            guest = rules.guests[g]
            if guest.order_size < 2:
                continue
            served = pl.served[t]
            if sum(max(0, guest.order[i] - served[i]) for i in range(5)) != 1:
                continue
            cand = range(20) if guest.colour == GREEN else rules.rooms_by_colour[guest.colour]
            for r in cand:
                if pl.rooms[r] == 1:
                    out.append(FREUD_MOVE[t][r])
            if "ballrooms" in st.config.modules and guest.destination != "room":
                # 001 M1 Sending a Guest to a Ballroom: 'When you complete a guest's order,
                # instead of moving them to a vacant room, you can ... send them to a ballroom'
                if rows is None:
                    from tabletop.games.grand_austria_hotel.modules.ballrooms.board import open_rows
                    rows = open_rows(st, st.players.index(pl), 0)
                for b, r, _ in rows:
                    out.append(FREUD_SEND[t][b][r])

    def turn_pick(self, st: EngineBase, p: int, pl: Player, info: tuple[Any, ...]) -> None:
        part = _part(st)
        verb = info[0]
        if verb == "cdie":
            _, face, action, boost, c = info
            st._set(st, "t_die", True)
            others = st.dice[face] - 1
            if others:
                st._set(pl, "money", pl.money - others)  # 1. pay per other die
            space = _space_of(st)[c]
            cel = part.lounge[space]
            st._seti(part.face, c, 0)
            if cel:
                chit = part.chit[space]
                st._seti(part.lounge, space, 0)
                if chit:
                    st._seti(part.chit, space, 0)  # the chit goes back to the supply
                st._seti(part.owner, cel, p)  # 2. take the celebrity
                st._note("celebrity", p, SLUGS[cel], others)
                st._vp(pl, chit or int(st.rules.module_data[NAME]["printed_vp"]["value"]),
                       SRC_CELEBRITIES)  # 3. score 1, 2 or 4
            # 4. the main action with every die on the space (the 6-space fee and boost inside)
            st._die_action(p, pl, face, action, boost, take_die=True)
            if st.t_extra:
                st._start_extra_turn()
        elif verb == "einstein":
            st._set(part, "spent", part.spent + (EINSTEIN,))
            st._push(("einstein", p, 0, (0, 0, 0, 0), (0, 0, 0, 0)))
        elif verb == "freud":
            st._set(part, "spent", part.spent + (FREUD,))
            if len(info) == 4:  # module I: to a ballroom, as its own send (001 M1-9..M1-15)
                st.verb_owner["bal_send"].turn_pick(st, p, pl, ("bal_send",) + info[1:])
            else:
                st._move_guest(p, pl, info[1], info[2])
        else:
            raise AssertionError(f"{NAME}: no verb {verb}")

    # ---------------------------------------------------------------- events
    def event(self, st: EngineBase, p: int, kind: str, value: Any) -> None:
        if st.t_player != p:
            return  # M2-7: on the owner's turn
        part = _part(st)
        own = part.owner
        if kind == "vp":
            if own[CHAPLIN] == p:
                st._vp(st.players[p], 2, SRC_CELEBRITIES, quiet=True)  # not triggering itself
        elif kind == "money":
            if own[MAGIE] == p:
                st._push(("rooms", p, 1, "minus1", 0, False))
        elif kind == "emperor":
            if part.muted:
                return
            if own[CHRISTIE] == p:
                st._push(("play", p, 2))
            if own[CHURCHILL] == p:
                st._push(("celebstep", p, SLUGS[CHURCHILL]))
        elif kind == "items":
            if value[4] and own[PICASSO] == p:
                st._push_reaction(p, ({"effect": "gain_item_choice", "count": 1}, {"effect": "gain_vp", "amount": 1}),
                                  SRC_CELEBRITIES, celebrity=[SLUGS[PICASSO]])
        elif kind == "staff_played":
            fx: list[dict[str, Any]] = []
            by: list[str] = []
            if own[PUCCINI] == p:
                fx += [{"effect": "gain_items", "champagne": 1}, {"effect": "gain_vp", "amount": 2}]
                by.append(SLUGS[PUCCINI])
            if own[CURIE] == p:
                fx.append({"effect": "gain_item_choice", "count": 2})
                by.append(SLUGS[CURIE])
            if fx:
                # pushed under the card's own effects: they resolve after it ("after you play")
                st._push_reaction(p, tuple(fx), SRC_CELEBRITIES, celebrity=by)
        elif kind == "occupied":
            if own[TOLKIEN] == p:
                st._vp(st.players[p], 2, SRC_CELEBRITIES)
        elif kind == "dancer_sent":
            if own[MATA_HARI] == p:
                st._vp(st.players[p], 1, SRC_CELEBRITIES)
                st._push(("celebstep", p, SLUGS[MATA_HARI]))

    def room_cost(self, st: EngineBase, pl: Player, r: int, cost: int) -> int:
        # 001 App. Mahatma Gandhi: preparing rooms costs nothing this round
        g = _part(st).owner[GANDHI]
        if g >= 0 and st.players[g] is pl and st.t_player == g:
            return 0
        return cost

    # ------------------------------------------------------------- round end
    def round_end(self, st: EngineBase) -> None:
        # 001 M2 End of Round (M2-9), before any Emperor scoring
        part = _part(st)
        discard = list(part.discard)
        for cel in range(1, 13):
            if part.owner[cel] >= 0:  # 1. all players' celebrities to the discard pile
                st._seti(part.owner, cel, -1)
                discard.append(cel)
        if part.spent:
            st._set(part, "spent", ())
        for c in range(3):
            if part.face[c]:
                st._seti(part.face, c, 0)  # the dice leave the board
        for s in range(3):  # 2. update the lounge
            cel = part.lounge[s]
            if not cel:
                continue
            chit = part.chit[s]
            if chit == 4:
                st._seti(part.lounge, s, 0)
                st._seti(part.chit, s, 0)
                discard.append(cel)
            else:
                st._seti(part.chit, s, 4 if chit == 2 else 2)
        stack = part.stack
        for s in range(3):  # 3. refill left to right; an empty stack: shuffle the discard pile
            if part.lounge[s]:
                continue
            if not stack and discard:
                st.rng.shuffle(discard)
                stack, discard = tuple(discard), []
            if stack:
                st._seti(part.lounge, s, stack[0])
                stack = stack[1:]
        if stack != part.stack:
            st._set(part, "stack", stack)
        if tuple(discard) != part.discard:
            st._set(part, "discard", tuple(discard))

    # --------------------------------------------------------------- position
    def dump(self, st: EngineBase) -> dict[str, Any]:
        part = _part(st)
        return {
            "lounge": [{"celebrity": SLUGS[cel] if cel else None, "chit": part.chit[s]}
                       for s, cel in enumerate(part.lounge)],
            "stack": [SLUGS[c] for c in part.stack],
            "discard": [SLUGS[c] for c in part.discard],
            "held": [[SLUGS[c] for c in range(1, 13) if part.owner[c] == p] for p in range(st.num_players)],
            "used": [SLUGS[c] for c in part.spent],
            "dice": {COLOURS[c]: part.face[c] for c in range(3)},
        }

    def load(self, st: EngineBase, data: dict[str, Any]) -> None:
        fields = {"lounge", "stack", "discard", "held", "used", "dice"}
        if set(data) != fields:
            raise InvalidPosition(f"modules.celebrities needs exactly the fields {sorted(fields)}")

        def cel(slug: Any) -> int:
            if slug not in SLUG_ID:
                raise InvalidPosition(f"modules.celebrities: unknown celebrity {slug!r}")
            return SLUG_ID[slug]

        part = _part(st)
        if len(data["lounge"]) != 3:
            raise InvalidPosition("modules.celebrities.lounge needs 3 spaces")
        for s, space in enumerate(data["lounge"]):
            if set(space) != {"celebrity", "chit"}:
                raise InvalidPosition("modules.celebrities.lounge: each space has celebrity and chit")
            part.lounge[s] = cel(space["celebrity"]) if space["celebrity"] is not None else 0
            part.chit[s] = space["chit"]
        part.stack = tuple(cel(s) for s in data["stack"])
        part.discard = tuple(cel(s) for s in data["discard"])
        if len(data["held"]) != st.num_players:
            raise InvalidPosition("modules.celebrities.held needs one list per seat")
        for p, held in enumerate(data["held"]):
            for s in held:
                part.owner[cel(s)] = p
        part.spent = tuple(cel(s) for s in data["used"])
        if set(data["dice"]) != set(COLOURS):
            raise InvalidPosition("modules.celebrities.dice must name red, blue and yellow")
        part.face = [data["dice"][c] for c in COLOURS]

    def check(self, st: EngineBase) -> None:
        part = _part(st)
        where = "modules.celebrities"
        seen = [c for c in part.lounge if c] + list(part.stack) + list(part.discard) + [
            c for c in range(1, 13) if part.owner[c] >= 0]
        if sorted(seen) != sorted(_in_play(st)):
            raise InvalidPosition(f"{where}: celebrities not accounted for exactly once (in play: "
                                  f"{sorted(SLUGS[c] for c in _in_play(st))})")
        for s in range(3):
            if part.chit[s] not in (0, 2, 4) or (part.chit[s] and not part.lounge[s]):
                raise InvalidPosition(f"{where}.lounge[{s}]: a chit is 0, 2 or 4, and only on a celebrity")
        for c in part.spent:
            if c not in (EINSTEIN, FREUD) or part.owner[c] < 0 or part.spent.count(c) > 1:
                raise InvalidPosition(f"{where}.used: only a held Einstein or Freud, once")
        face = part.face
        for c in range(3):
            if not isinstance(face[c], int) or not -1 <= face[c] <= 6:
                raise InvalidPosition(f"{where}.dice.{COLOURS[c]}: -1 (to be re-rolled), 0 (off) or 1-6")
        for f in range(1, 7):
            if face.count(f) > st.dice[f]:
                raise InvalidPosition(f"{where}.dice: more coloured dice on space {f} than dice there")
        rolling = face.count(-1)
        if rolling and (st.phase != "roll" or rolling > st.roll_n):
            raise InvalidPosition(f"{where}.dice: dice to be re-rolled only while that roll is pending")

    def view(self, st: EngineBase, seat: int | None, data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "stack": len(data["stack"])}  # the face-down stack: its size only

    def determinize(self, pos: dict[str, Any], seat: int | None, rng: Rng) -> None:
        data = pos["modules"][NAME]
        seen = {s["celebrity"] for s in data["lounge"]} | set(data["discard"])
        for held in data["held"]:
            seen.update(held)
        ballrooms = "ballrooms" in (pos["config"].get("modules") or ())
        unseen = [SLUGS[c] for c in range(1, 13) if SLUGS[c] not in seen
                  and (ballrooms or c not in (PUCCINI, MATA_HARI, PICASSO))]
        rng.shuffle(unseen)
        data["stack"] = unseen[:int(data["stack"])]

    def hidden(self, st: EngineBase) -> Any:
        return len(_part(st).stack)


MODULE = Celebrities()
