"""The position features the computer players share: per-rules lookup tables, where the tokens stand, a token's
material, the chance it is captured before its seat moves again, and what the next roll offers a seat.

The `greedy` and `expert` levels (`engine.greedy`, `engine.expert`), the learned win chances (`engine.chances`)
and the benchmarks' learned value (`benchmarks.master.value`) all read positions through these functions, so that
one feature has one spelling. Token steps are a seat-major tuple of 16 (`GameState.steps`); `Occupancy` maps a track
square to the ids of the tokens on it.

>>> from ludo_bot.engine.position import position
>>> from ludo_bot.engine.rules import Rules
>>> state = position(Rules.preset("classic"), {0: (10, -1, -1, -1), 1: (0, -1, -1, -1)}, current=0)
>>> tb = feature_tables(state.rules)
>>> round(threat(tb, state.steps, board_of(tb, state.steps), 1, 13, state.active), 3)  # red 3 behind green
0.167
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ludo_bot.engine.board import Tables, tables
from ludo_bot.engine.moves import Occupancy, occupancy_of
from ludo_bot.engine.rules import TOKENS, Rules
from ludo_bot.engine.state import YARD

Steps = tuple[int, ...]

# A token's material in the expert's evaluation (and in the win chances' and the value's inputs).
ENTER_VALUE = 40.0     # a token on the board, before any step (a 6 also brings a bonus roll)
ENTER_VALUE_NO_BONUS = 30.0  # the same where a 6 earns no bonus roll, so entering costs the turn
HOME_COLUMN_BONUS = 8.0  # a token that can no longer be captured
FINISH_BONUS = 14.0    # on top of the finish step's value
CURVE = 2.5            # extra value per step grows along the route (step^2 / finish)
CAPTURE_SHARE = 0.2    # the part of a capturable opponent token's value counted in the next roll's gain


@dataclass(frozen=True, slots=True)
class FeatureTables:
    """Per-rules lookup tables: the board's own (`moves`: routes, safe squares, finish ...) and the players'."""

    rules: Rules
    moves: Tables                          # the `engine.board.tables` the rules are played by
    step_at: tuple[tuple[int, ...], ...]   # seat -> square -> step on that seat's route (-1: not on it)
    reach: tuple[float, ...]               # distance -> chance an opponent can cover it on its roll
    p_enter: float                         # chance an opponent rolls its entering number
    evalue: tuple[float, ...]              # step + 1 -> material value of a token there


@lru_cache(maxsize=32)
def feature_tables(rules: Rules) -> FeatureTables:
    """The lookup tables of `rules` (cached)."""
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
    evalue = material_values(rules, ENTER_VALUE if rules.bonus_on_six else ENTER_VALUE_NO_BONUS, CURVE,
                             HOME_COLUMN_BONUS, FINISH_BONUS)
    return FeatureTables(rules, moves, tuple(step_at), tuple(counts), p_enter, evalue)


def material_values(rules: Rules, enter: float, curve: float, home_column: float, finish_bonus: float
                    ) -> tuple[float, ...]:
    """Step + 1 -> material value of a token there (0: in the yard): `enter`, plus a step each, plus `curve` *
    step^2 / finish, plus `home_column` past the track and `finish_bonus` at the finish."""
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


def board_of(tb: FeatureTables, steps: Steps) -> Occupancy:
    """Track square -> ids of the tokens standing there."""
    return occupancy_of(tb.moves, steps)


def after(steps: Steps, tids: tuple[int, ...], end: int, captured: tuple[int, ...]) -> Steps:
    """`steps` once tokens `tids` moved to step `end` and `captured` went back to their yards."""
    new = list(steps)
    for t in tids:
        new[t] = end
    for t in captured:
        new[t] = YARD
    return tuple(new)


def threat(tb: FeatureTables, steps: Steps, board: Occupancy, seat: int, square: int, active: tuple[int, ...]
           ) -> float:
    """The chance that some opponent in `active` can land on `square` (held by `seat`) before `seat` moves again."""
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


def _path_blocked(tb: FeatureTables, board: Occupancy, seat: int, start: int, end: int) -> bool:
    route = tb.moves.routes[seat]
    for step in range(start + 1, end):
        here = board.get(route[step])
        if here and len(here) > 1:
            colours = [t >> 2 for t in here if t >> 2 != seat]
            if any(colours.count(c) >= 2 for c in set(colours)):
                return True
    return False


def material(tb: FeatureTables, steps: Steps, seat: int) -> float:
    """The material of `seat`'s four tokens (`FeatureTables.evalue`)."""
    value = tb.evalue
    base = seat * TOKENS
    return sum(value[steps[t] + 1] for t in range(base, base + TOKENS))


def potential(tb: FeatureTables, steps: Steps, board: Occupancy, seat: int) -> float:
    """The next roll's mean best gain of `seat` (see `prospects`)."""
    return prospects(tb, steps, board, seat)[1]


def prospects(tb: FeatureTables, steps: Steps, board: Occupancy, seat: int) -> tuple[int, float]:
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
