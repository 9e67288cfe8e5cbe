"""Legal actions that lead to the same position: every one is still listed (the AI, the log and replays name the very
token), and they are one choice for a player."""

from __future__ import annotations

from ludo_bot.engine import (
    YARD,
    Move,
    MovePair,
    Roll,
    Rules,
    apply,
    distinct_actions,
    legal_actions,
    position,
    position_key,
)

YARD4 = (YARD, YARD, YARD, YARD)
CLASSIC, STAR = Rules.preset("classic"), Rules.preset("star")


def test_tokens_in_the_yard_are_one_choice_and_every_one_stays_legal() -> None:
    state = position(CLASSIC, {0: YARD4, 2: (5, YARD, YARD, YARD)}, current=0, dice=(6,))
    assert legal_actions(state) == [Move(0), Move(1), Move(2), Move(3)]
    assert distinct_actions(state) == [(Move(0), Move(1), Move(2), Move(3))]
    assert len({position_key(apply(state, a).state) for a in legal_actions(state)}) == 1
    assert len({apply(state, a).state for a in legal_actions(state)}) == 4  # the tokens keep their numbers


def test_stacked_tokens_are_one_choice_and_other_moves_stay_apart() -> None:
    state = position(STAR, {0: (14, 14, 14, YARD), 2: YARD4}, current=0, dice=(6,))
    assert distinct_actions(state) == [(Move(0), Move(1), Move(2)), (Move(3),),
                                       (MovePair((0, 1)), MovePair((0, 2)), MovePair((1, 2)))]
    state = position(CLASSIC, {0: (14, 20, YARD, YARD), 2: YARD4}, current=0, dice=(3,))
    assert distinct_actions(state) == [(Move(0),), (Move(1),)]


def test_a_locked_pair_is_not_the_same_as_two_free_tokens() -> None:
    free = position(STAR, {0: (12, 12, YARD, YARD), 2: YARD4}, current=0)
    assert position_key(free) != position_key(free._replace(locked=((0, 1),)))
    assert position_key(free._replace(locked=((0, 1),))) == position_key(free._replace(locked=((1, 0),)))


def test_rolling_is_one_choice() -> None:
    assert distinct_actions(position(CLASSIC, {0: YARD4, 2: YARD4}, current=0)) == [(Roll(),)]
