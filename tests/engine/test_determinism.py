"""Determinism (RULES.md): a game's seed and its action log replay it exactly; the dice are the game's own."""

from __future__ import annotations

import pytest

from ludo_bot.engine import Action, Roll, Rules, apply, legal_actions, new_game
from ludo_bot.engine.dice import dice
from ludo_bot.engine.state import GameState


def play(rules: Rules, seed: int, plies: int) -> tuple[GameState, list[Action]]:
    """Play `plies` actions, always the last legal one, and keep the log."""
    state = new_game(rules, (0, 1, 2, 3), seed)
    log: list[Action] = []
    for _ in range(plies):
        if state.over:
            break
        action = legal_actions(state)[-1]
        state = apply(state, action).state
        log.append(action)
    return state, log


@pytest.mark.parametrize("preset", ["classic", "star", "strict", "twodice"])
def test_a_seed_and_an_action_log_replay_the_game(preset: str) -> None:
    rules = Rules.preset(preset)
    state, log = play(rules, seed=21, plies=300)
    replay = new_game(rules, (0, 1, 2, 3), 21)
    for action in log:
        replay = apply(replay, action).state
    assert replay == state
    assert state.ply == len(log)


@pytest.mark.parametrize("preset", ["classic", "twodice"])
def test_rolls_use_the_games_dice_in_order(preset: str) -> None:
    rules = Rules.preset(preset)
    state = new_game(rules, (0, 2), seed=4)
    drawn = state.rolls
    after, events = apply(state, Roll())
    assert events[0].dice == dice(4, drawn, rules.dice)
    assert after.rolls == drawn + rules.dice


def test_different_seeds_give_different_games() -> None:
    games = {play(Rules.preset("classic"), seed, 60)[0].steps for seed in range(6)}
    assert len(games) > 1
