"""Fuzz the whole bot through the Discord stand-in: `python -m benchmarks.fuzz [--seed S] [--interactions N]
[--games G]` (a short version runs in the tests: tests/bot/test_fuzz.py).

One embedded Redis behind the fault proxy (tests/faultproxy.py), the Discord stand-in (ludo_bot/playground/standin)
and two bots (shards 0 and 1 of 2, the real `LudoBot`) run in this process (see `world`). `--games` lanes play at the
same time, each in a channel of its own with its own members. The run goes in rounds: in each, every lane's members make
1-3 random moves at once (`moves`: buttons of the live game, of lobbies, of earlier turns, forged ids, other
guilds' games, every /ludo command with random options, one button pressed by several at the same moment,
tournaments created, joined, started, left and cancelled, and their tables played in their threads); every
so often a round meets a Redis fault (paused, restarted, error replies, swallowed replies, cut connections) or
follows a jump of the service clock past turn deadlines (`faults`), and before some an attacker takes the bot's
permissions away in a lane's channel, gives them back, or deletes a table's thread or the channel (`attacks`). Once
the round's interactions are answered and
the bots have done what the answers left them (the outbox), the invariants are checked (`checks`): every
interaction answered once within 3 s, nothing refused by the stand-in, no traceback logged, every game's log
replays to its state and was changed only by someone who may act, no tournament losing a player or a table's end
or seating a round wrong (`tournaments`), nothing asked again of a channel that refused the bot (`attacks`), the
bots' workers running, and no member's
display name (drawn from every script, emoji, markdown, mentions, zero-width and combining characters: `names`)
breaks a message's markup, notifies anyone or breaks a picture. At the end time passes (the clock moves past the
follow-ups a fault left due later) and the bots come to rest before the last look: no message may then offer buttons
of a game that is over.

Every random choice comes from the seed: a lane's step from (seed, lane, round), the faults, the clock jumps and
the games' dice seeds from the seed. Timing is not (which of two clicks at the same moment wins, how far a cut
gets), so a run repeats its seed's rounds and moves closely but not exactly: a failure usually comes back in the
same round. Failures of bugs being fixed elsewhere are told apart (`known`).
The run prints the most requests Discord would have refused (401, 403, 429) in any 10 minutes of it (the budget of
10,000 it bans an address for), by the run's own clock. The last line: `fuzz: <n> interactions, <m> faults, <k>
invariant failures`.
"""

from __future__ import annotations

import asyncio
import collections
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from benchmarks.fuzz.attacks import INVALID, Attacks, most_refused
from benchmarks.fuzz.checks import Checks
from benchmarks.fuzz.faults import GAPS, Faults, settled
from benchmarks.fuzz.known import known
from benchmarks.fuzz.ledger import Failure
from benchmarks.fuzz.moves import Moves
from benchmarks.fuzz.world import World, caught_up
from ludo_bot.service.games import FINISH_AFTER
from ludo_bot.storage.deadlines import DEFAULT_LEASE

SHOWN = 20  # failures printed in full
DRAIN = 3.0  # seconds a round waits at most for what the bots do after their answers (outbox: `world.caught_up`)


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
    attacks: dict[str, int] = field(default_factory=dict)
    most_refused: int = 0
    """The most requests refused with 401, 403 or 429 in any 10 minutes of the run."""

    @property
    def new(self) -> list[Failure]:
        """The failures that are no known bug (`known`)."""
        return [failure for failure in self.failures if known(failure) is None]

    @property
    def line(self) -> str:
        return (f"fuzz: {self.interactions} interactions, {self.faults} faults, {len(self.failures)} invariant "
                "failures")


async def run(*, seed: int = 1, interactions: int = 10_000, games: int = 6, faults: bool = True,
              gaps: tuple[int, int] = GAPS, attacks: bool = True, quiet: bool = False) -> Report:
    def say(text: str) -> None:
        if not quiet:
            print(text, flush=True)

    started = time.monotonic()
    world = await World.open(games)
    world.seeded(seed)
    schedule = Faults(world, seed, gaps=gaps)
    attacker = Attacks(world, seed) if attacks else None
    checks = Checks(world, schedule, attacker)
    made = 0
    moves: collections.Counter[str] = collections.Counter()
    say(f"fuzz: seed {seed}, {interactions} interactions in {games} lanes, 2 bots, embedded Redis behind the "
        f"fault proxy{'' if faults else ', no faults'}{'' if attacks else ', no attacks'}")
    reporter = asyncio.create_task(_progress(lambda: made, schedule, checks, started, say))
    try:
        number = 0
        while made < interactions:
            if attacker is not None:
                await attacker.step(number)
            made += await _round(world, checks, schedule if faults else None, seed, number, moves)
            number += 1
        # Time passes, as it would: the follow-ups of a step a fault cut short (an ended game's final board, shown
        # `FINISH_AFTER` after its end; a claim left by a worker whose storage failed, due again when its lease ends)
        # fall due and the workers see them through, before the last look.
        world.clock.advance(max(FINISH_AFTER, DEFAULT_LEASE) + 1)
        schedule.jumps += 1
        await settled(world)
        for bot in world.bots:  # what the bots still do (outbox, catch-ups), then the last look at everything
            assert bot.handlers is not None
            await bot.handlers.drain(timeout=20.0)
        for lane in world.lanes:
            await checks.lane(lane, f"lane {lane.number} at the end", full=True)
            await checks.at_rest(lane, f"lane {lane.number} at the end")
            checks.names(lane, f"lane {lane.number} at the end")
        checks.completed("the end", final=True)
        checks.bots("the end")
    finally:
        reporter.cancel()
        await schedule.close()
        problems = await world.close()
    checks.logs("shutdown")
    for problem in problems:  # (what was logged is in the check above)
        if not problem.startswith(("logged by ", "event loop error: ")):
            checks.fail("traceback", "shutdown", problem)
    report = Report(seed, made, schedule.count, checks.failures, time.monotonic() - started, dict(moves),
                    dict(schedule.made), schedule.jumps, dict(attacker.made) if attacker else {},
                    most_refused(world.standin.requests))
    say(f"rounds: {number}; moves: {dict(sorted(moves.items()))}")
    statuses = collections.Counter(seen.status for seen in checks.games.values())
    say(f"games: {dict(statuses)}, {sum(len(seen.log) for seen in checks.games.values())} logged actions")
    say(checks.tourneys.report())
    say("answers: " + ", ".join(f"{text!r} {n}" for text, n in checks.answers.most_common(12)))
    say(f"faults: {dict(sorted(schedule.made.items())) or 'none'}; clock jumps {schedule.jumps}")
    if attacker is not None:
        say(attacker.report())
    refused = sum(1 for request in world.standin.requests if request.status in INVALID)
    say(f"refused requests (401/403/429): at most {report.most_refused} in any 10 minutes of the run, {refused} in "
        "all")
    for failure in report.new[:SHOWN]:
        say(f"FAILED {failure}")
    tally = collections.Counter(entry.area for entry in map(known, checks.failures) if entry is not None)
    for area in tally:  # one of each, for a look
        say(f"KNOWN ({area}) " + next(str(f) for f in checks.failures if (k := known(f)) and k.area == area)[:600])
    if tally:
        say(f"known failures (found for other work, benchmarks/fuzz/known.py): {dict(tally)}")
    say(f"time: {report.seconds:.1f} s ({report.interactions / report.seconds:.0f} interactions/s), seed {seed}")
    say(report.line)
    return report


async def _round(world: World, checks: Checks, schedule: Faults | None, seed: int, number: int,
                 moves: collections.Counter[str]) -> int:
    """One round: the clock may jump, a fault may be on while every lane makes its step (1-3 moves at once), the
    answers come in, the bots finish what the round left them; then the invariants. Returns the interactions
    made."""
    fault = jump = None
    if schedule is not None:
        fault, jump = schedule.plan(), schedule.jump()
    if jump is not None and schedule is not None:
        world.clock.advance(jump)
        schedule.jumps += 1
        await settled(world)
    movers = [Moves(world, lane, random.Random(f"{seed}:{lane.number}:{number}")) for lane in world.lanes]
    if fault is not None and schedule is not None:
        await schedule.begin(fault)
    try:
        steps = await asyncio.gather(*(mover.step() for mover in movers))
        for mover, made in zip(movers, steps, strict=True):
            moves.update(kind for kind, _ in made)
            records = [record for _, dispatched in made for record in dispatched]
            checks.ledger.note(records)
            await checks.answered(records, f"seed {seed} round {number} lane {mover.lane.number}")
            mover.learn(records)
    finally:
        if fault is not None and schedule is not None:
            await schedule.end(fault)
    for bot in world.bots:
        await caught_up(bot, DRAIN)
    for mover in movers:
        mover.tidy()
        await checks.lane(mover.lane, f"seed {seed} round {number} lane {mover.lane.number}")
        checks.names(mover.lane, f"seed {seed} round {number} lane {mover.lane.number}")
    checks.completed(f"seed {seed} round {number}")
    checks.bots(f"seed {seed} round {number}")
    return sum(len(dispatched) for made in steps for _, dispatched in made)


async def _progress(made: Callable[[], int], schedule: Faults, checks: Checks, started: float,
                    say: Callable[[str], None]) -> None:
    while True:
        await asyncio.sleep(10.0)
        say(f"  {time.monotonic() - started:5.0f} s: {made()} interactions, {schedule.count} faults, "
            f"{len(checks.failures)} failures")
