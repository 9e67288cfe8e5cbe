"""The HTTP endpoint of a bot process, with `METRICS_PORT` set: ``/metrics`` for Prometheus (`bot.plumbing.metrics`) and
``/health`` (200 when every worker is alive, else 503; the lines of `ludo-bot health` either way). It runs on the
bot's event loop (aiohttp, which discord.py brings), so a scrape reads storage without a thread of its own."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from ludo_bot.bot.plumbing.metrics import Metrics

logger = logging.getLogger(__name__)


class Endpoint:
    """Serves `metrics` (refreshing the active games with `games` on a scrape) and `health` (healthy, lines)."""

    def __init__(self, metrics: Metrics, *, games: Callable[[], Awaitable[int]],
                 health: Callable[[], tuple[bool, list[str]]]) -> None:
        self.metrics = metrics
        self.games = games
        self.health = health
        self._runner: web.AppRunner | None = None
        self.port = 0

    async def start(self, host: str, port: int) -> int:
        """Listen on `host`:`port` (0: a free port); returns the port."""
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/health", self._health)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        logger.info("metrics on http://%s:%d/metrics", host, self.port)
        return self.port

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _metrics(self, request: web.Request) -> web.Response:
        await self.metrics.refresh_games(self.games)
        return web.Response(body=generate_latest(self.metrics.registry), headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _health(self, request: web.Request) -> web.Response:
        healthy, lines = self.health()
        return web.Response(text="\n".join(["ok" if healthy else "unhealthy", *lines]) + "\n",
                            status=200 if healthy else 503)
