"""Deadlines: claimed by exactly one worker, re-claimed when a worker's lease runs out."""

from __future__ import annotations

import asyncio

from ludo_bot.storage import Deadline, DeadlineQueue, Storage, keys, make_client


async def test_due_items_only(storage: Storage) -> None:
    queue = storage.deadlines
    await queue.schedule(Deadline("timeout", "g1"), 100.0)
    await queue.schedule(Deadline("remind", "g1"), 50.0)
    await queue.schedule(Deadline("timeout", "g2"), 500.0)
    assert await queue.next_due() == 50.0
    claims = await queue.claim_due(now=120.0)
    assert [c.deadline for c in claims] == [Deadline("remind", "g1"), Deadline("timeout", "g1")]
    assert await queue.claim_due(now=121.0) == []  # leased
    assert all([await queue.complete(c) for c in claims])
    assert await queue.due_at(Deadline("timeout", "g1")) is None
    assert [c.deadline.game_id for c in await queue.claim_due(now=600.0)] == ["g2"]


async def test_one_deadline_claimed_by_two_clients_at_once(redis_url: str, storage: Storage) -> None:
    clients = [make_client(redis_url) for _ in range(2)]
    queues = [DeadlineQueue(client) for client in clients]
    try:
        await storage.deadlines.schedule(Deadline("timeout", "race"), 10.0)
        first = await asyncio.gather(queues[0].claim_due(now=20.0), queues[1].claim_due(now=20.0))
        assert sorted(map(len, first)) == [0, 1]
        for game in range(30):
            await storage.deadlines.schedule(Deadline("timeout", f"g{game}"), 10.0)
        rounds = await asyncio.gather(*(q.claim_due(now=20.0, limit=3) for q in queues for _ in range(10)))
        claimed = [c.deadline.game_id for r in rounds for c in r]
        assert sorted(claimed) == sorted(f"g{game}" for game in range(30))  # each exactly once
    finally:
        for client in clients:
            await client.aclose()


async def test_expired_lease_is_claimed_again(storage: Storage) -> None:
    queue = storage.deadlines
    await queue.schedule(Deadline("timeout", "g"), 10.0)
    (dead_worker,) = await queue.claim_due(now=11.0, lease=30.0)
    assert await queue.claim_due(now=40.0) == []  # lease still running
    (second,) = await queue.claim_due(now=41.5, lease=30.0)  # the first worker died: lease over
    assert second.deadline == dead_worker.deadline and second.token != dead_worker.token
    assert not await queue.complete(dead_worker)  # the late worker cannot complete it
    assert await queue.complete(second)
    assert await queue.claim_due(now=1000.0) == []


async def test_reschedule_drops_the_claim(storage: Storage) -> None:
    queue = storage.deadlines
    item = Deadline("timeout", "g")
    await queue.schedule(item, 10.0)
    (claim,) = await queue.claim_due(now=10.0)
    await queue.schedule(item, 200.0)  # the turn moved on: a new deadline
    assert not await queue.complete(claim)
    assert await queue.due_at(item) == 200.0
    await queue.cancel(item)
    assert await queue.next_due() is None


async def test_set_due_moves_one_deadline_and_removes_another_at_once(storage: Storage) -> None:
    queue = storage.deadlines
    timeout, remind = Deadline("timeout", "g"), Deadline("remind", "g")
    await queue.set_due({timeout: 100.0, remind: 50.0})
    (claim,) = await queue.claim_due(now=60.0)  # the reminder, being sent
    await queue.set_due({timeout: 300.0, remind: None})  # next turn, no reminder
    assert (await queue.due_at(timeout), await queue.due_at(remind)) == (300.0, None)
    assert not await queue.complete(claim)


async def test_a_sync_of_an_older_version_writes_nothing(storage: Storage) -> None:
    """Saves that set their deadlines in another order than they landed leave the newest record's."""
    queue = storage.deadlines
    timeout, remind = Deadline("timeout", "g"), Deadline("remind", "g")
    assert await queue.sync("g", 3, {"timeout": 300.0, "remind": 250.0})
    assert not await queue.sync("g", 2, {"timeout": 200.0, "remind": None})  # late: an older record's
    assert (await queue.due_at(timeout), await queue.due_at(remind)) == (300.0, 250.0)
    assert await queue.sync("g", 3, {"timeout": 300.0, "remind": None})  # the same record again: applies
    assert await queue.due_at(remind) is None
    assert await queue.sync("g", 4, {"timeout": None, "remind": None})  # the game is over
    assert await queue.next_due() is None
    assert not await storage.redis.hexists(keys.DEADLINES_SYNCED, "g")  # nothing kept of a game without deadlines


async def test_a_sync_drops_the_claims_so_a_slow_worker_cannot_undo_it(storage: Storage) -> None:
    queue = storage.deadlines
    timeout = Deadline("timeout", "g")
    await queue.sync("g", 1, {"timeout": 10.0})
    (slow,) = await queue.claim_due(now=11.0)
    assert await queue.sync("g", 2, {"timeout": 70.0})  # a click passed the turn meanwhile
    assert not await queue.complete(slow, 11.0)  # the slow worker's view is stale: it changes nothing
    assert await queue.due_at(timeout) == 70.0


async def test_a_claimed_item_is_completed_or_queued_again(storage: Storage) -> None:
    queue = storage.deadlines
    timeout, remind = Deadline("timeout", "g"), Deadline("remind", "g")
    await queue.set_due({timeout: 10.0, remind: 5.0})
    first, second = await queue.claim_due(now=20.0)
    assert (first.deadline, second.deadline) == (remind, timeout)
    assert await queue.complete(first, 90.0)  # came early: due again when the record says
    assert await queue.complete(second)
    assert (await queue.due_at(remind), await queue.due_at(timeout)) == (90.0, None)
    assert [c.deadline for c in await queue.claim_due(now=95.0)] == [remind]  # unclaimed, due again
