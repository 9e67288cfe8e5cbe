"""The turn-order roll (rule 7): highest first, ties re-rolled among the tied; clockwise or by roll;
and play going round the order."""

from __future__ import annotations

import itertools

import pytest

from ludo_bot.engine import YARD, Move, Rules, apply, legal_actions, new_game, position, roll_with
from ludo_bot.engine.dice import dice
from ludo_bot.engine.state import GameState

YARD4 = (YARD, YARD, YARD, YARD)
SEATINGS = [(0, 2), (0, 1, 2), (0, 1, 2, 3), (1, 3), (0, 1, 3)]


def top_tied(round_: tuple[tuple[int, int], ...]) -> list[int]:
    best = max(v for _, v in round_)
    return [s for s, v in round_ if v == best]


def seeds_where(seats: tuple[int, ...], preset: str, wanted: int = 3) -> list[GameState]:
    """New games (seed 0 up) whose first turn-order round ties for the highest roll."""
    found = []
    for seed in range(500):
        state = new_game(Rules.preset(preset), seats, seed)
        if len(top_tied(state.order_rolls[0])) > 1:
            found.append(state)
            if len(found) == wanted:
                break
    assert len(found) == wanted
    return found


@pytest.mark.parametrize("seats", SEATINGS)
def test_every_player_rolls_one_die_in_the_first_round(seats: tuple[int, ...]) -> None:
    for seed in range(20):
        state = new_game(Rules.preset("classic"), seats, seed)
        assert [s for s, _ in state.order_rolls[0]] == list(seats)
        assert state.current == state.order[0]
        assert sorted(state.order) == list(seats)


@pytest.mark.parametrize("seats", SEATINGS)
def test_turn_order_rolls_are_the_games_own_dice(seats: tuple[int, ...]) -> None:
    state = new_game(Rules.preset("strict"), seats, seed=8)
    values = tuple(v for round_ in state.order_rolls for _, v in round_)
    assert values == dice(8, 0, len(values))
    assert state.rolls == len(values)  # the first move roll uses the next die
    assert new_game(Rules.preset("strict"), seats, seed=8) == state


@pytest.mark.parametrize("seats", SEATINGS)
def test_clockwise_highest_roll_goes_first_then_clockwise(seats: tuple[int, ...]) -> None:
    for seed in range(60):
        state = new_game(Rules.preset("classic"), seats, seed)
        first = state.order[0]
        i = seats.index(first)
        assert state.order == seats[i:] + seats[:i]
        # The first player won the last round and had the highest roll in every round they rolled.
        for round_ in state.order_rolls:
            assert first in top_tied(round_)
        assert top_tied(state.order_rolls[-1]) == [first]


@pytest.mark.parametrize("seats", [(0, 2), (0, 1, 2, 3)])
def test_clockwise_ties_for_the_highest_are_rolled_again_among_the_tied(seats: tuple[int, ...]) -> None:
    for state in seeds_where(seats, "classic"):
        rounds = state.order_rolls
        assert len(rounds) >= 2
        for earlier, later in itertools.pairwise(rounds):
            # Only the players tied for the highest roll again.
            assert [s for s, _ in later] == top_tied(earlier)
        assert len(top_tied(rounds[-1])) == 1
        assert state.order[0] == top_tied(rounds[-1])[0] == state.current


def test_clockwise_lower_ties_are_not_rolled_again() -> None:
    for seed in range(200):
        state = new_game(Rules.preset("classic"), (0, 1, 2, 3), seed)
        first_round = state.order_rolls[0]
        values = [v for _, v in first_round]
        if len(top_tied(first_round)) == 1 and len(set(values)) < 4:
            assert len(state.order_rolls) == 1
            return
    pytest.fail("no seed with a tie below the highest roll")


def test_a_known_tie_seed_two_players() -> None:
    # Seed 8, seats 0 and 2: both roll 2; then 2 against 3: seat 2 starts.
    state = new_game(Rules.preset("classic"), (0, 2), seed=8)
    assert state.order_rolls == (((0, 2), (2, 2)), ((0, 2), (2, 3)))
    assert state.order == (2, 0) and state.current == 2


def precedes_by_roll(state: GameState, a: int, b: int) -> bool:
    """a goes before b when a rolled higher in the last round both rolled in."""
    common = [dict(r) for r in state.order_rolls if a in dict(r) and b in dict(r)]
    last = common[-1]
    assert last[a] != last[b]
    return last[a] > last[b]


@pytest.mark.parametrize("seats", [(0, 2), (0, 1, 2), (0, 1, 2, 3)])
def test_strict_by_roll_gives_the_whole_order_from_the_rolls(seats: tuple[int, ...]) -> None:
    for seed in range(80):
        state = new_game(Rules.preset("strict"), seats, seed)
        order = state.order
        for i, a in enumerate(order):
            for b in order[i + 1:]:
                assert precedes_by_roll(state, a, b), (seed, state.order_rolls, order)
        # Every re-roll round is between players who tied in an earlier round.
        for k, round_ in enumerate(state.order_rolls[1:], start=1):
            group = [s for s, _ in round_]
            assert len(group) >= 2
            assert any(len({dict(r)[s] for s in group}) == 1 for r in state.order_rolls[:k]
                       if set(group) <= set(dict(r)))


def test_strict_known_seed_with_ties_at_two_levels() -> None:
    # Seed 8: 2,2,2,3 -> seat 3 first; seats 0, 1, 2 roll again: 6,2,6; seats 0 and 2 again: 4,6.
    state = new_game(Rules.preset("strict"), (0, 1, 2, 3), seed=8)
    assert state.order_rolls == (((0, 2), (1, 2), (2, 2), (3, 3)), ((0, 6), (1, 2), (2, 6)), ((0, 4), (2, 6)))
    assert state.order == (3, 2, 0, 1)
    # Clockwise rules with the same dice: seat 3 first, then clockwise, and no re-roll below the top.
    classic = new_game(Rules.preset("classic"), (0, 1, 2, 3), seed=8)
    assert classic.order == (3, 0, 1, 2) and len(classic.order_rolls) == 1


def test_play_follows_the_turn_order() -> None:
    state = new_game(Rules.preset("strict"), (0, 1, 2, 3), seed=8)
    seen = [state.current]
    for _ in range(3):
        state = roll_with(state, (2,)).state  # all in the yard: the turn passes
        seen.append(state.current)
    assert seen == [3, 2, 0, 1]
    state = roll_with(state, (2,)).state
    assert state.current == 3


def test_turn_passes_clockwise_over_the_seats_in_the_game() -> None:
    state = position(Rules.preset("classic"), {1: (5, YARD, YARD, YARD), 3: YARD4}, current=1, dice=(2,))
    assert legal_actions(state) == [Move(0)]
    after = apply(state, Move(0)).state
    assert after.current == 3
    after = roll_with(after, (4,)).state
    assert after.current == 1
