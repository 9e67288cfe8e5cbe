"""Claims of clicks and the games' inboxes: a click is claimed once, filed in its game's inbox by the process that
claimed it, out once answered or too old, and adopted by exactly one other process when that one stops beating."""

from __future__ import annotations

import asyncio

import pytest

from ludo_bot.storage import Storage
from ludo_bot.storage import interactions as storage_interactions
from ludo_bot.storage.interactions import INBOX_KEPT, Filing


def filing(instance: str, payload: str, *answered: int) -> Filing:
    return Filing(instance, payload, register=True, answered=answered)


async def test_a_click_is_claimed_once_and_only_the_winner_files_it(storage: Storage) -> None:
    inboxes = storage.inboxes
    assert await inboxes.claim("game1", 1, now=100.0, filing=filing("a", '{"id": "1"}')) == []
    assert await inboxes.claim("game1", 1, now=100.0, filing=filing("b", '{"id": "1"}')) is None  # a repeat
    await inboxes.beat("a", 100.0)
    await inboxes.beat("b", 100.0)
    assert await inboxes.adopt("c", 110.0, dead_after=1.5) == ['{"id": "1"}']  # a's; b filed nothing


async def test_an_answered_click_leaves_the_inbox_with_the_next_claim_on_its_game(storage: Storage) -> None:
    inboxes = storage.inboxes
    await inboxes.claim("game2", 2, now=200.0, filing=filing("a", "two"))
    await inboxes.claim("game2", 3, now=200.5, filing=filing("a", "three", 2))  # 2 was answered meanwhile
    await inboxes.claim("game3", 4, now=200.5, filing=filing("a", "four"))
    await inboxes.beat("a", 200.5)
    assert sorted(await inboxes.adopt("c", 210.0, dead_after=1.5)) == ["four", "three"]


async def test_a_click_too_old_to_answer_leaves_the_inbox(storage: Storage) -> None:
    inboxes = storage.inboxes
    await inboxes.claim("game4", 5, now=300.0, filing=filing("a", "five"))
    await inboxes.claim("game4", 6, now=300.0 + INBOX_KEPT + 1, filing=filing("b", "six"))
    await inboxes.beat("a", 300.0)
    assert await inboxes.adopt("c", 400.0, dead_after=1.5) == []


async def test_one_adopter_wins_each_silent_process(storage: Storage) -> None:
    inboxes = storage.inboxes
    await inboxes.claim("game5", 7, now=100.0, filing=filing("dead", "seven"))
    await inboxes.claim("game6", 8, now=100.0, filing=filing("alive", "eight"))
    await inboxes.beat("dead", 100.0)
    await inboxes.beat("alive", 101.0)
    assert await inboxes.adopt("alive", 101.2, dead_after=1.5) == []  # nobody silent long enough yet
    adopted = await asyncio.gather(*(inboxes.adopt(f"peer{n}", 102.0, dead_after=1.5) for n in range(10)))
    assert sorted(adopted) == [[]] * 9 + [["seven"]]
    assert await inboxes.adopt("peer0", 200.0, dead_after=1.5) == ["eight"]  # "alive" fell silent too


async def test_a_process_that_left_is_not_adopted(storage: Storage) -> None:
    inboxes = storage.inboxes
    await inboxes.claim("game7", 9, now=100.0, filing=filing("gone", "nine"))
    await inboxes.beat("gone", 100.0)
    await inboxes.leave("gone")
    assert await inboxes.adopt("peer", 200.0, dead_after=1.5) == []


async def test_a_game_click_is_claimed_with_its_game_in_one_step(storage: Storage) -> None:
    assert await storage.inboxes.claim("nogame", 10, now=100.0, read_game=True) == [None, None, None]
    assert await storage.inboxes.claim("nogame", 10, now=100.0, read_game=True) is None


async def test_a_claim_sent_again_after_its_reply_was_lost_is_its_own(storage: Storage,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """redis-py sends a command again when its reply timed out: the same call (the same token) finds its own claim
    and wins again; any other call (another process, or the interaction delivered again) does not."""
    tokens = iter(["first", "first", "second"])
    monkeypatch.setattr(storage_interactions, "token", lambda: next(tokens))  # the claims' tokens
    claim = storage.inboxes.claim
    assert await claim("g8", 11, now=100.0, filing=filing("a", "eleven"), read_game=True) == [None, None, None]
    assert await claim("g8", 11, now=100.0, filing=filing("a", "eleven"), read_game=True) == [None, None, None]
    assert await claim("g8", 11, now=100.0, filing=filing("a", "eleven"), read_game=True) is None
    await storage.inboxes.beat("a", 100.0)
    assert await storage.inboxes.adopt("c", 105.0, dead_after=1.5) == ["eleven"]  # filed once
