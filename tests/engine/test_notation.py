"""The text form of a position: round trips, and clear errors for anything else."""

from __future__ import annotations

import random

import pytest

from ludo_bot.engine import NotationError, Rules, apply, from_text, legal_actions, new_game, position, to_text
from ludo_bot.engine.notation import parse_rules, rules_text


@pytest.mark.parametrize("rules", [
    Rules.preset("classic"), Rules.preset("star"), Rules.preset("twodice"),
    Rules.preset("strict", end_path=4, dice=2), Rules.preset("classic", game_end="all", safe_offsets=(0, 8)),
])
def test_rules_text_round_trips(rules: Rules) -> None:
    assert parse_rules(rules_text(rules)) == rules


def test_overrides_are_spelled_out() -> None:
    assert rules_text(Rules.preset("classic", game_end="all")) == "classic,game_end=all"
    assert rules_text(Rules.preset("star")) == "star"


def test_mid_game_positions_round_trip() -> None:
    state = new_game(Rules.preset("star"), (0, 1, 2, 3), seed=11)
    chooser = random.Random(11)
    for _ in range(300):
        state = apply(state, chooser.choice(legal_actions(state))).state
        text = to_text(state)
        assert from_text(text) == state
        assert to_text(from_text(text)) == text


def test_a_built_position_round_trips_with_locks_and_scores() -> None:
    state = position(Rules.preset("star"), {0: (12, 12, -1, 56), 2: (3, -1, -1, -1)}, current=0,
                     locked=((0, 1),), scores={0: 40, 2: 3})
    assert from_text(to_text(state)) == state


@pytest.mark.parametrize("text", [
    "", "classic", "nonsense 0 y y 0:roll:-:-:0 0 0,0,0,0/0,0,0,0 -/-/- - 1:0:0 -",
    "classic 02 y,y,y,y/y,y,y,99 0:roll:-:-:0 0 0,0,0,0/0,0,0,0 -/-/- - 1:0:0 -",
    "classic 02 y,y,y,y/y,y,y,y 0:fly:-:-:0 0 0,0,0,0/0,0,0,0 -/-/- - 1:0:0 -",
    "classic,dice=3 02 y,y,y,y/y,y,y,y 0:roll:-:-:0 0 0,0,0,0/0,0,0,0 -/-/- - 1:0:0 -",
    "classic 02 y,y,y,y/y,y,y,y 1:roll:-:-:0 0 0,0,0,0/0,0,0,0 -/-/- - 1:0:0 -",
])
def test_garbage_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        from_text(text)
