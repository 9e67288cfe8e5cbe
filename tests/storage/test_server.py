"""The embedded server: started under LUDO_DATA_DIR with persistence on, shared by a second process, stopped
on shutdown."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import Storage, StorageUnavailable, make_client
from storage.server import EmbeddedRedis


async def test_open_without_redis_url_starts_the_embedded_server(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("LUDO_DATA_DIR", str(tmp_path / "data"))
    first = await Storage.open()
    assert first.server is not None and first.server.owned
    assert first.server.url == f"unix://{tmp_path / 'data' / 'redis.sock'}"
    config = await first.redis.config_get("appendonly")
    assert config == {"appendonly": "yes"}
    assert (await first.redis.config_get("appendfsync"))["appendfsync"] == "everysec"
    assert (await first.redis.config_get("save"))["save"]  # RDB save points too
    second = await Storage.open()  # another bot process on the same folder joins the running server
    assert second.server is not None and not second.server.owned
    assert await second.claim_interaction(1) and not await first.claim_interaction(1)
    await second.close()
    await first.ping()  # still running: the second did not own it
    await first.close()
    stopped = Storage(make_client(first.server.url))
    with pytest.raises(StorageUnavailable):
        await stopped.ping()
    await stopped.redis.aclose()


def test_long_folder_uses_a_localhost_port(tmp_path: Path) -> None:
    folder = tmp_path / ("x" * 60) / ("y" * 60)
    with EmbeddedRedis(folder) as server:
        assert server.socket_path is None and server.url.startswith("redis://127.0.0.1:")
        assert server.running
    assert not server.running
