"""The languages the bot speaks: each one's code, its CLDR locale, the Discord locales it serves, its catalogue.

A language is one line of `LANGUAGES` and one module `ludo_bot/service/words/locales/<code>.py` holding `TEXTS` (and its
`GLOSSARY`); a line whose module is missing is simply not spoken (not offered in `/ludo settings`, its Discord locales
answered in the server's language). Arabic, Urdu and Bengali are no Discord locales (Discord's client does not offer
them), so they serve none: a server reaches them only through `/ludo settings`.

Counts and numbers follow the Unicode CLDR data of the language's locale, through Babel: `category` gives the plural
category of a count ("one", "few"...), `number` writes a number the language's way ("1.234,5" in German). Digits stay
Latin in every language: the pictures and the buttons number the squares with Latin digits, and a sentence naming a
square must name it as the board shows it.

Times: Discord writes a timestamp (`<t:1700000000:R>`, "in 5 minutes") in the reader's client language, and its client
has no Arabic, Urdu or Bengali, so for those (`WRITTEN_TIMES`) `moment` writes the time itself, in the language:
"خلال 5 دقائق"; a time an hour or more away also gets its date and time in UTC, so that a message read later still
says when ("خلال 5 ساعات (14 نوفمبر 7:05 م UTC)").
"""

from __future__ import annotations

import copy
import functools
import importlib
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from types import ModuleType
from typing import cast

from babel import Locale
from babel.dates import format_date, format_skeleton, format_time, format_timedelta
from babel.numbers import NumberPattern
from babel.units import format_unit

from ludo_bot.service.words.locales.forms import Plural

logger = logging.getLogger(__name__)
Catalogue = Mapping[str, "str | Plural"]
DEFAULT = "en"


@functools.lru_cache(maxsize=32)
def cldr_locale(cldr: str) -> Locale:
    return Locale.parse(cldr)


@dataclass(frozen=True, slots=True)
class Language:
    """A language of the bot: `code` names its catalogue module; `cldr` is the locale its plural rules and number
    formats come from; `discord` the Discord locales whose users it answers (none: reachable by the server's choice
    only); `name` is what it calls itself (the choice in /ludo settings, the same for every reader)."""

    code: str
    cldr: str
    name: str
    discord: tuple[str, ...] = ()

    @property
    def rtl(self) -> bool:
        """Written right to left (CLDR's character order)."""
        return cldr_locale(self.cldr).character_order == "right-to-left"


LANGUAGES: tuple[Language, ...] = (
    Language("en", "en", "English", ("en-US", "en-GB")),
    Language("de", "de", "Deutsch", ("de",)),
    Language("hi", "hi", "हिन्दी", ("hi",)),
    Language("pt", "pt_BR", "Português (Brasil)", ("pt-BR",)),
    Language("es", "es_ES", "Español", ("es-ES", "es-419")),
    Language("id", "id", "Bahasa Indonesia", ("id",)),
    Language("tr", "tr", "Türkçe", ("tr",)),
    Language("fr", "fr", "Français", ("fr",)),
    Language("ru", "ru", "Русский", ("ru",)),
    Language("ar", "ar", "العربية"),
    Language("ur", "ur", "اردو"),
    Language("bn", "bn", "বাংলা"),
)


_CODES = {lang.code: lang for lang in LANGUAGES}


def _catalogue(code: str) -> Catalogue | None:
    """The `TEXTS` of `service.words.locales.<code>`, or None when that module is not there (yet)."""
    try:
        module: ModuleType = importlib.import_module(f"ludo_bot.service.words.locales.{code}")
    except ModuleNotFoundError as missing:
        if missing.name != f"ludo_bot.service.words.locales.{code}":
            raise  # a catalogue that imports something missing is a bug, not a language not written yet
        return None
    return cast(Catalogue, module.TEXTS)


CATALOGUES: Mapping[str, Catalogue] = {lang.code: texts for lang in LANGUAGES
                                       if (texts := _catalogue(lang.code)) is not None}
SPOKEN: Mapping[str, Language] = {lang.code: lang for lang in LANGUAGES if lang.code in CATALOGUES}
_BY_DISCORD = {locale.lower(): lang.code for lang in SPOKEN.values() for locale in lang.discord}
RIGHT_TO_LEFT = frozenset(lang.code for lang in LANGUAGES if lang.rtl)
WRITTEN_TIMES = frozenset(lang.code for lang in LANGUAGES if not lang.discord)  # Discord's client lacks them


@functools.lru_cache(maxsize=128)
def known(locale: str | None) -> str | None:
    """The spoken language of a Discord locale ("pt-BR" -> "pt", "es-419" -> "es", "en-GB" -> "en") or of a language
    code ("ar"); None for a locale the bot has no catalogue for (Japanese, say)."""
    if not locale:
        return None
    wanted = locale.lower()
    if wanted in _BY_DISCORD:
        return _BY_DISCORD[wanted]
    first = wanted.replace("_", "-").split("-")[0]
    return first if first in SPOKEN else None


def language(locale: str | None) -> str:
    """The catalogue for a Discord locale or a language code: its language, else English."""
    return known(locale) or DEFAULT


def categories(code: str) -> frozenset[str]:
    """The CLDR plural categories of a language ("other" always among them)."""
    return frozenset(cldr_locale(_CODES[code].cldr).plural_form.tags) | {"other"}


def category(code: str, count: object) -> str:
    """The plural category of `count` in a language (Russian 21 -> "one", 5 -> "many"; Arabic 0 -> "zero"); a
    `Decimal` counts with the fraction digits it shows (English "1.0 points")."""
    if isinstance(count, bool) or not isinstance(count, int | float | Decimal):
        raise TypeError(f"a count must be a number, not {count!r}")
    if isinstance(count, Decimal):  # (not cached: Decimal("1.0") == Decimal("1"), yet they count differently)
        return str(cldr_locale(_CODES[code].cldr).plural_form(count))
    return _category(code, count)


# Babel's rules and formats cost 5 to 40 µs a call; sentences count and number the same few values again and again
@functools.lru_cache(maxsize=4096, typed=True)
def _category(code: str, count: int | float) -> str:
    return str(cldr_locale(_CODES[code].cldr).plural_form(count))


def number(code: str, value: int | float | Decimal, spec: str = "") -> str:
    """`value` written the language's way: its grouping and decimal mark, Latin digits; a `.Nf` spec fixes the
    fraction digits ("{mu:.1f}"), as does a `Decimal` (the digits it has); any other spec is Python's own."""
    if not spec and type(value) is int and 0 <= value < 1000:
        return str(value)  # no grouping, no sign, no fraction: the same in every language (most numbers in play)
    return _number(code, value, spec)


@functools.lru_cache(maxsize=4096, typed=True)
def _number(code: str, value: int | float | Decimal, spec: str) -> str:
    locale = cldr_locale(_CODES[code].cldr)
    pattern: NumberPattern = locale.decimal_formats[None]
    exponent = value.as_tuple().exponent if isinstance(value, Decimal) else None
    if not spec and isinstance(exponent, int):
        spec = f".{max(0, -exponent)}f"
    if spec:
        if not (spec.startswith(".") and spec.endswith("f") and spec[1:-1].isdigit()):
            return format(value, spec)
        pattern = copy.copy(pattern)
        pattern.frac_prec = (int(spec[1:-1]),) * 2
    return str(pattern.apply(value, locale, numbering_system="latn"))


def duration(code: str, seconds: int) -> str:
    """A length of time in a language's words, in its largest whole unit: "1 day" for 1,440 minutes, "90 minutes"
    (Babel's units, their plural forms, Latin digits)."""
    locale = cldr_locale(_CODES[code].cldr)
    for unit, size in (("day", 86400), ("hour", 3600)):
        if seconds and seconds % size == 0:
            return format_unit(seconds // size, f"duration-{unit}", locale=locale, numbering_system="latn")
    return format_unit(seconds // 60, "duration-minute", locale=locale, numbering_system="latn")


def moment(code: str, at: float, style: str, now: float) -> str:
    """The time `at` (Unix seconds) in a language's words, for what Discord's timestamp `<t:at:style>` would show:
    "R" relative to `now` ("in 5 minutes"; an hour or more away, with its UTC day and time after it), "d"/"D" a
    date, "t"/"T" a time, "f"/"F" both, in UTC (the bot cannot know the reader's time zone)."""
    locale = cldr_locale(_CODES[code].cldr)
    when = datetime.fromtimestamp(at, UTC)
    if style in ("d", "D"):
        return format_date(when, "medium" if style == "d" else "long", locale=locale)
    clock = format_time(when, "medium" if style in ("T", "F") else "short", tzinfo=UTC, locale=locale) + " UTC"
    if style in ("t", "T"):
        return clock
    if style != "R":
        return format_skeleton("yMMMd", when, locale=locale) + " " + clock
    # seconds under a minute ("in 10 seconds", where minutes would round a 10 s wait up to "in 1 minute"), then minutes
    relative = format_timedelta(timedelta(seconds=round(at - now)),
                                granularity="second" if abs(at - now) < 60 else "minute", threshold=1.5,
                                add_direction=True, locale=locale)
    return relative if abs(at - now) < 3600 else f"{relative} ({format_skeleton('MMMd', when, locale=locale)} {clock})"
