"""The fuzz's world: one embedded Redis with the fault proxy in front of it, the Discord stand-in, two bots in this
process (shards 0 and 1 of 2, each on its own storage client through the proxy) and the lanes the players act in.

A lane is one channel (in a guild of either shard) with its own members: one of them has the guild's moderator
role (Manage Channels and Manage Server). Lanes never share members, so a lane's member that clicks a button of
another lane's game is never one of its players."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import logging
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from benchmarks.fuzz.names import nicknames
from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.settings import BotSettings
from ludo_bot.playground.standin import BotRunner, Channel, Guild, Message, Role, StandIn, User
from ludo_bot.playground.standin.gateway import GUILDS
from ludo_bot.playground.standin.records import MANAGE_CHANNELS, MANAGE_GUILD
from ludo_bot.storage import EmbeddedRedis, Storage
from ludo_bot.storage.client import Redis, make_client
from tests.bot.helpers import Clock, looking_every
from tests.faultproxy import FaultProxy

SHARDS = 2
DEADLINE_POLL = 0.2  # seconds the deadline workers sleep at most (5 s in production): a jump of the clock is
# taken within the round it happens in
TIMINGS = looking_every(deadlines=DEADLINE_POLL)  # the bots' workers' timings
REMEMBERED = 300  # custom_ids a lane remembers
BOARDS = 6  # lobbies, game messages and sign-ups a lane keeps in view however far up they are
KEPT_IN_VIEW = ("ludo:l:", "ludo:g:", "ludo:n:")  # their buttons' custom_ids
MEMBERS = 4  # plain members of a lane, besides its moderator
GROUP = 2  # the option type of a subcommand group
LOGGERS = ("discord", "ludo_bot", "redis")  # whose errors fail the run
TRAILED = ("ludo_bot.bot", "ludo_bot.service")  # whose warnings a failure quotes (`trail`)


class Trail(logging.Handler):
    """The bots' latest warnings, kept to tell how a game came to fail an invariant (a fault's trace)."""

    def __init__(self, size: int = 20_000) -> None:
        super().__init__(level=logging.WARNING)
        self.lines: collections.deque[str] = collections.deque(maxlen=size)

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.relativeCreated / 1000:8.1f} s {record.name}: {record.getMessage()}"[:400])

    def about(self, *words: str, most: int = 16) -> list[str]:
        """The latest warnings that name one of `words` (a game's id, its messages' ids)."""
        return [line for line in self.lines if any(word in line for word in words)][-most:]


TRAIL = Trail()


@dataclass(eq=False)
class Lane:
    """One channel and the members who act in it."""

    number: int
    guild: Guild
    channel: Channel
    members: list[User]
    moderator: User
    seen: dict[str, None] = field(default_factory=dict)
    """The custom_ids seen on the lane's messages, oldest first (at most `REMEMBERED`): buttons of earlier turns."""
    games: set[str] = field(default_factory=set)
    """The ids of every game or lobby whose buttons the lane's messages showed."""
    names: dict[int, str] = field(default_factory=dict)
    """The members' server nicknames (`names`: every script, emoji, markdown, mentions, invisible characters)."""

    @property
    def everyone(self) -> list[User]:
        return [*self.members, self.moderator]

    over: set[int] = field(default_factory=set)
    """Messages whose game the lane learnt is over (their buttons say so when clicked)."""
    boards: dict[int, Message] = field(default_factory=dict)
    """The newest lobbies, game messages and tournament sign-ups with buttons the lane saw (by id), kept in view however
    far up."""

    tournaments: set[str] = field(default_factory=set)
    """The ids of every tournament whose sign-up buttons the lane's messages showed."""

    gone: list[int] = field(default_factory=list)
    """The lane's earlier channels, deleted (`benchmarks.fuzz.attacks`): their games are still checked."""

    def move(self, channel: Channel) -> None:
        """The lane goes on in `channel`, its own having been deleted."""
        self.gone.append(self.channel.id)
        self.channel = channel
        self.boards.clear()

    def remember(self, message: Message) -> None:
        custom_ids = message.custom_ids()
        if not message.ephemeral and any(c.startswith(KEPT_IN_VIEW) for c in custom_ids):
            self.boards[message.id] = message
            while len(self.boards) > BOARDS:  # the oldest go out of view (a board left behind by a game long over)
                del self.boards[min(self.boards)]
        elif message.id in self.boards:
            del self.boards[message.id]  # (its buttons are gone)
        for custom_id in custom_ids:
            parts = custom_id.split(":")
            if parts[0] != "ludo" or len(parts) < 3:
                continue
            self.games.add(parts[2])
            if parts[1] == "n":
                self.tournaments.add(parts[2])
            self.seen.pop(custom_id, None)  # (seen again: the newest)
            self.seen[custom_id] = None
            if len(self.seen) > REMEMBERED:
                del self.seen[next(iter(self.seen))]

    @property
    def stale(self) -> list[str]:
        return list(self.seen)


@dataclass(eq=False)
class World:
    """Everything the fuzz runs against; `close` ends it."""

    folder: Path
    server: EmbeddedRedis
    proxy: FaultProxy
    checker: Storage  # straight to Redis (no proxy): the checks' own reads
    direct: Redis  # the same, for CLIENT PAUSE
    standin: StandIn
    runner: BotRunner
    bots: list[LudoBot]
    storages: list[Storage]
    lanes: list[Lane]
    clock: Clock
    _temporary: tempfile.TemporaryDirectory[str] | None = None

    @classmethod
    async def open(cls, lanes: int) -> World:
        temporary = tempfile.TemporaryDirectory(prefix="ludo-fuzz-")
        folder = Path(temporary.name)
        server = EmbeddedRedis(folder / "redis")
        url = await asyncio.to_thread(server.start)
        proxy = FaultProxy(url)
        proxied = await proxy.start()
        direct = make_client(url)
        standin = StandIn()
        guilds = [standin.add_guild(f"guild {n}", shard=(n % SHARDS, SHARDS), owner=standin.add_user(
            f"owner{n}", join=False)) for n in range(max(SHARDS, (lanes + 1) // 2))]
        roles = {guild.id: standin.add_role(guild, "moderators", MANAGE_CHANNELS | MANAGE_GUILD) for guild in guilds}
        made = [_lane(standin, n, guilds[n % len(guilds)], roles) for n in range(lanes)]
        await standin.start()
        for name in LOGGERS:  # errors must reach the runner's record of them whatever the logging set-up
            if logging.getLogger(name).getEffectiveLevel() > logging.ERROR:
                logging.getLogger(name).setLevel(logging.ERROR)
        for name in TRAILED:  # and the bots' warnings their trail, which a failure quotes for its game
            logging.getLogger(name).setLevel(min(logging.WARNING, logging.getLogger(name).getEffectiveLevel()))
            logging.getLogger(name).addHandler(TRAIL)
        runner = BotRunner(standin, error_loggers=LOGGERS)
        clock = Clock()
        world = cls(folder, server, proxy, Storage(direct), direct, standin, runner, [], [], made, clock,
                    _temporary=temporary)
        try:
            for shard in range(SHARDS):
                storage = await Storage.open(proxied)
                world.storages.append(storage)
                settings = BotSettings(_env_file=None, discord_token=SecretStr(standin.token),  # type: ignore[call-arg]
                                       ludo_data_dir=str(folder / f"bot-{shard}"), shard_count=SHARDS,
                                       shard_ids=[shard])
                world.bots.append(await runner.start(LudoBot(settings, storage=storage, clock=clock, timings=TIMINGS)))
            await world.bots[0].tree.sync()
        except BaseException:
            await world.close()
            raise
        return world

    async def new_channel(self, lane: Lane) -> Channel:
        """A new channel of the lane's server, made while the bots run (the gateway tells them: CHANNEL_CREATE)."""
        channel = self.standin.add_channel(lane.guild, f"lane{lane.number}-{len(lane.gone) + 1}")
        await self.standin.broadcast(lane.guild.id, "CHANNEL_CREATE", channel.payload(), intent=GUILDS)
        return channel

    def commands(self) -> dict[str, list[dict[str, Any]]]:
        """The options of every `/ludo` subcommand, as the bot registered them, by its path ("start", and a group's
        "tournament create")."""
        ludo = next(c for c in self.standin.commands.get(None, {}).values() if c["name"] == "ludo")
        found: dict[str, list[dict[str, Any]]] = {}
        for sub in ludo["options"]:
            if sub.get("type") == GROUP:
                found.update({f"{sub['name']} {leaf['name']}": leaf.get("options", []) for leaf in sub["options"]})
            else:
                found[sub["name"]] = sub.get("options", [])
        return found

    def seeded(self, seed: int) -> None:
        """Dice seeds of new games drawn from the run's seed, so that a run can be repeated."""
        for shard, bot in enumerate(self.bots):
            assert bot.handlers is not None
            bot.handlers.service.games.new_seed = functools.partial(random.Random(f"{seed}:dice:{shard}").getrandbits,
                                                                    63)

    async def close(self) -> list[str]:
        """Stop the bots (their shutdown problems are returned), the stand-in, the proxy and Redis."""
        problems = await self.runner.close_all()
        await self.standin.stop()
        for storage in self.storages:
            await storage.close()
        await self.direct.aclose()
        await self.proxy.close()
        await asyncio.to_thread(self.server.stop)
        if self._temporary is not None:
            with contextlib.suppress(OSError):
                self._temporary.cleanup()
        return problems


def _lane(standin: StandIn, number: int, guild: Guild, roles: dict[int, Role]) -> Lane:
    members = [standin.add_user(f"l{number}m{n}", guild=guild) for n in range(MEMBERS)]
    moderator = standin.add_user(f"l{number}mod", guild=guild, roles=[roles[guild.id]])
    names = nicknames([*members, moderator], number, guild.owner_id)
    for user_id, name in names.items():
        guild.members[user_id].nick = name
    return Lane(number, guild, standin.add_channel(guild, f"lane{number}"), members, moderator, names=names)


async def caught_up(bot: LudoBot, timeout: float) -> None:
    """Wait (at most `timeout` seconds) for the bot's clicks in flight and its outbox's sends, edits and deletes; not
    for the steps it left for later (`Outbox.later`: a second look at a game `ANSWERED_WITHIN` seconds after a change,
    a repost's settling), which mostly sleep out their seconds: those go on into the next rounds, as they would
    between real clicks (a round that waited for them gave up after `timeout` all the same: a 5 s second look never
    ended within it, and such waits were most of a short run's time). The end of a run waits for everything."""
    parts = bot.handlers
    assert parts is not None
    deadline = time.monotonic() + timeout
    await parts.clicks.idle(timeout)
    sending = parts.outbox._tasks  # (each message's newest change, sent in its turn)
    while sending and (left := deadline - time.monotonic()) > 0:
        await asyncio.wait(list(sending.values()), timeout=left)


def worker_problems(bot: LudoBot) -> list[str]:
    """What is wrong with the bot's background work: its background task ended, or one of its workers (deadlines,
    the takeover beat: `service.runtime.workers`) is not running or was started again after a crash."""
    problems: list[str] = []
    task = bot._worker
    if task is None or task.done():
        ended = "never started" if task is None else "cancelled" if task.cancelled() else repr(task.exception())
        problems.append(f"the background task ended ({ended})")
    for worker in bot.supervisor.report():
        if not worker.running:
            problems.append(f"worker {worker.name} is not running")
        if worker.restarts:
            problems.append(f"worker {worker.name} crashed and was started again")
    return problems
