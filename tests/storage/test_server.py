"""The embedded server: started under LUDO_DATA_DIR with persistence on, shared by a second process, stopped
on shutdown; on a localhost port only with its password."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
import redis
from redis.exceptions import AuthenticationError, ResponseError

from storage import Storage, StorageUnavailable, make_client
from storage.server import PASSWORD_NAME, EmbeddedRedis


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


def long_folder(tmp_path: Path) -> Path:
    """A data folder whose socket path would not fit a unix socket's address."""
    return tmp_path / ("x" * 60) / ("y" * 60)


def test_long_folder_uses_a_localhost_port(tmp_path: Path) -> None:
    with EmbeddedRedis(long_folder(tmp_path)) as server:
        assert server.socket_path is None and server.url.startswith(f"redis://:{server.password}@127.0.0.1:")
        assert server.running
    assert not server.running


def test_the_port_fallback_refuses_a_client_without_the_password(tmp_path: Path) -> None:
    folder = long_folder(tmp_path)
    with EmbeddedRedis(folder) as server:
        stranger = redis.Redis(host="127.0.0.1", port=server.port or 0, socket_timeout=2)
        with pytest.raises((AuthenticationError, ResponseError), match=r"(?i)auth"):
            stranger.set("ludo:{x}:game", "mine")
        with pytest.raises((AuthenticationError, ResponseError)):
            redis.Redis(host="127.0.0.1", port=server.port or 0, password="guess", socket_timeout=2).ping()
        stranger.close()
        kept = folder / PASSWORD_NAME
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and kept.read_text().strip() == server.password
        assert stat.S_IMODE((folder / "redis.conf").stat().st_mode) == 0o600  # it holds the password too
        assert len(server.password or "") >= 40
        url = server.url
    with EmbeddedRedis(folder) as again:  # a restart uses the kept password, and the same port when it is free
        assert again.url == url


async def test_the_bot_connects_to_the_port_fallback_and_a_second_process_joins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    first = await Storage.open(data_dir=long_folder(tmp_path))
    try:
        assert first.server is not None and first.server.owned and first.server.port
        assert await first.claim_interaction(7)
        second = await Storage.open(data_dir=long_folder(tmp_path))  # one folder, one server: it joins
        assert second.server is not None and not second.server.owned and second.server.port == first.server.port
        assert not await second.claim_interaction(7)
        await second.close()
        await first.ping()
    finally:
        await first.close()


async def test_the_embedded_server_caps_its_memory_and_never_evicts(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    storage = await Storage.open(data_dir=tmp_path / "data", maxmemory="64mb")
    try:
        assert await storage.redis.config_get("maxmemory") == {"maxmemory": str(64 * 2**20)}
        assert await storage.redis.config_get("maxmemory-policy") == {"maxmemory-policy": "noeviction"}
    finally:
        await storage.close()
