"""Workers' backoff, pulse, loop and supervisor (`workers`), without Redis: how long a worker waits after a
storage error, what it logs, that the loop sleeps until the next work is due (its timings given to its constructor)
or it is woken, and that a loop that crashes or ends is started again."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from ludo_bot.service.runtime.workers import Backoff, Liveness, PolledWorker, Polling, Pulse, Supervisor
from ludo_bot.storage import StorageUnavailable


def test_the_backoff_doubles_up_to_its_cap_with_jitter_and_starts_over_after_a_reset() -> None:
    backoff = Backoff(0.5, 4.0)
    waits = [backoff.next() for _ in range(8)]
    for wait, longest in zip(waits, [0.5, 1.0, 2.0, 4.0, 4.0, 4.0, 4.0, 4.0], strict=True):
        assert longest / 2 <= wait <= longest
    assert len(set(waits)) == len(waits)  # jittered: processes that lost Redis together do not retry in step
    backoff.reset()
    assert backoff.next() <= 0.5


def test_a_long_outage_is_logged_at_1_2_4_8_failures_and_its_end_once(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="ludo_bot.service.runtime.workers")
    pulse = Pulse("deadlines", 60.0, every=0.1, cap=1.0)
    for _ in range(10):
        pulse.failed(ConnectionError("Redis is unavailable"))
    logged = [r.getMessage() for r in caplog.records]
    assert [int(m.split("(")[1].split()[0]) for m in logged] == [1, 2, 4, 8]
    assert all(m.startswith("worker deadlines: storage error") and "Redis is unavailable" in m for m in logged)
    pulse.ok()
    pulse.ok()
    recovered = [r.getMessage() for r in caplog.records][4:]
    assert len(recovered) == 1 and "storage answers again, after 10 failed tries" in recovered[0]
    assert pulse.failures == 0 and pulse.backoff.tries == 0 and pulse.last_ok is not None


def test_a_worker_is_dead_when_not_running_or_idle_past_its_bound() -> None:
    worker = Liveness("beat", stale_after=30.0, running=True, started=1000.0, last_ok=1010.0)
    assert worker.alive(1039.0) and not worker.alive(1041.0)
    assert not Liveness("beat", 30.0, running=False, started=1000.0, last_ok=1010.0).alive(1011.0)
    assert Liveness.from_json(worker.as_json()) == worker


class Counting(PolledWorker):
    """A worker whose looks are counted: the first `failing` meet a storage error, the others answer `due`."""

    name = "counting"

    def __init__(self, polling: Polling, due: float | None, failing: int = 0) -> None:
        super().__init__(time.time, polling, wake=asyncio.Event())
        self.due, self.failing, self.looks = due, failing, 0

    async def step(self) -> float | None:
        self.looks += 1
        if self.looks <= self.failing:
            raise StorageUnavailable("Redis is unavailable (look): paused")
        return None if self.due is None else time.time() + self.due


async def looks_within(worker: Counting, seconds: float) -> int:
    running = asyncio.create_task(worker.run())
    await asyncio.sleep(seconds)
    running.cancel()
    return worker.looks


async def test_a_polled_worker_sleeps_until_its_next_work_at_most_its_idle_poll_and_wakes_when_told() -> None:
    idle = Polling(idle=0.2, backoff_first=1.0, backoff_cap=1.0, stale_after=10.0)
    idle_looks, later_looks, now_looks = await asyncio.gather(*(looks_within(Counting(idle, due=due), 0.5)
                                                               for due in (None, 60.0, 0.0)))
    assert 2 <= idle_looks <= 4  # nothing queued: a look every `idle`
    assert 2 <= later_looks <= 4  # due later: a look every `idle` all the same
    assert now_looks >= 6  # due now: looked at again at once (50 ms)
    slow = Counting(Polling(idle=60.0, backoff_first=1.0, backoff_cap=1.0, stale_after=10.0), due=None)
    running = asyncio.create_task(slow.run())
    await asyncio.sleep(0.05)
    assert slow.looks == 1 and slow.wake is not None
    slow.wake.set()  # (a save that queued work due at once)
    await asyncio.sleep(0.05)
    running.cancel()
    assert slow.looks == 2


async def test_a_polled_worker_backs_off_after_storage_errors_as_its_timings_say() -> None:
    worker = Counting(Polling(idle=0.01, backoff_first=0.2, backoff_cap=0.2, stale_after=10.0), due=None, failing=2)
    pulse = worker.new_pulse()
    assert (pulse.name, pulse.stale_after, pulse.every, pulse.cap) == ("counting", 10.0, 0.2, 0.2)
    running = asyncio.create_task(worker.run(pulse))
    await asyncio.sleep(0.05)
    assert worker.looks == 1 and pulse.failures == 1  # waiting its backoff (0.1 to 0.2 s), not its idle poll
    await asyncio.sleep(0.5)
    running.cancel()
    assert worker.looks > 3 and pulse.failures == 0 and pulse.last_ok is not None


async def test_a_loop_that_raises_or_ends_is_started_again(caplog: pytest.LogCaptureFixture) -> None:
    runs: list[str] = []

    async def flaky(pulse: Pulse) -> None:
        runs.append("run")
        if len(runs) == 1:
            raise RuntimeError("a bug")
        if len(runs) == 2:
            return  # a loop that ends is not to end: started again too
        pulse.ok()
        await asyncio.Event().wait()

    supervisor = Supervisor(restart_first=0.01)
    supervisor.add(Pulse("flaky", 10.0), flaky)
    supervisor.start()
    try:
        for _ in range(200):
            if len(runs) == 3 and supervisor.healthy():
                break
            await asyncio.sleep(0.01)
        (report,) = supervisor.report()
        assert len(runs) == 3 and report.restarts == 2 and report.running and supervisor.healthy()
        messages = [r.getMessage() for r in caplog.records]
        assert "worker flaky crashed" in messages and any("worker flaky ended;" in m for m in messages)
    finally:
        await supervisor.stop(1.0)
    assert not supervisor.pulses["flaky"].running and not supervisor.healthy()
