"""Redis misbehaving while the lanes play, drawn from the run's seed: every 1-5 s, for 0.3-2 s, one of these
(each once per round, in a seeded order; the five of `FIRST` first)

- pause: ``CLIENT PAUSE`` for every command (``ALL``) or for writes (``WRITE``): the bots' calls time out;
- restart: the embedded server stopped (SIGTERM: it writes its append-only file) and started again on its folder;
- error replies from the fault proxy (tests/faultproxy.py) instead of the server's: READONLY, MISCONF or OOM for
  writes, LOADING for every command;
- swallowed replies: scripts run on the server but their replies never reach the bot (a write that landed
  though the bot's call timed out);
- cut: every connection between the bots and Redis closed at once.

Before three faults in ten the service clock jumps (a minute to a day), so turn deadlines fall due: reminders,
and the time-out actions (an AI plays the turn, a skip, a forfeit)."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import random
import time

from benchmarks.fuzz.world import World
from tests.faultproxy import LOADING, MISCONF, OOM, READONLY

WRITES = ("EVALSHA", "EVAL", "SET", "HSET", "DEL", "ZADD", "ZREM", "INCR", "EXPIRE", "RPUSH", "SADD", "SREM",
          "HDEL", "MULTI", "EXEC")
FIRST = ("pause", "restart", "readonly", "swallow", "cut")  # one of each in every round's first five
KINDS = (*FIRST, "pause-writes", "misconf", "oom", "loading")
REPLIES = {"readonly": READONLY, "misconf": MISCONF, "oom": OOM, "loading": LOADING}
QUIET = (1.0, 5.0)  # seconds between two faults, at least and at most
JUMPS = (61.0, 301.0, 3601.0, 86401.0)  # seconds the clock jumps: past 1- and 5-minute turns, an hour, a day


class Faults:
    """The fault schedule of a run (`run` until `stop` is set); `made` counts the faults by kind."""

    def __init__(self, world: World, seed: int, *, quiet: tuple[float, float] = QUIET) -> None:
        self.world = world
        self.rng = random.Random(f"{seed}:faults")
        self.quiet = quiet
        self.made: collections.Counter[str] = collections.Counter()
        self.jumps = 0
        self.times: list[tuple[str, float, float]] = []  # (kind, start, end), monotonic
        self._next: list[str] = []

    def during(self, at: float, slack: float = 3.0) -> str:
        """The faults around a moment (within `slack` seconds), for a failure's report."""
        near = [f"{kind} at {start - at:+.1f} s for {end - start:.1f} s" for kind, start, end in self.times
                if start - slack <= at <= end + slack]
        return f" (faults: {'; '.join(near)})" if near else " (no fault near)"

    @property
    def count(self) -> int:
        return sum(self.made.values())

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), self.rng.uniform(*self.quiet))
                return
            if self.rng.random() < 0.3:
                self.world.clock.advance(self.rng.choice(JUMPS))
                self.jumps += 1
            if not self._next:  # every kind once per round, in a seeded order
                others = [kind for kind in KINDS if kind not in FIRST]
                self._next = self.rng.sample(FIRST, len(FIRST)) + self.rng.sample(others, len(others))
            kind = self._next.pop(0)
            began = time.monotonic()
            await self.make(kind, self.rng.uniform(0.3, 2.0))
            self.made[kind] += 1
            self.times.append((kind, began, time.monotonic()))

    async def make(self, kind: str, seconds: float) -> None:
        """One fault, for about `seconds`; healed when it returns."""
        world = self.world
        proxy = world.proxy
        if kind.startswith("pause"):
            await world.direct.execute_command("CLIENT", "PAUSE", int(seconds * 1000),
                                               "WRITE" if kind == "pause-writes" else "ALL")
            await asyncio.sleep(seconds)
        elif kind == "restart":
            await asyncio.to_thread(world.server.stop)
            await asyncio.sleep(seconds / 2)
            await asyncio.to_thread(world.server.start)
        elif kind in REPLIES:
            proxy.fail(REPLIES[kind], commands=None if kind == "loading" else WRITES)
            try:
                await asyncio.sleep(seconds)
            finally:
                proxy.heal()
        elif kind == "swallow":
            proxy.swallow(commands={"EVALSHA", "EVAL"}, times=self.rng.randint(1, 4))
            try:
                await asyncio.sleep(seconds)
            finally:
                proxy.heal()
        elif kind == "cut":
            proxy.cut()
        else:
            raise ValueError(f"unknown fault {kind!r}")

    async def end(self) -> None:
        """Heal everything (a fault cut short by the end of the run)."""
        self.world.proxy.heal()
        if not self.world.server.running:
            await asyncio.to_thread(self.world.server.start)
        with contextlib.suppress(Exception):
            await self.world.direct.execute_command("CLIENT", "UNPAUSE")
