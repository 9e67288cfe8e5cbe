"""The `/ludo` command group (guild only)."""

from __future__ import annotations

import contextlib
import io
import json
import re
from typing import Any, Literal

import discord
from discord import app_commands

import engine
from bot.messages import game_post, lobby_post, outcome_post
from bot.play import Play, replay_file, replay_gif, repost
from bot.sessions import Refused, seat_names, seat_of
from bot.text import clip, rules_summary, variants
from engine.verify import FORMAT as GAME_FILE_FORMAT
from engine.verify import commitment, verify_game
from storage import GameRecord, NotFound
from storage.replay import state_of

Preset = Literal["classic", "star", "strict", "twodice"]
Stacking = Literal["forbidden", "allowed", "block"]


def _play(interaction: discord.Interaction[Any]) -> Play:
    found: Play = interaction.client.handlers
    return found


async def _channel_game(play: Play, interaction: discord.Interaction[Any]) -> GameRecord:
    """The live game of the channel the command was used in."""
    holder = await play.sessions.storage.games.channel_game(interaction.channel_id or 0)
    if holder is None:
        raise Refused("There is no Ludo game in this channel: start one with /ludo start.")
    try:
        return await play.sessions.storage.games.load_game(holder)
    except NotFound as missing:  # a lobby holds the channel: no game yet
        raise Refused("This channel has a lobby, not a game yet: the host starts it with its Start button.") \
            from missing


ludo = app_commands.Group(name="ludo", description="Play Ludo in this channel", guild_only=True)


@ludo.command(name="start", description="Open a Ludo lobby in this channel")
@app_commands.describe(
    preset="Rule set (default: the server's)", seats="Seats, 2 to 4", turn_minutes="Minutes each turn may take",
    thread="Play in a thread of its own", dice="strict only: one or two dice", end_path="strict only: 4 or 5",
    bonus_on_six="A 6 earns another roll", third_six_ends_turn="A third 6 in a row ends the turn",
    capture_bonus="A capture earns another roll", stacking="Two own tokens on one square",
    game_end="first: first player home wins; all: play on for every place", turn_limit="Turns per player (0: none)",
    ai_takeover="An AI takes the seat of a player who leaves", auto_single="Play forced moves automatically",
    quick="Quick game: the first token home wins", kill_to_unlock="A token enters its home column only after a capture",
    teams="2 against 2 (red+yellow against green+blue; needs 4 seats)")
async def start(interaction: discord.Interaction[Any], preset: Preset | None = None,
                seats: app_commands.Range[int, 2, 4] = 4, turn_minutes: app_commands.Range[int, 1, 10080] | None = None,
                thread: bool = False, dice: app_commands.Range[int, 1, 2] | None = None,
                end_path: app_commands.Range[int, 4, 5] | None = None, bonus_on_six: bool | None = None,
                third_six_ends_turn: bool | None = None, capture_bonus: bool | None = None,
                stacking: Stacking | None = None, game_end: Literal["first", "all"] | None = None,
                turn_limit: app_commands.Range[int, 0, 500] | None = None, ai_takeover: bool = False,
                auto_single: bool = True, quick: bool | None = None, kill_to_unlock: bool | None = None,
                teams: bool | None = None) -> None:
    play = _play(interaction)

    async def work() -> None:
        if teams and seats != 4:
            raise Refused(f"Teams play 2 against 2, so they need 4 seats, not {seats}: leave seats at 4.")
        chosen = {"dice": dice, "end_path": end_path, "bonus_on_six": bonus_on_six,
                  "third_six_ends_turn": third_six_ends_turn, "capture_bonus": capture_bonus, "stacking": stacking,
                  "game_end": game_end, "turn_limit": turn_limit, "quick": quick, "kill_to_unlock": kill_to_unlock,
                  "teams": teams}
        options: dict[str, Any] = {k: v for k, v in chosen.items() if v is not None}
        options.update(seats=seats, ai_takeover=ai_takeover, auto_single=auto_single, thread=thread)
        if turn_minutes is not None:
            options["turn_seconds"] = turn_minutes * 60
        lobby = await play.sessions.open_lobby(
            guild_id=interaction.guild_id or 0, channel_id=interaction.channel_id or 0, host_id=interaction.user.id,
            preset=preset, options=options, host_name=interaction.user.display_name)
        post = lobby_post(lobby)
        await interaction.response.send_message(post.content, view=post.view,
                                                allowed_mentions=discord.AllowedMentions.none())

    await play.guard(interaction, work)


@ludo.command(name="board", description="Post the live game message here again")
async def board(interaction: discord.Interaction[Any]) -> None:
    play = _play(interaction)

    async def work() -> None:
        await repost(play, interaction, await _channel_game(play, interaction))

    await play.guard(interaction, work)


@ludo.command(name="rules", description="The rules of the game in this channel, or of a preset")
async def rules(interaction: discord.Interaction[Any], preset: Preset | None = None) -> None:
    play = _play(interaction)

    async def work() -> None:
        if preset is not None:
            chosen = engine.Rules.preset(preset)
        else:
            chosen = engine.notation.parse_rules((await _channel_game(play, interaction)).rules)
        await interaction.response.send_message(rules_summary(chosen), ephemeral=True)

    await play.guard(interaction, work)


@ludo.command(name="leave", description="Leave the game in this channel (forfeit)")
async def leave(interaction: discord.Interaction[Any]) -> None:
    play = _play(interaction)

    async def work() -> None:
        record = await _channel_game(play, interaction)
        if seat_of(record, interaction.user.id) is None:
            raise Refused("You are not playing in this game.")
        outcome = await play.sessions.leave(record.id, interaction.user.id)
        await interaction.response.send_message("You left the game.", ephemeral=True)
        await play.post_game(outcome.record, await outcome_post(outcome, notify=outcome.turn_started))

    await play.guard(interaction, work)


@ludo.command(name="end", description="End the game in this channel (host or Manage Channels)")
async def end(interaction: discord.Interaction[Any]) -> None:
    play = _play(interaction)

    async def work() -> None:
        record = await _channel_game(play, interaction)
        manager = bool(interaction.permissions.manage_channels)
        ended = await play.sessions.end(record.id, interaction.user.id, can_manage=manager)
        await interaction.response.send_message(f"⏹️ Ludo game `{ended.id}` was ended by {interaction.user.mention}.",
                                                allowed_mentions=discord.AllowedMentions.none())
        if ended.message_id:  # the live message says the game ended, and loses its buttons
            post = await game_post(ended)
            channel = play.client.get_partial_messageable(ended.channel_id)
            with contextlib.suppress(discord.HTTPException):  # the old message is gone: nothing to change
                await channel.get_partial_message(ended.message_id).edit(content=post.content, view=None)

    await play.guard(interaction, work)


@ludo.command(name="stats", description="A player's Ludo results in this server")
async def stats(interaction: discord.Interaction[Any], user: discord.User | None = None) -> None:
    play = _play(interaction)

    async def work() -> None:
        who = user or interaction.user
        found = await play.sessions.storage.stats.player_stats(interaction.guild_id or 0, who.id)
        if not found.games:
            text = f"{who.mention} has not finished a Ludo game here yet."
        else:
            average = sum((i + 1) * n for i, n in enumerate(found.places)) / found.games
            rating = (f"rating **{found.rating.ordinal:.1f}** (μ {found.rating.mu:.1f}, σ {found.rating.sigma:.1f})"
                      if found.rating else "not rated yet (only games against other people are rated)")
            favourite = f", favourite preset **{found.favourite_preset}**" if found.favourite_preset else ""
            text = (f"**{who.display_name}**: {rating}; {found.games} games, {found.wins} wins, "
                    f"average place {average:.2f}, {found.captures} captures{favourite}.")
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    await play.guard(interaction, work)


LEADERBOARD_SIZE = 10


@ludo.command(name="leaderboard", description="The server's best Ludo players, by skill rating")
async def leaderboard(interaction: discord.Interaction[Any]) -> None:
    play = _play(interaction)

    async def work() -> None:
        guild = interaction.guild_id or 0
        stats = play.sessions.storage.stats
        rated = await stats.rating_board(guild, LEADERBOARD_SIZE)
        wins = dict(await stats.leaderboard(guild, 100))
        unrated = [(user, won) for user, won in wins.items() if user not in dict(rated)]
        for user, _ in rated:
            if user not in wins:
                wins[user] = (await stats.player_stats(guild, user)).wins
        lines = [f"{i + 1}. <@{user}> — {wins[user]} wins · rating **{ordinal:.1f}**"
                 for i, (user, ordinal) in enumerate(rated)]
        lines += [f"{len(lines) + i + 1}. <@{user}> — {won} wins · not rated yet"
                  for i, (user, won) in enumerate(unrated[: LEADERBOARD_SIZE - len(lines)])]
        await interaction.response.send_message(
            "🏆 **Ludo leaderboard** (by skill rating; games against AIs only are not rated)\n"
            + ("\n".join(lines) or "No games yet."), allowed_mentions=discord.AllowedMentions.none())

    await play.guard(interaction, work)


@ludo.command(name="settings", description="This server's defaults for new games (Manage Server)")
@app_commands.default_permissions(manage_guild=True)
@app_commands.describe(preset="Default rule set", turn_minutes="Minutes a turn may take",
                       reminder_minutes="Remind the player this many minutes before the deadline (0: never)",
                       timeout_action="At the deadline: an AI plays the turn, skip it, or forfeit after misses",
                       forfeit_after="With forfeit: missed turns in a row before the player is out")
async def settings(interaction: discord.Interaction[Any], preset: Preset | None = None,
                   turn_minutes: app_commands.Range[int, 1, 10080] | None = None,
                   reminder_minutes: app_commands.Range[int, 0, 10080] | None = None,
                   timeout_action: Literal["ai", "skip", "forfeit"] | None = None,
                   forfeit_after: app_commands.Range[int, 1, 50] | None = None) -> None:
    play = _play(interaction)

    async def work() -> None:
        if not interaction.permissions.manage_guild:
            raise Refused("Only members who can manage this server can change its Ludo settings.")
        changes: dict[str, Any] = {"preset": preset, "timeout_action": timeout_action, "forfeit_after": forfeit_after,
                                   "turn_deadline": turn_minutes * 60 if turn_minutes else None,
                                   "reminder_before": reminder_minutes * 60 if reminder_minutes is not None else None}
        saved = await play.sessions.update_settings(interaction.guild_id or 0,
                                                    {k: v for k, v in changes.items() if v is not None})
        await interaction.response.send_message(
            f"Ludo settings: preset **{saved.preset}**, turns of {saved.turn_deadline // 60} minutes, reminder "
            f"{saved.reminder_before // 60} minutes before, at the deadline: {saved.timeout_action}"
            + (f" (after {saved.forfeit_after} misses)" if saved.timeout_action == "forfeit" else "") + ".",
            ephemeral=True)

    await play.guard(interaction, work)


# -- issue 7: checkable dice ------------------------------------------------------------------------------
GAME_ID = re.compile(r"[0-9a-z]{1,40}")


async def _guild_game(play: Play, interaction: discord.Interaction[Any], game_id: str, *,
                      with_log: bool = False) -> GameRecord:
    """A game of this server by its id (finished games are kept for the retention period)."""
    wanted = game_id.strip().strip("`").lower()
    missing = Refused(f"There is no Ludo game `{wanted[:40]}` in this server (finished games are kept 30 days): "
                      "see /ludo history.")
    if not GAME_ID.fullmatch(wanted):
        raise missing
    try:
        record = await play.sessions.storage.games.load_game(wanted, with_log=with_log)
    except NotFound as gone:
        raise missing from gone
    if record.guild_id != (interaction.guild_id or 0):
        raise missing
    return record


def _finished(record: GameRecord) -> GameRecord:
    if record.status != "finished":
        raise Refused(f"Game `{record.id}` is not finished: its dice seed stays secret until the end "
                      "(games ended early are not revealed).")
    return record


def game_file(record: GameRecord) -> dict[str, Any]:
    """The game file (engine.verify, format ludo-game/1) of a stored game; its `state` is the stored position,
    so a verification also checks that the log replays to what the bot saved."""
    return {"format": GAME_FILE_FORMAT, "rules": record.rules, "seats": list(record.seat_numbers), "seed": record.seed,
            "commitment": commitment(record.seed), "log": list(record.log), "state": record.state}


@ludo.command(name="export", description="The file of a finished game (rules, seats, seed, log) to check anywhere")
@app_commands.describe(game="The game's id (see /ludo history)")
async def export(interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 60]) -> None:
    play = _play(interaction)

    async def work() -> None:
        record = _finished(await _guild_game(play, interaction, game, with_log=True))
        data = json.dumps(game_file(record), indent=1).encode()
        await interaction.response.send_message(
            f"📄 Game `{record.id}`: check it with `python -m engine.verify ludo-{record.id}.json`.",
            file=discord.File(io.BytesIO(data), filename=f"ludo-{record.id}.json"))

    await play.guard(interaction, work)


@ludo.command(name="verify", description="Replay a finished game from its revealed seed and check every roll")
@app_commands.describe(game="The game's id (see /ludo history)")
async def verify(interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 60]) -> None:
    play = _play(interaction)

    async def work() -> None:
        record = _finished(await _guild_game(play, interaction, game, with_log=True))
        report = verify_game(game_file(record))
        verdict = "✅ Every roll checks out" if report.ok else "❌ This game does NOT check out"
        await interaction.response.send_message(
            clip(f"{verdict}: game `{record.id}`, seed `{record.seed}`, commitment "
                 f"`{commitment(record.seed)}`.\n```\n{report.text()}\n```"))

    await play.guard(interaction, work)


# -- issue 7: history and replays ----------------------------------------------------------------------------
HISTORY_SHOWN = 10


def history_line(record: GameRecord, finished_at: float) -> str:
    """One finished game in /ludo history: id, when, rules, winner(s) and the others."""
    state = state_of(record)
    names = seat_names(record)
    rules = state.rules
    tag = f" ({variants(rules)})" if variants(rules) else ""
    winners = list(state.ranking[:2] if rules.teams else state.ranking[:1])
    others = [names[s] for s in state.ranking if s not in winners]
    return (f"`{record.id}` · <t:{int(finished_at)}:d> · **{rules.name}**{tag} · 🥇 "
            + " & ".join(names[s] for s in winners) + (f" · then {', '.join(others)}" if others else ""))


@ludo.command(name="history", description="This server's most recently finished Ludo games")
async def history(interaction: discord.Interaction[Any]) -> None:
    play = _play(interaction)

    async def work() -> None:
        guild = interaction.guild_id or 0
        lines: list[str] = []
        gone: list[str] = []
        for game_id, finished_at in await play.sessions.storage.stats.history(guild, HISTORY_SHOWN):
            try:
                lines.append(history_line(await play.sessions.storage.games.load_game(game_id), finished_at))
            except NotFound:  # past its retention
                gone.append(game_id)
        await play.sessions.storage.stats.forget_games(guild, gone)
        text = ("📜 **Recent Ludo games** (`/ludo replay <id>`, `/ludo verify <id>`)\n" + "\n".join(lines)
                if lines else "No finished Ludo games here yet.")
        await interaction.response.send_message(clip(text), allowed_mentions=discord.AllowedMentions.none())

    await play.guard(interaction, work)


@ludo.command(name="replay", description="The animated replay of a finished game")
@app_commands.describe(game="The game's id (see /ludo history)")
async def replay(interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 60]) -> None:
    play = _play(interaction)

    async def work() -> None:
        record = await _guild_game(play, interaction, game, with_log=True)
        if record.active:
            raise Refused(f"Game `{record.id}` is still being played: its replay comes when it is over.")
        await interaction.response.defer(thinking=True)  # drawing every move takes a while
        gif = await replay_gif(record)
        await interaction.followup.send(f"🎞️ Replay of Ludo game `{record.id}`", file=replay_file(record, gif))

    await play.guard(interaction, work)
