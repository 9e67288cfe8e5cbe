"""Tournaments in the service (issue 33): a table's end reaches its tournament through the deadline queue, written
in the step that ends the game, so that Redis failing on the way loses nothing (a worker hands it over later); two
processes handing the round's last table over at the same moment advance the round once."""

from __future__ import annotations

import asyncio

import pytest

from ludo_bot.service import TOURNEY, Refused, Service
from ludo_bot.storage import Deadline, Storage, StorageError, TournamentRecord, keys
from tests.faultproxy import READONLY, FaultProxy
from tests.service.conftest import Clock

GUILD, CHANNEL, ORGANISER = 1, 10, 100


async def started(service: Service, users: range, **options: object) -> TournamentRecord:
    record = await service.tournaments.create(guild_id=GUILD, channel_id=CHANNEL, organiser_id=ORGANISER,
                                              locale="en-US", format="knockout", preset="star",
                                              options={"turn_limit": 2}, **options)  # type: ignore[arg-type]
    for user in users:
        record = await service.tournaments.join(record.id, record.version, user, f"p{user}")
    return await service.tournaments.start(record.id, record.version, ORGANISER)


async def opened(service: Service, record: TournamentRecord) -> TournamentRecord:
    """Every table of the current round opened in a thread of its own, as the workers do."""
    assert record.current is not None
    for number, table in enumerate(record.current.tables):
        record = await service.rounds.set_thread(record.id, table.game_id, 5000 + number)
        table = record.current.tables[number]  # type: ignore[union-attr]
        await service.rounds.open_table(record, table)
    return record


async def test_a_tables_end_is_queued_by_the_games_save_and_survives_a_failing_redis(
        proxied: tuple[FaultProxy, Storage]) -> None:
    proxy, storage = proxied
    clock = Clock()
    service = Service(storage, clock=clock, new_seed=lambda: 3)
    record = await opened(service, await started(service, range(1, 3)))
    table = record.played[0].tables[0]
    outcome = await service.games.leave(table.game_id, 1)  # one of the two forfeits: the other wins the final
    assert outcome.record.status == "finished"
    item = Deadline(TOURNEY, table.game_id).member
    assert await storage.redis.zscore(keys.DEADLINES_DUE, item) == clock()  # queued by the save itself
    await service.games.settled(outcome)  # the game's own follow-up goes; the table's end stays
    assert await storage.redis.zscore(keys.DEADLINES_DUE, item) == clock()

    claims = {c.deadline.member: c for c in await service.deadlines.due()}
    assert claims.keys() == {item, f"show:{record.id}"}  # (and the tournament to show, which needs Discord)
    await service.rounds.done(claims[f"show:{record.id}"])
    proxy.fail(READONLY, commands={"EVALSHA", "EVAL"})  # a failover as the worker hands it over
    with pytest.raises(StorageError):
        await service.rounds.table_ended(claims[item])
    proxy.heal()
    assert (await service.tournaments.load(record.id)).status == "running"  # nothing was written ...
    assert await service.deadlines.due() == []  # ... and the item waits for its lease to end
    clock.now += 31
    again = await service.deadlines.due()
    assert [c.deadline.member for c in again] == [item]
    saved = await service.rounds.table_ended(again[0])
    assert saved is not None and saved.status == "finished" and saved.champion == 2
    assert await storage.redis.zscore(keys.DEADLINES_DUE, item) is None
    assert not await storage.redis.hexists(keys.DEADLINES_SYNCED, table.game_id)  # nothing left behind


async def test_two_processes_hand_the_last_table_over_and_the_round_advances_once(storage: Storage) -> None:
    clock = Clock()
    one, two = (Service(storage, clock=clock, new_seed=lambda: 5) for _ in range(2))  # two bot processes
    record = await opened(one, await started(one, range(1, 9)))
    first, last = record.played[0].tables
    record = await one.rounds.place(record.id, first.game_id, [s.colour for s in first.seats], "played")
    places = [s.colour for s in last.seats]
    for _ in range(3):  # at the same moment, however often
        both = await asyncio.gather(one.rounds.place(record.id, last.game_id, places, "played"),
                                    two.rounds.place(record.id, last.game_id, places[::-1], "played"))
        assert {saved.version for saved in both} == {record.version + 1}  # one save, seen by both
    stored = await one.tournaments.load(record.id)
    assert stored.version == record.version + 1 and len(stored.played) == 2 and len(stored.played[1].tables) == 1
    assert stored.played[0].tables[1].places == places  # the winner's hand-over; the other changed nothing
    final = stored.played[1].tables[0]
    assert set(final.user_ids) == {u for t in stored.played[0].tables for u in t.user_ids[:2]}


async def test_a_table_is_opened_once(storage: Storage) -> None:
    service = Service(storage, clock=Clock(), new_seed=lambda: 7)
    record = await opened(service, await started(service, range(1, 3)))
    with pytest.raises(Refused):  # a second worker finding it opened changes nothing
        await service.rounds.open_table(record, record.played[0].tables[0])
    game = await storage.games.load_game(record.played[0].tables[0].game_id)
    assert game.tournament is not None and (game.tournament.id, game.tournament.round, game.tournament.table) == (
        record.id, 1, 1)
    assert game.channel_id == 5000 and game.host_id == ORGANISER and not game.ai_takeover
