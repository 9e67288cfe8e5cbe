"""Leaving and skipping (rule 9 and turn deadlines): Resign removes a player's tokens and the game goes on
while two players remain; Skip ends the current turn."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from ludo_bot.engine import (
    YARD,
    Event,
    IllegalAction,
    Move,
    Resign,
    Rules,
    Skip,
    apply,
    legal_actions,
    position,
    roll_with,
)
from ludo_bot.engine import events as ev

YARD4 = (YARD, YARD, YARD, YARD)


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def three_players() -> dict[int, tuple[int, ...]]:
    return {0: (10, 56, YARD, YARD), 1: (20, 25, YARD, YARD), 2: (30, YARD, YARD, YARD)}


def test_skip_and_resign_are_never_listed() -> None:
    state = position(Rules.preset("classic"), three_players(), current=0)
    assert Skip() not in legal_actions(state)
    rolled = roll_with(state, (3,)).state
    actions = legal_actions(rolled)
    assert actions and all(not isinstance(a, Skip | Resign) for a in actions)


@pytest.mark.parametrize("dice", [(), (6,)])
def test_skip_ends_the_turn(dice: tuple[int, ...]) -> None:
    state = position(Rules.preset("classic"), three_players(), current=0, dice=dice, sixes=1 if dice else 0)
    after, events = apply(state, Skip())
    assert kinds(events) == [ev.SKIPPED, ev.TURN_PASSED]
    assert events[0].seat == 0 and events[1].seat == 1
    assert (after.current, after.phase, after.dice, after.sixes) == (1, "roll", (), 0)
    assert after.steps == state.steps  # nothing moved, even with a 6 in hand
    assert after.turns[0] == state.turns[0] + 1


def test_a_skipped_turn_counts_towards_the_star_turn_limit() -> None:
    state = position(Rules.preset("star"), three_players(), current=0, turns={0: 49})
    after, events = apply(state, Skip())
    assert kinds(events) == [ev.SKIPPED, ev.OUT_OF_TURNS, ev.TURN_PASSED]
    assert after.out == (0,)


def test_the_current_player_resigning_passes_the_turn_and_the_game_goes_on() -> None:
    state = position(Rules.preset("classic"), three_players(), current=0, dice=(3,))
    after, events = apply(state, Resign(0))
    assert kinds(events) == [ev.RESIGNED, ev.TURN_PASSED]
    assert after.tokens(0) == YARD4  # every token removed, the one at home too
    assert after.resigned == (0,) and not after.over
    assert (after.current, after.phase) == (1, "roll")
    after = apply(roll_with(after, (1,)).state, Move(0)).state
    after = apply(roll_with(after, (1,)).state, Move(0)).state
    assert after.current == 1  # seat 0 no longer plays


def test_another_player_resigning_leaves_the_turn_alone() -> None:
    state = position(Rules.preset("classic"), three_players(), current=0, dice=(3,))
    after, events = apply(state, Resign(2))
    assert kinds(events) == [ev.RESIGNED]
    assert after.tokens(2) == YARD4
    assert (after.current, after.phase, after.dice) == (0, "move", (3,))
    after = apply(after, Move(0)).state
    assert after.current == 1
    after = apply(roll_with(after, (1,)).state, Move(0)).state
    assert after.current == 0  # seat 2 is skipped


def test_resigning_down_to_one_player_ends_the_game() -> None:
    state = position(Rules.preset("classic"), three_players(), current=0)
    state = apply(state, Resign(1)).state
    after, events = apply(state, Resign(0))
    assert kinds(events) == [ev.RESIGNED, ev.GAME_OVER]
    assert events[-1] == Event(ev.GAME_OVER, 2)
    assert after.over and after.ranking == (2, 0, 1)  # the latest to leave ranks above the earlier


def test_star_resigned_player_ranks_last_whatever_the_score() -> None:
    tokens = {0: (10, YARD, YARD, YARD), 2: (12, YARD, YARD, YARD)}
    state = position(Rules.preset("star"), tokens, current=0, scores={0: 900, 2: 10})
    after, events = apply(state, Resign(0))
    assert after.over and after.ranking == (2, 0)
    assert events[-1] == Event(ev.GAME_OVER, 2)


def test_a_resigned_players_block_no_longer_blocks() -> None:
    tokens = {0: (15, 15, YARD, YARD), 1: (0, YARD, YARD, YARD), 2: (30, YARD, YARD, YARD)}
    state = position(Rules.preset("star"), tokens, current=1)
    assert roll_with(state, (5,)).state.current == 2  # the red block on square 15 stops seat 1
    state = apply(state, Resign(0)).state
    state = roll_with(state, (5,)).state
    assert legal_actions(state) == [Move(0)]


@pytest.mark.parametrize("seat", [3, 0])
def test_only_a_playing_seat_may_resign(seat: int) -> None:
    tokens = {0: (56, 56, 56, 56), 1: (10, YARD, YARD, YARD), 2: (30, YARD, YARD, YARD)}
    state = position(Rules.preset("classic", game_end="all"), tokens, current=1, finished=(0,))
    with pytest.raises(IllegalAction, match=f"seat {seat} is not playing"):
        apply(state, Resign(seat))


def test_resigning_twice_is_refused() -> None:
    state = apply(position(Rules.preset("classic"), three_players(), current=0), Resign(2)).state
    with pytest.raises(IllegalAction, match="seat 2 is not playing"):
        apply(state, Resign(2))
