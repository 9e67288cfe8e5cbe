"""Languages: every player-facing sentence is a key of one translation table. No Discord here.

`translate(locale, key, **values)` fills the template of `key` in the catalogue of `locale`'s language
(`bot/locales/<language>.py`, plain dicts of `str.format` templates). A Discord locale picks its language
by its first part ("de" -> German, "en-GB" and "en-US" -> English); a language without a catalogue gets
English. Command descriptions come from the same table through `bot.translator.LudoTranslator`.

Which language:
- public messages everyone in a channel sees (the lobby and live game messages, turn mentions, deadline
  reminders, game over, /ludo end, history, leaderboard) speak the guild's locale. A lobby stores the
  guild's locale when it opens (`LobbyRecord.locale`) and its game keeps it (`GameRecord.locale`), so the
  deadline worker, which has no interaction, and every later message of a game speak the same language;
- private answers (ephemeral replies, refusals and errors, the spectator view, /ludo stats and rules)
  speak the locale of the user who asked (`interaction.locale`).

Domain code raises `Phrase` errors (a key and its values) and the adapter translates them where it answers.
Adding a language: copy `service/locales/de.py` (every key written out), translate each template from the English
of `service/locales/en.py`, add the module to `CATALOGUES`; tests/bot/test_i18n.py lists any key missing or extra.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from service.locales import de, en

DEFAULT = "en"
CATALOGUES: Mapping[str, Mapping[str, str]] = {"en": en.TEXTS, "de": de.TEXTS}
COLOUR_KEYS = ("colour.red", "colour.green", "colour.yellow", "colour.blue")  # by seat


@functools.lru_cache(maxsize=128)
def language(locale: str | None) -> str:
    """The catalogue for a Discord locale ("de", "en-US", None): its language, else English."""
    wanted = (locale or DEFAULT).split("-")[0].lower()
    return wanted if wanted in CATALOGUES else DEFAULT


@dataclass(frozen=True, slots=True)
class Term:
    """A value that is itself a key, translated along with the sentence it fills (a colour name)."""

    key: str


class _Decimal:
    """A number written with a language's decimal mark ("2,50" in German)."""

    def __init__(self, value: float, mark: str) -> None:
        self.value, self.mark = value, mark

    def __format__(self, spec: str) -> str:
        return format(self.value, spec).replace(".", self.mark)


def translate(locale: str | None, key: str, **values: object) -> str:
    """The sentence `key` in `locale`'s language with `values` filled in (`KeyError` for an unknown key);
    numbers with a fraction take the language's decimal mark (its `number.decimal_mark`)."""
    table = CATALOGUES[language(locale)]
    if not values:
        return table[key]
    mark = table["number.decimal_mark"]
    filled = {name: translate(locale, v.key) if isinstance(v, Term)
              else _Decimal(v, mark) if isinstance(v, float) else v for name, v in values.items()}
    return table[key].format(**filled)


def colour(locale: str | None, seat: int) -> str:
    """A seat's colour name as a sentence has it ("red"; German capitalizes its nouns: "Rot")."""
    return translate(locale, COLOUR_KEYS[seat])


def templates(locale: str | None, prefix: str, keys: Iterable[str]) -> Mapping[str, str]:
    """The templates `prefix + k` for each of `keys`, keyed by `k`: the phrases `engine.describe` and `render`
    take from their caller (their English defaults name the keys). Made once per language, prefix and keys
    (building them was 0.8 % of a bot process's CPU under `benchmarks.load`); read-only."""
    return _templates(language(locale), prefix, tuple(keys))


@functools.lru_cache(maxsize=64)
def _templates(lang: str, prefix: str, keys: tuple[str, ...]) -> Mapping[str, str]:
    table = CATALOGUES[lang]
    return MappingProxyType({k: table[prefix + k] for k in keys})



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
