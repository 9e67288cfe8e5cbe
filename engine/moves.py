"""Move questions about a frozen position, answered by the Board kernel.

The AI asks these of positions it imagines; `board` is the occupancy from `occupancy`.

>>> from engine.rules import Rules
>>> from engine.position import position
>>> state = position(Rules.preset("classic"), {0: (52, -1, -1, -1), 2: (0, -1, -1, -1)}, current=0)
>>> check_single(state, occupancy(state), 0, 6)
'token 1 would overshoot the finish by 2'
"""

from __future__ import annotations

from engine.board import Board, Refusal, explain, tables
from engine.rules import TOKENS, Rules
from engine.state import GameState, Landing


def routes(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """For each seat, the absolute track square of each track step 0..last_track_step."""
    return tables(rules).routes


def occupancy(state: GameState) -> dict[int, list[int]]:
    """Absolute track square -> ids of the tokens standing there."""
    board: dict[int, list[int]] = {}
    for tid in range(len(state.steps)):
        square = state.square_of(tid)
        if square is not None:
            board.setdefault(square, []).append(tid)
    return board


def check_single(state: GameState, board: dict[int, list[int]], tid: int, die: int) -> Landing | str:
    """Where token `tid` lands with `die` and whom it captures, or why it may not move."""
    landing = Board(state).single(tid, die)
    return explain(landing, f"token {(tid & 3) + 1}") if isinstance(landing, Refusal) else landing


def check_pair(state: GameState, board: dict[int, list[int]], pair: tuple[int, int], die: int) -> Landing | str:
    """Where a block's two tokens `pair` (ids) land moving together by die / 2, or why not."""
    landing = Board(state).pair(pair[0], pair[1], die)
    unpaired = isinstance(landing, Refusal) and landing.reason in ("no_block", "split")
    what = f"{'tokens' if unpaired else 'pair'} {(pair[0] & 3) + 1}+{(pair[1] & 3) + 1}"
    return explain(landing, what) if isinstance(landing, Refusal) else landing


def pairs(state: GameState, seat: int) -> list[tuple[int, int]]:
    """The pairs of a seat's tokens sharing a track square (locked pairs only with each other)."""
    return Board(state._replace(current=seat, choices=())).pairs() if seat * TOKENS < len(state.steps) else []
