"""Playing: `new_game`, `legal_actions` and `apply`.

>>> from ludo_bot.engine.rules import Rules
>>> state = new_game(Rules.preset("classic"), (0, 1, 2, 3), seed=7)
>>> legal_actions(state)
[Roll()]
>>> state, events = apply(state, legal_actions(state)[0])
>>> events[0].kind
'rolled'
"""

from __future__ import annotations

from typing import NamedTuple

from ludo_bot.engine.actions import ROLL, Action, IllegalAction, InvalidAction
from ludo_bot.engine.board import Board
from ludo_bot.engine.dice import die
from ludo_bot.engine.events import Event
from ludo_bot.engine.rules import Rules, check_seats
from ludo_bot.engine.state import YARD, GameState


class Transition(NamedTuple):
    """The state after an action, and what happened on the way."""

    state: GameState
    events: tuple[Event, ...]


def new_game(rules: Rules, seats: tuple[int, ...], seed: int) -> GameState:
    """A new game: every token in its yard, turn order settled by the turn-order roll."""
    check_seats(seats, rules)
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
    if state.phase == "move" and state.choices:
        return [action for action, _ in state.choices]
    return list(Board(state).legal_actions())  # the board works out moves a bare state does not cache


def apply(state: GameState, action: Action) -> Transition:
    """Play `action`; raise `IllegalAction` (with a reason a player can read) if it is not legal now,
    `InvalidAction` if it is no action at all. Either way nothing was played.

    >>> state = new_game(Rules.preset("classic"), (0, 2), seed=7)
    >>> apply(state, "R")  # a text is no action: `parse_action` reads texts
    Traceback (most recent call last):
    ...
    ludo_bot.engine.actions.InvalidAction: not an action: 'R'
    """
    if not isinstance(action, Action):  # checked here: a compiled Board would raise TypeError instead
        raise InvalidAction(f"not an action: {action!r}")
    events: list[Event] = []
    board = Board(state, events)
    board.push(action)
    return Transition(board.freeze(), tuple(events))


def roll_with(state: GameState, values: tuple[int, ...]) -> Transition:
    """Roll the given dice instead of the game's own (for tests, tools and puzzles).

    The game's dice counter is left alone, so such a position does not replay from its seed.
    """
    if state.phase != "roll":
        raise Board(state).wrong_phase()
    if len(values) != state.rules.dice or not all(1 <= v <= 6 for v in values):
        raise IllegalAction(f"these rules roll {state.rules.dice} dice of 1 to 6, not {values}", "dice_values",
                            dice=state.rules.dice)
    events: list[Event] = []
    board = Board(state, events)
    board.roll(tuple(values))
    return Transition(board.freeze(), tuple(events))
