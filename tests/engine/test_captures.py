"""Captures (rule 5), safe squares, and the star capture bonus (rule 6: at most one bonus per move)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from ludo_bot.engine import YARD, Event, Move, Rules, apply, legal_actions, position, roll_with
from ludo_bot.engine import events as ev

YARD4 = (YARD, YARD, YARD, YARD)


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


@pytest.mark.parametrize("preset", ["classic", "star", "strict"])
def test_landing_on_an_opponent_sends_it_to_its_yard(preset: str) -> None:
    # Seat 2's step 40 is square 14 (not safe in star); seat 0 moves from 11 to 14.
    state = position(Rules.preset(preset), {0: (11, YARD, YARD, YARD), 2: (40, 5, YARD, YARD)}, current=0, dice=(3,))
    after, events = apply(state, Move(0))
    assert after.tokens(0)[0] == 14
    assert after.tokens(2) == (YARD, 5, YARD, YARD)
    assert Event(ev.CAPTURED, 0, captured=(8,)) in events


@pytest.mark.parametrize("preset", ["classic", "strict"])
def test_capture_earns_no_bonus_roll_outside_star(preset: str) -> None:
    state = position(Rules.preset(preset), {0: (11, YARD, YARD, YARD), 2: (40, YARD, YARD, YARD)},
                     current=0, dice=(3,))
    after, events = apply(state, Move(0))
    assert kinds(events) == [ev.MOVED, ev.CAPTURED, ev.TURN_PASSED]
    assert (after.current, after.phase) == (2, "roll")


def test_star_capture_earns_a_bonus_roll() -> None:
    state = position(Rules.preset("star"), {0: (11, YARD, YARD, YARD), 2: (40, YARD, YARD, YARD)},
                     current=0, dice=(3,))
    after, events = apply(state, Move(0))
    assert kinds(events) == [ev.MOVED, ev.CAPTURED, ev.BONUS_ROLL]
    assert (after.current, after.phase) == (0, "roll")


def test_star_capture_with_a_six_earns_only_one_bonus_roll() -> None:
    state = position(Rules.preset("star"), {0: (8, YARD, YARD, YARD), 2: (40, YARD, YARD, YARD)},
                     current=0, dice=(6,))
    after, events = apply(state, Move(0))
    assert kinds(events).count(ev.BONUS_ROLL) == 1
    assert (after.current, after.phase, after.sixes) == (0, "roll", 1)
    # The single bonus roll is used up: a 2 now moves and passes the turn.
    state = position(Rules.preset("star"), {0: (14, YARD, YARD, YARD), 2: YARD4}, current=0, sixes=1, dice=(2,))
    assert apply(state, Move(0)).state.current == 2


def test_the_bonus_roll_after_a_capture_is_played_by_the_capturer() -> None:
    state = position(Rules.preset("star"), {0: (11, YARD, YARD, YARD), 2: (40, YARD, YARD, YARD)},
                     current=0, dice=(3,))
    after = apply(state, Move(0)).state
    rolled, events = roll_with(after, (2,))
    assert events[0] == Event(ev.ROLLED, 0, dice=(2,))
    assert legal_actions(rolled) == [Move(0)]


@pytest.mark.parametrize(("seat2_step", "square"), [
    (47, 21),  # the star 8 steps after seat 1's start
    (39, 13),  # seat 1's start square
])
def test_star_no_capture_on_a_safe_square_both_stay(seat2_step: int, square: int) -> None:
    mover_from = square - 3
    state = position(Rules.preset("star"), {0: (mover_from, YARD, YARD, YARD), 2: (seat2_step, YARD, YARD, YARD)},
                     current=0, dice=(3,))
    assert state.square_of(8) == square
    after, events = apply(state, Move(0))
    assert after.square_of(0) == square and after.square_of(8) == square
    assert ev.CAPTURED not in kinds(events)
    assert (after.current, after.phase) == (2, "roll")  # no capture, no bonus


def test_classic_has_no_safe_squares() -> None:
    # Square 21 is a star in the star preset, but classic captures there.
    state = position(Rules.preset("classic"), {0: (18, YARD, YARD, YARD), 2: (47, YARD, YARD, YARD)},
                     current=0, dice=(3,))
    after, events = apply(state, Move(0))
    assert after.tokens(2)[0] == YARD
    assert ev.CAPTURED in kinds(events)


def test_safe_offsets_override_protects_in_classic() -> None:
    rules = Rules.preset("classic", safe_offsets=(8,))
    state = position(rules, {0: (18, YARD, YARD, YARD), 2: (47, YARD, YARD, YARD)}, current=0, dice=(3,))
    after, events = apply(state, Move(0))
    assert after.tokens(2)[0] == 47
    assert ev.CAPTURED not in kinds(events)


def test_captures_use_absolute_squares_across_seats() -> None:
    # Seat 2 at step 30 reaches square 4, where seat 0's token (step 4) stands.
    state = position(Rules.preset("classic"), {0: (4, YARD, YARD, YARD), 2: (27, YARD, YARD, YARD)},
                     current=2, dice=(3,))
    after, events = apply(state, Move(0))
    assert after.tokens(0)[0] == YARD
    assert Event(ev.CAPTURED, 2, captured=(0,)) in events


def test_strict_capture_takes_the_whole_stack() -> None:
    # Seat 2 has three tokens on square 14: strict stacks have no effect, all three go.
    state = position(Rules.preset("strict"), {0: (11, YARD, YARD, YARD), 2: (40, 40, 40, 12)},
                     current=0, dice=(3,))
    after, events = apply(state, Move(0))
    assert after.tokens(2) == (YARD, YARD, YARD, 12)
    assert Event(ev.CAPTURED, 0, captured=(8, 9, 10)) in events


def test_twodice_single_token_is_captured() -> None:
    # Seat 1's step 10 is square 22; seat 0 moves 19 -> 22 with its 3.
    state = position(Rules.preset("twodice"), {0: (19, YARD, YARD, YARD), 1: (10, YARD, YARD, YARD)},
                     current=0, dice=(3, 1))
    state = apply(state, legal_actions(state)[1]).state  # play the 3 first
    after, events = apply(state, Move(0))
    assert after.tokens(1)[0] == YARD
    assert Event(ev.CAPTURED, 0, captured=(4,)) in events
    assert (after.current, after.phase, after.dice) == (0, "move", (1,))  # no capture bonus; the 1 is still to play


def test_a_captured_token_needs_a_six_to_come_back() -> None:
    state = position(Rules.preset("classic"), {0: (11, YARD, YARD, YARD), 2: (40, YARD, YARD, YARD)},
                     current=0, dice=(3,))
    after = apply(state, Move(0)).state
    victim_roll = roll_with(after, (5,)).state
    assert victim_roll.tokens(2) == YARD4 and victim_roll.current == 0
    victim_six = roll_with(after, (6,)).state
    assert legal_actions(victim_six) == [Move(0), Move(1), Move(2), Move(3)]
