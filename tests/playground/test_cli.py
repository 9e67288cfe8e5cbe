"""`ludo-bot playground` as a newcomer runs it: from any folder, with no DISCORD_TOKEN, its own embedded Redis (an
operator's REDIS_URL is left alone), the page answering with the bot's commands and a lobby; Ctrl-C ends it
cleanly. `.ci/run` runs it on the installed package too (`pip install --target`), away from the repository."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from benchmarks import child_env

URL = re.compile(r"open (http://127\.0\.0\.1:\d+/)")


async def test_the_playground_command_serves_the_page_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    env = child_env({k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LUDO_DATA_DIR")})
    env["REDIS_URL"] = "redis://127.0.0.1:1/0"  # nothing listens there: the playground must not use it
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "ludo_bot", "playground", "--port", "0", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    try:
        line = (await asyncio.wait_for(process.stdout.readline(), 60.0)).decode()
        found = URL.search(line)
        assert found, f"{line!r}; stderr: {(await process.stderr.read()).decode()}"
        url = found.group(1)
        async with aiohttp.ClientSession() as http:
            async with http.get(url) as page:
                assert page.status == 200 and "ludo-bot playground" in await page.text()
            async with http.get(url + "api/world") as answer:
                world = await answer.json()
            assert ["start"] in [c["path"] for c in world["commands"]]
            alice = world["members"][0]["id"]
            start = {"member": alice, "channel": world["channel"], "command": "ludo", "path": ["start"], "options": {}}
            async with http.post(url + "api/command", json=start) as answer:
                assert answer.status == 200, await answer.text()
            state: dict[str, object] = {"messages": []}
            for _ in range(20):  # the long poll answers on each change, at most every 20 s
                query = {"channel": world["channel"], "member": alice, "digest": str(state.get("digest", ""))}
                async with http.get(url + "api/state", params=query) as answer:
                    state = await answer.json()
                if state["messages"]:
                    break
            messages = state["messages"]
            assert isinstance(messages, list) and "Ludo lobby" in messages[0]["content"]
        process.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(process.wait(), 30.0) == 0
        logged = (await process.stderr.read()).decode()
        assert "Traceback" not in logged, logged
        assert "OpenAPI" not in logged, logged  # Discord's description ships with the stand-in: bodies are checked
        assert "voice" not in logged, logged  # (the bot never uses it: discord.py's warnings are silenced)
        assert not list(tmp_path.iterdir()), "the playground left files in the folder it was started from"
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def test_sigterm_stops_the_playground_with_its_embedded_redis_and_its_data_saved(tmp_path: Path) -> None:
    """As `docker stop` stops it: it once left its redis-server running. `--host` names the page's address."""
    env = child_env({k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LUDO_DATA_DIR", "REDIS_URL")})
    data = tmp_path / "data"
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "ludo_bot", "playground", "--port", "0", "--host", "127.0.0.1", "--data-dir", str(data),
        cwd=tmp_path, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    try:
        line = (await asyncio.wait_for(process.stdout.readline(), 60.0)).decode()
        assert URL.search(line), f"{line!r}; stderr: {(await process.stderr.read()).decode()}"
        redis_pid = int((data / "redis.pid").read_text())
        signalled = time.monotonic()
        process.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(process.wait(), 30.0) == 0
        took = time.monotonic() - signalled
        logged = (await process.stderr.read()).decode()
        stopped = re.search(r"stopped cleanly ([0-9.]+) s after SIGTERM", logged)
        assert stopped and "Traceback" not in logged, logged
        # the stop itself, then the interpreter's teardown (slower on a busy machine; `docker stop` kills after 10 s)
        assert float(stopped.group(1)) < 2.0 and took < 5.0, f"{stopped.group(0)}; exit after {took:.2f} s"
        with pytest.raises(ProcessLookupError):
            os.kill(redis_pid, 0)
        assert (data / "dump.rdb").stat().st_size > 0 and not (data / "redis.sock").exists()
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
