"""Refusals Discord will repeat: what the bot remembers of them and how it keeps clear of Discord's ban.

Discord bans the bot's address for a while after 10,000 responses of 401, 403 or 429 within 10 minutes, for every
server at once; and any member who manages a channel can take the bot's permissions away there. So:
- a refusal that waiting will not change (`lasting`: 403 Missing Access 50001 or Missing Permissions 50013, 404
  Unknown Channel 10003; not 404 Unknown Message 10008, which is about one message) is remembered for its channel
  (`service.refusals`, shared by every process), and the outbox answers later requests of that kind there itself
  (`ChannelRefused`), without asking Discord, until something changes (`Forget`: the gateway's channel, thread,
  role, member and guild events, or an interaction there whose `app_permissions` allow it);
- `RefusedCount` counts this process's 401/403/429 responses in a sliding 10 minutes (every response passes the
  gate's trace hook) and slows the calls that answer nobody (`BACKGROUND`: the deadline worker's reminders,
  time-outs and table openings; deletes) well before the limit; the count is a metric.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

import discord

from ludo_bot.service import Service, StorageError

logger = logging.getLogger(__name__)
MISSING_ACCESS, MISSING_PERMISSIONS, UNKNOWN_CHANNEL = 50001, 50013, 10003
WINDOW = 600.0  # seconds: Discord's window for the invalid requests that get an address banned
# Thresholds of this process's refused responses in the window. Discord bans at 10,000 per address, and the
# processes of one bot usually share their host's address without seeing each other's counts: with `HOLD_AT` a
# process, four processes on one address stay under 8,000 with the calls that answer a person on top. Below
# `SLOW_AT` (5 % of Discord's limit) nothing waits: a few members taking permissions away cost a handful.
SLOW_AT = 500
HOLD_AT = 2000
SPACING = 1.0  # seconds between two calls that answer nobody, from `SLOW_AT` on (60 a minute, 600 a window at most)
HELD_FOR = 5.0  # seconds a call that answers nobody waits before looking at the count again, from `HOLD_AT` on
BACKGROUND: contextvars.ContextVar[bool] = contextvars.ContextVar("ludo_background", default=False)
"""True in work that answers nobody (the deadline worker's): its calls are the ones slowed."""


def lasting(error: discord.HTTPException, kind: str) -> str | None:
    """The kind of request to remember as refused in the channel (None: one waiting may change, or about a message
    only): every kind for a channel the bot may not see or that is gone, else the kind refused."""
    if error.code in (MISSING_ACCESS, UNKNOWN_CHANNEL):
        return "all"
    if error.code == MISSING_PERMISSIONS:
        return kind
    return None


class ChannelRefused(discord.Forbidden):
    """The outbox's own answer for a request of a kind Discord refused in the channel for good: what Discord would
    answer, without asking it (a `discord.Forbidden`, so the callers' handling of a refusal serves)."""

    def __init__(self, channel_id: int, code: int) -> None:  # (no response: nothing was sent)
        Exception.__init__(self, f"channel {channel_id}: refused for good (code {code}), not asked again")
        self.response: Any = None
        self.status = 404 if code == UNKNOWN_CHANNEL else 403
        self.code = code
        self.text = f"code {code}"
        self.channel_id = channel_id

    @property
    def gone(self) -> bool:
        """True when the channel no longer exists."""
        return self.code == UNKNOWN_CHANNEL


class RefusedCount:
    """This process's responses of 401, 403 and 429 in the last `WINDOW` seconds, and the wait of a call that answers
    nobody (`admit`)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._at: deque[float] = deque()
        self._spaced = asyncio.Lock()

    def note(self, status: int) -> None:
        if status in (401, 403, 429):
            self._at.append(self.clock())

    def count(self) -> int:
        """Refused responses in the last 10 minutes."""
        now = self.clock()
        while self._at and now - self._at[0] > WINDOW:
            self._at.popleft()
        return len(self._at)

    async def admit(self) -> None:
        """Wait as the count asks: not at all below `SLOW_AT`, one call every `SPACING` seconds below `HOLD_AT`,
        until the count falls below it from there on."""
        if self.count() < SLOW_AT:
            return
        while self.count() >= HOLD_AT:
            await asyncio.sleep(HELD_FOR)
        async with self._spaced:
            await asyncio.sleep(SPACING)


def allows(permissions: discord.Permissions, thread: bool) -> Callable[[str], bool]:
    """Which remembered kinds `permissions` (an interaction's `app_permissions`) allow now."""
    send = permissions.send_messages_in_threads if thread else permissions.send_messages
    # the bot's posts and edits carry the board's picture: Discord refuses them without Attach Files (50013), so a
    # refusal is lifted only with it (the fuzz's attacker lane: Attach Files denied, a command there lifted the
    # refused posts and the next one was refused again)
    files = permissions.view_channel and permissions.attach_files
    can = {"all": permissions.view_channel, "send": files and send,
           "thread": permissions.view_channel and permissions.create_public_threads,
           "edit": files, "delete": permissions.view_channel}
    return lambda kind: can.get(kind, False)


class Forget:
    """The gateway's news of changes that may give the bot back what was refused (see `bot.app.LudoBot`'s events)."""

    def __init__(self, service: Service) -> None:
        self.service = service

    async def channels(self, ids: Iterable[int]) -> None:
        try:
            await self.service.refusals.forget(ids)
        except StorageError:  # (the refusals expire in a day at most)
            logger.warning("refusals not forgotten", exc_info=True)

    async def channel(self, channel: Any) -> None:
        """A channel changed (its overwrites): it and its threads."""
        threads = getattr(channel, "threads", [])
        await self.channels([channel.id, *(t.id for t in threads)])

    async def guild(self, guild: discord.Guild | None) -> None:
        """A role, the bot's member or the guild changed: every channel and thread of the guild."""
        if guild is not None:
            await self.channels([*(c.id for c in guild.channels), *(t.id for t in guild.threads)])

    async def gone(self, channel_id: int) -> None:
        """A channel or thread was deleted: nothing more goes there."""
        try:
            await self.service.refusals.remember(channel_id, "all", UNKNOWN_CHANNEL)
        except StorageError:
            logger.warning("channel %s: its deletion not remembered", channel_id, exc_info=True)

    async def interaction(self, interaction: discord.Interaction[Any]) -> None:
        """An interaction in a guild channel carries the bot's permissions there."""
        if interaction.guild_id is None or interaction.channel_id is None:
            return
        thread = isinstance(interaction.channel, discord.Thread)
        try:
            await self.service.refusals.allowed(interaction.channel_id, allows(interaction.app_permissions, thread))
        except StorageError:
            logger.warning("channel %s: refusals not looked at", interaction.channel_id, exc_info=True)
