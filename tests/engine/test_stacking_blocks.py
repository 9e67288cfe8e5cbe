"""Two own tokens on one square: forbidden (classic), allowed (strict), blocks (star, twodice),
and the star stack of three."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from ludo_bot.engine import (
    YARD,
    ChooseDie,
    Event,
    IllegalAction,
    Move,
    Rules,
    apply,
    legal_actions,
    position,
    roll_with,
)
from ludo_bot.engine import events as ev

YARD4 = (YARD, YARD, YARD, YARD)


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


# -- forbidden (classic) -------------------------------------------------------------------

def test_classic_may_not_end_on_own_token_on_the_track() -> None:
    state = position(Rules.preset("classic"), {0: (10, 7, YARD, YARD), 2: YARD4}, current=0, dice=(3,))
    assert legal_actions(state) == [Move(0)]
    with pytest.raises(IllegalAction, match="token 2 cannot end on a square you already hold"):
        apply(state, Move(1))


def test_classic_may_not_end_on_own_token_in_the_home_column() -> None:
    state = position(Rules.preset("classic"), {0: (54, 52, YARD, YARD), 2: YARD4}, current=0, dice=(2,))
    assert legal_actions(state) == [Move(0)]
    with pytest.raises(IllegalAction, match="token 2 cannot end on a square you already hold"):
        apply(state, Move(1))


def test_classic_forbidden_stacking_with_no_other_move_forfeits() -> None:
    state = position(Rules.preset("classic"), {0: (10, 7, 56, 56), 2: YARD4}, current=0)
    after, events = roll_with(state, (3,))
    # Token 1 could move 3 (to 13), so this is not a forfeit: only token 2 is stuck.
    assert after.phase == "move" and legal_actions(after) == [Move(0)]
    state = position(Rules.preset("classic"), {0: (55, 52, 56, 56), 2: YARD4}, current=0)
    after, events = roll_with(state, (3,))
    assert kinds(events) == [ev.ROLLED, ev.DIE_FORFEITED, ev.TURN_PASSED]  # 52 + 3 = 55 is held, 55 + 3 overshoots


def test_classic_finish_holds_any_number_of_tokens() -> None:
    state = position(Rules.preset("classic"), {0: (53, 56, 56, 20), 2: YARD4}, current=0, dice=(3,))
    assert Move(0) in legal_actions(state)
    after = apply(state, Move(0)).state
    assert after.tokens(0) == (56, 56, 56, 20)


def test_classic_tokens_pass_own_and_opponent_tokens() -> None:
    state = position(Rules.preset("classic"), {0: (7, 8, YARD, YARD), 2: (35, 35, YARD, YARD)}, current=0, dice=(5,))
    # Seat 2's two tokens at step 35 stand on square 9: no block in classic.
    assert legal_actions(state) == [Move(0), Move(1)]
    assert apply(state, Move(0)).state.tokens(0)[0] == 12


# -- allowed (strict) ----------------------------------------------------------------------

def test_strict_tokens_share_a_square() -> None:
    state = position(Rules.preset("strict"), {0: (10, 7, YARD, YARD), 2: YARD4}, current=0, dice=(3,))
    assert legal_actions(state) == [Move(0), Move(1)]
    after = apply(state, Move(1)).state
    assert after.tokens(0)[:2] == (10, 10)


def test_strict_stack_has_no_effect_on_opponents() -> None:
    # Seat 0's stack on square 15; seat 2 passes it and lands beyond.
    state = position(Rules.preset("strict"), {0: (15, 15, YARD, YARD), 2: (40, YARD, YARD, YARD)}, current=2,
                     dice=(4,))
    assert legal_actions(state) == [Move(0)]
    after = apply(state, Move(0)).state
    assert after.tokens(2)[0] == 44 and after.tokens(0)[:2] == (15, 15)


def test_strict_two_stacked_tokens_may_share_the_home_column() -> None:
    state = position(Rules.preset("strict"), {0: (54, 52, YARD, YARD), 2: YARD4}, current=0, dice=(2,))
    assert apply(state, Move(1)).state.tokens(0)[:2] == (54, 54)


# -- blocks (star, twodice) ----------------------------------------------------------------

def _dice(preset: str, die: int) -> tuple[int, ...]:
    return (die, die) if preset == "twodice" else (die,)


@pytest.mark.parametrize("preset", ["star", "twodice"])
def test_opponents_cannot_pass_a_block(preset: str) -> None:
    rules = Rules.preset(preset)
    # Seat 0's block on square 15; seat 1's token 5 squares before it.
    before = (15 - rules.start_square(1) - 2) % rules.track_length
    state = position(rules, {0: (15, 15, YARD, YARD), 1: (before, 30, YARD, YARD)}, current=1, dice=_dice(preset, 5))
    assert state.square_of(4) == 13
    assert legal_actions(state) == [Move(1)]
    with pytest.raises(IllegalAction, match="token 1 cannot pass the red block"):
        apply(state, Move(0))


@pytest.mark.parametrize("preset", ["star", "twodice"])
def test_opponents_cannot_land_on_a_block(preset: str) -> None:
    rules = Rules.preset(preset)
    before = (15 - rules.start_square(1) - 2) % rules.track_length
    state = position(rules, {0: (15, 15, YARD, YARD), 1: (before, 30, YARD, YARD)}, current=1, dice=_dice(preset, 2))
    assert Move(0) not in legal_actions(state)
    with pytest.raises(IllegalAction, match="token 1 cannot land on the red block"):
        apply(state, Move(0))


@pytest.mark.parametrize("preset", ["star", "twodice"])
def test_a_block_with_no_other_move_forfeits_the_die(preset: str) -> None:
    rules = Rules.preset(preset)
    before = (15 - rules.start_square(1) - 2) % rules.track_length
    state = position(rules, {0: (15, 15, YARD, YARD), 1: (before, YARD, YARD, YARD)}, current=1)
    dice = (4, 3) if preset == "twodice" else (4,)
    after, events = roll_with(state, dice)
    assert kinds(events) == [ev.ROLLED] + [ev.DIE_FORFEITED] * len(dice) + [ev.TURN_PASSED]
    assert after.current == 0 and after.tokens(1)[0] == before


@pytest.mark.parametrize("preset", ["star", "twodice"])
def test_own_tokens_pass_and_join_a_block(preset: str) -> None:
    rules = Rules.preset(preset)
    state = position(rules, {0: (15, 15, 12, YARD), 1: YARD4}, current=0, dice=_dice(preset, 3))
    after = apply(state, Move(2)).state
    assert after.tokens(0)[:3] == (15, 15, 15)
    state = position(rules, {0: (15, 15, 12, YARD), 1: YARD4}, current=0, dice=_dice(preset, 5))
    assert apply(state, Move(2)).state.tokens(0)[2] == 17


def test_star_block_on_a_safe_square_blocks_all_the_same() -> None:
    # Seat 0's block on square 21 (a star); seat 2's token at step 43 is on square 17.
    rules = Rules.preset("star")
    for die, reason in ((4, "cannot land on the red block"), (5, "cannot pass the red block")):
        state = position(rules, {0: (21, 21, YARD, YARD), 2: (43, 10, YARD, YARD)}, current=2, dice=(die,))
        assert legal_actions(state) == [Move(1)]
        with pytest.raises(IllegalAction, match=reason):
            apply(state, Move(0))


def test_a_block_stops_a_token_heading_into_its_home_column() -> None:
    # Seat 2's block on square 50; seat 0 at step 48 would pass it on the way to step 52.
    state = position(Rules.preset("star"), {0: (48, 20, YARD, YARD), 2: (24, 24, YARD, YARD)}, current=0, dice=(4,))
    assert legal_actions(state) == [Move(1)]
    with pytest.raises(IllegalAction, match="cannot pass the yellow block"):
        apply(state, Move(0))


def test_two_colours_on_a_safe_square_are_no_block() -> None:
    # Seat 1 (step 8) and seat 2 (step 47) share the star on square 21.
    tokens = {0: (18, YARD, YARD, YARD), 1: (8, YARD, YARD, YARD), 2: (47, YARD, YARD, YARD)}
    passing = position(Rules.preset("star"), tokens, current=0, dice=(5,))
    assert apply(passing, Move(0)).state.tokens(0)[0] == 23
    landing = position(Rules.preset("star"), tokens, current=0, dice=(3,))
    after, events = apply(landing, Move(0))
    assert after.tokens(1)[0] == 8 and after.tokens(2)[0] == 47
    assert ev.CAPTURED not in kinds(events)


def test_twodice_stack_of_three_is_a_plain_block() -> None:
    state = position(Rules.preset("twodice"), {0: (15, 15, 15, YARD), 1: (1, 20, YARD, YARD)}, current=1,
                     dice=(2, 5))
    # Seat 1's token at step 1 is on square 13; 2 lands on the stack, 5 passes it: only the other token moves.
    assert legal_actions(state) == [ChooseDie(2), ChooseDie(5)]
    state = apply(state, ChooseDie(2)).state
    assert legal_actions(state) == [Move(1)]


# -- star: a stack of three or more ----------------------------------------------------------

def test_star_single_token_captures_one_token_of_a_stack_of_three() -> None:
    # Seat 2's three tokens at step 44 stand on square 18 (not safe); seat 0 moves 15 -> 18.
    state = position(Rules.preset("star"), {0: (15, YARD, YARD, YARD), 2: (44, 44, 44, YARD)}, current=0, dice=(3,))
    after, events = apply(state, Move(0))
    # Reading: the highest-numbered token of the stack is "the top piece".
    assert after.tokens(2) == (44, 44, YARD, YARD)
    assert after.tokens(0)[0] == 15 + 3
    assert after.square_of(0) == after.square_of(8) == after.square_of(9) == 18  # the capturer stays with the two
    assert Event(ev.CAPTURED, 0, captured=(10,)) in events
    assert (after.current, after.phase) == (0, "roll")  # the capture bonus


def test_star_stack_of_three_is_still_impassable() -> None:
    state = position(Rules.preset("star"), {0: (15, 30, YARD, YARD), 2: (44, 44, 44, YARD)}, current=0, dice=(5,))
    assert legal_actions(state) == [Move(1)]
    with pytest.raises(IllegalAction, match="cannot pass the yellow block"):
        apply(state, Move(0))


def test_star_stack_of_three_on_a_safe_square_shares_and_captures_nothing() -> None:
    # Seat 2's three tokens at step 47 stand on the star square 21; seat 0 moves 18 -> 21.
    state = position(Rules.preset("star"), {0: (18, YARD, YARD, YARD), 2: (47, 47, 47, YARD)}, current=0, dice=(3,))
    assert legal_actions(state) == [Move(0)]
    after, events = apply(state, Move(0))
    assert after.tokens(2) == (47, 47, 47, YARD)
    assert after.square_of(0) == after.square_of(8) == 21
    assert ev.CAPTURED not in kinds(events)
    assert after.current == 2  # no capture, no bonus


def test_star_stack_of_four_also_loses_one_token() -> None:
    state = position(Rules.preset("star"), {0: (15, YARD, YARD, YARD), 2: (44, 44, 44, 44)}, current=0, dice=(3,))
    after = apply(state, Move(0)).state
    assert after.tokens(2) == (44, 44, 44, YARD)


def test_star_block_of_two_cannot_be_landed_on_by_a_single_token() -> None:
    state = position(Rules.preset("star"), {0: (15, 30, YARD, YARD), 2: (44, 44, YARD, YARD)}, current=0, dice=(3,))
    assert legal_actions(state) == [Move(1)]
