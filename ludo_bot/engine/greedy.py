"""The `greedy` computer player: the best move by hand-written features, no look-ahead.

It scores each move by capture, reaching the finish, entering, reaching the home column, escaping danger, not
stepping into danger, forming blocks and advancing, and plays the best; with two dice it plays the die whose best
move scores highest first. The `expert` level (`engine.expert`) expects it as the next player's reply, and the
win chances' rollouts (`engine.chances`) play every seat by it.

>>> from ludo_bot.engine.game import legal_actions
>>> from ludo_bot.engine.position import position
>>> from ludo_bot.engine.rules import Rules
>>> state = position(Rules.preset("classic"), {0: (20, 3, -1, -1), 1: (12, -1, -1, -1)}, current=0, dice=(5,))
>>> greedy_choose(state, legal_actions(state))  # token 1 (step 20) captures green on square 25
Move(token=0)
"""

from __future__ import annotations

from functools import lru_cache

from ludo_bot.engine.actions import Action, ChooseDie, tokens_moved
from ludo_bot.engine.features import FeatureTables, Steps, after, board_of, feature_tables, material_values, threat
from ludo_bot.engine.moves import Occupancy, choices, occupancy
from ludo_bot.engine.rules import TOKENS, Rules
from ludo_bot.engine.state import YARD, GameState

MoveSpec = tuple[tuple[int, ...], int, tuple[int, ...]]  # token ids, end step, captured ids

# Greedy values tokens with its own, fixed table: enter (with / without a bonus on six), curve, column, finish.
GREEDY_VALUE = (40.0, 30.0, 2.5, 8.0, 14.0)
CAPTURE = 40.0
REACH_FINISH = 30.0
ENTER = 32.0
REACH_HOME_COLUMN = 18.0
DANGER = 1.2           # times (threat x token value), before minus after the move
FORM_BLOCK = 6.0
ADVANCE = 0.05


@lru_cache(maxsize=32)
def greedy_values(rules: Rules) -> tuple[float, ...]:
    """Step + 1 -> the greedy player's material value of a token there."""
    enter, enter_no_bonus, curve, column, finish = GREEDY_VALUE
    return material_values(rules, enter if rules.bonus_on_six else enter_no_bonus, curve, column, finish)


def greedy_choose(state: GameState, actions: list[Action]) -> Action:
    """The greedy player's choice among `actions`, the legal actions of `state`."""
    seat, active = state.current, state.active
    board = occupancy(state)
    tb, value = feature_tables(state.rules), greedy_values(state.rules)
    if state.phase == "choose":
        best_action, best_score = actions[0], -1e9
        for action in actions:
            if isinstance(action, ChooseDie):
                score, _ = greedy_pick(state, tb, value, board, seat, action.value, active)
                if score > best_score:
                    best_action, best_score = action, score
        return best_action
    _, move = greedy_pick(state, tb, value, board, seat, state.dice[0], active)
    return actions[0] if move is None else move[0]


def candidates(state: GameState, seat: int, die: int) -> list[tuple[Action, MoveSpec]]:
    """Each legal move of `seat` with `die` in `state`: its action, and (token ids, end step, captured)."""
    base = seat * TOKENS
    return [(action, (tuple([base + t for t in tokens_moved(action)]), end, captured))
            for action, (end, captured) in choices(state, seat, die)]


def greedy_pick(state: GameState, tb: FeatureTables, value: tuple[float, ...], board: Occupancy, seat: int, die: int,
                active: tuple[int, ...]) -> tuple[float, tuple[Action, MoveSpec] | None]:
    """The greedy player's best move with `die` and its score (None: no legal move); `tb` and `value` are the
    rules' `feature_tables` and `greedy_values` (passed in: looking them up hashes the rules, 15 % of the expert's
    time when each pick did)."""
    best: tuple[Action, MoveSpec] | None = None
    best_score = 0.0
    for candidate in candidates(state, seat, die):
        tids, end, captured = candidate[1]
        score = _move_score(tb, value, state.steps, board, seat, tids, end, captured, active)
        if best is None or score > best_score:
            best, best_score = candidate, score
    return best_score, best


def _move_score(tb: FeatureTables, value: tuple[float, ...], steps: Steps, board: Occupancy, seat: int,
                tids: tuple[int, ...], end: int, captured: tuple[int, ...], active: tuple[int, ...]) -> float:
    """The greedy player's liking for a move."""
    start = steps[tids[0]]
    last, blocks, route = tb.moves.last, tb.moves.blocks, tb.moves.routes[seat]
    score = ADVANCE * end * len(tids)
    if captured:
        score += CAPTURE * len(captured) + sum(value[steps[t] + 1] for t in captured)
    if end == tb.moves.finish:
        score += REACH_FINISH
    elif start <= last < end:
        score += REACH_HOME_COLUMN
    if start == YARD:
        score += ENTER
    new = after(steps, tids, end, captured)
    new_board = board_of(tb, new)
    moved = len(tids)
    if 0 <= start <= last:
        square = route[start]
        before = threat(tb, steps, board, seat, square, active) * value[start + 1] * moved
        left = [t for t in board.get(square, ()) if t >> 2 == seat and t not in tids]
        if left:  # tokens left behind (a broken block, or the rest of a stack)
            before -= threat(tb, new, new_board, seat, square, active) * value[start + 1] * len(left)
        score += DANGER * before
        if blocks and len(left) == 1:
            score -= FORM_BLOCK
    if 0 <= end <= last:
        square = route[end]
        score -= DANGER * threat(tb, new, new_board, seat, square, active) * value[end + 1] * moved
        if blocks and sum(1 for t in new_board.get(square, ()) if t >> 2 == seat) == 2:
            score += FORM_BLOCK
    return score
