"""The engine's reasons inside a refusal (issue 44, item 5): a `RulesError` or `IllegalAction` carries a code and
its values, and the player reads the reason in their own language, never the engine's English (kept for logs)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from ludo_bot import engine
from ludo_bot.engine import IllegalAction, Move, Resign, Rules, RulesError, apply, new_game, roll_with
from ludo_bot.engine.rules import check_seats
from ludo_bot.service.errors import reason
from ludo_bot.service.words.i18n import CATALOGUES, DEFAULT, translate

OTHERS = sorted(code for code in CATALOGUES if code != DEFAULT)


def _rules(call: Callable[[], object]) -> RulesError:
    with pytest.raises(RulesError) as caught:
        call()
    return caught.value


def _illegal(state: engine.GameState, action: engine.Action) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    return caught.value


def rules_errors() -> list[RulesError]:
    """One of each problem a /ludo start, /ludo settings or a tournament can run into."""
    return [_rules(lambda: Rules.preset("classic", end_path=5)), _rules(lambda: Rules.preset("classic", nope=1)),
            _rules(lambda: Rules.preset("simple")), _rules(lambda: Rules.preset("classic", dice=3)),
            _rules(lambda: Rules.preset("star", stacking="allowed")), _rules(lambda: Rules.preset("twodice", dice=1)),
            _rules(lambda: check_seats((0, 1, 2, 3, 4))), _rules(lambda: check_seats((0, 0))),
            _rules(lambda: check_seats((0, 2), Rules(teams=True)))]


def illegal_actions() -> list[IllegalAction]:
    """Refused actions: before the roll, a token number that is none, a token in the yard without a 6, a seat that
    does not play, dice these rules do not roll."""
    start = new_game(Rules.preset("classic"), (0, 2), seed=1)
    entered = apply(roll_with(start, (6,)).state, Move(0)).state  # token 1 out, a bonus roll
    moving = roll_with(entered, (3,)).state
    with pytest.raises(IllegalAction) as dice:
        roll_with(start, (3, 4))
    return [_illegal(start, Move(0)), _illegal(moving, Move(7)), _illegal(moving, Move(1)),
            _illegal(start, Resign(1)), dice.value]


def test_every_engine_error_names_its_code_and_keeps_its_english_for_the_logs() -> None:
    errors: list[RulesError | IllegalAction] = [*rules_errors(), *illegal_actions()]
    assert [error.code for error in errors] == [
        "strict_only", "unknown_option", "unknown_preset", "value", "pairs_need_blocks", "two_dice_only",
        "seat_count", "seat_numbers", "teams_seats", "roll", "token_number", "enter", "not_playing", "dice_values"]
    assert str(errors[0]) == "end_path: only the strict preset takes an end path length"
    assert errors[11].values == {"tokens": "2", "moving": "token", "detail": 6}


@pytest.mark.parametrize("code", OTHERS)
def test_a_refusal_gives_the_engines_reason_in_the_readers_language(code: str) -> None:
    english_words = re.compile(r"\b(?:only|must|token|pair|seats?|needs?|roll|dice|not|playing)\b")
    for error in rules_errors():
        text = translate(code, "refused.rules", error=reason(error))
        assert str(error) not in text and not english_words.search(re.sub(r"`[^`]*`", "", text)), text
    for illegal in illegal_actions():
        text = translate(code, "refused.illegal", error=reason(illegal))
        assert str(illegal) not in text and not english_words.search(text), text


def test_the_english_reason_names_the_option_and_the_tokens() -> None:
    first, *_ = rules_errors()
    assert translate(DEFAULT, "refused.rules", error=reason(first)) == (
        "Those rules do not work together: `end_path` (the length of the home column) goes with the strict preset only")
    enter = illegal_actions()[2]
    assert translate("de", "refused.illegal", error=reason(enter)) == (
        "Nicht erlaubt: Figur 2 braucht eine 6, um rauszukommen.")
    assert translate("ur", "refused.illegal", error=reason(illegal_actions()[3])).count("سبز") == 1
