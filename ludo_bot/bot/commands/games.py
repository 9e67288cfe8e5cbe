"""The `/ludo` command group: for servers that added the bot and for people who added the app to their account (a
user install), in servers, group DMs and DMs. Discord gives a group's installs and contexts to all its subcommands, so
each says where it makes no sense: a game is played in a server channel or a group DM (`/ludo start` in the bot's
DM is refused), `/ludo settings` needs a server (nobody manages a group DM or a DM: a game there takes its rules from
/ludo start's options alone); rules, stats, games and notify answer anywhere. Where the bot is
no member, a game is played through interactions alone (`bot.delivery`).

Command, option and choice texts are keys of the translation table (`described`), localized for Discord by
`bot.translator.LudoTranslator`; command and option names stay English. Private replies speak the user's
language (else the server's), public ones the server's (a game's messages: the language stored with the game); a
server picks its language in /ludo settings, each language named in its own words, or goes back to following
its Discord locale (the choice "the server's Discord language"). The commands about past
games are in `bot.archive_commands`, imported at the end so that the group holds them."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from ludo_bot import engine
from ludo_bot.bot.channel_rights import check_game
from ludo_bot.bot.delivery import answers_private, delivery_of, invite_link, scope_of
from ludo_bot.bot.errors import shown
from ludo_bot.bot.live import next_person, posts_itself
from ludo_bot.bot.lobby import thread_option
from ludo_bot.bot.messages import game_post, lobby_post, outcome_post, plain
from ludo_bot.bot.moderation import end_member
from ludo_bot.bot.my_games import games_text
from ludo_bot.bot.parts import Parts
from ludo_bot.bot.season_worker import standings_text
from ludo_bot.bot.translator import SERVER_LANGUAGE, described, guild_locale, public_default, server_locale, user_locale
from ludo_bot.service import GameRecord, GuildSettings, Refused, seat_of
from ludo_bot.service.errors import reason
from ludo_bot.service.i18n import SPOKEN, duration, isolated, translate
from ludo_bot.service.i18n import language as language_of
from ludo_bot.service.text import preset_name, rules_summary


def choices(option: str, *values: str) -> list[app_commands.Choice[str]]:
    """An option's choices, named by the keys "choice.<option>.<value>" of the table."""
    return [app_commands.Choice(name=described(f"choice.{option}.{value}"), value=value) for value in values]


PRESETS = choices("preset", *engine.rules.PRESETS)  # named in the reader's language, as the sentences name them


def parts_of(interaction: discord.Interaction[Any]) -> Parts:
    found: Parts = interaction.client.handlers  # set by bot.app.LudoBot
    return found


async def _channel_game(parts: Parts, interaction: discord.Interaction[Any]) -> GameRecord:
    """The live game of the channel the command was used in."""
    return await parts.service.archive.channel_game(interaction.channel_id or 0)


START_OPTIONS = ("preset", "seats", "turn_minutes", "thread", "dice", "end_path", "bonus_on_six", "third_six_ends_turn",
                 "capture_bonus", "stacking", "game_end", "turn_limit", "ai_takeover", "auto_single", "quick",
                 "kill_to_unlock", "teams")
SETTINGS_OPTIONS = ("language", "preset", "turn_minutes", "reminder_minutes", "timeout_action", "forfeit_after",
                    "season", "season_channel")
BOARDS = ("current", "previous", "all")  # /ludo leaderboard's choices: this season, the last one, all time
FOLLOW_DISCORD = "discord"  # the language choice that goes back to the server's Discord locale (no language saved)
LANGUAGE_CHOICES = [app_commands.Choice(name=spoken.name, value=spoken.code) for spoken in SPOKEN.values()] + [
    app_commands.Choice(name=described("choice.language.discord"), value=FOLLOW_DISCORD)]

ludo = app_commands.Group(name="ludo", description=described("cmd.ludo"),
                          allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True,
                                                                          private_channel=True),
                          allowed_installs=app_commands.AppInstallationType(guild=True, user=True))


@ludo.command(name="start", description=described("cmd.start"))
@app_commands.describe(**{name: described(f"opt.start.{name}") for name in START_OPTIONS})
@app_commands.choices(preset=PRESETS, stacking=choices("stacking", "forbidden", "allowed", "block"),
                      game_end=choices("game_end", "first", "all"))
async def start(interaction: discord.Interaction[Any], preset: str | None = None,
                seats: app_commands.Range[int, 2, 4] = 4, turn_minutes: app_commands.Range[int, 1, 10080] | None = None,
                thread: bool = False, dice: app_commands.Range[int, 1, 2] | None = None,
                end_path: app_commands.Range[int, 4, 5] | None = None, bonus_on_six: bool | None = None,
                third_six_ends_turn: bool | None = None, capture_bonus: bool | None = None,
                stacking: str | None = None, game_end: str | None = None,
                turn_limit: app_commands.Range[int, 0, 500] | None = None, ai_takeover: bool = False,
                auto_single: bool = True, quick: bool | None = None, kill_to_unlock: bool | None = None,
                teams: bool | None = None) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
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
        lobby = await parts.service.lobbies.open(
            guild_id=scope_of(interaction), channel_id=interaction.channel_id or 0, host_id=interaction.user.id,
            preset=preset, options=options, host_name=interaction.user.display_name,
            locale=public_default(interaction))
        post = lobby_post(lobby)
        await interaction.response.send_message(post.content, view=post.view,
                                                allowed_mentions=discord.AllowedMentions.none())

    await parts.clicks.guard(interaction, work)


@ludo.command(name="board", description=described("cmd.board"))
async def board(interaction: discord.Interaction[Any]) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
        record = await _channel_game(parts, interaction)
        await parts.service.cooldowns.take(interaction.user.id, "board")
        if seat_of(record, interaction.user.id) is None:  # only players move the game's message
            await parts.watching.show_privately(interaction, record)
        else:
            await parts.game.repost(interaction, record)

    await parts.clicks.guard(interaction, work)


@ludo.command(name="games", description=described("cmd.games"))
async def games(interaction: discord.Interaction[Any]) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
        found = await parts.service.archive.player_games(scope_of(interaction), interaction.user.id)
        await interaction.response.send_message(games_text(found, interaction.user.id, user_locale(interaction)),
                                                ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    await parts.clicks.guard(interaction, work)


@ludo.command(name="rules", description=described("cmd.rules"))
@app_commands.describe(preset=described("opt.rules.preset"))
@app_commands.choices(preset=PRESETS)
async def rules(interaction: discord.Interaction[Any], preset: str | None = None) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
        lang, lead = user_locale(interaction), ""
        if preset is not None:
            try:
                chosen = engine.Rules.preset(preset)
            except engine.RulesError as error:  # not one of the choices (a modified client sends anything)
                raise Refused("refused.rules", error=reason(error)) from error
        else:
            try:
                chosen = engine.notation.parse_rules((await _channel_game(parts, interaction)).rules)
            except Refused as refused:  # no game: what a /ludo start here would play, said to be that
                if refused.key != "refused.no_channel_game":
                    raise
                chosen = await parts.service.guilds.start_rules(scope_of(interaction))
                where = "dm" if interaction.context.dm_channel else "here"
                lead = translate(lang, f"rules.default_{where}") + "\n"
        await interaction.response.send_message(lead + rules_summary(chosen, lang), ephemeral=True)

    await parts.clicks.guard(interaction, work)


@ludo.command(name="leave", description=described("cmd.leave"))
async def leave(interaction: discord.Interaction[Any]) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
        record = await _channel_game(parts, interaction)
        if seat_of(record, interaction.user.id) is None:
            raise Refused("refused.not_playing")
        outcome = await parts.service.games.leave(record.id, interaction.user.id, reply=interaction.token)
        tell = next_person(outcome, interaction.user.id) is not None
        post = await outcome_post(outcome, notify=tell)
        left = translate(user_locale(interaction), "reply.left")
        if not posts_itself(outcome.record):  # the game as the answer, then privately: you left
            sent = await interaction.response.send_message(post.content, files=post.files(), view=post.view,
                                                           allowed_mentions=post.allowed_mentions)
            if sent.message_id is not None:
                parts.outbox.later(parts.live.remember(outcome.record, sent.message_id))
            await interaction.followup.send(left, ephemeral=True)
            return
        await interaction.response.send_message(left, ephemeral=True)
        await shown(parts.live.show(outcome.record, post, tell=tell), "reply.leave_not_shown")
        parts.live.show_again_later(outcome.record)

    await parts.clicks.guard(interaction, work)


@ludo.command(name="end", description=described("cmd.end"))
@app_commands.describe(member=described("opt.end.member"))
async def end(interaction: discord.Interaction[Any], member: discord.User | None = None) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
        if member is not None:  # the games that member hosts or plays alone here, their lobbies (`bot.moderation`)
            await end_member(parts, interaction, member)
            return
        record = await _channel_game(parts, interaction)
        manager = bool(interaction.permissions.manage_channels)
        ended = await parts.service.games.end(record.id, interaction.user.id, can_manage=manager)
        await interaction.response.send_message(
            translate(ended.locale, "reply.ended", id=ended.id, who=interaction.user.mention),
            allowed_mentions=discord.AllowedMentions.none())
        parts.live.update(ended, await game_post(ended))  # the live message says the game ended, without buttons
        parts.live.show_again_later(ended)

    await parts.clicks.guard(interaction, work)


@ludo.command(name="stats", description=described("cmd.stats"))
@app_commands.describe(user=described("opt.stats.user"))
async def stats(interaction: discord.Interaction[Any], user: discord.User | None = None) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
        lang = user_locale(interaction)
        who = user or interaction.user
        found = await parts.service.archive.player_stats(scope_of(interaction), who.id)
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

    await parts.clicks.guard(interaction, work)


@ludo.command(name="leaderboard", description=described("cmd.leaderboard"))
@app_commands.describe(season=described("opt.leaderboard.season"))
@app_commands.choices(season=choices("board", *BOARDS))
async def leaderboard(interaction: discord.Interaction[Any], season: str | None = None) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
        if season not in (None, *BOARDS):  # (a modified client sends anything)
            raise Refused("refused.board_choice")
        lang = await server_locale(interaction, parts.service.guilds)
        guild = scope_of(interaction)
        seasons = (await parts.service.guilds.settings(guild)).season != "off"
        if season in ("current", "previous") or (season is None and seasons):
            board = await parts.service.seasons.board(guild, "previous" if season == "previous" else "current")
            head = translate(lang, "leaderboard.season_final" if board.final else "leaderboard.season_head",
                             season=board.season_id)
            text = head + "\n" + (standings_text(lang, board.standings) or translate(lang, "leaderboard.season_none"))
        else:
            rated, unrated = await parts.service.archive.leaderboard(guild)
            lines = [translate(lang, "leaderboard.rated", place=i + 1, user=user, wins=wins, ordinal=ordinal)
                     for i, (user, ordinal, wins) in enumerate(rated)]
            lines += [translate(lang, "leaderboard.unrated", place=len(lines) + i + 1, user=user, wins=won)
                      for i, (user, won) in enumerate(unrated)]
            head = translate(lang, "leaderboard.all_time_head" if seasons else "leaderboard.head")
            text = head + "\n" + ("\n".join(lines) or translate(lang, "leaderboard.empty"))
        await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())

    await parts.clicks.guard(interaction, work)


@ludo.command(name="notify", description=described("cmd.notify"))
@app_commands.describe(alerts=described("opt.notify.alerts"))
@app_commands.choices(alerts=choices("notify", "on", "off"))
async def notify(interaction: discord.Interaction[Any], alerts: str) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
        await parts.notices.command(interaction, alerts == "on")

    await parts.clicks.guard(interaction, work)


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


@ludo.command(name="settings", description=described("cmd.settings"))
@app_commands.default_permissions(manage_guild=True)
@app_commands.describe(**{name: described(f"opt.settings.{name}") for name in SETTINGS_OPTIONS})
@app_commands.choices(preset=PRESETS, timeout_action=choices("timeout_action", "ai", "skip", "forfeit"),
                      language=LANGUAGE_CHOICES,
                      season=choices("season", "off", "monthly", "quarterly"))
async def settings(interaction: discord.Interaction[Any], language: str | None = None, preset: str | None = None,
                   turn_minutes: app_commands.Range[int, 1, 10080] | None = None,
                   reminder_minutes: app_commands.Range[int, 0, 10080] | None = None,
                   timeout_action: str | None = None,
                   forfeit_after: app_commands.Range[int, 1, 50] | None = None, season: str | None = None,
                   season_channel: app_commands.Transform[app_commands.AppCommandChannel, PostChannel] | None = None
                   ) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
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
        saved = await parts.service.guilds.update(scope_of(interaction), changes)
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

    await parts.clicks.guard(interaction, work)


from ludo_bot.bot import archive_commands, tourney_commands  # noqa: E402,F401  (register the past-game and tournament commands)
