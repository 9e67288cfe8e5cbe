"""Star pairs: a block moving together by half an even roll, locked until it stops on a safe square."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from ludo_bot.engine import YARD, Event, IllegalAction, Move, MovePair, Rules, apply, legal_actions, position, roll_with
from ludo_bot.engine import events as ev

YARD4 = (YARD, YARD, YARD, YARD)
STAR = Rules.preset("star")


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def test_a_block_may_move_as_a_pair_on_an_even_roll() -> None:
    state = position(STAR, {0: (10, 10, YARD, YARD), 2: YARD4}, current=0, dice=(4,))
    assert legal_actions(state) == [Move(0), Move(1), MovePair((0, 1))]
    after, events = apply(state, MovePair((0, 1)))
    assert after.tokens(0) == (12, 12, YARD, YARD)  # the 4 is shared: each token moves 2
    assert [e for e in events if e.kind == ev.MOVED] == [
        Event(ev.MOVED, 0, token=0, start=10, end=12), Event(ev.MOVED, 0, token=1, start=10, end=12)]
    assert after.locked == ((0, 1),)  # square 12 is not safe
    assert after.scores[0] == 4       # a pair moving k squares scores 2k
    assert (after.current, after.phase) == (2, "roll")


def test_a_pair_on_a_six_moves_three_and_keeps_the_bonus_roll() -> None:
    state = position(STAR, {0: (10, 10, YARD, YARD), 2: YARD4}, current=0, dice=(6,))
    assert MovePair((0, 1)) in legal_actions(state)
    after, events = apply(state, MovePair((0, 1)))
    assert after.tokens(0)[:2] == (13, 13)
    assert after.locked == ()  # square 13 (seat 1's start) is safe: the pair is free again
    assert kinds(events)[-1] == ev.BONUS_ROLL and after.current == 0


@pytest.mark.parametrize("die", [1, 3, 5])
def test_no_pair_move_on_an_odd_roll(die: int) -> None:
    state = position(STAR, {0: (10, 10, YARD, YARD), 2: YARD4}, current=0, dice=(die,))
    assert MovePair((0, 1)) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="pair 1\\+2 moves only with an even roll"):
        apply(state, MovePair((0, 1)))


def test_a_locked_pair_cannot_split() -> None:
    state = position(STAR, {0: (12, 12, 30, YARD), 2: YARD4}, current=0, locked=((0, 1),), dice=(4,))
    assert legal_actions(state) == [Move(2), MovePair((0, 1))]
    with pytest.raises(IllegalAction, match="token 1 is locked in a pair"):
        apply(state, Move(0))


def test_a_locked_pair_with_an_odd_roll_and_no_other_move_ends_the_turn() -> None:
    state = position(STAR, {0: (12, 12, YARD, YARD), 2: YARD4}, current=0, locked=((0, 1),))
    after, events = roll_with(state, (3,))
    assert kinds(events) == [ev.ROLLED, ev.DIE_FORFEITED, ev.TURN_PASSED]
    assert after.tokens(0)[:2] == (12, 12) and after.current == 2


def test_a_locked_pair_with_an_odd_roll_moves_another_token() -> None:
    state = position(STAR, {0: (12, 12, 30, YARD), 2: YARD4}, current=0, locked=((0, 1),), dice=(3,))
    assert legal_actions(state) == [Move(2)]


def test_a_locked_pair_unlocks_when_it_stops_on_a_safe_square() -> None:
    state = position(STAR, {0: (12, 12, YARD, YARD), 2: YARD4}, current=0, locked=((0, 1),), dice=(2,))
    after = apply(state, MovePair((0, 1))).state
    assert after.tokens(0)[:2] == (13, 13) and after.locked == ()
    # Next turn, the tokens may split.
    again = position(STAR, {0: after.tokens(0), 2: YARD4}, current=0, locked=after.locked, dice=(3,))
    assert legal_actions(again) == [Move(0), Move(1)]


def test_a_locked_pair_stays_locked_on_an_unsafe_square() -> None:
    state = position(STAR, {0: (14, 14, YARD, YARD), 2: YARD4}, current=0, locked=((0, 1),), dice=(2,))
    after = apply(state, MovePair((0, 1))).state
    assert after.tokens(0)[:2] == (15, 15) and after.locked == ((0, 1),)


def test_a_pair_reaching_the_home_column_is_unlocked() -> None:
    # Reading of the engine: the home column has no blocks, so a pair that gets there is free.
    state = position(STAR, {0: (48, 48, YARD, YARD), 2: YARD4}, current=0, locked=((0, 1),), dice=(6,))
    after = apply(state, MovePair((0, 1))).state
    assert after.tokens(0)[:2] == (51, 51) and after.locked == ()
    again = position(STAR, {0: after.tokens(0), 2: YARD4}, current=0, locked=after.locked, dice=(4,))
    assert legal_actions(again) == [Move(0), Move(1)]  # no pairs in the home column


def test_a_third_token_joining_a_locked_pair_moves_alone() -> None:
    state = position(STAR, {0: (12, 12, 12, YARD), 2: YARD4}, current=0, locked=((0, 1),), dice=(2,))
    assert legal_actions(state) == [Move(2), MovePair((0, 1))]
    with pytest.raises(IllegalAction, match="would split a locked pair"):
        apply(state, MovePair((0, 2)))


def test_three_free_tokens_offer_every_pair() -> None:
    state = position(STAR, {0: (12, 12, 12, YARD), 2: YARD4}, current=0, dice=(2,))
    assert legal_actions(state) == [Move(0), Move(1), Move(2), MovePair((0, 1)), MovePair((0, 2)),
                                    MovePair((1, 2))]


def test_a_pair_landing_on_an_opponent_block_of_two_captures_both() -> None:
    # Seat 2's block at step 44 stands on square 18 (not safe); seat 0's pair moves 16 -> 18 with a 4.
    state = position(STAR, {0: (16, 16, YARD, YARD), 2: (44, 44, 10, YARD)}, current=0, dice=(4,))
    assert MovePair((0, 1)) in legal_actions(state)
    after, events = apply(state, MovePair((0, 1)))
    assert after.tokens(2) == (YARD, YARD, 10, YARD)
    assert after.tokens(0)[:2] == (18, 18)
    assert Event(ev.CAPTURED, 0, captured=(8, 9)) in events
    assert kinds(events).count(ev.BONUS_ROLL) == 1  # one capture bonus for the move
    assert (after.current, after.phase) == (0, "roll")


def test_a_captured_locked_pair_loses_its_lock() -> None:
    state = position(STAR, {0: (16, 16, YARD, YARD), 2: (44, 44, YARD, YARD)}, current=0,
                     locked=((8, 9),), dice=(4,))
    after = apply(state, MovePair((0, 1))).state
    assert after.locked == ((0, 1),)


def test_a_pair_landing_on_a_single_opponent_captures_it() -> None:
    state = position(STAR, {0: (16, 16, YARD, YARD), 2: (44, YARD, YARD, YARD)}, current=0, dice=(4,))
    after, events = apply(state, MovePair((0, 1)))
    assert after.tokens(2)[0] == YARD
    assert Event(ev.CAPTURED, 0, captured=(8,)) in events


def test_a_pair_cannot_land_on_a_block_on_a_safe_square() -> None:
    # Seat 2's block at step 47 stands on the star square 21.
    state = position(STAR, {0: (19, 19, 30, YARD), 2: (47, 47, YARD, YARD)}, current=0, dice=(4,))
    assert legal_actions(state) == [Move(2)]  # single tokens would pass the block
    with pytest.raises(IllegalAction, match="pair 1\\+2 cannot land on the yellow block"):
        apply(state, MovePair((0, 1)))


def test_a_pair_cannot_land_on_a_stack_of_three() -> None:
    state = position(STAR, {0: (16, 16, 30, YARD), 2: (44, 44, 44, YARD)}, current=0, dice=(4,))
    assert legal_actions(state) == [Move(2)]
    with pytest.raises(IllegalAction, match="cannot land on the yellow block"):
        apply(state, MovePair((0, 1)))


def test_a_pair_cannot_pass_a_block() -> None:
    state = position(STAR, {0: (16, 16, 30, YARD), 2: (44, 44, YARD, YARD)}, current=0, dice=(6,))
    assert MovePair((0, 1)) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="pair 1\\+2 cannot pass the yellow block"):
        apply(state, MovePair((0, 1)))


def test_a_pair_on_a_safe_square_shares_with_a_single_opponent() -> None:
    state = position(STAR, {0: (19, 19, YARD, YARD), 2: (47, YARD, YARD, YARD)}, current=0, dice=(4,))
    after, events = apply(state, MovePair((0, 1)))
    assert after.tokens(2)[0] == 47 and after.tokens(0)[:2] == (21, 21)
    assert ev.CAPTURED not in kinds(events)


def test_pair_actions_must_name_two_different_own_tokens() -> None:
    state = position(STAR, {0: (10, 10, YARD, YARD), 2: YARD4}, current=0, dice=(4,))
    for bad in ((0, 0), (0, 4), (-1, 0)):
        with pytest.raises(IllegalAction):
            apply(state, MovePair(bad))
    # Naming the tokens in the other order is the same pair.
    assert apply(state, MovePair((1, 0))).state == apply(state, MovePair((0, 1))).state


def test_tokens_that_do_not_share_a_square_are_no_pair() -> None:
    state = position(STAR, {0: (10, 12, YARD, YARD), 2: YARD4}, current=0, dice=(4,))
    with pytest.raises(IllegalAction, match="tokens 1\\+2 do not form a block"):
        apply(state, MovePair((0, 1)))


def test_twodice_blocks_do_not_move_as_pairs() -> None:
    state = position(Rules.preset("twodice"), {0: (10, 10, YARD, YARD), 1: YARD4}, current=0, dice=(4, 4))
    assert legal_actions(state) == [Move(0), Move(1)]
    with pytest.raises(IllegalAction, match="pairs do not move together"):
        apply(state, MovePair((0, 1)))


def test_a_locked_pair_losing_its_top_token_from_a_stack_of_three_is_freed() -> None:
    # Seat 2: token 1 joined its locked pair (tokens 2+3) on square 18; seat 0's single takes token 3, the top.
    state = position(STAR, {0: (15, YARD, YARD, YARD), 2: (44, 44, 44, YARD)}, current=0, locked=((9, 10),),
                     dice=(3,))
    after, events = apply(state, Move(0))
    assert Event(ev.CAPTURED, 0, captured=(10,)) in events
    assert after.locked == ()
    turn = position(STAR, {0: after.tokens(0), 2: after.tokens(2)}, current=2, locked=after.locked, dice=(3,))
    assert legal_actions(turn) == [Move(0), Move(1)]  # token 2 may move alone again
