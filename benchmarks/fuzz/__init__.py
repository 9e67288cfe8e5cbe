"""Fuzz the whole bot through the Discord stand-in: `python -m benchmarks.fuzz [--seed S] [--interactions N]
[--games G]` (a short version runs in the tests: tests/bot/test_fuzz.py).

One embedded Redis behind the fault proxy (tests/faultproxy.py), the Discord stand-in (tests/bot/standin) and two
bots (shards 0 and 1 of 2, the real `LudoBot`) run in this process (see `world`). `--games` lanes play at the same
time, each in a channel of its own with its own members: step by step, a lane's members make 1-3 random moves at
once (`moves`: buttons of the live game, lobbies, earlier turns, forged ids, other guilds' games, every /ludo
command with random options, one button pressed by several at the same moment) while Redis is paused, restarted
or answers with errors now and then and the service clock jumps (`faults`). After every step the lane's
invariants are checked (`checks`): every interaction answered once within 3 s, nothing refused by the stand-in, no
traceback logged, every game's log replays to its state and was changed only by someone who may act, the bots'
workers running.

Every random choice comes from the seed: a lane's step from (seed, lane, step), the fault schedule and the
games' dice seeds from the seed. Timing is not seeded (which of two clicks at the same moment wins, where a fault
falls among the steps), so a failure is reproduced by running its seed again, usually at the same step.
The last line: `fuzz: <n> interactions, <m> faults, <k> invariant failures`.
"""

from __future__ import annotations

import asyncio
import collections
import random
import time
from dataclasses import dataclass, field

from benchmarks.fuzz.checks import Checks, Failure
from benchmarks.fuzz.faults import QUIET, Faults
from benchmarks.fuzz.known import known
from benchmarks.fuzz.moves import Moves
from benchmarks.fuzz.world import Lane, World

SHOWN = 20  # failures printed in full


@dataclass
class Report:
    seed: int
    interactions: int
    faults: int
    failures: list[Failure]
    seconds: float
    moves: dict[str, int] = field(default_factory=dict)
    fault_kinds: dict[str, int] = field(default_factory=dict)
    clock_jumps: int = 0

    @property
    def new(self) -> list[Failure]:
        """The failures that are no known bug (`known`)."""
        return [failure for failure in self.failures if known(failure) is None]

    @property
    def line(self) -> str:
        return (f"fuzz: {self.interactions} interactions, {self.faults} faults, {len(self.failures)} invariant "
                "failures")


class Budget:
    """Interactions left to make, over every lane."""

    def __init__(self, total: int) -> None:
        self.total, self.made = total, 0

    @property
    def left(self) -> bool:
        return self.made < self.total


async def run(*, seed: int = 1, interactions: int = 10_000, games: int = 6, faults: bool = True,
              gaps: tuple[float, float] = QUIET, quiet: bool = False) -> Report:
    def say(text: str) -> None:
        if not quiet:
            print(text, flush=True)

    started = time.monotonic()
    world = await World.open(games)
    world.seeded(seed)
    schedule = Faults(world, seed, quiet=gaps)
    checks = Checks(world, schedule)
    budget = Budget(interactions)
    moves: dict[str, int] = {}
    stop = asyncio.Event()
    say(f"fuzz: seed {seed}, {interactions} interactions in {games} lanes, 2 bots, embedded Redis behind the "
        f"fault proxy{'' if faults else ', no faults'}")
    try:
        fault_task = asyncio.create_task(schedule.run(stop) if faults else stop.wait())
        reporter = asyncio.create_task(_progress(budget, schedule, checks, started, say))
        await asyncio.gather(*(_lane(world, checks, lane, seed, budget, moves) for lane in world.lanes))
        stop.set()
        await fault_task
        reporter.cancel()
        await schedule.end()
        for bot in world.bots:  # what the bots still do (outbox, catch-ups), then the last look at everything
            assert bot.handlers is not None
            await bot.handlers.drain(timeout=20.0)
        for lane in world.lanes:
            await checks.lane(lane, f"lane {lane.number} at the end", full=True)
        checks.completed("the end", final=True)
        checks.bots("the end")
    finally:
        stop.set()
        await schedule.end()
        problems = await world.close()
    checks.logs("shutdown")
    for problem in problems:  # (what was logged is in the check above)
        if not problem.startswith(("logged by ", "event loop error: ")):
            checks.fail("traceback", "shutdown", problem)
    report = Report(seed, budget.made, schedule.count, checks.failures, time.monotonic() - started, moves,
                    dict(schedule.made), schedule.jumps)
    say(f"moves: {dict(sorted(moves.items()))}")
    statuses = collections.Counter(seen.status for seen in checks.games.values())
    say(f"games: {dict(statuses)}, {sum(len(seen.log) for seen in checks.games.values())} logged actions")
    say("answers: " + ", ".join(f"{text!r} {n}" for text, n in checks.answers.most_common(12)))
    say(f"faults: {dict(sorted(schedule.made.items())) or 'none'}; clock jumps {schedule.jumps}; "
        f"games checked {len(checks.games)}")
    for failure in report.new[:SHOWN]:
        say(f"FAILED {failure}")
    tally = collections.Counter(entry.area for entry in map(known, checks.failures) if entry is not None)
    if tally:
        say(f"known failures (being fixed elsewhere, benchmarks/fuzz/known.py): {dict(tally)}")
    say(f"time: {report.seconds:.1f} s ({report.interactions / report.seconds:.0f} interactions/s), seed {seed}")
    say(report.line)
    return report


async def _lane(world: World, checks: Checks, lane: Lane, seed: int, budget: Budget, moves: dict[str, int]) -> None:
    step = 0
    while budget.left:
        where = f"seed {seed} lane {lane.number} step {step}"
        rng = random.Random(f"{seed}:{lane.number}:{step}")
        mover = Moves(world, lane, rng)
        made = await asyncio.gather(*(mover.move() for _ in range(1 if rng.random() < 0.75 else rng.randint(2, 3))))
        records = [record for _, dispatched in made for record in dispatched]
        for kind, _ in made:
            moves[kind] = moves.get(kind, 0) + 1
        budget.made += len(records)
        checks.ledger.note(records)
        await checks.answered(records, where)
        mover.tidy()
        await checks.lane(lane, where)
        checks.completed(where)
        checks.bots(where)
        step += 1


async def _progress(budget: Budget, schedule: Faults, checks: Checks, started: float, say: object) -> None:
    assert callable(say)
    while True:
        await asyncio.sleep(10.0)
        say(f"  {time.monotonic() - started:5.0f} s: {budget.made} interactions, {schedule.count} faults, "
            f"{len(checks.failures)} failures")
