"""The bot process's metrics, in a Prometheus registry of its own (several bots in one test process do not clash),
served with `METRICS_PORT` by `bot.plumbing.endpoint`:

==========================================  =========  ===========================================================
``ludo_clicks_total{outcome}``              counter    button clicks by how they ended: applied, refused, stale,
                                                       duplicate, unavailable (storage), error (`bot.clicks`)
``ludo_click_seconds``                      histogram  from a click's arrival to the end of its handler (answered)
``ludo_discord_requests_total{route,status}`` counter  HTTP requests to Discord (interaction callbacks included),
                                                       by route template (``POST /channels/{id}/messages``)
``ludo_discord_rate_limited_total{route,bucket,scope}``  429 answers, by route, Discord's bucket hash, scope
``ludo_discord_refused_10m``                gauge      this process's responses of 401, 403 and 429 in the last 10
                                                       minutes (Discord bans the address at 10,000; calls that
                                                       answer nobody slow down from 500: `bot.plumbing.refusals`)
``ludo_redis_round_trips_total{command}``   counter    round trips to Redis (a pipeline or transaction is one)
``ludo_redis_errors_total{command,kind}``   counter    of them, those that failed: the reply's code (READONLY,
                                                       MISCONF, OOM, LOADING, ...; NOSCRIPT is a script's first
                                                       run after a Redis restart, loaded then), timeout,
                                                       connection, cancelled (out of time)
``ludo_redis_round_trip_seconds``           histogram  their duration
``ludo_active_games``                       gauge      games with a turn running, read from storage on a scrape
                                                       (at most every `GAMES_EVERY` seconds)
``ludo_worker_up{worker}``                  gauge      1 while a background worker is alive (`service.runtime.workers`)
``ludo_worker_restarts_total{worker}``      counter    restarts after a crash
``ludo_worker_storage_failures{worker}``    gauge      storage errors in a row now
``ludo_worker_last_success_timestamp_seconds{worker}``  when its last iteration did its work
==========================================  =========  ===========================================================

Storage counts through the hook it exposes (`Storage.observe`), so it imports no metrics library; Discord calls
are seen by an aiohttp trace hook on discord.py's session, the one the gate paces with (`bot.plumbing.pacing.Gate`),
so every request is counted as it really went out, retries and 429s included.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from ludo_bot.service import StorageError
from ludo_bot.service.runtime.workers import Liveness

logger = logging.getLogger(__name__)
CLICK_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)  # seconds; Discord allows 3
REDIS_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
GAMES_EVERY = 10.0  # seconds: a scrape reads the number of active games from storage at most this often
_WORD = re.compile(r"[a-z@_-]+")


def route_of(method: str, path: str) -> str:
    """The route template of a request to Discord's API: ids become ``{id}``, webhook and interaction tokens (and
    anything else that is not a plain word) ``{token}``, so no secret and no unbounded label reaches the metrics."""
    parts: list[str] = []
    for part in re.sub(r"^/api/v\d+", "", path).split("/")[1:]:
        if part.isdigit():
            parts.append("{id}")
        elif _WORD.fullmatch(part) and not (len(parts) >= 2 and parts[-2] in ("webhooks", "interactions")):
            parts.append(part)
        else:
            parts.append("{token}")
    return f"{method.upper()} /{'/'.join(parts)}"


class Metrics:
    """One bot process's counters (see the module's text)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        into = self.registry
        self.clicks = Counter("ludo_clicks", "Button clicks by outcome", ["outcome"], registry=into)
        self.click_seconds = Histogram("ludo_click_seconds", "Seconds from a click's arrival to its answer",
                                       buckets=CLICK_BUCKETS, registry=into)
        self.discord_requests = Counter("ludo_discord_requests", "Requests to Discord by route and status",
                                        ["route", "status"], registry=into)
        self.discord_rate_limited = Counter("ludo_discord_rate_limited", "429 answers from Discord",
                                            ["route", "bucket", "scope"], registry=into)
        self.redis_round_trips = Counter("ludo_redis_round_trips", "Round trips to Redis by command", ["command"],
                                         registry=into)
        self.redis_errors = Counter("ludo_redis_errors", "Redis calls that failed, by command and kind",
                                    ["command", "kind"], registry=into)
        self.redis_seconds = Histogram("ludo_redis_round_trip_seconds", "Seconds of a round trip to Redis",
                                       buckets=REDIS_BUCKETS, registry=into)
        self.active_games = Gauge("ludo_active_games", "Games with a turn running", registry=into)
        self.discord_refused = Gauge("ludo_discord_refused_10m", "Responses of 401, 403 and 429 in the last 10 minutes",
                                     registry=into)
        self._games_at = float("-inf")
        # Each labelled series once: prometheus-client's `labels` checks and locks on every call, and a click counts
        # several (its Redis round trips, its Discord requests); the label values are a few dozen in all.
        self._series: dict[tuple[Counter, tuple[str, ...]], Counter] = {}
        self._workers: Callable[[], list[Liveness]] = list
        into.register(_Workers(lambda: self._workers()))

    # --- what the parts tell -------------------------------------------------------------------------------------

    def click(self, outcome: str, seconds: float) -> None:
        """A click ended (`bot.clicks.ClickMeter`)."""
        self._series_of(self.clicks, outcome).inc()
        self.click_seconds.observe(seconds)

    def round_trip(self, command: str, seconds: float, error: str | None) -> None:
        """A round trip to Redis (`storage.roundtrips.RoundTripHook`)."""
        self._series_of(self.redis_round_trips, command).inc()
        self.redis_seconds.observe(seconds)
        if error is not None:
            self.redis_errors.labels(command, error).inc()

    def _series_of(self, metric: Counter, *values: str) -> Counter:
        series = self._series.get((metric, values))
        if series is None:
            series = self._series[metric, values] = metric.labels(*values)
        return series

    def watch_refused(self, count: Callable[[], int]) -> None:
        """Where the count of refused responses in 10 minutes is read from on a scrape (the gate's)."""
        self.discord_refused.set_function(count)

    def watch_workers(self, report: Callable[[], list[Liveness]]) -> None:
        """Where the worker gauges are read from on a scrape (the supervisor's report)."""
        self._workers = report

    def trace(self, config: aiohttp.TraceConfig) -> None:
        """Count every request of discord.py's session (`http_trace`) as it ends."""
        config.on_request_end.append(self._ended)
        config.on_request_exception.append(self._failed)

    async def _ended(self, session: aiohttp.ClientSession, context: Any,
                     params: aiohttp.TraceRequestEndParams) -> None:
        if not params.url.path.startswith("/api/"):  # the gateway
            return
        route = route_of(params.method, params.url.path)
        response = params.response
        self._series_of(self.discord_requests, route, str(response.status)).inc()
        if response.status == 429:
            headers = response.headers
            bucket = headers.get("X-RateLimit-Bucket") or ("global" if headers.get("X-RateLimit-Global") else "?")
            self.discord_rate_limited.labels(route, bucket, headers.get("X-RateLimit-Scope", "user")).inc()

    async def _failed(self, session: aiohttp.ClientSession, context: Any,
                      params: aiohttp.TraceRequestExceptionParams) -> None:
        if params.url.path.startswith("/api/"):
            self.discord_requests.labels(route_of(params.method, params.url.path), "error").inc()

    async def refresh_games(self, count: Callable[[], Awaitable[int]]) -> None:
        """Read the number of active games, unless it was read less than `GAMES_EVERY` seconds ago (a storage
        error keeps the last number; the error itself is counted with Redis's)."""
        if time.monotonic() - self._games_at < GAMES_EVERY:
            return
        try:
            self.active_games.set(await count())
        except StorageError as error:
            logger.warning("metrics: active games not read: %s", error)
            return
        self._games_at = time.monotonic()


class _Workers(Collector):
    """The worker gauges, read from the supervisor on each scrape."""

    def __init__(self, report: Callable[[], list[Liveness]]) -> None:
        self.report = report

    def collect(self) -> Iterator[Metric]:
        now = time.time()
        up = GaugeMetricFamily("ludo_worker_up", "1 while the background worker is alive", labels=["worker"])
        restarts = CounterMetricFamily("ludo_worker_restarts", "Restarts of the worker after a crash",
                                       labels=["worker"])
        failures = GaugeMetricFamily("ludo_worker_storage_failures", "Storage errors in a row of the worker",
                                     labels=["worker"])
        last = GaugeMetricFamily("ludo_worker_last_success_timestamp_seconds",
                                 "When the worker's last iteration did its work", labels=["worker"])
        for worker in self.report():
            up.add_metric([worker.name], 1.0 if worker.alive(now) else 0.0)
            restarts.add_metric([worker.name], worker.restarts)
            failures.add_metric([worker.name], worker.failures)
            if worker.last_ok is not None:
                last.add_metric([worker.name], worker.last_ok)
        yield from (up, restarts, failures, last)
