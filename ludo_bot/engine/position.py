"""Building positions directly: tokens at given steps, who acts, a given roll.

>>> from ludo_bot.engine.rules import Rules
>>> state = position(Rules.preset("classic"), {0: (10, -1, -1, -1), 2: (-1, -1, -1, -1)}, current=0, dice=(6,))
>>> state.phase, state.dice
('move', (6,))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ludo_bot.engine.game import roll_with
from ludo_bot.engine.rules import TOKENS, Rules, check_seats
from ludo_bot.engine.state import YARD, GameState


def position(rules: Rules, tokens: Mapping[int, Sequence[int]], current: int, *,
             dice: tuple[int, ...] = (), sixes: int = 0, order: tuple[int, ...] | None = None,
             scores: Mapping[int, int] | None = None, turns: Mapping[int, int] | None = None,
             locked: tuple[tuple[int, int], ...] = (), finished: tuple[int, ...] = (),
             captures: Mapping[int, int] | None = None, seed: int = 0) -> GameState:
    """A position with `tokens` (seat -> four steps, -1 for the yard) and `current` to act.

    `captures` (seat -> opponent tokens captured so far) matters with `kill_to_unlock`.
    With `dice`, the roll is made as if those dice were thrown (forfeits, the third six and
    bonus rolls included), so the state is in the phase that roll leads to.
    """
    seats = tuple(sorted(tokens))
    check_seats(seats, rules)
    steps = [YARD] * (4 * TOKENS)
    for seat, seat_steps in tokens.items():
        if len(seat_steps) != TOKENS:
            raise ValueError(f"seat {seat} needs 4 token steps, not {len(seat_steps)}")
        for i, step in enumerate(seat_steps):
            if not YARD <= step <= rules.finish_step:
                raise ValueError(f"token {i + 1} of seat {seat}: step {step} is off the route")
            steps[seat * TOKENS + i] = step
    if current not in seats:
        raise ValueError(f"seat {current} is not in the game")
    state = GameState(
        rules=rules, seats=seats, order=order or seats, steps=tuple(steps), current=current, sixes=sixes,
        scores=tuple((scores or {}).get(s, 0) for s in range(4)),
        turns=tuple((turns or {}).get(s, 0) for s in range(4)), locked=locked, finished=finished, seed=seed,
        captures=tuple((captures or {}).get(s, 0) for s in range(4)))
    return roll_with(state, dice).state if dice else state
