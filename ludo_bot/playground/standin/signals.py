"""What every part of the stand-in tells the tests: that something changed (`Changes`, which wakes the waiting
helpers), and that the bot broke one of Discord's rules (`Violations`)."""

from __future__ import annotations

import asyncio
import contextlib

from .exchanges import Violation


class Changes:
    """A broadcast 'something changed' signal for the waiting helpers. A change of one channel's messages or
    interactions also wakes those waiting on that channel alone (`wait(timeout, channel_id)`: the load benchmark's
    hundreds of players, each waiting on its own game, do not all wake on every change of any channel)."""

    def __init__(self) -> None:
        self._event = asyncio.Event()
        self._channels: dict[int, asyncio.Event] = {}

    def notify(self, channel_id: int | None = None) -> None:
        self._event.set()
        self._event = asyncio.Event()
        if channel_id is not None:
            waiting = self._channels.pop(channel_id, None)
            if waiting is not None:
                waiting.set()

    async def wait(self, timeout: float, channel_id: int | None = None) -> None:
        """Until the next change (of `channel_id` only, when given) or `timeout` seconds."""
        event = self._event if channel_id is None else self._channels.setdefault(channel_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)


class Violations:
    """The breaches of Discord's rules the stand-in found (`found`, oldest first), as Discord would have refused or
    punished them; the `standin` fixture fails a test on any left over."""

    def __init__(self, changes: Changes) -> None:
        self.found: list[Violation] = []
        self._changes = changes

    def record(self, kind: str, detail: str, *, route: str | None = None, interaction_id: int | None = None) -> None:
        self.found.append(Violation(kind, detail, route, interaction_id))
        self._changes.notify()

    def take(self, kind: str | None = None) -> list[Violation]:
        """Return the recorded violations (of `kind`, or all) and forget them, so teardown does not fail on them."""
        taken = [v for v in self.found if kind is None or v.kind == kind]
        self.found[:] = [v for v in self.found if v not in taken]
        return taken
