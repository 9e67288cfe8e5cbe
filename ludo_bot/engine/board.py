"""The working position where the rules run: mutable, like python-chess's `Board`.

`engine.game.apply` copies a `GameState` into a `Board`, pushes one action and freezes the
result into a new state; self-play and AI look-ahead push many actions on one board.

>>> from ludo_bot.engine.game import new_game
>>> from ludo_bot.engine.rules import Rules
>>> board = Board(new_game(Rules.preset("classic"), (0, 2), seed=3))
>>> board.legal_actions()
(Roll(),)
>>> board.push(ROLL)
>>> board.phase in ("roll", "move")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ludo_bot.engine import events as ev
from ludo_bot.engine.actions import (
    ROLL,
    Action,
    ChooseDie,
    IllegalAction,
    InvalidAction,
    Move,
    MovePair,
    Resign,
    Roll,
    Skip,
    tokens_moved,
)
from ludo_bot.engine.dice import die
from ludo_bot.engine.events import Event
from ludo_bot.engine.rules import COLOURS, TOKENS, Rules
from ludo_bot.engine.state import YARD, Choice, GameState, Landing, team_of, winners

MOVES = tuple(Move(t) for t in range(TOKENS))
_ROLL_ONLY: tuple[Action, ...] = (ROLL,)
NOBODY: tuple[int, ...] = ()
_POPCOUNT = tuple(bin(n).count("1") for n in range(16))


class Refusal:
    """Why a move is illegal: a reason key and one number or seat that goes with it."""

    __slots__ = ("detail", "reason")

    def __init__(self, reason: str, detail: int = 0) -> None:
        self.reason, self.detail = reason, detail

    def __repr__(self) -> str:
        return f"Refusal({self.reason!r}, {self.detail})"

    def __reduce__(self) -> tuple[type[Refusal], tuple[str, int]]:
        return Refusal, (self.reason, self.detail)  # a compiled class pickles by its constructor


_REASONS = {
    "home": "{what} is already home",
    "locked": "{what} is locked in a pair until it reaches a safe square: move the pair",
    "enter": "{what} needs a {detail} to enter",
    "overshoot": "{what} would overshoot the finish by {detail}",
    "pass_block": "{what} cannot pass the {colour} block",
    "land_block": "{what} cannot land on the {colour} block",
    "own_square": "{what} cannot end on a square you already hold",
    "no_block": "{what} do not form a block",
    "split": "{what} would split a locked pair",
    "odd": "{what} moves only with an even roll",
    "no_pairs": "pairs do not move together in these rules",
}
_HOME, _LOCKED, _OWN = Refusal("home"), Refusal("locked"), Refusal("own_square")
_ENTER = tuple(Refusal("enter", value) for value in range(7))


def explain(refusal: Refusal, what: str) -> str:
    """The refusal in a player's words: `explain(Refusal("overshoot", 3), "token 2")`."""
    colour = COLOURS[refusal.detail] if 0 <= refusal.detail < len(COLOURS) else ""
    return _REASONS[refusal.reason].format(what=what, detail=refusal.detail, colour=colour)


def moving(tokens: tuple[int, ...], landing: Landing | Refusal) -> str:
    """How a message names the own tokens (0-3) of a move: "token 2", "pair 1+2" ("tokens 1+2" if no pair)."""
    if len(tokens) == 1:
        return f"token {tokens[0] + 1}"
    unpaired = isinstance(landing, Refusal) and landing.reason in ("no_block", "split")
    return f"{'tokens' if unpaired else 'pair'} {tokens[0] + 1}+{tokens[1] + 1}"


class Tables:
    """What the hot paths read of a rules, flattened once per rules: numbers, flags, routes."""

    __slots__ = ("blocks", "dice", "enter_on", "finish", "forbidden", "friends", "kill", "last", "pair_moves", "quick",
                 "routes", "safe", "scoring", "teams")

    def __init__(self, rules: Rules) -> None:
        self.finish, self.last, self.enter_on = rules.finish_step, rules.last_track_step, rules.enter_on
        self.dice, self.scoring = rules.dice, rules.scoring
        self.blocks, self.forbidden = rules.stacking == "block", rules.stacking == "forbidden"
        self.pair_moves = rules.pair_moves
        self.quick, self.kill, self.teams = rules.quick, rules.kill_to_unlock, rules.teams
        # per seat: the occupancy bits of the tokens that are not opponents (own, and the partner's with teams)
        self.friends = tuple(
            sum(15 << (s * TOKENS) for s in (team_of(seat) if rules.teams else (seat,))) for seat in range(4))
        # per seat: the absolute square of each track step (`Rules.route`); per absolute square: is it safe
        self.routes = tuple(rules.route(seat) for seat in range(4))
        self.safe = tuple(rules.is_safe_square(square) for square in range(rules.track_length))


@lru_cache(maxsize=64)
def tables(rules: Rules) -> Tables:
    """The `Tables` of a rules, computed once."""
    return Tables(rules)


def _ids(mask: int) -> tuple[int, ...]:
    """Token ids of the bits of an occupancy mask, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return tuple(found)


def _opponent_block(mask: int, own: int) -> int:
    """The seat of an opponent with two or more tokens in `mask`, or -1."""
    opp = mask & ~own
    if not opp & (opp - 1):
        return -1
    for seat in range(4):
        nibble = (opp >> (seat * TOKENS)) & 15
        if nibble & (nibble - 1):
            return seat
    return -1


def _first_block(at: list[int], route: tuple[int, ...], friends: int, start: int, stop: int) -> int:
    """The seat of the first opponent block on `route`'s steps `start` to `stop` - 1, or -1 (`friends`:
    the occupancy bits that are no opponent's, own and a partner's)."""
    for k in range(start, stop):
        blocker = _opponent_block(at[route[k]], friends)
        if blocker >= 0:
            return blocker
    return -1


class Board:
    """A position being played. `at[square]` is a bit mask of the token ids on that track square."""

    __slots__ = ("at", "bonus", "captures", "choices", "current", "dice", "events", "finished", "locked", "order",
                 "order_rolls", "out", "phase", "ply", "resigned", "rolled", "rolls", "rules", "scores", "seats",
                 "seed", "sixes", "steps", "tables", "turns")

    def __init__(self, state: GameState, events: list[Event] | None = None) -> None:
        self.rules = state.rules
        self.tables = tables(state.rules)
        self.seats, self.order, self.seed, self.order_rolls = state.seats, state.order, state.seed, state.order_rolls
        self.steps = list(state.steps)
        self.current, self.phase, self.dice, self.rolled = state.current, state.phase, state.dice, state.rolled
        self.bonus, self.sixes, self.rolls, self.ply = state.bonus, state.sixes, state.rolls, state.ply
        self.turns, self.scores = list(state.turns), list(state.scores)
        self.finished, self.out, self.resigned, self.locked = state.finished, state.out, state.resigned, state.locked
        self.captures = state.captures
        self.events = events
        self.at = [0] * self.rules.track_length
        routes, last = self.tables.routes, self.tables.last
        for tid, step in enumerate(self.steps):
            if 0 <= step <= last:
                self.at[routes[tid >> 2][step]] |= 1 << tid
        self.choices: Sequence[Choice] = state.choices
        if self.phase == "move" and not self.choices:
            self.choices = self.options(self.dice[0])

    def freeze(self) -> GameState:
        """The position as an immutable value."""
        return GameState(
            self.rules, self.seats, self.order, tuple(self.steps), self.current, self.phase, self.dice,
            self.rolled, self.bonus, self.sixes, tuple(self.turns), tuple(self.scores), self.finished, self.out,
            self.resigned, self.locked, self.seed, self.rolls, self.ply, self.order_rolls, self.captures,
            tuple(self.choices))

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.phase == "over"

    def emit(self, kind: str, seat: int, token: int = -1, start: int = -1, end: int = -1,
             dice: tuple[int, ...] = (), captured: tuple[int, ...] = ()) -> None:
        """Record an event; callers check `self.events is not None` first, so self-play skips the call."""
        assert self.events is not None
        self.events.append(Event(kind, seat, token, start, end, dice, captured))

    # -- legality ------------------------------------------------------------------------------
    def single(self, tid: int, value: int) -> Landing | Refusal:
        """Where token `tid` lands with a die of `value` and whom it captures, or why it may not move."""
        t = self.tables
        step = self.steps[tid]
        finish, last = t.finish, t.last
        if step == finish:
            return _HOME
        if self.locked and any(tid in pair for pair in self.locked):
            return _LOCKED
        seat = tid >> 2
        friends = t.friends[seat]
        route = t.routes[seat]
        at = self.at
        if step == YARD:
            if value != t.enter_on:
                return _ENTER[t.enter_on]
            end = 0
        else:
            end = step + value
            if end > last and t.kill and step <= last and not self.captures[seat]:
                lap = self._lap(seat, step, end)
                if isinstance(lap, Refusal):
                    return lap
                end = lap
            else:
                if end > finish:
                    return Refusal("overshoot", end - finish)
                if t.blocks:
                    blocker = _first_block(at, route, friends, step + 1, min(end, last + 1))
                    if blocker >= 0:
                        return Refusal("pass_block", blocker)
        if end > last:
            if end < finish and t.forbidden:
                steps, base = self.steps, seat * TOKENS
                if any(steps[t] == end for t in range(base, base + TOKENS) if t != tid):
                    return _OWN
            return (end, NOBODY)
        square = route[end]
        mask = at[square]
        if not mask:
            return (end, NOBODY)
        if t.forbidden and mask & (15 << (seat * TOKENS)):
            return _OWN
        opp = mask & ~friends
        if not opp:
            return (end, NOBODY)
        safe = t.safe[square]
        if not t.blocks:
            return (end, NOBODY if safe else _ids(opp))
        captured: list[int] = []
        for other in range(4):
            nibble = (opp >> (other * TOKENS)) & 15
            if not nibble:
                continue
            if nibble & (nibble - 1) and not (t.pair_moves and _POPCOUNT[nibble] >= 3):
                return Refusal("land_block", other)
            if not safe:  # a single token, or the top (highest-numbered) token of a stack of three
                captured.append(other * TOKENS + nibble.bit_length() - 1)
        return (end, tuple(captured))

    def pair(self, a: int, b: int, value: int) -> Landing | Refusal:
        """Where the block tokens `a` and `b` land moving together by `value` / 2, or why they may not."""
        t = self.tables
        if not t.pair_moves:
            return Refusal("no_pairs")
        step, last, finish = self.steps[a], t.last, t.finish
        if self.steps[b] != step or not 0 <= step <= last or a >> 2 != b >> 2:
            return Refusal("no_block")
        if self.locked and (a, b) not in self.locked and any(a in p or b in p for p in self.locked):
            return Refusal("split")
        if value % 2:
            return Refusal("odd")
        end = step + value // 2
        seat = a >> 2
        if end > last and t.kill and not self.captures[seat]:
            lap = self._lap(seat, step, end)
            if isinstance(lap, Refusal):
                return lap
            end = lap
        else:
            if end > finish:
                return Refusal("overshoot", end - finish)
            blocker = _first_block(self.at, t.routes[seat], t.friends[seat], step + 1, min(end, last + 1))
            if blocker >= 0:
                return Refusal("pass_block", blocker)
        if end > last:
            return (end, NOBODY)
        square = t.routes[seat][end]
        opp = self.at[square] & ~t.friends[seat]
        safe = t.safe[square]
        captured: list[int] = []
        for other in range(4):
            count = _POPCOUNT[(opp >> (other * TOKENS)) & 15]
            if count >= 3 or (count == 2 and safe):
                return Refusal("land_block", other)
            if count and not safe:  # a pair takes a single token or a whole block of two
                captured.extend(_ids(opp & (15 << (other * TOKENS))))
        return (end, tuple(captured))

    def _lap(self, seat: int, step: int, end: int) -> int | Refusal:
        """kill_to_unlock: a token of a player who has not captured yet, moving from track step `step`
        towards `end` past the end of its track, goes round again instead of entering its home column.

        Its route wraps from `last_track_step` to its start square (step 0), as a colour never visits
        the squares between; returns the step it reaches, or why it may not pass (a block)."""
        t = self.tables
        wrapped = end - t.last - 1
        if t.blocks:
            at, route, friends = self.at, t.routes[seat], t.friends[seat]
            blocker = _first_block(at, route, friends, step + 1, t.last + 1)
            if blocker < 0:
                blocker = _first_block(at, route, friends, 0, wrapped)
            if blocker >= 0:
                return Refusal("pass_block", blocker)
        return wrapped

    def pairs(self) -> list[tuple[int, int]]:
        """Pairs of the current player's tokens sharing a track square (a locked pair only as itself)."""
        last, steps = self.tables.last, self.steps
        base = self.current * TOKENS
        found = [(a, b) for a in range(base, base + TOKENS) if 0 <= steps[a] <= last
                 for b in range(a + 1, base + TOKENS) if steps[b] == steps[a]]
        if self.locked:
            in_lock = {t for p in self.locked for t in p}
            found = [p for p in found if p in self.locked or not (p[0] in in_lock or p[1] in in_lock)]
        return found

    def options(self, value: int) -> list[Choice]:
        """The current player's legal moves with a die of `value`, each with its landing."""
        base = self.current * TOKENS
        steps, t = self.steps, self.tables
        yard_blocked = value != t.enter_on
        found: list[Choice] = []
        for token in range(TOKENS):
            step = steps[base + token]
            if step == t.finish or (step == YARD and yard_blocked):
                continue  # the two commonest refusals, decided without building one
            landing = self.single(base + token, value)
            if not isinstance(landing, Refusal):
                found.append((MOVES[token], landing))
        if t.pair_moves and not value % 2:
            for a, b in self.pairs():
                landing = self.pair(a, b, value)
                if not isinstance(landing, Refusal):
                    found.append((MovePair((a - base, b - base)), landing))
        return found

    def playable(self) -> list[int]:
        """The distinct dice values (of those still to play) that have a legal move."""
        return [v for v in sorted(set(self.dice)) if self.options(v)]

    def legal_actions(self) -> tuple[Action, ...]:
        """Exactly the actions the player to act may take (`Skip`/`Resign` are never listed)."""
        if self.phase == "roll":
            return _ROLL_ONLY
        if self.phase == "move":
            return tuple([action for action, _ in self.choices])
        if self.phase == "choose":
            return tuple(ChooseDie(v) for v in self.playable())
        return ()

    # -- playing ---------------------------------------------------------------------------------
    def push(self, action: Action) -> None:
        """Play `action`, or change nothing and raise `IllegalAction` with a reason a player can read
        (`InvalidAction` for a value that is no action; a compiled build's type check raises TypeError first)."""
        phase, kind = self.phase, type(action)
        if phase == "over":
            raise IllegalAction("the game is over", "over")
        if kind is Roll:
            if phase != "roll":
                raise self.wrong_phase()
            count, seed, rolls = self.tables.dice, self.seed, self.rolls
            values = (die(seed, rolls),) if count == 1 else (die(seed, rolls), die(seed, rolls + 1))
            self.rolls += len(values)
            self.roll(values)
        elif kind is Move or kind is MovePair:
            if phase != "move":
                raise self.wrong_phase()
            if isinstance(action, MovePair) and action.tokens[0] > action.tokens[1]:
                action = MovePair((action.tokens[1], action.tokens[0]))
            for choice, landing in self.choices:
                if choice is action or choice == action:
                    self._play(action, landing)
                    break
            else:
                raise self._refusal(action)
        elif isinstance(action, ChooseDie):
            if phase != "choose":
                raise self.wrong_phase()
            if action.value not in self.dice:
                raise IllegalAction(f"no die shows {action.value}", "no_die", value=action.value)
            if action.value not in self.playable():
                raise IllegalAction(f"the {action.value} has no legal move", "die_no_move", value=action.value)
            rest = list(self.dice)
            rest.remove(action.value)
            self._offer((action.value, *rest))
        elif kind is Skip:
            if self.events is not None:  # events are off in self-play and look-ahead
                self.emit(ev.SKIPPED, self.current)
            self._pass_turn()
        elif isinstance(action, Resign):
            self._resign(action.seat)
        else:
            raise InvalidAction(f"not an action: {action!r}")
        self.ply += 1

    def roll(self, values: tuple[int, ...]) -> None:
        """Play out a roll showing `values` (forfeits, the third six and bonus rolls included)."""
        seat = self.current
        if self.events is not None:  # events are off in self-play and look-ahead
            self.emit(ev.ROLLED, seat, dice=values)
        six = 6 in values
        self.sixes = self.sixes + 1 if six else 0
        self.rolled = values
        if self.rules.third_six_ends_turn and self.sixes >= 3:
            if self.events is not None:  # events are off in self-play and look-ahead
                self.emit(ev.THIRD_SIX, seat, dice=values)
            self._pass_turn()
            return
        self.bonus = self.rules.bonus_on_six and six
        if len(values) == 1:
            self._offer(values)
            return
        self.dice = values
        playable = self.playable()
        if len(playable) == 2:
            self.phase, self.choices = "choose", ()
        elif playable:
            rest = list(values)
            rest.remove(playable[0])
            self._offer((playable[0], *rest))
        else:
            for v in values:
                if self.events is not None:  # events are off in self-play and look-ahead
                    self.emit(ev.DIE_FORFEITED, seat, dice=(v,))
            self.bonus = self.bonus or (self.rules.reroll_six_no_move and six)
            self._end_roll()

    def _offer(self, dice: tuple[int, ...]) -> None:
        """Put the first of `dice` in play; forfeit dice without a legal move."""
        while dice:
            choices = self.options(dice[0])
            if choices:
                self.phase, self.dice, self.choices = "move", dice, choices
                return
            if self.events is not None:  # events are off in self-play and look-ahead
                self.emit(ev.DIE_FORFEITED, self.current, dice=dice[:1])
            dice = dice[1:]
        self._end_roll()

    def _end_roll(self) -> None:
        self.dice, self.choices = (), ()
        if self.bonus:
            self.bonus = False
            self.phase = "roll"
            if self.events is not None:  # events are off in self-play and look-ahead
                self.emit(ev.BONUS_ROLL, self.current)
        else:
            self._pass_turn()

    def _play(self, action: Action, landing: Landing) -> None:
        seat, rules = self.current, self.rules
        base = seat * TOKENS
        if isinstance(action, MovePair):
            tids: tuple[int, ...] = (base + action.tokens[0], base + action.tokens[1])
        else:
            tids = (base + action.token,)  # type: ignore[union-attr]  # push passes only Move or MovePair
        end, captured = landing
        steps, at, route = self.steps, self.at, self.tables.routes[seat]
        start = steps[tids[0]]
        t = self.tables
        last = t.last
        for tid in tids:
            if 0 <= start <= last:
                at[route[start]] &= ~(1 << tid)
            if end <= last:
                at[route[end]] |= 1 << tid
            steps[tid] = end
            if self.events is not None:  # events are off in self-play and look-ahead
                self.emit(ev.ENTERED if start == YARD else ev.MOVED, seat, tid & 3, start, end)
        if captured:
            square = route[end]
            for victim in captured:
                steps[victim] = YARD
                at[square] &= ~(1 << victim)
            if self.events is not None:  # events are off in self-play and look-ahead
                self.emit(ev.CAPTURED, seat, captured=captured)
            if rules.capture_bonus:
                self.bonus = True
            if t.kill:
                counts = list(self.captures)
                counts[seat] += len(captured)
                self.captures = tuple(counts)
        if self.locked or len(tids) == 2:
            self._update_locks(tids, end, captured)
        if t.scoring and start != YARD:
            moved = end - start if end >= start else end - start + t.last + 1  # kill_to_unlock: a lap
            self.scores[seat] += moved * len(tids)
        if end == t.finish:
            home = sum(1 for s in steps[seat * TOKENS:(seat + 1) * TOKENS] if s == end)
            for k, tid in enumerate(tids):
                if self.events is not None:  # events are off in self-play and look-ahead
                    self.emit(ev.TOKEN_HOME, seat, tid & 3, start, end)
                if t.scoring:  # the k-th token home multiplies the score by k + 1
                    self.scores[seat] *= home - len(tids) + k + 2
            if home == TOKENS or t.quick:  # quick: the first token home finishes the player
                self.finished = (*self.finished, seat)
                if home < TOKENS and t.teams:  # quick teams play on: the finished player's tokens leave the track
                    self._remove_tokens(seat, keep_home=True)
                if self.events is not None:  # events are off in self-play and look-ahead
                    self.emit(ev.PLAYER_FINISHED, seat)
                self.dice, self.choices = (), ()
                if not self._check_over():
                    self._pass_turn()
                return
        self._offer(self.dice[1:])

    def _update_locks(self, tids: tuple[int, ...], end: int, captured: tuple[int, ...]) -> None:
        locked = [p for p in self.locked if p[0] not in captured and p[1] not in captured and p != tids]
        t = self.tables
        if len(tids) == 2 and end <= t.last and not t.safe[t.routes[self.current][end]]:
            locked.append((tids[0], tids[1]))
        self.locked = tuple(locked)

    # -- turns and the end of the game -----------------------------------------------------------
    def active(self) -> tuple[int, ...]:
        """Seats still playing, in turn order."""
        if not (self.finished or self.out or self.resigned):
            return self.order
        gone = (*self.finished, *self.out, *self.resigned)
        return tuple(s for s in self.order if s not in gone)

    def _remove_tokens(self, seat: int, keep_home: bool) -> None:
        finish, last = self.tables.finish, self.tables.last
        route = self.tables.routes[seat]
        for tid in range(seat * TOKENS, (seat + 1) * TOKENS):
            step = self.steps[tid]
            if 0 <= step <= last:
                self.at[route[step]] &= ~(1 << tid)
            if not (keep_home and step == finish):
                self.steps[tid] = YARD
        self.locked = tuple(p for p in self.locked if p[0] >> 2 != seat)

    def _pass_turn(self) -> None:
        seat = self.current
        self.dice, self.choices, self.bonus, self.sixes = (), (), False, 0
        if seat in self.active():
            self.turns[seat] += 1
            limit = self.rules.turn_limit
            if limit and self.turns[seat] >= limit:
                self.out = (*self.out, seat)
                self._remove_tokens(seat, keep_home=True)
                if self.events is not None:  # events are off in self-play and look-ahead
                    self.emit(ev.OUT_OF_TURNS, seat)
        if self._check_over():
            return
        order = self.order
        i = order.index(seat)
        if not (self.finished or self.out or self.resigned):  # everyone plays: simply the next seat
            self.current = order[(i + 1) % len(order)]
        else:
            active = self.active()
            for k in range(1, len(order) + 1):
                candidate = order[(i + k) % len(order)]
                if candidate in active:
                    self.current = candidate
                    break
        self.phase = "roll"
        if self.events is not None:  # events are off in self-play and look-ahead
            self.emit(ev.TURN_PASSED, self.current)

    def _check_over(self) -> bool:
        if not (self.finished or self.out or self.resigned):
            return False  # everyone still plays
        active = self.active()
        staying = len(self.seats) - len(self.resigned)
        rules = self.rules
        if staying < 2:
            over = True
        elif rules.teams:  # a team home wins; otherwise play on while both teams (or, scoring, anyone) play
            over = bool(winners(rules, self.finished, self.out, self.resigned)) or (
                not active if rules.scoring else len({s % 2 for s in active}) <= 1)
        elif rules.game_end == "first" or rules.quick:
            over = bool(self.finished) or len(active) <= 1
        else:
            over = not active if rules.scoring else len(active) <= 1
        if over:
            self._end()
        return over

    def _end(self) -> None:
        self.phase, self.dice, self.choices, self.bonus = "over", (), (), False
        if self.events is not None:  # events are off in self-play and look-ahead
            self.emit(ev.GAME_OVER, self.freeze().ranking[0])

    def _resign(self, seat: int) -> None:
        if seat not in self.active():
            raise IllegalAction(f"seat {seat} is not playing", "not_playing", seat=seat)
        self.resigned = (*self.resigned, seat)
        self._remove_tokens(seat, keep_home=False)
        if self.events is not None:  # events are off in self-play and look-ahead
            self.emit(ev.RESIGNED, seat)
        if self._check_over():
            return
        if seat == self.current:
            self._pass_turn()

    # -- messages --------------------------------------------------------------------------------
    def hint(self) -> str:
        """What the player to act should do now, for a refused action."""
        return {"roll": "roll the dice first", "choose": "choose which die to play first",
                "move": "move a token with the die in play", "over": "the game is over"}[self.phase]

    def wrong_phase(self) -> IllegalAction:
        """The refusal of an action this phase does not take: what to do instead (`hint`), coded by the phase."""
        return IllegalAction(self.hint(), self.phase)

    def _refusal(self, action: Action) -> IllegalAction:
        base = self.current * TOKENS
        if isinstance(action, Move):
            if not 0 <= action.token < TOKENS:
                return IllegalAction(f"tokens are numbered 1 to {TOKENS}", "token_number", most=TOKENS)
            landing = self.single(base + action.token, self.dice[0])
        elif isinstance(action, MovePair):
            a, b = action.tokens
            if not 0 <= a < b < TOKENS:
                return IllegalAction(f"a pair is two different tokens numbered 1 to {TOKENS}", "pair_number",
                                     most=TOKENS)
            landing = self.pair(base + a, base + b, self.dice[0])
        else:
            return self.wrong_phase()
        tokens = tokens_moved(action)
        what = moving(tokens, landing)
        # the tokens as the message names them ("2", "1+2") and how: a token, a pair, or tokens that form none
        named = {"tokens": "+".join(str(token + 1) for token in tokens), "moving": what.split(" ", 1)[0]}
        if isinstance(landing, Refusal):
            return IllegalAction(explain(landing, what), landing.reason, **named, detail=landing.detail)
        return IllegalAction(f"{what} cannot move now", "cannot_move", **named)
