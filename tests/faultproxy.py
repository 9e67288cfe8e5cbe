"""A TCP proxy in front of a real Redis server that can make it misbehave the ways a real deployment does.

The bot's client connects to the proxy; the proxy forwards every command to the real server and every reply
back, in order, unless a fault is switched on:

- `fail(reply, commands=...)`: the chosen commands (all by default) are answered with an error reply such as
  ``READONLY You can't write against a read only replica.`` (failover), ``MISCONF ...`` (disk full), ``OOM ...``
  or ``LOADING ...``, without reaching the server;
- `swallow(commands=..., times=n)`: the command reaches the server and is executed, but its reply never comes
  back, so the client times out after the write landed (what makes redis-py retry a write that already happened);
- `cut()`: every open connection is closed at once (a restart or a network blip).

Both directions are parsed with hiredis, so injected replies keep their place among the forwarded ones even when
the client pipelines. Replies are re-encoded in the protocol the client chose with HELLO (status replies become
bulk strings, which redis-py reads the same way).

>>> proxy = FaultProxy("redis://127.0.0.1:6379/13")         # doctest: +SKIP
>>> url = await proxy.start()                                 # doctest: +SKIP
>>> proxy.fail("READONLY You can't write against a read only replica.", commands={"EVALSHA", "SET"})  # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import hiredis

# The error replies real Redis servers send in the situations an operator meets.
READONLY = "READONLY You can't write against a read only replica."
MISCONF = ("MISCONF Redis is configured to save RDB snapshots, but it's currently unable to persist to disk. "
           "Commands that may modify the data set are disabled.")
OOM = "OOM command not allowed when used memory > 'maxmemory'."
LOADING = "LOADING Redis is loading the dataset in memory"


def _encode_command(parts: list[Any]) -> bytes:
    out = [b"*%d\r\n" % len(parts)]
    for part in parts:
        data = part if isinstance(part, bytes) else str(part).encode()
        out.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(out)


def _encode_reply(reply: Any, resp3: bool) -> bytes:
    if isinstance(reply, hiredis.ReplyError):
        return b"-%s\r\n" % str(reply).encode()
    if reply is None:
        return b"_\r\n" if resp3 else b"$-1\r\n"
    if isinstance(reply, bool):
        return b"#t\r\n" if reply else b"#f\r\n"
    if isinstance(reply, int):
        return b":%d\r\n" % reply
    if isinstance(reply, float):
        return b",%r\r\n" % reply
    if isinstance(reply, bytes):
        return b"$%d\r\n%s\r\n" % (len(reply), reply)
    if isinstance(reply, dict):
        return b"%%%d\r\n" % len(reply) + b"".join(
            _encode_reply(key, resp3) + _encode_reply(value, resp3) for key, value in reply.items())
    if isinstance(reply, list):
        head = b">" if isinstance(reply, hiredis.PushNotification) else b"*"
        return head + b"%d\r\n" % len(reply) + b"".join(_encode_reply(item, resp3) for item in reply)
    raise TypeError(f"cannot encode a Redis reply of type {type(reply).__name__}")


@dataclass
class _Rule:
    kind: str                       # "fail" or "swallow"
    commands: frozenset[str] | None  # upper-case command names, None for every command
    reply: bytes = b""
    times: int | None = None          # None: until healed

    def matches(self, name: str) -> bool:
        return self.commands is None or name in self.commands


@dataclass
class FaultProxy:
    """Forwards a Redis client's connections to `target` (a redis:// or unix:// URL) with faults on demand."""

    target: str
    injected: int = 0
    swallowed: int = 0
    forwarded: int = 0
    _rules: list[_Rule] = field(default_factory=list)
    _server: asyncio.base_events.Server | None = None
    _links: set[asyncio.Task[None]] = field(default_factory=set)
    _writers: set[asyncio.StreamWriter] = field(default_factory=set)

    async def start(self) -> str:
        """Listen on a free localhost port; return the URL to give the client (the target's database kept)."""
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        parts = urlsplit(self.target)
        db = parts.path if parts.scheme != "unix" else "/" + dict(
            item.split("=", 1) for item in parts.query.split("&") if "=" in item).get("db", "0")
        auth = parts.netloc.rpartition("@")[0] if parts.scheme != "unix" else ""
        return urlunsplit(("redis", f"{auth}@127.0.0.1:{port}" if auth else f"127.0.0.1:{port}", db or "/0", "", ""))

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        self.cut()
        if self._links:
            await asyncio.wait(list(self._links), timeout=2)
        for task in list(self._links):
            task.cancel()
        await asyncio.gather(*self._links, return_exceptions=True)

    # --- faults -----------------------------------------------------------------------------------------------

    def fail(self, reply: str, *, commands: Collection[str] | None = None, times: int | None = None) -> None:
        """Answer the chosen commands with `reply` (an error line without the leading '-')."""
        self._rules.append(_Rule("fail", self._names(commands), b"-" + reply.encode() + b"\r\n", times))

    def swallow(self, *, commands: Collection[str] | None = None, times: int | None = 1) -> None:
        """Execute the chosen commands but never deliver their replies."""
        self._rules.append(_Rule("swallow", self._names(commands), times=times))

    def heal(self) -> None:
        self._rules.clear()

    def cut(self) -> None:
        for writer in list(self._writers):
            writer.close()

    @staticmethod
    def _names(commands: Collection[str] | None) -> frozenset[str] | None:
        return None if commands is None else frozenset(name.upper() for name in commands)

    def _rule_for(self, name: str) -> _Rule | None:
        for rule in self._rules:
            if rule.matches(name):
                if rule.times is not None:
                    rule.times -= 1
                    if rule.times <= 0:
                        self._rules.remove(rule)
                return rule
        return None

    # --- plumbing ---------------------------------------------------------------------------------------------

    async def _connect_target(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        parts = urlsplit(self.target)
        if parts.scheme == "unix":
            return await asyncio.open_unix_connection(parts.path)
        return await asyncio.open_connection(parts.hostname or "127.0.0.1", parts.port or 6379)

    async def _accept(self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._links.add(task)
        self._writers.add(client_out)
        try:
            server_in, server_out = await self._connect_target()
        except OSError:
            client_out.close()
            self._writers.discard(client_out)
            self._links.discard(task)
            return
        self._writers.add(server_out)
        # What the client is owed, in order: ("reply", bytes) to send as is, ("await", keep) for the next reply of
        # the server (sent when keep, dropped when the command was swallowed).
        owed: collections.deque[tuple[str, bytes | bool]] = collections.deque()
        replies: collections.deque[bytes] = collections.deque()
        resp3 = False

        def flush() -> None:
            while owed:
                kind, value = owed[0]
                if kind == "reply":
                    assert isinstance(value, bytes)
                    client_out.write(value)
                elif replies:
                    reply = replies.popleft()
                    if value:
                        client_out.write(reply)
                else:
                    return
                owed.popleft()

        async def upstream() -> None:
            nonlocal resp3
            reader = hiredis.Reader()
            while data := await client_in.read(65536):
                reader.feed(data)
                while (command := reader.gets()) is not False:
                    name = command[0].decode(errors="replace").upper() if command else ""
                    if name == "HELLO" and len(command) > 1:
                        resp3 = command[1] == b"3"
                    rule = self._rule_for(name)
                    if rule is not None and rule.kind == "fail":
                        self.injected += 1
                        owed.append(("reply", rule.reply))
                        continue
                    server_out.write(_encode_command(command))
                    self.forwarded += 1
                    if rule is not None:
                        self.swallowed += 1
                    owed.append(("await", rule is None))
                flush()
                await server_out.drain()

        async def downstream() -> None:
            reader = hiredis.Reader()
            while data := await server_in.read(65536):
                reader.feed(data)
                while (reply := reader.gets()) is not False:
                    replies.append(_encode_reply(reply, resp3))
                flush()
                await client_out.drain()

        links = [asyncio.create_task(upstream()), asyncio.create_task(downstream())]
        try:
            await asyncio.wait(links, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            pass  # closed by `close()`: end quietly (asyncio logs a server callback that ends cancelled)
        finally:
            for link in links:
                link.cancel()
            await asyncio.gather(*links, return_exceptions=True)
            for writer in (client_out, server_out):
                writer.close()
                self._writers.discard(writer)
                with contextlib.suppress(Exception):
                    await writer.wait_closed()
            self._links.discard(task)
