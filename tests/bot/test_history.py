"""Issue 7 through Discord: /ludo history lists the server's finished games, newest first; /ludo replay posts the
animated replay of any of them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from babel.dates import format_date

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from ludo_bot.storage import keys
from tests.bot.helpers import game_id_of, play_to_end, private_text, slash, start_game


async def test_history_lists_finished_games_and_replay_posts_any_of_them(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    empty = await slash(standin, ludo, alice, standin.channel, "history")
    assert "No finished Ludo games here yet" in (empty.response_record.content or "")  # type: ignore[union-attr]
    ids = []
    games: list[dict[str, Any]] = [{"preset": "star", "turn_limit": 2},
                                   {"preset": "classic", "quick": True, "turn_limit": 2}]
    for options in games:
        first = await start_game(standin, ludo, alice, ai=1, **options)
        assert first is not None
        ids.append(game_id_of(first))
        await play_to_end(standin, ludo)

    listed = (await slash(standin, ludo, alice, standin.channel, "history")).response_record
    assert listed is not None and not listed.ephemeral and listed.content is not None
    assert listed.content.index(f"`{ids[1]}`") < listed.content.index(f"`{ids[0]}`")  # newest first
    assert "**classic** (quick)" in listed.content and "**star**" in listed.content and "🥇" in listed.content

    live = await start_game(standin, ludo, alice, ai=1)
    assert live is not None
    refused = await slash(standin, ludo, alice, standin.channel, "replay", game=game_id_of(live))
    assert "still being played" in private_text(refused)
    assert "There is no Ludo game" in private_text(await slash(standin, ludo, alice, standin.channel, "replay",
                                                               game="zzzzzzzzzz"))

    replayed = await slash(standin, ludo, alice, standin.channel, "replay", game=ids[0])
    gif = await replayed.wait_followup()
    assert not gif.ephemeral and gif.attachments[0].filename == f"ludo-{ids[0]}.gif"
    assert gif.attachments[0].data.startswith(b"GIF8")

    # a game past its retention leaves the history
    storage = ludo.handlers.service.storage  # type: ignore[union-attr]
    await storage.redis.delete(keys.game(ids[0]), keys.log(ids[0]))
    shown = (await slash(standin, ludo, alice, standin.channel, "history")).response_record
    assert shown is not None and shown.content is not None
    assert f"`{ids[0]}`" not in shown.content and f"`{ids[1]}`" in shown.content
    assert await storage.stats.history(standin.guild.id) == [(ids[1], await storage.redis.zscore(
        keys.history(standin.guild.id), ids[1]))]


async def test_history_speaks_the_servers_language_dates_included(standin: StandIn, ludo: LudoBot) -> None:
    """The history's lines come from the catalogue: in a Bengali server (a language Discord's client lacks) the date
    is written in Bengali by the bot, not a timestamp the reader's client would write in English."""
    alice = standin.add_user("alice")
    first = await start_game(standin, ludo, alice, ai=1, preset="star", turn_limit=2)
    assert first is not None
    game_id = game_id_of(first)
    await play_to_end(standin, ludo)
    assert ludo.handlers is not None
    await ludo.handlers.service.guilds.update(standin.guild.id, {"language": "bn"})
    listed = (await slash(standin, ludo, alice, standin.channel, "history")).response_record
    assert listed is not None and listed.content is not None
    line = listed.content.splitlines()[1]
    assert line.startswith(f"`{game_id}` · ") and "<t:" not in line and "🥇" in line
    assert format_date(datetime.now(UTC), "medium", locale="bn") in line
    assert "কম্পিউটার (" in line  # the AI's seat name, in Bengali
