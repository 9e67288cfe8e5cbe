"""A finished game's animated replay: drawn once and kept (`storage.replays`), drawn one at a time per process on
a thread of its own, and shared by everyone asking for it at once. No Discord here.

Drawing a replay takes about half a second of CPU for a long game (`render.replay` tells it in at most 64 frames,
keeping its decisive moves and those of its review's costliest decisions (the review is computed first when it is
not kept yet), and writes them one by one, so memory stays a few megabytes). The bot's clicks draw their boards on
asyncio's default threads; a replay never takes one of those, so a flood of replay requests queues here instead
of delaying moves. A request takes a `turn` to hold and send its GIF, a few at a time; at most `queue` requests
wait in a process at once: more are refused, with a clear answer, rather than held for minutes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor

from ludo_bot import engine
from ludo_bot.engine.actions import moves_made
from ludo_bot.engine.review import Review
from ludo_bot.render import WORDS, render_replay
from ludo_bot.service.errors import Refused
from ludo_bot.service.reviews import Reviews
from ludo_bot.service.runtime.single_flight import SingleFlight
from ludo_bot.service.seats import seat_names
from ludo_bot.service.words.i18n import language, templates
from ludo_bot.storage import GameRecord, Storage, StorageUnavailable

logger = logging.getLogger(__name__)
REPLAY_QUEUE = 100  # replay requests a process holds at once (each a game's record and log); more are refused
REPLAY_TURNS = 4  # of them, served at once: each holds its GIF (a megabyte or two) until it is sent

Job = tuple[str, str, int]  # game id, language, record version


def draw(record: GameRecord, lang: str, named: tuple[int, ...] = ()) -> bytes:
    """The replay GIF of a game loaded with its log, in `lang`, the moves `named` kept and held (CPU work: run it
    off the event loop)."""
    names = seat_names(record, lang)
    return render_replay(engine.notation.parse_rules(record.rules), record.seat_numbers, record.seed,
                         [engine.parse_action(text) for text in record.log],
                         tuple(names.get(s, "") for s in range(4)), words=templates(lang, "board.", WORDS), named=named)


def reviewed_moves(record: GameRecord, review: Review | None) -> tuple[int, ...]:
    """The moves of the costliest decisions of a game's review (none without one), numbered as the replay's frames:
    the replay keeps them, so that a player finds there the moves the review names."""
    if review is None:
        return ()
    made = moves_made(record.log)
    return tuple(sorted({d.move(made) for player in review.players for d in player.costliest}))


class Replays:
    """Replay GIFs: kept ones read from storage, missing ones drawn on this process's one replay thread."""

    def __init__(self, storage: Storage, *, reviews: Reviews | None = None, queue: int = REPLAY_QUEUE,
                 turns: int = REPLAY_TURNS) -> None:
        self.storage = storage
        self.reviews = reviews
        self.queue = queue
        self._turns = asyncio.Semaphore(turns)
        self._held = 0
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ludo-replay")
        self._jobs: SingleFlight[bytes] = SingleFlight("replay")
        self._closed = False

    def check(self) -> None:
        """`Refused` while `queue` replay requests are in this process (or it is stopping): asked before an answer
        is deferred too, so that the refusal stays private."""
        if self._held >= self.queue or self._closed:
            raise Refused("refused.replays_busy")

    @contextlib.asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """A replay request's turn to hold a GIF (`gif`) and send it: at most `turns` at once, so that a flood holds
        a few GIFs, not one per request; `Refused` when `queue` requests are in already."""
        self.check()
        self._held += 1
        try:
            async with self._turns:
                yield
        finally:
            self._held -= 1

    async def gif(self, record: GameRecord, locale: str | None) -> bytes:
        """The replay of a finished game (loaded with its log) in `locale`'s language: the kept one, or drawn now
        and kept. Asking for a replay another request is reading or drawing waits for that one (call it in a `turn`).
        """
        lang = language(locale)
        job: Job = (record.id, lang, record.version)
        if self._closed and not self._jobs.has(job):
            raise Refused("refused.replays_busy")
        return await self._jobs.result(job, lambda: self._kept_or_drawn(record, lang))

    async def _kept_or_drawn(self, record: GameRecord, lang: str) -> bytes:
        kept = await self.storage.replays.get(record.id, lang, record.version)
        if kept is not None:
            return kept
        named = reviewed_moves(record, await self._review(record))
        started = time.monotonic()
        gif = await asyncio.get_running_loop().run_in_executor(self._thread, draw, record, lang, named)
        logger.info("game %s: replay drawn in %.2f s (%d actions, %d KB)", record.id, time.monotonic() - started,
                    record.log_length, len(gif) // 1024)
        try:
            await self.storage.replays.put(record.id, lang, record.version, gif)
        except StorageUnavailable as error:  # it is drawn: answer with it, draw it again next time
            logger.warning("game %s: replay not kept: %s", record.id, error)
        return gif

    async def _review(self, record: GameRecord) -> Review | None:
        """The game's review (kept, or computed now: a replay is drawn once), or None: without `reviews`, while too
        many are computed, or when it fails (the replay is drawn without its decisions rather than not at all)."""
        if self.reviews is None:
            return None
        try:
            return await self.reviews.review(record)
        except Refused:
            return None
        except Exception:  # (logged; the replay does not depend on it)
            logger.warning("game %s: no review for its replay", record.id, exc_info=True)
            return None

    async def close(self) -> None:
        """Stop: replays being read or drawn are dropped (a drawing under way ends on its own), later ones refused."""
        self._closed = True
        await self._jobs.cancel(5.0)
        self._thread.shutdown(wait=False, cancel_futures=True)
