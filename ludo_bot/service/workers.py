"""Background workers that outlive what goes wrong: each loop tells its `Pulse` how every iteration went, waits
the pulse's backoff after a storage error, and a `Supervisor` starts a loop again when an unexpected exception
escapes it. What the pulses know (`Liveness`) is what the health check and the metrics report.

- A storage error (Redis down, a failover's READONLY, a full disk's MISCONF, OOM, LOADING) is survived inside
  the loop: `Pulse.failed` logs it with the worker's name and how many came in a row, and gives the time to wait,
  growing exponentially up to a cap, with jitter (so processes that lost Redis together do not come back in step).
- An exception escaping a loop (a bug, a surprise) is logged with its traceback, and the loop starts again after a
  backoff of its own (`RESTART_FIRST` doubling up to `RESTART_CAP`; reset once a run lasted longer than the cap).
- A worker is alive while its loop runs and its last iteration that did its work is less than `stale_after`
  seconds old; one that crashed (and waits for its restart) or has failed for longer is dead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ludo_bot.storage import StorageError

logger = logging.getLogger(__name__)
RESTART_FIRST = 1.0  # seconds before a crashed worker starts again, doubled for each crash in a row
RESTART_CAP = 60.0


@dataclass
class Backoff:
    """Capped exponential backoff with jitter: `first`, then twice as long each time up to `cap`, each wait taken
    at random between half and all of it."""

    first: float
    cap: float
    tries: int = 0

    def next(self) -> float:
        longest = min(self.cap, self.first * 2 ** min(self.tries, 30))
        self.tries += 1
        return random.uniform(longest / 2, longest)

    def reset(self) -> None:
        self.tries = 0


@dataclass
class Liveness:
    """What is known of one worker (epoch seconds): whether its loop runs, when the loop (re)started, when its
    last iteration did its work, its restarts after a crash, its storage errors in a row, and the bound."""

    name: str
    stale_after: float
    running: bool = False
    started: float = 0.0
    last_ok: float | None = None
    restarts: int = 0
    failures: int = 0

    def alive(self, now: float | None = None) -> bool:
        """Running, and an iteration did its work (or the loop started) less than `stale_after` seconds ago."""
        at = time.time() if now is None else now
        return self.running and at - max(self.last_ok or 0.0, self.started) < self.stale_after

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Liveness:
        return cls(**{name: data[name] for name in cls.__dataclass_fields__ if name in data})


@dataclass
class Pulse(Liveness):
    """A worker's loop tells its pulse how each iteration went: `ok()`, or `failed(error)` for a storage error,
    which logs it and gives the time to wait before the next try (the backoff: from `every` up to `cap`)."""

    every: float = 1.0
    cap: float = 30.0
    backoff: Backoff = field(init=False)
    _failing_since: float = field(default=0.0, init=False)

    def __post_init__(self) -> None:
        self.backoff = Backoff(self.every, self.cap)

    def ok(self) -> None:
        """An iteration did its work."""
        now = time.time()
        if self.failures:
            logger.warning("worker %s: storage answers again, after %d failed tries in %.1f s", self.name,
                           self.failures, now - self._failing_since)
            self.failures = 0
            self.backoff.reset()
        self.last_ok = now

    def failed(self, error: BaseException) -> float:
        """An iteration met a storage error: log it (the first of a run, then at 2, 4, 8, ... in a row, so a long
        outage does not flood the log) and return the seconds to wait."""
        if not self.failures:
            self._failing_since = time.time()
        self.failures += 1
        wait = self.backoff.next()
        if self.failures & (self.failures - 1) == 0:
            logger.warning("worker %s: storage error (%d in a row, next try in %.2f s): %s", self.name,
                           self.failures, wait, error)
        return wait


Loop = Callable[[Pulse], Awaitable[None]]
Step = Callable[[], Awaitable[float | None]]


async def polled(pulse: Pulse, step: Step, clock: Callable[[], float], idle: float,
                 wake: asyncio.Event | None = None) -> None:
    """A worker's loop, for as long as the bot runs: `step` does the work that is due and returns when the next is
    due on `clock` (None: nothing is queued); the loop sleeps until then, `idle` seconds at most, or until `wake` is
    set (cleared before each step). A storage error waits the pulse's backoff and tries again."""
    task = asyncio.current_task()
    while True:
        if wake is not None:
            wake.clear()
        try:
            next_due = await step()
            wait = idle if next_due is None else min(max(next_due - clock(), 0.05), idle)
            pulse.ok()
        except StorageError as error:
            wait = pulse.failed(error)
        if task is not None and task.cancelling():  # on Python 3.11 redis-py's use of asyncio.wait_for
            raise asyncio.CancelledError  # can swallow a cancellation: stop all the same
        if wake is None:
            await asyncio.sleep(wait)
        else:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), wait)


class Supervisor:
    """Runs workers' loops (`add`, then `start`) and starts each again when an exception escapes it."""

    def __init__(self) -> None:
        self.pulses: dict[str, Pulse] = {}
        self._loops: dict[str, Loop] = {}
        self._tasks: list[asyncio.Task[None]] = []

    def add(self, pulse: Pulse, loop: Loop) -> None:
        """A worker: `loop(pulse)` runs for as long as the bot does (see `Pulse` for its backoff and bound)."""
        self.pulses[pulse.name] = pulse
        self._loops[pulse.name] = loop

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._keep(pulse, self._loops[name]), name=f"ludo-worker-{name}")
                       for name, pulse in self.pulses.items()]

    async def stop(self, timeout: float) -> None:
        """End every worker (waiting at most `timeout` seconds for their end, so a shutdown cuts none short)."""
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=timeout)

    async def _keep(self, pulse: Pulse, loop: Loop) -> None:
        crashes = Backoff(RESTART_FIRST, RESTART_CAP)
        task = asyncio.current_task()
        while True:
            pulse.running, pulse.started = True, time.time()
            try:
                await loop(pulse)
                problem = "ended"  # a worker's loop is not to end while the bot runs
            except Exception as error:
                if task is not None and task.cancelling():  # (a cancellation redis-py turned into an error)
                    raise asyncio.CancelledError from error
                problem = "crashed"
                logger.exception("worker %s crashed", pulse.name)
            finally:
                pulse.running = False
            if time.time() - pulse.started > RESTART_CAP:  # it ran well for a while: not a crash loop
                crashes.reset()
            wait = crashes.next()
            pulse.restarts += 1
            logger.error("worker %s %s; starting it again in %.1f s (restart %d)", pulse.name, problem, wait,
                         pulse.restarts)
            await asyncio.sleep(wait)

    def healthy(self, now: float | None = None) -> bool:
        """Every worker alive."""
        return all(pulse.alive(now) for pulse in self.pulses.values())

    def report(self) -> list[Liveness]:
        """A copy of what is known of each worker now."""
        return [Liveness.from_json(pulse.as_json()) for pulse in self.pulses.values()]
