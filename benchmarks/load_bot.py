"""One bot process of the load run (`benchmarks.load` starts these): the real `LudoBot` running shard `--shard`
of `--shards`, against a Discord stand-in served by another process and a Redis server at `--redis`.

    python -m benchmarks.load_bot --api http://127.0.0.1:PORT/api/v10 --gateway ws://127.0.0.1:PORT/ \
        --token TOKEN --redis URL --data DIR --shard 0 --shards 2 [--sync]

Prints "ready <shard>" once every shard it runs is ready; SIGTERM closes the bot cleanly. With `LOAD_PROFILE=DIR`
in the environment the process runs under cProfile and writes `DIR/bot-<shard>.prof` as it ends (read it with
`python -m pstats`): where a click's CPU goes.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import logging
import os
import signal
import sys
import time
from pathlib import Path

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route
from pydantic import SecretStr

from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.cli import run_async
from ludo_bot.bot.settings import BotSettings


async def _identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
    """discord.py waits 5 s before every non-initial IDENTIFY; the stand-in has no such limit."""
    return None


async def run(arguments: argparse.Namespace) -> None:
    Route.BASE = arguments.api
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(arguments.gateway)
    settings = BotSettings(_env_file=None, discord_token=SecretStr(arguments.token),  # type: ignore[call-arg]
                           redis_url=arguments.redis, ludo_data_dir=arguments.data, shard_count=arguments.shards,
                           shard_ids=[arguments.shard], lobby_open_user=0, lobby_open_guild=0,
                           lobby_burst_user=0, lobby_burst_guild=0)
    bot = LudoBot(settings)
    bot._connection.guild_ready_timeout = 0.05
    bot.before_identify_hook = _identify_at_once  # type: ignore[method-assign]
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    loop.add_signal_handler(signal.SIGINT, stop.set)
    task = asyncio.create_task(bot.start(arguments.token))
    while not bot.is_ready():
        if task.done():
            await task
            return
        await asyncio.sleep(0.01)
    if arguments.sync:
        await bot.tree.sync()
    print(f"ready {arguments.shard}", flush=True)
    waiting = asyncio.create_task(stop.wait())
    await asyncio.wait({task, waiting}, return_when=asyncio.FIRST_COMPLETED)
    await bot.close()
    waiting.cancel()
    await asyncio.wait({task}, timeout=10.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for name in ("api", "gateway", "token", "redis", "data"):
        parser.add_argument(f"--{name}", required=True)
    parser.add_argument("--shard", type=int, required=True)
    parser.add_argument("--shards", type=int, required=True)
    parser.add_argument("--sync", action="store_true")
    arguments = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format=f"shard {arguments.shard} %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.client").setLevel(logging.ERROR)  # PyNaCl/davey voice notes
    folder = os.environ.get("LOAD_PROFILE")
    if not folder:
        run_async(run(arguments))  # the bot's own event loop (uvloop)
        return
    profile = cProfile.Profile(time.process_time)  # CPU time: a busy machine's other work is not counted
    profile.runcall(run_async, run(arguments))
    Path(folder).mkdir(parents=True, exist_ok=True)
    profile.dump_stats(Path(folder) / f"bot-{arguments.shard}.prof")


if __name__ == "__main__":
    main()
