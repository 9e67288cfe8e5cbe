"""Work too heavy for the event loop, done in worker processes: an AI level that thinks (master) and game reviews.

The processes start on first use (a bot that never sees a master seat or a review starts none), with the `spawn`
method: a bot process holds threads (drawing, replays, aiohttp's resolver), which a forked child would copy
half-locked. The jobs are plain engine functions on texts, so a child imports the engine and nothing else of the
bot. A pool whose process died (killed, out of memory) is replaced at the next job, and that job is tried once more.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

logger = logging.getLogger(__name__)
T = TypeVar("T")
WORKERS = 2  # processes per pool: the machines we run on have two cores or more


class ProcessPool:
    """One lazily started process pool (`run` a function in it)."""

    def __init__(self, name: str, workers: int = WORKERS) -> None:
        self.name = name
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def run(self, work: Callable[..., T], *args: object) -> T:
        """`work(*args)` in a worker process (`work` and `args` must pickle: module-level functions, texts)."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool = self._started()
            try:
                return await loop.run_in_executor(pool, work, *args)
            except BrokenProcessPool:
                logger.warning("%s pool: a worker process died (attempt %d); starting a new pool", self.name, attempt)
                if self._pool is pool:
                    self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def close(self) -> None:
        """Stop the processes (jobs under way are dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
