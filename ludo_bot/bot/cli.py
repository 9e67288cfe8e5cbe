"""The bot's side of the console script `ludo-bot` (`ludo_bot.__main__`, which offers the playground too): run the bot,
`sync` its commands, or check its `health`."""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from collections.abc import Coroutine
from typing import Any, TypeVar

import aiohttp
import discord

from ludo_bot.bot.app import LudoBot, command_tree, localize, open_storage, without_voice
from ludo_bot.bot.plumbing import health
from ludo_bot.bot.plumbing.stopping import on_stop_signal
from ludo_bot.bot.settings import BotSettings
from ludo_bot.storage import StorageError
from ludo_bot.storage.server import EmbeddedRedisError, stop_started_at_once

T = TypeVar("T")


async def run(settings: BotSettings, token: str) -> None:
    """Run until SIGTERM or SIGINT, then stop cleanly (see `bot.plumbing.stopping`). Storage opens first, so that a
    storage problem is reported as one before Discord is contacted."""
    stopping = asyncio.Event()
    with on_stop_signal(stopping.set, before_exit=stop_started_at_once):
        storage = await open_storage(settings)
        try:
            async with LudoBot(settings, storage=storage) as bot:
                started = asyncio.create_task(bot.start(token), name="ludo-bot")
                stop = asyncio.create_task(stopping.wait())
                await asyncio.wait({started, stop}, return_when=asyncio.FIRST_COMPLETED)
                stop.cancel()
                await bot.close()
                await started  # (what it raised, e.g. a rejected token)
        finally:
            await storage.close()


async def sync(token: str, guild_id: int | None) -> int:
    """Register the /ludo commands globally, or in one guild (they show there at once)."""
    without_voice()
    async with discord.Client(intents=discord.Intents.none()) as client:
        await client.login(token)
        tree = command_tree(client)
        await localize(tree)
        guild = discord.Object(guild_id) if guild_id else None
        if guild is not None:
            tree.copy_global_to(guild=guild)
        synced = await tree.sync(guild=guild)
    print(f"ludo-bot: synced {len(synced)} command group(s) {'to guild ' + str(guild_id) if guild_id else 'globally'}")
    return 0


# The cyclic garbage collector's young generation is collected after this many new container objects (Python's
# default: 700). A click makes thousands (discord.py's payloads and views, the message's words and picture), so at 700
# the collector ran about 18 times a second per process under `benchmarks.load` and took 11 % of a bot process's
# CPU; at 20,000 it took 2 % (23 collections in a run instead of about 1,050), and the bot's own data is mostly free
# of cycles, so little waits longer to be freed.
GC_YOUNG, GC_OLDER = 20_000, 20


def run_async(work: Coroutine[Any, Any, T]) -> T:
    """Run the bot's event loop: uvloop's where it is installed (less CPU per click, see pyproject.toml), with the
    garbage collector tuned for a long-running server (`GC_YOUNG`)."""
    gc.set_threshold(GC_YOUNG, GC_OLDER, GC_OLDER)
    try:
        import uvloop
    except ImportError:  # (Windows)
        return asyncio.run(work)
    return uvloop.run(work)


def read_settings() -> BotSettings | None:
    """The settings (the environment, .env), or None after saying in one line what is wrong with them."""
    try:
        return BotSettings()
    except ValueError as error:
        print(f"ludo-bot: bad settings: {error}", file=sys.stderr)
        return None


def log(settings: BotSettings) -> None:
    """Log at the settings' level, to standard error."""
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")


def main(command: str | None, settings: BotSettings, *, guild: int | None = None) -> int:
    """`ludo-bot health`, `ludo-bot sync [--guild ID]`, or (no command) the bot until it is stopped; the exit status.
    A problem is said in one line."""
    if command == "health":
        healthy, lines = health.check(settings)
        print("\n".join(["ok" if healthy else "unhealthy", *lines]), file=sys.stdout if healthy else sys.stderr)
        return 0 if healthy else 1
    log(settings)
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print("ludo-bot: DISCORD_TOKEN is not set (put it in the environment or in .env, see .env.example)",
              file=sys.stderr)
        return 1
    token = settings.discord_token.get_secret_value()
    try:
        if command == "sync":
            return run_async(sync(token, guild))
        run_async(run(settings, token))
    except (StorageError, EmbeddedRedisError) as error:  # (before OSError: storage's own errors name the storage)
        print(f"ludo-bot: storage could not start: {error}", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print("ludo-bot: Discord rejected the token in DISCORD_TOKEN", file=sys.stderr)
        return 1
    except (aiohttp.ClientError, OSError) as error:
        print(f"ludo-bot: cannot reach Discord: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    return 0
