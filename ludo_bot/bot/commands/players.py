"""The `/ludo` commands about players: stats (a member's record in this server), leaderboard (this season's, the last
one's, or of all time) and notify (a member's turn alerts by DM, `bot.alerts`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from ludo_bot.bot.commands.common import choices, guarded_command
from ludo_bot.bot.handlers import Handlers
from ludo_bot.bot.messages import plain, standings_text
from ludo_bot.bot.plumbing.delivery import scope_of
from ludo_bot.bot.plumbing.translator import described, server_locale, user_locale
from ludo_bot.service import Refused
from ludo_bot.service.words.i18n import isolated, translate
from ludo_bot.service.words.text import preset_name

BOARDS = ("current", "previous", "all")  # /ludo leaderboard's choices: this season, the last one, all time


@app_commands.command(name="stats", description=described("cmd.stats"))
@app_commands.describe(user=described("opt.stats.user"))
@guarded_command
async def stats(handlers: Handlers, interaction: discord.Interaction[Any], user: discord.User | None = None) -> None:
    lang = user_locale(interaction)
    who = user or interaction.user
    found = await handlers.service.archive.player_stats(scope_of(interaction), who.id)
    if not found.games:
        text = translate(lang, "stats.none", who=who.mention)
    else:
        average = sum((i + 1) * n for i, n in enumerate(found.places)) / found.games
        rating = (translate(lang, "stats.rating", ordinal=found.rating.ordinal, mu=found.rating.mu,
                            sigma=found.rating.sigma) if found.rating else translate(lang, "stats.unrated"))
        favourite = (translate(lang, "stats.favourite", preset=preset_name(found.favourite_preset))
                     if found.favourite_preset else "")
        text = translate(lang, "stats.line", name=isolated(lang, plain(who.display_name)), rating=rating,
                         games=found.games, wins=found.wins, average=average, captures=found.captures,
                         favourite=favourite)
    if found.tournaments:
        text += translate(lang, "stats.tournaments", played=found.tournaments, won=found.tournament_wins)
    await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


@app_commands.command(name="leaderboard", description=described("cmd.leaderboard"))
@app_commands.describe(season=described("opt.leaderboard.season"))
@app_commands.choices(season=choices("board", *BOARDS))
@guarded_command
async def leaderboard(handlers: Handlers, interaction: discord.Interaction[Any], season: str | None = None) -> None:
    if season not in (None, *BOARDS):  # (a modified client sends anything)
        raise Refused("refused.board_choice")
    lang = await server_locale(interaction, handlers.service.guilds)
    guild = scope_of(interaction)
    seasons = (await handlers.service.guilds.settings(guild)).season != "off"
    if season in ("current", "previous") or (season is None and seasons):
        board = await handlers.service.seasons.board(guild, "previous" if season == "previous" else "current")
        head = translate(lang, "leaderboard.season_final" if board.final else "leaderboard.season_head",
                         season=board.season_id)
        text = head + "\n" + (standings_text(lang, board.standings) or translate(lang, "leaderboard.season_none"))
    else:
        rated, unrated = await handlers.service.archive.leaderboard(guild)
        lines = [translate(lang, "leaderboard.rated", place=i + 1, user=user, wins=wins, ordinal=ordinal)
                 for i, (user, ordinal, wins) in enumerate(rated)]
        lines += [translate(lang, "leaderboard.unrated", place=len(lines) + i + 1, user=user, wins=won)
                  for i, (user, won) in enumerate(unrated)]
        head = translate(lang, "leaderboard.all_time_head" if seasons else "leaderboard.head")
        text = head + "\n" + ("\n".join(lines) or translate(lang, "leaderboard.empty"))
    await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())


@app_commands.command(name="notify", description=described("cmd.notify"))
@app_commands.describe(alerts=described("opt.notify.alerts"))
@app_commands.choices(alerts=choices("notify", "on", "off"))
@guarded_command
async def notify(handlers: Handlers, interaction: discord.Interaction[Any], alerts: str) -> None:
    await handlers.notices.command(interaction, alerts == "on")


def add_to(group: app_commands.Group) -> None:
    """Add this module's commands to the /ludo group."""
    group.add_command(stats)
    group.add_command(leaderboard)
    group.add_command(notify)
