"""Records: schema migration on read, corrupt records reported (never crash, never overwritten)."""

from __future__ import annotations

import json
import random

import pytest

from ludo_bot.storage import CorruptRecord, GameRecord, ReplayMismatch, Storage, check_replay, keys
from ludo_bot.storage.records import read_record
from tests.storage.conftest import MakeGame, next_move

V1_GAME = {
    "schema_version": 1, "id": "oldgame001", "guild_id": 42, "channel_id": 600, "message_id": 123,
    "host_id": 1001, "rules": "classic", "players": [1001, 0], "ai_level": 3, "seed": 9,
    "state": "classic 20 y,y,y,y/y,y,y,y 2:roll:-:-:0 0 0,0,0,0/0,0,0,0 -/-/- - 9:3:0 0=2,2=4;0=1,2=5",
    "status": "active", "log_length": 0, "created": 1700000000.0, "updated": 1700000100.0,
    "deadline": 1700086400.0,
}


def test_v1_game_migrates_to_the_current_schema() -> None:
    record = read_record(GameRecord, "k", json.dumps(V1_GAME), version=1)
    assert record.schema_version == GameRecord.SCHEMA
    assert [(s.seat, s.user_id, s.ai_level) for s in record.seats] == [(0, 1001, None), (2, None, 3)]
    assert (record.created_at, record.updated_at, record.turn_deadline) == (1700000000.0, 1700000100.0, 1700086400.0)


async def test_old_schema_record_is_read_and_rewritten(storage: Storage) -> None:
    from ludo_bot.engine import new_game, to_text
    from ludo_bot.engine.notation import parse_rules

    old = dict(V1_GAME, state=to_text(new_game(parse_rules("classic"), (0, 2), 9)))
    await storage.redis.hset(keys.game("oldgame001"), mapping={"v": 1, "rec": json.dumps(old)})
    record = await storage.games.load_game("oldgame001")
    assert record.schema_version == GameRecord.SCHEMA and record.version == 1 and record.message_id == 123
    check_replay(record, [])
    new, texts = next_move(record, random.Random(1))
    await storage.games.save_game(new, texts)
    stored = json.loads(str(await storage.redis.hget(keys.game("oldgame001"), "rec")))
    assert stored["schema_version"] == GameRecord.SCHEMA and "players" not in stored


async def test_where_each_turn_ended_round_trips_and_is_not_stored_when_empty(storage: Storage,
                                                                              make_game: MakeGame) -> None:
    """`turn_ends` (per seat, the position where a person's turn last ended: what "since your last turn" replays
    from) comes back as saved, seats as numbers; a game without any stores no such field, so records written
    before it existed and those written now read alike."""
    game = await make_game()
    assert "turn_ends" not in json.loads(str(await storage.redis.hget(keys.game(game.id), "rec")))
    moved, texts = next_move(game, random.Random(4))
    ends = {0: game.state, 2: moved.state}
    saved = await storage.games.save_game(moved.model_copy(update={"turn_ends": ends}), texts)
    loaded = await storage.games.load_game(game.id)
    assert loaded.turn_ends == ends and loaded.version == saved.version
    assert json.loads(str(await storage.redis.hget(keys.game(game.id), "rec")))["turn_ends"] == {
        "0": game.state, "2": moved.state}


@pytest.mark.parametrize(("reason", "ended_by"), [("ended by <@4242>", 4242), ("host", None), (None, None)])
def test_v2_game_keeps_who_ended_it_as_an_id(reason: str | None, ended_by: int | None) -> None:
    """Schema 2 stored "ended by <@id>" (a sentence with Discord markup); schema 3 keeps the id alone."""
    v1 = read_record(GameRecord, "k", json.dumps(V1_GAME), version=1)
    v2 = v1.model_dump(mode="json", exclude={"version", "log"})
    v2.update(schema_version=2, status="ended", ended_reason=reason)
    v2.pop("ended_by")
    record = read_record(GameRecord, "k", json.dumps(v2), version=3)
    assert (record.schema_version, record.status, record.ended_by) == (GameRecord.SCHEMA, "ended", ended_by)
    assert "ended_reason" not in record.stored_json()


def test_v3_game_counts_its_idle_time_from_its_last_save() -> None:
    """Schema 4 keeps when a person last acted; a game stored before knows only when it was last saved."""
    v3 = read_record(GameRecord, "k", json.dumps(V1_GAME), version=1).model_dump(
        mode="json", exclude={"version", "log", "last_human_at"})
    v3.update(schema_version=3)
    record = read_record(GameRecord, "k", json.dumps(v3), version=3)
    assert (record.schema_version, record.last_human_at) == (GameRecord.SCHEMA, 1700000100.0)


@pytest.mark.parametrize(("fields", "problem"), [
    ({"v": "1", "rec": "{not json"}, "not JSON"),
    ({"v": "1", "rec": "[1, 2]"}, "not a JSON object"),
    ({"v": "1", "rec": '{"schema_version": 99}'}, "newer"),
    ({"v": "1", "rec": '{"schema_version": 3, "id": "x"}'}, "invalid fields"),
    ({"v": "1", "rec": '{"schema_version": 1, "id": "x"}'}, "cannot migrate"),
    ({"v": "one", "rec": "{}"}, "not a number"),
    ({"rec": "{}"}, "missing"),
])
async def test_corrupt_game_record(storage: Storage, fields: dict[str, str], problem: str) -> None:
    key = keys.game("broken")
    for name, value in fields.items():
        await storage.redis.hset(key, name, value)
    with pytest.raises(CorruptRecord) as caught:
        await storage.games.load_game("broken")
    assert caught.value.key == key and problem in str(caught.value)


async def test_corrupt_record_is_not_overwritten(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game()
    key = keys.game(game.id)
    await storage.redis.hset(key, "v", "garbage")
    new, texts = next_move(game, random.Random(1))
    with pytest.raises(CorruptRecord) as caught:
        await storage.games.save_game(new, texts)
    assert caught.value.key == key
    assert await storage.redis.hget(key, "v") == "garbage"
    assert await storage.redis.llen(keys.log(game.id)) == 0


async def test_wrong_key_type_is_corrupt(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game()
    await storage.redis.delete(keys.game(game.id))
    await storage.redis.set(keys.game(game.id), "a string, not a hash")
    with pytest.raises(CorruptRecord):
        await storage.games.load_game(game.id)
    with pytest.raises(CorruptRecord):
        await storage.games.save_game(game, ["R"])
    assert await storage.redis.get(keys.game(game.id)) == "a string, not a hash"


async def test_log_out_of_step_with_record(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game()
    await storage.redis.rpush(keys.log(game.id), "R")  # an entry the record does not count
    with pytest.raises(CorruptRecord) as caught:
        await storage.games.load_game(game.id, with_log=True)
    assert caught.value.key == keys.log(game.id)
    new, texts = next_move(game, random.Random(1))
    with pytest.raises(CorruptRecord):
        await storage.games.save_game(new, texts)
    assert (await storage.games.load_game(game.id)).version == 1


async def test_log_that_does_not_replay(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game()
    new, texts = next_move(game, random.Random(1))
    saved = await storage.games.save_game(new, ["M1"])  # a wrong entry for that state
    with pytest.raises(ReplayMismatch):
        check_replay(await storage.games.load_game(saved.id, with_log=True))
    assert texts == ["R"]
