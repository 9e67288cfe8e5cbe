"""The gateway half of the stand-in: a websocket speaking Discord's JSON gateway protocol (v10).

Supports `compress=zlib-stream` (one zlib context per connection, each message ending in Z_SYNC_FLUSH, as
discord.py expects), HELLO / IDENTIFY / READY / GUILD_CREATE, heartbeats, RESUME (replaying missed events),
REQUEST_GUILD_MEMBERS, and several sessions (shards, or several bots) at once. It gets the world (to tell a new
session of it) and the settings; what happens later reaches the sessions through the broadcaster (broadcast.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import zlib
from collections import deque
from collections.abc import Coroutine
from typing import Any

from aiohttp import WSMsgType, web

from . import payloads
from .records import Json
from .settings import Settings
from .signals import Violations
from .world import World

log = logging.getLogger("standin.gateway")

# Opcodes
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE_UPDATE, VOICE_STATE_UPDATE = 0, 1, 2, 3, 4
RESUME, RECONNECT, REQUEST_GUILD_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

# Intents
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15

HEARTBEAT_INTERVAL_MS = 41250
HEARTBEAT_ACK_DELAY = 0.05
"""Seconds before a heartbeat is acknowledged: Discord's ACK comes a network round trip later, never at once.
discord.py's keep-alive thread notes when it sent a heartbeat only after the event loop reports the send done; an ACK
handled on the same loop before that (the stand-in in the bot's own process, on a busy machine) makes it measure the
time since the previous heartbeat, the whole interval, and log "Can't keep up, shard ID 0 websocket is 41.3s
behind"."""


def shard_for(guild_id: int, shard_count: int) -> int:
    """Discord's routing rule: the shard that receives a guild's events."""
    return (guild_id >> 22) % shard_count


class Connection:
    """One websocket; events are serialised through a lock so the zlib stream stays in order."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self._zlib = zlib.compressobj() if compress else None
        self.compressed = compress
        self.closed_by_us = False
        self._lock = asyncio.Lock()
        self._pending: set[asyncio.Task[None]] = set()

    def later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` beside this connection's reading; cancelled when the connection ends."""
        task = asyncio.create_task(work)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    def cancel_pending(self) -> None:
        for task in self._pending:
            task.cancel()

    async def send(self, payload: Json) -> None:
        text = json.dumps(payload, separators=(",", ":"))
        async with self._lock:
            if self.ws.closed:
                return
            try:
                if self._zlib is not None:
                    data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError) as exc:  # the client went away mid-send
                log.debug("send failed: %s", exc)

    async def close(self, code: int, message: str = "") -> None:
        self.closed_by_us = True
        if not self.ws.closed:
            await self.ws.close(code=code, message=message.encode())


class GatewaySession:
    """A gateway session (one shard of one bot): survives its connection so that it can be resumed."""

    def __init__(self, shard_id: int, shard_count: int, intents: int) -> None:
        self.session_id = secrets.token_hex(16)
        self.shard_id = shard_id
        self.shard_count = shard_count
        self.intents = intents
        self.seq = 0
        self.sent: deque[Json] = deque(maxlen=5000)
        self.connection: Connection | None = None
        self.identified_at = time.monotonic()
        self.events: list[tuple[str, Json]] = []
        """Every dispatched event (name, data), for assertions."""
        self.resumes = 0
        self.presence: Json | None = None
        self.dead = False
        self.compressed = False
        """Whether the client asked for zlib-stream compression on its latest connection."""
        """True once the client closed the session cleanly (1000/1001): it cannot be resumed."""

    @property
    def shard(self) -> tuple[int, int]:
        return (self.shard_id, self.shard_count)

    @property
    def connected(self) -> bool:
        return self.connection is not None and not self.connection.ws.closed

    def owns_guild(self, guild_id: int | None) -> bool:
        if guild_id is None:
            return self.shard_id == 0
        return shard_for(guild_id, self.shard_count) == self.shard_id

    def wants(self, intent: int | None) -> bool:
        return intent is None or bool(self.intents & intent)

    async def dispatch(self, event: str, data: Json) -> None:
        self.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.sent.append(payload)
        self.events.append((event, data))
        if self.connection is not None:
            await self.connection.send(payload)

    def event_names(self) -> list[str]:
        return [name for name, _ in self.events]

    def __repr__(self) -> str:
        state = "connected" if self.connected else "disconnected"
        return f"<GatewaySession shard={self.shard_id}/{self.shard_count} {state} seq={self.seq}>"


class Gateway:
    def __init__(self, world: World, settings: Settings, violations: Violations) -> None:
        self.world = world
        self.settings = settings
        self.violations = violations
        self.sessions: dict[str, GatewaySession] = {}
        self.connections: set[Connection] = set()

    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions.values() if s.connected]

    async def handle(self, request: web.Request) -> web.StreamResponse:
        query = request.query
        if query.get("encoding", "json") != "json":
            raise web.HTTPBadRequest(text="the stand-in speaks encoding=json only")
        compression = query.get("compress")
        if compression not in (None, "zlib-stream"):
            raise web.HTTPBadRequest(text=f"unsupported compress={compression} (zlib-stream only)")
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws, compress=compression == "zlib-stream")
        self.connections.add(conn)
        session: GatewaySession | None = None
        try:
            await conn.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None})
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    payload = json.loads(msg.data)
                elif msg.type == WSMsgType.BINARY:
                    payload = json.loads(zlib.decompress(msg.data) if msg.data[:1] == b"x" else msg.data)
                else:
                    break
                session = await self._receive(conn, session, payload) or session
        finally:
            conn.cancel_pending()
            self.connections.discard(conn)
            if session is not None and session.connection is conn:
                session.connection = None
                if ws.close_code in (1000, 1001) and not conn.closed_by_us:
                    session.dead = True
            self.world.changes.notify()
        return ws

    async def _receive(self, conn: Connection, session: GatewaySession | None, payload: Json) -> GatewaySession | None:
        op = payload.get("op")
        data: Any = payload.get("d")
        if op == HEARTBEAT:
            conn.later(self._acknowledge(conn))  # (an IDENTIFY right behind the first heartbeat need not wait)
        elif op == IDENTIFY:
            if session is not None:
                await conn.close(4005, "Already authenticated.")
                return None
            return await self._identify(conn, data)
        elif op == RESUME:
            return await self._resume(conn, data)
        elif op == REQUEST_GUILD_MEMBERS and session is not None:
            await self._request_members(session, data)
        elif op == PRESENCE_UPDATE and session is not None:
            session.presence = data
        elif op in (VOICE_STATE_UPDATE,):
            pass
        elif session is None:
            await conn.close(4003, "Not authenticated.")
        else:
            await conn.close(4001, "Unknown opcode.")
        return None

    async def _acknowledge(self, conn: Connection) -> None:
        await asyncio.sleep(HEARTBEAT_ACK_DELAY)
        await conn.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})

    async def _identify(self, conn: Connection, data: Json) -> GatewaySession | None:
        world = self.world
        if data.get("token") != self.settings.token:
            self.violations.record("gateway", "IDENTIFY with a wrong token")
            await conn.close(4004, "Authentication failed.")
            return None
        shard_id, shard_count = data.get("shard") or (0, 1)
        if not (shard_count >= 1 and 0 <= shard_id < shard_count):
            await conn.close(4010, "Invalid shard.")
            return None
        intents = int(data.get("intents", 0))
        session = GatewaySession(shard_id, shard_count, intents)
        session.connection = conn
        session.compressed = conn.compressed
        self.sessions[session.session_id] = session
        guilds = [g for g in world.guilds.values() if session.owns_guild(g.id) and g.bot_member]
        await session.dispatch("READY", payloads.ready(world, self.settings, session.session_id, session.shard, guilds))
        if intents & GUILDS:
            all_members = self.settings.full_member_lists or bool(intents & GUILD_PRESENCES)
            for guild in guilds:
                await session.dispatch("GUILD_CREATE", payloads.guild(world, guild, all_members=all_members))
        world.changes.notify()
        return session

    async def _resume(self, conn: Connection, data: Json) -> GatewaySession | None:
        session = self.sessions.get(str(data.get("session_id")))
        if data.get("token") != self.settings.token or session is None or session.connected or session.dead:
            await conn.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        seq = int(data.get("seq") or 0)
        session.connection = conn
        session.compressed = conn.compressed
        session.resumes += 1
        for payload in list(session.sent):
            if payload["s"] > seq:
                await conn.send(payload)
        session.seq += 1
        resumed = {"op": DISPATCH, "t": "RESUMED", "s": session.seq, "d": {"_trace": ["standin"]}}
        session.sent.append(resumed)
        await conn.send(resumed)
        self.world.changes.notify()
        return session

    async def _request_members(self, session: GatewaySession, data: Json) -> None:
        guild = self.world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        members = list(guild.members.values())
        query = data.get("query")
        if isinstance(query, str) and query:
            members = [m for m in members if m.user.username.lower().startswith(query.lower())]
        user_ids = data.get("user_ids")
        if user_ids:
            wanted = {int(u) for u in (user_ids if isinstance(user_ids, list) else [user_ids])}
            members = [m for m in members if m.user.id in wanted]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: Json = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def close_all(self, code: int = 1001) -> None:
        for conn in list(self.connections):
            await conn.close(code, "stand-in stopping")

    async def reconnect(self, session: GatewaySession) -> None:
        """Ask the client to reconnect (op 7); discord.py then RESUMEs."""
        if session.connection is not None:
            await session.connection.send({"op": RECONNECT, "d": None, "s": None, "t": None})

    async def drop(self, session: GatewaySession, code: int = 4000) -> None:
        """Close the session's websocket with `code` (4000 is resumable: discord.py reconnects and resumes)."""
        if session.connection is not None:
            await session.connection.close(code, "dropped by the test")
