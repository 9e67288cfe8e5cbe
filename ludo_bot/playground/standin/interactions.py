"""The interactions the stand-in dispatched: each goes to the gateway session that owns its guild (INTERACTION_CREATE),
is looked up by id and token when the bot answers (rest/callbacks.py), and fails as Discord's do when no response
came within the deadline. `InteractionRecord` is what the tests hold and wait on (`await record.response()`).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

from .broadcast import Broadcaster
from .exchanges import Interaction, Message, Response
from .settings import Settings
from .signals import Changes, Violations
from .waits import Waits


@dataclass(eq=False, repr=False, kw_only=True)
class InteractionRecord(Interaction):
    """One interaction a test made (`standin.slash`, `click`, ...), what the bot did with it, and waiting for that."""

    ledger: Interactions

    async def response(self, timeout: float = 5.0) -> Response:
        """Wait for the bot's initial response (callback) to this interaction."""
        await self.ledger.waits.wait_until(lambda: self.response_record is not None or self.failed, timeout=timeout,
                                           what=f"a response to {self!r}")
        if self.response_record is None:
            raise AssertionError(f"{self!r} was not answered within {self.ledger.settings.response_deadline} s")
        return self.response_record

    async def result(self, timeout: float = 5.0) -> Message | None:
        """Wait until the interaction's outcome is visible: the response message, or for a deferred response the
        edit of the original message / the first followup. Returns that message (None for a modal)."""
        response = await self.response(timeout=timeout)
        if response.type in (4, 7):
            return response.message
        if response.type == 9:
            return None
        edits_before = response.message.edits if response.type == 6 and response.message else 0

        def done() -> Message | None:
            if self.followups:
                return self.followups[0]
            original = self.original
            if original is None:
                return None
            if response.type == 5 and not original.loading:
                return original
            if response.type == 6 and original.edits > edits_before:
                return original
            return None

        return await self.ledger.waits.wait_until(done, timeout=timeout, what=f"the outcome of deferred {self!r}")

    async def wait_followup(self, count: int = 1, timeout: float = 5.0) -> Message:
        """Wait until the bot sent at least `count` followups; returns the `count`-th."""
        await self.ledger.waits.wait_until(lambda: len(self.followups) >= count, timeout=timeout,
                                           what=f"followup #{count} to {self!r}")
        return self.followups[count - 1]


class Interactions:
    """Every interaction dispatched (`records` by id, `by_token`), and the deadline of each first response."""

    def __init__(self, broadcaster: Broadcaster, changes: Changes, violations: Violations, waits: Waits,
                 settings: Settings) -> None:
        self.broadcaster = broadcaster
        self.changes = changes
        self.violations = violations
        self.waits = waits
        self.settings = settings
        self.records: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}

    async def dispatch(self, record: InteractionRecord) -> InteractionRecord:
        """INTERACTION_CREATE to the newest connected session that owns the record's guild; the deadline starts."""
        owners = [s for s in self.broadcaster.sessions() if s.owns_guild(record.guild_id)]
        if not owners:
            raise RuntimeError(f"no connected gateway session owns guild {record.guild_id}: is the bot running "
                               f"(with the right shards)? sessions: {self.broadcaster.sessions(connected=False)}")
        session = max(owners, key=lambda s: s.identified_at)
        self.records[record.id] = record
        self.by_token[record.token] = record
        record.shard_id = session.shard_id
        record.dispatched_at = time.monotonic()
        self._timers[record.id] = asyncio.get_running_loop().call_later(
            self.settings.response_deadline, self._deadline_passed, record)
        await session.dispatch("INTERACTION_CREATE", record.payload)
        self.changes.notify()
        return record

    def _deadline_passed(self, record: InteractionRecord) -> None:
        self._timers.pop(record.id, None)
        if record.responded:
            return
        record.failed = True
        self.violations.record("unanswered", f"{record!r} got no response within {self.settings.response_deadline} "
                               's (the user sees "This interaction failed")', interaction_id=record.id)
        self.changes.notify(record.channel_id)

    def answered(self, record: Interaction) -> None:
        """The bot's first response to `record` arrived: its deadline is off."""
        handle = self._timers.pop(record.id, None)
        if handle is not None:
            handle.cancel()
        self.changes.notify(record.channel_id)

    def stop(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
