"""The bot process's health, for `ludo-bot health` (the container's health check) and the metrics endpoint's
``/health``: the running bot writes what its supervisor knows of each worker (`service.runtime.workers.Liveness`) to a
file in its data folder every `WRITE_EVERY` seconds; the check reads it.

Healthy: the file is fresh (the event loop is not stuck), and every worker is alive: its loop runs (it did not
crash, or was started again) and its last iteration that did its work is recent enough (a worker failing on
storage errors for longer counts as dead too).
"""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

from ludo_bot.bot.settings import BotSettings
from ludo_bot.service.runtime.workers import Liveness

logger = logging.getLogger(__name__)
WRITE_EVERY = 10.0  # seconds between two writes of the health file
STALE_AFTER = 120.0  # seconds after which an unchanged file means the bot is stuck or gone


def health_path(settings: BotSettings) -> Path:
    """The file the running bot writes its workers' liveness to."""
    return Path(settings.ludo_data_dir) / "health.json"


def write(path: Path, workers: list[Liveness], now: float | None = None) -> None:
    """Write the workers' liveness; OSError when the folder cannot be written (see `HealthFile`)."""
    text = json.dumps({"written": time.time() if now is None else now,
                       "workers": [worker.as_json() for worker in workers]})
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    partial.write_text(text)
    partial.replace(path)  # a reader never sees half a file


class HealthFile:
    """The running bot's health file. A write that fails (a folder owned by another user, a read-only or full disk)
    does not stop the bot, but the health check then fails: so each failure is logged with the file and the
    error (the first, then at 2, 4, 8, ... in a row, as the workers log storage errors), and once when a write
    works again."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.failures = 0

    def write(self, workers: list[Liveness], now: float | None = None) -> bool:
        """Write the workers' liveness; False (logged) when it could not be written."""
        try:
            write(self.path, workers, now)
        except OSError as error:
            self.failures += 1
            if self.failures & (self.failures - 1) == 0:
                logger.error("cannot write the health file %s (%d failures in a row; `ludo-bot health` fails until "
                             "it is written): %s", self.path, self.failures, error)
            return False
        if self.failures:
            logger.warning("health file %s written again, after %d failures", self.path, self.failures)
            self.failures = 0
        return True


def problems(written: float, workers: list[Liveness], now: float) -> list[str]:
    """What is wrong, one line each; none when healthy."""
    found = [] if now - written < STALE_AFTER else [f"not refreshed for {now - written:.0f} s: the bot is stuck "
                                                    "or not running"]
    for worker in workers:
        if not worker.running:
            found.append(f"worker {worker.name} is dead (crashed; {worker.restarts} restarts)")
        elif not worker.alive(now):
            found.append(f"worker {worker.name} did no work for {now - (worker.last_ok or worker.started):.0f} s "
                         f"({worker.failures} storage errors in a row)")
    return found


def describe(worker: Liveness, now: float) -> str:
    """One line on a worker, for an operator."""
    last = "never" if worker.last_ok is None else f"{now - worker.last_ok:.1f} s ago"
    state = "alive" if worker.alive(now) else "DEAD"
    return (f"{worker.name}: {state}, last iteration {last}, {worker.restarts} restarts, "
            f"{worker.failures} storage errors in a row")


def judge(written: float, workers: list[Liveness], now: float) -> tuple[bool, list[str]]:
    """(healthy, lines for an operator): the problems, then a line per worker."""
    found = problems(written, workers, now)
    return not found, found + [describe(worker, now) for worker in workers]


def check(settings: BotSettings, now: float | None = None) -> tuple[bool, list[str]]:
    """`judge` the health file of the bot running with `settings`."""
    at = time.time() if now is None else now
    try:
        data = json.loads(health_path(settings).read_text())
        written = float(data["written"])
        workers = [Liveness.from_json(item) for item in data["workers"]]
    except (OSError, ValueError, KeyError, TypeError) as error:
        return False, [f"no health file of a running bot ({error})"]
    return judge(written, workers, at)
