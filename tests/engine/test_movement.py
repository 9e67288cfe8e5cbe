"""Moving tokens (rules 3 and 4): exact die value, one lap then the home column, exact finish, forfeits."""

from __future__ import annotations

import pytest

from ludo_bot.engine import (
    YARD,
    Event,
    IllegalAction,
    Move,
    MovePair,
    Roll,
    Rules,
    Skip,
    apply,
    legal_actions,
    position,
    roll_with,
)
from ludo_bot.engine import events as ev

YARD4 = (YARD, YARD, YARD, YARD)


@pytest.mark.parametrize(("preset", "die"), [("classic", 3), ("star", 5), ("strict", 4)])
def test_a_token_moves_exactly_the_die_value(preset: str, die: int) -> None:
    state = position(Rules.preset(preset), {0: (20, YARD, YARD, YARD), 2: YARD4}, current=0, dice=(die,))
    assert legal_actions(state) == [Move(0)]
    after, events = apply(state, Move(0))
    assert after.tokens(0)[0] == 20 + die
    assert Event(ev.MOVED, 0, token=0, start=20, end=20 + die) in events
    assert (after.current, after.phase) == (2, "roll")


def test_track_squares_wrap_around_for_later_seats() -> None:
    # Seat 3 starts on square 39: its step 20 is square 7.
    state = position(Rules.preset("classic"), {0: YARD4, 3: (10, YARD, YARD, YARD)}, current=3, dice=(3,))
    after = apply(state, Move(0)).state
    assert after.square_of(12) == (39 + 13) % 52 == 0


@pytest.mark.parametrize(("preset", "finish"), [("classic", 56), ("star", 56), ("strict", 56), ("twodice", 53)])
def test_exact_roll_reaches_the_finish(preset: str, finish: int) -> None:
    rules = Rules.preset(preset)
    dice = (3, 1) if rules.dice == 2 else (3,)
    tokens = {0: (finish - 3, YARD, YARD, YARD), 1: YARD4}
    state = position(rules, tokens, current=0, dice=dice)
    if rules.dice == 2:
        state = apply(state, legal_actions(state)[-1]).state  # ChooseDie(3)
    after, events = apply(state, Move(0))
    assert after.tokens(0)[0] == finish
    assert Event(ev.TOKEN_HOME, 0, token=0, start=finish - 3, end=finish) in events
    assert after.square_of(0) is None


@pytest.mark.parametrize(("preset", "finish"), [("classic", 56), ("star", 56), ("strict", 56)])
def test_overshooting_the_finish_is_illegal(preset: str, finish: int) -> None:
    tokens = {0: (finish - 2, 30, YARD, YARD), 2: YARD4}
    state = position(Rules.preset(preset), tokens, current=0, dice=(5,))
    assert legal_actions(state) == [Move(1)]
    with pytest.raises(IllegalAction, match="token 1 would overshoot the finish by 3"):
        apply(state, Move(0))


def test_overshoot_with_no_other_move_forfeits_the_die() -> None:
    state = position(Rules.preset("classic"), {0: (54, 56, 56, 56), 2: YARD4}, current=0)
    after, events = roll_with(state, (3,))
    assert [e.kind for e in events] == [ev.ROLLED, ev.DIE_FORFEITED, ev.TURN_PASSED]
    assert after.tokens(0) == (54, 56, 56, 56)
    assert after.current == 2


def test_twodice_overshoot_reason_names_the_distance() -> None:
    state = position(Rules.preset("twodice"), {0: (50, 20, YARD, YARD), 1: YARD4}, current=0, dice=(5, 2))
    after = apply(state, legal_actions(state)[1]).state  # ChooseDie(5)
    assert after.dice == (5, 2)
    with pytest.raises(IllegalAction, match="overshoot the finish by 2"):
        apply(after, Move(0))


def test_a_token_enters_its_home_column_after_the_last_track_step() -> None:
    state = position(Rules.preset("classic"), {0: (48, YARD, YARD, YARD), 2: YARD4}, current=0, dice=(4,))
    after = apply(state, Move(0)).state
    assert after.tokens(0)[0] == 52  # second home-column square, not track square 0 again
    assert after.square_of(0) is None


def test_a_token_never_laps_twice_and_never_attacks_the_square_behind_its_start() -> None:
    # Square 51 (just behind seat 0's start) holds a seat 1 token at step 38.
    # Seat 0 moving from step 49 by 2 goes to its home column step 51, not to square 51.
    state = position(Rules.preset("classic"), {0: (49, YARD, YARD, YARD), 1: (38, YARD, YARD, YARD)},
                     current=0, dice=(2,))
    after, events = apply(state, Move(0))
    assert after.tokens(0)[0] == 51
    assert after.tokens(1)[0] == 38
    assert ev.CAPTURED not in [e.kind for e in events]


def test_home_column_tokens_are_never_attacked() -> None:
    # Seat 0's token in its home column (step 52) and seat 2 passing the same "angle" of the board.
    state = position(Rules.preset("classic"), {0: (52, YARD, YARD, YARD), 2: (23, YARD, YARD, YARD)},
                     current=2, dice=(3,))
    after, events = apply(state, Move(0))
    assert after.tokens(0)[0] == 52
    assert after.tokens(2)[0] == 26
    assert ev.CAPTURED not in [e.kind for e in events]


def test_strict_end_path_four_geometry() -> None:
    rules = Rules.preset("strict", end_path=4)
    # 44-square track, last track step 42, home column 43-46, finish 47.
    state = position(rules, {0: (41, 44, YARD, YARD), 1: (30, YARD, YARD, YARD)}, current=0, dice=(2,))
    after = apply(state, Move(0)).state
    assert after.tokens(0)[0] == 43 and after.square_of(0) is None
    state = position(rules, {0: (41, 44, YARD, YARD), 1: YARD4}, current=0, dice=(4,))
    assert legal_actions(state) == [Move(0)]  # 44 + 4 = 48 overshoots 47
    with pytest.raises(IllegalAction, match="overshoot the finish by 1"):
        apply(state, Move(1))
    state = position(rules, {0: (41, 44, YARD, YARD), 1: YARD4}, current=0, dice=(3,))
    assert apply(state, Move(1)).state.tokens(0)[1] == 47
    # Seat 1 starts on square 11 of the 44-square track.
    assert rules.start_square(1) == 11


def test_twodice_geometry_forty_eight_squares() -> None:
    rules = Rules.preset("twodice")
    # Step 47 is the square before the start; one more goes into the home column.
    state = position(rules, {0: (46, YARD, YARD, YARD), 1: (20, YARD, YARD, YARD)}, current=0, dice=(1, 1))
    after = apply(state, Move(0)).state
    assert after.tokens(0)[0] == 47 and after.square_of(0) == 47
    after = apply(after, Move(0)).state
    assert after.tokens(0)[0] == 48 and after.square_of(0) is None
    assert rules.start_square(1) == 12 and rules.start_square(3) == 36


def test_a_player_with_a_legal_move_must_move() -> None:
    state = position(Rules.preset("classic"), {0: (5, YARD, YARD, YARD), 2: YARD4}, current=0, dice=(2,))
    actions = legal_actions(state)
    assert actions == [Move(0)]
    assert Skip() not in actions


def test_only_own_tokens_move() -> None:
    state = position(Rules.preset("classic"), {0: (5, YARD, YARD, YARD), 1: (7, YARD, YARD, YARD)},
                     current=0, dice=(2,))
    for token in (4, 5, -1):
        with pytest.raises(IllegalAction):
            apply(state, Move(token))
    assert state.tokens(1)[0] == 7


def test_a_token_already_home_cannot_move() -> None:
    state = position(Rules.preset("classic"), {0: (56, 10, YARD, YARD), 2: YARD4}, current=0, dice=(1,))
    assert legal_actions(state) == [Move(1)]
    with pytest.raises(IllegalAction, match="token 1 is already home"):
        apply(state, Move(0))


def test_moves_are_refused_outside_the_move_phase() -> None:
    state = position(Rules.preset("classic"), {0: (5, YARD, YARD, YARD), 2: YARD4}, current=0)
    with pytest.raises(IllegalAction, match="roll the dice first"):
        apply(state, Move(0))
    rolled = roll_with(state, (3,)).state
    assert (rolled.current, rolled.phase) == (0, "move")
    with pytest.raises(IllegalAction, match="move a token with the die in play"):
        apply(rolled, Roll())
    with pytest.raises(IllegalAction, match="move a token with the die in play"):
        roll_with(rolled, (6,))


def test_a_state_without_its_cached_choices_still_lists_its_moves() -> None:
    # A position rebuilt field by field (say, from storage) has no cached choices: the moves are the same.
    state = position(Rules.preset("star"), {0: (10, 10, YARD, YARD), 2: YARD4}, current=0, dice=(4,))
    bare = state._replace(choices=())
    assert legal_actions(bare) == legal_actions(state) == [Move(0), Move(1), MovePair((0, 1))]
    assert apply(bare, Move(0)).state == apply(state, Move(0)).state
