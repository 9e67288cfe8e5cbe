"""Discord calls that are not an interaction's response: coalesced, most urgent first, paced at the wire.

Discord lets a bot token make 50 requests a second across the API, and bounds each route per resource (5 new
messages and 5 edits per 5 s in a channel, 5 deletes per second); the interaction callback is exempt from the
global limit. So a click is answered by its callback alone, and everything else goes through here:
- `bot.plumbing.pacing.Gate`: every request of the process but interaction callbacks waits for a slot of the process's
  share of the global limit just before it goes out (an aiohttp trace hook that discord.py awaits), most urgent
  first. It paces at the wire: discord.py may hold a request back for a route's bucket after the outbox let it go;
- `Outbox`: a few of its calls are under way at once (`IN_FLIGHT`), most urgent first: a message that tells a
  player it is their turn before an edit, an edit before a delete; an edit or delete still waiting is replaced
  by a newer one for the same message (only the newest version of a message is sent; a delete wins over edits);
- discord.py itself waits when a route's bucket is empty and retries a 429 after `retry_after`; a request that
  still fails with 429 or a server error is tried again later (`RETRIES` times), one that Discord refuses for
  good (the message is gone, a permission is missing) is logged and dropped;
- a refusal of the channel itself (`bot.plumbing.refusals.lasting`: no access, a permission missing, the channel gone)
  is remembered for the channel, and later requests of that kind there are answered here (`ChannelRefused`, sends) or
  dropped (edits, deletes) without asking Discord until something changes; the gate counts the refused responses and
  slows the calls that answer nobody as they grow (`bot.plumbing.refusals.RefusedCount`).
What waits here lives in this process's memory only: a process that dies loses its pending edits and deletes,
which leaves an old message with stale buttons (a click on one says the game moved on, or posts the game anew).
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord

from ludo_bot.bot.plumbing.pacing import DELETE, EDIT, PRIORITY, SEND
from ludo_bot.bot.plumbing.refusals import MISSING_PERMISSIONS, UNKNOWN_CHANNEL, ChannelRefused, lasting
from ludo_bot.service import StorageUnavailable
from ludo_bot.service.refusals import Refusals

logger = logging.getLogger(__name__)
T = TypeVar("T")

# outbox calls under way at once: the rest wait in the outbox, where newer versions replace them. discord.py
# holds the call that empties a route's bucket until the bucket's window ends (up to 5 s for new messages), so a
# few calls in flight must not be all there is
IN_FLIGHT = 8
BULK = 100  # messages one bulk delete takes at most (Discord's limit)
BULK_AGE = 13 * 24 * 3600.0  # seconds: Discord bulk-deletes messages under 14 days old only
RETRIES = 5
RETRY_AFTER = 1.0  # seconds before a failed call is tried again (doubled each time)
TRANSIENT = (429, 500, 502, 503, 504)


class Slots:
    """At most `size` holders at once, handed out by priority, then in order."""

    def __init__(self, size: int) -> None:
        self.free = size
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    async def take(self, priority: int) -> None:
        if self.free > 0 and not self._waiting:
            self.free -= 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), future))
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.give()  # handed over as it was cancelled: pass it on
            raise

    def give(self) -> None:
        while self._waiting:
            _, _, future = heapq.heappop(self._waiting)
            if not future.done():
                future.set_result(None)
                return
        self.free += 1


@dataclass(slots=True)
class _Pending:
    """The newest change waiting for one message (`bulk`: a delete that may go with others of its channel)."""

    priority: int
    call: Callable[[], Awaitable[Any]]
    channel_id: int
    bulk: bool = False
    tries: int = 0
    done: list[asyncio.Future[None]] = field(default_factory=list)


class Outbox:
    """This process's Discord calls outside interaction responses (see the module docstring)."""

    def __init__(self, client: discord.Client, in_flight: int = IN_FLIGHT, *,
                 refusals: Refusals | None = None) -> None:
        self.client = client
        self.refusals = refusals  # what Discord refused for good, per channel (None: nothing remembered)
        # told of each refusal remembered (the channel, the kind refused, whether the channel is gone): the live
        # messages move the channel's game to clicks at once (`LiveMessages.channel_refused`)
        self.on_refused: Callable[[int, str, bool], Awaitable[None]] | None = None
        self.slots = Slots(in_flight)
        self._pending: dict[int, _Pending] = {}  # by message id
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._others: set[asyncio.Task[Any]] = set()

    async def call(self, priority: int, request: Callable[[], Awaitable[T]], *, channel_id: int | None = None,
                   kind: str = "send") -> T:
        """Make one request in its turn (e.g. a new message whose id the caller needs), tried again after a 429
        or a server error; other errors are the caller's. With `channel_id`, a request of a `kind` ("send",
        "thread") Discord refused there for good is not made: `ChannelRefused`, also for the refusal that tells."""
        for attempt in itertools.count():
            if channel_id is not None:
                await self._refused(channel_id, kind)
            await self.slots.take(priority)
            token = PRIORITY.set(priority)
            try:
                return await request()
            except discord.HTTPException as error:
                if channel_id is not None and await self._noted(channel_id, kind, error):
                    raise ChannelRefused(channel_id, error.code) from error
                if error.status not in TRANSIENT or attempt + 1 >= RETRIES:
                    raise
                logger.warning("discord call failed (%s), again in %.1f s", error.status, RETRY_AFTER * 2 ** attempt)
            finally:
                PRIORITY.reset(token)
                self.slots.give()
            await asyncio.sleep(RETRY_AFTER * 2 ** attempt)
        raise AssertionError("unreachable")

    def send(self, channel_id: int, fields: Callable[[], dict[str, Any]]) -> Awaitable[discord.Message]:
        """A new message in a channel (most urgent: it tells someone something); `fields()` gives discord.py's
        send arguments (called for every try, so that files are fresh)."""
        channel = self.client.get_partial_messageable(channel_id)
        return self.call(SEND, lambda: channel.send(**fields()), channel_id=channel_id)

    def edit(self, channel_id: int, message_id: int, fields: Callable[[], dict[str, Any]]) -> asyncio.Future[None]:
        """Change a message; `fields()` gives discord.py's edit arguments (called at sending time, so that files
        are fresh). Replaces an edit of the same message still waiting. The future completes once it is sent,
        replaced or dropped."""
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        return self._put(message_id, EDIT, lambda: message.edit(**fields()), channel_id=channel_id)

    def delete(self, channel_id: int, message_id: int, *, bulk: bool = False) -> asyncio.Future[None]:
        """Delete a message (replaces any change of it still waiting). With `bulk` (the bot may manage messages in
        the channel), the deletes of the channel waiting then go out as one request: under load, old boards are
        removed many at a time instead of lagging behind one request each."""
        message = self.client.get_partial_messageable(channel_id).get_partial_message(message_id)
        return self._put(message_id, DELETE, message.delete, channel_id=channel_id, bulk=bulk)

    def _put(self, message_id: int, priority: int, call: Callable[[], Awaitable[Any]], *, channel_id: int,
             bulk: bool = False) -> asyncio.Future[None]:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiting = self._pending.get(message_id)
        if waiting is not None and waiting.priority == DELETE and priority != DELETE:
            done.set_result(None)  # the message is being deleted: nothing to change any more
            return done
        self._pending[message_id] = _Pending(priority, call, channel_id, bulk,
                                             done=[*(waiting.done if waiting else []), done])
        if message_id not in self._tasks:
            task = asyncio.create_task(self._run(message_id), name=f"ludo-outbox-{message_id}")
            self._tasks[message_id] = task
        return done

    async def _run(self, message_id: int) -> None:
        try:
            while message_id in self._pending:
                retry = await self._next(message_id)
                if retry:
                    await asyncio.sleep(retry)
        finally:
            self._tasks.pop(message_id, None)
            left = self._pending.pop(message_id, None)  # (cancelled at shutdown)
            for future in left.done if left else []:
                future.cancel()

    async def _next(self, message_id: int) -> float:
        """Send the newest change waiting for a message; seconds to wait before trying it again, or 0."""
        first = self._pending[message_id]
        try:
            await self._refused(first.channel_id, _kind(first))
        except ChannelRefused:  # dropped without asking (and whatever replaced it meanwhile: the same channel)
            dropped = self._pending.pop(message_id, None)
            for future in dropped.done if dropped else []:
                if not future.done():
                    future.set_result(None)
            return 0.0
        waiting = self._pending.get(message_id)  # (taken into another's bulk delete meanwhile: nothing left)
        if waiting is None:
            return 0.0
        await self.slots.take(waiting.priority)
        pending = self._pending.pop(message_id, None)
        together: dict[int, _Pending] = {}
        try:
            if pending is None:
                return 0.0
            PRIORITY.set(pending.priority)  # (this task's own context: the gate reads it)
            together = self._bulk_with(message_id, pending)
            if together:
                await self.client.http.delete_messages(pending.channel_id, [message_id, *together])
                for other in together.values():
                    pending.done.extend(other.done)
            else:
                await pending.call()
        except discord.Forbidden as refused:
            assert pending is not None
            if not together or refused.code != MISSING_PERMISSIONS:
                await self._noted(pending.channel_id, _kind(pending), refused)
            if not together:
                logger.warning("message %s: change dropped: %s", message_id, refused)
            else:  # no bulk deletes here after all: one at a time
                for other_id, other in [(message_id, pending), *together.items()]:
                    self._put(other_id, DELETE, other.call, channel_id=other.channel_id)
                    self._pending[other_id].done.extend(other.done)
                return 0.0
        except discord.HTTPException as error:
            assert pending is not None
            if error.status in TRANSIENT and pending.tries + 1 < RETRIES and message_id not in self._pending:
                pending.tries += 1
                self._pending[message_id] = pending
                return float(RETRY_AFTER * 2**pending.tries)
            await self._noted(pending.channel_id, _kind(pending), error)
            if error.status != 404:  # (404: the message is gone already, nothing left to change)
                logger.warning("message %s: %s dropped: %s", message_id,
                               "delete" if pending.priority == DELETE else "edit", error)
        except Exception:
            logger.exception("message %s: a change failed", message_id)
        finally:
            self.slots.give()
        for future in pending.done if pending else []:
            if not future.done():
                future.set_result(None)
        return 0.0

    async def _refused(self, channel_id: int, kind: str) -> None:
        """`ChannelRefused` if Discord refused requests of `kind` in the channel for good."""
        code = None if self.refusals is None else await self.refusals.refused(channel_id, kind)
        if code is not None:
            raise ChannelRefused(channel_id, code)

    async def _noted(self, channel_id: int, kind: str, error: discord.HTTPException) -> bool:
        """Remember a refusal of the channel that waiting will not change; whether it was one."""
        remembered = lasting(error, kind)
        if remembered is None or self.refusals is None or isinstance(error, ChannelRefused):
            return remembered is not None
        logger.warning("channel %s: Discord refuses the bot (%s), not asked again until something changes: %s",
                       channel_id, remembered, error)
        await self.refusals.remember(channel_id, remembered, error.code)
        if self.on_refused is not None:
            self.later(self.on_refused(channel_id, remembered, error.code == UNKNOWN_CHANNEL))
        return True

    def _bulk_with(self, message_id: int, pending: _Pending) -> dict[int, _Pending]:
        """The other deletes waiting in the channel of a bulk delete, taken out of the queue (at most 99 more;
        only messages under 14 days old, as Discord's bulk delete allows)."""
        if pending.priority != DELETE or not pending.bulk or not _young(message_id):
            return {}
        found = [other for other, waiting in self._pending.items()
                 if waiting.priority == DELETE and waiting.bulk and waiting.channel_id == pending.channel_id
                 and _young(other)][:BULK - 1]
        return {other: self._pending.pop(other) for other in found}

    def later(self, work: Awaitable[Any]) -> None:
        """Run `work` after the caller returns (errors logged); `drain` waits for it, `close` ends it."""
        async def run() -> None:
            try:
                await work
            except asyncio.CancelledError:
                raise
            except (StorageUnavailable, discord.HTTPException) as error:  # an outage: the next click repairs it
                logger.warning("a step after an answer failed: %r", error)
            except Exception:
                logger.exception("a step after an answer failed")

        task = asyncio.create_task(run())
        self._others.add(task)
        task.add_done_callback(self._others.discard)

    @property
    def busy(self) -> bool:
        return bool(self._tasks or self._others)

    async def drain(self, timeout: float) -> None:
        """Wait (at most `timeout` seconds) until nothing is pending."""
        deadline = time.monotonic() + timeout
        while self.busy and time.monotonic() < deadline:
            await asyncio.wait([*self._tasks.values(), *self._others], timeout=deadline - time.monotonic())

    async def close(self, timeout: float) -> None:
        """Send what is pending (at most `timeout` seconds), then stop."""
        await self.drain(timeout)
        for task in [*self._tasks.values(), *self._others]:
            task.cancel()
        await asyncio.gather(*self._tasks.values(), *self._others, return_exceptions=True)


def _kind(pending: _Pending) -> str:
    """The kind of request a waiting change is (`bot.plumbing.refusals`)."""
    return "delete" if pending.priority == DELETE else "edit"


def _young(message_id: int) -> bool:
    """True for a message young enough for a bulk delete (its id tells when it was made)."""
    return time.time() - discord.utils.snowflake_time(message_id).timestamp() < BULK_AGE
