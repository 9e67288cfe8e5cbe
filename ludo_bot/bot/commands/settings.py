"""`/ludo settings`: what a server's games play by (a preset, the turn's time, reminders, what a time-out does), the
language its public messages speak, and its rating seasons. It needs a server and Manage Server: nobody manages a
group DM or a DM, whose games take their rules from /ludo start's options alone."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from ludo_bot.bot.commands.common import PRESETS, choices, guarded_command
from ludo_bot.bot.handlers import Handlers
from ludo_bot.bot.plumbing.delivery import scope_of
from ludo_bot.bot.plumbing.translator import SERVER_LANGUAGE, described, guild_locale, user_locale
from ludo_bot.service import GuildSettings, Refused
from ludo_bot.service.words.i18n import SPOKEN, duration, translate
from ludo_bot.service.words.i18n import language as language_of
from ludo_bot.service.words.text import preset_name

SETTINGS_OPTIONS = ("language", "preset", "turn_minutes", "reminder_minutes", "timeout_action", "forfeit_after",
                    "season", "season_channel")
FOLLOW_DISCORD = "discord"  # the language choice that goes back to the server's Discord locale (no language saved)
LANGUAGE_CHOICES = [app_commands.Choice(name=spoken.name, value=spoken.code) for spoken in SPOKEN.values()] + [
    app_commands.Choice(name=described("choice.language.discord"), value=FOLLOW_DISCORD)]


class PostChannel(app_commands.Transformer[Any]):
    """A text or announcement channel of the server, as Discord resolves it in the interaction (the bot's cache may
    not know a channel made a moment ago: discord.TextChannel would refuse it)."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.channel

    @property
    def channel_types(self) -> list[discord.ChannelType]:
        return [discord.ChannelType.text, discord.ChannelType.news]

    async def transform(self, interaction: discord.Interaction[Any], value: Any, /) -> Any:
        return value


def season_text(lang: str, saved: GuildSettings, asked: bool) -> str:
    """What /ludo settings says of the server's rating seasons (where it plays them, or was just asked of them)."""
    if saved.season == "off":
        return " " + translate(lang, "settings.season_off") if asked else ""
    length = translate(lang, f"choice.season.{saved.season}")
    if saved.season_channel is None:
        return " " + translate(lang, "settings.season_unposted", length=length)
    return " " + translate(lang, "settings.season", length=length, channel=saved.season_channel)


@app_commands.command(name="settings", description=described("cmd.settings"))
@app_commands.default_permissions(manage_guild=True)
@app_commands.describe(**{name: described(f"opt.settings.{name}") for name in SETTINGS_OPTIONS})
@app_commands.choices(preset=PRESETS, timeout_action=choices("timeout_action", "ai", "skip", "forfeit"),
                      language=LANGUAGE_CHOICES,
                      season=choices("season", "off", "monthly", "quarterly"))
@guarded_command
async def settings(handlers: Handlers, interaction: discord.Interaction[Any], language: str | None = None,
                   preset: str | None = None, turn_minutes: app_commands.Range[int, 1, 10080] | None = None,
                   reminder_minutes: app_commands.Range[int, 0, 10080] | None = None,
                   timeout_action: str | None = None,
                   forfeit_after: app_commands.Range[int, 1, 50] | None = None, season: str | None = None,
                   season_channel: app_commands.Transform[app_commands.AppCommandChannel, PostChannel] | None = None
                   ) -> None:
    if interaction.context.dm_channel:  # the bot's DM: no games at all
        raise Refused("refused.no_games_here")
    if interaction.guild_id is None:  # a group DM or a DM: nobody manages it (Discord has no such permission
        raise Refused("refused.settings_no_server")  # there), so its games take /ludo start's options alone
    if not interaction.permissions.manage_guild:
        raise Refused("refused.manage_server")
    changes: dict[str, Any] = {"language": language, "preset": preset, "timeout_action": timeout_action,
                               "forfeit_after": forfeit_after,
                               "turn_deadline": turn_minutes * 60 if turn_minutes else None,
                               "reminder_before": reminder_minutes * 60 if reminder_minutes is not None else None,
                               "season": season, "season_channel": season_channel.id if season_channel else None}
    changes = {k: v for k, v in changes.items() if v is not None}
    if language == FOLLOW_DISCORD:
        changes["language"] = None  # none chosen: the server's Discord locale, as before any choice
    saved = await handlers.service.guilds.update(scope_of(interaction), changes)
    speaks = saved.language or guild_locale(interaction)
    interaction.extras[SERVER_LANGUAGE] = speaks  # (the answer speaks the server's new language, where it does)
    lang = user_locale(interaction)
    action = translate(lang, f"choice.timeout_action.{saved.timeout_action}")
    if saved.timeout_action == "forfeit":
        action += translate(lang, "settings.after", misses=saved.forfeit_after)
    await interaction.response.send_message(
        translate(lang, "settings.saved", preset=preset_name(saved.preset),
                  turn=duration(lang, saved.turn_deadline), reminder=duration(lang, saved.reminder_before),
                  action=action) + " "
        + translate(lang, "settings.language" if saved.language else "settings.follows",
                    language=SPOKEN[language_of(speaks)].name)
        # what is open keeps its language (a lobby's record holds it, for its game to speak it to the end)
        + (" " + translate(lang, "settings.language_kept") if language is not None else "")
        + season_text(lang, saved, season is not None),
        ephemeral=True)


def add_to(group: app_commands.Group) -> None:
    """Add this module's commands to the /ludo group."""
    group.add_command(settings)
