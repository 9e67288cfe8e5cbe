"""The `/ludo` commands about a server's past games: export, verify, history, replay and review.

They join the group of `bot.commands` (which imports this module last, so that building the group registers them);
a game is named by its id and must be in a channel the member can view."""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord import app_commands

from bot.commands import ludo, parts_of
from bot.delivery import scope_of
from bot.messages import text_names
from bot.parts import Parts
from bot.translator import described, server_locale
from engine.verify import FORMAT as GAME_FILE_FORMAT
from engine.verify import commitment, verify_game
from service import GameRecord, Refused, state_of
from service.i18n import translate
from service.text import clip, listed, preset_name, variants


# -- issue 7: checkable dice ------------------------------------------------------------------------------
async def _guild_game(parts: Parts, interaction: discord.Interaction[Any], game_id: str, *,
                      with_log: bool = False) -> GameRecord:
    """A game of this server by its id (finished games are kept for the retention period), in a channel the member
    can view (else answered as unknown)."""
    record = await parts.service.archive.guild_game(scope_of(interaction), game_id, with_log=with_log)
    return await parts.access.visible(interaction, record, Refused("refused.unknown_game", id=record.id))


def _finished(record: GameRecord) -> GameRecord:
    if record.status != "finished":
        raise Refused("refused.not_finished", id=record.id, commitment=commitment(record.seed))
    return record


def game_file(record: GameRecord) -> dict[str, Any]:
    """The game file (engine.verify, format ludo-game/1) of a stored game; its `state` is the stored position,
    so a verification also checks that the log replays to what the bot saved."""
    return {"format": GAME_FILE_FORMAT, "rules": record.rules, "seats": list(record.seat_numbers), "seed": record.seed,
            "commitment": commitment(record.seed), "log": list(record.log), "state": record.state}


@ludo.command(name="export", description=described("cmd.export"))
@app_commands.describe(game=described("opt.game"))
async def export(interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 60]) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
        record = _finished(await _guild_game(parts, interaction, game, with_log=True))
        await parts.service.cooldowns.take(interaction.user.id, "export")
        data = json.dumps(game_file(record), indent=1).encode()
        await interaction.response.send_message(
            translate(await server_locale(interaction, parts.service.guilds), "reply.export", id=record.id),
            file=discord.File(io.BytesIO(data), filename=f"ludo-{record.id}.json"))

    await parts.clicks.guard(interaction, work)


@ludo.command(name="verify", description=described("cmd.verify"))
@app_commands.describe(game=described("opt.game"))
async def verify(interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 60]) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
        record = _finished(await _guild_game(parts, interaction, game, with_log=True))
        await parts.service.cooldowns.take(interaction.user.id, "verify")
        report = verify_game(game_file(record))
        lang = await server_locale(interaction, parts.service.guilds)
        verdict = translate(lang, "verify.ok" if report.ok else "verify.bad", id=record.id, seed=record.seed,
                            commitment=commitment(record.seed))
        await interaction.response.send_message(clip(f"{verdict}\n```\n{report.text()}\n```"))

    await parts.clicks.guard(interaction, work)


# -- issue 7: history and replays ----------------------------------------------------------------------------
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


@ludo.command(name="history", description=described("cmd.history"))
async def history(interaction: discord.Interaction[Any]) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
        lang = await server_locale(interaction, parts.service.guilds)
        guild = scope_of(interaction)
        shown = await parts.service.archive.history(
            guild, HISTORY_SHOWN, visible=lambda record: parts.access.can_view(interaction, record.channel_id))
        lines = [history_line(record, finished_at, lang) for record, finished_at in shown]
        text = (translate(lang, "history.head") + "\n" + "\n".join(lines) if lines
                else translate(lang, "history.empty"))
        await interaction.response.send_message(clip(text), allowed_mentions=discord.AllowedMentions.none())

    await parts.clicks.guard(interaction, work)


@ludo.command(name="replay", description=described("cmd.replay"))
@app_commands.describe(game=described("opt.game"))
async def replay(interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 60]) -> None:
    parts = parts_of(interaction)

    async def work() -> None:
        record = await _guild_game(parts, interaction, game, with_log=True)
        if record.active:
            raise Refused("refused.still_playing", id=record.id)
        lang = await server_locale(interaction, parts.service.guilds)
        parts.service.replays.check()  # (refused after a public deferral, the refusal would be public)
        await parts.service.cooldowns.take(interaction.user.id, "replay")
        await interaction.response.defer(thinking=True)  # drawing a long game takes a while
        await parts.watching.send_replay(interaction, record, lang, public=True)

    await parts.clicks.guard(interaction, work)


@ludo.command(name="review", description=described("cmd.review"))
@app_commands.describe(game=described("opt.game"))
async def review(interaction: discord.Interaction[Any], game: app_commands.Range[str, 1, 60]) -> None:
    parts = parts_of(interaction)

    async def load() -> GameRecord:
        return await _guild_game(parts, interaction, game, with_log=True)

    await parts.review.answer(interaction, game, public=False, load=load)
