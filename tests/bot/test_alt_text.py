"""Issue 7 through Discord: every board picture the bot sends carries the position in words as the attachment's
description (alt text, read by screen readers), within Discord's 1024 characters."""

from __future__ import annotations

import pytest

from ludo_bot import engine
from ludo_bot.bot.app import LudoBot
from ludo_bot.engine.describe import describe_position
from ludo_bot.playground.standin import StandIn
from ludo_bot.service import GameRecord, seat_names, state_of
from tests.bot.helpers import board_messages, click, game_id_of, live_message, play_to_end, slash, start_game, to_act


async def stored(bot: LudoBot, game_id: str) -> GameRecord:
    assert bot.handlers is not None
    return await bot.handlers.service.games.load(game_id)


def in_words(record: GameRecord) -> str:
    """The stored position as the alt text must say it (English: the stand-in's guild and users speak en-US)."""
    return describe_position(state_of(record), seat_names(record))


@pytest.mark.usefixtures("no_click_in_flight")  # (its /ludo board after every click answered)
async def test_every_board_picture_has_a_description_of_the_position(standin: StandIn, ludo: LudoBot) -> None:
    long = "x" * 32
    alice = standin.add_user("alice" + long)
    rules = engine.Rules.preset("star", turn_limit=3)
    seed = next(s for s in range(1, 1000) if engine.new_game(rules, (0, 1, 2, 3), seed=s).current == 0)
    assert ludo.handlers is not None
    ludo.handlers.service.games.new_seed = lambda: seed  # Alice (red) rolls first: her roll changes the position
    first = await start_game(standin, ludo, alice, ai=3, ai_level="greedy", preset="star", turn_limit=3)
    assert first is not None
    game_id = game_id_of(first)
    opening = await stored(ludo, game_id)
    described = first.file("board.png").description
    assert described == in_words(opening)
    assert described.startswith(f"{alice.global_name} (red) to roll.") and "in the yard" in described
    mover, picture = to_act(standin, first), first.file("board.png").data
    assert mover is alice
    await click(standin, ludo, mover, first, label="Roll")
    rolled = await stored(ludo, game_id)
    assert state_of(rolled).ply > state_of(opening).ply
    # Alice acts next (the AI seats play in between): her click's answer edits the clicked message in place, with a
    # new picture described as the position now stored
    assert rolled.active and rolled.message_id == first.id and live_message(standin, standin.channel) is first
    assert first.file("board.png").description == in_words(rolled) != described
    redrawn = first.file("board.png").data != picture
    assert redrawn

    watched = await (await click(standin, ludo, standin.add_user("eve"), first if first.buttons() else
                                 board_messages(standin, standin.channel)[-1], label="Spectate")).result()
    assert watched is not None and watched.file("board.png").description == in_words(await stored(ludo, game_id))
    reposted = await (await slash(standin, ludo, alice, standin.channel, "board")).result()
    assert reposted is not None and reposted.file("board.png").description == in_words(await stored(ludo, game_id))

    final = await play_to_end(standin, ludo)
    ended = final.file("board.png").description
    assert ended == in_words(await stored(ludo, game_id)) and ended.startswith("Game over")
    for message in board_messages(standin, standin.channel):
        text = message.file("board.png").description
        assert text and len(text) <= 1024, message

    gif = await (await slash(standin, ludo, alice, standin.channel, "replay", game=game_id)).wait_followup()
    replay = gif.attachments[0].description
    assert replay is not None and replay.startswith(f"Animated replay of Ludo game {game_id}") and len(replay) <= 1024
    assert "Game over" in replay
    # (by another member: Alice waits a while before her next replay)
    clicked = await (await click(standin, ludo, standin.add_user("carol"), final, label="Replay")).wait_followup()
    assert (clicked.attachments[0].description or "").startswith("Animated replay")
