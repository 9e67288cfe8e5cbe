"""Workers' backoff, pulse and supervisor (`workers`), without Redis: how long a worker waits after a
storage error, what it logs, and that a loop that crashes or ends is started again."""

from __future__ import annotations

import asyncio
import logging

import pytest

from ludo_bot.service.workers import Backoff, Liveness, Pulse, Supervisor


def test_the_backoff_doubles_up_to_its_cap_with_jitter_and_starts_over_after_a_reset() -> None:
    backoff = Backoff(0.5, 4.0)
    waits = [backoff.next() for _ in range(8)]
    for wait, longest in zip(waits, [0.5, 1.0, 2.0, 4.0, 4.0, 4.0, 4.0, 4.0], strict=True):
        assert longest / 2 <= wait <= longest
    assert len(set(waits)) == len(waits)  # jittered: processes that lost Redis together do not retry in step
    backoff.reset()
    assert backoff.next() <= 0.5


def test_a_long_outage_is_logged_at_1_2_4_8_failures_and_its_end_once(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="ludo_bot.service.workers")
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
