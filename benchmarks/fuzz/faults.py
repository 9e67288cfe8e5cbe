"""Redis misbehaving during some rounds of the run, drawn from the run's seed: every 10-40 rounds (`GAPS`), one
round's interactions meet one of these (each kind once per round of kinds, in a seeded order; the five of `FIRST`
first):

- pause: ``CLIENT PAUSE`` for every command (``ALL``) or for writes (``WRITE``), 0.5-2 s: the bots' calls time out;
- restart: the embedded server stopped (SIGTERM: it writes its append-only file), started again on its folder once
  the round's interactions are answered;
- error replies from the fault proxy (tests/faultproxy.py) instead of the server's: READONLY, MISCONF or OOM for
  writes, LOADING for every command;
- swallowed replies: 1-4 scripts run on the server but their replies never reach the bot (a write that landed
  though the bot's call timed out);
- cut: every connection between the bots and Redis closed, 0-80 ms into the round (calls in flight).

Before some rounds (one in `JUMP_EVERY` on average) the service clock jumps, a minute to a day, so that turn
deadlines fall due (reminders; an AI plays the turn, a skip, a forfeit): the round waits for the deadline workers
to take what is due."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import random
import time
from dataclasses import dataclass

from benchmarks.fuzz.world import World
from ludo_bot.storage import StorageUnavailable
from tests.faultproxy import LOADING, MISCONF, OOM, READONLY

WRITES = ("EVALSHA", "EVAL", "SET", "HSET", "DEL", "ZADD", "ZREM", "INCR", "EXPIRE", "RPUSH", "SADD", "SREM",
          "HDEL")  # (a read-only replica takes MULTI and EXEC, and refuses the writes queued between them)
FIRST = ("pause", "restart", "readonly", "swallow", "cut")
KINDS = (*FIRST, "pause-writes", "misconf", "oom", "loading")
REPLIES = {"readonly": READONLY, "misconf": MISCONF, "oom": OOM, "loading": LOADING}
GAPS = (10, 40)  # rounds between two faults, at least and at most
JUMP_EVERY = 40  # rounds, on average, between two jumps of the clock
JUMPS = (61.0, 301.0, 3601.0, 86401.0)  # seconds: past 1- and 5-minute turns, an hour, a day


@dataclass
class Fault:
    """One fault, on for a round: `begin` before its interactions go out, `end` once they are answered."""

    kind: str
    seconds: float  # a pause's length
    delay: float  # a cut's moment after the interactions go out
    times: int  # replies a swallow takes
    began: float = 0.0
    ended: float = 0.0
    _cut: asyncio.Task[None] | None = None


class Faults:
    """The run's schedule of faults and clock jumps, round by round."""

    def __init__(self, world: World, seed: int, *, gaps: tuple[int, int] = GAPS) -> None:
        self.world = world
        self.rng = random.Random(f"{seed}:faults")
        self.gaps = gaps
        self.made: collections.Counter[str] = collections.Counter()
        self.jumps = 0
        self.done: list[Fault] = []  # begun, in order (`ended` is 0 while one is on)
        self._next: list[str] = []
        self._wait = self.rng.randint(*gaps)

    @property
    def count(self) -> int:
        return sum(self.made.values())

    def plan(self) -> Fault | None:
        """The fault of the next round, if it has one."""
        self._wait -= 1
        if self._wait > 0:
            return None
        self._wait = self.rng.randint(*self.gaps)
        if not self._next:  # every kind once per round of kinds, in a seeded order
            others = [kind for kind in KINDS if kind not in FIRST]
            self._next = self.rng.sample(FIRST, len(FIRST)) + self.rng.sample(others, len(others))
        return Fault(self._next.pop(0), self.rng.uniform(0.5, 2.0), self.rng.uniform(0.0, 0.08),
                     self.rng.randint(1, 4))

    def jump(self) -> float | None:
        """Seconds the clock jumps before the next round, if it does."""
        return self.rng.choice(JUMPS) if self.rng.random() < 1 / JUMP_EVERY else None

    async def begin(self, fault: Fault) -> None:
        world, proxy = self.world, self.world.proxy
        fault.began = time.monotonic()
        self.done.append(fault)
        if fault.kind.startswith("pause"):
            await world.direct.execute_command("CLIENT", "PAUSE", int(fault.seconds * 1000),
                                               "WRITE" if fault.kind == "pause-writes" else "ALL")
        elif fault.kind == "restart":
            await asyncio.to_thread(world.server.stop)
        elif fault.kind in REPLIES:
            proxy.fail(REPLIES[fault.kind], commands=None if fault.kind == "loading" else WRITES)
        elif fault.kind == "swallow":
            proxy.swallow(commands={"EVALSHA", "EVAL"}, times=fault.times)
        elif fault.kind == "cut":
            fault._cut = asyncio.create_task(self._cut_after(fault.delay))
        else:
            raise ValueError(f"unknown fault {fault.kind!r}")

    async def _cut_after(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self.world.proxy.cut()

    async def end(self, fault: Fault) -> None:
        """Heal the fault (a pause ends by itself: wait for that)."""
        if fault.kind.startswith("pause"):
            await asyncio.sleep(max(0.0, fault.began + fault.seconds - time.monotonic()))
        elif fault.kind == "restart":
            await asyncio.to_thread(self.world.server.start)
        elif fault._cut is not None:
            await fault._cut
        self.world.proxy.heal()
        self.made[fault.kind] += 1
        fault.ended = time.monotonic()

    async def close(self) -> None:
        """Heal everything (a run that stopped in the middle of a fault)."""
        self.world.proxy.heal()
        if not self.world.server.running:
            await asyncio.to_thread(self.world.server.start)

    def during(self, at: float, slack: float = 3.0) -> str:
        """The faults around a moment (within `slack` seconds), for a failure's report."""
        now = time.monotonic()
        near = [f"{f.kind} at {f.began - at:+.1f} s for {(f.ended or now) - f.began:.1f} s" for f in self.done
                if f.began - slack <= at <= (f.ended or now) + slack]
        return f" (faults: {'; '.join(near)})" if near else " (no fault near)"


async def settled(world: World, within: float = 5.0) -> None:
    """Wait (at most `within` seconds) until no turn deadline is due: the deadline workers took what a clock jump
    made due."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        with contextlib.suppress(StorageUnavailable):
            due = await world.checker.deadlines.next_due()
            if due is None or due > world.clock():
                return
        await asyncio.sleep(0.05)
