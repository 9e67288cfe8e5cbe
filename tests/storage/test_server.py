"""The embedded server: started under LUDO_DATA_DIR with persistence on, shared by a second process, stopped
on shutdown; on a localhost port only with its password, which goes to no stranger holding the remembered port; its
data folder and files readable by the bot's user alone, however the folder was made."""

from __future__ import annotations

import os
import socket
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis
from redis.exceptions import AuthenticationError, ResponseError

from ludo_bot.storage import Storage, StorageUnavailable, make_client
from ludo_bot.storage.server import PASSWORD_NAME, PORT_NAME, EmbeddedRedis


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


def wider_than_private(folder: Path) -> list[str]:
    """The folder and what is in it that a user other than the bot's may read, write or enter."""
    found = [folder, *folder.rglob("*")]
    return [f"{path.name} {stat.S_IMODE(path.lstat().st_mode):o}" for path in found
            if not path.is_symlink() and stat.S_IMODE(path.lstat().st_mode) & 0o077]


def test_a_data_folder_made_by_hand_with_its_files_is_made_private_at_every_start(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    earlier = os.umask(0o022)  # (a shell's usual umask: files 0644, folders 0755)
    try:
        with EmbeddedRedis(folder) as server:  # an earlier run: its append-only file and snapshot
            redis.Redis.from_url(server.url).set("ludo:{g1}:game", "a record")
        for path in [folder, *folder.rglob("*")]:  # then copied back from a backup, or mounted, readable by all
            path.chmod(0o755 if path.is_dir() else 0o644)
        (folder / "appendonly.aof").chmod(0o666)
        with EmbeddedRedis(folder) as server:
            client = redis.Redis.from_url(server.url)
            assert client.get("ludo:{g1}:game") == b"a record"
            client.bgsave()  # a snapshot written by this server: 0600 too
            assert wider_than_private(folder) == []
    finally:
        os.umask(earlier)
    assert wider_than_private(folder) == []


@contextmanager
def stranger_on_a_port() -> Iterator[tuple[int, list[bytes]]]:
    """A local user's server on a localhost port that answers as a Redis would (OK to any password, then PONG) and
    keeps what it was sent."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.settimeout(0.2)
    heard: list[bytes] = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            with conn:
                conn.settimeout(1.0)
                try:
                    heard.append(conn.recv(4096))
                    conn.sendall(b"+OK\r\n+PONG\r\n")
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield int(listener.getsockname()[1]), heard
    finally:
        stop.set()
        thread.join()
        listener.close()


def test_the_password_goes_to_no_stranger_on_the_remembered_port(tmp_path: Path) -> None:
    folder = long_folder(tmp_path)
    with EmbeddedRedis(folder) as server:  # an earlier run remembered its port and password
        password = server.password or ""
    with stranger_on_a_port() as (port, heard):
        (folder / PORT_NAME).write_text(f"{port}\n")  # (the server stopped; a stranger took the port it kept)
        with EmbeddedRedis(folder) as server:
            assert server.owned and server.port != port and server.password == password
            assert redis.Redis.from_url(server.url).ping()
            assert server.running
    assert not [said for said in heard if password.encode() in said], heard
