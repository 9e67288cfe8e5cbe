"""Languages: every player-facing sentence is a key of one translation table. No Discord here.

`translate(locale, key, **values)` fills the template of `key` in the catalogue of `locale`'s language: a Discord
locale ("pt-BR", "es-419") or a language code ("ar"), English where the bot has no catalogue
(`service.words.languages` lists the languages; `ludo_bot/service/words/locales/<code>.py` holds each one's `TEXTS`).
Command descriptions come from the same table through `bot.plumbing.translator.LudoTranslator`.

What a template is:
- a `str.format` template, or, for a sentence whose words follow a count, a `Plural`
  (`service.words.locales.forms`): the value its `count` names picks the form by the CLDR plural rules of the
  language ("1 game", "2 games"; Russian 1 and 21 "one", 2 "few", 5 "many"). A sentence with two counts is made
  of counted pieces ("stats.games", "stats.wins"), each a `Plural` of its own;
- numbers filled in are written the language's way through Babel ("1.234", "2,5" in German; "{mu:.1f}" keeps its
  fraction digits), with Latin digits; a number inside Discord markup (a mention `<@{user}>`, a channel
  `<#{channel}>`, a timestamp `<t:{at}:R>`, a code span such as `` `{id}` ``) is left as it is.
- a timestamp `<t:{at}:R>` is Discord's to write, in the reader's client language; Discord's client has no Arabic,
  Urdu or Bengali, so in those the bot writes the time itself in the language's words
  (`service.words.languages.moment`: "خلال 5 دقائق"), not a timestamp whose words would be another language's.

Right to left (Arabic, Urdu): every filled-in value is wrapped in Unicode directional isolates (FSI U+2068 ... PDI
U+2069), so a mention, a number or a game id inside an Arabic sentence keeps its place and its own direction, and a
name in another script cannot pull the words around it out of order. The isolates go around the whole markup
(`<FSI><@123><PDI>`, around a code span), never inside it: Discord still reads the mention, and a game id copied from
its code span has no invisible characters. Left-to-right languages get none: their mentions, numbers and ids read in
order without them, and every isolate is two characters more of Discord's 2000 (tests/bot/test_rtl.py measures
both). Players' names written in right-to-left letters are the exception: the bot isolates them in every language
(`isolated`), as such a name pulls the number beside it to its side in any sentence. `translate_for_picture` fills a
sentence for a picture, never with isolates: render lays out its words itself, and an isolate is a character a font
may lack.

Which language:
- public messages everyone in a channel sees (the lobby and live game messages, turn mentions, deadline reminders,
  game over, /ludo end, history, leaderboard) speak the server's language: the one chosen in /ludo settings, else
  the server's Discord locale. A lobby stores it when it opens (`LobbyRecord.locale`) and its game keeps it
  (`GameRecord.locale`), so the deadline worker, which has no interaction, and every later message of a game speak
  the same language;
- private answers (ephemeral replies, refusals and errors, the spectator view, /ludo stats and rules) speak the
  Discord locale of the user who asked where the bot has a catalogue for it, else the server's language.

Domain code raises `Phrase` errors (a key and its values) and the adapter translates them where it answers.
Adding a language: docs/maintainers/languages.md.
"""

from __future__ import annotations

import functools
import re
import time
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType

from ludo_bot.service.words import languages
from ludo_bot.service.words.languages import (
    CATALOGUES,
    DEFAULT,
    RIGHT_TO_LEFT,
    SPOKEN,
    WRITTEN_TIMES,
    category,
    known,
    language,
    moment,
    number,
)
from ludo_bot.service.words.locales.forms import Plural

__all__ = ["CATALOGUES", "COLOUR_KEYS", "DEFAULT", "FSI", "PDI", "SPOKEN", "Phrase", "Term", "Terms", "colour",
           "directionless", "duration", "isolated", "known", "language", "templates", "translate",
           "translate_for_picture"]

COLOUR_KEYS = ("colour.red", "colour.green", "colour.yellow", "colour.blue")  # by seat
FSI, PDI = "\u2068", "\u2069"  # first strong isolate, pop directional isolate
MARKUP = re.compile(r"<(?:@[!&]?|#|t:)[^<>]*>|`[^`\n]*`")  # Discord's mentions and timestamps, code spans
FIELD = re.compile(r"\{(\w+)([!:][^{}]*)?\}")
TIMESTAMP = re.compile(r"<t:\{(\w+)\}:([tTdDfFR])>")  # a timestamp of a filled-in time
_NUMBERS = (int, float, Decimal)  # the values written the language's way


@dataclass(frozen=True, slots=True)
class Term:
    """A value that is itself a key, translated along with the sentence it fills (a colour name), with values of
    its own where it has any (the engine's reason inside a refusal: `Term("rules_error.value", option="dice")`)."""

    key: str
    values: Mapping[str, object] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True, slots=True)
class Terms:
    """Values that are keys, translated and listed the language's way ("A, B and C": `word.comma`, then `word.and`
    before the last)."""

    keys: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class _Form:
    """A template as filled: `text` (with isolates placed, for a right-to-left language); `raw`, the fields inside
    markup, filled as they are; `plain`, the fields without a format spec."""

    text: str
    raw: frozenset[str]
    plain: frozenset[str]


@functools.lru_cache(maxsize=4096)
def _form(template: str, isolate: bool) -> _Form:
    raw = frozenset(field[1] for markup in MARKUP.finditer(template) for field in FIELD.finditer(markup[0]))
    plain = frozenset(field[1] for field in FIELD.finditer(template) if not field[2])
    if not isolate:
        return _Form(template, raw, plain)
    parts, done = [], 0
    for markup in MARKUP.finditer(template):
        parts.append(FIELD.sub(lambda field: FSI + field[0] + PDI, template[done:markup.start()]))
        parts.append(FSI + markup[0] + PDI if FIELD.search(markup[0]) else markup[0])
        done = markup.end()
    parts.append(FIELD.sub(lambda field: FSI + field[0] + PDI, template[done:]))
    return _Form("".join(parts), raw, plain)


class _Number:
    """A number filled into a sentence, written the language's way (`service.words.languages.number`)."""

    __slots__ = ("code", "value")

    def __init__(self, code: str, value: int | float | Decimal) -> None:
        self.code, self.value = code, value

    def __format__(self, spec: str) -> str:
        return number(self.code, self.value, spec)


class _Moment:
    """A time filled into a sentence of a language Discord's client lacks, written in its words
    (`service.words.languages.moment`); the format spec is the timestamp's style."""

    __slots__ = ("code", "value")

    def __init__(self, code: str, value: float) -> None:
        self.code, self.value = code, value

    def __format__(self, style: str) -> str:
        return moment(self.code, self.value, style, time.time())


@functools.lru_cache(maxsize=256)
def _timeless(template: str) -> tuple[str, frozenset[str]]:
    """A template whose timestamps (`<t:{at}:R>`) are fields the bot writes (`{at:R}`), and their names."""
    names = frozenset(found[1] for found in TIMESTAMP.finditer(template))
    return TIMESTAMP.sub(lambda found: "{" + found[1] + ":" + found[2] + "}", template), names


def _fill(code: str, key: str, values: Mapping[str, object], isolate: bool) -> str:
    entry = CATALOGUES[code][key]
    if isinstance(entry, Plural):
        entry = entry.forms[category(code, values[entry.count])]
    if not values:
        return entry
    if code in WRITTEN_TIMES and "<t:" in entry:
        entry, times = _timeless(entry)
        values = {name: _Moment(code, value) if name in times and isinstance(value, int | float) else value
                  for name, value in values.items()}
    form = _form(entry, isolate)
    filled = {name: _value(code, name, value, form, isolate) for name, value in values.items()}
    return form.text.format(**filled)


def _value(code: str, name: str, value: object, form: _Form, isolate: bool) -> object:
    # the common cases first, a translate call being on every click's path: text, markup, and a small count, which
    # every language writes as its digits
    if type(value) is str or name in form.raw or (type(value) is int and 0 <= value < 1000 and name in form.plain):
        return value
    if isinstance(value, Term):
        return _fill(code, value.key, value.values, isolate and bool(value.values))
    if isinstance(value, Terms):
        return _listed(code, [_fill(code, key, {}, False) for key in value.keys])
    if isinstance(value, bool) or not isinstance(value, _NUMBERS):
        return value
    return _Number(code, value)


def _listed(code: str, names: list[str]) -> str:
    """`names` as one list of the language ("A, B and C")."""
    if not names:
        return ""
    listed = names[-1]
    if len(names) > 1:
        head = names[0]
        for name in names[1:-1]:
            head = _fill(code, "word.comma", {"a": head, "b": name}, False)
        listed = _fill(code, "word.and", {"a": head, "b": listed}, False)
    return listed


def translate(locale: str | None, key: str, **values: object) -> str:
    """The sentence `key` in `locale`'s language with `values` filled in, for Discord (`KeyError` for an unknown
    key): a counted sentence takes its form from its count, numbers are written the language's way, and in a
    right-to-left language each value sits in directional isolates."""
    code = language(locale)
    return _fill(code, key, values, code in RIGHT_TO_LEFT)


def duration(locale: str | None, seconds: int) -> str:
    """A length of time in `locale`'s language, in its largest whole unit ("1 day", not "1,440 min")."""
    return languages.duration(language(locale), seconds)


def translate_for_picture(locale: str | None, key: str, **values: object) -> str:
    """The sentence `key` for a picture: as `translate`, without directional isolates (the picture lays out its
    words itself)."""
    return _fill(language(locale), key, values, False)


# the characters that set the direction of the text after them: embeddings and overrides (U+202A-U+202E), isolates
# (U+2066-U+2069) and the marks (LRM, RLM, ALM); a name that carried them could turn a sentence around it
DIRECTION_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def directionless(name: str) -> str:
    """A player's name without the characters that would change the direction of the text around it (a name ending
    in U+202E, RIGHT-TO-LEFT OVERRIDE, would show the rest of an English sentence backwards)."""
    return DIRECTION_CONTROLS.sub("", name)


@functools.lru_cache(maxsize=4096)  # the same few names, in every message of a game
def isolated(locale: str | None, text: str) -> str:
    """A player's name as a value of its own: in directional isolates in a right-to-left language, and wherever the
    name has right-to-left letters. The lists the code joins itself put numbers beside names ("فاطمة 5; Bob 6"),
    and an Arabic or Urdu name takes the number after it to its own side even in an English sentence ("5 فاطمة";
    tests/bot/test_rtl.py measures it); a name in left-to-right letters reads in place in a left-to-right one."""
    if language(locale) in RIGHT_TO_LEFT or any(unicodedata.bidirectional(c) in ("R", "AL") for c in text):
        return FSI + text + PDI
    return text


@functools.lru_cache(maxsize=256)  # a message names colours six times (a third of a click's sentences filled)
def colour(locale: str | None, seat: int) -> str:
    """A seat's colour name as a sentence has it ("red"; German capitalizes its nouns: "Rot")."""
    return translate(locale, COLOUR_KEYS[seat])


class _Counted(str):
    """A counted template for code that fills its templates itself (`engine.describe`, `render`): a `str` (its
    "other" form) whose `format` takes the form its count asks for."""

    plural: Plural
    code: str

    def __new__(cls, plural: Plural, code: str) -> _Counted:
        made = super().__new__(cls, plural.forms["other"])
        made.plural, made.code = plural, code
        return made

    def format(self, *args: object, **kwargs: object) -> str:
        return self.plural.forms[category(self.code, kwargs[self.plural.count])].format(*args, **kwargs)


def templates(locale: str | None, prefix: str, keys: Iterable[str]) -> Mapping[str, str]:
    """The templates `prefix + k` for each of `keys`, keyed by `k`: the phrases `engine.describe` and `render`
    take from their caller (their English defaults name the keys); a counted one picks its form when filled. Made
    once per language, prefix and keys (building them was 0.8 % of a bot process's CPU under `benchmarks.load`);
    read-only."""
    return _templates(language(locale), prefix, tuple(keys))


@functools.lru_cache(maxsize=64)
def _templates(code: str, prefix: str, keys: tuple[str, ...]) -> Mapping[str, str]:
    table = CATALOGUES[code]

    def made(entry: str | Plural) -> str:
        return _Counted(entry, code) if isinstance(entry, Plural) else entry

    return MappingProxyType({k: made(table[prefix + k]) for k in keys})


class Phrase(Exception):
    """An error whose message is for a player: a table key and its values, translated where it is answered
    (`str()` gives the English)."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(translate(DEFAULT, key, **values))
        self.key = key
        self.values = values

    def text(self, locale: str | None) -> str:
        """The message in `locale`'s language."""
        return translate(locale, self.key, **self.values)
