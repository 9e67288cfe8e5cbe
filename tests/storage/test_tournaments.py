"""Tournament records (issue 33): their text round trip, the game record's new schema (a game may be a tournament's
table) migrated on read, the compare-and-set of a tournament, the running tournament of a channel, and the counts of
tournaments played and won, added once."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from ludo_bot.storage import (
    ChannelBusy,
    Conflict,
    CorruptRecord,
    Entrant,
    GameRecord,
    Round,
    Storage,
    Table,
    TableOf,
    TableSeat,
    TournamentRecord,
    keys,
    new_game_id,
)
from ludo_bot.storage.records import read_record
from tests.storage.conftest import fresh_game

GUILD = 42


def cup(channel: int = 7, **changes: object) -> TournamentRecord:
    table = Table(game_id="tablegame1", seats=[TableSeat(colour=0, user_id=1), TableSeat(colour=2, user_id=2),
                                               TableSeat(colour=1, ai_level=1)], thread_id=99, places=[2, 1, 0],
                  ended="settled")
    record = TournamentRecord(id=new_game_id(), guild_id=GUILD, channel_id=channel, message_id=5, organiser_id=3,
                              locale="pt-BR", format="swiss", preset="star", options={"quick": True, "turn_limit": 9},
                              turn_seconds=600, fill_with_ai=True, rounds=4, round_seconds=7200, seed=11,
                              entrants=[Entrant(user_id=1, name="Ann"), Entrant(user_id=2, name="Bö 🎲", left=1)],
                              played=[Round(number=1, tables=[table], started_at=1.5, deadline=7201.5)])
    return record.model_copy(update=changes)


def test_a_tournament_reads_back_as_written() -> None:
    record = cup()
    again = read_record(TournamentRecord, "k", record.stored_json(), version=3)
    assert again == record.model_copy(update={"version": 3})
    assert again.played[0].tables[0].place_of(2) == 1 and again.played[0].tables[0].place_of(1) == 3
    assert "version" not in json.loads(record.stored_json())


def test_a_tables_places_are_its_seats() -> None:
    with pytest.raises(ValidationError, match="places"):
        Table(game_id="g", seats=[TableSeat(colour=0, user_id=1), TableSeat(colour=2, user_id=2)], places=[0, 1])
    with pytest.raises(ValidationError, match="twice"):
        TournamentRecord.model_validate({**json.loads(cup().stored_json()), "entrants": [{"user_id": 1},
                                                                                        {"user_id": 1}]})


def test_a_schema_4_game_is_a_game_of_its_own_and_a_table_keeps_its_tournament() -> None:
    v4 = json.loads(fresh_game().stored_json())
    v4["schema_version"] = 4
    record = read_record(GameRecord, "k", json.dumps(v4), version=2)
    assert record.schema_version == GameRecord.SCHEMA == 5 and record.tournament is None
    assert "tournament" not in record.stored_json()
    table = record.model_copy(update={"tournament": TableOf(id="cup1", round=2, table=3), "status": "settled"})
    again = read_record(GameRecord, "k", table.stored_json(), version=2)
    assert again.tournament == TableOf(id="cup1", round=2, table=3) and again.status == "settled"


async def test_a_tournament_is_saved_by_compare_and_set(storage: Storage) -> None:
    stored = await storage.tournaments.create(cup())
    assert stored.version == 1 and await storage.tournaments.load(stored.id) == stored
    newer = await storage.tournaments.save(stored.model_copy(update={"rounds": 5}))
    with pytest.raises(Conflict):  # a writer that loaded before: nothing written
        await storage.tournaments.save(stored.model_copy(update={"rounds": 6}))
    assert (await storage.tournaments.load(stored.id)).rounds == newer.rounds == 5
    assert await storage.redis.ttl(keys.tournament(stored.id)) > 0


async def test_a_channel_runs_one_tournament_and_frees_itself_when_it_ends(storage: Storage) -> None:
    first = await storage.tournaments.create(cup(status="signup"))
    with pytest.raises(ChannelBusy):
        await storage.tournaments.create(cup(status="signup"))
    assert await storage.tournaments.channel_tournament(7) == first.id
    assert await storage.redis.ttl(keys.channel_tournament(7)) > 0  # as long as its record
    await storage.tournaments.save(first.model_copy(update={"status": "cancelled"}))
    assert await storage.tournaments.channel_tournament(7) is None
    second = await storage.tournaments.create(cup(status="signup"))
    await storage.redis.delete(keys.tournament(second.id))  # its record gone, its claim left behind (a crash)
    third = await storage.tournaments.create(cup(status="signup"))
    assert await storage.tournaments.channel_tournament(7) == third.id
    assert await storage.tournaments.guild_tournaments(GUILD) == [third.id, second.id, first.id]


async def test_an_unreadable_tournament_is_reported_and_never_taken_over(storage: Storage) -> None:
    first = await storage.tournaments.create(cup(status="signup"))
    await storage.redis.hset(keys.tournament(first.id), "rec", '{"schema_version": 1, "id": "x"}')
    with pytest.raises(CorruptRecord):
        await storage.tournaments.load(first.id)
    with pytest.raises(ChannelBusy):
        await storage.tournaments.create(cup(status="signup"))


async def test_a_tournament_is_counted_once(storage: Storage) -> None:
    assert await storage.tournaments.count(GUILD, "cup9", [1, 2, 3], champion=2)
    assert not await storage.tournaments.count(GUILD, "cup9", [1, 2, 3], champion=2)
    assert await storage.tournaments.count(GUILD, "cup10", [2], champion=None)
    two = await storage.stats.player_stats(GUILD, 2)
    one = await storage.stats.player_stats(GUILD, 1)
    assert (two.tournaments, two.tournament_wins, one.tournaments, one.tournament_wins) == (2, 1, 1, 0)
    assert await storage.redis.ttl(keys.player_stats(GUILD, 2)) > 0
