"""Process inboxes: the interactions a bot process is handling, adopted by exactly one other when it stops beating."""

from __future__ import annotations

import asyncio

from storage import Storage


async def test_a_claimed_click_is_filed_until_a_beat_says_it_was_answered_and_a_lost_claim_files_nothing(
        storage: Storage) -> None:
    inboxes = storage.inboxes
    assert await inboxes.claim("a", 1, '{"id": "1"}')
    assert not await inboxes.claim("b", 1, '{"id": "1"}')  # a second delivery, to another process
    await inboxes.beat("a", 100.0)
    await inboxes.beat("b", 100.0)
    assert await inboxes.adopt("c", 110.0, dead_after=1.5) == ['{"id": "1"}']  # a's; b filed nothing
    assert await inboxes.claim("a", 2, '{"id": "2"}')
    assert await inboxes.claim("a", 3, '{"id": "3"}')
    await inboxes.beat("a", 200.0, answered=[2])
    assert await inboxes.adopt("c", 210.0, dead_after=1.5) == ['{"id": "3"}']  # 2 was answered: not adopted


async def test_only_a_silent_process_is_adopted_and_by_exactly_one_other(storage: Storage) -> None:
    inboxes = storage.inboxes
    await inboxes.claim("dead", 7, "seven")
    await inboxes.claim("alive", 8, "eight")
    await inboxes.beat("dead", 100.0)
    await inboxes.beat("alive", 101.0)
    assert await inboxes.adopt("alive", 101.2, dead_after=1.5) == []  # nobody silent long enough yet
    adopted = await asyncio.gather(*(inboxes.adopt(f"peer{n}", 102.0, dead_after=1.5) for n in range(10)))
    assert sorted(adopted) == [[]] * 9 + [["seven"]]
    assert await inboxes.adopt("peer0", 200.0, dead_after=1.5) == ["eight"]  # "alive" fell silent too


async def test_a_process_that_left_is_not_adopted(storage: Storage) -> None:
    inboxes = storage.inboxes
    await inboxes.claim("gone", 9, "nine")
    await inboxes.beat("gone", 100.0)
    await inboxes.leave("gone")
    assert await inboxes.adopt("peer", 200.0, dead_after=1.5) == []
