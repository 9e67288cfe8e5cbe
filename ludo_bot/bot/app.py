"""The bot: wires storage, service, buttons, commands, the supervised workers (deadlines, the takeover's beat, turn
alerts, seasons' ends), the metrics and the health file together once, at start-up."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from ludo_bot.bot import commands
from ludo_bot.bot.buttons.components import DYNAMIC_ITEMS, handled
from ludo_bot.bot.errors import answer_privately
from ludo_bot.bot.handlers import Handlers
from ludo_bot.bot.plumbing import health
from ludo_bot.bot.plumbing.endpoint import Endpoint
from ludo_bot.bot.plumbing.metrics import Metrics
from ludo_bot.bot.plumbing.pacing import Gate
from ludo_bot.bot.plumbing.refusals import Forget
from ludo_bot.bot.plumbing.translator import LudoTranslator, user_locale
from ludo_bot.bot.settings import BotSettings
from ludo_bot.bot.tourney import TourneyWork
from ludo_bot.bot.workers.alerts import AlertWorker
from ludo_bot.bot.workers.deadlines import DeadlineWorker
from ludo_bot.bot.workers.seasons import SeasonWorker
from ludo_bot.bot.workers.takeover import Adoption
from ludo_bot.bot.workers.timings import WorkerTimings
from ludo_bot.render import shaping_warning
from ludo_bot.service import Service
from ludo_bot.service.runtime.workers import Supervisor
from ludo_bot.service.words.i18n import translate
from ludo_bot.storage import Storage

logger = logging.getLogger(__name__)


class LudoTree(app_commands.CommandTree[Any]):
    """The /ludo commands; errors raised before a command body runs are answered privately."""

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        logger.info("command refused: user=%s command=%s: %s", interaction.user.id,
                    interaction.command.qualified_name if interaction.command else "?", error)
        try:
            await answer_privately(interaction, translate(user_locale(interaction), "error.command", error=error))
        except discord.HTTPException:
            logger.warning("could not answer interaction %s", interaction.id)


def command_tree(client: discord.Client) -> LudoTree:
    """The /ludo command tree of a client (the bot, or the one-off client of `ludo-bot sync`); its translator
    is installed by `localize`."""
    tree = LudoTree(client)
    commands.add_to(tree)
    return tree


async def localize(tree: app_commands.CommandTree[Any]) -> None:
    """Install the translator, so that a sync sends the commands' texts in every language of the table."""
    await tree.set_translator(LudoTranslator())


async def open_storage(settings: BotSettings) -> Storage:
    """The storage of `settings`: `REDIS_URL`'s server, else the embedded one in `LUDO_DATA_DIR`."""
    return await Storage.open(settings.redis_url, data_dir=settings.ludo_data_dir, maxmemory=settings.maxmemory(),
                              retention=round(settings.game_retention_days * 24 * 3600))


def without_voice() -> None:
    """The bot never joins a voice channel: discord.py's warnings at a client's creation that voice would need PyNaCl
    and davey are noise in every operator's log."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


class LudoBot(discord.AutoShardedClient):
    """One bot process: the shards in `SHARD_IDS` of `SHARD_COUNT` (all shards when unset)."""

    def __init__(self, settings: BotSettings, *, storage: Storage | None = None,
                 clock: Callable[[], float] = time.time, timings: WorkerTimings | None = None) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads; no message content is read
        shards: dict[str, Any] = {"shard_ids": settings.shard_ids} if settings.shard_ids else {}
        self.gate = Gate(settings.requests_per_second())  # the process's share of the token's global limit
        self.metrics = Metrics()  # this process's own registry
        self.metrics.watch_refused(self.gate.refused.count)
        trace = self.gate.trace()
        self.metrics.trace(trace)
        without_voice()
        super().__init__(intents=intents, shard_count=settings.shard_count, http_trace=trace,
                         allowed_mentions=discord.AllowedMentions.none(), **shards)
        self.settings = settings
        self.tree = command_tree(self)
        self._given_storage = storage  # tests pass theirs; otherwise it is opened at start-up
        self._clock = clock  # the time deadlines are set and claimed by (tests drive it)
        self.timings = timings or WorkerTimings()  # the workers' (tests pass quicker ones)
        self.storage: Storage | None = None
        self.handlers: Handlers | None = None
        self.forget: Forget | None = None  # the refusals the gateway's news may lift (`bot.plumbing.refusals`)
        self._deadlines: DeadlineWorker | None = None
        self._alerts: AlertWorker | None = None
        self._seasons: SeasonWorker | None = None
        self._adoption: Adoption | None = None
        self._worker: asyncio.Task[None] | None = None
        self.supervisor = Supervisor(restart_first=self.timings.restart_first, restart_cap=self.timings.restart_cap)
        self.metrics.watch_workers(self.supervisor.report)
        self.endpoint: Endpoint | None = None
        self._unobserve: Callable[[], None] | None = None
        self._closing: asyncio.Future[None] | None = None

    async def setup_hook(self) -> None:
        unshaped = shaping_warning()
        if unshaped:  # once a process: the pictures still draw every letter
            logger.warning(unshaped)
        days = 24 * 3600
        self.storage = self._given_storage or await open_storage(self.settings)
        self._unobserve = self.storage.observe(self.metrics.round_trip)
        service = Service(self.storage, clock=self._clock, defaults=self.settings.guild_defaults(),
                          open_limits=self.settings.open_limits(), idle_end=self.settings.idle_end_days * days,
                          cooldowns=self.settings.cooldowns())
        self.handlers = Handlers(self, service, concurrency=self.settings.max_concurrent_clicks, meter=self.metrics)
        self.forget = Forget(service)
        tourney = TourneyWork(self, service, self.handlers.live, self.handlers.outbox)
        timings = self.timings
        self._deadlines = DeadlineWorker(service, self.handlers.live, tourney, timings.deadlines)
        self._alerts = AlertWorker(self, service, self.handlers.outbox, timings.alerts)
        self._adoption = Adoption(self, service.takeover, timings.beat)
        self._seasons = SeasonWorker(self, service, self.handlers.outbox, timings.seasons)
        for worker in (self._deadlines, self._adoption, self._alerts, self._seasons):
            self.supervisor.add(worker.new_pulse(), worker.run)
        if self.settings.metrics_port is not None:
            self.endpoint = Endpoint(self.metrics, games=service.deadlines.running, health=self.health)
            await self.endpoint.start(self.settings.metrics_host, self.settings.metrics_port)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await localize(self.tree)
        if self.settings.dev_guild_id:  # development: commands appear at once in one guild
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        self._worker = asyncio.create_task(self._background(), name="ludo-background")

    async def _background(self) -> None:
        """The workers, under the supervisor, and the health file for the container's health check (`ludo-bot
        health`)."""
        self.supervisor.start()
        file = health.HealthFile(health.health_path(self.settings))
        try:
            while True:
                file.write(self.supervisor.report())
                await asyncio.sleep(self.timings.health_every)
        finally:
            await self.supervisor.stop(timeout=5.0)  # their end, so that a shutdown does not cut one short

    def health(self) -> tuple[bool, list[str]]:
        """(healthy, lines for an operator) of this process now: every worker alive (see `bot.plumbing.health`)."""
        now = time.time()
        return health.judge(now, self.supervisor.report(), now)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answer clicks that no button of ours will take: discord.py would leave them unanswered. Every
        interaction's `app_permissions` may lift what Discord refused the bot in its channel (its own task: the
        answer does not wait for it)."""
        if self.forget is not None:
            await self.forget.interaction(interaction)
        if interaction.type is not discord.InteractionType.component or self.handlers is None:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if not handled(custom_id, interaction.message):
            await self.handlers.clicks.unknown(interaction)

    # -- the gateway's news of permissions (`bot.plumbing.refusals`): what Discord refused may be allowed now ---------
    async def on_guild_channel_update(self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        if self.forget is not None:
            await self.forget.channel(after)

    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        if self.forget is not None:
            await self.forget.channels([after.id])

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        if self.forget is not None:
            await self.forget.gone(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        if self.forget is not None:
            await self.forget.gone(payload.thread_id)

    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        if self.forget is not None:
            await self.forget.guild(after.guild)

    async def on_guild_role_delete(self, role: discord.Role) -> None:
        if self.forget is not None:
            await self.forget.guild(role.guild)

    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        if self.forget is not None and self.user is not None and after.id == self.user.id:  # the bot's roles
            await self.forget.guild(after.guild)

    async def on_guild_update(self, before: discord.Guild, after: discord.Guild) -> None:
        if self.forget is not None:
            await self.forget.guild(after)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        if self.forget is not None:  # (added again, perhaps with other permissions)
            await self.forget.guild(guild)

    async def close(self) -> None:
        """Stop cleanly: the endpoint, the workers, the clicks in flight (answered, or left to another process's
        takeover), the gateway and HTTP sessions, then the storage it opened. A second call waits for the first."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        if self.endpoint is not None:
            await self.endpoint.close()
        if self._worker is not None:
            self._worker.cancel()
            await asyncio.wait({self._worker}, timeout=6.0)
        if self.handlers is not None:
            await self.handlers.close(timeout=5.0)
        if self._adoption is not None:
            await self._adoption.leave()
        await super().close()
        self.gate.close()
        if self._unobserve is not None:
            self._unobserve()
        if self.storage is not None and self._given_storage is None:
            await self.storage.close()
