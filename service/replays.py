"""A finished game's animated replay: drawn once and kept (`storage.replays`), drawn one at a time per process on
a thread of its own, and shared by everyone asking for it at once. No Discord here.

Drawing a replay takes about half a second of CPU for a long game (`render.replay` samples it to at most 200
frames and writes them one by one, so memory stays a few megabytes). The bot's clicks draw their boards on
asyncio's default threads; a replay never takes one of those, so a flood of replay requests queues here instead
of delaying moves. At most `queue` different replays wait in a process at once: more are refused, with a clear
answer, rather than held for minutes.
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor

import engine
from render import WORDS, render_replay
from service.errors import Refused
from service.i18n import language, templates
from service.seats import seat_names
from storage import GameRecord, Storage, StorageUnavailable

logger = logging.getLogger(__name__)
REPLAY_QUEUE = 8  # different replays a process reads or draws at once (one draws, the others wait their turn)

Job = tuple[str, str, int]  # game id, language, record version


def draw(record: GameRecord, lang: str) -> bytes:
    """The replay GIF of a game loaded with its log, in `lang` (CPU work: run it off the event loop)."""
    names = seat_names(record, lang)
    return render_replay(engine.notation.parse_rules(record.rules), record.seat_numbers, record.seed,
                         [engine.parse_action(text) for text in record.log],
                         tuple(names.get(s, "") for s in range(4)), words=templates(lang, "board.", WORDS))


class Replays:
    """Replay GIFs: kept ones read from storage, missing ones drawn on this process's one replay thread."""

    def __init__(self, storage: Storage, *, queue: int = REPLAY_QUEUE) -> None:
        self.storage = storage
        self.queue = queue
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludo-replay")
        self._jobs: dict[Job, asyncio.Task[bytes]] = {}
        self._closed = False

    async def gif(self, record: GameRecord, locale: str | None) -> bytes:
        """The replay of a finished game (loaded with its log) in `locale`'s language: the kept one, or drawn now
        and kept. Asking for a replay another request is reading or drawing waits for that one. `Refused` while
        `queue` other replays are being read or drawn in this process."""
        lang = language(locale)
        job: Job = (record.id, lang, record.version)
        task = self._jobs.get(job)
        if task is None:
            if len(self._jobs) >= self.queue or self._closed:  # (closed: the process is stopping)
                raise Refused("refused.replays_busy")
            task = asyncio.create_task(self._kept_or_drawn(record, lang), name=f"ludo-replay-{record.id}")
            self._jobs[job] = task
            task.add_done_callback(lambda done: self._finished(job, done))
        return await asyncio.shield(task)  # one asker going away does not stop the others' replay

    async def _kept_or_drawn(self, record: GameRecord, lang: str) -> bytes:
        kept = await self.storage.replays.get(record.id, lang, record.version)
        if kept is not None:
            return kept
        started = time.monotonic()
        gif = await asyncio.get_running_loop().run_in_executor(self._thread, draw, record, lang)
        logger.info("game %s: replay drawn in %.2f s (%d actions, %d KB)", record.id, time.monotonic() - started,
                    record.log_length, len(gif) // 1024)
        try:
            await self.storage.replays.put(record.id, lang, record.version, gif)
        except StorageUnavailable as error:  # it is drawn: answer with it, draw it again next time
            logger.warning("game %s: replay not kept: %s", record.id, error)
        return gif

    def _finished(self, job: Job, task: asyncio.Task[bytes]) -> None:
        self._jobs.pop(job, None)
        if not task.cancelled():
            task.exception()  # read, so that a failure nobody waited for any more is not reported as unread

    async def close(self) -> None:
        """Stop: replays being read or drawn are dropped (a drawing under way ends on its own), later ones refused."""
        self._closed = True
        for task in list(self._jobs.values()):
            task.cancel()
        if self._jobs:
            await asyncio.wait(list(self._jobs.values()), timeout=5.0)
        self._thread.shutdown(wait=False, cancel_futures=True)
