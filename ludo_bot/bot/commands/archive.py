"""The `/ludo` commands about a server's past games: export, verify, history, replay and review.

A game is named by its id and must be in a channel the member can view (`bot.access`). What they show is for everyone
only where the game was played: elsewhere the answer is private, since the asker may view a channel the others here
cannot."""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord import app_commands

from ludo_bot.bot.clicks import handlers_of
from ludo_bot.bot.commands.common import guarded_command
from ludo_bot.bot.handlers import Handlers
from ludo_bot.bot.messages import text_names
from ludo_bot.bot.plumbing.delivery import scope_of
from ludo_bot.bot.plumbing.translator import described, server_locale, user_locale
from ludo_bot.engine.actions import move_of, moves_made
from ludo_bot.engine.verify import FORMAT as GAME_FILE_FORMAT
from ludo_bot.engine.verify import commitment, verify_game
from ludo_bot.service import GameRecord, Refused, state_of
from ludo_bot.service.words.i18n import translate
from ludo_bot.service.words.text import clip, listed, preset_name, variants


async def _guild_game(handlers: Handlers, interaction: discord.Interaction[Any], game_id: str, *,
                      with_log: bool = False) -> GameRecord:
    """A game of this server by its id (finished games are kept for the retention period), in a channel the member
    can view (else answered as unknown)."""
    record = await handlers.service.archive.guild_game(scope_of(interaction), game_id, with_log=with_log)
    return await handlers.access.visible(interaction, record, Refused("refused.unknown_game", id=record.id))


def played_here(interaction: discord.Interaction[Any], *records: GameRecord) -> bool:
    """Whether every game shown was played in the channel the command is used in: only then is it answered for
    everyone there."""
    return all(record.channel_id == interaction.channel_id for record in records)


async def answer_locale(handlers: Handlers, interaction: discord.Interaction[Any], public: bool) -> str:
    """The language of a public answer (the server's) or of a private one (the asker's)."""
    server = await server_locale(interaction, handlers.service.guilds)
    return server if public else user_locale(interaction)


def _finished(record: GameRecord) -> GameRecord:
    """A game no longer played (finished, or ended before its end): its seed is revealed (`bot.messages.dice_line`)."""
    if record.active:
        raise Refused("refused.not_finished", id=record.id, commitment=commitment(record.seed))
    return record


def game_file(record: GameRecord) -> dict[str, Any]:
    """The game file (engine.verify, format ludo-game/1) of a stored game; its `state` is the stored position,
    so a verification also checks that the log replays to what the bot saved. `moves[i]`: the number of the move
    log entry i is part of (`engine.actions.moves_made`: as the replay, the chart and the review count them)."""
    made = moves_made(record.log)
    return {"format": GAME_FILE_FORMAT, "rules": record.rules, "seats": list(record.seat_numbers), "seed": record.seed,
            "commitment": commitment(record.seed), "log": list(record.log),
            "moves": [move_of(made, i) for i in range(len(record.log))], "state": record.state}


@app_commands.command(name="export", description=described("cmd.export"))
@app_commands.describe(game=described("opt.game"))
@guarded_command
async def export(handlers: Handlers, interaction: discord.Interaction[Any],
                 game: app_commands.Range[str, 1, 60]) -> None:
    record = _finished(await _guild_game(handlers, interaction, game, with_log=True))
    await handlers.service.cooldowns.take(interaction.user.id, "export")
    data = json.dumps(game_file(record), indent=1).encode()
    public = played_here(interaction, record)
    await interaction.response.send_message(
        translate(await answer_locale(handlers, interaction, public), "reply.export", id=record.id),
        file=discord.File(io.BytesIO(data), filename=f"ludo-{record.id}.json"), ephemeral=not public)


@app_commands.command(name="verify", description=described("cmd.verify"))
@app_commands.describe(game=described("opt.game"))
@guarded_command
async def verify(handlers: Handlers, interaction: discord.Interaction[Any],
                 game: app_commands.Range[str, 1, 60]) -> None:
    record = _finished(await _guild_game(handlers, interaction, game, with_log=True))
    await handlers.service.cooldowns.take(interaction.user.id, "verify")
    report = verify_game(game_file(record))
    public = played_here(interaction, record)
    lang = await answer_locale(handlers, interaction, public)
    verdict = translate(lang, "verify.ok" if report.ok else "verify.bad", id=record.id, seed=record.seed,
                        commitment=commitment(record.seed))
    await interaction.response.send_message(clip(f"{verdict}\n```\n{report.text()}\n```"), ephemeral=not public)


HISTORY_SHOWN = 10


def history_line(record: GameRecord, finished_at: float, lang: str) -> str:
    """One finished game in /ludo history: id, when, rules, winner(s) and the others."""
    state = state_of(record)
    names = text_names(record, lang)
    rules = state.rules
    tag = f" ({variants(rules, lang)})" if variants(rules, lang) else ""
    winners = list(state.ranking[:2] if rules.teams else state.ranking[:1])
    others = [names[s] for s in state.ranking if s not in winners]
    return translate(lang, "history.line", id=record.id, at=int(finished_at), rules=preset_name(rules.name), extra=tag,
                     winners=listed((names[s] for s in winners), lang),
                     then=translate(lang, "history.then", others=listed(others, lang)) if others else "")


@app_commands.command(name="history", description=described("cmd.history"))
@guarded_command
async def history(handlers: Handlers, interaction: discord.Interaction[Any]) -> None:
    guild = scope_of(interaction)
    shown = await handlers.service.archive.history(
        guild, HISTORY_SHOWN, visible=lambda record: handlers.access.can_view(interaction, record.channel_id))
    public = played_here(interaction, *(record for record, _ in shown))
    lang = await answer_locale(handlers, interaction, public)
    lines = [history_line(record, finished_at, lang) for record, finished_at in shown]
    text = (translate(lang, "history.head") + "\n" + "\n".join(lines) if lines
            else translate(lang, "history.empty"))
    await interaction.response.send_message(clip(text), ephemeral=not public,
                                            allowed_mentions=discord.AllowedMentions.none())


@app_commands.command(name="replay", description=described("cmd.replay"))
@app_commands.describe(game=described("opt.game"))
@guarded_command
async def replay(handlers: Handlers, interaction: discord.Interaction[Any],
                 game: app_commands.Range[str, 1, 60]) -> None:
    record = await _guild_game(handlers, interaction, game, with_log=True)
    if record.active:
        raise Refused("refused.still_playing", id=record.id)
    public = played_here(interaction, record)
    lang = await answer_locale(handlers, interaction, public)
    handlers.service.replays.check()  # (refused after a public deferral, the refusal would be public)
    await handlers.service.cooldowns.take(interaction.user.id, "replay")
    await interaction.response.defer(thinking=True, ephemeral=not public)  # drawing a long game takes a while
    await handlers.watching.send_replay(interaction, record, lang, public=public)


@app_commands.command(name="review", description=described("cmd.review"))
@app_commands.describe(game=described("opt.game"))
async def review(interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 60]) -> None:
    handlers = handlers_of(interaction)

    async def load() -> GameRecord:
        return await _guild_game(handlers, interaction, game, with_log=True)

    await handlers.review.answer(interaction, game, public=False, load=load)


def add_to(group: app_commands.Group) -> None:
    """Add this module's commands to the /ludo group."""
    group.add_command(export)
    group.add_command(verify)
    group.add_command(history)
    group.add_command(replay)
    group.add_command(review)
