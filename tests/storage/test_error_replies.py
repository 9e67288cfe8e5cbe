"""Error replies of a Redis server that cannot serve a command now (a failover's READONLY, a full disk's MISCONF,
OOM, LOADING after a restart) are a temporary outage, `StorageUnavailable`, for every kind of storage step (a keyed
read, a keyed compare-and-set, a script without a key, a transaction); a record that holds something unreadable is
still `CorruptRecord`. The round-trip hooks tell each call and the error it met."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from ludo_bot.storage import CorruptRecord, Storage, StorageUnavailable, WriteUncertain, keys
from ludo_bot.storage.errors import StorageFull
from ludo_bot.storage.roundtrips import error_kind
from tests.conftest import LOCAL_CLUSTER
from tests.faultproxy import LOADING, MISCONF, OOM, READONLY, FaultProxy
from tests.storage.conftest import fresh_game

pytestmark = pytest.mark.skipif(LOCAL_CLUSTER, reason="the proxy stands in front of one server, not a cluster")
REPLIES = {"READONLY": READONLY, "MISCONF": MISCONF, "OOM": OOM, "LOADING": LOADING}




@pytest.mark.parametrize("kind", list(REPLIES))
async def test_a_server_that_cannot_serve_now_is_unavailable_not_corrupt(
        proxied: tuple[FaultProxy, Storage], storage: Storage, kind: str) -> None:
    proxy, store = proxied
    saved = await storage.games.create_game(fresh_game())
    calls: list[tuple[str, str | None]] = []
    stop = store.observe(lambda command, seconds, error: calls.append((command, error)))
    proxy.fail(REPLIES[kind])
    steps: dict[str, Callable[[], Awaitable[object]]] = {
        "keyed read": lambda: store.games.load_game(saved.id),
        "keyed compare-and-set": lambda: store.games.save_game(saved, ["R"]),
        "script without a key": lambda: store.deadlines.claim_due(),
        "keyed read of a set": lambda: store.limits.open_ids(42),
        "transaction": lambda: store.limits.closed(42, 1001, saved.id),
        "claim": lambda: store.claim_interaction(7),
    }
    for what, step in steps.items():
        with pytest.raises(StorageUnavailable) as raised:
            await step()
        assert not isinstance(raised.value, CorruptRecord), what
        assert kind in str(raised.value), (what, raised.value)
    assert {error for _, error in calls} == {kind}  # every call was told, with the reply's code
    # A write met it: whether it landed is known once Redis answers; a write refused at maxmemory never ran.
    with pytest.raises(StorageFull if kind == "OOM" else WriteUncertain):
        await store.games.save_game(saved, ["R"])

    proxy.heal()  # the server serves again: the same steps work
    calls.clear()
    assert (await store.games.load_game(saved.id)).version == saved.version
    assert await store.claim_interaction(7)
    assert calls and all(error is None for _, error in calls)
    stop()
    await store.games.load_game(saved.id)
    assert all(error is None for _, error in calls) and len(calls) == 2  # stopped: not told any more


async def test_an_unreadable_record_is_still_corrupt(storage: Storage) -> None:
    await storage.redis.set(keys.game("broken1"), "not a hash")
    with pytest.raises(CorruptRecord):
        await storage.games.load_game("broken1")


def test_error_kinds_read_the_reply_code_also_inside_a_pipeline() -> None:
    import redis.exceptions as redis_errors

    assert error_kind(redis_errors.ResponseError(MISCONF)) == "MISCONF"
    inside = redis_errors.ResponseError(f"Command # 2 (EVALSHA abc 1 k) of pipeline caused error: ('{MISCONF}',)")
    assert error_kind(inside) == "MISCONF"
    assert error_kind(redis_errors.ReadOnlyError("You can't write against a read only replica.")) == "READONLY"
    assert error_kind(redis_errors.ResponseError("WRONGTYPE Operation against a key")) == "WRONGTYPE"
    assert error_kind(redis_errors.ResponseError("user_script:1: bad")) == "ERR"
    assert error_kind(redis_errors.TimeoutError()) == "timeout"
    assert error_kind(redis_errors.ConnectionError()) == "connection"
