"""What Discord refused the bot for good, per channel (`storage.refusals`), with a short copy in each process.

The outbox asks before every call outside an interaction's response (`refused`), so the answer is kept in this
process's memory for `CACHE_SECONDS`: a turn makes two or three calls in its channel within a second or two, and a
busy channel makes one Redis round trip per `CACHE_SECONDS` instead of one per call. A change another process
heard of (`forget`) reaches this one within that time; one heard here, at once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable

from ludo_bot.service.errors import Refused
from ludo_bot.service.games import Games
from ludo_bot.storage import Conflict, GameRecord, Storage, StorageUnavailable

logger = logging.getLogger(__name__)
CACHE_SECONDS = 5.0
MOVE_TRIES = 5  # a game moved to clicks is read again after a lost race, this many times in all
ALL = "all"  # the kind that refuses every request of a channel: the bot may not see it, or it is gone
KINDS = frozenset({"send", "thread", "edit", "delete", ALL})


class Refusals:
    """Remembering refusals that waiting will not change, and forgetting them when something changed."""

    def __init__(self, storage: Storage, games: Games, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.storage = storage
        self.games = games
        self.clock = clock
        self._known: dict[int, tuple[float, dict[str, int]]] = {}  # channel id -> (when read, kinds -> codes)

    async def kinds(self, channel_id: int) -> dict[str, int]:
        """The kinds of request refused in the channel, with Discord's codes (from this process's copy when fresh).
        Storage that does not answer refuses nothing: a post then asks Discord, as before any refusal."""
        known = self._known.get(channel_id)
        now = self.clock()
        if known is not None and now - known[0] < CACHE_SECONDS:
            return known[1]
        try:
            found = await self.storage.refusals.refused(channel_id)
        except StorageUnavailable as error:
            logger.warning("channel %s: refusals not read: %s", channel_id, error)
            return known[1] if known is not None else {}
        if len(self._known) > 10_000:  # a bound: the oldest copies go first
            for old in sorted(self._known, key=lambda c: self._known[c][0])[:1000]:
                del self._known[old]
        self._known[channel_id] = (now, found)
        return found

    async def refused(self, channel_id: int, kind: str) -> int | None:
        """Discord's code if a request of `kind` in the channel was refused for good (None: ask Discord). A refusal
        this process's copy holds is read again from storage before a call is dropped for it: another process may
        have heard within `CACHE_SECONDS` that it was lifted, and a delete dropped then would leave a board with
        buttons for good (the fuzz's attacker lane found it). Only channels that refused cost the extra read."""
        found = await self.kinds(channel_id)
        if not (found.get(ALL) or found.get(kind)):
            return None
        self._known.pop(channel_id, None)
        found = await self.kinds(channel_id)
        return found.get(ALL) or found.get(kind)

    async def remember(self, channel_id: int, kind: str, code: int) -> None:
        """Discord refused a request of `kind` (`ALL`: any) in the channel for good, with `code`."""
        if kind not in KINDS:
            raise ValueError(f"not a kind of request: {kind}")
        known = dict(self._known.get(channel_id, (0.0, {}))[1])
        known[kind] = code
        self._known[channel_id] = (self.clock(), known)
        try:
            await self.storage.refusals.remember(channel_id, kind, code)
        except StorageUnavailable as error:  # this process remembers it still
            logger.warning("channel %s: refusal %s (%s) not stored: %s", channel_id, kind, code, error)

    async def forget(self, channel_ids: Iterable[int]) -> None:
        """Something changed in these channels (permissions, the channel itself): ask Discord again."""
        ids = set(channel_ids)
        if not ids:
            return
        for channel_id in ids:
            self._known[channel_id] = (self.clock(), {})
        await self.storage.refusals.forget(ids)

    async def allowed(self, channel_id: int, allows: Callable[[str], bool]) -> None:
        """An interaction in the channel carried the bot's permissions there: the refusals they now allow
        (`allows(kind)`) are forgotten. Costs nothing while this process knows the channel refuses nothing."""
        found = await self.kinds(channel_id)
        if found and any(allows(kind) for kind in found):
            await self.forget([channel_id])

    async def by_clicks(self, record: GameRecord, *, gone: bool) -> GameRecord | None:
        """Discord refuses the bot the game's channel for good: the game goes on through its players' clicks alone,
        as a game delivered through interactions does (its clicks are answered by their responses, which need no
        permission in the channel; no reminders; a turn past its deadline is settled by "Time's up"), or, its
        channel `gone`, ends as abandoned (nobody can click in it). The saved game; None when it changed meanwhile
        or is no longer a channel game (nothing to do). A game moved stays so until its end: its players are told
        once, and a permission given back serves the channel's next game."""
        for attempt in range(MOVE_TRIES):  # (a click saved at the same moment: read it again and move that)
            if attempt:
                record = await self.games.load(record.id)
            if not record.active or record.delivery != "channel":
                return None
            try:
                if gone:
                    return await self.games.stop(record, status="abandoned")
                moved = record.model_copy(update={"delivery": "interaction", "reminder_at": None})
                return await self.storage.games.save_game(moved, due=self.games.due(moved))
            except Conflict:
                continue
            except Refused:
                return None
        return None
