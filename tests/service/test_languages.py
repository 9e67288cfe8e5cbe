"""The languages' data (issue 25): the registry, CLDR plural forms picked through Babel, numbers written the
language's way, counted templates in the alt text and the pictures."""

from __future__ import annotations

import re
import time
from decimal import Decimal

import pytest

from ludo_bot import engine
from ludo_bot.engine.describe import PHRASES, describe_position
from ludo_bot.render import WORDS, BoardView
from ludo_bot.service.words.i18n import (
    CATALOGUES,
    DEFAULT,
    FSI,
    PDI,
    SPOKEN,
    Terms,
    known,
    templates,
    translate,
    translate_for_picture,
)
from ludo_bot.service.words.languages import LANGUAGES, WRITTEN_TIMES, categories, category, moment, number
from ludo_bot.service.words.locales.forms import Plural

DISCORD_LOCALES = {"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no",
                   "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN",
                   "ja", "zh-TW", "ko"}


def test_the_twelve_languages_and_the_discord_locales_they_serve() -> None:
    assert [lang.code for lang in LANGUAGES] == ["en", "de", "hi", "pt", "es", "id", "tr", "fr", "ru", "ar", "ur", "bn"]
    served = {locale: lang.code for lang in LANGUAGES for locale in lang.discord}
    assert served.keys() <= DISCORD_LOCALES  # a Discord locale or nothing
    assert served["pt-BR"] == "pt" and served["es-ES"] == served["es-419"] == "es"
    assert {lang.code for lang in LANGUAGES if not lang.discord} == {"ar", "ur", "bn"}  # reached by the setting only
    assert [lang.code for lang in LANGUAGES if lang.rtl] == ["ar", "ur"]
    assert {DEFAULT, "de", "pt"} <= SPOKEN.keys() and SPOKEN.keys() == CATALOGUES.keys()


@pytest.mark.parametrize(("locale", "code"), [("pt-BR", "pt"), ("en-GB", "en"), ("de", "de"), ("ja", None),
                                              ("", None), (None, None), ("pt", "pt")])
def test_a_discord_locale_or_a_code_finds_its_catalogue(locale: str | None, code: str | None) -> None:
    assert known(locale) == code


@pytest.mark.parametrize(("code", "counts"), [
    ("ru", {1: "one", 2: "few", 5: "many", 11: "many", 21: "one", 22: "few", 1.5: "other"}),
    ("ar", {0: "zero", 1: "one", 2: "two", 3: "few", 11: "many", 100: "other"}),
    ("pt", {0: "one", 1: "one", 2: "other", 1_000_000: "many"}),
    ("fr", {0: "one", 1: "one", 2: "other"}),
    ("en", {0: "other", 1: "one", 2: "other", 2.5: "other"}),
    ("id", {1: "other", 2: "other"}),
    ("hi", {0: "one", 1: "one", 2: "other"}),
])
def test_counts_pick_the_cldr_plural_category(code: str, counts: dict[int | float | Decimal, str]) -> None:
    assert {count: category(code, count) for count in counts} == counts
    assert set(counts.values()) <= categories(code)


def test_a_decimal_counts_with_the_fraction_digits_it_shows() -> None:
    assert (category("en", Decimal("1")), category("en", Decimal("1.0"))) == ("one", "other")  # "1.0 points"
    assert translate("en", "review.decision", n=1, move=2, played="a", best="b", cost=Decimal("1.0")).endswith(
        "(−1.0 points)")


def test_a_count_must_be_a_number() -> None:
    with pytest.raises(TypeError):
        category("en", "3")
    with pytest.raises(TypeError):
        category("en", True)


@pytest.mark.parametrize(("code", "value", "spec", "written"), [
    ("en", 1234567, "", "1,234,567"), ("de", 1234567, "", "1.234.567"), ("pt", 1234.5, ".1f", "1.234,5"),
    ("fr", 1234567, "", "1\u202f234\u202f567"), ("ru", 1234.5, ".2f", "1\xa0234,50"), ("hi", 1234567, "", "12,34,567"),
    ("bn", 1234567, "", "12,34,567"),  # Latin digits, as on the board, with the Indian grouping
    ("ar", 1234.5, ".1f", "1,234.5"), ("tr", Decimal("3.0"), "", "3,0"), ("en", 7, "03d", "007"),
])
def test_numbers_are_written_the_languages_way(code: str, value: int | float | Decimal, spec: str,
                                               written: str) -> None:
    assert number(code, value, spec) == written


def test_ids_timestamps_and_mentions_are_never_written_as_numbers() -> None:
    """A number inside Discord markup stays as it is: a grouped user id would be no mention, a grouped timestamp
    no time."""
    text = translate("de", "leaderboard.rated", place=1, user=123456789012345678, wins=1234, ordinal=1234.5)
    assert text == "1. <@123456789012345678> — 1.234 Siege · Wertung **1.234,5**"
    assert translate("de", "refused.wait_verify", at=1700000000, seconds=1500).endswith(
        "<t:1700000000:R> wieder (in 1.500 s).")


def test_counted_templates_pick_their_form_where_the_engine_and_render_fill_them() -> None:
    """The alt text (engine.describe) and the pictures (render) fill their templates themselves: a counted one is a
    str whose format picks the form for its count."""
    phrases = templates("en", "describe.", PHRASES)
    assert phrases["turns_left"].format(n=1) == "1 turn left" and phrases["turns_left"].format(n=3) == "3 turns left"
    state = engine.position(engine.Rules.preset("star", turn_limit=10), {0: (5, -1, -1, -1), 2: (-1,) * 4},
                            current=0, dice=(6,))
    assert "turns left" in describe_position(state, phrases=phrases)
    german = templates("de", "describe.", PHRASES)
    assert german["score"].format(n=1) == "1 Punkt" and german["score"].format(n=2) == "2 Punkte"
    view = BoardView(words=templates("de", "board.", WORDS))
    assert view.word("chart_title", moves=1) == "Gewinnchancen über 1 Zug"
    assert view.word("chart_title", moves=80) == "Gewinnchancen über 80 Züge"


def test_a_wait_the_bot_writes_is_one_time_in_seconds_under_a_minute() -> None:
    """Issue 44, item 6: "1 منٹ میں دوبارہ کوشش کریں (10 سیکنڈ میں)" named a 10 s wait twice, the first rounded up
    to a minute. Where the bot writes the time, a wait is said once: in seconds under a minute, then in minutes."""
    now = time.time()
    urdu = translate("ur", "refused.wait_board", at=now + 10.3, seconds=11)
    assert urdu == f"آپ نے ابھی ابھی /ludo board استعمال کیا: {FSI}10 سیکنڈ میں{PDI} دوبارہ کوشش کریں۔"
    arabic = translate("ar", "refused.wait_verify", at=now + 10.3, seconds=11)
    assert arabic == f"استخدمت /ludo verify قبل لحظات: حاول مرة أخرى {FSI}خلال 10 ثوانٍ{PDI}."
    assert translate("bn", "refused.wait_replay", at=now + 300.3, seconds=301).endswith(" 5 মিনিটে।")
    # where Discord writes the time (in the reader's client language), the seconds stay beside its timestamp
    assert translate("de", "refused.wait_board", at=1700000010, seconds=10).endswith(
        "<t:1700000010:R> wieder (in 10 s).")


def test_a_sentence_for_a_picture_is_drawn_without_isolates() -> None:
    assert translate_for_picture("de", "game.caption", id="abc12", ply=1234) == "Spiel abc12 · Zug 1.234"


def test_where_discords_client_lacks_the_language_the_bot_writes_the_times() -> None:
    """Discord writes `<t:…:R>` in the reader's client language, and its client has no Arabic, Urdu or Bengali
    ("ينتهي الدور in 5 minutes"): in those the bot writes the time in the language; elsewhere Discord does."""
    assert sorted(WRITTEN_TIMES) == ["ar", "bn", "ur"]
    now = time.time()
    assert translate("bn", "status.deadline", at=int(now) + 300) == " (দান শেষ হবে 5 মিনিটে)"
    assert translate("ar", "alert.deadline", at=int(now) + 300) == f"ينتهي دورك {FSI}خلال 5 دقائق{PDI}."
    assert translate("de", "status.deadline", at=1700000000) == " (Zug endet <t:1700000000:R>)"
    # hours ahead, a message read later still says when: its day and time in UTC
    later = moment("ur", 1700000000 + 5 * 3600, "R", 1700000000)
    assert later == "5 گھنٹے میں (15 نومبر 3:13 AM UTC)"  # (1700000000: 14 November 2023, 22:13 UTC)
    assert moment("bn", 1700000000, "d", 0) == "14 নভে, 2023"
    for code in WRITTEN_TIMES:
        for key, entry in CATALOGUES[code].items():
            for template in entry.forms.values() if isinstance(entry, Plural) else [entry]:
                for name in re.findall(r"<t:\{(\w+)\}", template):
                    values = {field: 1 for field in re.findall(r"\{(\w+)", template)} | {name: int(now) + 60}
                    assert "<t:" not in translate(code, key, **values), (code, key)


def test_a_list_of_terms_reads_the_languages_way() -> None:
    """The permissions the bot lacks (issue 43), named in one list: commas, then the language's "and"."""
    lacking = Terms(("perm.view_channel", "perm.send_messages", "perm.attach_files"))
    assert "View Channel, Send Messages and Attach Files." in translate("en", "refused.bot_permissions",
                                                                        missing=lacking)
    assert "Kanal ansehen, Nachrichten senden und Dateien anhängen." in translate("de", "refused.bot_permissions",
                                                                                  missing=lacking)
    assert "View Channel، Send Messages وAttach Files" in translate("ar", "refused.bot_permissions", missing=lacking)
