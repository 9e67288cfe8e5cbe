"""Win chances: a probability per seat, certain at the end, sensible in clear positions, and as good as stated."""

from __future__ import annotations

import random

import pytest

from ludo_bot.engine import YARD, GameState, Rules, apply, legal_actions, new_game
from ludo_bot.engine import position as make_position
from ludo_bot.engine.ai import choose
from ludo_bot.engine.chances import (
    CHANCE_ERROR,
    CHANCE_ERRORS,
    FEATURES,
    WEIGHTS,
    best_child,
    rollout_chances,
    win_chances,
)

YARD4 = (YARD, YARD, YARD, YARD)
PRESETS = ("classic", "star", "strict", "twodice")


def played_positions(rules: Rules, seats: tuple[int, ...], seed: int) -> list[GameState]:
    """Every position of a game played by the greedy level."""
    state = new_game(rules, seats, seed)
    seen = [state]
    while not state.over:
        state = apply(state, choose(state, "greedy")).state
        seen.append(state)
    return seen


@pytest.mark.parametrize("preset", PRESETS)
def test_chances_are_probabilities_over_the_seats_in_the_game(preset: str) -> None:
    for seats in ((0, 1, 2, 3), (0, 1, 3), (0, 2)):
        positions = played_positions(Rules.preset(preset), seats, seed=len(seats))
        for state in positions[::7]:
            chances = win_chances(state)
            assert sum(chances) == pytest.approx(1.0)
            assert all(0.0 <= c <= 1.0 for c in chances)
            assert all(chances[s] == 0.0 for s in range(4) if s not in seats)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_finished_game_is_certain(preset: str) -> None:
    final = played_positions(Rules.preset(preset), (0, 1, 2, 3), seed=5)[-1]
    assert final.over
    chances = win_chances(final)
    assert chances[final.ranking[0]] == 1.0
    assert sum(chances) == 1.0


def test_every_preset_has_fitted_weights_and_a_stated_error() -> None:
    assert set(WEIGHTS) == set(PRESETS) == set(CHANCE_ERRORS)
    assert max(CHANCE_ERRORS.values()) >= CHANCE_ERROR >= min(CHANCE_ERRORS.values())
    assert all(len(row) == len(FEATURES) and any(row) for row in WEIGHTS.values())


@pytest.mark.parametrize("preset", ["classic", "strict", "twodice"])
def test_a_seat_nearly_home_is_far_ahead(preset: str) -> None:
    rules = Rules.preset(preset)
    finish = rules.finish_step
    state = make_position(rules, {0: (finish, finish, finish, finish - 2), 1: (10, YARD, YARD, YARD),
                                  2: (20, 5, YARD, YARD), 3: YARD4}, current=1)
    chances = win_chances(state)
    assert chances[0] > 0.8
    assert chances[0] > 5 * max(chances[1:])


def test_the_leader_of_a_race_is_ahead_and_more_so_nearer_the_end() -> None:
    rules = Rules.preset("classic")
    early = make_position(rules, {0: (20, YARD, YARD, YARD), 2: (10, YARD, YARD, YARD)}, current=2)
    late = make_position(rules, {0: (56, 56, 56, 40), 2: (56, 56, 56, 30)}, current=2)
    assert 0.5 < win_chances(early)[0] < win_chances(late)[0]


def test_a_rolled_position_is_worth_its_movers_best_move() -> None:
    rules = Rules.preset("classic")
    state = make_position(rules, {0: (30, 5, YARD, YARD), 1: (47, YARD, YARD, YARD)}, current=0, dice=(3,))
    _, chances = best_child(state)
    assert chances == win_chances(state)
    assert all(win_chances(apply(state, a).state)[0] <= chances[0] for a in legal_actions(state))


def test_teams_give_both_partners_the_teams_chance() -> None:
    rules = Rules.preset("classic", teams=True)
    state = new_game(rules, (0, 1, 2, 3), seed=3)
    for _ in range(60):
        state = apply(state, choose(state, "greedy")).state
    chances = win_chances(state)
    assert chances[0] == chances[2] and chances[1] == chances[3]
    assert chances[0] + chances[1] == pytest.approx(1.0)


def test_rollouts_are_deterministic_and_use_their_own_dice() -> None:
    rules = Rules.preset("classic")
    state = make_position(rules, {0: (56, 56, 50, 40), 2: (56, 56, 45, 44)}, current=0)
    first = rollout_chances(state, 40, seed=1)
    assert rollout_chances(state, 40, seed=1) == first
    assert rollout_chances(state, 40, seed=2) != first
    shares, half_width = first
    assert sum(shares) == pytest.approx(1.0) and 0.1 < half_width < 0.2


@pytest.mark.parametrize("preset", PRESETS)
def test_learned_chances_agree_with_rollouts_within_the_stated_error(preset: str) -> None:
    # Positions late in a game, where rollouts are short; each check allows the stated error plus the rollouts' own.
    rules = Rules.preset(preset)
    chooser = random.Random(preset)
    positions = [s for s in played_positions(rules, (0, 1, 2, 3), seed=21) if s.phase == "roll" and not s.over]
    for state in chooser.sample(positions[len(positions) * 2 // 3:], 2):
        shares, half_width = rollout_chances(state, 150, seed=0)
        learned = win_chances(state)
        allowed = CHANCE_ERRORS[preset] / 100 + half_width
        for seat in state.seats:
            assert abs(learned[seat] - shares[seat]) <= allowed, (seat, learned, shares)
