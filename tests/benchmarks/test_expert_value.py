"""The experts' value V_E and master's look-ahead on it (`benchmarks.master`): chances over the seats in the game, a
won game certain, the look-ahead seeing a capture coming."""

from __future__ import annotations

import json

import pytest

from benchmarks.master.expert_value import WEIGHTS, expert_value, fitted
from benchmarks.master.lookahead import action_chances
from ludo_bot.engine import PRESETS, Move, Rules, apply, legal_actions, new_game, position
from ludo_bot.engine.ai import choose
from ludo_bot.engine.chances import FEATURES

FITTED = [p for p in PRESETS if fitted(Rules.preset(p))]


def test_the_weights_are_data_for_the_chances_features() -> None:
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    assert data["features"] == list(FEATURES)
    assert set(data["presets"]) <= set(PRESETS)
    assert all(len(weights) == len(FEATURES) for weights in data["presets"].values())
    assert FITTED, "no preset has an experts' value"


@pytest.mark.parametrize("preset", FITTED)
def test_the_value_is_a_chance_over_the_seats_in_the_game(preset: str) -> None:
    state = new_game(Rules.preset(preset), (0, 1, 2, 3), seed=3)
    for _ in range(300):
        if state.over:
            break
        if state.phase == "roll":
            chances = expert_value(state)
            assert sum(chances) == pytest.approx(1.0) and all(0.0 <= c <= 1.0 for c in chances)
        state = apply(state, choose(state, "expert")).state
    assert not fitted(Rules.preset(preset, turn_limit=20))  # rules changed: not what the value was fitted to


def test_the_value_rates_positions_before_a_roll_only() -> None:
    state = position(Rules.preset("classic"), {0: (10, -1, -1, -1), 2: (5, -1, -1, -1)}, current=0, dice=(3,))
    with pytest.raises(ValueError, match="before a roll"):
        expert_value(state)


def test_the_look_ahead_sees_the_game_won() -> None:
    state = position(Rules.preset("classic"), {0: (56, 56, 56, 54), 2: (30, 10, 40, -1)}, current=0, dice=(2,))
    assert action_chances(state, legal_actions(state)) == [1.0]


@pytest.mark.skipif("classic" not in FITTED, reason="no experts' value for classic")
def test_the_look_ahead_rates_a_capture_coming_lower() -> None:
    # Red's token on step 20 (square 20) with a 2: to square 22, three squares ahead of green's token on square 19
    # (green step 6), or its other token from step 40 to 42, out of anyone's reach.
    state = position(Rules.preset("classic"), {0: (20, 40, -1, -1), 1: (6, -1, -1, -1)}, current=0, dice=(2,))
    exposed, quiet = action_chances(state, [Move(0), Move(1)])
    assert exposed < quiet

