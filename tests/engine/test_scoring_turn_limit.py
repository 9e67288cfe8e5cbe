"""Star scoring (1 point a square, x2..x5 as tokens come home), the 50-turn limit, and the star ending."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from ludo_bot.engine import YARD, Event, Move, MovePair, Rules, apply, legal_actions, position, roll_with
from ludo_bot.engine import events as ev

YARD4 = (YARD, YARD, YARD, YARD)
STAR = Rules.preset("star")


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


@pytest.mark.parametrize("die", [1, 3, 5])
def test_each_square_advanced_scores_one_point(die: int) -> None:
    state = position(STAR, {0: (10, YARD, YARD, YARD), 2: YARD4}, current=0, scores={0: 7, 2: 3}, dice=(die,))
    after = apply(state, Move(0)).state
    assert after.scores[0] == 7 + die
    assert after.scores[2] == 3


def test_entering_scores_nothing() -> None:
    # Reading of the engine: entering places a token on its start square; it advances no square.
    state = position(STAR, {0: YARD4, 2: YARD4}, current=0, dice=(6,))
    assert apply(state, Move(0)).state.scores[0] == 0


def test_a_pair_moving_k_squares_scores_two_k() -> None:
    state = position(STAR, {0: (14, 14, YARD, YARD), 2: YARD4}, current=0, dice=(6,))
    after = apply(state, MovePair((0, 1))).state
    assert after.tokens(0)[:2] == (17, 17)
    assert after.scores[0] == 6


def test_moves_into_the_home_column_score_their_squares() -> None:
    state = position(STAR, {0: (48, YARD, YARD, YARD), 2: YARD4}, current=0, scores={0: 40}, dice=(5,))
    assert apply(state, Move(0)).state.scores[0] == 45


@pytest.mark.parametrize(("home_before", "multiplier"), [(0, 2), (1, 3), (2, 4), (3, 5)])
def test_the_kth_token_home_multiplies_the_score(home_before: int, multiplier: int) -> None:
    steps = tuple([56] * home_before + [53] + [20] * (3 - home_before))
    state = position(STAR, {0: steps, 2: (5, YARD, YARD, YARD)}, current=0, scores={0: 100, 2: 50}, dice=(3,))
    after, events = apply(state, Move(home_before))
    # The squares of the move are added first, then the multiplier applies.
    assert after.scores[0] == (100 + 3) * multiplier
    assert after.scores[2] == 50
    assert Event(ev.TOKEN_HOME, 0, token=home_before, start=53, end=56) in events
    assert (ev.PLAYER_FINISHED in kinds(events)) == (multiplier == 5)


def test_scores_through_a_whole_homecoming() -> None:
    state = position(STAR, {0: (50, 51, 52, 53), 2: (5, YARD, YARD, YARD)}, current=0, scores={0: 10})
    # Token 4: 53 -> 56 (x2); token 3: 52 -> 56 (x3); token 2: 51 -> 56 (x4); token 1: 50 -> 56 (x5).
    expected = 10
    for token, die, factor in ((3, 3, 2), (2, 4, 3), (1, 5, 4), (0, 6, 5)):
        state = position(STAR, {0: state.tokens(0), 2: (5, YARD, YARD, YARD)}, current=0,
                         scores={0: state.scores[0]}, dice=(die,))
        state = apply(state, Move(token)).state
        expected = (expected + die) * factor
        assert state.scores[0] == expected
    assert state.finished == (0,)


@pytest.mark.parametrize("preset", ["classic", "strict", "twodice"])
def test_no_scoring_outside_star(preset: str) -> None:
    rules = Rules.preset(preset)
    dice = (3, 3) if rules.dice == 2 else (3,)
    state = position(rules, {0: (rules.finish_step - 3, 10, YARD, YARD), 1: YARD4}, current=0,
                     dice=dice)
    after = apply(state, legal_actions(state)[0]).state
    assert after.scores == (0, 0, 0, 0)


# -- the turn limit ------------------------------------------------------------------------

def test_turns_count_when_the_turn_passes_not_on_bonus_rolls() -> None:
    state = position(STAR, {0: (10, YARD, YARD, YARD), 2: YARD4}, current=0, turns={0: 4})
    state = apply(roll_with(state, (6,)).state, Move(0)).state
    assert state.turns[0] == 4 and state.current == 0
    state = apply(roll_with(state, (2,)).state, Move(0)).state
    assert state.turns[0] == 5 and state.current == 2


def test_the_fiftieth_turn_puts_a_player_out_with_the_score_standing() -> None:
    tokens = {0: (10, 52, 56, YARD), 1: (3, YARD, YARD, YARD), 2: (20, YARD, YARD, YARD)}
    state = position(STAR, tokens, current=0, turns={0: 49, 1: 49, 2: 30}, scores={0: 321, 1: 5, 2: 77}, dice=(2,))
    after, events = apply(state, Move(0))
    assert kinds(events) == [ev.MOVED, ev.OUT_OF_TURNS, ev.TURN_PASSED]
    assert events[1].seat == 0
    assert after.out == (0,)
    # Tokens on the track and in the home column leave the board (engine: a token already home stays there).
    assert after.tokens(0) == (YARD, YARD, 56, YARD)
    assert after.scores[0] == 321 + 2
    assert (after.current, after.phase) == (1, "roll")
    assert not after.over


def test_a_player_out_of_turns_is_skipped() -> None:
    tokens = {0: YARD4, 1: (3, YARD, YARD, YARD), 2: (20, YARD, YARD, YARD)}
    state = position(STAR, tokens, current=0, turns={0: 49}, dice=(2,))
    assert state.out == (0,) and state.current == 1
    state = roll_with(state, (1,)).state
    state = apply(state, Move(0)).state
    assert state.current == 2
    state = apply(roll_with(state, (1,)).state, Move(0)).state
    assert state.current == 1  # seat 0 no longer plays


def test_star_game_ends_when_everyone_is_home_or_out_and_ranks_by_score() -> None:
    # Seat 0 finished earlier with 400 points; seat 2 runs out of turns with more.
    state = position(STAR, {0: (56, 56, 56, 56), 2: (30, YARD, YARD, YARD)}, current=2, finished=(0,),
                     turns={2: 49}, scores={0: 400, 2: 450}, dice=(1,))
    after, events = apply(state, Move(0))
    assert kinds(events) == [ev.MOVED, ev.OUT_OF_TURNS, ev.GAME_OVER]
    assert after.over and legal_actions(after) == []
    assert after.ranking == (2, 0)
    assert events[-1] == Event(ev.GAME_OVER, 2)


def test_star_score_ties_go_to_who_finished_first() -> None:
    # Seat 2 finished first with 500; seat 0 now brings its last token home: (99 + 1) * 5 = 500.
    state = position(STAR, {0: (56, 56, 56, 55), 2: (56, 56, 56, 56)}, current=0, finished=(2,),
                     scores={0: 99, 2: 500}, dice=(1,))
    after, events = apply(state, Move(3))
    assert after.scores[0] == 500
    assert after.over and after.finished == (2, 0)
    assert after.ranking == (2, 0)
    assert events[-1] == Event(ev.GAME_OVER, 2)


def test_star_game_goes_on_after_the_first_player_is_home() -> None:
    tokens = {0: (56, 56, 56, 55), 1: (5, YARD, YARD, YARD), 2: (10, YARD, YARD, YARD)}
    state = position(STAR, tokens, current=0, dice=(1,))
    after, events = apply(state, Move(3))
    assert ev.PLAYER_FINISHED in kinds(events) and ev.GAME_OVER not in kinds(events)
    assert after.finished == (0,) and (after.current, after.phase) == (1, "roll")
    after = apply(roll_with(after, (1,)).state, Move(0)).state
    after = apply(roll_with(after, (1,)).state, Move(0)).state
    assert after.current == 1  # seat 0 is done and skipped


def test_star_last_player_plays_on_alone_until_home_or_out() -> None:
    state = position(STAR, {0: (56, 56, 56, 55), 2: (10, YARD, YARD, YARD)}, current=0, turns={2: 48}, dice=(1,))
    after = apply(state, Move(3)).state
    assert not after.over and after.current == 2
    after = apply(roll_with(after, (2,)).state, Move(0)).state  # turn 49
    assert not after.over and after.current == 2
    after, events = apply(roll_with(after, (2,)).state, Move(0))  # turn 50: out
    assert after.over and kinds(events)[-2:] == [ev.OUT_OF_TURNS, ev.GAME_OVER]


def test_turn_limit_option_works_outside_star() -> None:
    rules = Rules.preset("classic", turn_limit=2, game_end="all")
    tokens = {0: YARD4, 1: YARD4, 2: YARD4}
    state = position(rules, tokens, current=0, turns={0: 1})
    after, events = roll_with(state, (3,))
    assert ev.OUT_OF_TURNS in kinds(events) and after.out == (0,) and after.current == 1
