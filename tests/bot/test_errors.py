"""Clicks that must change nothing: the wrong user, a stale button, a forged or unknown button id, two fast
clicks, a corrupted record, and Redis down. Each gets a private answer within Discord's 3 seconds."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from pathlib import Path

import pytest

from ludo_bot.bot import errors
from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import BotRunner, Message, StandIn
from ludo_bot.storage import EmbeddedRedis, GameRecord, Storage, keys
from tests.bot.conftest import Launch
from tests.bot.helpers import answered, click, game_id_of, live_message, private_text, slash, start_game, to_act


def snapshot(message: Message) -> Message:
    """The message as a user's client still shows it (its buttons as they are now), for clicking later."""
    return dataclasses.replace(message, components=[dict(row) for row in message.components])


async def stored(bot: LudoBot, game_id: str) -> GameRecord:
    assert bot.handlers is not None
    return await bot.handlers.service.storage.games.load_game(game_id, with_log=True)


async def test_clicks_by_others_are_refused_privately_and_change_nothing(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, eve = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("eve")
    live = await start_game(standin, ludo, alice, (bob,))
    assert live is not None
    game_id = game_id_of(live)
    mover = to_act(standin, live)
    waiting = bob if mover is alice else alice
    before = await stored(ludo, game_id)
    edits = live.edits
    outsider = await click(standin, ludo, eve, live, label="Roll")
    assert "not playing in this game" in private_text(outsider)
    not_yours = await click(standin, ludo, waiting, live, label="Roll")
    assert "not your turn" in private_text(not_yours)
    assert (await stored(ludo, game_id)).version == before.version and live.edits == edits
    assert not standin.notifications(eve)
    await click(standin, ludo, mover, live, label="Roll")  # the player to act still can
    assert (await stored(ludo, game_id)).log_length > before.log_length


async def test_a_stale_button_says_the_game_moved_on(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1, auto_single=False)
    assert live is not None
    game_id = game_id_of(live)
    for _ in range(100):  # until a roll leaves a choice on the same message (30 ran out once)
        assert live is not None
        old = snapshot(live)
        await click(standin, ludo, alice, live, label="Roll")
        live = live_message(standin, standin.channel)
        if live is not None and "Roll" not in live.labels():
            break
    else:
        raise AssertionError("no roll gave a move")
    assert live is not None
    before = await stored(ludo, game_id)
    stale = await click(standin, ludo, alice, old, label="Roll")
    assert "moved on" in private_text(stale)
    after = await stored(ludo, game_id)
    assert (after.version, after.log) == (before.version, before.log)
    assert "Roll" not in live.labels()


async def test_two_fast_clicks_apply_once(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1)
    assert live is not None
    game_id = game_id_of(live)
    for _ in range(5):
        before = await stored(ludo, game_id)
        first, second = await asyncio.gather(standin.click(alice, live, custom_id=live.custom_ids()[0]),
                                             standin.click(alice, live, custom_id=live.custom_ids()[0]))
        await answered(first, ludo)
        await answered(second, ludo)
        public = [r for r in (first, second) if not r.response_record.ephemeral]  # type: ignore[union-attr]
        private = [r for r in (first, second) if r.response_record.ephemeral]  # type: ignore[union-attr]
        assert len(public) == 1 and len(private) == 1
        assert any(words in private_text(private[0]) for words in ("moved on", "same moment"))
        after = await stored(ludo, game_id)
        assert after.version == before.version + 1 or after.version == before.version + 2  # + the message id
        assert after.log[before.log_length] == "R" and before.log_length < after.log_length
        await ludo.handlers.service.storage.games.verify_game(game_id)  # type: ignore[union-attr]
        live = live_message(standin, standin.channel)
        if live is None:
            break
        if live.labels() != ["Roll", "Spectate"]:
            await click(standin, ludo, alice, live, custom_id=live.custom_ids()[0])
            live = live_message(standin, standin.channel)
            assert live is not None


async def test_forged_and_unknown_button_ids_are_answered_privately(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), preset="classic")
    assert live is not None
    game_id, ply = game_id_of(live), live.custom_ids()[0].split(":")[3]
    mover = to_act(standin, live)
    other_seat = 2 if mover is alice else 0  # two players sit at 0 and 2
    before = await stored(ludo, game_id)

    def old_message(*custom_ids: str) -> Message:  # as if an earlier bot version had posted these buttons
        buttons = [{"type": 2, "style": 1, "label": f"b{i}", "custom_id": c} for i, c in enumerate(custom_ids)]
        rows = [{"type": 1, "components": buttons[i:i + 5]} for i in range(0, len(buttons), 5)]
        return standin.create_message(standin.channel, {"content": "an old message", "components": rows}, [],
                                      author=standin.bot_user)

    forged = old_message("ludo:zz:123", "ludo:g:nosuchgame:0:R", f"ludo:g:{game_id}:{ply}:Z9",
                         f"ludo:g:{game_id}:{ply}:X{other_seat}", f"ludo:g:{game_id}:{ply}:S", "other-bot:thing")
    expected = ["outdated", "no longer exists", "not one of this game's", "not one of this game's",
                "not one of this game's", "outdated"]
    for custom_id, says in zip(forged.custom_ids(), expected, strict=True):
        record = await click(standin, ludo, mover, forged, custom_id=custom_id)
        assert says in private_text(record), (custom_id, record.response_record)
    after = await stored(ludo, game_id)
    assert (after.version, after.log) == (before.version, before.log)
    assert live.labels() == ["Roll", "Spectate"]


async def test_a_corrupted_record_gets_an_apology_with_a_reference(standin: StandIn, ludo: LudoBot,
                                                                  bots: BotRunner, storage: Storage) -> None:
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1)
    assert live is not None
    await storage.redis.hset(keys.game(game_id_of(live)), "rec", "{not json")
    record = await click(standin, ludo, alice, live, label="Roll")
    text = private_text(record)
    assert "Sorry, something went wrong" in text and "reference `" in text
    reference = text.split("reference `")[1].split("`")[0]
    logged = bots.take_logged_errors()
    assert any(reference in r.getMessage() and game_id_of(live) in r.getMessage() for r in logged), logged


async def test_redis_down_answers_within_3_seconds_and_loses_nothing(standin: StandIn, launch: Launch,
                                                                     bots: BotRunner, tmp_path: Path) -> None:
    server = EmbeddedRedis(tmp_path / "r")
    own = await Storage.open(await asyncio.to_thread(server.start))
    try:
        bot = await launch(on=own)
        alice = standin.add_user("alice")
        live = await start_game(standin, bot, alice, ai=1)
        assert live is not None
        game_id = game_id_of(live)
        before = await own.games.load_game(game_id, with_log=True)

        await asyncio.to_thread(server.stop)
        started = time.monotonic()
        down = await click(standin, bot, alice, live, label="Roll")
        assert "Storage is unavailable" in private_text(down)
        assert down.response_record is not None and down.response_record.elapsed < 3.0
        assert time.monotonic() - started < 3.0
        assert live.labels() == ["Roll", "Spectate"]
        board = await slash(standin, bot, alice, standin.channel, "board")
        assert "Storage is unavailable" in private_text(board)

        await asyncio.to_thread(server.start)
        after = await own.games.load_game(game_id, with_log=True)
        assert (after.version, after.state, after.log) == (before.version, before.state, before.log)
        back = await click(standin, bot, alice, live, label="Roll")
        assert not back.response_record.ephemeral  # type: ignore[union-attr]
        assert (await own.games.load_game(game_id)).log_length > before.log_length
        await bots.stop(bot)
    finally:
        await own.close()
        await asyncio.to_thread(server.stop)


@pytest.mark.usefixtures("no_click_in_flight")  # (its /ludo board after every click answered)
async def test_a_move_saved_but_not_shown_says_it_counted(standin: StandIn, ludo: LudoBot,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1)
    assert live is not None
    before = await stored(ludo, game_id_of(live))
    monkeypatch.setattr(errors, "DEFER_AFTER", 0.0)  # a busy bot: the click is deferred at once
    rolled = await standin.click(alice, live, label="Roll")
    assert (await rolled.response()).type == 6
    await standin.delete_message(live)  # a moderator removes the game message while the move is being saved
    await answered(rolled, ludo)
    (answer,) = rolled.followups
    assert answer.ephemeral and "Your move counted" in answer.content and "`/ludo board`" in answer.content
    assert "nothing was changed" not in answer.content
    assert (await stored(ludo, game_id_of(live))).log_length > before.log_length
    board = await (await slash(standin, ludo, alice, standin.channel, "board")).result()  # (by a player)
    assert board is not None and live_message(standin, standin.channel) is board
