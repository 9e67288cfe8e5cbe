"""Answering for a bot process that died: the clicks it had received and not answered yet.

Discord gives an interaction to one gateway session only, and the answer must come within 3 seconds. So every
process files each button click it claims in its inbox in Redis (the gateway payload, in the claim's round trip)
and takes it out once answered, and beats every `BEAT_EVERY` seconds. When a process's beat stops for
`DEAD_AFTER` seconds (a kill -9, a lost machine), one other process adopts it: it gets the unanswered clicks
and handles each as if Discord had sent it there (the answer goes through the interaction's token, which any
process may use), if there is still time to answer it.

No Discord import: the payloads are plain gateway JSON, handed to a `dispatch` callable of the adapter.
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from storage import Storage, StorageError, StorageUnavailable

logger = logging.getLogger(__name__)
BEAT_EVERY = 0.25  # seconds between two beats of a process
DEAD_AFTER = 1.5  # seconds without a beat after which a process is adopted
ANSWER_WITHIN = 2.6  # seconds from its creation within which an adopted click can still be answered
DISCORD_EPOCH_MS = 1420070400000
KEPT = 2000  # payloads waiting for their handler at most (the rest were not ours to file)


def created(interaction_id: int) -> float:
    """When Discord created an interaction (epoch seconds), from its snowflake id."""
    return ((interaction_id >> 22) + DISCORD_EPOCH_MS) / 1000


class Takeover:
    """This process's inbox and beat, and its adoption of dead processes."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.inboxes = storage.inboxes
        self.instance = secrets.token_hex(6)  # a new one per start: a restarted process is another instance
        self._payloads: collections.OrderedDict[int, str] = collections.OrderedDict()
        self._filed: set[int] = set()
        self._answered: set[int] = set()  # out of the inbox with the next beat
        self.adopted: set[int] = set()

    def received(self, payload: dict[str, Any]) -> None:
        """A gateway INTERACTION_CREATE: keep the payload of a click on one of our buttons until it is claimed."""
        if payload.get("type") == 3 and str(payload.get("data", {}).get("custom_id", "")).startswith("ludo:"):
            self._payloads[int(payload["id"])] = json.dumps(payload, separators=(",", ":"))
            while len(self._payloads) > KEPT:
                self._payloads.popitem(last=False)

    async def claim(self, interaction_id: int) -> bool:
        """True for the one process that handles this interaction; a click is filed in this process's inbox."""
        if interaction_id in self.adopted:
            return True
        payload = self._payloads.pop(interaction_id, None)
        if payload is None:
            return await self.storage.claim_interaction(interaction_id)  # not a click of ours: nothing to file
        claimed = await self.inboxes.claim(self.instance, interaction_id, payload)
        if claimed:
            self._filed.add(interaction_id)
        return claimed

    async def file(self, interaction_id: int) -> None:
        """File a click in this process's inbox, claimed elsewhere (a game click is claimed with its game's load,
        `service.games`); nothing for a click that is not ours or was adopted."""
        payload = self._payloads.pop(interaction_id, None)
        if payload is None or interaction_id in self.adopted:
            return
        await self.inboxes.file(self.instance, interaction_id, payload)
        self._filed.add(interaction_id)

    async def unfile(self, interaction_id: int) -> None:
        """Another process claimed a click filed here: out of the inbox at once."""
        if interaction_id in self._filed:
            self._filed.discard(interaction_id)
            await self.inboxes.unfile(self.instance, interaction_id)

    def done(self, interaction_id: int) -> None:
        """The handler of an interaction ended: out of the inbox with the next beat (not a round trip per click;
        an adopter that finds an answered click first defers it, which Discord refuses as answered, and leaves
        it alone)."""
        self.adopted.discard(interaction_id)
        if interaction_id in self._filed:
            self._filed.discard(interaction_id)
            self._answered.add(interaction_id)

    async def run(self, dispatch: Callable[[dict[str, Any]], None]) -> None:
        """Beat, and adopt dead processes, handing each of their clicks that can still be answered to
        `dispatch`; for as long as the bot runs."""
        beating_since: float | None = None  # since when this process's beats land without a break
        while True:
            try:
                now = time.time()
                answered, self._answered = self._answered, set()
                try:
                    await self.inboxes.beat(self.instance, now, answered)
                except StorageUnavailable:
                    self._answered |= answered  # out with a later beat
                    raise
                beating_since = beating_since or now
                # only a process that could beat all along judges another silent (after a storage outage,
                # nobody could beat: the others get the time to beat again first)
                adopted = [] if now - beating_since < DEAD_AFTER else await self.inboxes.adopt(
                    self.instance, now, DEAD_AFTER)
                for text in adopted:
                    self._answer_for_the_dead(text, dispatch)
            except StorageUnavailable as error:
                beating_since = None
                logger.warning("process beat: %s", error)
            await asyncio.sleep(BEAT_EVERY)

    def _answer_for_the_dead(self, text: str, dispatch: Callable[[dict[str, Any]], None]) -> None:
        try:
            payload = json.loads(text)
            interaction_id = int(payload["id"])
        except (ValueError, KeyError, TypeError):
            logger.warning("an unreadable interaction in a dead process's inbox: %.200r", text)
            return
        age = time.time() - created(interaction_id)
        if age > ANSWER_WITHIN:
            logger.warning("interaction %s of a dead process is %.1f s old: too late to answer", interaction_id, age)
            return
        logger.warning("answering interaction %s of a dead process (%.1f s old)", interaction_id, age)
        self.adopted.add(interaction_id)
        try:
            dispatch(payload)
        except Exception:  # one bad payload must not stop the beat
            self.adopted.discard(interaction_id)
            logger.exception("interaction %s of a dead process could not be handled", interaction_id)

    async def leave(self) -> None:
        """A clean stop (after the handlers ended): no one is to adopt this process."""
        try:
            await self.inboxes.leave(self.instance)
        except StorageError as error:
            logger.warning("could not leave the process list: %s", error)
