"""Fixtures of the storage tests: a stored game and a way to play moves on it."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Iterator

import pytest

from ludo_bot import engine
from ludo_bot.storage import GameRecord, Seat, Storage, new_game_id, new_record, play

MakeGame = Callable[..., Awaitable[GameRecord]]


def four_seats() -> list[Seat]:
    """Three people and one AI."""
    return [Seat(seat=0, user_id=1001), Seat(seat=1, user_id=1002), Seat(seat=2, user_id=1003),
            Seat(seat=3, ai_level=2)]


def fresh_game(channel_id: int = 500, seed: int = 7, preset: str = "classic") -> GameRecord:
    """A new, unsaved game record."""
    return new_record(new_game_id(), guild_id=42, channel_id=channel_id, host_id=1001,
                      rules=engine.Rules.preset(preset), seats=four_seats(), seed=seed)


def next_move(record: GameRecord, rng: random.Random) -> tuple[GameRecord, list[str]]:
    """The record after one random legal action, and the log entries to append."""
    options = engine.legal_actions(engine.from_text(record.state))
    new, texts, _ = play(record, [rng.choice(options)])
    return new, texts


async def play_moves(storage: Storage, record: GameRecord, moves: int, seed: int = 1) -> GameRecord:
    """Load and save `moves` random legal moves, one compare-and-set each."""
    rng = random.Random(seed)
    for _ in range(moves):
        record = await storage.games.load_game(record.id)
        if not record.active:
            break
        new, texts = next_move(record, rng)
        record = await storage.games.save_game(new, texts)
    return record


@pytest.fixture
def make_game(storage: Storage) -> MakeGame:
    """Create a stored game (keyword arguments as `fresh_game`)."""

    async def make(**kwargs: int | str) -> GameRecord:
        return await storage.games.create_game(fresh_game(**kwargs))  # type: ignore[arg-type]

    return make


@pytest.fixture
def round_trips(storage: Storage) -> Iterator[list[str]]:
    """The round trips to Redis from now on, by command ("PIPELINE" for a pipeline)."""
    seen: list[str] = []
    stop = storage.observe(lambda command, seconds, error: seen.append(command))
    yield seen
    stop()
