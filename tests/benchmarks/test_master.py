"""Master, retired from the bot to `benchmarks.master`: it still plays legal, deterministic moves in every preset,
sensible ones in set-up positions, games with it end, and the examples in its modules' docstrings hold."""

from __future__ import annotations

import doctest
import importlib
import random

import pytest

from benchmarks.master.player import LEVELS, choose
from ludo_bot.engine import YARD, GameState, Move, Rules, apply, legal_actions, new_game
from ludo_bot.engine import position as make_position
from ludo_bot.engine.ai import LEVELS as ENGINE_LEVELS

CLASSIC = Rules.preset("classic")
MODULES = ("benchmarks.master.player", "benchmarks.master.value", "benchmarks.master.expert_value",
           "benchmarks.master.lookahead")


def sampled(rules: Rules, seed: int) -> list[GameState]:
    """Positions with a real choice (two or more legal actions), reached by random play."""
    chooser = random.Random(seed)
    found: list[GameState] = []
    for game in range(2):
        state = new_game(rules, (0, 1, 2, 3) if game % 2 == 0 else (0, 2), seed=seed * 1000 + game)
        while not state.over:
            actions = legal_actions(state)
            if len(actions) > 1 and chooser.random() < 0.2:
                found.append(state)
            state = apply(state, chooser.choice(actions)).state
    return found


def test_the_levels_are_the_bots_then_master() -> None:
    assert (*ENGINE_LEVELS, "master") == LEVELS
    state = new_game(CLASSIC, (0, 2), seed=1)
    with pytest.raises(ValueError, match="unknown AI level"):
        choose(state, "grandmaster")


@pytest.mark.parametrize("preset", ["classic", "twodice"])
def test_master_plays_a_legal_action_the_same_every_time(preset: str) -> None:
    states = sampled(Rules.preset(preset), seed=len(preset))
    assert len(states) > 10
    for state in states[:30]:
        action = choose(state, "master")
        assert action in legal_actions(state)
        assert choose(state, "master") == action


def test_a_capture_and_a_token_home_are_preferred() -> None:
    # Token 2 (step 5) captures green's token on square 8 (green step 47); token 1 would only advance.
    state = make_position(CLASSIC, {0: (30, 5, YARD, YARD), 1: (47, YARD, YARD, YARD)}, current=0, dice=(3,))
    assert choose(state, "master") == Move(1)
    state = make_position(CLASSIC, {0: (52, 10, YARD, YARD), 2: (YARD, YARD, YARD, YARD)}, current=0, dice=(4,))
    assert choose(state, "master") == Move(0)


def test_master_finishes_the_game_when_it_can() -> None:
    # Red's last token is 2 steps from home with a 2: finishing wins the game outright.
    state = make_position(CLASSIC, {0: (56, 56, 56, 54), 2: (30, 10, 40, YARD)}, current=0, dice=(2,))
    assert apply(state, choose(state, "master")).state.over


@pytest.mark.parametrize("preset", ["classic", "star", "strict", "twodice"])
def test_games_with_master_end(preset: str) -> None:
    levels = ("expert", "greedy", "random", "master")
    state = new_game(Rules.preset(preset), (0, 1, 2, 3), seed=11)
    for _ in range(20_000):
        if state.over:
            break
        state = apply(state, choose(state, levels[state.current])).state
    assert state.over


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted and result.failed == 0, f"{result.failed} of {result.attempted} failed in {name}"
