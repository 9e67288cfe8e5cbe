"""The `master` computer player, retired from the bot: it measured at the expert's level, not above it.

`choose(state, level)` is `engine.ai.choose` with `master` besides the bot's levels, for `benchmarks.ai`'s master
pairing and the value's training. Master plays the expert's action unless its look-ahead on the learned win chances
(`engine.chances`) rates another higher by more than `OVERRULE`: for each legal action, the rest of its own roll (its
best by its own chance at each step), then with one die the mean over the next die of the chance left after the next
player's best move by that player's own chance (with two dice, 21 outcomes of up to 32 lines each, the position
before the roll as it stands). In the presets of `LEARNED` it would play by the value learned in self-play
(`by_value`, `benchmarks.master.value`), in those of `LOOKAHEAD` by the look-ahead with the experts' value
(`by_lookahead`, `benchmarks.master.lookahead`); neither is listed: each measured at the expert's level or below.
The measured tries, and why master is offered no more, are in docs/proof/ai.md.

>>> from ludo_bot.engine.position import position
>>> from ludo_bot.engine.rules import Rules
>>> state = position(Rules.preset("classic"), {0: (30, 5, -1, -1), 1: (47, -1, -1, -1)}, current=0, dice=(3,))
>>> master_choose(state, legal_actions(state))  # token 2 (step 5) captures green's token on square 8
Move(token=1)
"""

from __future__ import annotations

from benchmarks.master import expert_value, value
from benchmarks.master.lookahead import action_chances
from ludo_bot.engine import ai
from ludo_bot.engine.actions import Action
from ludo_bot.engine.alike import distinct_actions
from ludo_bot.engine.chances import win_chances
from ludo_bot.engine.expert import expert_choose
from ludo_bot.engine.game import apply, legal_actions, roll_with
from ludo_bot.engine.state import GameState

OVERRULE = 0.03  # win chance (0-1) by which another action must beat the expert's to be played instead
MARGIN = 0.02  # the same for the look-ahead with the experts' value (`by_lookahead`)
# Presets where master plays by the learned value (`by_value`), in four-seat games: only where it measured better
# than the expert against three experts (`benchmarks.ai`). None: classic's value won 24.8 % of 2,000 held-out games
# where an expert in its seat won 25.2 % (docs/proof/ai.md).
LEARNED: frozenset[str] = frozenset()
# The same for the look-ahead with the experts' value (`by_lookahead`). None: on held-out classic games it seldom
# overruled the expert with `MARGIN` 0.02, and lost to it outside the noise with 0 (docs/proof/ai.md).
LOOKAHEAD: frozenset[str] = frozenset()
LEVELS = (*ai.LEVELS, "master")  # the bot's levels, then master


def choose(state: GameState, level: str) -> Action:
    """The action the computer player of `level` (one of `LEVELS`) takes now: `engine.ai.choose`, or master's."""
    if level != "master":
        return ai.choose(state, level)
    actions = legal_actions(state)
    if not actions:
        raise ValueError("no legal action: the game is over")
    return master_choose(state, actions)


def master_choose(state: GameState, actions: list[Action]) -> Action:
    """The master's choice among `actions`, the legal actions of `state` (the first when there is only one)."""
    if len(actions) == 1:
        return actions[0]
    if state.rules.name in LEARNED and len(state.seats) == 4 and value.trained(state.rules):
        return by_value(state)
    if state.rules.name in LOOKAHEAD and len(state.seats) == 4 and expert_value.fitted(state.rules):
        return by_lookahead(state, actions)
    me = state.current
    values = [_plan_value(apply(state, action).state, me) for action in actions]
    best = max(range(len(actions)), key=lambda i: (values[i], -i))
    usual = expert_choose(state, actions)
    return actions[best] if values[best] - values[actions.index(usual)] > OVERRULE else usual


def by_lookahead(state: GameState, actions: list[Action]) -> Action:
    """The expert's action unless the look-ahead with the experts' value (`benchmarks.master.lookahead`) rates another
    distinct action (moves to the same position merged) higher by more than `MARGIN`; ties to the first legal
    action."""
    usual = expert_choose(state, actions)
    groups = distinct_actions(state)
    if len(groups) == 1:
        return usual
    chances = action_chances(state, [group[0] for group in groups])
    mine = next(i for i, group in enumerate(groups) if usual in group)
    best = max(range(len(groups)), key=lambda i: (chances[i], -i))
    return groups[best][0] if chances[best] - chances[mine] > MARGIN else usual


def by_value(state: GameState, model: value.Net | None = None) -> Action:
    """The action whose best line (the rest of the roll) leads to the position the learned value (`model`, else
    the preset's) rates best for the mover; ties to the first legal action."""
    mover = state.current
    best: Action | None = None
    best_chance = -1.0
    for action, after in value.lines(state):
        chance = value.value(after, model)[mover]
        if chance > best_chance:
            best, best_chance = action, chance
    assert best is not None  # a position with a choice has lines
    return best


def _plan_value(state: GameState, me: int) -> float:
    """`me`'s chance in `state`, reached by one of its own actions."""
    if state.over:
        return win_chances(state)[me]
    if state.current == me and state.phase != "roll":  # the rest of the roll (the other die, or its choice)
        return max(_plan_value(apply(state, action).state, me) for action in legal_actions(state))
    if state.rules.dice != 1:
        return win_chances(state)[me]
    total = 0.0
    for face in range(1, 7):
        total += win_chances(roll_with(state, (face,)).state)[me]  # the mover's best move by its own chance
    return total / 6
