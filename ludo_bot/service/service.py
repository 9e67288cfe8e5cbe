"""`Service`: the game service one bot process uses, wired once at start-up over one `Storage`."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from ludo_bot.service import limits
from ludo_bot.service.alerts import Alerts
from ludo_bot.service.archive import Archive
from ludo_bot.service.cooldowns import Cooldowns
from ludo_bot.service.deadlines import IDLE_END, Deadlines
from ludo_bot.service.games import Games
from ludo_bot.service.guilds import Guilds
from ludo_bot.service.lobbies import Lobbies
from ludo_bot.service.moderation import Moderation
from ludo_bot.service.refusals import Refusals
from ludo_bot.service.rematch import Rematches
from ludo_bot.service.replays import Replays
from ludo_bot.service.reviews import Reviews
from ludo_bot.service.runtime.takeover import Takeover
from ludo_bot.service.runtime.thinking import ProcessPool
from ludo_bot.service.seasons import Seasons
from ludo_bot.service.tournaments.organise import Tournaments
from ludo_bot.service.tournaments.rounds import TourneyRounds
from ludo_bot.storage import LobbyLimits, Storage


class Service:
    """Lobbies, rematches, games, a moderator's end of one member's games, deadlines, guild settings and rating
    seasons, tournaments and their rounds, reads for the commands, replays, the waits between expensive commands, this
    process's takeover inbox, turn alerts by direct message, and what Discord refused the bot for good per channel."""

    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time,
                 new_seed: Callable[[], int] = lambda: secrets.randbits(63),
                 defaults: Mapping[str, Any] | None = None, open_limits: LobbyLimits | None = None,
                 idle_end: float = IDLE_END, cooldowns: Mapping[str, float] | None = None) -> None:
        self.storage = storage  # the service's own; ludo_bot/bot/ goes through the parts below
        self.clock = clock
        self.guilds = Guilds(storage, defaults)
        self.takeover = Takeover(storage)
        self.alerts = Alerts(storage, clock=clock)
        self.thinking = ProcessPool("ai")  # master's turns (see `Games.think`)
        self.seasons = Seasons(storage, self.guilds, clock=clock)
        self.games = Games(storage, self.guilds, self.takeover, clock=clock, new_seed=new_seed, alerts=self.alerts,
                           thinking=self.thinking, seasons=self.seasons)
        self.lobbies = Lobbies(storage, self.guilds, self.games, open_limits=open_limits or limits.DEFAULT_LIMITS)
        self.rematches = Rematches(storage, self.games, self.lobbies)
        self.moderation = Moderation(storage, self.games, self.lobbies)  # (a member's games ended at once)
        self.deadlines = Deadlines(storage, self.games, idle_end=idle_end)  # (an idle game's end: seconds)
        self.tournaments = Tournaments(storage, self.guilds, clock=clock, new_seed=new_seed, wake=self.games.due_now)
        self.rounds = TourneyRounds(storage, self.tournaments, self.games, self.guilds, clock=clock)
        self.archive = Archive(storage)
        self.reviews = Reviews(storage)  # (its own worker processes: a review never delays an AI's turn)
        self.replays = Replays(storage, reviews=self.reviews)  # (a replay keeps the review's costliest decisions)
        self.cooldowns = Cooldowns(storage, cooldowns)
        self.refusals = Refusals(storage, self.games)  # what Discord refused the bot for good, per channel

    @classmethod
    async def open(cls, url: str | None = None, *, data_dir: str | None = None, **options: Any) -> Service:
        """Open storage (`Storage.open`: `url`, else `$REDIS_URL`, else the embedded server) and the service on
        it; `close` closes the storage again."""
        return cls(await Storage.open(url, data_dir=data_dir), **options)

    async def close(self) -> None:
        """Stop drawing replays, the worker processes, and close the storage."""
        await self.replays.close()
        self.thinking.close()
        self.reviews.close()
        await self.storage.close()
