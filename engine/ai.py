"""Computer players for every preset: `random`, `greedy`, `expert` and `master`.

`choose(state, level)` picks one of `legal_actions(state)` for the player to act. Every level
is deterministic: the same state always gets the same answer (`random` draws from a generator
seeded with the game's seed, dice count and ply, never from global randomness).

- random: a uniformly drawn legal action.
- greedy: scores each move by hand-written features (capture, reaching the finish, entering,
  reaching the home column, escaping danger, not stepping into danger, forming blocks, advancing)
  and plays the best; with two dice it plays the die whose best move scores highest first.
- expert: expectimax. It plays each candidate through the rest of its own roll (both dice),
  then looks one roll ahead: an expectation over the next player's die of that player's greedy
  reply (or, on a bonus roll, over its own die of its best move). Leaves are scored by a position
  evaluation: each token's material (entered, then growing faster than linearly with its step,
  so one token at a time is brought home; a bonus in the home column and at the finish), less
  the expected loss to captures by the players who move before it moves again (opponent tokens
  that can reach the square on their roll, entries onto their start square, blocks and safe
  squares respected), plus a term for how many die values would give it a move next roll (a
  lone token in the home column with the rest in the yard wastes rolls) and for the mean best
  gain of the next own roll (a step along the curve, or a capture counted at a fifth of the
  victim's value), against the opponents' material (their mean and their leader).
- master: in the presets where it measured better (`engine.master.LEARNED`), the action whose outcome a value
  learned by self-play (`engine.value`) rates best; elsewhere expert's choice, overruled where the same
  look-ahead with the learned win chances (`engine.chances`) at its leaves finds an action better by more than
  3 points; in `engine.master`.

>>> from engine.game import apply, new_game
>>> from engine.rules import Rules
>>> state = new_game(Rules.preset("classic"), (0, 1, 2, 3), seed=5)
>>> choose(state, "expert")
Roll()
>>> from engine.position import position
>>> state = position(Rules.preset("classic"), {0: (20, 3, -1, -1), 1: (12, -1, -1, -1)}, current=0, dice=(5,))
>>> choose(state, "greedy")  # token 1 (step 20) captures green on square 25
Move(token=0)
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from functools import lru_cache

from engine.actions import Action, ChooseDie, tokens_moved
from engine.board import Tables, tables
from engine.game import apply, legal_actions
from engine.moves import Occupancy, choices, occupancy, occupancy_of
from engine.rules import TOKENS, Rules
from engine.state import YARD, GameState

LEVELS = ("random", "greedy", "expert", "master")

Steps = tuple[int, ...]
MoveSpec = tuple[tuple[int, ...], int, tuple[int, ...]]  # token ids, end step, captured ids

# Position evaluation weights.
ENTER_VALUE = 40.0     # a token on the board, before any step (a 6 also brings a bonus roll)
ENTER_VALUE_NO_BONUS = 30.0  # the same where a 6 earns no bonus roll, so entering costs the turn
HOME_COLUMN_BONUS = 8.0  # a token that can no longer be captured
FINISH_BONUS = 14.0    # on top of the finish step's value
CURVE = 2.5            # extra value per step grows along the route (step^2 / finish)
THREAT = 1.0           # weight of the expected loss to captures
MOBILITY = 6.0         # per die value 1-6 that would give a move next roll (fewer wasted rolls)
POTENTIAL = 1.0        # weight of the mean best material gain of the next own roll (captures included)
CAPTURE_SHARE = 0.2    # the part of a capturable opponent token's value counted in that gain
OPPONENT_WEIGHT = 1.0  # how much the opponents' material counts against ours
LEADER_SHARE = 0.5     # of that weight, the part given to the leading opponent (the rest to their mean)
WIN = 10_000.0

# Greedy move features (greedy values tokens with its own, fixed table: enter, curve, home column, finish).
GREEDY_VALUE = (40.0, 30.0, 2.5, 8.0, 14.0)  # enter (with / without a bonus on six), curve, column, finish
CAPTURE = 40.0
REACH_FINISH = 30.0
ENTER = 32.0
REACH_HOME_COLUMN = 18.0
DANGER = 1.2           # times (threat x token value), before minus after the move
FORM_BLOCK = 6.0
ADVANCE = 0.05


@dataclass(frozen=True, slots=True)
class _Tables:
    """Per-rules lookup tables: the board's own (`moves`: routes, safe squares, finish ...) and the AI's."""

    rules: Rules
    moves: Tables                          # the `engine.board.tables` the rules are played by
    step_at: tuple[tuple[int, ...], ...]   # seat -> square -> step on that seat's route (-1: not on it)
    reach: tuple[float, ...]               # distance -> chance an opponent can cover it on its roll
    p_enter: float                         # chance an opponent rolls its entering number
    value: tuple[float, ...]               # step + 1 -> material value of a token there (greedy)
    evalue: tuple[float, ...]              # the same for the expert's evaluation


@lru_cache(maxsize=32)
def _tables(rules: Rules) -> _Tables:
    moves = tables(rules)
    step_at = []
    for route in moves.routes:
        steps = [-1] * rules.track_length
        for step, square in enumerate(route):
            steps[square] = step
        step_at.append(tuple(steps))
    counts = [0.0] * 25
    if rules.dice == 1:
        for d in range(1, 7):
            counts[d] += 1 / 6
        if rules.bonus_on_six:
            for d in range(7, 13):
                counts[d] += 1 / 36
        p_enter = 1 / 6
    else:
        for a in range(1, 7):
            for b in range(1, 7):
                for d in {a, b, a + b}:
                    counts[d] += 1 / 36
        p_enter = 11 / 36
    g_enter, g_enter_no_bonus, g_curve, g_column, g_finish = GREEDY_VALUE
    value = _values(rules, g_enter if rules.bonus_on_six else g_enter_no_bonus, g_curve, g_column, g_finish)
    evalue = _values(rules, ENTER_VALUE if rules.bonus_on_six else ENTER_VALUE_NO_BONUS, CURVE,
                     HOME_COLUMN_BONUS, FINISH_BONUS)
    return _Tables(rules, moves, tuple(step_at), tuple(counts), p_enter, value, evalue)


def _values(rules: Rules, enter: float, curve: float, home_column: float, finish_bonus: float
            ) -> tuple[float, ...]:
    """Step + 1 -> material value of a token there (0: in the yard)."""
    last, finish = rules.last_track_step, rules.finish_step
    value = [0.0]
    for step in range(finish + 1):
        v = enter + step + curve * step * step / finish
        if step > last:
            v += home_column
        if step == finish:
            v += finish_bonus
        value.append(v)
    return tuple(value)


def choose(state: GameState, level: str) -> Action:
    """The action the computer player of `level` (one of `LEVELS`) takes now."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    actions = legal_actions(state)
    if not actions:
        raise ValueError("no legal action: the game is over")
    if len(actions) == 1:
        return actions[0]
    if level == "random":
        return _random.Random(f"{state.seed}:{state.rolls}:{state.ply}").choice(actions)
    if level == "greedy":
        return _greedy(state, actions)
    if level == "master":
        from engine.master import master_choose  # engine.master builds on engine.chances, which builds on this module

        return master_choose(state)
    return _expert(state, actions)


# -- board helpers ---------------------------------------------------------------------------------

def _board(tb: _Tables, steps: Steps) -> Occupancy:
    return occupancy_of(tb.moves, steps)


def _after(steps: Steps, tids: tuple[int, ...], end: int, captured: tuple[int, ...]) -> Steps:
    new = list(steps)
    for t in tids:
        new[t] = end
    for t in captured:
        new[t] = YARD
    return tuple(new)


def _threat(tb: _Tables, steps: Steps, board: Occupancy, seat: int, square: int, active: tuple[int, ...]) -> float:
    """The chance that some opponent can land on `square` (held by `seat`) before `seat` moves again."""
    blocks = tb.moves.blocks
    if tb.moves.safe[square]:
        return 0.0
    here = board.get(square)
    if blocks and here is not None and sum(1 for t in here if t >> 2 == seat) >= 2:
        return 0.0
    miss = 1.0
    reach = tb.reach
    for other in active:
        if other == seat:
            continue
        target = tb.step_at[other][square]
        if target < 0:
            continue
        base = other * TOKENS
        for tid in range(base, base + TOKENS):
            step = steps[tid]
            if step == YARD:
                if target == 0:
                    miss *= 1.0 - tb.p_enter
            elif 0 <= step < target and target - step < len(reach):
                p = reach[target - step]
                if p and not (blocks and _path_blocked(tb, board, other, step, target)):
                    miss *= 1.0 - p
    return 1.0 - miss


def _path_blocked(tb: _Tables, board: Occupancy, seat: int, start: int, end: int) -> bool:
    route = tb.moves.routes[seat]
    for step in range(start + 1, end):
        here = board.get(route[step])
        if here and len(here) > 1:
            colours = [t >> 2 for t in here if t >> 2 != seat]
            if any(colours.count(c) >= 2 for c in set(colours)):
                return True
    return False


# -- evaluation ------------------------------------------------------------------------------------

def _material(tb: _Tables, steps: Steps, seat: int) -> float:
    value = tb.evalue
    base = seat * TOKENS
    return sum(value[steps[t] + 1] for t in range(base, base + TOKENS))


def _evaluate(tb: _Tables, steps: Steps, me: int, active: tuple[int, ...],
              movers: tuple[int, ...] | None = None) -> float:
    """How good `steps` is for `me`: own material less its expected losses, against the opponents'.

    `movers` are the opponents who move before `me` moves again (default: all of `active`).
    """
    threats = active if movers is None else movers
    board = _board(tb, steps)
    mine = _material(tb, steps, me)
    base = me * TOKENS
    last, route, value = tb.moves.last, tb.moves.routes[me], tb.evalue
    for tid in range(base, base + TOKENS):
        step = steps[tid]
        if 0 <= step <= last:
            mine -= THREAT * _threat(tb, steps, board, me, route[step], threats) * (value[step + 1] - 2.0)
    mobility, potential = _prospects(tb, steps, board, me)
    mine += MOBILITY * mobility + POTENTIAL * potential
    others = [_material(tb, steps, s) for s in active if s != me]
    if not others:
        return mine
    return mine - OPPONENT_WEIGHT * ((1 - LEADER_SHARE) * sum(others) / len(others) + LEADER_SHARE * max(others))


def _potential(tb: _Tables, steps: Steps, board: Occupancy, seat: int) -> float:
    """The next roll's mean best gain of `seat` (see `_prospects`)."""
    return _prospects(tb, steps, board, seat)[1]


def _prospects(tb: _Tables, steps: Steps, board: Occupancy, seat: int) -> tuple[int, float]:
    """What the next die offers `seat` (only its own tokens are considered, and only they block): how
    many die values 1-6 give it a move, and the mean over the die of the best material gain of one
    move (entering gains nothing here: the yard must not look like a reserve), an opponent token on
    the track it would land on counting `CAPTURE_SHARE` of its value."""
    base = seat * TOKENS
    partner = tb.rules.partner(seat)
    mine = steps[base:base + TOKENS]
    t = tb.moves
    value, route, last, finish, safe = tb.evalue, t.routes[seat], t.last, t.finish, t.safe
    forbid, enter = t.forbidden, t.enter_on
    count, total = 0, 0.0
    for die in range(1, 7):
        best, movable = 0.0, False
        for step in mine:
            if step == YARD:
                if die != enter or (forbid and 0 in mine):
                    continue
                end = 0
            elif step == finish or step + die > finish or (forbid and step + die != finish and step + die in mine):
                continue
            else:
                end = step + die
            movable = True
            gain = value[end + 1] - value[step + 1] if step != YARD else 0.0
            if end <= last:
                square = route[end]
                here = board.get(square)
                if here and not safe[square]:
                    foes = [tid for tid in here if tid >> 2 != seat and tid >> 2 != partner]
                    if foes and not (t.blocks and len(foes) > 1):
                        gain += CAPTURE_SHARE * sum(value[steps[tid] + 1] for tid in foes)
            if gain > best:
                best = gain
        count += movable
        total += best
    return count, total / 6


# -- greedy ----------------------------------------------------------------------------------------

def _candidates(state: GameState, seat: int, die: int) -> list[tuple[Action, MoveSpec]]:
    """Each legal move of `seat` with `die` in `state`: its action, and (token ids, end step, captured)."""
    base = seat * TOKENS
    return [(action, (tuple([base + t for t in tokens_moved(action)]), end, captured))
            for action, (end, captured) in choices(state, seat, die)]


def _move_score(tb: _Tables, steps: Steps, board: Occupancy, seat: int, tids: tuple[int, ...], end: int,
                captured: tuple[int, ...], active: tuple[int, ...]) -> float:
    """The greedy player's liking for a move."""
    start = steps[tids[0]]
    value, last, blocks, route = tb.value, tb.moves.last, tb.moves.blocks, tb.moves.routes[seat]
    score = ADVANCE * end * len(tids)
    if captured:
        score += CAPTURE * len(captured) + sum(value[steps[t] + 1] for t in captured)
    if end == tb.moves.finish:
        score += REACH_FINISH
    elif start <= last < end:
        score += REACH_HOME_COLUMN
    if start == YARD:
        score += ENTER
    new = _after(steps, tids, end, captured)
    new_board = _board(tb, new)
    moved = len(tids)
    if 0 <= start <= last:
        square = route[start]
        before = _threat(tb, steps, board, seat, square, active) * value[start + 1] * moved
        left = [t for t in board.get(square, ()) if t >> 2 == seat and t not in tids]
        if left:  # tokens left behind (a broken block, or the rest of a stack)
            before -= _threat(tb, new, new_board, seat, square, active) * value[start + 1] * len(left)
        score += DANGER * before
        if blocks and len(left) == 1:
            score -= FORM_BLOCK
    if 0 <= end <= last:
        square = route[end]
        score -= DANGER * _threat(tb, new, new_board, seat, square, active) * value[end + 1] * moved
        if blocks and sum(1 for t in new_board.get(square, ()) if t >> 2 == seat) == 2:
            score += FORM_BLOCK
    return score


def _greedy_pick(state: GameState, board: Occupancy, seat: int, die: int, active: tuple[int, ...]
                 ) -> tuple[float, tuple[Action, MoveSpec] | None]:
    """The greedy player's best move with `die` and its score (None: no legal move)."""
    tb = _tables(state.rules)
    best: tuple[Action, MoveSpec] | None = None
    best_score = 0.0
    for candidate in _candidates(state, seat, die):
        score = _move_score(tb, state.steps, board, seat, *candidate[1], active)
        if best is None or score > best_score:
            best, best_score = candidate, score
    return best_score, best


def _greedy(state: GameState, actions: list[Action]) -> Action:
    seat, active = state.current, state.active
    board = occupancy(state)
    if state.phase == "choose":
        best_action, best_score = actions[0], -1e9
        for action in actions:
            if isinstance(action, ChooseDie):
                score, _ = _greedy_pick(state, board, seat, action.value, active)
                if score > best_score:
                    best_action, best_score = action, score
        return best_action
    _, move = _greedy_pick(state, board, seat, state.dice[0], active)
    return actions[0] if move is None else move[0]


# -- expert ----------------------------------------------------------------------------------------

def _expert(state: GameState, actions: list[Action]) -> Action:
    me = state.current
    best_action, best_value = actions[0], -1e18
    for action in actions:
        value = _plan_value(apply(state, action).state, me)
        if value > best_value:
            best_action, best_value = action, value
    return best_action


def _plan_value(state: GameState, me: int) -> float:
    """The value for `me` of `state`, reached by one of its own actions."""
    if state.over:
        return WIN if state.ranking[0] == me else -WIN
    if state.current == me and state.phase != "roll":  # the other die of the roll (or its choice)
        return max(_plan_value(apply(state, action).state, me) for action in legal_actions(state))
    tb = _tables(state.rules)
    active = state.active
    if me not in active:
        return _evaluate(tb, state.steps, me, (*state.active, me))
    if tb.moves.dice != 1:
        return _evaluate(tb, state.steps, me, active) + (3.0 if state.current == me else 0.0)
    board = _board(tb, state.steps)
    total = 0.0
    mover = state.current
    i = active.index(mover)
    after = active[i + 1:] + active[:i]
    later = after[:after.index(me)] if me in after else after  # who else moves before `me`
    for die in range(1, 7):
        if mover == me and die == 6 and state.rules.third_six_ends_turn and state.sixes >= 2:
            total += _evaluate(tb, state.steps, me, active)
            continue
        if mover == me:  # a bonus roll: our best move by the evaluation
            outcomes = [_evaluate(tb, _after(state.steps, *move), me, active)
                        for _, move in _candidates(state, me, die)]
            total += max(outcomes) if outcomes else _evaluate(tb, state.steps, me, active)
        else:  # the next player's greedy reply
            _, move = _greedy_pick(state, board, mover, die, active)
            steps = state.steps if move is None else _after(state.steps, *move[1])
            total += _evaluate(tb, steps, me, active, later)
    return total / 6

