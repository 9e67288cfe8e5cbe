"""The learned value (`benchmarks.master.value`): its weights file loads, it gives each seat a chance (summing to 1,
certain at the end, the same every time), and master playing by it always chooses a legal action."""

from __future__ import annotations

import random

import pytest

from benchmarks.master.player import LEARNED, by_value
from benchmarks.master.value import INPUTS, Net, _all_weights, inputs, lines, net, trained, value
from ludo_bot.engine import GameState, Rules, apply, legal_actions, new_game
from ludo_bot.engine import position as make_position
from ludo_bot.engine.ai import choose

PRESETS = ("classic", "star", "strict", "twodice")


def some_net(seed: int = 3, hidden: int = 6) -> Net:
    """A small network with fixed random weights, for the presets that ship none."""
    rng = random.Random(seed)
    return Net({"linear": [rng.gauss(0, 1) for _ in range(INPUTS)],
                "hidden": [[rng.gauss(0, 0.3) for _ in range(INPUTS)] for _ in range(hidden)],
                "hidden_bias": [rng.gauss(0, 0.1) for _ in range(hidden)],
                "out": [rng.gauss(0, 1) for _ in range(hidden)]})


def model_for(preset: str) -> Net:
    return net(preset) or some_net()


def positions(preset: str, seats: tuple[int, ...], seed: int) -> list[GameState]:
    """Every position of a game played by the greedy level."""
    state = new_game(Rules.preset(preset), seats, seed)
    seen = [state]
    while not state.over:
        state = apply(state, choose(state, "greedy")).state
        seen.append(state)
    return seen


def test_the_weights_file_loads_with_the_networks_shape() -> None:
    weights = _all_weights()
    assert set(weights) <= set(PRESETS)
    assert set(weights) >= LEARNED
    for preset in weights:
        model = net(preset)
        assert model is not None and trained(Rules.preset(preset))
        assert len(model.linear) == INPUTS
        assert all(len(row) == INPUTS for row in model.hidden)
        assert len(model.hidden) == len(model.hidden_bias) == len(model.out) > 0
    assert not trained(Rules.preset("classic", enter_on=5))  # changed rules have no network


@pytest.mark.parametrize("preset", PRESETS)
def test_the_value_is_a_chance_per_seat_summing_to_one(preset: str) -> None:
    model = model_for(preset)
    for seats in ((0, 1, 2, 3), (0, 2)):
        for state in positions(preset, seats, seed=len(seats))[::9]:
            chances = value(state, model)
            assert sum(chances) == pytest.approx(1.0)
            assert all(0.0 <= c <= 1.0 for c in chances)
            assert all(chances[s] == 0.0 for s in range(4) if s not in seats)
            assert value(state, model) == chances  # deterministic


@pytest.mark.parametrize("preset", PRESETS)
def test_a_finished_game_is_certain_for_its_winner(preset: str) -> None:
    final = positions(preset, (0, 1, 2, 3), seed=5)[-1]
    assert final.over
    chances = value(final, model_for(preset))
    assert chances[final.ranking[0]] == 1.0


def test_inputs_are_seen_from_the_seat() -> None:
    rules = Rules.preset("classic")
    state = make_position(rules, {0: (10, -1, -1, -1), 1: (-1, -1, -1, -1), 2: (30, 30, -1, -1),
                                  3: (-1, -1, -1, -1)}, current=1)
    red, yellow = inputs(state, 0), inputs(state, 2)
    block = (INPUTS - 4) // 4
    assert red[:block] == yellow[2 * block:3 * block]  # red's own block is the one two seats on from yellow
    assert red[-4:] == [0.0, 1.0, 0.0, 0.0] and yellow[-4:] == [0.0, 0.0, 0.0, 1.0]  # green rolls next


@pytest.mark.parametrize("preset", PRESETS)
def test_master_by_the_value_chooses_a_legal_action(preset: str) -> None:
    model = model_for(preset)
    chooser = random.Random(7)
    state = new_game(Rules.preset(preset), (0, 1, 2, 3), seed=9)
    checked = 0
    while not state.over:
        actions = legal_actions(state)
        if len(actions) > 1 and chooser.random() < 0.3:
            action = by_value(state, model)
            assert action in actions
            assert by_value(state, model) == action
            checked += 1
        state = apply(state, chooser.choice(actions)).state
    assert checked > 5


def test_lines_follow_the_rest_of_a_two_dice_roll() -> None:
    rules = Rules.preset("twodice")
    state = make_position(rules, {0: (20, 3, -1, -1), 1: (13, -1, -1, -1)}, current=0, dice=(2, 5))
    found = lines(state)
    assert {action for action, _ in found} == set(legal_actions(state))
    assert all(after.over or after.phase == "roll" or after.current != 0 for _, after in found)
    assert len(found) > len(legal_actions(state))  # each die choice has several ways to play the other die
