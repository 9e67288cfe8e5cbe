"""The `/ludo` commands on the games of a channel: start (a lobby), board (the live game message here again, or a
private view), games (the member's games in this server), rules (a game's, a preset's, or what a start here would
play), leave and end (`member:` ends all one member hosts: `bot.commands.moderation`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from ludo_bot import engine
from ludo_bot.bot.buttons.lobby import thread_option
from ludo_bot.bot.commands.common import PRESETS, choices, guarded_command
from ludo_bot.bot.commands.moderation import end_member
from ludo_bot.bot.commands.my_games import games_text
from ludo_bot.bot.errors import shown
from ludo_bot.bot.handlers import Handlers
from ludo_bot.bot.live import next_person, posts_itself
from ludo_bot.bot.messages import lobby_post, outcome_post
from ludo_bot.bot.plumbing.channel_rights import check_game
from ludo_bot.bot.plumbing.delivery import answers_private, delivery_of, invite_link, scope_of
from ludo_bot.bot.plumbing.translator import described, public_default, user_locale
from ludo_bot.service import GameRecord, Refused, seat_of
from ludo_bot.service.errors import reason
from ludo_bot.service.words.i18n import translate
from ludo_bot.service.words.text import rules_summary

START_OPTIONS = ("preset", "seats", "turn_minutes", "thread", "dice", "end_path", "bonus_on_six", "third_six_ends_turn",
                 "capture_bonus", "stacking", "game_end", "turn_limit", "ai_takeover", "auto_single", "quick",
                 "kill_to_unlock", "teams")


async def _channel_game(handlers: Handlers, interaction: discord.Interaction[Any]) -> GameRecord:
    """The live game of the channel the command was used in."""
    return await handlers.service.archive.channel_game(interaction.channel_id or 0)


@app_commands.command(name="start", description=described("cmd.start"))
@app_commands.describe(**{name: described(f"opt.start.{name}") for name in START_OPTIONS})
@app_commands.choices(preset=PRESETS, stacking=choices("stacking", "forbidden", "allowed", "block"),
                      game_end=choices("game_end", "first", "all"))
@guarded_command
async def start(handlers: Handlers, interaction: discord.Interaction[Any], preset: str | None = None,
                seats: app_commands.Range[int, 2, 4] = 4, turn_minutes: app_commands.Range[int, 1, 10080] | None = None,
                thread: bool = False, dice: app_commands.Range[int, 1, 2] | None = None,
                end_path: app_commands.Range[int, 4, 5] | None = None, bonus_on_six: bool | None = None,
                third_six_ends_turn: bool | None = None, capture_bonus: bool | None = None,
                stacking: str | None = None, game_end: str | None = None,
                turn_limit: app_commands.Range[int, 0, 500] | None = None, ai_takeover: bool = False,
                auto_single: bool = True, quick: bool | None = None, kill_to_unlock: bool | None = None,
                teams: bool | None = None) -> None:
    if interaction.context.dm_channel:
        raise Refused("refused.no_games_here")
    if answers_private(interaction):  # Discord would show the lobby to its host alone
        await interaction.response.send_message(
            translate(user_locale(interaction), "start.private_here", link=invite_link(interaction)),
            ephemeral=True)
        return
    if teams and seats != 4:
        raise Refused("refused.teams_option", seats=seats)
    check_game(interaction, thread=thread)  # before a game Discord would refuse
    chosen = {"dice": dice, "end_path": end_path, "bonus_on_six": bonus_on_six,
              "third_six_ends_turn": third_six_ends_turn, "capture_bonus": capture_bonus, "stacking": stacking,
              "game_end": game_end, "turn_limit": turn_limit, "quick": quick, "kill_to_unlock": kill_to_unlock,
              "teams": teams}
    options: dict[str, Any] = {k: v for k, v in chosen.items() if v is not None}
    options.update(seats=seats, ai_takeover=ai_takeover, auto_single=auto_single,
                   thread=thread_option(interaction, thread))
    if turn_minutes is not None:
        options["turn_seconds"] = turn_minutes * 60
    if delivery_of(interaction) == "interaction":
        options["delivery"] = "interaction"
    lobby = await handlers.service.lobbies.open(
        guild_id=scope_of(interaction), channel_id=interaction.channel_id or 0, host_id=interaction.user.id,
        preset=preset, options=options, host_name=interaction.user.display_name,
        locale=public_default(interaction))
    post = lobby_post(lobby)
    await interaction.response.send_message(post.content, view=post.view,
                                            allowed_mentions=discord.AllowedMentions.none())


@app_commands.command(name="board", description=described("cmd.board"))
@guarded_command
async def board(handlers: Handlers, interaction: discord.Interaction[Any]) -> None:
    record = await _channel_game(handlers, interaction)
    await handlers.service.cooldowns.take(interaction.user.id, "board")
    if seat_of(record, interaction.user.id) is None:  # only players move the game's message
        await handlers.watching.show_privately(interaction, record)
    else:
        await handlers.game.repost(interaction, record)


@app_commands.command(name="games", description=described("cmd.games"))
@guarded_command
async def games(handlers: Handlers, interaction: discord.Interaction[Any]) -> None:
    found = await handlers.service.archive.player_games(scope_of(interaction), interaction.user.id)
    await interaction.response.send_message(games_text(found, interaction.user.id, user_locale(interaction)),
                                            ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


@app_commands.command(name="rules", description=described("cmd.rules"))
@app_commands.describe(preset=described("opt.rules.preset"))
@app_commands.choices(preset=PRESETS)
@guarded_command
async def rules(handlers: Handlers, interaction: discord.Interaction[Any], preset: str | None = None) -> None:
    lang, lead = user_locale(interaction), ""
    if preset is not None:
        try:
            chosen = engine.Rules.preset(preset)
        except engine.RulesError as error:  # not one of the choices (a modified client sends anything)
            raise Refused("refused.rules", error=reason(error)) from error
    else:
        try:
            chosen = engine.notation.parse_rules((await _channel_game(handlers, interaction)).rules)
        except Refused as refused:  # no game: what a /ludo start here would play, said to be that
            if refused.key != "refused.no_channel_game":
                raise
            chosen = await handlers.service.guilds.start_rules(scope_of(interaction))
            where = "dm" if interaction.context.dm_channel else "here"
            lead = translate(lang, f"rules.default_{where}") + "\n"
    await interaction.response.send_message(lead + rules_summary(chosen, lang), ephemeral=True)


@app_commands.command(name="leave", description=described("cmd.leave"))
@guarded_command
async def leave(handlers: Handlers, interaction: discord.Interaction[Any]) -> None:
    record = await _channel_game(handlers, interaction)
    if seat_of(record, interaction.user.id) is None:
        raise Refused("refused.not_playing")
    outcome = await handlers.service.games.leave(record.id, interaction.user.id, reply=interaction.token)
    tell = next_person(outcome, interaction.user.id) is not None
    post = await outcome_post(outcome, notify=tell)
    left = translate(user_locale(interaction), "reply.left")
    if not posts_itself(outcome.record):  # the game as the answer, then privately: you left
        sent = await interaction.response.send_message(post.content, files=post.files(), view=post.view,
                                                       allowed_mentions=post.allowed_mentions)
        if sent.message_id is not None:
            handlers.outbox.later(handlers.live.remember(outcome.record, sent.message_id))
        await interaction.followup.send(left, ephemeral=True)
        return
    await interaction.response.send_message(left, ephemeral=True)
    await shown(handlers.live.show_change(outcome.record, post, tell=tell), "reply.leave_not_shown")


@app_commands.command(name="end", description=described("cmd.end"))
@app_commands.describe(member=described("opt.end.member"))
@guarded_command
async def end(handlers: Handlers, interaction: discord.Interaction[Any], member: discord.User | None = None) -> None:
    if member is not None:  # the games that member hosts or plays alone here, their lobbies (`moderation`)
        await end_member(handlers, interaction, member)
        return
    record = await _channel_game(handlers, interaction)
    manager = bool(interaction.permissions.manage_channels)
    ended = await handlers.service.games.end(record.id, interaction.user.id, can_manage=manager)
    await interaction.response.send_message(
        translate(ended.locale, "reply.ended", id=ended.id, who=interaction.user.mention),
        allowed_mentions=discord.AllowedMentions.none())
    await handlers.live.show_change(ended)  # the live message says the game ended, without buttons


def add_to(group: app_commands.Group) -> None:
    """Add this module's commands to the /ludo group."""
    group.add_command(start)
    group.add_command(board)
    group.add_command(games)
    group.add_command(rules)
    group.add_command(leave)
    group.add_command(end)
