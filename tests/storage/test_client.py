"""The Redis client's command packer (`storage.client.packing`): every argument reaches Redis as redis-py's own
packer would send it, and an argument Redis cannot take is refused as redis-py refuses it."""

from __future__ import annotations

import pytest
from redis.asyncio.connection import Connection
from redis.exceptions import DataError
from redis.typing import EncodableT

from ludo_bot.storage.client import Redis, packing

ARGUMENTS: list[EncodableT] = ["plain", "héllo ✓ 名前 👋🏽", "", "\x00 bytes é".encode(), bytearray(b"array"),
                           memoryview(b"view"), 0, -7, 10**20, 1764293400.123456, 0.1, 1e-7, float(2**53), "x" * 7000]


def test_commands_pack_to_the_bytes_redis_py_sends() -> None:
    own, packed = Connection(), packing(Connection)()
    commands: list[tuple[EncodableT, ...]] = [("SET", "k", *ARGUMENTS[:2]), ("CLIENT PAUSE", 10),
                                              (b"CONFIG GET", b"maxmemory"), ("EVALSHA", "ab" * 9, 1, "k1", *ARGUMENTS)]
    for command in commands:
        assert b"".join(packed.pack_command(*command)) == b"".join(own.pack_command(*command)), command


def test_a_value_redis_cannot_take_is_refused_as_redis_py_refuses_it() -> None:
    with pytest.raises(DataError):
        Connection().pack_command("SET", "k", None)  # type: ignore[arg-type]
    with pytest.raises(DataError):
        packing(Connection)().pack_command("SET", "k", None)  # type: ignore[arg-type]


async def test_every_argument_is_stored_as_written(redis_client: Redis) -> None:
    pool = getattr(redis_client, "connection_pool", None)
    if pool is not None:  # (a single server's client: its connections pack with hiredis)
        assert pool.connection_class.__name__.startswith("Packed")
    values = {f"ludo:test:{{packer}}:{i}": value for i, value in enumerate(ARGUMENTS)}  # (one cluster slot)
    await redis_client.mset(values)
    stored = await redis_client.mget(list(values))
    for key, value, got in zip(values, values.values(), stored, strict=True):
        if isinstance(value, (bytes, bytearray, memoryview)):
            assert got == bytes(value).decode(), key
        elif isinstance(value, float):
            assert got is not None and float(got) == value, key
        else:
            assert got == str(value), key
    await redis_client.delete(*values)
