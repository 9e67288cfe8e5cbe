"""Every worker's timings in one object, as `LudoBot` passes them on: the defaults are the production values,
and tests (or the fuzz) give quicker ones to the bot's constructor instead of changing module constants."""

from __future__ import annotations

from dataclasses import dataclass

from ludo_bot.bot.plumbing import health
from ludo_bot.bot.workers import alerts, deadlines, seasons
from ludo_bot.service.runtime import takeover, workers
from ludo_bot.service.runtime.workers import Polling


@dataclass(frozen=True)
class WorkerTimings:
    """Seconds: each worker's `Polling`, the supervisor's restarts of a crashed loop (`restart_first` doubling to
    `restart_cap`), and how often the health file is written."""

    deadlines: Polling = deadlines.POLLING
    alerts: Polling = alerts.POLLING
    seasons: Polling = seasons.POLLING
    beat: Polling = takeover.BEAT
    restart_first: float = workers.RESTART_FIRST
    restart_cap: float = workers.RESTART_CAP
    health_every: float = health.WRITE_EVERY
