"""The game state value: everything needed to go on playing, and nothing else.

Tokens are numbered by id ``seat * 4 + token``; `steps[id]` is that token's step on its own
route (`YARD` = -1 in the yard, 0 its start square, `rules.finish_step` home). A state is an
immutable value (a named tuple); `engine.game.apply` returns a new one.

>>> from ludo_bot.engine.game import new_game
>>> state = new_game(Rules.preset("classic"), (0, 2), seed=1)
>>> state.phase, state.current in state.seats
('roll', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from ludo_bot.engine.rules import COLOURS, TOKENS, Rules

if TYPE_CHECKING:
    from ludo_bot.engine.actions import Action

YARD = -1
Phase = Literal["roll", "choose", "move", "over"]


# Where a move ends (a step of the mover's route) and the ids of the tokens it captures.
Landing = tuple[int, tuple[int, ...]]


Choice = tuple["Action", Landing]


class GameState(NamedTuple):
    """A position.

    `dice` holds the dice still to play, the one in play first ("move" phase), or both as
    rolled while the player picks one ("choose" phase); `rolled` is the whole last roll.
    `choices` caches the legal moves of the die in play with their landings (derived from
    the rest, so it is not part of the text form). `captures` counts the opponent tokens each
    seat has captured; it is kept only with `rules.kill_to_unlock` (all zero otherwise).
    """

    rules: Rules
    seats: tuple[int, ...]
    order: tuple[int, ...]
    steps: tuple[int, ...]
    current: int
    phase: Phase = "roll"
    dice: tuple[int, ...] = ()
    rolled: tuple[int, ...] = ()
    bonus: bool = False
    sixes: int = 0
    turns: tuple[int, ...] = (0, 0, 0, 0)
    scores: tuple[int, ...] = (0, 0, 0, 0)
    finished: tuple[int, ...] = ()
    out: tuple[int, ...] = ()
    resigned: tuple[int, ...] = ()
    locked: tuple[tuple[int, int], ...] = ()
    seed: int = 0
    rolls: int = 0
    ply: int = 0
    order_rolls: tuple[tuple[tuple[int, int], ...], ...] = ()
    captures: tuple[int, ...] = (0, 0, 0, 0)
    choices: tuple[Choice, ...] = ()

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.phase == "over"

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still playing, in turn order."""
        gone = (*self.finished, *self.out, *self.resigned)
        return tuple(s for s in self.order if s not in gone)

    def colour(self, seat: int) -> str:
        """The colour of a seat."""
        return COLOURS[seat]

    def tokens(self, seat: int) -> tuple[int, ...]:
        """The steps of a seat's four tokens."""
        return self.steps[seat * TOKENS:(seat + 1) * TOKENS]

    def home_count(self, seat: int) -> int:
        """How many of a seat's tokens are home."""
        return self.tokens(seat).count(self.rules.finish_step)

    def square_of(self, token_id: int) -> int | None:
        """The absolute track square of a token, or None in the yard, home column or finish (`Rules.square`)."""
        return self.rules.square(token_id // TOKENS, self.steps[token_id])

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that have won outright, in finish order: with `teams`, the team whose partners
        still in the game are all home; with `quick`, the first player home; otherwise none
        (the ranking decides)."""
        return winners(self.rules, self.finished, self.out, self.resigned)

    @property
    def ranking(self) -> tuple[int, ...]:
        """Seats from first to last place as things stand (final once the game is over).

        Outright winners (`winners`) first. Then, with scoring: by score, ties to who finished
        first. Otherwise: finish order, then (with `quick`) tokens home, then progress. Players
        who resigned come last, the latest to leave first.
        """
        position = {seat: i for i, seat in enumerate(self.order)}
        finish_index = {seat: i for i, seat in enumerate(self.finished)}
        first = self.winners
        playing = [s for s in self.order if s not in self.resigned and s not in first]
        unfinished = len(self.finished)
        if self.rules.scoring:
            playing.sort(key=lambda s: (-self.scores[s], finish_index.get(s, unfinished), position[s]))
        elif self.rules.quick:
            playing.sort(key=lambda s: (finish_index.get(s, unfinished), -self.home_count(s), -self.progress(s),
                                        position[s]))
        else:
            playing.sort(key=lambda s: (finish_index.get(s, unfinished), -self.progress(s), position[s]))
        return (*first, *playing, *reversed(self.resigned))

    def progress(self, seat: int) -> int:
        """Squares a seat's tokens have covered (a token on its start square counts 1)."""
        return sum(step + 1 for step in self.tokens(seat))


def team_of(seat: int) -> tuple[int, int]:
    """The two seats of `seat`'s team with `teams`: (0, 2) or (1, 3)."""
    return (seat % 2, seat % 2 + 2)


def winners(rules: Rules, finished: tuple[int, ...], out: tuple[int, ...],
            resigned: tuple[int, ...]) -> tuple[int, ...]:
    """Seats that have won outright (see `GameState.winners`), in finish order.

    >>> winners(Rules(teams=True), finished=(1, 0, 3), out=(), resigned=())
    (1, 3)
    >>> winners(Rules(teams=True), finished=(2,), out=(), resigned=(0,))
    (2,)
    """
    if rules.teams:
        for seat in finished:
            team = [s for s in team_of(seat) if s not in out and s not in resigned]
            if all(s in finished for s in team):
                return tuple(s for s in finished if s in team)
        return ()
    if rules.quick:
        return finished[:1]
    return ()
