"""Playing: `new_game`, `legal_actions` and `apply`.

>>> from engine.rules import Rules
>>> state = new_game(Rules.preset("classic"), (0, 1, 2, 3), seed=7)
>>> legal_actions(state)
[Roll()]
>>> state, events = apply(state, Roll())
>>> events[0].kind
'rolled'
"""

from __future__ import annotations

from typing import NamedTuple

from engine import events as ev
from engine.actions import ROLL, Action, ChooseDie, IllegalAction, Move, MovePair, Resign, Roll, Skip
from engine.dice import die
from engine.events import Event
from engine.moves import Landing, check_pair, check_single, occupancy, pairs
from engine.rules import TOKENS, Rules, check_seats
from engine.state import YARD, GameState, Phase


class Transition(NamedTuple):
    """The state after an action, and what happened on the way."""

    state: GameState
    events: tuple[Event, ...]


def new_game(rules: Rules, seats: tuple[int, ...], seed: int) -> GameState:
    """A new game: every token in its yard, turn order settled by the turn-order roll."""
    check_seats(seats)
    seats = tuple(sorted(seats))
    rounds: list[tuple[tuple[int, int], ...]] = []
    drawn = 0

    def roll_off(group: list[int]) -> list[int]:
        """Order `group` by one die each, highest first; tied players roll again among themselves."""
        nonlocal drawn
        values = [(seat, die(seed, drawn + i)) for i, seat in enumerate(group)]
        drawn += len(group)
        rounds.append(tuple(values))
        ranked: list[int] = []
        for value in sorted({v for _, v in values}, reverse=True):
            tied = [seat for seat, v in values if v == value]
            if len(tied) > 1 and (rules.turn_order == "by_roll" or not ranked):
                tied = roll_off(tied)
            ranked.extend(tied)
            if rules.turn_order == "clockwise":
                break  # only the first player matters; the rest follow clockwise
        return ranked

    ranked = roll_off(list(seats))
    if rules.turn_order == "clockwise":
        i = seats.index(ranked[0])
        order = seats[i:] + seats[:i]
    else:
        order = tuple(ranked)
    return GameState(rules=rules, seats=seats, order=order, steps=(YARD,) * 16, current=order[0],
                     seed=seed, rolls=drawn, order_rolls=tuple(rounds))


def legal_actions(state: GameState) -> list[Action]:
    """Exactly the actions the player to act may take now.

    (`Skip` and `Resign` are administrative and never listed.)
    """
    if state.phase == "roll":
        return [ROLL]
    if state.phase == "move":
        return _moves_for(state, occupancy(state), state.dice[0])
    if state.phase == "choose":
        board = occupancy(state)
        return [ChooseDie(v) for v in sorted(set(state.dice)) if _moves_for(state, board, v)]
    return []


def _moves_for(state: GameState, board: dict[int, list[int]], value: int) -> list[Action]:
    base = state.current * TOKENS
    found: list[Action] = [Move(t) for t in range(TOKENS)
                           if not isinstance(check_single(state, board, base + t, value), str)]
    if state.rules.pair_moves and value % 2 == 0:
        found.extend(MovePair((a - base, b - base)) for a, b in pairs(state, state.current)
                     if not isinstance(check_pair(state, board, (a, b), value), str))
    return found


def apply(state: GameState, action: Action) -> Transition:
    """Play `action`; raise `IllegalAction` (with a reason a player can read) if it is not legal now."""
    if state.phase == "over":
        raise IllegalAction("the game is over")
    turn = _Turn(state)
    match action:
        case Roll():
            if state.phase != "roll":
                raise IllegalAction(_phase_hint(state))
            values = tuple(die(state.seed, state.rolls + i) for i in range(state.rules.dice))
            turn.rolls += len(values)
            turn.roll(values)
        case ChooseDie(value):
            if state.phase != "choose":
                raise IllegalAction(_phase_hint(state))
            if value not in state.dice:
                raise IllegalAction(f"no die shows {value}")
            if not _moves_for(state, occupancy(state), value):
                raise IllegalAction(f"the {value} has no legal move")
            rest = list(state.dice)
            rest.remove(value)
            turn.dice = (value, *rest)
            turn.phase = "move"
        case Move(token):
            if state.phase != "move":
                raise IllegalAction(_phase_hint(state))
            if not 0 <= token < TOKENS:
                raise IllegalAction(f"tokens are numbered 1 to {TOKENS}")
            tid = state.current * TOKENS + token
            turn.play((tid,), check_single(state, occupancy(state), tid, state.dice[0]))
        case MovePair((a, b)):
            if state.phase != "move":
                raise IllegalAction(_phase_hint(state))
            if not (0 <= a < TOKENS and 0 <= b < TOKENS and a != b):
                raise IllegalAction(f"a pair is two different tokens numbered 1 to {TOKENS}")
            a, b = min(a, b), max(a, b)
            base = state.current * TOKENS
            turn.play((base + a, base + b), check_pair(state, occupancy(state), (base + a, base + b), state.dice[0]))
        case Skip():
            turn.emit(ev.SKIPPED, state.current)
            turn.pass_turn()
        case Resign(seat):
            turn.resign(seat)
        case _:
            raise IllegalAction(f"not an action: {action!r}")
    return Transition(turn.freeze(), tuple(turn.events))


def roll_with(state: GameState, values: tuple[int, ...]) -> Transition:
    """Roll the given dice instead of the game's own (for tests, tools and puzzles).

    The game's dice counter is left alone, so such a position does not replay from its seed.
    """
    if state.phase != "roll":
        raise IllegalAction(_phase_hint(state))
    if len(values) != state.rules.dice or not all(1 <= v <= 6 for v in values):
        raise IllegalAction(f"these rules roll {state.rules.dice} dice of 1 to 6, not {values}")
    turn = _Turn(state)
    turn.roll(tuple(values))
    return Transition(turn.freeze(), tuple(turn.events))


def _phase_hint(state: GameState) -> str:
    return {"roll": "roll the dice first", "choose": "choose which die to play first",
            "move": "move a token with the die in play", "over": "the game is over"}[state.phase]


class _Turn:
    """A working copy of a state that one action changes, then freezes into a new state."""

    __slots__ = ("bonus", "current", "dice", "events", "finished", "locked", "out", "phase", "resigned",
                 "rolled", "rolls", "rules", "scores", "sixes", "state", "steps", "turns")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.rules = state.rules
        self.steps = list(state.steps)
        self.current = state.current
        self.phase: Phase = state.phase
        self.dice = state.dice
        self.rolled = state.rolled
        self.bonus = state.bonus
        self.sixes = state.sixes
        self.turns = list(state.turns)
        self.scores = list(state.scores)
        self.finished = state.finished
        self.out = state.out
        self.resigned = state.resigned
        self.locked = state.locked
        self.rolls = state.rolls
        self.events: list[Event] = []

    def freeze(self) -> GameState:
        s = self.state
        return GameState(
            rules=self.rules, seats=s.seats, order=s.order, steps=tuple(self.steps), current=self.current,
            phase=self.phase, dice=self.dice, rolled=self.rolled, bonus=self.bonus, sixes=self.sixes,
            turns=tuple(self.turns), scores=tuple(self.scores), finished=self.finished, out=self.out,
            resigned=self.resigned, locked=self.locked, seed=s.seed, rolls=self.rolls, ply=s.ply + 1,
            order_rolls=s.order_rolls)

    def emit(self, kind: str, seat: int, token: int = -1, start: int = -1, end: int = -1,
             dice: tuple[int, ...] = (), captured: tuple[int, ...] = ()) -> None:
        self.events.append(Event(kind, seat, token, start, end, dice, captured))

    def view(self) -> GameState:
        """The working copy as a state, for the legality checks between two dice."""
        return self.freeze()

    def active(self) -> list[int]:
        gone = set(self.finished) | set(self.out) | set(self.resigned)
        return [s for s in self.state.order if s not in gone]

    # -- rolling ---------------------------------------------------------------------------
    def roll(self, values: tuple[int, ...]) -> None:
        seat = self.current
        self.emit(ev.ROLLED, seat, dice=values)
        six = 6 in values
        self.sixes = self.sixes + 1 if six else 0
        self.rolled = values
        if self.rules.third_six_ends_turn and self.sixes >= 3:
            self.emit(ev.THIRD_SIX, seat, dice=values)
            self.pass_turn()
            return
        self.bonus = self.rules.bonus_on_six and six
        state = self.view()
        board = occupancy(state)
        playable = [v for v in sorted(set(values)) if _moves_for(state, board, v)]
        if not playable:
            for v in values:
                self.emit(ev.DIE_FORFEITED, seat, dice=(v,))
            if self.rules.reroll_six_no_move and six:
                self.bonus = True
            self.end_roll()
        elif len(playable) == 2:
            self.dice, self.phase = values, "choose"
        else:
            rest = list(values)
            rest.remove(playable[0])
            self.dice, self.phase = (playable[0], *rest), "move"

    def end_roll(self) -> None:
        self.dice = ()
        if self.bonus:
            self.bonus = False
            self.phase = "roll"
            self.emit(ev.BONUS_ROLL, self.current)
        else:
            self.pass_turn()

    def next_die(self) -> None:
        """After a die was played: play the other die if it has a move, else end the roll."""
        self.dice = self.dice[1:]
        if self.dice:
            state = self.view()
            if _moves_for(state, occupancy(state), self.dice[0]):
                self.phase = "move"
                return
            self.emit(ev.DIE_FORFEITED, self.current, dice=self.dice[:1])
        self.end_roll()

    # -- moving ----------------------------------------------------------------------------
    def play(self, tids: tuple[int, ...], landing: Landing | str) -> None:
        if isinstance(landing, str):
            raise IllegalAction(landing)
        end, captured = landing
        seat = self.current
        rules = self.rules
        start = self.steps[tids[0]]
        for tid in tids:
            self.steps[tid] = end
            self.emit(ev.ENTERED if start == YARD else ev.MOVED, seat, tid & 3, start, end)
        if captured:
            for victim in captured:
                self.steps[victim] = YARD
            self.emit(ev.CAPTURED, seat, captured=captured)
            if rules.capture_bonus:
                self.bonus = True
        self.update_locks(tids, end, captured)
        if rules.scoring and start != YARD:
            self.scores[seat] += (end - start) * len(tids)
        if end == rules.finish_step:
            base = seat * TOKENS
            home = sum(1 for t in range(base, base + TOKENS) if self.steps[t] == end)
            for k, tid in enumerate(tids):
                self.emit(ev.TOKEN_HOME, seat, tid & 3, start, end)
                if rules.scoring:
                    self.scores[seat] *= home - len(tids) + k + 2
            if home == TOKENS:
                self.finished = (*self.finished, seat)
                self.emit(ev.PLAYER_FINISHED, seat)
                if not self.check_over():
                    self.pass_turn()
                return
        self.next_die()

    def update_locks(self, tids: tuple[int, ...], end: int, captured: tuple[int, ...]) -> None:
        locked = [p for p in self.locked if p[0] not in captured and p[1] not in captured and p != tids]
        if len(tids) == 2:
            square = self.view().square_of(tids[0])
            if square is not None and not self.rules.is_safe_square(square):
                locked.append((tids[0], tids[1]))
        self.locked = tuple(locked)

    # -- turns and the end of the game -----------------------------------------------------
    def remove_tokens(self, seat: int, keep_home: bool) -> None:
        finish = self.rules.finish_step
        for tid in range(seat * TOKENS, (seat + 1) * TOKENS):
            if not (keep_home and self.steps[tid] == finish):
                self.steps[tid] = YARD
        self.locked = tuple(p for p in self.locked if p[0] >> 2 != seat)

    def pass_turn(self) -> None:
        seat = self.current
        self.dice, self.bonus, self.sixes = (), False, 0
        if seat in self.active():
            self.turns[seat] += 1
            limit = self.rules.turn_limit
            if limit and self.turns[seat] >= limit:
                self.out = (*self.out, seat)
                self.remove_tokens(seat, keep_home=True)
                self.emit(ev.OUT_OF_TURNS, seat)
        if self.check_over():
            return
        order = self.state.order
        active = set(self.active())
        i = order.index(seat)
        self.current = next(order[(i + k) % len(order)] for k in range(1, len(order) + 1)
                            if order[(i + k) % len(order)] in active)
        self.phase = "roll"
        self.emit(ev.TURN_PASSED, self.current)

    def check_over(self) -> bool:
        active = self.active()
        staying = [s for s in self.state.seats if s not in self.resigned]
        if len(staying) < 2:
            over = True
        elif self.rules.game_end == "first":
            over = bool(self.finished) or len(active) <= 1
        else:
            over = not active if self.rules.scoring else len(active) <= 1
        if over:
            self.phase, self.dice, self.bonus = "over", (), False
            self.emit(ev.GAME_OVER, self.freeze().ranking[0])
        return over

    def resign(self, seat: int) -> None:
        if seat not in self.active():
            raise IllegalAction(f"seat {seat} is not playing")
        self.resigned = (*self.resigned, seat)
        self.remove_tokens(seat, keep_home=False)
        self.emit(ev.RESIGNED, seat)
        if self.check_over():
            return
        if seat == self.current:
            self.pass_turn()
