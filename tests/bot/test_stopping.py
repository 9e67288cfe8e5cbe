"""`ludo-bot` stopped as `docker stop` or a service manager stops it: a real `python -m ludo_bot` process, connected to
the Discord stand-in (its REST base and gateway pointed there, as the stand-in does in process) with its embedded
Redis, gets SIGTERM. It ends within 2 s with exit 0, its redis-server gone and its data saved; a second signal ends
it at once."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from redis.asyncio import Redis

from benchmarks import child_env
from ludo_bot.playground.standin import StandIn
from ludo_bot.storage.server import PID_NAME, EmbeddedRedis

STOPPED = re.compile(r"stopped cleanly ([0-9.]+) s after SIGTERM")
ROOT = Path(__file__).resolve().parents[2]
# `python -m ludo_bot`, with discord.py pointed at the stand-in: the only thing stood in for is Discord.
LAUNCH = """
import sys, yarl, discord.gateway, discord.http
discord.http.Route.BASE = sys.argv[1]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
from ludo_bot.__main__ import main
sys.exit(main([]))
"""


@dataclass
class Running:
    process: asyncio.subprocess.Process
    data: Path
    redis_pid: int


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return Path(f"/proc/{pid}/status").read_text().find("State:\tZ") >= 0  # (ended, not yet reaped)


@pytest.fixture
async def running_bot(standin: StandIn, tmp_path: Path) -> AsyncIterator[Running]:
    """The bot process, once its workers run (its health file is written) and a key of the test is in its Redis."""
    data = tmp_path / "data"
    env = child_env({k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "METRICS_PORT", "DEV_GUILD_ID")})
    env.update(DISCORD_TOKEN=standin.token, LUDO_DATA_DIR=str(data), LOG_LEVEL="INFO")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", LAUNCH, standin.base_url, standin.gateway_url, cwd=tmp_path, env=env,
        stderr=asyncio.subprocess.PIPE)
    try:
        await standin.wait_until(lambda: (data / "health.json").exists() or process.returncode is not None,
                                 timeout=60.0, what="the bot's first health file")
        assert process.returncode is None, process.returncode
        client = Redis(unix_socket_path=str(data / "redis.sock"))
        await client.set("test:kept", "across the stop")
        await client.aclose()
        yield Running(process, data, int((data / PID_NAME).read_text()))
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def test_sigterm_stops_the_bot_within_2_s_with_its_redis_stopped_and_its_data_saved(
        running_bot: Running) -> None:
    process, data = running_bot.process, running_bot.data
    signalled = time.monotonic()
    process.send_signal(signal.SIGTERM)
    code = await asyncio.wait_for(process.wait(), 30.0)
    took = time.monotonic() - signalled
    assert process.stderr is not None
    logged = (await process.stderr.read()).decode()
    assert code == 0, logged
    assert "SIGTERM: stopping cleanly" in logged and "Traceback" not in logged, logged
    stopped = STOPPED.search(logged)
    assert stopped, logged
    # The clean stop itself (workers, clicks, gateway, connections, redis-server's save) takes about 0.1 s here;
    # the rest until the exit is the interpreter's own teardown, slower on a busy machine. `docker stop` kills after
    # 10 s.
    assert float(stopped.group(1)) < 2.0 and took < 5.0, f"stop: {stopped.group(0)}; exit after {took:.2f} s"
    assert gone(running_bot.redis_pid), "the embedded redis-server outlived the bot"
    assert not (data / "redis.sock").exists()
    with EmbeddedRedis(data) as server:  # what the next start finds
        client = Redis.from_url(server.url)
        assert await client.get("test:kept") == b"across the stop"
        await client.aclose()


async def test_a_second_signal_ends_the_bot_at_once(running_bot: Running) -> None:
    process = running_bot.process
    process.send_signal(signal.SIGINT)  # (two signals of one kind sent at once may arrive as one; these two may
    process.send_signal(signal.SIGTERM)  # arrive in either order)
    code = await asyncio.wait_for(process.wait(), 30.0)
    assert process.stderr is not None
    logged = (await process.stderr.read()).decode()
    assert code in (128 + signal.SIGINT, 128 + signal.SIGTERM), (code, logged)
    second = signal.Signals(code - 128).name
    assert f"{second}, a second signal: ending the process at once" in logged and "stopping cleanly" in logged, logged
    deadline = time.monotonic() + 10.0  # told to stop, the server saves and ends on its own
    while not gone(running_bot.redis_pid) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert gone(running_bot.redis_pid)
