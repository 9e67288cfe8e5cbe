"""Answering for a bot process that died: the clicks it had received and not answered yet.

Discord gives an interaction to one gateway session only, and the answer must come within 3 seconds. So every
process files each button click it claims in the clicked game's inbox in Redis (the gateway payload, in the claim's
own step: `storage.interactions`), and beats every `BEAT_EVERY` seconds. When a process's beat stops for
`DEAD_AFTER` seconds (a kill -9, a lost machine), one other process adopts it: it gets the unanswered clicks
and handles each as if Discord had sent it there (the answer goes through the interaction's token, which any
process may use), if there is still time to answer it. An answered click leaves the inbox with the next claim on
its game (no round trip of its own); an adopter that finds one first defers it, which Discord refuses as
answered, and leaves it alone.

No Discord import: the payloads are plain gateway JSON, handed to a `dispatch` callable of the adapter.
"""

from __future__ import annotations

import collections
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import orjson

from ludo_bot.service.runtime.workers import PolledWorker, Polling, Pulse
from ludo_bot.storage import NotFound, Storage, StorageError
from ludo_bot.storage.interactions import REGISTER_EVERY, Filing

logger = logging.getLogger(__name__)
T = TypeVar("T")
BEAT_EVERY = 0.25  # seconds between two beats of a process
BEAT = Polling(idle=BEAT_EVERY, backoff_first=BEAT_EVERY, backoff_cap=1.0, stale_after=30.0)  # the beat's timings:
# while storage fails, from BEAT_EVERY doubling to a second at most (the beat must come back soon after Redis does);
# dead after 30 s without a beat that landed
DEAD_AFTER = 1.5  # seconds without a beat after which a process is adopted
ANSWER_WITHIN = 2.6  # seconds from its creation within which an adopted click can still be answered
DISCORD_EPOCH_MS = 1420070400000
KEPT = 2000  # payloads waiting for their handler at most (the rest were not ours to file), and games remembered
TRIM_EVERY = 40  # beats between two trims of the process's registry of games


def created(interaction_id: int) -> float:
    """When Discord created an interaction (epoch seconds), from its snowflake id."""
    return ((interaction_id >> 22) + DISCORD_EPOCH_MS) / 1000


class Takeover:
    """This process's filing of clicks, its beat, and its adoption of dead processes."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.inboxes = storage.inboxes
        self.instance = secrets.token_hex(6)  # a new one per start: a restarted process is another instance
        self._payloads: collections.OrderedDict[int, str] = collections.OrderedDict()
        self._filed: dict[int, str] = {}  # interaction id -> the game whose inbox holds it
        self._answered: collections.OrderedDict[str, list[int]] = collections.OrderedDict()  # per game, out of
        # its inbox with the next claim there
        self._registered: collections.OrderedDict[str, float] = collections.OrderedDict()  # game -> when
        self.adopted: set[int] = set()
        self._beats = 0
        self._beating_since: float | None = None  # since when this process's beats land without a break

    def received(self, payload: dict[str, Any]) -> None:
        """A gateway INTERACTION_CREATE: keep the payload of a click on one of our buttons until it is claimed."""
        if payload.get("type") == 3 and str(payload.get("data", {}).get("custom_id", "")).startswith("ludo:"):
            self._payloads[int(payload["id"])] = orjson.dumps(payload).decode()  # (a tenth of json.dumps' time)
            while len(self._payloads) > KEPT:
                self._payloads.popitem(last=False)

    async def claim(self, interaction_id: int, game_id: str | None = None) -> bool:
        """True for the one process that handles this interaction. A click on a game's (or lobby's) buttons is
        claimed and filed in its game's inbox; other interactions are claimed on their own. (A move is claimed
        with its game's load: `service.games`, through `claim_with`.)"""
        if interaction_id in self.adopted:
            return True
        if game_id is None:
            return await self.storage.claim_interaction(interaction_id)
        found = await self.claim_with(interaction_id, game_id, lambda filing, now: self.inboxes.claim(
            game_id, interaction_id, now=now, filing=filing))
        return found is not None

    async def claim_with(self, interaction_id: int, game_id: str,
                         claim: Callable[[Filing | None, float], Awaitable[T | None]]) -> T | None:
        """Run a storage step that claims a click on a game's buttons and files it (`claim(filing, now)`, None
        when another process has the click), with what this process files: the payload, the game's registration
        when due, its clicks on the game answered since."""
        now = time.time()
        payload = self._payloads.pop(interaction_id, None)
        register = now - self._registered.get(game_id, 0.0) > REGISTER_EVERY
        filing = None if payload is None else Filing(self.instance, payload, register,
                                                      tuple(self._answered.pop(game_id, ())))
        try:
            found = await claim(filing, now)
        except NotFound:  # claimed and filed, and then no game there: answered as such, so out as answered
            self._landed(interaction_id, game_id, filing, now, claimed=True)
            raise
        except StorageError:  # unknown: the answered ids go with a later claim
            if filing is not None and filing.answered:
                self._answered.setdefault(game_id, []).extend(filing.answered)
            raise
        self._landed(interaction_id, game_id, filing, now, claimed=found is not None)
        return found

    def _landed(self, interaction_id: int, game_id: str, filing: Filing | None, now: float, *, claimed: bool) -> None:
        """The claim that carried `filing` ran: the click is filed here if this process claimed it, and the game
        registered if the filing registered it."""
        if filing is None:
            return
        if claimed:
            self._filed[interaction_id] = game_id
        if filing.register:
            self._registered[game_id] = now
            self._registered.move_to_end(game_id)
            while len(self._registered) > KEPT:
                self._registered.popitem(last=False)

    def done(self, interaction_id: int) -> None:
        """The handler of an interaction ended: out of its game's inbox with the next claim there."""
        self.adopted.discard(interaction_id)
        game_id = self._filed.pop(interaction_id, None)
        if game_id is not None:
            self._answered.setdefault(game_id, []).append(interaction_id)
            self._answered.move_to_end(game_id)
            while len(self._answered) > KEPT:  # (an inbox entry leaves by age too)
                self._answered.popitem(last=False)

    def start_beating(self) -> None:
        """The beat's loop (re)starts: it judges no other process silent before its own beats landed for a while."""
        self._beats = 0
        self._beating_since = None

    async def beat(self, dispatch: Callable[[dict[str, Any]], None]) -> None:
        """One beat, and the adoption of dead processes, handing each of their clicks that can still be answered to
        `dispatch` (`Beat` beats every `BEAT_EVERY` seconds). A storage error is raised, for the loop's backoff."""
        try:
            now = time.time()
            self._beats += 1
            seen = await self.inboxes.beat(self.instance, now)
            if self._beats % TRIM_EVERY == 0:
                await self.inboxes.trim(self.instance, now)
            self._beating_since = self._beating_since or now
            # only a process that could beat all along judges another silent (after a storage outage,
            # nobody could beat: the others get the time to beat again first)
            adopted = [] if now - self._beating_since < DEAD_AFTER else await self.inboxes.adopt(
                self.instance, now, DEAD_AFTER, seen)
            for text in adopted:
                self._answer_for_the_dead(text, dispatch)
        except StorageError:
            self._beating_since = None
            raise

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


class Beat(PolledWorker):
    """The takeover's worker: this process's beat and adoptions (`Takeover.beat`), every `polling.idle` seconds for
    as long as the bot runs; after a storage error, from `polling.backoff_first` doubling to `polling.backoff_cap`
    at most (the beat must come back soon after Redis does)."""

    name = "beat"

    def __init__(self, takeover: Takeover, dispatch: Callable[[dict[str, Any]], None], polling: Polling = BEAT) -> None:
        super().__init__(time.time, polling)
        self.takeover = takeover
        self.dispatch = dispatch

    async def run(self, pulse: Pulse | None = None) -> None:
        self.takeover.start_beating()  # (a loop started again after a crash too)
        await super().run(pulse)

    async def step(self) -> None:
        await self.takeover.beat(self.dispatch)
