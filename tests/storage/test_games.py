"""Games: create, load, compare-and-set save, the log, indexes, retention, replay."""

from __future__ import annotations

import asyncio
import random

import pytest

from ludo_bot.storage import (
    ChannelBusy,
    Conflict,
    Deadline,
    GameRecord,
    NotFound,
    Storage,
    check_replay,
    keys,
    make_client,
)
from tests.conftest import needs_embedded
from tests.storage.conftest import MakeGame, fresh_game, next_move, play_moves


async def test_create_load_save_round_trip(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game()
    assert game.version == 1 and game.log_length == 0
    loaded = await storage.games.load_game(game.id)
    assert loaded == game.model_copy(update={"log": []})
    new, texts = next_move(loaded, random.Random(3))
    saved = await storage.games.save_game(new, texts)
    assert saved.version == 2 and saved.log_length == 1
    again = await storage.games.load_game(game.id, with_log=True)
    assert again.log == texts and again.state == new.state
    check_replay(again)


async def test_unknown_game_id(storage: Storage) -> None:
    with pytest.raises(NotFound) as caught:
        await storage.games.load_game("nosuchgame")
    assert caught.value.key == keys.game("nosuchgame")
    ghost = fresh_game().model_copy(update={"version": 4})
    with pytest.raises(NotFound):
        await storage.games.save_game(ghost, ["R"])
    assert await storage.redis.exists(keys.game(ghost.id), keys.log(ghost.id)) == 0


async def test_stale_writer_gets_conflict(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game()
    first, texts = next_move(game, random.Random(1))
    await storage.games.save_game(first, texts)
    with pytest.raises(Conflict) as caught:
        await storage.games.save_game(first.model_copy(update={"message_id": 9}), texts)
    assert (caught.value.expected, caught.value.found) == (1, 2)
    stored = await storage.games.load_game(game.id, with_log=True)
    assert stored.message_id is None and stored.log == texts


async def test_fifty_concurrent_updates_one_wins(redis_url: str, storage: Storage, make_game: MakeGame) -> None:
    game = await make_game()
    clients = [make_client(redis_url) for _ in range(5)]
    stores = [Storage(client) for client in clients]
    rng = random.Random(5)
    try:
        # the five stand for bot processes at work, their pools' connections open: the race is the saves alone (50
        # connections opened inside it counted against the saves' time, and timed out on a starved CI machine)
        for client in clients:
            await asyncio.gather(*(client.ping() for _ in range(10)))
        for round_ in range(3):
            loaded = await storage.games.load_game(game.id)
            new, texts = next_move(loaded, rng)

            async def write(i: int, new: GameRecord = new, texts: list[str] = texts) -> int:
                try:
                    await stores[i % 5].games.save_game(new.model_copy(update={"message_id": i}), texts)
                except Conflict:
                    return -1
                return i

            outcomes = await asyncio.gather(*(write(i) for i in range(50)))
            winners = [i for i in outcomes if i >= 0]
            assert len(winners) == 1, f"round {round_}: {winners}"
            stored = await storage.games.load_game(game.id, with_log=True)
            assert stored.message_id == winners[0]
            assert stored.version == round_ + 2
            assert stored.log_length == round_ + 1 == len(stored.log)  # no gap, no duplicate
            check_replay(stored)
    finally:
        for client in clients:
            await client.aclose()


async def test_racing_players_keep_a_gapless_log(redis_url: str, storage: Storage, make_game: MakeGame) -> None:
    """Ten 'processes' keep loading and saving the next move; every saved move is in the log once."""
    game = await make_game()
    clients = [make_client(redis_url) for _ in range(10)]
    stores = [Storage(client) for client in clients]
    saved = 0

    async def player(store: Storage, seed: int) -> None:
        nonlocal saved
        rng = random.Random(seed)
        for _ in range(40):
            record = await store.games.load_game(game.id)
            if not record.active or record.version > 60:
                return
            new, texts = next_move(record, rng)
            try:
                await store.games.save_game(new, texts)
                saved += 1
            except Conflict:
                await asyncio.sleep(0)

    try:
        await asyncio.gather(*(player(store, i) for i, store in enumerate(stores)))
    finally:
        for client in clients:
            await client.aclose()
    stored = await storage.games.load_game(game.id, with_log=True)
    assert stored.version == saved + 1 and len(stored.log) == saved
    check_replay(stored)


async def test_retried_write_is_idempotent(storage: Storage, make_game: MakeGame) -> None:
    """A write whose reply was lost and that is sent again (same write id) does not apply twice."""
    game = await make_game()
    new, texts = next_move(game, random.Random(2))
    json = new.model_copy(update={"version": 2, "log_length": 1}).stored_json()
    args: list[str | int] = [1, 0, json, "write-1", 0, "", "", *texts]  # "", "": no log read back
    cas = storage.games.records.cas
    key_list = [keys.game(game.id), keys.log(game.id)]
    assert await cas(keys=key_list, args=args) == ["ok", 2]
    assert await cas(keys=key_list, args=args) == ["ok", 2]
    assert await storage.redis.llen(keys.log(game.id)) == 1


async def test_a_save_reads_part_of_the_log_in_its_own_step(storage: Storage, make_game: MakeGame,
                                                            round_trips: list[str]) -> None:
    """What happened since a player's last turn comes back with the save that passes the turn to them, in the
    same round trip."""
    game = await make_game()
    rng = random.Random(5)
    for _ in range(3):
        new, texts = next_move(game, rng)
        game = await storage.games.save_game(new, texts)
    round_trips.clear()
    saved, entries = await storage.games.save_and_read(*next_move(game, rng), read=(1, 2))
    assert round_trips == ["EVALSHA"]
    assert saved.log_length == 4
    assert entries == (await storage.games.load_game(game.id, with_log=True)).log[1:3]
    _, none = await storage.games.save_and_read(*next_move(saved, rng))
    assert none == []


async def test_one_active_game_per_channel(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game(channel_id=77)
    with pytest.raises(ChannelBusy) as caught:
        await make_game(channel_id=77)
    assert caught.value.holder == game.id
    assert await storage.games.channel_game(77) == game.id
    # the refused game left nothing behind (SCAN, unlike KEYS, covers every node of a cluster)
    assert {key async for key in storage.redis.scan_iter(match="ludo:*:game")} == {keys.game(game.id)}
    other = await make_game(channel_id=78)
    assert await storage.games.channel_game(78) == other.id


async def test_concurrent_claims_of_one_channel(storage: Storage) -> None:
    results = await asyncio.gather(*(storage.games.create_game(fresh_game(channel_id=90)) for _ in range(10)),
                                   return_exceptions=True)
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, ChannelBusy) for r in results if isinstance(r, BaseException))


async def test_finished_game_frees_channel_and_expires(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game(channel_id=5)
    assert [g.id for g in await storage.games.user_games(1002)] == [game.id]
    assert await storage.redis.ttl(keys.game(game.id)) == -1  # active games never expire
    loaded = await storage.games.load_game(game.id)
    ended = await storage.games.save_game(loaded.model_copy(update={"status": "ended", "ended_by": 7}))
    assert not ended.active
    assert 0 < await storage.redis.ttl(keys.game(game.id)) <= 3600
    assert await storage.games.channel_game(5) is None
    assert await storage.games.user_games(1002) == []
    assert (await storage.games.load_game(game.id)).status == "ended"  # kept for the retention
    assert (await make_game(channel_id=5)).channel_id == 5


async def test_stale_channel_claim_is_taken_over(storage: Storage, make_game: MakeGame) -> None:
    """A claim left behind by a crash between finishing a game and releasing its channel."""
    await storage.redis.set(keys.channel(6), "crashedgame")
    assert await storage.games.channel_game(6) is None
    game = await make_game(channel_id=6)
    assert await storage.redis.get(keys.channel(6)) == game.id


async def test_user_index_drops_expired_games(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game()
    await storage.redis.sadd(keys.user_games(1001), "expiredgame")
    assert [g.id for g in await storage.games.user_games(1001)] == [game.id]
    assert await storage.redis.smembers(keys.user_games(1001)) == {game.id}
    assert await storage.games.user_games(999) == []


async def test_played_game_replays_exactly(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game(seed=11)
    final = await play_moves(storage, game, 150, seed=4)
    stored = await storage.games.load_game(game.id, with_log=True)
    assert stored.version == final.version == stored.log_length + 1
    state = check_replay(stored)
    assert state.ply == stored.log_length
    assert await storage.games.verify_game(game.id) == state
    assert await storage.games.load_log(game.id, 0, 2) == stored.log[:3]


async def test_many_concurrent_calls_on_one_client(redis_url: str) -> None:
    """More concurrent calls than pooled connections wait for a connection instead of failing. Each call's time
    limit counts its wait: five calls a connection, not fifty (the bot keeps its clicks below its pool's size, and
    fifty deep timed out on a starved CI machine)."""
    client = make_client(redis_url, max_connections=4)
    try:
        store = Storage(client)
        results = await asyncio.gather(*(store.claim_interaction(f"burst-{i}") for i in range(20)))
        assert all(results)
    finally:
        await client.aclose()


@needs_embedded
async def test_save_after_the_server_forgot_the_scripts(storage: Storage, make_game: MakeGame) -> None:
    """EVALSHA falls back to loading the script (as after a server restart)."""
    game = await make_game()
    await storage.redis.script_flush()
    new, texts = next_move(game, random.Random(1))
    assert (await storage.games.save_game(new, texts)).version == 2


async def test_the_live_message_id_keeps_the_newest_and_never_conflicts_with_a_move(
        storage: Storage, make_game: MakeGame) -> None:
    game = await make_game()
    moved, texts = next_move(game, random.Random(3))
    assert await storage.games.set_message(game.id, 500) == 500
    assert await storage.games.set_message(game.id, 400) == 500  # an older answer, shown first: not remembered
    saved = await storage.games.save_game(moved, texts)  # loaded before the id was set: still saves
    assert saved.version == game.version + 1
    loaded = await storage.games.load_game(game.id)
    assert (loaded.version, loaded.message_id) == (saved.version, 500)
    assert await storage.games.set_message("unknown000", 600) is None
    with pytest.raises(NotFound):
        await storage.games.load_game("unknown000")
    # replacing tells which message was remembered just before (what the new one replaces)
    # and the record's version, which tells whether the game moved on since what the message shows
    assert await storage.games.replace_message(game.id, 700) == (700, 500, saved.version)
    assert await storage.games.replace_message(game.id, 650) == (700, 700, saved.version)  # older: the newest stays
    assert await storage.games.replace_message("unknown000", 800) == (None, None, 0)


async def test_a_message_remembered_again_after_a_lost_reply_still_names_the_one_it_replaced(
        storage: Storage, make_game: MakeGame) -> None:
    """A reply lost to a timeout after the write landed: the caller asks again with the same id and must still learn
    which message it replaced (else that one keeps its buttons beside the live one, as the fuzz found)."""
    game = await make_game()
    assert await storage.games.replace_message(game.id, 500) == (500, None, game.version)
    assert await storage.games.replace_message(game.id, 700) == (700, 500, game.version)
    assert await storage.games.replace_message(game.id, 700) == (700, 500, game.version)  # asked again
    assert await storage.games.replace_message(game.id, 650) == (700, 700, game.version)  # older: still goes
    assert await storage.games.replace_message(game.id, 900) == (900, 700, game.version)
    assert (await storage.games.load_game(game.id)).message_id == 900


async def test_a_record_from_before_the_message_field_keeps_its_message_id(storage: Storage,
                                                                          make_game: MakeGame) -> None:
    game = await make_game()
    await storage.games.save_game(game.model_copy(update={"message_id": 123}))  # in the JSON only, as stored before
    assert (await storage.games.load_game(game.id)).message_id == 123
    assert await storage.games.set_message(game.id, 124) == 124
    assert (await storage.games.load_game(game.id)).message_id == 124


async def test_a_click_is_claimed_with_its_game_once(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game()
    first, second = await asyncio.gather(storage.games.claim_and_load(game.id, 77, now=1000.0),
                                         storage.games.claim_and_load(game.id, 77, now=1000.0))
    assert [record is None for record in (first, second)].count(True) == 1
    loaded = first or second
    assert loaded is not None and (loaded.id, loaded.version, loaded.state) == (game.id, game.version, game.state)
    with pytest.raises(NotFound):
        await storage.games.claim_and_load("unknown000", 78, now=1000.0)


async def test_a_save_sets_the_game_deadlines_it_changes_and_a_lost_one_none(storage: Storage,
                                                                             make_game: MakeGame) -> None:
    """In its own script on one server, in a step of its own after it on a cluster: the same result."""
    game = await make_game()
    timeout, remind = Deadline("timeout", game.id), Deadline("remind", game.id)
    moved, texts = next_move(game, random.Random(4))
    saved = await storage.games.save_game(moved, texts, due={"timeout": 500.0, "remind": 450.0})
    assert (await storage.deadlines.due_at(timeout), await storage.deadlines.due_at(remind)) == (500.0, 450.0)
    with pytest.raises(Conflict):  # loaded before that save: loses, and sets no deadline
        await storage.games.save_game(moved, texts, due={"timeout": 900.0, "remind": None})
    assert (await storage.deadlines.due_at(timeout), await storage.deadlines.due_at(remind)) == (500.0, 450.0)
    again, texts = next_move(saved, random.Random(5))
    await storage.games.save_game(again, texts, due={"timeout": 800.0, "remind": None})
    assert (await storage.deadlines.due_at(timeout), await storage.deadlines.due_at(remind)) == (800.0, None)
