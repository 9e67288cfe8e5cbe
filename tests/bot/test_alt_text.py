"""Issue 7 through Discord: every board picture the bot sends carries the position in words as the attachment's
description (alt text, read by screen readers), within Discord's 1024 characters."""

from __future__ import annotations

from bot.app import LudoBot
from tests.bot.helpers import board_messages, click, game_id_of, play_to_end, slash, start_game, to_act
from tests.bot.standin import StandIn


async def test_every_board_picture_has_a_description_of_the_position(standin: StandIn, ludo: LudoBot) -> None:
    long = "x" * 32
    alice = standin.add_user("alice" + long)
    first = await start_game(standin, ludo, alice, ai=3, ai_level="greedy", preset="star", turn_limit=3)
    assert first is not None
    game_id = game_id_of(first)
    described = first.file("board.png").description
    assert described is not None and "to roll" in described and "in the yard" in described
    mover = to_act(standin, first)
    await click(standin, ludo, mover, first, label="Roll")  # the clicked message is edited with a new picture
    assert first.file("board.png").description != described or first.edits

    watched = await (await click(standin, ludo, standin.add_user("eve"), first if first.buttons() else
                                 board_messages(standin, standin.channel)[-1], label="Spectate")).result()
    assert watched is not None and (watched.file("board.png").description or "").startswith(("Alice", "Red", "Green",
                                                                                              "Yellow", "Blue"))
    reposted = await (await slash(standin, ludo, alice, standin.channel, "board")).result()
    assert reposted is not None and reposted.file("board.png").description

    final = await play_to_end(standin, ludo)
    assert (final.file("board.png").description or "").startswith("Game over")
    for message in board_messages(standin, standin.channel):
        text = message.file("board.png").description
        assert text and len(text) <= 1024, message

    gif = await (await slash(standin, ludo, alice, standin.channel, "replay", game=game_id)).wait_followup()
    replay = gif.attachments[0].description
    assert replay is not None and replay.startswith(f"Animated replay of Ludo game {game_id}") and len(replay) <= 1024
    assert "Game over" in replay
    clicked = await (await click(standin, ludo, alice, final, label="Replay")).wait_followup()
    assert (clicked.attachments[0].description or "").startswith("Animated replay")
