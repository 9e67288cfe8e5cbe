"""The tests' waiting: until a condition holds (re-checked on every change of the world), a message appears, a
message is edited, or the bots' gateway sessions are ready. An interaction's own waits (`record.response()`, ...)
are in interactions.py."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from .broadcast import Broadcaster
from .exchanges import Message
from .gateway import GatewaySession
from .records import Channel
from .signals import Changes, Violations
from .world import World

T = TypeVar("T")


class Waits:
    """The tests' waits, woken by every change."""

    def __init__(self, changes: Changes, violations: Violations, world: World, broadcaster: Broadcaster) -> None:
        self.changes = changes
        self.violations = violations
        self.world = world
        self.broadcaster = broadcaster

    async def wait_until(self, condition: Callable[[], T | None], *, timeout: float = 5.0,
                         what: str = "a condition") -> T:
        """Wait until `condition()` returns something truthy (re-checked on every change); return it."""
        deadline = time.monotonic() + timeout
        while True:
            result = condition()
            if result:
                return result
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out after {timeout} s waiting for {what}; violations: "
                                     f"{[str(v) for v in self.violations.found]}")
            await self.changes.wait(min(left, 0.25))

    async def wait_for_message(self, channel: Channel | int, predicate: Callable[[Message], bool] | None = None, *,
                               timeout: float = 5.0, include_existing: bool = False,
                               include_ephemeral: bool = False) -> Message:
        """Wait for a message in `channel` (created after this call unless include_existing) that satisfies
        `predicate` in its current state (later edits count)."""
        world = self.world
        target = world.resolve_channel(channel)
        known = set() if include_existing else {m.id for m in world.messages(target, include_ephemeral=True,
                                                                             include_deleted=True)}

        def find() -> Message | None:
            for message in world.messages(target, include_ephemeral=include_ephemeral):
                if message.id not in known and not message.loading and (predicate is None or predicate(message)):
                    return message
            return None

        return await self.wait_until(find, timeout=timeout, what=f"a message in {target!r}; messages now: "
                                     f"{world.messages(target)}")

    async def wait_for_edit(self, message: Message, predicate: Callable[[Message], bool] | None = None, *,
                            timeout: float = 5.0) -> Message:
        """Wait until `message` is edited (after this call) and satisfies `predicate`."""
        edits = message.edits
        return await self.wait_until(
            lambda: message if message.edits > edits and (predicate is None or predicate(message)) else None,
            timeout=timeout, what=f"an edit of {message!r}")

    async def wait_for_sessions(self, count: int = 1, timeout: float = 5.0) -> list[GatewaySession]:
        """Wait until `count` gateway sessions are connected and have received READY."""
        sessions = self.broadcaster.sessions
        return await self.wait_until(lambda: (live if len(live := sessions()) >= count else None),
                                     timeout=timeout, what=f"{count} gateway session(s)")
