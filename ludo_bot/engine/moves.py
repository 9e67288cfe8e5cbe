"""Move questions about a frozen position, answered by the Board kernel and its tables.

The AI asks these of positions it imagines, the board picture of the position it draws.

>>> from ludo_bot.engine.rules import Rules
>>> from ludo_bot.engine.position import position
>>> state = position(Rules.preset("classic"), {0: (52, -1, -1, -1), 2: (0, -1, -1, -1)}, current=0)
>>> check_single(state, 0, 6)
'token 1 would overshoot the finish by 2'
>>> occupancy(state), choices(state, 2, 4)
({26: [8]}, [(Move(token=0), (4, ()))])
"""

from __future__ import annotations

from collections.abc import Sequence

from ludo_bot.engine.board import Board, Refusal, Tables, explain, tables
from ludo_bot.engine.state import Choice, GameState, Landing

Occupancy = dict[int, list[int]]  # absolute track square -> ids of the tokens standing there, lowest first


def occupancy(state: GameState) -> Occupancy:
    """Absolute track square -> ids of the tokens standing there."""
    return occupancy_of(tables(state.rules), state.steps)


def occupancy_of(t: Tables, steps: Sequence[int]) -> Occupancy:
    """`occupancy` of token `steps` (one per token id) under the rules of the tables `t`."""
    board: Occupancy = {}
    routes, last = t.routes, t.last
    for tid, step in enumerate(steps):
        if 0 <= step <= last:
            board.setdefault(routes[tid >> 2][step], []).append(tid)
    return board


def choices(state: GameState, seat: int, die: int) -> list[Choice]:
    """Each legal move of `seat` with a die of `die` (whoever is to act in `state`), with its landing."""
    board = Board(state)
    board.current = seat
    return board.options(die)


def check_single(state: GameState, tid: int, die: int) -> Landing | str:
    """Where token `tid` lands with `die` and whom it captures, or why it may not move."""
    landing = Board(state).single(tid, die)
    return explain(landing, f"token {(tid & 3) + 1}") if isinstance(landing, Refusal) else landing


def check_pair(state: GameState, pair: tuple[int, int], die: int) -> Landing | str:
    """Where a block's two tokens `pair` (ids) land moving together by die / 2, or why not."""
    landing = Board(state).pair(pair[0], pair[1], die)
    unpaired = isinstance(landing, Refusal) and landing.reason in ("no_block", "split")
    what = f"{'tokens' if unpaired else 'pair'} {(pair[0] & 3) + 1}+{(pair[1] & 3) + 1}"
    return explain(landing, what) if isinstance(landing, Refusal) else landing
