"""The health file the running bot writes for `ludo-bot health`: a write that fails is logged with the file and the
error (the check then fails, so an operator must be able to see why), and once when writing works again."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

from ludo_bot.bot.plumbing import health
from ludo_bot.bot.settings import BotSettings
from ludo_bot.service.runtime.workers import Liveness


def test_a_failed_write_is_logged_and_the_check_fails_until_a_write_works_again(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    settings = BotSettings(_env_file=None, ludo_data_dir=str(tmp_path / "data"))  # type: ignore[call-arg]
    (tmp_path / "data").write_text("")  # a file where the folder should be: nothing can be written in it
    file = health.HealthFile(health.health_path(settings))
    workers = [Liveness("beat", stale_after=30.0, running=True, started=time.time())]
    with caplog.at_level(logging.WARNING, logger="ludo_bot.bot.plumbing.health"):
        assert [file.write(workers) for _ in range(5)] == [False] * 5
    logged = [r.getMessage() for r in caplog.records]
    assert len(logged) == 3  # the 1st, 2nd and 4th failure in a row: a long outage does not flood the log
    assert all(f"cannot write the health file {tmp_path}/data/health.json" in line for line in logged), logged
    assert "4 failures in a row" in logged[-1] and "File exists" in logged[-1]
    healthy, lines = health.check(settings)
    assert not healthy and lines[0].startswith("no health file"), lines

    caplog.clear()
    (tmp_path / "data").unlink()
    with caplog.at_level(logging.WARNING, logger="ludo_bot.bot.plumbing.health"):
        assert file.write(workers)
    assert [r.getMessage() for r in caplog.records] == [
        f"health file {tmp_path}/data/health.json written again, after 5 failures"]
    assert health.check(settings)[0]
