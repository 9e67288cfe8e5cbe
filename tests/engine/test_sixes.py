"""Sixes (rule 6 and the options table): the bonus roll per preset, the third six, the six counter."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from ludo_bot.engine import YARD, Event, Move, Rules, apply, legal_actions, position, roll_with
from ludo_bot.engine import events as ev
from ludo_bot.engine.state import GameState

YARD4 = (YARD, YARD, YARD, YARD)


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def six_dice(rules: Rules, other: int = 1) -> tuple[int, ...]:
    return (6, other) if rules.dice == 2 else (6,)


def play_all(state: GameState, token: int) -> tuple[GameState, list[Event]]:
    """Play every die in hand with `token` (choosing dice in the order listed)."""
    events: list[Event] = []
    while state.phase in ("choose", "move") and state.current == 0:
        actions = legal_actions(state)
        action = Move(token) if Move(token) in actions else actions[0]
        state, more = apply(state, action)
        events.extend(more)
    return state, events


@pytest.mark.parametrize(("preset", "bonus"), [("classic", True), ("star", True), ("strict", False),
                                               ("twodice", True)])
def test_bonus_roll_on_a_six_per_preset(preset: str, bonus: bool) -> None:
    rules = Rules.preset(preset)
    state = position(rules, {0: (10, YARD, YARD, YARD), 1: YARD4}, current=0, dice=six_dice(rules))
    after, events = play_all(state, 0)
    assert after.tokens(0)[0] == 10 + sum(six_dice(rules))
    if bonus:
        assert kinds(events)[-1] == ev.BONUS_ROLL
        assert (after.current, after.phase) == (0, "roll")
    else:
        assert kinds(events)[-1] == ev.TURN_PASSED
        assert (after.current, after.phase) == (1, "roll")


def test_twodice_a_six_on_either_die_earns_the_bonus() -> None:
    rules = Rules.preset("twodice")
    for dice in ((2, 6), (6, 2), (6, 6)):
        state = position(rules, {0: (10, 20, YARD, YARD), 1: YARD4}, current=0, dice=dice)
        after, events = play_all(state, 0)
        assert kinds(events).count(ev.BONUS_ROLL) == 1, dice
        assert after.current == 0
    state = position(rules, {0: (10, 20, YARD, YARD), 1: YARD4}, current=0, dice=(2, 5))
    assert play_all(state, 0)[0].current == 1


def test_no_bonus_roll_without_a_six() -> None:
    state = position(Rules.preset("classic"), {0: (10, YARD, YARD, YARD), 2: YARD4}, current=0, dice=(5,))
    after, events = apply(state, Move(0))
    assert ev.BONUS_ROLL not in kinds(events) and after.current == 2


@pytest.mark.parametrize(("preset", "next_seat"), [("classic", 0), ("star", 0), ("strict", 2)])
def test_the_six_bonus_is_earned_even_without_a_move(preset: str, next_seat: int) -> None:
    # Every token is in the home column or home: a 6 overshoots them all.
    state = position(Rules.preset(preset), {0: (52, 53, 54, 56), 2: YARD4}, current=0)
    after, events = roll_with(state, (6,))
    assert after.tokens(0) == (52, 53, 54, 56)
    assert kinds(events)[:2] == [ev.ROLLED, ev.DIE_FORFEITED]
    assert kinds(events)[-1] == (ev.BONUS_ROLL if next_seat == 0 else ev.TURN_PASSED)
    assert (after.current, after.phase) == (next_seat, "roll")


@pytest.mark.parametrize("preset", ["classic", "star"])
def test_the_third_six_in_a_row_ends_the_turn_without_a_move(preset: str) -> None:
    state = position(Rules.preset(preset), {0: (10, YARD, YARD, YARD), 2: (30, YARD, YARD, YARD)}, current=0,
                     sixes=2)
    after, events = roll_with(state, (6,))
    assert kinds(events) == [ev.ROLLED, ev.THIRD_SIX, ev.TURN_PASSED]
    assert after.tokens(0) == (10, YARD, YARD, YARD)
    assert (after.current, after.phase, after.sixes) == (2, "roll", 0)


@pytest.mark.parametrize("preset", ["classic", "star"])
def test_three_sixes_rolled_through_the_game(preset: str) -> None:
    state = position(Rules.preset(preset), {0: (10, YARD, YARD, YARD), 2: YARD4}, current=0)
    for expected_sixes in (1, 2):
        state = roll_with(state, (6,)).state
        assert state.sixes == expected_sixes
        state = apply(state, Move(0)).state
        assert (state.current, state.phase) == (0, "roll")
    assert state.tokens(0)[0] == 22
    state, events = roll_with(state, (6,))
    assert ev.THIRD_SIX in kinds(events)
    assert state.tokens(0)[0] == 22 and state.current == 2


@pytest.mark.parametrize("preset", ["strict", "twodice"])
def test_the_third_six_is_played_normally_in_strict_and_twodice(preset: str) -> None:
    rules = Rules.preset(preset)
    state = position(rules, {0: (10, YARD, YARD, YARD), 1: YARD4}, current=0, sixes=2)
    state, events = roll_with(state, six_dice(rules))
    assert ev.THIRD_SIX not in kinds(events)
    assert state.current == 0 and state.phase in ("move", "choose")
    after, _ = play_all(state, 0)
    assert after.tokens(0)[0] == 10 + sum(six_dice(rules))
    assert (after.current == 0) == rules.bonus_on_six


def test_third_six_option_can_be_switched_off() -> None:
    rules = Rules.preset("classic", third_six_ends_turn=False)
    state = position(rules, {0: (10, YARD, YARD, YARD), 2: YARD4}, current=0, sixes=2, dice=(6,))
    assert legal_actions(state) == [Move(0), Move(1), Move(2), Move(3)]


def test_the_six_counter_resets_when_the_turn_passes() -> None:
    state = position(Rules.preset("classic"), {0: (10, YARD, YARD, YARD), 2: (5, YARD, YARD, YARD)}, current=0)
    state = apply(roll_with(state, (6,)).state, Move(0)).state
    state = apply(roll_with(state, (6,)).state, Move(0)).state
    assert state.sixes == 2
    state = apply(roll_with(state, (2,)).state, Move(0)).state
    assert (state.current, state.sixes) == (2, 0)
    # Seat 2 rolls sixes of its own: counted from zero.
    state = apply(roll_with(state, (6,)).state, Move(0)).state
    assert (state.current, state.sixes) == (2, 1)
    state = apply(roll_with(state, (6,)).state, Move(0)).state
    assert (state.current, state.sixes) == (2, 2)


def test_a_non_six_between_sixes_breaks_the_run() -> None:
    # Seat 0 already rolled two sixes, then a 2 ends the turn; next turn's 6 is the first of a new run.
    state = position(Rules.preset("classic"), {0: (10, YARD, YARD, YARD), 2: YARD4}, current=0, sixes=2, dice=(2,))
    state = apply(state, Move(0)).state
    assert state.sixes == 0
    state = roll_with(state, (4,)).state  # seat 2: all in the yard, no 6: turn passes back
    state, events = roll_with(state, (6,))
    assert ev.THIRD_SIX not in kinds(events) and state.phase == "move"


def test_a_capture_bonus_roll_without_a_six_breaks_the_run() -> None:
    # Star: two sixes already, then a 3 that captures (seat 2's step 41 is square 15) earns a bonus roll;
    # the 6 rolled next is not a third six in a row.
    state = position(Rules.preset("star"), {0: (12, YARD, YARD, YARD), 2: (41, YARD, YARD, YARD)}, current=0,
                     sixes=2, dice=(3,))
    assert state.sixes == 0
    state, events = apply(state, Move(0))
    assert ev.CAPTURED in kinds(events) and (state.current, state.phase, state.sixes) == (0, "roll", 0)
    state, events = roll_with(state, (6,))
    assert ev.THIRD_SIX not in kinds(events)
    assert state.phase == "move" and state.sixes == 1
