"""Two errors kept apart: `InvalidAction` (not an action at all), `IllegalAction` (an action the rules forbid now)."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from ludo_bot import engine
from ludo_bot.engine import (
    IllegalAction,
    InvalidAction,
    Move,
    MovePair,
    Roll,
    Rules,
    action_text,
    apply,
    new_game,
    parse_action,
    position,
)
from ludo_bot.engine.verify import export_game, verify_game

CLASSIC = Rules.preset("classic")


def test_the_two_errors_are_separate_value_errors() -> None:
    assert issubclass(InvalidAction, ValueError) and issubclass(IllegalAction, ValueError)
    assert not issubclass(InvalidAction, IllegalAction) and not issubclass(IllegalAction, InvalidAction)
    assert "InvalidAction" in engine.__all__ and engine.InvalidAction is InvalidAction


@pytest.mark.parametrize("text", ["zz", "", "M", "M0", "M5", "m1", "D0", "D7", "P11", "P21", "P15", "X4", "R1", "S0",
                                  "M1 ", "M12"])
def test_a_text_that_is_no_action_is_invalid_not_illegal(text: str) -> None:
    with pytest.raises(InvalidAction, match="not an action") as caught:
        parse_action(text)
    assert not isinstance(caught.value, IllegalAction)


@pytest.mark.parametrize("text", ["R", "S", "D1", "D6", "M1", "M4", "P12", "P34", "X0", "X3"])
def test_every_action_text_reads_back(text: str) -> None:
    assert action_text(parse_action(text)) == text


def test_a_forbidden_move_is_illegal_not_invalid() -> None:
    state = new_game(CLASSIC, (0, 2), seed=1)
    move = parse_action("M1")  # a well-formed action, but the dice must be rolled first
    with pytest.raises(IllegalAction, match="roll the dice first") as caught:
        apply(state, move)
    assert not isinstance(caught.value, InvalidAction)


def test_a_move_the_rules_forbid_after_the_roll_is_illegal_not_invalid() -> None:
    state = position(CLASSIC, {0: (52, -1, -1, -1), 2: (-1, -1, -1, -1)}, current=0, dice=(6,))
    with pytest.raises(IllegalAction, match="overshoot the finish by 2") as caught:
        apply(state, Move(0))
    assert not isinstance(caught.value, InvalidAction)
    with pytest.raises(IllegalAction, match="pairs do not move together"):
        apply(state, MovePair((0, 1)))


@pytest.mark.parametrize("thing", ["R", None, 3, Roll])
def test_apply_refuses_what_is_no_action_as_invalid(thing: Any) -> None:
    state = new_game(CLASSIC, (0, 2), seed=1)
    with pytest.raises(InvalidAction, match="not an action"):
        apply(state, thing)


def test_the_game_file_names_a_log_entry_that_is_no_action() -> None:
    data = export_game(CLASSIC, (0, 2), 42, ["R", "M1", "R", "M1"])
    log = list(data["log"])
    log[2] = "zz"
    assert verify_game(dict(data, log=log)).problem == "replay: log entry 3 ('zz') is not an action"
    with pytest.raises(InvalidAction):
        export_game(CLASSIC, (0, 2), 42, ["R", "zz"])
    with pytest.raises(IllegalAction):
        export_game(CLASSIC, (0, 2), 42, ["M1"])


def test_a_refusal_names_its_reason_by_code_with_its_values_beside_the_english() -> None:
    """Issue 44, item 5: the service says the reason in the player's language from the code and values; the English
    message stays for logs."""
    state = new_game(CLASSIC, (0, 2), seed=1)
    with pytest.raises(IllegalAction) as early:
        apply(state, Move(0))
    assert (early.value.code, early.value.values, str(early.value)) == ("roll", {}, "roll the dice first")
    with pytest.raises(engine.RulesError) as wrong:
        Rules.preset("classic", end_path=5)
    assert (wrong.value.code, wrong.value.values) == ("strict_only", {"option": "end_path"})


def test_a_refusal_crosses_to_another_process_with_its_code() -> None:
    """A review or an AI's move is worked out in worker processes: an error pickled there keeps its code and values."""
    with pytest.raises(IllegalAction) as early:
        apply(new_game(CLASSIC, (0, 2), seed=1), Move(0))
    with pytest.raises(engine.RulesError) as wrong:
        Rules.preset("classic", dice=3)
    for error in (early.value, wrong.value):
        copy = pickle.loads(pickle.dumps(error))
        assert (type(copy), str(copy), copy.code, copy.values) == (type(error), str(error), error.code, error.values)
