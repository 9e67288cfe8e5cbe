"""The catalogues as native players read them (issue 35): each kind of slip a reader found is a rule here, checked in
every catalogue, so that no sentence written later brings it back."""

from __future__ import annotations

import importlib
import re

import pytest

from ludo_bot.bot.commands import ludo
from ludo_bot.service.words.i18n import CATALOGUES, DEFAULT, SPOKEN, translate
from ludo_bot.service.words.languages import RIGHT_TO_LEFT
from ludo_bot.service.words.locales.forms import Plural

LANGUAGES = sorted(CATALOGUES)
OTHERS = [code for code in LANGUAGES if code != DEFAULT]
# Hindi, Urdu and Bengali put their case endings after the word: a colour adjective there would need its oblique
# form ("पीले"), which a filled-in word cannot take
POSTPOSITIONS = {
    "hi": r"\s*(?:ने|की|को|का|के|से|में|पर)(?!\S)",
    "ur": r"\s*(?:نے|کی|کو|کا|کے|سے|میں|پر)(?!\S)",
    "bn": r"-?(?:এর|কে|র|য়ের|ের|তে|য়)(?!\S)",
}
# the placeholders a number fills (a token's number, squares, counts), and `what`, which ends in one ("token 2")
NUMBERS = {"token", "start", "end", "square", "of", "n", "value", "ply", "seats", "most", "low", "high", "minutes",
           "points", "home", "track", "place", "wins", "games", "count", "misses", "turn", "reminder", "moves",
           "squares", "tokens", "left", "actions", "decisions", "share", "error", "move", "cost", "seconds",
           "what", "a", "b"}
FIELD = r"\{(\w+)(?:[:!][^{}]*)?\}"


def forms(code: str, key: str) -> list[str]:
    entry = CATALOGUES[code][key]
    return list(entry.forms.values()) if isinstance(entry, Plural) else [entry]


def sentences(code: str) -> list[tuple[str, str]]:
    return [(key, form) for key in CATALOGUES[code] for form in forms(code, key)]


def glossary(code: str) -> dict[str, str]:
    found: dict[str, str] = importlib.import_module(f"ludo_bot.service.words.locales.{code}").GLOSSARY
    return found


@pytest.mark.parametrize("code", sorted(POSTPOSITIONS))
def test_no_colour_stands_before_a_postposition(code: str) -> None:
    """"पीला की बारी" needs "पीले"; the sentences put the colour where it keeps the form a dictionary gives."""
    before = re.compile(r"\{colour\}" + POSTPOSITIONS[code])
    assert [key for key, form in sentences(code) if before.search(form)] == []
    # an AI seat's name stands for {who}, which the events put before ने/کی/এর: it must not end in its colour
    colours = [translate(code, f"colour.{c}") for c in ("red", "green", "yellow", "blue")]
    for colour in colours:
        name = translate(code, "seat.ai", colour=colour, level=translate(code, "ai.expert"))
        assert not re.search(re.escape(colour) + r"\s*\S*$", name.rsplit("(", 1)[0].strip()), name


def test_arabic_colours_carry_their_article() -> None:
    """"اللون {colour}", "الدور على {colour}": an adjective after a definite noun takes the article too."""
    assert all(translate("ar", f"colour.{c}").startswith("ال") for c in ("red", "green", "yellow", "blue"))


@pytest.mark.parametrize("code", OTHERS)
def test_buttons_speak_the_language_unless_the_glossary_keeps_the_loanword(code: str) -> None:
    loans = {word.casefold() for word in glossary(code).values()}
    english = CATALOGUES[DEFAULT]
    same = [key for key in english if key.startswith("button.") and CATALOGUES[code][key] == english[key]
            and str(english[key]).casefold() not in loans]
    assert same == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rating_is_named_neither_like_the_score_nor_like_the_ranking(code: str) -> None:
    """Spanish "puntuación" is the score, French "classement" the ranking: the skill rating needs its own word."""
    rating = forms(code, "stats.rating")[0].split("**")[0].strip(" :").casefold()
    score = re.sub(FIELD, "", forms(code, "describe.score")[-1]).strip(" :").casefold()
    board = forms(code, "leaderboard.head")[0].split("**")[1].casefold()
    assert rating and rating not in score and score not in rating, (rating, score)
    assert rating not in board, (rating, board)


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_two_numbers_stand_side_by_side(code: str) -> None:
    """"গুটি 2 14 থেকে": a number right after another reads as one; a word (or a sign) goes between."""
    side_by_side = re.compile(FIELD + r"\s+" + FIELD)
    found = [(key, form) for key, form in sentences(code) for a, b in side_by_side.findall(form)
             if a in NUMBERS and b in NUMBERS]
    assert found == []


def shown_choices(code: str) -> set[str]:
    """Every choice name the reader's Discord client shows: the language's own where Discord has the language
    (the bot gives Discord those names), English where it does not (Arabic, Urdu, Bengali)."""
    shown = code if SPOKEN[code].discord else DEFAULT
    return {translate(shown, key) for key in CATALOGUES[DEFAULT] if key.startswith("choice.")}


@pytest.mark.parametrize("code", LANGUAGES)
def test_commands_are_named_as_the_readers_client_shows_them(code: str) -> None:
    """`/ludo notify alerts:off`: the command and option names are English everywhere, the choice is the one the
    reader's client lists (never a translation their client does not show)."""
    commands = {command.name: command for command in ludo.commands}
    typed = re.compile(r"/ludo (\w+)((?: \w+:[^\s`]+)*)")
    checked = 0
    for key, form in sentences(code):
        for name, options in typed.findall(form):
            assert name in commands, (key, name)
            for option, choice in re.findall(r" (\w+):([^\s`]+)", options):
                assert option in {p.name for p in commands[name].parameters}, (key, option)  # type: ignore[union-attr]
                assert choice in shown_choices(code), (key, choice)
                checked += 1
    assert checked >= 3  # notify.on, alert.stop, alert.refused


PLURAL_YOU = {  # a private answer speaks to one player, as every other does
    "de": r"\b(?:ihr|euch|eure?|versucht|spielt|beendet es|brecht)\b",
    "ru": r"\b(?:вы|вам|попробуйте|доиграйте|завершите|отмените)\b",
    "tr": r"\b(?:deneyin|bitirin|sonlandırın|edin|seçin)\b",
    "pt": r"\b(?:tentem|vocês)\b",
    "ar": r"حاولوا|أكملوا",
}


@pytest.mark.parametrize("code", sorted(PLURAL_YOU))
def test_refusals_speak_to_one_player(code: str) -> None:
    plural_you = re.compile(PLURAL_YOU[code], re.IGNORECASE)
    to_two = {"refused.side_by_side"}  # ("one of you": the two players of a lobby)
    assert [key for key, form in sentences(code)
            if key.startswith("refused.") and key not in to_two and plural_you.search(form)] == []


def test_russian_captures_as_ludo_players_say_it() -> None:
    """"рубить" is the draughts word; Ludo players knock a token off ("сбить") or eat it ("съесть")."""
    assert [key for key, form in sentences("ru") if re.search(r"руб", form)] == []
    assert "сбивает" in translate("ru", "event.captured", who="Аня", victims="фишку 2")


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_sign_up_names_its_buttons_as_they_show(code: str) -> None:
    """"Press Join to play": the words of the tournament's sign-up are the labels on its buttons."""
    foot = translate(code, "tourney.signup_foot")
    assert translate(code, "button.join") in foot and translate(code, "button.start") in foot, foot


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_format_refused_is_answered_with_the_choices_the_readers_client_lists(code: str) -> None:
    """Discord lists /ludo tournament create's formats in the reader's language where it has one, else in English
    (Arabic, Urdu, Bengali): the refusal names them so."""
    listed = code if SPOKEN[code].discord else DEFAULT
    refusal = translate(code, "refused.tourney_format")
    assert all(translate(listed, f"choice.format.{name}") in refusal for name in ("knockout", "swiss")), refusal


def test_french_puts_a_no_break_space_before_double_punctuation() -> None:
    """« : ; ! ? » and "%" take a no-break space before them in French messages (the pictures' words keep plain
    spaces: they are laid out by the picture)."""
    plain = re.compile(r" [:;!?»%]|« ")
    assert [key for key, form in sentences("fr")
            if not key.startswith(("board.", "standing.")) and plain.search(form)] == []


@pytest.mark.parametrize("code", sorted(RIGHT_TO_LEFT))
def test_no_slash_stands_between_two_values_right_to_left(code: str) -> None:
    """"3/64" in an Arabic line reads "64/3": each value is isolated, so the two swap around a slash."""
    slash = re.compile(FIELD + r"\s*/\s*" + FIELD)
    assert [key for key, form in sentences(code) if slash.search(form)] == []
