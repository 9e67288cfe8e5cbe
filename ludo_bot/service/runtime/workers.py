"""Background workers that outlive what goes wrong: each loop tells its `Pulse` how every iteration went, waits
the pulse's backoff after a storage error, and a `Supervisor` starts a loop again when an unexpected exception
escapes it. What the pulses know (`Liveness`) is what the health check and the metrics report. The loop is written
once, `PolledWorker` (the bot's workers, and the takeover's beat, are its subclasses), with its timings (`Polling`)
and the supervisor's given to their constructors: tests pass quicker ones.

- A storage error (Redis down, a failover's READONLY, a full disk's MISCONF, OOM, LOADING) is survived inside
  the loop: `Pulse.failed` logs it with the worker's name and how many came in a row, and gives the time to wait,
  growing exponentially up to a cap, with jitter (so processes that lost Redis together do not come back in step).
- An exception escaping a loop (a bug, a surprise) is logged with its traceback, and the loop starts again after a
  backoff of its own (`RESTART_FIRST` doubling up to `RESTART_CAP` by default; reset once a run lasted longer than
  the cap).
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


@dataclass(frozen=True)
class Polling:
    """A polled worker's timings, in seconds: it looks for due work at least every `idle`; after a storage error it
    waits `backoff_first`, doubling up to `backoff_cap`; it counts as dead after `stale_after` without a look that
    did its work."""

    idle: float
    backoff_first: float
    backoff_cap: float
    stale_after: float


class PolledWorker:
    """A worker that looks for due work (`step`) for as long as the bot runs (`run`, under a `Supervisor`): every
    worker's loop, written once. A subclass names itself (`name`, its pulse's) and its work; its timings are its
    constructor's `polling`."""

    name = "worker"

    def __init__(self, clock: Callable[[], float], polling: Polling, *, wake: asyncio.Event | None = None) -> None:
        """`clock` tells when the next work is due (the clock `step`'s answer is on); `wake`, when set, has the
        worker look at once (cleared before each look)."""
        self.clock = clock
        self.polling = polling
        self.wake = wake

    def new_pulse(self) -> Pulse:
        """The worker's liveness and backoff."""
        return Pulse(self.name, self.polling.stale_after, every=self.polling.backoff_first,
                     cap=self.polling.backoff_cap)

    async def step(self) -> float | None:
        """Do the work that is due; return when the next is due on `clock` (None: nothing is queued)."""
        raise NotImplementedError

    async def run(self, pulse: Pulse | None = None) -> None:
        """The loop, for as long as the bot runs: `step`, then sleep until the next work is due, `polling.idle`
        seconds at most, or until `wake` is set. A storage error waits the pulse's backoff and tries again."""
        pulse = pulse or self.new_pulse()
        task = asyncio.current_task()
        while True:
            if self.wake is not None:
                self.wake.clear()
            try:
                next_due = await self.step()
                idle = self.polling.idle
                wait = idle if next_due is None else min(max(next_due - self.clock(), 0.05), idle)
                pulse.ok()
            except StorageError as error:
                wait = pulse.failed(error)
            if task is not None and task.cancelling():  # on Python 3.11 redis-py's use of asyncio.wait_for
                raise asyncio.CancelledError  # can swallow a cancellation: stop all the same
            if self.wake is None:
                await asyncio.sleep(wait)
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), wait)


class Supervisor:
    """Runs workers' loops (`add`, then `start`) and starts each again when an exception escapes it."""

    def __init__(self, *, restart_first: float = RESTART_FIRST, restart_cap: float = RESTART_CAP) -> None:
        """A crashed loop starts again after `restart_first` seconds, doubled for each crash in a row up to
        `restart_cap` (and from `restart_first` again once a run lasted longer than the cap)."""
        self.restart_first = restart_first
        self.restart_cap = restart_cap
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
        crashes = Backoff(self.restart_first, self.restart_cap)
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
            if time.time() - pulse.started > self.restart_cap:  # it ran well for a while: not a crash loop
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
