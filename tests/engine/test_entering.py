"""Leaving the yard (rules 1, 2, 4): only with a 6, onto the start square, and what blocks it."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from ludo_bot.engine import (
    YARD,
    Event,
    IllegalAction,
    Move,
    Roll,
    Rules,
    apply,
    legal_actions,
    new_game,
    position,
    roll_with,
)
from ludo_bot.engine import events as ev
from ludo_bot.engine.board import Board, Refusal, explain

YARD4 = (YARD, YARD, YARD, YARD)


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


@pytest.mark.parametrize("preset", ["classic", "star", "strict"])
def test_new_game_has_every_token_in_the_yard(preset: str) -> None:
    state = new_game(Rules.preset(preset), (0, 1, 2, 3), seed=5)
    assert state.steps == (YARD,) * 16
    assert legal_actions(state) == [Roll()]


@pytest.mark.parametrize("preset", ["classic", "star", "strict"])
def test_a_six_with_every_token_in_the_yard_enters_any_of_them(preset: str) -> None:
    state = position(Rules.preset(preset), {0: YARD4, 2: YARD4}, current=0, dice=(6,))
    assert state.phase == "move"
    assert legal_actions(state) == [Move(0), Move(1), Move(2), Move(3)]
    after, events = apply(state, Move(2))
    assert after.tokens(0) == (YARD, YARD, 0, YARD)
    entered = [e for e in events if e.kind == ev.ENTERED]
    assert entered == [Event(ev.ENTERED, 0, token=2, start=YARD, end=0)]
    # The entered token sits on the start square: absolute square 0 for seat 0.
    assert after.square_of(2) == 0


@pytest.mark.parametrize(("preset", "next_seat", "phase"), [
    ("classic", 0, "roll"),   # bonus roll on the 6
    ("star", 0, "roll"),
    ("strict", 2, "roll"),    # no bonus roll in strict
])
def test_who_acts_after_entering_with_a_six(preset: str, next_seat: int, phase: str) -> None:
    state = position(Rules.preset(preset), {0: YARD4, 2: YARD4}, current=0, dice=(6,))
    after, events = apply(state, Move(0))
    assert (after.current, after.phase) == (next_seat, phase)
    if next_seat == 0:
        assert kinds(events)[-1] == ev.BONUS_ROLL
    else:
        assert kinds(events)[-1] == ev.TURN_PASSED


def test_the_start_square_is_per_seat() -> None:
    state = position(Rules.preset("classic"), {0: YARD4, 1: YARD4, 3: YARD4}, current=3, dice=(6,))
    after = apply(state, Move(0)).state
    assert after.tokens(3)[0] == 0
    assert after.square_of(12) == 39
    twodice = position(Rules.preset("twodice"), {0: YARD4, 1: YARD4}, current=1, dice=(6, 1))
    after = apply(twodice, Move(0)).state
    assert after.square_of(4) == 12


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("preset", ["classic", "star", "strict"])
def test_all_in_yard_without_a_six_passes_the_turn(preset: str, die: int) -> None:
    state = position(Rules.preset(preset), {0: YARD4, 1: YARD4, 2: YARD4}, current=1, dice=(die,))
    assert state.steps == (YARD,) * 16
    assert (state.current, state.phase) == (2, "roll")
    assert state.rolled == (die,)


def test_all_in_yard_without_a_six_forfeits_the_die_and_passes() -> None:
    state = position(Rules.preset("classic"), {0: YARD4, 2: YARD4}, current=0)
    after, events = roll_with(state, (4,))
    assert kinds(events) == [ev.ROLLED, ev.DIE_FORFEITED, ev.TURN_PASSED]
    assert events[1].dice == (4,)
    assert events[-1].seat == 2 and after.current == 2


def test_entering_needs_a_six_even_with_a_token_in_play() -> None:
    state = position(Rules.preset("classic"), {0: (10, YARD, YARD, YARD), 2: YARD4}, current=0, dice=(5,))
    assert legal_actions(state) == [Move(0)]
    with pytest.raises(IllegalAction, match="token 2 needs a 6 to enter"):
        apply(state, Move(1))


def test_a_six_may_enter_or_move_a_token_in_play() -> None:
    state = position(Rules.preset("classic"), {0: (10, YARD, 56, YARD), 2: YARD4}, current=0, dice=(6,))
    assert legal_actions(state) == [Move(0), Move(1), Move(3)]
    moved = apply(state, Move(0)).state
    assert moved.tokens(0) == (16, YARD, 56, YARD)
    entered = apply(state, Move(3)).state
    assert entered.tokens(0) == (10, YARD, 56, 0)


def test_enter_on_option_changes_the_entering_value() -> None:
    rules = Rules.preset("classic", enter_on=1)
    state = position(rules, {0: YARD4, 2: YARD4}, current=0, dice=(1,))
    assert legal_actions(state) == [Move(0), Move(1), Move(2), Move(3)]
    six = position(rules, {0: YARD4, 2: YARD4}, current=0, dice=(6,))
    assert six.phase == "roll" and six.current == 0  # no move, but the 6 still earns the bonus roll


def test_entering_captures_an_opponent_on_the_start_square_in_classic() -> None:
    # Seat 2's token at step 26 stands on square 0, seat 0's start square.
    state = position(Rules.preset("classic"), {0: YARD4, 2: (26, YARD, YARD, YARD)}, current=0, dice=(6,))
    after, events = apply(state, Move(0))
    assert after.tokens(0)[0] == 0
    assert after.tokens(2) == YARD4
    assert Event(ev.CAPTURED, 0, captured=(8,)) in events


def test_entering_on_a_safe_start_square_shares_it_in_star() -> None:
    state = position(Rules.preset("star"), {0: YARD4, 2: (26, YARD, YARD, YARD)}, current=0, dice=(6,))
    after, events = apply(state, Move(0))
    assert after.tokens(0)[0] == 0 and after.tokens(2)[0] == 26
    assert ev.CAPTURED not in kinds(events)


def test_classic_cannot_enter_onto_its_own_token_on_the_start_square() -> None:
    state = position(Rules.preset("classic"), {0: (0, YARD, YARD, YARD), 2: YARD4}, current=0, dice=(6,))
    assert legal_actions(state) == [Move(0)]
    with pytest.raises(IllegalAction, match="cannot end on a square you already hold"):
        apply(state, Move(1))


@pytest.mark.parametrize("preset", ["star", "strict", "twodice"])
def test_entering_onto_own_token_is_allowed_where_stacking_is(preset: str) -> None:
    dice = (6, 6) if preset == "twodice" else (6,)
    state = position(Rules.preset(preset), {0: (0, YARD, YARD, YARD), 2: YARD4}, current=0, dice=dice)
    assert Move(1) in legal_actions(state)
    after = apply(state, Move(1)).state
    assert after.tokens(0)[:2] == (0, 0)


def test_star_opponent_block_on_the_start_square_stops_entering() -> None:
    # Seat 0's tokens at step 13 stand on square 13, seat 1's start square (a safe square).
    state = position(Rules.preset("star"), {0: (13, 13, YARD, YARD), 1: YARD4}, current=1)
    after, events = roll_with(state, (6,))
    assert kinds(events) == [ev.ROLLED, ev.DIE_FORFEITED, ev.BONUS_ROLL]
    assert after.tokens(1) == YARD4
    assert (after.current, after.phase) == (1, "roll")


def test_star_single_opponent_token_on_the_start_square_does_not_stop_entering() -> None:
    state = position(Rules.preset("star"), {0: (13, YARD, YARD, YARD), 1: YARD4}, current=1, dice=(6,))
    assert legal_actions(state) == [Move(0), Move(1), Move(2), Move(3)]


def test_twodice_opponent_block_on_the_start_square_stops_entering() -> None:
    # Seat 0's tokens at step 12 stand on square 12, seat 1's start square.
    state = position(Rules.preset("twodice"), {0: (12, 12, YARD, YARD), 1: YARD4}, current=1)
    after, events = roll_with(state, (6, 3))
    assert kinds(events) == [ev.ROLLED, ev.DIE_FORFEITED, ev.DIE_FORFEITED, ev.BONUS_ROLL]
    assert after.tokens(1) == YARD4
    assert (after.current, after.phase) == (1, "roll")
    refusal = Board(after).single(4, 6)
    assert isinstance(refusal, Refusal)
    assert explain(refusal, "token 1") == "token 1 cannot land on the red block"


def test_strict_stack_on_the_start_square_does_not_stop_entering_and_is_captured() -> None:
    state = position(Rules.preset("strict"), {0: (13, 13, YARD, YARD), 1: YARD4}, current=1, dice=(6,))
    after, events = apply(state, Move(0))
    assert after.tokens(0) == YARD4
    assert Event(ev.CAPTURED, 1, captured=(0, 1)) in events


def test_twodice_entering_captures_a_single_opponent_on_the_start_square() -> None:
    # Seat 0's token at step 12 stands on square 12, seat 1's start square (no safe squares in twodice).
    state = position(Rules.preset("twodice"), {0: (12, YARD, YARD, YARD), 1: YARD4}, current=1, dice=(6, 2))
    after, events = apply(state, Move(0))
    assert after.tokens(0) == YARD4 and after.tokens(1)[0] == 0
    assert Event(ev.CAPTURED, 1, captured=(0,)) in events
    assert (after.phase, after.dice) == ("move", (2,))


def test_star_entering_onto_a_stack_of_three_shares_the_safe_start_square() -> None:
    # Reading of the engine: entering is a single token landing, so the star exception for stacks of three
    # applies; the start square is safe, so nothing is captured and the colours share it.
    state = position(Rules.preset("star"), {0: (13, 13, 13, YARD), 1: YARD4}, current=1, dice=(6,))
    assert legal_actions(state) == [Move(0), Move(1), Move(2), Move(3)]
    after, events = apply(state, Move(0))
    assert after.tokens(0) == (13, 13, 13, YARD) and after.tokens(1)[0] == 0
    assert ev.CAPTURED not in kinds(events)
