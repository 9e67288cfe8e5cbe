"""The bot's background workers (the deadline worker, the takeover's beat) outlive what goes wrong: a Redis that
answers every command with an error reply (a failover's READONLY, a full disk's MISCONF, OOM, LOADING) for a while,
and a bug that makes a worker's loop raise. Redis answers through the fault proxy (tests/faultproxy.py) in front of
the real server. The health check (in process, the `ludo-bot health` file, the /health page) tells a dead worker."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from typing import Any

import aiohttp
import pytest

from ludo_bot.__main__ import main
from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.workers.timings import WorkerTimings
from ludo_bot.playground.standin import BotRunner, StandIn
from ludo_bot.service.runtime.workers import Polling
from ludo_bot.storage import Storage, keys
from tests.bot.conftest import Launch
from tests.bot.helpers import Clock, break_deadline_loop, start_game
from tests.conftest import LOCAL_CLUSTER
from tests.faultproxy import LOADING, MISCONF, OOM, READONLY, FaultProxy

pytestmark = pytest.mark.skipif(LOCAL_CLUSTER, reason="the proxy stands in front of one server, not a cluster")
REPLIES = {"READONLY": READONLY, "MISCONF": MISCONF, "OOM": OOM, "LOADING": LOADING}


@pytest.fixture
def timings() -> WorkerTimings:
    """Workers that look often and back off briefly, so an outage of a second shows their whole behaviour."""
    default = WorkerTimings()
    return WorkerTimings(deadlines=Polling(idle=0.05, backoff_first=0.02, backoff_cap=0.2,
                                           stale_after=default.deadlines.stale_after),
                         beat=dataclasses.replace(default.beat, backoff_cap=0.5),
                         restart_first=0.05, restart_cap=0.2, health_every=0.05)




def timed_out(standin: StandIn) -> bool:
    return any("ran out of time" in m.content for m in standin.messages(standin.channel))


async def beat_at(storage: Storage, ludo: LudoBot) -> float:
    """When the bot's process last beat, as stored (read past the proxy)."""
    assert ludo.handlers is not None
    return float(await storage.redis.hget(keys.PROCESSES, ludo.handlers.service.takeover.instance) or 0)


@pytest.mark.parametrize("kind", list(REPLIES))
async def test_the_workers_outlive_an_error_reply_and_a_deadline_due_meanwhile_fires_after_it(
        proxied: tuple[FaultProxy, Storage], standin: StandIn, launch: Launch, storage: Storage, clock: Clock,
        caplog: pytest.LogCaptureFixture, timings: WorkerTimings, kind: str) -> None:
    caplog.set_level(logging.WARNING, logger="ludo_bot.service.runtime.workers")
    proxy, through_proxy = proxied
    bounded = dataclasses.replace(timings, deadlines=dataclasses.replace(timings.deadlines, stale_after=1.0),
                                  beat=dataclasses.replace(timings.beat, stale_after=1.0))  # a bound outlasted
    ludo = await launch(on=through_proxy, reminder_before=0, timings=bounded)
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1, turn_minutes=1)
    assert live is not None and ludo.health()[0]
    pulses = ludo.supervisor.pulses

    proxy.fail(REPLIES[kind])  # Redis refuses every command
    clock.advance(61)  # the turn's deadline falls due during the outage
    await standin.wait_until(lambda: all(p.failures >= 3 for p in pulses.values()), what="failed tries")
    for name in ("deadlines", "beat"):  # each worker logs it, with what Redis said
        assert any(r.getMessage().startswith(f"worker {name}: storage error") and kind in r.getMessage()
                   for r in caplog.records), (name, [r.getMessage() for r in caplog.records])
    await asyncio.sleep(1.0)
    assert not timed_out(standin)  # nothing fired while Redis refused
    healthy, lines = ludo.health()  # and it has been longer than the bound without an iteration that worked
    assert not healthy and any("worker beat did no work" in line for line in lines), lines
    healed = time.time()

    proxy.heal()
    await standin.wait_until(lambda: timed_out(standin), timeout=5.0, what="the deadline after the outage")
    assert "⌛ Alice ran out of time." in live.content  # the AI played the turn: told in the turn's message
    await standin.wait_until(lambda: ludo.health()[0], what="healthy again")
    assert await beat_at(storage, ludo) > healed  # the beat goes on
    # every worker (the alert worker backs off longer) works again, and none ever crashed
    await standin.wait_until(lambda: all(p.failures == 0 for p in pulses.values()), timeout=40.0,
                             what="every worker working again")
    assert [(p.restarts, p.failures, p.running) for p in pulses.values()] == [(0, 0, True)] * len(pulses)
    assert any("storage answers again" in r.getMessage() for r in caplog.records)


async def test_a_worker_whose_loop_raises_is_started_again_and_the_health_check_shows_it(
        standin: StandIn, bots: BotRunner, launch: Launch, clock: Clock, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    ludo = await launch(reminder_before=0, metrics_port=0)
    assert ludo.handlers is not None and ludo.endpoint is not None
    monkeypatch.setenv("LUDO_DATA_DIR", ludo.settings.ludo_data_dir)  # where `ludo-bot health` looks
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1, turn_minutes=1)
    assert live is not None
    broken = break_deadline_loop(monkeypatch, ludo)
    pulse = ludo.supervisor.pulses["deadlines"]
    await standin.wait_until(lambda: pulse.restarts >= 2, what="restarts")
    crashes = bots.take_logged_errors()  # logged with the traceback, and the restart
    assert any(r.getMessage() == "worker deadlines crashed" and r.exc_info for r in crashes)
    assert any(r.getMessage().startswith("worker deadlines crashed; starting it again in") for r in crashes)

    healthy, lines = ludo.health()
    assert not healthy and any(line.startswith("worker deadlines is dead") for line in lines), lines
    await asyncio.sleep(0.2)  # the health file is written again
    assert main(["health"]) == 1
    assert "deadlines: DEAD" in capsys.readouterr().err
    async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{ludo.endpoint.port}/health") as page:
        assert page.status == 503 and "worker deadlines is dead" in await page.text()
    clock.advance(61)
    await asyncio.sleep(0.3)
    assert not timed_out(standin)  # the worker is down: the deadline waits

    broken[0] = False  # the next restart runs
    bots.take_logged_errors()
    await standin.wait_until(lambda: timed_out(standin), what="the deadline once the worker runs again")
    await standin.wait_until(lambda: ludo.health()[0], what="healthy again")
    await asyncio.sleep(0.2)
    assert main(["health"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok") and "deadlines: alive, last iteration" in out and "beat: alive" in out
    assert f"{pulse.restarts} restarts" in out and pulse.restarts >= 2


def test_the_health_check_of_a_bot_that_is_not_running_fails(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LUDO_DATA_DIR", str(tmp_path))
    assert main(["health"]) == 1
    assert "no health file" in capsys.readouterr().err
