"""A counted sentence: one template per CLDR plural category of its language ("1 game", "2 games").

Catalogues hold `str` templates and, for a sentence whose words follow a number, a `Plural`:

    "games.more": plural("n", one="… and {n} more game.", other="… and {n} more games."),

`count` names the value that picks the form; the forms are exactly the categories CLDR gives the language
(`babel.Locale.parse(code).plural_form.tags` plus "other": English "one"/"other", Russian "one"/"few"/"many"/"other",
Arabic "zero"/"one"/"two"/"few"/"many"/"other", Indonesian "other" alone). `service.words.i18n` picks the form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

CATEGORIES = ("zero", "one", "two", "few", "many", "other")


@dataclass(frozen=True, slots=True)
class Plural:
    """Templates by CLDR plural category; `count` names the value whose number picks one."""

    count: str
    forms: Mapping[str, str]


def plural(count: str, **forms: str) -> Plural:
    """A counted sentence: `plural("n", one="{n} game", other="{n} games")`."""
    unknown = set(forms) - set(CATEGORIES)
    if unknown or "other" not in forms:
        raise ValueError(f"plural forms {sorted(forms)}: CLDR categories {CATEGORIES} with 'other' among them")
    return Plural(count, forms)
