"""Computer players for every preset: `random`, `greedy` and `expert`.

`choose(state, level)` picks one of `legal_actions(state)` for the player to act. Every level
is deterministic: the same state always gets the same answer (`random` draws from a generator
seeded with the game's seed, dice count and ply, never from global randomness).

- random: a uniformly drawn legal action (here).
- greedy: the best move by hand-written features (`engine.greedy`).
- expert: expectimax over the next roll with a hand-tuned position evaluation (`engine.expert`).

A fourth level, master, measured no stronger than the expert and was retired (its experiments: `benchmarks.master`);
a stored master seat plays as the expert (`service.seats.PLAYED_AS`).

The players share their position features (`engine.features`); each level imports only the ones below it.

>>> from ludo_bot.engine.game import apply, new_game
>>> from ludo_bot.engine.rules import Rules
>>> state = new_game(Rules.preset("classic"), (0, 1, 2, 3), seed=5)
>>> choose(state, "expert")
Roll()
>>> from ludo_bot.engine.position import position
>>> state = position(Rules.preset("classic"), {0: (20, 3, -1, -1), 1: (12, -1, -1, -1)}, current=0, dice=(5,))
>>> choose(state, "greedy")  # token 1 (step 20) captures green on square 25
Move(token=0)
"""

from __future__ import annotations

import random as _random

from ludo_bot.engine.actions import Action
from ludo_bot.engine.expert import expert_choose
from ludo_bot.engine.game import legal_actions
from ludo_bot.engine.greedy import greedy_choose
from ludo_bot.engine.state import GameState

LEVELS = ("random", "greedy", "expert")


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
        return greedy_choose(state, actions)
    return expert_choose(state, actions)
