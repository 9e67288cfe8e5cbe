"""Whole games through Discord, one per preset: a human against AI seats, clicking the first button each time,
to the final ranking, the Replay button, and the stats and leaderboard that count the game."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from tests.bot.helpers import PNG_MAGIC, click, game_id_of, play_to_end, private_text, slash, start_game

PRESETS = [
    ("classic", {}),
    ("star", {"turn_limit": 6}),
    ("strict", {"end_path": 4}),
    ("twodice", {}),
]


@pytest.mark.parametrize(("preset", "options"), PRESETS, ids=[p for p, _ in PRESETS])
async def test_a_game_of_every_preset_ends_with_ranking_replay_and_stats(
        standin: StandIn, ludo: LudoBot, preset: str, options: dict[str, Any]) -> None:
    alice = standin.add_user("alice")
    first = await start_game(standin, ludo, alice, ai=1, preset=preset, **options)
    assert first is not None and first.labels() == ["Roll", "Spectate"]
    game_id = game_id_of(first)

    final = await play_to_end(standin, ludo)

    assert "Game over" in final.content and "🥇" in final.content and "🥈" in final.content
    assert final.content.count("Game over") == 1  # (issue 44: "🏆 Game over: Bob wins!", then "🏆 Game over")
    assert final.labels() == ["Replay", "Rematch", "Review"]
    assert final.file("board.png").data.startswith(PNG_MAGIC)
    record = await ludo.handlers.service.games.load(game_id)  # type: ignore[union-attr]
    assert record.status == "finished" and record.turn_deadline is None
    assert await ludo.handlers.service.storage.games.channel_game(standin.channel.id) is None  # type: ignore[union-attr]
    won = re.search(r"🥇 ([^\n]+)", final.content)
    assert won is not None
    alice_won = "AI (" not in won.group(1)  # AI seats are named like "Green AI (greedy)"

    stats = private_text(await slash(standin, ludo, alice, standin.channel, "stats"))
    assert f"games: 1, wins: {int(alice_won)}," in stats, stats
    board = await slash(standin, ludo, alice, standin.channel, "leaderboard")
    top = board.response_record.content or ""  # type: ignore[union-attr]
    assert f"<@{alice.id}> — " + ("1 win" if alice_won else "0 wins") in top, top
    if preset == "star":  # scores are kept and shown
        assert "points" in final.content

    replay = await click(standin, ludo, alice, final, label="Replay")
    gif = await replay.wait_followup()
    assert gif.ephemeral and gif.attachments[0].data.startswith(b"GIF8")


async def test_a_second_game_in_the_channel_after_the_first_ended_counts_again(standin: StandIn,
                                                                             ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    for _ in range(2):
        await start_game(standin, ludo, alice, ai=1, preset="star", turn_limit=2)
        await play_to_end(standin, ludo)
    stats = private_text(await slash(standin, ludo, alice, standin.channel, "stats"))
    assert "games: 2," in stats
