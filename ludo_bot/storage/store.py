"""`Storage`: one object the bot opens at start-up and closes at shutdown, holding the client, the embedded
server (when there is no `REDIS_URL`) and the stores.

>>> storage = await Storage.open()                  # doctest: +SKIP
>>> game = await storage.games.load_game("k3x9...")  # doctest: +SKIP
>>> await storage.close()                           # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable
from pathlib import Path

from ludo_bot.storage import scripts
from ludo_bot.storage.alerts import AlertStore
from ludo_bot.storage.client import Redis, guard, make_client, round_trips
from ludo_bot.storage.cooldowns import CooldownStore
from ludo_bot.storage.deadlines import DEFAULT_LEASE, DeadlineQueue
from ludo_bot.storage.games import DEFAULT_RETENTION, GameStore
from ludo_bot.storage.interactions import CLAIM_TTL, Inboxes, claim_interaction
from ludo_bot.storage.limits import LimitStore
from ludo_bot.storage.lobbies import LobbyStore
from ludo_bot.storage.refusals import RefusalStore
from ludo_bot.storage.rematches import RematchStore
from ludo_bot.storage.replays import ReplayStore
from ludo_bot.storage.reviews import ReviewStore
from ludo_bot.storage.roundtrips import RoundTripHook
from ludo_bot.storage.seasons import SeasonStore
from ludo_bot.storage.server import EmbeddedRedis
from ludo_bot.storage.settings import SettingsStore
from ludo_bot.storage.stats import StatsStore
from ludo_bot.storage.tournaments import TournamentStore

DEFAULT_DATA_DIR = "./data"
_ALL_SCRIPTS = (scripts.CAS_RECORD, scripts.CLAIM_CHANNEL, scripts.DELETE_IF_EQUAL, scripts.CLAIM_DUE,
                scripts.COMPLETE_DUE, scripts.SET_DUE, scripts.RECORD_RESULTS, scripts.DELETE_FIELD_IF_EQUAL,
                scripts.ADMIT_LOBBY, scripts.GIVE_BACK_LOBBY, scripts.CLAIM_CLICK, scripts.ADOPT_CLICKS, scripts.BEAT,
                scripts.SET_MESSAGE, scripts.SAVE_AND_SYNC, scripts.SYNC_DUE, scripts.SWAP_FIELD,
                scripts.CHANGE_ALERTS, scripts.QUEUE_ALERT, scripts.CLAIM_ALERTS, scripts.TAKE_ALERT,
                scripts.COUNT_TOURNAMENT, scripts.FORGET_SYNCED)


class Storage:
    """Everything in Redis the bot uses."""

    def __init__(self, redis: Redis, *, server: EmbeddedRedis | None = None, retention: int = DEFAULT_RETENTION,
                 lease: float = DEFAULT_LEASE) -> None:
        self.redis = redis
        self.server = server
        self.games = GameStore(redis, retention=retention)
        self.lobbies = LobbyStore(redis)
        self.limits = LimitStore(redis)  # the lobby and game stores count through their own
        self.settings = SettingsStore(redis)
        self.stats = StatsStore(redis)
        self.deadlines = DeadlineQueue(redis, lease=lease)
        self.inboxes = Inboxes(redis)
        self.rematches = RematchStore(redis)
        self.replays = ReplayStore(redis)
        self.reviews = ReviewStore(redis)
        self.cooldowns = CooldownStore(redis)
        self.alerts = AlertStore(redis)
        self.seasons = SeasonStore(redis, lease=lease)
        self.tournaments = TournamentStore(redis, self.deadlines, retention=retention)
        self.refusals = RefusalStore(redis)

    @classmethod
    async def open(cls, url: str | None = None, *, data_dir: str | os.PathLike[str] | None = None,
                   maxmemory: str | None = None, retention: int = DEFAULT_RETENTION,
                   lease: float = DEFAULT_LEASE) -> Storage:
        """Connect to `url`, else `$REDIS_URL`, else start the embedded server in `data_dir` (else
        `$LUDO_DATA_DIR`, else ./data), its memory capped at `maxmemory` (e.g. "512mb"; None: no cap). Checks the
        server answers and loads the scripts."""
        url = url or os.environ.get("REDIS_URL") or None
        server: EmbeddedRedis | None = None
        if url is None:
            folder = Path(data_dir or os.environ.get("LUDO_DATA_DIR") or DEFAULT_DATA_DIR)
            server = EmbeddedRedis(folder, maxmemory=maxmemory)
            url = await asyncio.to_thread(server.start)
        storage = cls(make_client(url), server=server, retention=retention, lease=lease)
        try:
            await storage.ping()
            async with guard("load scripts"):
                for source in _ALL_SCRIPTS:
                    await storage.redis.script_load(source)
        except BaseException:
            await storage.close()
            raise
        return storage

    async def ping(self) -> None:
        """Raise `StorageUnavailable` unless Redis answers."""
        async with guard("ping"):
            await self.redis.ping()

    def observe(self, hook: RoundTripHook) -> Callable[[], None]:
        """Tell `hook` of every round trip to Redis (and the error it met; see `storage.roundtrips`) from now on;
        returns what stops it."""
        hooks = round_trips(self.redis).hooks
        hooks.append(hook)

        def stop() -> None:
            with contextlib.suppress(ValueError):
                hooks.remove(hook)
        return stop

    async def claim_interaction(self, interaction_id: int | str, ttl: int = CLAIM_TTL) -> bool:
        """True for the first process to handle this interaction."""
        return await claim_interaction(self.redis, interaction_id, ttl)

    async def close(self) -> None:
        """Close the connections and stop the embedded server if this process started it."""
        await self.redis.aclose()
        if self.server is not None and self.server.owned:
            await asyncio.to_thread(self.server.stop)
