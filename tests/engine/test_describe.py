"""The text description of a position for screen readers (the board image's alt text)."""

from __future__ import annotations

import random

import pytest

from ludo_bot.engine import PRESETS, YARD, GameState, Move, Rules, apply, legal_actions, new_game, position
from ludo_bot.engine.describe import LIMIT, describe_position

YARD4 = (YARD, YARD, YARD, YARD)


def mid_game(rules: Rules, seed: int, actions: int = 300) -> GameState:
    state = new_game(rules, (0, 1, 2, 3), seed)
    chooser = random.Random(seed)
    for _ in range(actions):
        if state.over:
            break
        state = apply(state, chooser.choice(legal_actions(state))).state
    return state


def test_it_names_the_player_to_move_the_die_and_the_moves() -> None:
    state = position(Rules.preset("classic"), {0: (13, 53, YARD, 56), 2: YARD4}, current=0, dice=(3,))
    text = describe_position(state)
    assert text.splitlines()[0] == "Red to move with the 3: token 1 or token 2."
    assert ("Red: 1 home, 1 in the yard, token 1 on square 14 of 51, token 2 in the home column, 3 from the finish."
            in text)
    assert "Yellow: 4 in the yard." in text


def test_it_uses_the_players_names_with_their_colours() -> None:
    state = position(Rules.preset("classic"), {0: (13, YARD, YARD, YARD), 2: YARD4}, current=2)
    text = describe_position(state, {0: "Ann", 2: "Bob"})
    assert text.startswith("Bob (yellow) to roll.")
    assert "Ann (red): 3 in the yard, token 1 on square 14 of 51." in text


def test_a_roll_after_a_six_says_so() -> None:
    state = position(Rules.preset("classic"), {0: (13, YARD, YARD, YARD), 2: YARD4}, current=0, dice=(6,))
    state = apply(state, Move(0)).state
    assert describe_position(state).startswith("Red to roll again after a 6. Last roll: 6.")


def test_two_dice_choice_and_the_die_to_play_after() -> None:
    state = position(Rules.preset("twodice"), {0: (10, 20, YARD, YARD), 1: YARD4}, current=0, dice=(5, 3))
    assert describe_position(state).startswith("Red rolled 5 and 3: choose which die to play first.")
    state = apply(state, legal_actions(state)[0]).state
    assert describe_position(state).startswith("Red to move with the 3 (then the 5): token 1 or token 2.")


def test_blocks_pairs_safe_squares_scores_and_turns() -> None:
    state = position(Rules.preset("star"), {0: (8, 8, 20, YARD), 2: (30, 30, YARD, YARD)}, current=2,
                     scores={0: 36, 2: 60}, turns={0: 10, 2: 10}, locked=((8, 9),))
    text = describe_position(state)
    assert "Red: 1 in the yard, token 3 on square 21 of 51, tokens 1 and 2 on square 9 of 51, a block (safe)" in text
    assert "score 36, 40 turns left" in text
    assert "Yellow: 2 in the yard, tokens 1 and 2 on square 31 of 51, a locked pair, score 60" in text


def test_the_variants_are_mentioned() -> None:
    rules = Rules.preset("classic", teams=True, kill_to_unlock=True, quick=True)
    state = position(rules, {s: (10, YARD, YARD, YARD) for s in range(4)}, current=1, captures={1: 1})
    text = describe_position(state)
    assert "Teams: red and yellow against green and blue." in text
    assert "Quick game" in text
    assert "Red: 3 in the yard, token 1 on square 11 of 51, home column locked until a capture." in text
    assert "Green: 3 in the yard, token 1 on square 11 of 51." in text


def test_game_over_gives_the_ranking() -> None:
    tokens = {0: (56, 56, 56, 55), 1: (10, YARD, YARD, YARD), 2: (40, 5, YARD, YARD)}
    state = apply(position(Rules.preset("classic"), tokens, current=0, dice=(1,)), Move(3)).state
    text = describe_position(state, {1: "Cy"})
    assert text.startswith("Game over. Ranking: 1st Red, 2nd Yellow, 3rd Cy (green).")
    assert "Red: finished, all 4 home." in text


def test_a_team_win_is_announced() -> None:
    finish = (56, 56, 56, 56)
    tokens = {0: (56, 56, 56, 55), 1: finish, 2: finish, 3: (30, 20, YARD, YARD)}
    state = position(Rules.preset("classic", teams=True), tokens, current=0, dice=(1,), finished=(1, 2))
    text = describe_position(apply(state, Move(3)).state)
    assert text.startswith("Game over: Yellow and Red win as a team. "
                           "Ranking: 1st Yellow, 2nd Red, 3rd Green, 4th Blue.")


@pytest.mark.parametrize("preset", PRESETS)
def test_a_four_player_mid_game_fits_discord_alt_text(preset: str) -> None:
    for seed in range(5):
        text = describe_position(mid_game(Rules.preset(preset), seed))
        assert len(text) < 900, text


def test_long_names_are_shortened_under_the_limit() -> None:
    names = {seat: "N" * 32 for seat in range(4)}
    for seed in range(10):
        text = describe_position(mid_game(Rules.preset("star", teams=True, kill_to_unlock=True), seed), names)
        assert len(text) <= LIMIT <= 1024
    state = mid_game(Rules.preset("star"), 3)
    short = describe_position(state, names, limit=500)
    assert len(short) <= 500 and "to " in short.splitlines()[0]
