"""Faults under load, a short version of `python -m benchmarks.load --faults`: two bot processes (shards 0 and 1
of 2) and one embedded Redis with its append-only file, games played through one stand-in, while one bot process
is killed (SIGKILL) and started again, Redis is restarted, and Redis is paused for 5 seconds. Every game goes on to
its end, its log replays to its stored state, no accepted click is lost or applied twice, and clicks made during
the Redis outages got a private answer (only a click handed to the process at the moment it was killed may go
unanswered: Discord shows "This interaction failed" then)."""

from __future__ import annotations

from benchmarks.load import run
from tests.conftest import needs_embedded


@needs_embedded
async def test_games_survive_a_killed_bot_a_redis_restart_and_a_redis_pause() -> None:
    report = await run(12, 2, with_faults=True, quiet=True)
    assert report.finished == 12, (report.stats.errors, report.problems, report.check.problems)
    assert not report.stats.errors and not report.problems and not report.check.problems
    assert report.check.verified == 12
    assert report.lost == 0 and report.duplicated == 0
    assert [what for what, _, _ in report.stats.outages] == [
        "kill -9 bot process 1 and start it again", "restart Redis", "pause Redis for 5 s"]
    assert any(kind.startswith(("restart Redis: storage unavailable", "pause Redis for 5 s: storage unavailable"))
               for kind in report.stats.outage_answers), report.stats.outage_answers
    unexplained = {what: n for what, n in report.unanswered_by_outage.items() if not what.startswith("kill -9")}
    assert not unexplained, report.unanswered_by_outage
