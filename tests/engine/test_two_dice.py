"""Two dice (rule 8): twodice and strict with dice=2. Pick a die, play it, play the other; forfeits;
the twodice re-roll when a 6 shows and nothing can move."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from ludo_bot.engine import (
    YARD,
    ChooseDie,
    Event,
    IllegalAction,
    Move,
    Roll,
    Rules,
    apply,
    legal_actions,
    position,
    roll_with,
)
from ludo_bot.engine import events as ev

YARD4 = (YARD, YARD, YARD, YARD)
TWODICE = Rules.preset("twodice")


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


@pytest.mark.parametrize("rules", [TWODICE, Rules.preset("strict", dice=2)], ids=["twodice", "strict2"])
def test_both_dice_are_rolled_and_the_player_picks_the_first(rules: Rules) -> None:
    state = position(rules, {0: (10, 20, YARD, YARD), 1: YARD4}, current=0, dice=(3, 5))
    assert (state.phase, state.dice, state.rolled) == ("choose", (3, 5), (3, 5))
    assert legal_actions(state) == [ChooseDie(3), ChooseDie(5)]
    chosen = apply(state, ChooseDie(5)).state
    assert (chosen.phase, chosen.dice) == ("move", (5, 3))
    assert legal_actions(chosen) == [Move(0), Move(1)]


@pytest.mark.parametrize("rules", [TWODICE, Rules.preset("strict", dice=2)], ids=["twodice", "strict2"])
def test_dice_play_in_either_order_with_one_token_or_two(rules: Rules) -> None:
    state = position(rules, {0: (10, 20, YARD, YARD), 1: YARD4}, current=0, dice=(3, 5))
    # 5 first with token 1, then 3 with token 2.
    after = apply(state, ChooseDie(5)).state
    after, events = apply(after, Move(0))
    assert Event(ev.MOVED, 0, token=0, start=10, end=15) in events
    assert (after.phase, after.dice) == ("move", (3,))
    after, events = apply(after, Move(1))
    assert after.tokens(0)[:2] == (15, 23)
    assert kinds(events) == [ev.MOVED, ev.TURN_PASSED] and after.current == 1
    # 3 first, then 5, both with token 1.
    after = apply(state, ChooseDie(3)).state
    after = apply(after, Move(0)).state
    assert after.tokens(0)[0] == 13
    after = apply(after, Move(0)).state
    assert after.tokens(0)[:2] == (18, 20)


def test_the_order_of_the_dice_matters_for_a_capture() -> None:
    # Seat 1's token at step 3 stands on square 15; seat 0's token at 12 reaches it with the 3 only.
    tokens = {0: (12, YARD, YARD, YARD), 1: (3, YARD, YARD, YARD)}
    state = position(TWODICE, tokens, current=0, dice=(3, 2))
    captured, events = apply(apply(state, ChooseDie(3)).state, Move(0))
    assert Event(ev.CAPTURED, 0, captured=(4,)) in events
    captured = apply(captured, Move(0)).state
    assert captured.tokens(1)[0] == YARD and captured.tokens(0)[0] == 17
    two_first = apply(apply(apply(state, ChooseDie(2)).state, Move(0)).state, Move(0)).state
    assert two_first.tokens(1)[0] == 3 and two_first.tokens(0)[0] == 17


def test_choose_die_errors() -> None:
    state = position(TWODICE, {0: (10, 20, YARD, YARD), 1: YARD4}, current=0, dice=(3, 5))
    with pytest.raises(IllegalAction, match="no die shows 4"):
        apply(state, ChooseDie(4))
    with pytest.raises(IllegalAction, match="choose which die to play first"):
        apply(state, Move(0))
    with pytest.raises(IllegalAction, match="choose which die to play first"):
        apply(state, Roll())
    chosen = apply(state, ChooseDie(3)).state
    with pytest.raises(IllegalAction, match="move a token with the die in play"):
        apply(chosen, ChooseDie(5))


def test_a_die_with_no_legal_move_is_forfeited() -> None:
    # Token at 50: the 2 takes it to 52, the 5 would overshoot the finish (53).
    state = position(TWODICE, {0: (50, YARD, YARD, YARD), 1: YARD4}, current=0, dice=(2, 5))
    assert (state.phase, state.dice) == ("move", (2, 5))  # no choice: only the 2 can be played
    assert legal_actions(state) == [Move(0)]
    after, events = apply(state, Move(0))
    assert kinds(events) == [ev.MOVED, ev.DIE_FORFEITED, ev.TURN_PASSED]
    assert events[1].dice == (5,)
    assert after.tokens(0)[0] == 52 and after.current == 1


def test_the_second_die_is_forfeited_when_the_first_leaves_it_no_move() -> None:
    # Both dice can be played from 48, but after the 4 (to 52) the 3 overshoots.
    state = position(TWODICE, {0: (48, YARD, YARD, YARD), 1: YARD4}, current=0, dice=(4, 3))
    assert legal_actions(state) == [ChooseDie(3), ChooseDie(4)]
    state = apply(state, ChooseDie(4)).state
    after, events = apply(state, Move(0))
    assert kinds(events) == [ev.MOVED, ev.DIE_FORFEITED, ev.TURN_PASSED]
    assert after.tokens(0)[0] == 52


def test_the_second_die_becomes_legal_after_the_first() -> None:
    # All in the yard: only the 6 can be played, and entering makes the 3 playable.
    state = position(TWODICE, {0: YARD4, 1: YARD4}, current=0, dice=(6, 3))
    assert (state.phase, state.dice) == ("move", (6, 3))
    assert legal_actions(state) == [Move(0), Move(1), Move(2), Move(3)]
    after, events = apply(state, Move(1))
    assert events == (Event(ev.ENTERED, 0, token=1, start=YARD, end=0),)
    assert (after.phase, after.dice) == ("move", (3,))
    assert legal_actions(after) == [Move(1)]
    after, events = apply(after, Move(1))
    assert after.tokens(0) == (YARD, 3, YARD, YARD)
    assert kinds(events) == [ev.MOVED, ev.BONUS_ROLL]  # the 6 showed: roll again
    assert (after.current, after.phase) == (0, "roll")


def test_a_low_die_shown_first_with_a_six_still_enters() -> None:
    state = position(TWODICE, {0: YARD4, 1: YARD4}, current=0, dice=(3, 6))
    assert (state.phase, state.dice) == ("move", (6, 3))


def test_a_double_six_enters_two_tokens_or_one_twice() -> None:
    state = position(TWODICE, {0: YARD4, 1: YARD4}, current=0, dice=(6, 6))
    assert (state.phase, state.dice) == ("move", (6, 6))
    after = apply(state, Move(0)).state
    assert legal_actions(after) == [Move(0), Move(1), Move(2), Move(3)]
    assert apply(after, Move(2)).state.tokens(0) == (0, YARD, 0, YARD)
    assert apply(after, Move(0)).state.tokens(0) == (6, YARD, YARD, YARD)


def test_twodice_no_movable_token_and_a_six_rolls_again() -> None:
    # Tokens at 51 and 52 (finish 53): a 6 and a 3 both overshoot.
    state = position(TWODICE, {0: (51, 52, 53, 53), 1: YARD4}, current=0)
    after, events = roll_with(state, (6, 3))
    assert kinds(events) == [ev.ROLLED, ev.DIE_FORFEITED, ev.DIE_FORFEITED, ev.BONUS_ROLL]
    assert (after.current, after.phase) == (0, "roll")
    assert after.tokens(0) == (51, 52, 53, 53)


def test_twodice_no_movable_token_and_no_six_passes_the_turn() -> None:
    state = position(TWODICE, {0: (51, 52, 53, 53), 1: YARD4}, current=0)
    after, events = roll_with(state, (4, 3))
    assert kinds(events) == [ev.ROLLED, ev.DIE_FORFEITED, ev.DIE_FORFEITED, ev.TURN_PASSED]
    assert (after.current, after.phase) == (1, "roll")


def test_reroll_with_a_six_and_no_move_holds_without_the_six_bonus() -> None:
    rules = Rules.preset("twodice", bonus_on_six=False)
    stuck = position(rules, {0: (51, 52, 53, 53), 1: YARD4}, current=0)
    after, events = roll_with(stuck, (6, 3))
    assert kinds(events)[-1] == ev.BONUS_ROLL and after.current == 0
    # With a move, a 6 earns nothing once the bonus option is off.
    free = position(rules, {0: (10, 52, 53, 53), 1: YARD4}, current=0, dice=(6, 3))
    after = apply(apply(free, ChooseDie(6)).state, Move(0)).state
    after, events = apply(after, Move(0))
    assert after.tokens(0)[0] == 19
    assert kinds(events)[-1] == ev.TURN_PASSED and after.current == 1


def test_strict_with_two_dice_has_no_bonus_and_no_reroll() -> None:
    rules = Rules.preset("strict", dice=2)
    state = position(rules, {0: (54, 55, 56, 56), 1: YARD4}, current=0)
    after, events = roll_with(state, (6, 3))
    assert kinds(events)[-1] == ev.TURN_PASSED and after.current == 1
    state = position(rules, {0: (10, YARD, YARD, YARD), 1: YARD4}, current=0, dice=(6, 3))
    after = apply(apply(state, ChooseDie(6)).state, Move(0)).state
    after = apply(after, Move(0)).state
    assert after.tokens(0)[0] == 19 and after.current == 1


def test_roll_with_checks_the_number_of_dice() -> None:
    state = position(TWODICE, {0: YARD4, 1: YARD4}, current=0)
    with pytest.raises(IllegalAction, match="2 dice"):
        roll_with(state, (6,))
    with pytest.raises(IllegalAction):
        roll_with(state, (7, 1))


def test_finishing_with_the_first_die_wins_before_the_second() -> None:
    state = position(TWODICE, {0: (51, 53, 53, 53), 1: (5, YARD, YARD, YARD)}, current=0, dice=(2, 4))
    after, events = apply(state, Move(0))
    assert kinds(events)[-2:] == [ev.PLAYER_FINISHED, ev.GAME_OVER]
    assert after.over and legal_actions(after) == []
