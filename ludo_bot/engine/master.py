"""The `master` computer player: the learned value where it measured better, else the expert's search overruled by
the learned win chances (`engine.chances`).

In a four-seat game of a preset listed in `LEARNED` it plays by the value learned in self-play (`engine.value`,
`by_value`): each action is worth its best way to play the rest of the roll (`engine.value.lines`), rated by the
mover's chance in the position it leads to; the best action is played, ties to the first legal action. That is
the choice the network was trained to make, and it costs a few milliseconds (7.4 ms median in classic). In one of
a preset listed in `LOOKAHEAD` (with the experts' value fitted, `engine.expert_value`) it plays `by_lookahead`: the
expert's action unless `engine.lookahead` (one roll ahead, the opponents answering as experts, the experts' value
at the leaves) rates another distinct action higher by more than `MARGIN`. No preset is listed in either yet, so
everywhere it plays as follows.

For each legal action it works out its chance to win (expectimax with the win chances at the leaves): it
plays the rest of its own roll (its best by its own chance at each step), then, with one die, looks one
roll ahead: the mean over the next die of the chance left after the next player's best move by that
player's own chance (its own best move on a bonus roll). With two dice that roll has 21 outcomes with up
to 32 lines each, too many for the time per decision (`benchmarks.ai` prints it), so the position before
the roll is scored as it stands. It plays the `expert` level's action unless another action's chance is
higher by more than `OVERRULE`, and then that one (ties to the first legal action): deterministic like
the other levels.

Why not the best chance alone: played that way against three experts it won 22.0 % of classic, 17.3 %
of star, 25.7 % of strict and 24.3 % of twodice games (`benchmarks.ai`, seeds 0-299), below the expert's
own 25 %: the learned chances (`CHANCE_ERRORS`: 7 to 19 points) tell positions apart better than they
order the moves of one position, where the expert's hand-tuned evaluation is finer. Overruling it only by
more than 3 points won 28.3 % of classic, 26.7 % of star and 24.2 % of twodice games on held-out seeds
(100000 on, 600 games each), against 26.7 % with 1 point for star and 27.8 % for classic. As it is, it
won 22.0 % of classic, 25.0 % of star, 25.7 % of strict and 24.7 % of twodice games against three experts
(seeds 0-299): the expert's level, not above it. Neither did three other ways, each measured on the same
1,000 held-out classic games as an expert in the same seat (26.5 %): the same look-ahead with the next player's
reply played by the expert itself (27.1 %, 72 games won that the expert lost against 66 lost that it won),
12 paired simulations of two rounds played by experts and scored by the expert's evaluation (21.0 % of 400
games, against its 29.2 %), and the expert's evaluation with any one weight halved or doubled (22 to 28 %; none
both ahead and outside the noise, and doubling the opponents' weight, the best, won 23.3 % against 23.1 % on
another 1,000 games).

>>> from ludo_bot.engine.position import position
>>> from ludo_bot.engine.rules import Rules
>>> state = position(Rules.preset("classic"), {0: (30, 5, -1, -1), 1: (47, -1, -1, -1)}, current=0, dice=(3,))
>>> master_choose(state, legal_actions(state))  # token 2 (step 5) captures green's token on square 8
Move(token=1)
"""

from __future__ import annotations

from ludo_bot.engine import expert_value, value
from ludo_bot.engine.actions import Action
from ludo_bot.engine.alike import distinct_actions
from ludo_bot.engine.chances import win_chances
from ludo_bot.engine.expert import expert_choose
from ludo_bot.engine.game import apply, legal_actions, roll_with
from ludo_bot.engine.lookahead import action_chances
from ludo_bot.engine.state import GameState

OVERRULE = 0.03  # win chance (0-1) by which another action must beat the expert's to be played instead
MARGIN = 0.02  # the same for the look-ahead with the experts' value (`by_lookahead`)
# Presets where master plays by the learned value (`engine.value`) in four-seat games: only where it measured
# better than the expert against three experts (`benchmarks.ai`); elsewhere it plays as described above. None yet:
# classic's value after 10,000 self-play games won 24.8 % of 2,000 held-out games (seeds 200000 on; 95 % CI
# 22.9-26.7 %), where an expert in its seat won 25.2 %: 297 games won that the expert lost, 306 the other way
# (sign test p = 0.66). The expert's level, not above it, so master keeps its behaviour.
LEARNED: frozenset[str] = frozenset()
# Presets where master plays by the look-ahead with the experts' value (`by_lookahead`), in four-seat games: only
# where it measured better than the expert against three experts. None yet. Classic, held-out seeds 100000 on, each
# against an expert in the same seat on the same games: V_E from 368 games and `MARGIN` 0.02, 21.0 % of 119 games
# (8 won that the expert lost, 19 the other way); V_E from 1,000 games, `MARGIN` 0.02, 33.3 % of 183 games against
# the expert's 32.8 % (7 and 6: it seldom overrules); `MARGIN` 0, 20.4 % of 211 games against 31.8 % (20 and 44,
# worse outside the noise). The linear V_E orders the moves of one position worse than the expert's evaluation.
LOOKAHEAD: frozenset[str] = frozenset()


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
    """The expert's action unless the look-ahead with the experts' value (`engine.lookahead`) rates another distinct
    action (moves to the same position merged) higher by more than `MARGIN`; ties to the first legal action."""
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
