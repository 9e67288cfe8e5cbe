"""The Discord side of `service.i18n`: the app command translator and the locale an interaction is answered in."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from service.i18n import DEFAULT, language, translate

GUILD_DEFAULT = "en-US"  # Discord's locale for a guild that set none


def described(key: str) -> app_commands.locale_str:
    """A command, option or choice text of the table: English, with its key for `LudoTranslator`."""
    return app_commands.locale_str(translate(DEFAULT, key), key=key)


class LudoTranslator(app_commands.Translator):
    """Localizes the /ludo command texts marked with `described` from the translation table; Discord shows the
    English text for every locale without a catalogue."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        if key is None or language(locale.value) == DEFAULT:
            return None
        return translate(locale.value, key)


def user_locale(interaction: discord.Interaction[Any]) -> str:
    """The locale of private answers: the user's."""
    return interaction.locale.value


def guild_locale(interaction: discord.Interaction[Any]) -> str:
    """The locale of public messages: the guild's."""
    return interaction.guild_locale.value if interaction.guild_locale else GUILD_DEFAULT
