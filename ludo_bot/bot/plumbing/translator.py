"""The Discord side of `service.words.i18n`: the app command translator and the language an interaction is answered in.

Public answers speak the server's language (`server_locale`: chosen in /ludo settings, else the guild's Discord
locale); private ones the user's Discord locale where the bot has a catalogue for it, else the server's language
(`user_locale`). The server's language is read once per interaction and kept in `interaction.extras`; `Clicks`
reads it before a handler runs when the user's own locale has no catalogue, so that every private answer, refusals
included, can be made without waiting."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from ludo_bot.service.guilds import Guilds
from ludo_bot.service.words.i18n import DEFAULT, known, translate

GUILD_DEFAULT = "en-US"  # Discord's locale for a guild that set none
SERVER_LANGUAGE = "ludo_server_language"  # the key of the server's language in `interaction.extras`


def described(key: str) -> app_commands.locale_str:
    """A command, option or choice text of the table: English, with its key for `LudoTranslator`."""
    return app_commands.locale_str(translate(DEFAULT, key), key=key)


class LudoTranslator(app_commands.Translator):
    """Localizes the /ludo command texts marked with `described` from the translation table, for every Discord
    locale the bot has a catalogue for (Discord shows the English text for the others)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        if key is None or known(locale.value) in (None, DEFAULT):
            return None
        return translate(locale.value, key)


def guild_locale(interaction: discord.Interaction[Any]) -> str:
    """The guild's Discord locale (the server's language when /ludo settings chose none)."""
    return interaction.guild_locale.value if interaction.guild_locale else GUILD_DEFAULT


def user_locale(interaction: discord.Interaction[Any]) -> str:
    """The language of private answers: the user's Discord locale where the bot has a catalogue for it, else the
    server's language (as read by `server_locale`, else the guild's Discord locale)."""
    mine = interaction.locale.value
    if known(mine) is not None:
        return mine
    server = interaction.extras.get(SERVER_LANGUAGE)
    return server if isinstance(server, str) else guild_locale(interaction)


def public_default(interaction: discord.Interaction[Any]) -> str:
    """The language of public answers where /ludo settings chose none: the server's Discord locale; a group DM or a
    DM has no server, so its games speak their host's language."""
    return guild_locale(interaction) if interaction.guild_id is not None else user_locale(interaction)


def needs_server_language(interaction: discord.Interaction[Any]) -> bool:
    """True when a private answer to this interaction would speak the server's language, not yet read."""
    return (known(interaction.locale.value) is None and interaction.guild_id is not None
            and SERVER_LANGUAGE not in interaction.extras)


async def server_locale(interaction: discord.Interaction[Any], guilds: Guilds) -> str:
    """The language of public answers: the server's (chosen in /ludo settings, else its Discord locale); read once
    per interaction."""
    known_already = interaction.extras.get(SERVER_LANGUAGE)
    if isinstance(known_already, str):
        return known_already
    chosen = public_default(interaction)
    if interaction.guild_id is not None:
        chosen = await guilds.language(interaction.guild_id, chosen)
    interaction.extras[SERVER_LANGUAGE] = chosen
    return chosen
