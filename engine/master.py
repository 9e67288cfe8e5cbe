"""The `master` computer player: expectimax whose leaves are the learned win chances (`engine.chances`).

For each legal action it plays the rest of its own roll (its best by its own win chance at each step),
then, with one die, looks one roll ahead: the mean over the next die of the chance left after the next
player's best move by that player's own win chance (its own best move on a bonus roll). With two dice
that roll has 21 outcomes with up to 32 lines each, too many for the time per decision (`benchmarks.ai`
prints it), so the position before the roll is scored as it stands. It plays the action of highest
chance for itself; ties go to the first legal action, so it is deterministic like the other levels.

>>> from engine.position import position
>>> from engine.rules import Rules
>>> state = position(Rules.preset("classic"), {0: (30, 5, -1, -1), 1: (47, -1, -1, -1)}, current=0, dice=(3,))
>>> master_choose(state)  # token 2 (step 5) captures green's token on square 8
Move(token=1)
"""

from __future__ import annotations

from engine.actions import Action
from engine.chances import win_chances
from engine.game import apply, legal_actions, roll_with
from engine.state import GameState


def master_choose(state: GameState) -> Action:
    """The master's action in `state` (the first legal action when there is only one)."""
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    me = state.current
    best_action, best_value = actions[0], -1.0
    for action in actions:
        value = _plan_value(apply(state, action).state, me)
        if value > best_value:
            best_action, best_value = action, value
    return best_action


def _plan_value(state: GameState, me: int) -> float:
    """`me`'s chance in `state`, reached by one of its own actions."""
    if state.over:
        return win_chances(state)[me]
    if state.current == me and state.phase != "roll":  # the rest of the roll (the other die, or its choice)
        return max(_plan_value(apply(state, action).state, me) for action in legal_actions(state))
    if state.rules.dice != 1:
        return win_chances(state)[me]
    total = 0.0
    for value in range(1, 7):
        total += win_chances(roll_with(state, (value,)).state)[me]  # the mover's best move by its own chance
    return total / 6
