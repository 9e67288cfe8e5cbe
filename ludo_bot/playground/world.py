"""`Playground`: the real bot, the Discord stand-in and the web page, started and stopped together.

The bot is the one that runs on Discord: `bot.app.LudoBot` with settings that point it at the stand-in exactly as
the tests do (the stand-in's token; the stand-in points discord.py's REST base and gateway at itself while it runs)
and that sync its commands at start-up to the stand-in's guild (`DEV_GUILD_ID`, as in development on Discord).

    async with Playground(data_dir="/tmp/play", port=8080) as play:
        print(play.url)      # http://127.0.0.1:8080/
        await play.wait_closed()
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from pydantic import SecretStr

from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.settings import BotSettings
from ludo_bot.playground.standin import BotRunner, StandIn, User
from ludo_bot.playground.standin.records import MANAGE_GUILD
from ludo_bot.playground.web import Page
from ludo_bot.storage import Storage

logger = logging.getLogger(__name__)

NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")  # the members `--members` may seat
MEMBERS = NAMES[:4]  # the page's members by default (five or more let a knockout play two rounds: `--members 6`)
MANAGER = "alice"  # the member with Manage Server: /ludo settings (and so the server's language) can be tried
# what the bot logs as errors: reported by `stop`
ERROR_LOGGERS = ("discord", "ludo_bot.bot", "ludo_bot.service.runtime.workers")


def playground_settings(standin: StandIn, data_dir: str | Path, **overrides: Any) -> BotSettings:
    """The bot's settings for the stand-in: its token, its guild for the commands, no shards or metrics of an
    operator's environment (`.env` is not read), the embedded Redis under `data_dir`."""
    fields: dict[str, Any] = {"discord_token": SecretStr(standin.token), "ludo_data_dir": str(data_dir),
                              "redis_url": None, "dev_guild_id": standin.guild.id, "shard_count": None,
                              "shard_ids": None, "metrics_port": None, **overrides}
    return BotSettings(_env_file=None, **fields)  # type: ignore[call-arg]


class Playground:
    """The stand-in with `members` in its guild (`manager` with a role that may manage the server), the bot connected
    to it, and the page on http://host:port/."""

    def __init__(self, *, data_dir: str | Path, port: int = 8080, host: str = "127.0.0.1",
                 members: Sequence[str] = MEMBERS, manager: str | None = MANAGER, storage: Storage | None = None,
                 **settings: Any) -> None:
        self.standin = StandIn()
        moderators = self.standin.add_role(self.standin.guild, "Moderators", MANAGE_GUILD)
        self.members: list[User] = [
            self.standin.install_app(self.standin.add_user(name, roles=[moderators] if name == manager else []))
            for name in members]
        # a group DM of every member, who all added the app to their account: a game there is played through
        # interactions alone, the bot being no member of it
        self.group = self.standin.add_group_dm("friends", *self.members)
        self.data_dir = Path(data_dir)
        self.host, self.port = host, port
        self._storage = storage  # the tests' Redis; otherwise the bot starts the embedded server in data_dir
        self._settings = settings
        self.runner: BotRunner | None = None
        self.bot: LudoBot | None = None
        self.page = Page(self.standin, self.members)

    @property
    def url(self) -> str:
        """The page's address (on this machine when it listens on every interface)."""
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://{host}:{self.page.port}/"

    async def start(self) -> None:
        await self.standin.start()
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            self.runner = BotRunner(self.standin, ready_timeout=30.0, error_loggers=ERROR_LOGGERS)
            bot = LudoBot(playground_settings(self.standin, self.data_dir, **self._settings), storage=self._storage)
            self.bot = await self.runner.start(bot)
            await self.standin.wait_until(lambda: self.standin.commands.get(self.standin.guild.id), timeout=10.0,
                                          what="the bot's commands")
            await self.page.start(self.host, self.port)
        except BaseException:
            await self.stop()
            raise

    async def stop(self) -> list[str]:
        """Stop everything; return what went wrong meanwhile (also logged): what Discord would have refused, and a
        shutdown that was not clean."""
        await self.page.stop()
        problems: list[str] = []
        if self.runner is not None:
            problems.extend(f"bot shutdown: {p}" for p in await self.runner.close_all())
            self.runner = None
        await self.standin.stop()
        problems.extend(f"Discord would have refused: {v}" for v in self.standin.violations)
        for problem in problems:
            logger.warning("%s", problem)
        return problems

    async def __aenter__(self) -> Playground:
        await self.start()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.stop()
