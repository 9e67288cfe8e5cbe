"""Words for players: an account of what happened keeps its newest lines and says how many earlier ones it left
out, in every language."""

from __future__ import annotations

import pytest

from ludo_bot.engine import Event
from ludo_bot.engine import events as ev
from ludo_bot.service.words.text import ACCOUNT_LINES, account

NAMES = {0: "Ann", 1: "Ben"}


def rolls(count: int) -> list[Event]:
    """`count` rolls, the n-th of them a roll of n % 6 + 1 by seat n % 2."""
    return [Event(ev.ROLLED, n % 2, dice=(n % 6 + 1,)) for n in range(count)]


@pytest.mark.parametrize(("lang", "more", "rolled"), [("en", "… and 4 more before", "🎲 Ben rolled 6."),
                                                      ("de", "… und 4 mehr davor", "🎲 Ben würfelt 6.")])
def test_an_account_shows_the_newest_eight_lines_and_how_many_came_before(lang: str, more: str,
                                                                          rolled: str) -> None:
    lines = account(rolls(ACCOUNT_LINES + 4), NAMES, lang=lang).split("\n")
    assert ACCOUNT_LINES == 8 and len(lines) == 1 + 8
    assert lines[0] == more
    assert lines[-1] == rolled  # the newest, which leads to the position on the board


def test_an_account_of_eight_lines_or_fewer_is_whole() -> None:
    assert account(rolls(8), NAMES).split("\n")[0] == "🎲 Ann rolled 1."
    assert len(account(rolls(8), NAMES).split("\n")) == 8
    assert account([], NAMES) == ""


def test_long_lines_keep_the_character_limit_too() -> None:
    names = {0: "A" * 90, 1: "B" * 90}  # lines of 103 characters with their line break: 3 fit in 400
    lines = account(rolls(8), names, limit=400).split("\n")
    assert lines[0] == "… and 5 more before" and len(lines) == 4
    assert sum(len(line) + 1 for line in lines[1:]) <= 400


def test_notes_are_told_where_they_happened_and_never_left_out() -> None:
    notes = [(0, "⌛ Ann ran out of time."), (10, "▶️ forced"), (12, "the end")]
    lines = account(rolls(ACCOUNT_LINES + 4), NAMES, notes=notes).split("\n")
    assert lines[:2] == ["… and 4 more before", "⌛ Ann ran out of time."]  # before the lines kept: it opens them
    assert lines[lines.index("▶️ forced") + 1] == "🎲 Ann rolled 5."  # the 11th roll (n = 10)
    assert lines[-1] == "the end" and len(lines) == 1 + 3 + ACCOUNT_LINES
