"""Master's look-ahead: each action's chance for the mover, one roll ahead, with the experts' value at the leaves.

For each action it plays the rest of the mover's roll (the mover's best line by this same value), then the next roll:
every outcome (six faces, or 21 with two dice, each by its probability) answered by the expert's own move when the
next player is an opponent (the experts master faces), or by the mover's best line on its own bonus roll, and scores
the position where the next roll is due by the experts' value V_E (`benchmarks.master.expert_value`) for the mover.

>>> from ludo_bot.engine.game import legal_actions
>>> from ludo_bot.engine.position import position
>>> from ludo_bot.engine.rules import Rules
>>> state = position(Rules.preset("classic"), {0: (56, 56, 56, 54), 2: (30, 10, 40, -1)}, current=0, dice=(2,))
>>> action_chances(state, legal_actions(state))
[1.0]
"""

from __future__ import annotations

from benchmarks.master.expert_value import expert_value
from ludo_bot.engine.actions import Action
from ludo_bot.engine.expert import expert_choose
from ludo_bot.engine.game import apply, legal_actions, roll_with
from ludo_bot.engine.state import GameState

FACES_ONE = tuple(((face,), 1 / 6) for face in range(1, 7))
# Two dice: 21 outcomes, a double once in 36, the others twice (the order of the dice is the player's to choose).
FACES_TWO = tuple(((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7))


def action_chances(state: GameState, actions: list[Action]) -> list[float]:
    """The mover's chance after each of `actions` (legal in `state`, dice rolled), as the module docstring says."""
    me = state.current
    return [_line_value(apply(state, action).state, me, True) for action in actions]


def _line_value(state: GameState, me: int, ahead: bool) -> float:
    """`me`'s chance in `state`, reached by one of its own actions: the best rest of the roll, then (with `ahead`)
    the next roll's outcomes."""
    if state.over:
        return expert_value(state)[me]
    if state.current == me and state.phase != "roll":  # the rest of the roll (the other die, or its choice)
        return max(_line_value(apply(state, action).state, me, ahead) for action in legal_actions(state))
    if not ahead:
        return expert_value(state)[me]
    return _next_roll(state, me)


def _next_roll(state: GameState, me: int) -> float:
    """The mean over the next roll's outcomes of `me`'s chance once that roll is played."""
    faces = FACES_ONE if state.rules.dice == 1 else FACES_TWO
    total = 0.0
    for values, p in faces:
        after = roll_with(state, values).state
        if after.current == me and not after.over and after.phase != "roll":  # its own bonus roll: its best line
            chance = max(_line_value(apply(after, action).state, me, False) for action in legal_actions(after))
        else:
            while not after.over and after.phase != "roll":  # an opponent answers as the expert it is
                after = apply(after, _expert_move(after)).state
            chance = expert_value(after)[me]
        total += p * chance
    return total


def _expert_move(state: GameState) -> Action:
    actions = legal_actions(state)
    return actions[0] if len(actions) == 1 else expert_choose(state, actions)
