"""The click that ends a game, cut short at each step after its final save (the bot process dying there, or storage
failing): the results, the ratings and the history still count the game once, and the channel ends up showing the
final board, with no buttons of the old position left (the game's follow-up in the deadline queue sees to both)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ludo_bot import engine
from ludo_bot.bot import live as bot_live
from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.workers.timings import WorkerTimings
from ludo_bot.playground.standin import InteractionRecord, Message, StandIn, User
from ludo_bot.service import state_of
from ludo_bot.service.games import FINISH_AFTER
from ludo_bot.storage import StorageUnavailable, WriteUncertain
from tests.bot.helpers import (
    Clock,
    game_id_of,
    live_message,
    looking_every,
    private_text,
    settle,
    slash,
    start_game,
    to_act,
)
from tests.bot.test_recovery import answered_or_failed

AFTER_BUTTONS = ["Replay", "Rematch", "Review"]  # a finished game's message


@pytest.fixture
def timings() -> WorkerTimings:
    return looking_every(deadlines=0.05)  # a due follow-up is seen at once


def cut(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, error: BaseException,
        when: str | None = None) -> list[bool]:
    """`owner.name` raising `error` instead (a `CancelledError`: the handler ends as a killed process's would),
    once, at the game's end (when the keyword argument `when`, if given, is a post saying the game is over)."""
    real = getattr(owner, name)
    done: list[bool] = []

    async def broken(*args: Any, **kwargs: Any) -> Any:
        post = kwargs.get(when) if when else None
        if done or (when is not None and (post is None or "Game over" not in post.content)):
            return await real(*args, **kwargs)
        done.append(True)
        raise error

    monkeypatch.setattr(owner, name, broken)
    return done


async def play_until_cut(standin: StandIn, ludo: LudoBot, live: Message, done: list[bool]
                         ) -> tuple[Message, InteractionRecord]:
    """Click the first button of each live message until the step is cut: that message and click."""
    for _ in range(300):
        record = await standin.click(to_act(standin, live), live, custom_id=live.custom_ids()[0])
        await standin.wait_until(answered_or_failed(record), timeout=5.0,
                                 what=f"an answer to {record!r}, or its failure")
        await settle(ludo)
        if done:
            return live, record
        found = live_message(standin, standin.channel)
        assert found is not None, "the game ended before the step was cut"
        live = found
    raise AssertionError("the step was never cut")


async def counted_once(standin: StandIn, ludo: LudoBot, players: tuple[User, User], game_id: str) -> None:
    for player in players:
        stats = private_text(await slash(standin, ludo, player, standin.channel, "stats"))
        assert "games: 1," in stats and "rating **" in stats, stats
    history = await slash(standin, ludo, players[0], standin.channel, "history")
    assert history.response_record is not None and game_id in (history.response_record.content or "")
    board = await slash(standin, ludo, players[0], standin.channel, "leaderboard")
    top = board.response_record.content if board.response_record else ""
    assert all(f"<@{p.id}>" in (top or "") for p in players), top


STEPS = {
    "killed before the results": ("storage.stats", "ratings", asyncio.CancelledError(), None),
    "storage down at the results": ("storage.stats", "record_results", StorageUnavailable("down"), None),
    "killed before the answer": ("bot_live", "edit_clicked", asyncio.CancelledError(), "post"),
    "killed after the answer": ("service.games", "settled", asyncio.CancelledError(), None),
}


@pytest.mark.parametrize("step", list(STEPS))
async def test_a_game_end_cut_short_is_still_counted_once_and_shown(
        standin: StandIn, ludo: LudoBot, clock: Clock, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), preset="star", turn_limit=2)
    assert live is not None
    game_id = game_id_of(live)
    service = ludo.handlers.service  # type: ignore[union-attr]
    where, name, error, when = STEPS[step]
    owner = {"storage.stats": service.storage.stats, "bot_live": bot_live, "service.games": service.games}[where]
    done = cut(monkeypatch, owner, name, error, when)
    clicked, record = await play_until_cut(standin, ludo, live, done)
    if isinstance(error, asyncio.CancelledError) and step != "killed after the answer":
        assert record.failed  # the process died before answering: Discord shows "This interaction failed"
        standin.take_violations("unanswered")
        assert clicked.buttons()  # the old position, still
    else:
        assert "Game over" in clicked.content  # answered with the final board all the same
    assert (await service.games.load(game_id)).status == "finished"

    clock.advance(FINISH_AFTER + 1)  # the game's follow-up falls due
    await standin.wait_until(lambda: "Game over" in clicked.content and clicked.labels() == AFTER_BUTTONS,
                             timeout=5.0, what="the final board")
    await asyncio.sleep(0.3)  # (a second showing would show up now)
    assert live_message(standin, standin.channel) is None  # no buttons of the old position anywhere
    assert [m for m in standin.messages(standin.channel) if "Game over" in m.content] == [clicked]
    await counted_once(standin, ludo, (alice, bob), game_id)
    assert await service.storage.deadlines.next_due() is None  # settled: nothing left queued


async def test_a_final_save_that_landed_despite_a_timeout_is_shown_and_counted(
        standin: StandIn, ludo: LudoBot, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The player is not sent to `/ludo board` (the finished game has left the channel): the game message itself
    shows the end once storage answers."""
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), preset="star", turn_limit=2)
    assert live is not None
    game_id = game_id_of(live)
    games = ludo.handlers.service.storage.games  # type: ignore[union-attr]
    real = games.save_and_read  # every save of a game goes through it
    done: list[bool] = []

    async def landed_then_timed_out(record: Any, texts: Any = (), **kwargs: Any) -> Any:
        saved, entries = await real(record, texts, **kwargs)
        if not saved.active and not done:  # the game's end: written, but the answer never came back in time
            done.append(True)
            raise WriteUncertain("Redis is unavailable (save game): timed out")
        return saved, entries

    monkeypatch.setattr(games, "save_and_read", landed_then_timed_out)
    clicked, record = await play_until_cut(standin, ludo, live, done)
    told = private_text(record)
    assert "Storage is unavailable" in told and "/ludo board" not in told, told
    board = private_text(await slash(standin, ludo, alice, standin.channel, "board"))
    assert "There is no Ludo game in this channel" in board, board  # why /ludo board is no help here

    clock.advance(FINISH_AFTER + 1)
    await standin.wait_until(lambda: "Game over" in clicked.content and clicked.labels() == AFTER_BUTTONS,
                             timeout=5.0, what="the final board")
    assert live_message(standin, standin.channel) is None
    await counted_once(standin, ludo, (alice, bob), game_id)


async def test_the_game_ended_on_a_board_a_reminder_replaced_leaves_no_buttons_on_the_reminder(
        standin: StandIn, ludo: LudoBot, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reminder posts the board again and deletes the old one through the outbox; a click made on the old board
    before its removal went out, which ends the game, is answered there, and the reminder's board (the live one)
    shows the end too instead of offering the old position's moves for good (found by the fuzz)."""
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    await slash(standin, ludo, standin.owner, standin.channel, "settings", turn_minutes=2, reminder_minutes=1)
    live = await start_game(standin, ludo, alice, (bob,), preset="star", turn_limit=2)
    assert live is not None
    game_id = game_id_of(live)
    service = ludo.handlers.service  # type: ignore[union-attr]
    for _ in range(300):  # play until the first button would end the game
        record = await service.games.load(game_id)
        custom_id = live.custom_ids()[0]
        state, _ = engine.apply(state_of(record), engine.parse_action(custom_id.split(":")[4]))
        if service.games.advance(record, state, []).state.over:
            break
        answer = await standin.click(to_act(standin, live), live, custom_id=custom_id)
        await standin.wait_until(lambda: answer.response_record is not None, what="the answer")  # noqa: B023
        await settle(ludo)
        found = live_message(standin, standin.channel)
        assert found is not None
        live = found
    else:
        raise AssertionError("the game never came to its last move")
    outbox = ludo.handlers.outbox  # type: ignore[union-attr]
    real_delete, old = outbox.delete, live

    def held(channel_id: int, message_id: int, **kwargs: Any) -> Any:  # the old board's removal not out yet
        if message_id == old.id:
            return asyncio.get_running_loop().create_future()
        return real_delete(channel_id, message_id, **kwargs)

    monkeypatch.setattr(outbox, "delete", held)
    clock.advance(61)
    reminder = await standin.wait_for_message(standin.channel, lambda m: "⏰" in m.content)
    for _ in range(250):  # the reminder's board is the live one now: the old board's removal is on its way
        if (await service.games.load(game_id)).message_id == reminder.id:
            break
        await asyncio.sleep(0.02)
    assert not old.deleted and old.buttons()
    answer = await standin.click(to_act(standin, old), old, custom_id=old.custom_ids()[0])
    await standin.wait_until(lambda: answer.response_record is not None, what="the answer")
    await settle(ludo)
    assert "Game over" in old.content  # answered in place
    clock.advance(FINISH_AFTER + 1)  # (and the game's follow-up, if one is left, falls due)
    await standin.wait_until(lambda: "Game over" in reminder.content, what="the end on the live board")
    assert [m for m in standin.messages(standin.channel) if m.custom_ids() and ":g:" in m.custom_ids()[0]] == []
