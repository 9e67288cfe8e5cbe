"""The `expert` computer player: expectimax over the next roll with a hand-tuned position evaluation.

It plays each candidate through the rest of its own roll (both dice), then looks one roll ahead: an expectation
over the next player's die of that player's greedy reply (`engine.greedy`), or, on a bonus roll, over its own die
of its best move. Leaves are scored by a position evaluation: each token's material (entered, then growing faster
than linearly with its step, so one token at a time is brought home; a bonus in the home column and at the finish),
less the expected loss to captures by the players who move before it moves again (opponent tokens that can reach
the square on their roll, entries onto their start square, blocks and safe squares respected), plus a term for how
many die values would give it a move next roll (a lone token in the home column with the rest in the yard wastes
rolls) and for the mean best gain of the next own roll (a step along the curve, or a capture counted at a fifth of
the victim's value), against the opponents' material (their mean and their leader). The features are
`engine.features`'.

>>> from ludo_bot.engine.game import legal_actions
>>> from ludo_bot.engine.position import position
>>> from ludo_bot.engine.rules import Rules
>>> state = position(Rules.preset("classic"), {0: (30, 3, -1, -1), 1: (15, -1, -1, -1)}, current=0, dice=(5,))
>>> expert_choose(state, legal_actions(state))  # token 1 runs two squares ahead of green out of its reach
Move(token=0)
"""

from __future__ import annotations

from ludo_bot.engine.actions import Action
from ludo_bot.engine.features import FeatureTables, Steps, after, board_of, feature_tables, material, prospects, threat
from ludo_bot.engine.game import apply, legal_actions
from ludo_bot.engine.greedy import candidates, greedy_pick, greedy_values
from ludo_bot.engine.rules import TOKENS
from ludo_bot.engine.state import GameState

# Position evaluation weights (a token's material: `engine.features`).
THREAT = 1.0           # weight of the expected loss to captures
MOBILITY = 6.0         # per die value 1-6 that would give a move next roll (fewer wasted rolls)
POTENTIAL = 1.0        # weight of the mean best material gain of the next own roll (captures included)
OPPONENT_WEIGHT = 1.0  # how much the opponents' material counts against ours
LEADER_SHARE = 0.5     # of that weight, the part given to the leading opponent (the rest to their mean)
WIN = 10_000.0


def expert_choose(state: GameState, actions: list[Action]) -> Action:
    """The expert's choice among `actions`, the legal actions of `state` (ties to the first)."""
    me = state.current
    best_action, best_value = actions[0], -1e18
    for action in actions:
        value = plan_value(apply(state, action).state, me)
        if value > best_value:
            best_action, best_value = action, value
    return best_action


def plan_value(state: GameState, me: int) -> float:
    """The value for `me` of `state`, reached by one of its own actions."""
    if state.over:
        return WIN if state.ranking[0] == me else -WIN
    if state.current == me and state.phase != "roll":  # the other die of the roll (or its choice)
        return max(plan_value(apply(state, action).state, me) for action in legal_actions(state))
    tb = feature_tables(state.rules)
    active = state.active
    if me not in active:
        return evaluate(tb, state.steps, me, (*state.active, me))
    if tb.moves.dice != 1:
        return evaluate(tb, state.steps, me, active) + (3.0 if state.current == me else 0.0)
    board = board_of(tb, state.steps)
    gvalue = greedy_values(state.rules)
    total = 0.0
    mover = state.current
    i = active.index(mover)
    following = active[i + 1:] + active[:i]
    later = following[:following.index(me)] if me in following else following  # who else moves before `me`
    for die in range(1, 7):
        if mover == me and die == 6 and state.rules.third_six_ends_turn and state.sixes >= 2:
            total += evaluate(tb, state.steps, me, active)
            continue
        if mover == me:  # a bonus roll: our best move by the evaluation
            outcomes = [evaluate(tb, after(state.steps, *move), me, active) for _, move in candidates(state, me, die)]
            total += max(outcomes) if outcomes else evaluate(tb, state.steps, me, active)
        else:  # the next player's greedy reply
            _, move = greedy_pick(state, tb, gvalue, board, mover, die, active)
            steps = state.steps if move is None else after(state.steps, *move[1])
            total += evaluate(tb, steps, me, active, later)
    return total / 6


def evaluate(tb: FeatureTables, steps: Steps, me: int, active: tuple[int, ...],
             movers: tuple[int, ...] | None = None) -> float:
    """How good `steps` is for `me`: own material less its expected losses, against the opponents'.

    `movers` are the opponents who move before `me` moves again (default: all of `active`).
    """
    threats = active if movers is None else movers
    board = board_of(tb, steps)
    mine = material(tb, steps, me)
    base = me * TOKENS
    last, route, value = tb.moves.last, tb.moves.routes[me], tb.evalue
    for tid in range(base, base + TOKENS):
        step = steps[tid]
        if 0 <= step <= last:
            mine -= THREAT * threat(tb, steps, board, me, route[step], threats) * (value[step + 1] - 2.0)
    mobility, potential = prospects(tb, steps, board, me)
    mine += MOBILITY * mobility + POTENTIAL * potential
    others = [material(tb, steps, s) for s in active if s != me]
    if not others:
        return mine
    return mine - OPPONENT_WEIGHT * ((1 - LEADER_SHARE) * sum(others) / len(others) + LEADER_SHARE * max(others))
