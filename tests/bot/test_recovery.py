"""A bot process dies with clicks in hand, or between saving a click and showing it, or a save times out though it
landed: the click is still answered and the game is not left without current buttons. Another process answers the
clicks of one that died; the clicked message keeps buttons, and a click on one posts the live game message again; a
save that landed despite a timeout is noticed and shown once storage answers."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import pytest

from ludo_bot.bot import live as bot_live
from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.buttons import game
from ludo_bot.playground.standin import Channel, InteractionRecord, Message, StandIn, User
from ludo_bot.service.runtime.takeover import BEAT_EVERY, DEAD_AFTER, DISCORD_EPOCH_MS, Beat, Takeover
from ludo_bot.storage import Storage, StorageUnavailable, WriteUncertain
from ludo_bot.storage.game_log import state_of
from ludo_bot.storage.interactions import Filing, Inboxes
from tests.bot.conftest import Launch
from tests.bot.helpers import (
    Clock,
    answered,
    click,
    game_id_of,
    live_message,
    private_text,
    settle,
    slash,
    start_game,
    to_act,
)


def die_once(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, when: str | None = None) -> list[bool]:
    """Replace `owner.name` by a step that ends its handler like a killed process would (nothing more is sent),
    once (the first call whose keyword argument `when`, if given, is set); the returned list gets an entry then."""
    real = getattr(owner, name)
    died: list[bool] = []

    async def dead(*args: Any, **kwargs: Any) -> Any:
        if died or (when is not None and not kwargs.get(when)):
            return await real(*args, **kwargs)
        died.append(True)
        raise asyncio.CancelledError

    monkeypatch.setattr(owner, name, dead)
    return died


def answered_or_failed(record: InteractionRecord) -> Callable[[], bool]:
    """Whether `record` has the bot's answer, or Discord shows it as failed (a check for `StandIn.wait_until`)."""
    return lambda: record.response_record is not None or record.failed


async def play_until_it_dies(standin: StandIn, ludo: LudoBot, live: Message, died: list[bool]
                             ) -> tuple[Message, InteractionRecord]:
    """Click the first button of each live message until the patched step dies; the message clicked then."""
    for _ in range(200):
        record = await standin.click(to_act(standin, live), live, custom_id=live.custom_ids()[0])
        await standin.wait_until(answered_or_failed(record),
                                 timeout=5.0, what=f"an answer to {record!r}, or its failure")
        await settle(ludo)
        if died:
            assert record.failed  # the dead process never answered: Discord shows "This interaction failed"
            standin.take_violations("unanswered")
            return live, record
        found = live_message(standin, standin.channel)
        assert found is not None, "the game ended before the step died"
        live = found
    raise AssertionError("the step never ran")


async def revived(standin: StandIn, ludo: LudoBot, stale: Message, monkeypatch: pytest.MonkeyPatch) -> Message:
    """Click a left-behind button of `stale`: the answer says the game message was posted again; it is returned."""
    monkeypatch.setattr(game, "ANSWERED_WITHIN", 0.2)
    await asyncio.sleep(0.3)
    record = await click(standin, ludo, to_act(standin, stale), stale, custom_id=stale.custom_ids()[0])
    assert "posted again" in private_text(record)
    return await current(standin, ludo, stale)


async def current(standin: StandIn, ludo: LudoBot, old: Message) -> Message:
    """The one live message, new, remembered by the game and offering its current position."""
    live = live_message(standin, standin.channel)  # (fails if the old one kept its buttons too)
    assert live is not None and live is not old
    game = await ludo.handlers.service.storage.games.load_game(game_id_of(live))  # type: ignore[union-attr]
    assert game.message_id == live.id
    assert all(int(c.split(":")[3]) == state_of(game).ply for c in live.custom_ids() if c.startswith("ludo:g:"))
    return live


async def test_a_death_after_saving_a_click_is_repaired_by_the_next_click(
        standin: StandIn, ludo: LudoBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), auto_single=False)
    assert live is not None
    died = die_once(monkeypatch, bot_live, "edit_clicked", when="post")  # saved, gone before the message is edited
    stale, _ = await play_until_it_dies(standin, ludo, live, died)
    assert stale.buttons()  # still the buttons of the position before the saved click
    live = await revived(standin, ludo, stale, monkeypatch)
    await click(standin, ludo, to_act(standin, live), live, custom_id=live.custom_ids()[0])  # the game goes on


async def test_a_death_before_the_next_turn_is_posted_leaves_buttons_that_repair_it(
        standin: StandIn, ludo: LudoBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), auto_single=False)
    assert live is not None
    died = die_once(monkeypatch, bot_live.LiveMessages, "answer", when="new")  # the turn passed; no new message
    stale, _ = await play_until_it_dies(standin, ludo, live, died)
    assert stale.buttons()  # not taken off before the new message was out
    live = await revived(standin, ludo, stale, monkeypatch)
    assert to_act(standin, live) != to_act(standin, stale)  # the next player's turn, with a mention
    await click(standin, ludo, to_act(standin, live), live, custom_id=live.custom_ids()[0])


async def test_a_save_that_landed_despite_a_timeout_is_shown_when_storage_answers(
        standin: StandIn, ludo: LudoBot, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), auto_single=False)
    assert live is not None
    games = ludo.handlers.service.storage.games  # type: ignore[union-attr]
    real = games.save_and_read  # a click's save (reading what happened since the next player's turn)

    async def landed_then_timed_out(record: Any, texts: Any = (), **kwargs: Any) -> Any:
        saved = await real(record, texts, **kwargs)
        if texts:  # a click's save: written, but the answer never came back in time
            monkeypatch.setattr(games, "save_and_read", real)
            raise WriteUncertain("Redis is unavailable (save game): timed out")
        return saved

    monkeypatch.setattr(games, "save_and_read", landed_then_timed_out)
    monkeypatch.setattr(game, "CATCH_UP_POLL", 0.05)
    clicker = to_act(standin, live)
    record = await click(standin, ludo, clicker, live, label="Roll")
    assert "Storage is unavailable" in private_text(record)
    await standin.wait_until(lambda: bool(record.followups), timeout=5.0, what="the follow-up")
    assert record.followups[0].ephemeral and "saved after all" in (record.followups[0].content or "")
    now = await current(standin, ludo, live)
    assert (await games.load_game(game_id_of(now), with_log=True)).log[0] == "R"
    await click(standin, ludo, to_act(standin, now), now, custom_id=now.custom_ids()[0])  # the game goes on


async def two_shards_and_a_game(standin: StandIn, launch: Launch
                                ) -> tuple[LudoBot, LudoBot, User, Channel, Message]:
    """A survivor (shard 0), a doomed process (shard 1, which receives the game's events), the player, the
    channel and the game's live message."""
    guild = standin.add_guild("Two", shard=(1, 2))
    alice, channel = standin.add_user("alice", guild=guild), standin.text_channel(guild)
    survivor = await launch(shard_count=2, shard_ids=[0])
    doomed = await launch(shard_count=2, shard_ids=[1])
    live = await start_game(standin, (survivor, doomed), alice, ai=1, channel=channel, auto_single=False)
    assert live is not None
    return survivor, doomed, alice, channel, live


async def die_at(monkeypatch: pytest.MonkeyPatch, doomed: LudoBot, step: str) -> asyncio.Event:
    """The doomed process runs its takeover `step` ("claim": the click is filed, then the handler freezes; "done":
    it is answered, not yet taken out of the inbox, and the handler ends), then stops for good, and beats no
    more; set the event to end the frozen handler. Its earlier clicks are out of its inbox by then (it beats a
    few times first)."""
    assert doomed.handlers is not None and doomed._worker is not None
    takeover = doomed.handlers.service.takeover
    real, release = getattr(takeover, step), asyncio.Event()

    async def then_freeze(interaction_id: int) -> Any:
        await real(interaction_id)
        await release.wait()
        raise asyncio.CancelledError

    def then_stop(interaction_id: int) -> None:
        real(interaction_id)
        raise asyncio.CancelledError

    monkeypatch.setattr(takeover, step, then_freeze if step == "claim" else then_stop)
    await asyncio.sleep(3 * BEAT_EVERY)
    doomed._worker.cancel()
    return release


async def test_the_clicks_of_a_dead_process_are_answered_by_another(standin: StandIn, launch: Launch,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    survivor, doomed, alice, channel, live = await two_shards_and_a_game(standin, launch)
    games = survivor.handlers.service.storage.games  # type: ignore[union-attr]
    game_id, ply = game_id_of(live), int(live.custom_ids()[0].split(":")[3])
    before = await games.load_game(game_id, with_log=True)
    release = await die_at(monkeypatch, doomed, "claim")
    try:
        record = await answered(await standin.click(alice, live, label="Roll"), survivor)
        assert record.shard_id == 1 and not record.response_record.ephemeral  # type: ignore[union-attr]
        after = await games.load_game(game_id, with_log=True)
        assert after.log[:before.log_length + 1] == [*before.log, "R"]  # applied once, by the survivor
        await settle(survivor)
        now = live_message(standin, channel)
        assert now is not None and int(now.custom_ids()[0].split(":")[3]) > ply
    finally:
        release.set()


async def test_a_click_answered_just_before_its_process_died_is_not_handled_again(
        standin: StandIn, launch: Launch, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="ludo_bot.bot.clicks")
    survivor, doomed, alice, channel, live = await two_shards_and_a_game(standin, launch)
    release = await die_at(monkeypatch, doomed, "done")
    try:
        games = survivor.handlers.service.storage.games  # type: ignore[union-attr]
        game_id = game_id_of(live)
        record = await standin.click(alice, live, label="Roll")
        await record.response()  # answered by the doomed process, which then dies
        answered_log = (await games.load_game(game_id, with_log=True)).log
        await standin.wait_until(lambda: any("answered before its process died" in r.getMessage()
                                             for r in caplog.records), timeout=5.0, what="the adoption")
        assert [v.kind for v in standin.take_violations()] == ["already-acknowledged"]  # the survivor's probe
        assert record.response_record is not None and record.followups == []
        assert (await games.load_game(game_id, with_log=True)).log == answered_log  # not handled again
        assert live_message(standin, channel) is not None
    finally:
        release.set()


def fresh_id() -> int:
    """The id of an interaction Discord creates now."""
    return (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22


async def test_after_a_storage_outage_no_process_is_taken_for_dead(storage: Storage,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    watcher, other = Takeover(storage), Inboxes(storage.redis)  # this process, and another one's view of Redis
    outage = True
    beat = watcher.inboxes.beat

    async def beat_unless_down(instance: str, now: float) -> dict[str, str]:
        if outage:
            raise StorageUnavailable("Redis is unavailable (beat): paused")
        return await beat(instance, now)

    monkeypatch.setattr(watcher.inboxes, "beat", beat_unless_down)
    adopted: list[dict[str, Any]] = []
    running = asyncio.create_task(Beat(watcher, adopted.append).run())
    try:
        await other.beat("other", time.time())
        await asyncio.sleep(2.0)  # Redis is down for the watcher, and the other cannot beat either
        during = fresh_id()  # a click the other process is handling as Redis comes back
        filed = Filing("other", f'{{"id": "{during}"}}', register=True)
        assert await other.claim("g1", during, now=time.time(), filing=filed) == []
        outage = False
        await asyncio.sleep(0.3)  # the other's next beat comes a moment later (beats are not in step)
        for _ in range(8):  # back: both beat again
            await other.beat("other", time.time())
            await asyncio.sleep(BEAT_EVERY)
        assert adopted == []  # the other was silent for 2 s, but so was everyone: not dead
        later = fresh_id()
        filed = Filing("other", f'{{"id": "{later}"}}', register=True)
        assert await other.claim("g1", later, now=time.time(), filing=filed) == []
        await asyncio.sleep(DEAD_AFTER + 3 * BEAT_EVERY)  # and now the other process stops for good
    finally:
        running.cancel()
    assert [payload["id"] for payload in adopted] == [str(later)]  # the older click is past answering by now


async def test_an_unreadable_entry_in_a_dead_process_inbox_does_not_stop_the_beat(
        storage: Storage, caplog: pytest.LogCaptureFixture) -> None:
    watcher, other = Takeover(storage), Inboxes(storage.redis)
    click = fresh_id()
    assert await other.claim("g2", 1, now=time.time(), filing=Filing("other", "{not json", True)) == []
    assert await other.claim("g2", click, now=time.time(), filing=Filing("other", f'{{"id": "{click}"}}')) == []
    await other.beat("other", time.time() - 10.0)  # silent for long
    adopted: list[dict[str, Any]] = []
    running = asyncio.create_task(Beat(watcher, adopted.append).run())
    try:
        await asyncio.sleep(DEAD_AFTER + 3 * BEAT_EVERY)
        assert not running.done()  # still beating
    finally:
        running.cancel()
    assert [payload["id"] for payload in adopted] == [str(click)]
    assert any("unreadable interaction" in r.getMessage() for r in caplog.records)


async def test_a_reminder_storage_cannot_remember_at_first_still_leaves_one_board(
        standin: StandIn, ludo: LudoBot, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """A message posted without a click (here a reminder) whose id storage does not take at first is remembered
    once it does, and the old board goes: the channel never keeps two boards of one game with buttons (found by
    the fuzz: such a message stayed, its buttons beside every later board)."""
    await slash(standin, ludo, standin.owner, standin.channel, "settings", turn_minutes=2, reminder_minutes=1)
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    live = await start_game(standin, ludo, alice, (bob,), auto_single=False)
    assert live is not None
    games = ludo.handlers.service.games  # type: ignore[union-attr]
    real, failed = games.replace_message, list[int]()

    async def unavailable_once(record: Any, message_id: int) -> Any:
        if not failed:
            failed.append(message_id)
            raise StorageUnavailable("Redis is unavailable (set the message): timed out")
        return await real(record, message_id)

    monkeypatch.setattr(games, "replace_message", unavailable_once)
    monkeypatch.setattr(bot_live, "REMEMBER_AFTER", 0.05)
    clock.advance(61)
    reminder = await standin.wait_for_message(standin.channel, lambda m: "⏰" in m.content)
    assert failed == [reminder.id]

    def boards() -> list[int]:
        return [m.id for m in standin.messages(standin.channel) if any(c.startswith("ludo:g:") for c in m.custom_ids())]

    await standin.wait_until(lambda: boards() == [reminder.id], timeout=5.0, what="one board, the reminder")
    assert (await games.load(game_id_of(reminder))).message_id == reminder.id
