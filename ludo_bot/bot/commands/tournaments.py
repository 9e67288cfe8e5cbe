"""`/ludo tournament`: create (a sign-up in this channel), standings (privately, anywhere in the server), leave and
cancel: a subcommand group of `/ludo`.

Where: tournaments need threads for their tables, so they run only in a server that added the bot, in a channel (not
a thread) where the bot may make public threads and post in them; `create` says so elsewhere. Who: members with
Manage Server or Manage Events create one; its organiser (or a member with Manage Server) cancels it. A command that
names no tournament means the running one of its channel (or of the channel whose thread it is used in), else the
server's newest (to look at its standing only)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from ludo_bot.bot.commands.common import PRESETS, choices, guarded_command
from ludo_bot.bot.errors import in_time, shown
from ludo_bot.bot.handlers import Handlers
from ludo_bot.bot.live import next_person
from ludo_bot.bot.messages import NO_PINGS, outcome_post
from ludo_bot.bot.plumbing.channel_rights import check_tournament
from ludo_bot.bot.plumbing.delivery import channel_calls, in_thread
from ludo_bot.bot.plumbing.translator import described, public_default, user_locale
from ludo_bot.bot.tourney import picture
from ludo_bot.bot.tourney_posts import signup_post, standing_post
from ludo_bot.service import Refused, TournamentRecord
from ludo_bot.service.tournaments.organise import DEFAULT_ROUND_HOURS, DEFAULT_ROUNDS
from ludo_bot.service.words.i18n import translate

CREATE_OPTIONS = ("format", "max_players", "rounds", "fill_with_ai", "round_hours")
RULE_OPTIONS = ("preset", "quick", "turn_limit", "turn_minutes")  # described as /ludo start's

tournament = app_commands.Group(name="tournament", description=described("cmd.tournament"))


def server_of(interaction: discord.Interaction[Any]) -> int:
    """The server a tournament command is used in (`Refused` outside one)."""
    if interaction.guild_id is None or interaction.context.dm_channel:
        raise Refused("refused.tourney_here")
    return interaction.guild_id


def channels_of(interaction: discord.Interaction[Any]) -> tuple[int, ...]:
    """The channel a command is used in, then the channel whose thread it is (where its tournament runs)."""
    channel = interaction.channel
    parent = channel.parent_id if isinstance(channel, discord.Thread) else None
    return tuple(c for c in (interaction.channel_id, parent) if c is not None)


async def named_tournament(handlers: Handlers, interaction: discord.Interaction[Any], tournament_id: str | None, *,
                           newest: bool = False) -> TournamentRecord:
    """The tournament a command names, else its channel's, else (with `newest`) the server's newest."""
    return await handlers.service.tournaments.find(server_of(interaction), tournament_id, channels_of(interaction),
                                                   newest=newest)


@tournament.command(name="create", description=described("cmd.tournament.create"))
@app_commands.describe(**{name: described(f"opt.tournament.{name}") for name in CREATE_OPTIONS},
                       **{name: described(f"opt.start.{name}") for name in RULE_OPTIONS})
@app_commands.choices(format=choices("format", "knockout", "swiss"), preset=PRESETS)
@guarded_command
async def create(handlers: Handlers, interaction: discord.Interaction[Any], format: str, preset: str | None = None,
                 quick: bool | None = None, turn_limit: app_commands.Range[int, 0, 500] | None = None,
                 max_players: app_commands.Range[int, 2, 64] = 64,
                 rounds: app_commands.Range[int, 1, 10] = DEFAULT_ROUNDS,
                 turn_minutes: app_commands.Range[int, 1, 10080] | None = None, fill_with_ai: bool = False,
                 round_hours: app_commands.Range[int, 1, 336] = DEFAULT_ROUND_HOURS) -> None:
    guild = server_of(interaction)
    if not channel_calls(interaction):  # a server that did not add the bot: no thread can be made
        raise Refused("refused.tourney_here")
    if not (interaction.permissions.manage_guild or interaction.permissions.manage_events):
        raise Refused("refused.tourney_manage")
    if in_thread(interaction):
        raise Refused("refused.tourney_thread")
    check_tournament(interaction)
    record = await handlers.service.tournaments.create(
        guild_id=guild, channel_id=interaction.channel_id or 0, organiser_id=interaction.user.id,
        locale=public_default(interaction), format=format, preset=preset,
        options={k: v for k, v in {"quick": quick, "turn_limit": turn_limit}.items() if v is not None},
        max_players=max_players, rounds=rounds,
        turn_minutes=turn_minutes, fill_with_ai=fill_with_ai, round_hours=round_hours)
    post = signup_post(record)
    sent = await interaction.response.send_message(post.content, view=post.view, allowed_mentions=NO_PINGS)
    message_id = sent.message_id or (await interaction.original_response()).id
    await handlers.service.tournaments.set_message(record.id, message_id)  # (failing that, a worker posts it anew)


@tournament.command(name="standings", description=described("cmd.tournament.standings"))
@app_commands.describe(id=described("opt.tournament.id"))
@guarded_command
async def standings(handlers: Handlers, interaction: discord.Interaction[Any],
                    id: app_commands.Range[str, 1, 40] | None = None) -> None:
    record = await named_tournament(handlers, interaction, id, newest=True)
    lang = user_locale(interaction)
    drawn = await in_time(interaction, picture(record, lang), thinking=True)
    post = standing_post(record, drawn, lang)
    if interaction.response.is_done():
        await interaction.followup.send(post.content, files=post.files(), ephemeral=True,
                                        allowed_mentions=NO_PINGS)
    else:
        await interaction.response.send_message(post.content, files=post.files(), ephemeral=True,
                                                allowed_mentions=NO_PINGS)


@tournament.command(name="leave", description=described("cmd.tournament.leave"))
@app_commands.describe(id=described("opt.tournament.id"))
@guarded_command
async def leave(handlers: Handlers, interaction: discord.Interaction[Any],
                id: app_commands.Range[str, 1, 40] | None = None) -> None:
    record = await named_tournament(handlers, interaction, id)
    user = interaction.user.id
    record, table = await handlers.service.tournaments.leave(record.id, user)
    key = "tourney.left_signup" if record.status == "signup" else "tourney.left_running"
    await interaction.response.send_message(translate(user_locale(interaction), key, id=record.id),
                                            ephemeral=True)
    if table is None:
        return
    try:  # their table, forfeited: placed last there
        outcome = await handlers.service.games.leave(table, user)
    except Refused:  # over at the same moment
        return
    tell = next_person(outcome, user) is not None
    await shown(handlers.live.show_change(outcome.record, await outcome_post(outcome, notify=tell), tell=tell),
                "reply.leave_not_shown")  # (as `/ludo leave`: the leaving counted, whatever Discord took)


@tournament.command(name="cancel", description=described("cmd.tournament.cancel"))
@app_commands.describe(id=described("opt.tournament.id"))
@guarded_command
async def cancel(handlers: Handlers, interaction: discord.Interaction[Any],
                 id: app_commands.Range[str, 1, 40] | None = None) -> None:
    record = await named_tournament(handlers, interaction, id)
    manager = bool(interaction.permissions.manage_guild)
    record = await handlers.service.tournaments.cancel(record.id, interaction.user.id, can_manage=manager)
    await interaction.response.send_message(translate(user_locale(interaction), "tourney.cancel_done",
                                                      id=record.id), ephemeral=True)


def add_to(group: app_commands.Group) -> None:
    """Add this module's commands to the /ludo group."""
    group.add_command(tournament)
