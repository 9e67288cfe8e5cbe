"""The end of the game: first player home (classic, strict, twodice), the full ranking with
game_end="all", and nothing playable once it is over."""

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


@pytest.mark.parametrize("preset", ["classic", "strict", "twodice"])
def test_the_first_player_home_wins_and_the_game_ends(preset: str) -> None:
    rules = Rules.preset(preset)
    finish = rules.finish_step
    tokens = {0: (finish, finish, finish, finish - 1), 1: (20, 3, YARD, YARD), 2: (30, YARD, YARD, YARD)}
    dice = (1, 2) if rules.dice == 2 else (1,)
    state = position(rules, tokens, current=0, dice=dice)
    after, events = apply(state, Move(3))
    assert kinds(events) == [ev.MOVED, ev.TOKEN_HOME, ev.PLAYER_FINISHED, ev.GAME_OVER]
    assert events[-1] == Event(ev.GAME_OVER, 0)
    assert after.over and after.finished == (0,)
    assert legal_actions(after) == []
    assert after.ranking[0] == 0
    assert set(after.ranking) == {0, 1, 2}


def test_ranking_after_a_first_home_win_follows_progress() -> None:
    tokens = {0: (56, 56, 56, 55), 1: (10, YARD, YARD, YARD), 2: (40, 5, YARD, YARD)}
    state = position(Rules.preset("classic"), tokens, current=0, dice=(1,))
    after = apply(state, Move(3)).state
    assert after.ranking == (0, 2, 1)


def test_finishing_with_a_six_ends_the_game_without_a_bonus_roll() -> None:
    state = position(Rules.preset("classic"), {0: (56, 56, 56, 50), 2: (10, YARD, YARD, YARD)}, current=0,
                     dice=(6,))
    after, events = apply(state, Move(3))
    assert ev.BONUS_ROLL not in kinds(events)
    assert after.over and after.phase == "over"


def test_nothing_is_playable_after_the_game_is_over() -> None:
    state = position(Rules.preset("classic"), {0: (56, 56, 56, 55), 2: (10, YARD, YARD, YARD)}, current=0,
                     dice=(1,))
    after = apply(state, Move(3)).state
    for action in (Roll(), Move(0), Skip()):
        with pytest.raises(IllegalAction, match="the game is over"):
            apply(after, action)
    with pytest.raises(IllegalAction, match="the game is over"):
        roll_with(after, (3,))


def test_game_end_all_plays_on_for_a_full_ranking() -> None:
    rules = Rules.preset("classic", game_end="all")
    tokens = {0: (56, 56, 56, 55), 1: (56, 56, 56, 50), 2: (10, YARD, YARD, YARD), 3: (3, YARD, YARD, YARD)}
    state = position(rules, tokens, current=0, dice=(1,))
    state, events = apply(state, Move(3))
    assert ev.PLAYER_FINISHED in kinds(events) and ev.GAME_OVER not in kinds(events)
    assert (state.current, state.phase) == (1, "roll")
    state, events = apply(roll_with(state, (6,)).state, Move(3))
    assert kinds(events) == [ev.MOVED, ev.TOKEN_HOME, ev.PLAYER_FINISHED, ev.TURN_PASSED]  # no bonus once home
    assert state.finished == (0, 1) and state.current == 2
    state = apply(roll_with(state, (2,)).state, Move(0)).state
    assert state.current == 3  # seats 0 and 1 are skipped
    state = apply(roll_with(state, (2,)).state, Move(0)).state
    assert state.current == 2
    # Seat 3 brings its last token home: only seat 2 is left, the game is over.
    state = position(rules, {0: (56,) * 4, 1: (56,) * 4, 2: (12, YARD, YARD, YARD), 3: (56, 56, 56, 54)},
                     current=3, finished=(0, 1), dice=(2,))
    state, events = apply(state, Move(3))
    assert kinds(events)[-2:] == [ev.PLAYER_FINISHED, ev.GAME_OVER]
    assert state.over and state.ranking == (0, 1, 3, 2)
    assert events[-1] == Event(ev.GAME_OVER, 0)


def test_game_end_all_with_two_players_ends_at_the_first_home() -> None:
    rules = Rules.preset("classic", game_end="all")
    state = position(rules, {0: (56, 56, 56, 55), 2: (10, YARD, YARD, YARD)}, current=0, dice=(1,))
    after = apply(state, Move(3)).state
    assert after.over and after.ranking == (0, 2)
