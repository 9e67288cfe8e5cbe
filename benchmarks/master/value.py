"""A learned value: each seat's chance to win a position, from a small network trained by self-play.

`inputs(state, seat)` describes a position as `seat` sees it: a block of numbers for each seat in turn order
from `seat` (its own first; zeros for a seat not in the game), then which of them rolls next. A seat's block:
tokens in the yard, home and in the home column, its progress and progress squared, where its tokens on the
track stand (eight stretches of its route), the expected loss to captures and the material of the `expert`'s
evaluation, its mobility and next-roll potential there too (for the seat to roll next alone: zero for the
others), and with a turn limit or scores (star) its turns left and score.

The network scores each seat that can still win: a linear part plus `HIDDEN` tanh units; the chances are the
softmax of those scores over the seats (`value(state)`: four numbers, seats 0-3, summing to 1). Weights are
trained by ``python -m benchmarks.train_value`` (TD(lambda) self-play, numpy) and kept per preset in
`value_weights.json` beside this module. `trained(rules)` says whether a preset has weights; rules with options
changed have none.

>>> from ludo_bot.engine.game import new_game
>>> from ludo_bot.engine.rules import Rules
>>> state = new_game(Rules.preset("classic"), (0, 1, 2, 3), seed=1)
>>> len(inputs(state, 0)) == INPUTS
True
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from operator import mul
from pathlib import Path

from ludo_bot.engine.actions import Action
from ludo_bot.engine.features import board_of, feature_tables, material, prospects, threat
from ludo_bot.engine.game import apply, legal_actions
from ludo_bot.engine.rules import TOKENS, Rules
from ludo_bot.engine.state import YARD, GameState

BLOCK = 21  # numbers per seat
INPUTS = 4 * BLOCK + 4  # four seats' blocks, then who rolls next (one of four)
STRETCHES = 8
WEIGHTS_FILE = "value_weights.json"
WEIGHTS = Path(__file__).with_name(WEIGHTS_FILE)  # beside this module

Chances = tuple[float, float, float, float]


class Net:
    """One preset's network: `scores` of input rows, in pure Python."""

    __slots__ = ("hidden", "hidden_bias", "linear", "out")

    def __init__(self, weights: dict[str, list[float] | list[list[float]]]) -> None:
        self.linear = [float(w) for w in weights["linear"]]  # type: ignore[arg-type]
        self.hidden = [[float(w) for w in row] for row in weights["hidden"]]  # type: ignore[union-attr]
        self.hidden_bias = [float(b) for b in weights["hidden_bias"]]  # type: ignore[arg-type]
        self.out = [float(w) for w in weights["out"]]  # type: ignore[arg-type]

    def score(self, row: list[float]) -> float:
        """The seat's score (a logit before the softmax over seats)."""
        total: float = sum(map(mul, self.linear, row))
        tanh = math.tanh
        for weights, bias, out in zip(self.hidden, self.hidden_bias, self.out, strict=True):
            total += out * tanh(bias + sum(map(mul, weights, row)))
        return total


@lru_cache(maxsize=1)
def _all_weights() -> dict[str, dict[str, list[float] | list[list[float]]]]:
    text = WEIGHTS.read_text(encoding="utf-8")
    data: dict[str, dict[str, list[float] | list[list[float]]]] = json.loads(text)["presets"]
    return data


@lru_cache(maxsize=8)
def net(preset: str) -> Net | None:
    """The network of a preset, or None where none was trained."""
    weights = _all_weights().get(preset)
    return Net(weights) if weights else None


def trained(rules: Rules) -> bool:
    """True when `rules` are a preset unchanged with a trained network (four seats, no teams)."""
    return rules.name in _all_weights() and rules == Rules.preset(rules.name)


def value(state: GameState, model: Net | None = None) -> Chances:
    """Each seat's chance to win `state` by the preset's network (`model` to use another)."""
    if state.over:
        return _one_hot(state.ranking[0])
    rules = state.rules
    if not rules.scoring and state.finished:
        return _one_hot(state.finished[0])
    contenders = _contenders(state)
    if len(contenders) == 1:
        return _one_hot(contenders[0])
    model = model or net(rules.name)
    if model is None:
        raise ValueError(f"no trained value for rules {rules.name!r}")
    blocks = seat_blocks(state)
    scores = {seat: model.score(_row(state, blocks, seat)) for seat in contenders}
    top = max(scores.values())
    exp = {seat: math.exp(s - top) for seat, s in scores.items()}
    total = sum(exp.values())
    return (exp.get(0, 0.0) / total, exp.get(1, 0.0) / total, exp.get(2, 0.0) / total, exp.get(3, 0.0) / total)


def _one_hot(seat: int) -> Chances:
    values = [0.0, 0.0, 0.0, 0.0]
    values[seat] = 1.0
    return (values[0], values[1], values[2], values[3])


def _contenders(state: GameState) -> tuple[int, ...]:
    """The seats still able to win: those playing, and with scores (star) those home or out of turns."""
    if not state.rules.scoring:
        return state.active
    return tuple(s for s in state.order if s not in state.resigned)


def lines(state: GameState) -> list[tuple[Action, GameState]]:
    """Each way the player to act can play the rest of its roll: (its first action, the position after the last
    of its moves: another player's roll, its own bonus roll, or the end). Two dice give several lines per action."""
    mover = state.current
    found: list[tuple[Action, GameState]] = []
    for action in legal_actions(state):
        stack = [apply(state, action).state]
        while stack:
            after = stack.pop()
            if after.over or after.phase == "roll" or after.current != mover:
                found.append((action, after))
            else:
                stack.extend(apply(after, follow).state for follow in legal_actions(after))
    return found


def inputs(state: GameState, seat: int) -> list[float]:
    """The network's input row for `seat` in `state` (see the module docstring)."""
    return _row(state, seat_blocks(state), seat)


def _row(state: GameState, blocks: dict[int, list[float]], seat: int) -> list[float]:
    order = state.order
    i = order.index(seat)
    turn = order[i:] + order[:i]
    row: list[float] = []
    empty = [0.0] * BLOCK
    for other in turn:
        row.extend(blocks.get(other, empty))
    row.extend(empty * (4 - len(turn)))
    mover = [0.0] * 4
    if state.current in turn:
        mover[turn.index(state.current)] = 1.0
    row.extend(mover)
    return row


def seat_blocks(state: GameState) -> dict[int, list[float]]:
    """Seat -> its block of inputs, for every seat in the game."""
    rules = state.rules
    tb = feature_tables(rules)
    steps = state.steps
    board = board_of(tb, steps)
    active = state.active
    finish, last = rules.finish_step, rules.last_track_step
    span = finish + 1
    full = TOKENS * tb.evalue[-1]
    value_at = tb.evalue
    limit = rules.turn_limit
    blocks: dict[int, list[float]] = {}
    for seat in state.order:
        base = seat * TOKENS
        mine = steps[base:base + TOKENS]
        route = tb.moves.routes[seat]
        stretches = [0.0] * STRETCHES
        progress = progress2 = exposed = 0.0
        column = 0
        playing = seat in active
        for step in mine:
            if step == YARD:
                continue
            progress += step + 1
            progress2 += (step + 1) * (step + 1)
            if step <= last:
                stretches[step * STRETCHES // (last + 1)] += 0.25
                if playing:
                    exposed += threat(tb, steps, board, seat, route[step], active) * (value_at[step + 1] - 2.0)
            elif step < finish:
                column += 1
        # what the next roll offers, for the seat to roll it alone (a third of the inputs' cost for all four)
        mobility, potential = prospects(tb, steps, board, seat) if seat == state.current and playing else (0, 0.0)
        block = [
            mine.count(YARD) / TOKENS, mine.count(finish) / TOKENS, column / TOKENS,
            progress / (TOKENS * span), progress2 / (TOKENS * span * span), *stretches,
            exposed / full, mobility / 6, potential * TOKENS / full, material(tb, steps, seat) / full,
            (limit - state.turns[seat]) / limit if limit else 0.0,
            math.log1p(state.scores[seat]) / 8 if rules.scoring else 0.0,
            0.0 if playing else 1.0, 1.0,
        ]
        blocks[seat] = block
    return blocks

