"""The computer players: always legal, deterministic, sensible in set-up positions, and games with them end."""

from __future__ import annotations

import random

import pytest

from ludo_bot.engine import YARD, ChooseDie, GameState, Move, MovePair, Rules, apply, from_text, legal_actions, new_game
from ludo_bot.engine import position as make_position
from ludo_bot.engine.ai import LEVELS, choose

YARD4 = (YARD, YARD, YARD, YARD)
CLASSIC = Rules.preset("classic")
RULE_SETS = {
    "classic": CLASSIC,
    "star": Rules.preset("star"),
    "strict": Rules.preset("strict"),
    "strict-4": Rules.preset("strict", end_path=4),
    "strict-2dice": Rules.preset("strict", dice=2),
    "twodice": Rules.preset("twodice"),
}


def sample_states(rules: Rules, games: int, seed: int) -> list[GameState]:
    """Positions with a real choice (two or more legal actions), reached by random play."""
    chooser = random.Random(seed)
    found: list[GameState] = []
    for game in range(games):
        seats = (0, 1, 2, 3) if game % 2 == 0 else (0, 2)
        state = new_game(rules, seats, seed=seed * 1000 + game)
        while not state.over:
            actions = legal_actions(state)
            if len(actions) > 1 and chooser.random() < 0.35:
                found.append(state)
            state = apply(state, chooser.choice(actions)).state
    return found


@pytest.fixture(scope="module", params=sorted(RULE_SETS))
def states(request: pytest.FixtureRequest) -> tuple[str, list[GameState]]:
    name: str = request.param
    return name, sample_states(RULE_SETS[name], games=3, seed=len(name))


def test_levels_are_listed() -> None:
    assert LEVELS == ("random", "greedy", "expert")


def test_an_unknown_level_is_refused() -> None:
    state = new_game(CLASSIC, (0, 2), seed=1)
    with pytest.raises(ValueError, match="unknown AI level"):
        choose(state, "grandmaster")


def test_a_single_legal_action_is_returned_at_once() -> None:
    state = new_game(CLASSIC, (0, 2), seed=1)
    for level in LEVELS:
        assert choose(state, level) == legal_actions(state)[0]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_legal_action(states: tuple[str, list[GameState]], level: str) -> None:
    name, sampled = states
    assert len(sampled) > 30
    for state in sampled:
        assert choose(state, level) in legal_actions(state), f"{name}: {level} played an illegal action"


def test_the_samples_cover_die_choices_and_pairs(states: tuple[str, list[GameState]]) -> None:
    name, sampled = states
    kinds = {type(a) for state in sampled for a in legal_actions(state)}
    if RULE_SETS[name].dice == 2:
        assert ChooseDie in kinds
    if RULE_SETS[name].pair_moves:
        assert MovePair in kinds


@pytest.mark.parametrize("level", LEVELS)
def test_choices_are_deterministic(states: tuple[str, list[GameState]], level: str) -> None:
    _, sampled = states
    for state in sampled[:40]:
        first = choose(state, level)
        assert choose(state, level) == first
        assert choose(from_text_round_trip(state), level) == first


def from_text_round_trip(state: GameState) -> GameState:
    from ludo_bot.engine import to_text

    copy = from_text(to_text(state))
    assert copy == state
    return copy


def test_random_varies_with_the_game() -> None:
    rules = Rules.preset("classic")
    picks = set()
    for seed in range(30):
        state = make_position(rules, {0: (5, 20, 30, 40), 2: YARD4}, current=0, dice=(3,), seed=seed)
        picks.add(choose(state, "random"))
    assert len(picks) > 1


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_a_capture_is_preferred(level: str) -> None:
    # Token 2 (step 5) captures green's token on square 8 (green step 47); token 1 would only advance.
    state = make_position(CLASSIC, {0: (30, 5, YARD, YARD), 1: (47, YARD, YARD, YARD)}, current=0, dice=(3,))
    assert set(legal_actions(state)) == {Move(0), Move(1)}
    assert choose(state, level) == Move(1)


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_bringing_a_token_home_is_preferred(level: str) -> None:
    state = make_position(CLASSIC, {0: (52, 10, YARD, YARD), 2: (YARD, YARD, YARD, YARD)}, current=0, dice=(4,))
    assert choose(state, level) == Move(0)
    after = apply(state, Move(0)).state
    assert after.tokens(0)[0] == CLASSIC.finish_step


def test_greedy_prefers_a_capture_with_two_dice() -> None:
    rules = Rules.preset("twodice")
    # Seat 0 rolls 2 and 5: token 1 (step 20) captures green's token on square 25 (green step 13) with the 5.
    state = make_position(rules, {0: (20, 3, YARD, YARD), 1: (13, YARD, YARD, YARD)}, current=0, dice=(2, 5))
    assert state.phase == "choose"
    action = choose(state, "greedy")
    assert action == ChooseDie(5)
    state = apply(state, action).state
    assert choose(state, "greedy") == Move(0)


def test_expert_does_not_step_into_obvious_danger() -> None:
    # Token 1 (step 40) could advance to square 43, one square ahead of green's token on square 42;
    # token 2 (step 5) can advance to square 8 with no opponent behind it.
    state = make_position(CLASSIC, {0: (40, 5, YARD, YARD), 1: (29, YARD, YARD, YARD)}, current=0, dice=(3,))
    assert choose(state, "expert") == Move(1)


def test_expert_escapes_a_threat() -> None:
    # Token 1 on square 30 stands two squares ahead of green's token on square 28 (green step 15);
    # a 5 takes it out of reach, while token 2 (step 3) is in no danger where it stands.
    state = make_position(CLASSIC, {0: (30, 3, YARD, YARD), 1: (15, YARD, YARD, YARD)}, current=0, dice=(5,))
    assert choose(state, "expert") == Move(0)


@pytest.mark.parametrize("preset", ["classic", "star", "strict", "twodice"])
def test_games_between_the_levels_end(preset: str) -> None:
    levels = ("expert", "greedy", "random", "expert")
    state = new_game(Rules.preset(preset), (0, 1, 2, 3), seed=11)
    for _ in range(20_000):
        if state.over:
            break
        state = apply(state, choose(state, levels[state.current])).state
    assert state.over


def test_expert_counts_the_next_rolls_gain_and_a_capture_in_reach() -> None:
    from ludo_bot.engine.features import board_of, feature_tables, potential

    tb = feature_tables(CLASSIC)
    alone = make_position(CLASSIC, {0: (10, YARD, YARD, YARD), 2: YARD4}, current=0).steps
    # Green's token on square 13 (green step 0) stands three squares ahead of red's token (step 10).
    prey = make_position(CLASSIC, {0: (10, YARD, YARD, YARD), 1: (0, YARD, YARD, YARD)}, current=0).steps
    gain = potential(tb, alone, board_of(tb, alone), 0)
    assert gain > 3.5  # at least a step per pip on average
    assert potential(tb, prey, board_of(tb, prey), 0) > gain
    # Entering is not a gain of the next roll: tokens in the yard are no reserve.
    yard = make_position(CLASSIC, {0: YARD4, 2: YARD4}, current=0).steps
    assert potential(tb, yard, board_of(tb, yard), 0) == 0.0

