"""The actions a game accepts, and their short text form (used in logs and button ids).

Player actions come from `legal_actions`; `Skip` and `Resign` are administrative (a turn
deadline, a player leaving) and are accepted by `apply` without being listed.

Two errors, neither a kind of the other: `InvalidAction` for something that is not an action at
all (a text `parse_action` cannot read), `IllegalAction` for an action the rules forbid now.

>>> parse_action("M2"), action_text(MovePair((0, 1)))
(Move(token=1), 'P12')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast


class InvalidAction(ValueError):
    """Something that is not an action at all: a text `parse_action` cannot read, or another object
    where an action belongs. Nothing was played; compare `IllegalAction`.

    >>> parse_action("M9")
    Traceback (most recent call last):
    ...
    ludo_bot.engine.actions.InvalidAction: not an action: 'M9'
    """


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is readable by a player. Nothing was played.

    >>> from ludo_bot.engine.game import apply, new_game
    >>> from ludo_bot.engine.rules import Rules
    >>> apply(new_game(Rules.preset("classic"), (0, 2), seed=1), Move(0))
    Traceback (most recent call last):
    ...
    ludo_bot.engine.actions.IllegalAction: roll the dice first

    `code` names the reason and `values` its numbers (`str()` stays the English, for logs), for a message in the
    player's language: the service's catalogue has one sentence per code (`illegal.<code>`).
    """

    def __init__(self, message: str, code: str, **values: object) -> None:
        super().__init__(message)
        self.code = code
        self.values: dict[str, object] = dict(values)

    def __reduce__(self) -> tuple[Callable[..., IllegalAction], tuple[str, str, dict[str, object]]]:
        # pickled (a worker process's) with its code: an exception pickles by its message alone, which `__init__`
        # would not take
        return _illegal, (str(self), self.code, self.values)


def _illegal(message: str, code: str, values: dict[str, object]) -> IllegalAction:
    return IllegalAction(message, code, **values)


class _ByText:
    """Pickled and copied as its text (`action_text`, `parse_action`). The `__setstate__` that dataclasses gives a
    slotted class assigns field by field, which the compiled build's frozen classes refuse (FrozenInstanceError):
    `pip install .` compiles this module with mypyc."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Callable[[str], Action], tuple[str]]:
        return parse_action, (action_text(cast(Action, self)),)


@dataclass(frozen=True, slots=True)
class Roll(_ByText):
    """Roll the dice."""


@dataclass(frozen=True, slots=True)
class ChooseDie(_ByText):
    """With two dice, play the die showing `value` first."""

    value: int


@dataclass(frozen=True, slots=True)
class Move(_ByText):
    """Move (or enter) own token `token` (0-3; shown to players as 1-4) by the die in play."""

    token: int


@dataclass(frozen=True, slots=True)
class MovePair(_ByText):
    """Move two own tokens of a block together by half the (even) die in play."""

    tokens: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Skip(_ByText):
    """End the current player's turn without playing (a turn deadline passed)."""


@dataclass(frozen=True, slots=True)
class Resign(_ByText):
    """Seat `seat` leaves the game; its tokens are removed."""

    seat: int


Action = Roll | ChooseDie | Move | MovePair | Skip | Resign

ROLL = Roll()
SKIP = Skip()


def action_text(action: Action) -> str:
    """The short text of an action: R, D5, M2 (token 2), P12 (tokens 1 and 2), S, X3 (seat 3);
    `InvalidAction` for anything else."""
    match action:
        case Roll():
            return "R"
        case ChooseDie(value):
            return f"D{value}"
        case Move(token):
            return f"M{token + 1}"
        case MovePair((a, b)):
            return f"P{a + 1}{b + 1}"
        case Skip():
            return "S"
        case Resign(seat):
            return f"X{seat}"
    raise InvalidAction(f"not an action: {action!r}")


def tokens_moved(action: Action) -> tuple[int, ...]:
    """The own tokens (0-3) an action moves: one for `Move`, two for `MovePair`, none for the others.

    >>> tokens_moved(Move(2)), tokens_moved(MovePair((0, 3))), tokens_moved(ROLL)
    ((2,), (0, 3), ())
    """
    if isinstance(action, Move):
        return (action.token,)
    if isinstance(action, MovePair):
        return action.tokens
    return ()


def moves_made(log: Sequence[Action | str]) -> list[int]:
    """How many moves the first i entries of a game's log make, for i = 0 ... len(log): the one numbering of moves
    that every picture and list of a finished game uses (the replay's frames, the review's chart and decisions, the
    exported game file). A move is what a player calls one: a token moved (or two as a pair, one move); rolls, die
    choices, passes and leaving are no moves. Entry i is part of move ``made[i] + 1``: a roll and a die choice
    belong to the move they lead to, and the position before that move is the one a decision of it was made in.

    >>> moves_made(["R", "M1", "R", "S", "R", "D5", "P12"])
    [0, 0, 1, 1, 1, 1, 1, 2]
    """
    made = [0]
    for entry in log:
        moved = entry[:1] in ("M", "P") if isinstance(entry, str) else bool(tokens_moved(entry))
        made.append(made[-1] + moved)
    return made


def move_of(made: Sequence[int], entry: int) -> int:
    """The number of the move a game log's `entry` (0-based) is part of, `made` being the log's `moves_made`: a
    roll and a die choice are part of the move they lead to.

    >>> [move_of(moves_made(["R", "M1", "R", "D5", "P12"]), i) for i in range(5)]
    [1, 1, 2, 2, 2]
    """
    return made[entry] + 1


def after_move(made: Sequence[int], move: int) -> int:
    """How many log entries lead to the position right after move number `move` (its index in `made`), or the
    last position for a move that was never made (a game ended before it).

    >>> after_move(moves_made(["R", "M1", "R", "D5", "P12"]), 2), after_move([0, 0, 1], 2)
    (5, 2)
    """
    return made.index(move) if move in made else len(made) - 1


def parse_action(text: str) -> Action:
    """Read the short text of an action (see `action_text`); anything else raises `InvalidAction`.

    >>> parse_action("P24"), parse_action("X3")
    (MovePair(tokens=(1, 3)), Resign(seat=3))
    >>> parse_action("P21")
    Traceback (most recent call last):
    ...
    ludo_bot.engine.actions.InvalidAction: not an action: 'P21'
    """
    kind, arg = text[:1], text[1:]
    if kind == "R" and not arg:
        return ROLL
    if kind == "S" and not arg:
        return SKIP
    if len(arg) == 1 and arg.isdigit():
        n = int(arg)
        if kind == "D" and 1 <= n <= 6:
            return ChooseDie(n)
        if kind == "M" and 1 <= n <= 4:
            return Move(n - 1)
        if kind == "X" and 0 <= n <= 3:
            return Resign(n)
    if kind == "P" and len(arg) == 2 and arg.isdigit():
        a, b = int(arg[0]) - 1, int(arg[1]) - 1
        if 0 <= a < b <= 3:
            return MovePair((a, b))
    raise InvalidAction(f"not an action: {text[:20]!r}")
