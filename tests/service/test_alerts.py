"""Turn alerts in the service: which saves queue one (the turn passed to a member who wants alerts), which do not
(a turn the member keeps, AI seats, members who do not want them), and what a process's copy of the settings does."""

from __future__ import annotations

import logging

import pytest

from ludo_bot import engine
from ludo_bot.service import Service, seat_user
from ludo_bot.storage import Alert, Storage, keys
from ludo_bot.storage.alerts import TURN
from tests.service.conftest import Clock

GUILD, HOST, GUEST = 1, 100, 200


def service(storage: Storage, clock: Clock) -> Service:
    return Service(storage, clock=clock, new_seed=lambda: 7)


async def start(sessions: Service, channel: int, *, guest: bool = True) -> str:
    """A classic game of HOST and GUEST (or an AI), started by the host: its id."""
    lobby = await sessions.lobbies.open(guild_id=GUILD, channel_id=channel, host_id=HOST, preset="classic",
                                        options={})
    if guest:
        await sessions.lobbies.update(lobby.id, GUEST, "join")
    else:
        await sessions.lobbies.update(lobby.id, HOST, "add_ai", level=1)
    return (await sessions.lobbies.start(lobby.id, HOST)).record.id


async def play(sessions: Service, game_id: str, plies: int) -> list[int | None]:
    """The player to act plays their first legal action, `plies` times: who was to act after each."""
    after = []
    for _ in range(plies):
        record = await sessions.games.load(game_id)
        state = engine.from_text(record.state)
        user = seat_user(record, state.current)
        assert user is not None
        action = engine.action_text(engine.legal_actions(state)[0])
        outcome = await sessions.games.act(game_id, state.ply, action, user)
        after.append(outcome.player_to_act())
    return after


async def queued(storage: Storage) -> list[Alert]:
    return [alert for alert, _ in await storage.alerts.waiting()]


async def test_a_turn_passing_to_a_member_who_wants_alerts_queues_one(storage: Storage, clock: Clock) -> None:
    sessions = service(storage, clock)
    await sessions.alerts.set(GUEST, True, "de")
    game_id = await start(sessions, 10)
    record = await sessions.games.load(game_id)
    state = engine.from_text(record.state)
    told = 1 if seat_user(record, state.current) == GUEST else 0  # the host started: the guest is told
    movers = await play(sessions, game_id, 40)
    told += sum(1 for before, now in zip([seat_user(record, state.current), *movers], movers, strict=False)
                if now == GUEST and before != GUEST)
    alerts = await queued(storage)
    assert told >= 2 and len(alerts) == told  # one per turn of the guest, none for the host
    assert {(a.user_id, a.kind) for a in alerts} == {(GUEST, TURN)}
    assert len({(a.seat, a.turn) for a in alerts}) == told


async def test_no_alert_for_a_turn_the_member_keeps_or_that_comes_back_after_ai_seats(storage: Storage,
                                                                                       clock: Clock) -> None:
    sessions = service(storage, clock)
    await sessions.alerts.set(HOST, True, "en-US")
    game_id = await start(sessions, 11, guest=False)
    movers = await play(sessions, game_id, 60)  # bonus rolls on sixes, the AI's turns in between
    assert set(movers) == {HOST}
    assert await queued(storage) == []


async def test_a_member_who_does_not_want_alerts_costs_no_storage_step(storage: Storage, clock: Clock,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    sessions = service(storage, clock)
    await sessions.alerts.set(HOST + GUEST, True, "en-US")  # someone else wants them
    game_id = await start(sessions, 12)
    await storage.redis.set(keys.ALERT_SENT, "not a sorted set")  # a queueing step would fail on it, and say so
    with caplog.at_level(logging.WARNING, logger="ludo_bot.service.alerts"):
        assert GUEST in await play(sessions, game_id, 20)
    assert "not queued" not in caplog.text


async def test_a_process_knows_a_change_made_elsewhere_at_its_next_look(storage: Storage, clock: Clock) -> None:
    here, there = service(storage, clock), service(storage, clock)
    await here.alerts.due()
    assert not here.alerts.wants(GUEST)
    await there.alerts.set(GUEST, True, "en-US")
    assert not here.alerts.wants(GUEST)
    await here.alerts.due()
    assert here.alerts.wants(GUEST)
    await there.alerts.set(GUEST, False, "en-US")
    assert here.alerts.wants(GUEST)  # until its next look: it may queue an alert...
    game_id = await start(here, 13)
    while not await queued(storage):
        await play(here, game_id, 1)
    clock.now += 60
    claims, _ = await here.alerts.due()
    assert claims and [await here.alerts.take(c) for c in claims] == [None] * len(claims)  # ...that is not sent
    assert not here.alerts.wants(GUEST)
    assert await storage.redis.zcard(keys.ALERT_QUEUE) == 0


async def test_storage_trouble_while_queueing_loses_the_alert_not_the_move(storage: Storage, clock: Clock,
                                                                           caplog: pytest.LogCaptureFixture) -> None:
    sessions = service(storage, clock)
    await sessions.alerts.set(GUEST, True, "en-US")
    await sessions.alerts.set(HOST, True, "en-US")
    await storage.redis.set(keys.ALERT_SENT, "not a sorted set")  # every queueing step fails on it
    game_id = await start(sessions, 14)
    with caplog.at_level(logging.WARNING, logger="ludo_bot.service.alerts"):
        await play(sessions, game_id, 10)
    assert (await sessions.games.load(game_id, with_log=True)).log_length >= 10
    assert "not queued" in caplog.text
