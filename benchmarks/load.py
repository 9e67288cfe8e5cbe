"""Load, with optional faults: `python -m benchmarks.load [--games 500] [--processes 2] [--faults] [--think S]
[--cluster]`.

Processes: this one runs the Discord stand-in (ludo_bot/playground/standin: REST and gateway on 127.0.0.1) and the
simulated players; `--processes` bot processes (`benchmarks.load_bot`, the real `LudoBot`, shards 0..N-1 of N) connect
to it; one Redis serves them (the embedded server in a temporary folder, or `REDIS_URL`, or with `--cluster` a 3-node
Redis Cluster started in the temporary folder, `storage.cluster.LocalCluster`). Guilds are split evenly across the
shards.

Every game is classic with `auto_single` on; one in five is between two people, the others are one person
against a greedy AI. It is opened with `/ludo start`, gets its AI or its second player and is started; then the
player to act clicks the first button of the live game message, waits for the response and the next live
message, thinks for up to `--think` seconds (uniform, default 0) and clicks again, until the game is over. All
games play at the same time. The stand-in enforces Discord's rate limits. A click refused privately (storage
unavailable, a stale message after a crash) or left unanswered is retried; a stale message leads to `/ludo board`,
as a player would.

With `--faults`, while the games run: the last bot process is killed (SIGKILL) and started again; Redis is
restarted (SIGTERM: it writes its append-only file; then started on the same folder); Redis is paused for 5 s
(SIGSTOP, SIGCONT). Clicks made during each outage are counted with the answers they got. The Redis faults need
the embedded server: with `REDIS_URL` or `--cluster` only the bot process is killed.

Checks at the end: every game finished; every game's log replays to its stored state (`GameStore.verify_game`);
every click the bot accepted (a public response) is in the log at its position (else lost), no position was
accepted twice and every player's choice in the log was accepted (else duplicated); every interaction was
answered (the stand-in's records: no response within 3 s is unanswered; a second response is refused by the
stand-in and counted as an error); every channel comes to rest showing one board. It also counts the stand-in's
429 answers for the bot token's global limit and the most requests that counted against that limit in any one
second, and the CPU time a click costs in the bot processes and Redis. Last line:
`load: <n> clicks/s, p99 <ms> ms, cpu <ms> ms/click, lost <n>, duplicated <n>, unanswered <n>, global 429s <n>,
token requests/s max <n>`.

`--bot-python PATH` runs the bot processes with another interpreter: a virtual environment where another build of
the bot is installed (`pip install .` of an older commit), playing the same games on the same stand-in, for a
baseline measured in the same session (docs/proof/load.md). `--bot-checkout DIR` runs that build's own
`benchmarks.load_bot` from a checkout of the same commit (`git worktree add DIR <commit>`): needed when the bot's
modules were named differently then (before `ludo_bot.`), since the bot processes import the bot by name.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import dataclasses
import logging
import math
import os
import random
import re
import resource
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks import CHECKOUT
from benchmarks.world_names import EMOJI, SCRIPTS
from ludo_bot import engine
from ludo_bot.engine.notation import parse_rules
from ludo_bot.playground.standin import Channel, InteractionRecord, Message, StandIn, User
from ludo_bot.storage import EmbeddedRedis, Storage
from ludo_bot.storage.cluster import LocalCluster

GAME, REPLAY = "ludo:g:", "ludo:r:"
TURN = re.compile(r"<@(\d+)>")  # the player to act: the one mention of a live message, in any language
# The world the players come from: servers speak several languages (Discord's locale; private answers stay English,
# the language of the refusals this benchmark reads), and one player in two writes a name in another script, with
# emoji, or in styled letters.
LOCALES = ("en-US", "hi", "pt-BR", "es-ES", "ru", "fr", "de", "tr", "id")
STYLED = ("𝓐𝓵𝓲𝓬𝓮", "𝔅𝔢𝔫", "𝕮𝖍𝖆𝖗𝖑𝖎𝖊", "Ｄａｎａ")
PEOPLE_EVERY = 5  # one game in this many is between two people
RUN_BOUND = 240.0  # seconds the games may take at least before the run gives up on them
REST = 60.0  # seconds the channels may take to come to rest (one board each) once the games are over
CLICKS_PER_GAME = 90  # about, for a game of classic against one greedy AI (faults are timed by it)
WAIT = 30.0
OUTAGE_SLACK = 3.0  # seconds around an outage in which interactions count as the outage's (Discord's 3 s to answer)
STALL = 8.0  # seconds without a new live game message after which a player uses /ludo board


@dataclass
class Stats:
    """What the players saw."""

    latencies: list[float] = field(default_factory=list)  # game clicks answered, seconds
    clicks: int = 0  # game clicks dispatched
    accepted: dict[str, list[tuple[int, str]]] = field(default_factory=lambda: collections.defaultdict(list))
    refusals: collections.Counter[str] = field(default_factory=collections.Counter)
    unanswered: int = 0
    unanswered_during_faults: int = 0
    errors: list[str] = field(default_factory=list)
    outages: list[tuple[str, float, float]] = field(default_factory=list)  # (what, start, end) monotonic
    outage_answers: collections.Counter[str] = field(default_factory=collections.Counter)
    finished: int = 0
    boards: int = 0

    def during_outage(self, at: float) -> str | None:
        for what, start, end in self.outages:
            if start - OUTAGE_SLACK <= at <= end + OUTAGE_SLACK:  # in flight when it began, or soon after it
                return what
        return None


class Bots:
    """The bot processes."""

    def __init__(self, standin: StandIn, redis_url: str, folder: Path, count: int,
                 python: str = sys.executable, checkout: Path = CHECKOUT) -> None:
        self.standin, self.redis_url, self.folder, self.count = standin, redis_url, folder, count
        self.python = python  # (another interpreter: another build of the bot, for a baseline run)
        self.checkout = checkout  # (where its `benchmarks.load_bot` is: that build's own checkout)
        self.processes: dict[int, asyncio.subprocess.Process] = {}
        self.logs: dict[int, Path] = {}

    async def start(self, shard: int, *, sync: bool = False) -> None:
        log = self.folder / f"bot-{shard}.log"
        self.logs[shard] = log
        process = await asyncio.create_subprocess_exec(
            self.python, "-m", "benchmarks.load_bot", "--api", self.standin.base_url,
            "--gateway", self.standin.gateway_url, "--token", self.standin.token, "--redis", self.redis_url,
            "--data", str(self.folder / f"bot-{shard}"), "--shard", str(shard), "--shards", str(self.count),
            *(["--sync"] if sync else []),
            stdout=asyncio.subprocess.PIPE, stderr=log.open("ab"), cwd=str(self.checkout))
        self.processes[shard] = process
        assert process.stdout is not None
        try:
            line = await asyncio.wait_for(process.stdout.readline(), 60.0)
        except TimeoutError:
            line = b""
        if not line.startswith(b"ready"):
            raise RuntimeError(f"bot process {shard} did not start: {log.read_text()[-2000:]}")

    async def kill(self, shard: int) -> None:
        process = self.processes.pop(shard)
        process.kill()
        await process.wait()

    async def stop_all(self) -> list[str]:
        problems = []
        for shard, process in list(self.processes.items()):
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), 20.0)
            except TimeoutError:
                process.kill()
                await process.wait()
                problems.append(f"bot process {shard} did not stop within 20 s")
        return problems

    def logged_errors(self) -> list[str]:
        lines = []
        for shard, log in self.logs.items():
            if log.exists():
                lines += [f"shard {shard}: {line}" for line in log.read_text().splitlines()
                          if " ERROR " in line or "Traceback" in line]
        return lines


# -- players ----------------------------------------------------------------------------------------------------
def ply_of(custom_id: str) -> int:
    return int(custom_id.split(":")[3])


def latest(standin: StandIn, channel_id: int) -> Message | None:
    """The channel's newest message with game buttons or the Replay button."""
    for message in reversed(standin.world.channel_log.get(channel_id, [])):
        if message.deleted or message.ephemeral:
            continue
        ids = message.custom_ids()
        if any(c.startswith((GAME, REPLAY)) for c in ids):
            return message
    return None


async def wait_channel(standin: StandIn, channel_id: int, condition: Any, timeout: float = WAIT) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        found = condition()
        if found:
            return found
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        await standin.changes.wait(min(left, 1.0), channel_id)  # (wakes on its channel's changes only)


async def answer(standin: StandIn, record: InteractionRecord, stats: Stats) -> InteractionRecord | None:
    """Wait for the response to `record`; None (counted) when it got none in time."""
    done = await wait_channel(standin, record.channel_id or 0,
                              lambda: record.response_record is not None or record.failed,
                              timeout=standin.response_deadline + 2.0)
    if record.response_record is not None:
        return record
    if done is None:
        record.failed = True
    stats.unanswered += 1
    if stats.during_outage(record.dispatched_at or 0.0):
        stats.unanswered_during_faults += 1
    return None


async def dispatch(standin: StandIn, action: Any, stats: Stats) -> InteractionRecord:
    """Send an interaction; while no bot process serves the guild (one was killed), wait and try again."""
    for _ in range(int(WAIT / 0.1)):
        try:
            record: InteractionRecord = await action()
            return record
        except RuntimeError as error:
            if "no connected gateway session" not in str(error):
                raise
            await asyncio.sleep(0.1)
    raise RuntimeError("no bot process came back for the guild")


def note_refusal(stats: Stats, record: InteractionRecord) -> None:
    text = (record.response_record.content if record.response_record else None) or ""
    kind = ("storage unavailable" if "Storage is unavailable" in text else "posted again" if "posted again" in text
            else "moved on" if "moved on" in text
            else "same moment" if "same moment" in text else text[:60])
    stats.refusals[kind] += 1
    what = stats.during_outage(record.dispatched_at or 0.0)
    if what:
        stats.outage_answers[f"{what}: {kind}"] += 1


async def step(standin: StandIn, stats: Stats, inflight: asyncio.Semaphore, action: Any, *,
               done_if: str = "\0") -> InteractionRecord | None:
    """A lobby or command interaction, retried until it gets a public response (or a refusal saying `done_if`, or
    the message is gone, a started lobby now the game's: an earlier try applied though its answer was lost)."""
    tried: InteractionRecord | None = None
    for _ in range(50):
        async with inflight:
            try:
                tried = await dispatch(standin, action, stats)
            except LookupError:  # the clicked message was deleted (a lobby the last try started)
                if tried is None:
                    raise
                return tried
            record = await answer(standin, tried, stats)
        if record is not None and record.response_record is not None and not record.response_record.ephemeral:
            return record
        if record is not None:
            note_refusal(stats, record)
            if record.response_record is not None and done_if in (record.response_record.content or ""):
                return record
        await asyncio.sleep(0.3)
    return None


def world_name(number: int) -> str:
    """A display name as players write them: every other one in a script of the world's (with emoji), or styled."""
    if number % 2:
        return f"Player {number % 1000}"
    if number % 10 == 4:
        return STYLED[number // 10 % len(STYLED)]
    return f"{SCRIPTS[number // 2 % len(SCRIPTS)]} {EMOJI[number // 2 % len(EMOJI)]}"


def lobby_button(lobby: Message, verb: str) -> str:
    """A lobby button's id by its verb (join, ai1 for a greedy AI, start): its label speaks the server's language."""
    found = next((custom_id for custom_id in lobby.custom_ids() if custom_id.endswith(f":{verb}")), None)
    if found is None:  # (a lobby started by an earlier try whose answer was late: the game's message now)
        raise LookupError(f"{lobby!r} has no {verb} button")
    return found


def to_act(standin: StandIn, message: Message, host: User) -> User:
    """The player the game message says is to act (the host when it names nobody)."""
    found = TURN.search(message.content)
    return standin.users[int(found[1])] if found else host


async def play_game(standin: StandIn, stats: Stats, host: User, guest: User | None, channel: Channel,
                    think: float, inflight: asyncio.Semaphore) -> None:
    started = await step(standin, stats, inflight, lambda: standin.slash(host, channel, "ludo", "start",
                                                               options={"preset": "classic", "seats": 2}),
                   done_if="already has a Ludo game")
    lobby = next((m for m in reversed(standin.messages(channel)) if any(c.startswith("ludo:l:") for c in
                                                                        m.custom_ids())), None)
    if started is None or lobby is None:
        stats.errors.append(f"{channel.name}: /ludo start failed")
        return
    if guest is not None:
        joined = await step(standin, stats, inflight, lambda: standin.click(guest, lobby, lobby_button(lobby, "join")),
                            done_if="already in")
    else:
        joined = await step(standin, stats, inflight, lambda: standin.click(host, lobby, lobby_button(lobby, "ai1")),
                            done_if="full")
    if joined is None:
        stats.errors.append(f"{channel.name}: {'Join' if guest else 'Add AI'} failed")
        return
    if await step(standin, stats, inflight, lambda: standin.click(host, lobby, lobby_button(lobby, "start")),
                  done_if="lobby is closed") is None:
        stats.errors.append(f"{channel.name}: Start failed")
        return
    after = -1  # the live message must offer a position after this ply
    while True:
        live = await wait_channel(standin, channel.id, lambda after=after: _next(standin, channel.id, after),
                                  timeout=STALL)
        if live is None:
            if await _board(standin, stats, inflight, host, channel):
                after = -1  # the reposted live message, whatever its position
                continue
            stats.errors.append(f"{channel.name}: no live game message after ply {after}")
            return
        if any(c.startswith(REPLAY) for c in live.custom_ids()):
            stats.finished += 1
            return
        if think:
            await asyncio.sleep(random.uniform(0, think))
        custom_id = next(c for c in live.custom_ids() if c.startswith(GAME))
        player = to_act(standin, live, host)
        async with inflight:
            try:
                dispatched = await dispatch(
                    standin, lambda live=live, custom_id=custom_id, player=player: standin.click(
                        player, live, custom_id=custom_id), stats)
            except LookupError:  # the bot took the buttons off as the player reached for one: look again
                after = -1
                continue
            stats.clicks += 1
            record = await answer(standin, dispatched, stats)
            if record is not None and record.response_record is not None and record.response_record.type in (5, 6):
                clicked = ply_of(custom_id)  # deferred: the outcome is a refusal (followup) or the next message
                await wait_channel(standin, channel.id, lambda record=record, clicked=clicked: record.followups
                                   or _next(standin, channel.id, clicked))
        if record is None:  # unanswered: look again (it may have applied)
            after = ply_of(custom_id) - 1
            await asyncio.sleep(0.5)
            continue
        response = record.response_record
        assert response is not None
        stats.latencies.append(response.elapsed)
        refused = response.ephemeral or bool(record.followups and record.followups[0].ephemeral)
        if refused and not response.ephemeral:
            response = dataclasses.replace(response, content=record.followups[0].content)
            record.response_record = response
        if not refused:
            stats.accepted[custom_id.split(":")[2]].append((ply_of(custom_id), custom_id.split(":")[4]))
            after = ply_of(custom_id)
            continue
        note_refusal(stats, record)
        after = ply_of(custom_id) - 1
        if "posted again" in (response.content or ""):  # a left-behind live message: the bot posted it again
            after = -1
        elif "moved on" in (response.content or ""):  # applied, but its message never came (a timeout):
            if not await _board(standin, stats, inflight, host, channel):  # a player asks for the live message again
                stats.errors.append(f"{channel.name}: /ludo board failed")
                return
            after = -1
        await asyncio.sleep(0.2)


def _next(standin: StandIn, channel_id: int, after: int) -> Message | None:
    found = latest(standin, channel_id)
    if found is None:
        return None
    ids = found.custom_ids()
    if any(c.startswith(REPLAY) for c in ids):
        return found
    plies = [ply_of(c) for c in ids if c.startswith(GAME)]
    return found if plies and plies[0] > after else None


async def _board(standin: StandIn, stats: Stats, inflight: asyncio.Semaphore, host: User,
                 channel: Channel) -> bool:
    stats.boards += 1
    record = await step(standin, stats, inflight, lambda: standin.slash(host, channel, "ludo", "board"))
    return record is not None


# -- faults ----------------------------------------------------------------------------------------------------
async def faults(bots: Bots, server: EmbeddedRedis | None, stats: Stats, progress: Any, pause: float = 5.0) -> None:
    """Kill and restart a bot process, restart Redis, pause Redis: one after the other, while games run."""
    async def outage(what: str, work: Any) -> None:
        start = time.monotonic()
        stats.outages.append((what, start, math.inf))
        try:
            await work()
        finally:
            stats.outages[-1] = (what, start, time.monotonic())
            print(f"fault: {what} ({time.monotonic() - start:.1f} s)", flush=True)

    async def wait_progress(share: float) -> None:
        while progress() < share:
            await asyncio.sleep(0.2)

    await wait_progress(0.1)
    shard = bots.count - 1

    async def kill_bot() -> None:
        await bots.kill(shard)
        await asyncio.sleep(1.0)
        await bots.start(shard)

    await outage(f"kill -9 bot process {shard} and start it again", kill_bot)
    if server is None:
        print("fault: not the embedded Redis (REDIS_URL or --cluster), Redis faults skipped", flush=True)
        return
    await wait_progress(0.3)

    async def restart_redis() -> None:
        await asyncio.to_thread(server.stop)
        await asyncio.sleep(1.0)
        await asyncio.to_thread(server.start)

    await outage("restart Redis", restart_redis)
    await wait_progress(0.5)

    async def pause_redis() -> None:
        assert server.process is not None
        pid = server.process.pid
        os.kill(pid, signal.SIGSTOP)
        try:
            await asyncio.sleep(pause)
        finally:
            os.kill(pid, signal.SIGCONT)

    await outage(f"pause Redis for {pause:g} s", pause_redis)


# -- checks ----------------------------------------------------------------------------------------------------
@dataclass
class Check:
    verified: int = 0
    lost: int = 0
    duplicated: int = 0
    unacknowledged: int = 0  # applied though the click's answer was a refusal or none (a timeout, a crash)
    problems: list[str] = field(default_factory=list)


async def check(storage: Storage, stats: Stats, game_ids: list[str]) -> Check:
    result = Check()
    for game_id in game_ids:
        try:
            await storage.games.verify_game(game_id)
            record = await storage.games.load_game(game_id, with_log=True)
        except Exception as error:
            result.problems.append(f"{game_id}: {error!r}")
            continue
        result.verified += 1
        humans = {s.seat for s in record.seats if s.user_id is not None}
        state = engine.new_game(parse_rules(record.rules), tuple(sorted(record.seat_numbers)), record.seed)
        at_ply: dict[int, str] = {}
        choices: set[int] = set()
        for text in record.log:
            at_ply[state.ply] = text
            legal = engine.distinct_actions(state)  # one choice a position, as the buttons offer them
            if state.current in humans and (len(legal) > 1 or isinstance(legal[0][0], engine.Roll)):
                choices.add(state.ply)  # the player's own click, not an AI or forced move
            state, _ = engine.apply(state, engine.parse_action(text))
        accepted = stats.accepted.get(game_id, [])
        counted = collections.Counter(ply for ply, _ in accepted)
        result.lost += sum(1 for ply, action in accepted if at_ply.get(ply) != action)
        result.duplicated += sum(n - 1 for n in counted.values() if n > 1)
        result.unacknowledged += len(choices - set(counted))
        if record.status != "finished":
            result.problems.append(f"{game_id}: {record.status}")
    return result


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


@dataclass
class Report:
    games: int
    finished: int
    clicks_per_second: float
    p50_ms: float
    p99_ms: float
    lost: int
    duplicated: int
    unanswered: int
    unanswered_by_outage: dict[str, int]  # "no outage" for those dispatched outside every outage
    stats: Stats
    check: Check
    problems: list[str]

    cpu_ms: float = 0.0  # per answered click, in the bot processes and Redis
    global_429s: int = 0
    token_max: int = 0  # requests counted against the token's global limit in the busiest second
    unrested: int = 0  # channels still showing more than one board once the games were over

    @property
    def line(self) -> str:
        return (f"load: {self.clicks_per_second:.0f} clicks/s, p99 {self.p99_ms:.0f} ms, cpu {self.cpu_ms:.1f} "
                f"ms/click, lost {self.lost}, duplicated {self.duplicated}, unanswered {self.unanswered}, "
                f"global 429s {self.global_429s}, token requests/s max {self.token_max}")


async def run(games: int, processes: int, *, with_faults: bool = False, think: float = 0.0,
              concurrency: int = 48, pause: float = 5.0, quiet: bool = False, cluster: bool = False,
              bot_python: str = sys.executable, bot_checkout: Path = CHECKOUT) -> Report:
    def say(text: str) -> None:
        if not quiet:
            print(text, flush=True)

    with tempfile.TemporaryDirectory(prefix="ludo-load-") as name:
        folder = Path(name)
        server: EmbeddedRedis | None = None
        local_cluster = LocalCluster(folder / "cluster") if cluster else None
        url = os.environ.get("REDIS_URL") or None
        if local_cluster is not None:
            url = await asyncio.to_thread(local_cluster.start)
        elif url is None:
            server = EmbeddedRedis(folder / "redis")
            url = await asyncio.to_thread(server.start)
        where = "a 3-node Redis Cluster" if local_cluster else "embedded Redis" if server else "REDIS_URL"
        storage = await Storage.open(url)
        children_before = _cpu(resource.RUSAGE_CHILDREN)
        standin = StandIn(patch_discord=False)
        standin.requests = _NoLog()  # 100k request records are not needed
        guilds = [standin.add_guild(f"guild {n}", shard=(n % processes, processes))
                  for n in range(max(processes, min(games // 25, 40)))]
        players: list[tuple[User, User | None, Channel]] = []
        for number, guild in enumerate(guilds):
            guild.locale = LOCALES[number % len(LOCALES)]
        for number in range(games):
            guild = guilds[number % len(guilds)]
            guest = standin.add_user(f"q{number}", guild=guild) if number % PEOPLE_EVERY == 0 else None
            host = standin.add_user(f"p{number}", guild=guild)
            for user in (host, guest):
                if user is not None:
                    user.global_name = world_name(user.id)
            players.append((host, guest, standin.add_channel(guild, f"g{number}")))
        await standin.start()
        bots = Bots(standin, url, folder, processes, bot_python, bot_checkout)
        stats = Stats()
        problems: list[str] = []
        try:
            await asyncio.gather(*(bots.start(shard, sync=shard == 0) for shard in range(processes)))
            say(f"load: {games} games of classic at once (one in {PEOPLE_EVERY} between two people, the others one "
                f"person against a greedy AI), {processes} bot processes, "
                f"{len(guilds)} guilds in {min(len(guilds), len(LOCALES))} languages, names in every script, "
                f"at most {concurrency} clicks in flight, "
                f"{where}"
                + (", with faults" if with_faults else ""))
            started, own_before = time.monotonic(), _cpu(resource.RUSAGE_SELF)
            inflight = asyncio.Semaphore(concurrency)
            play = asyncio.gather(*(play_game(standin, stats, host, guest, channel, think, inflight)
                                    for host, guest, channel in players))
            fault_task = (asyncio.create_task(faults(bots, server, stats, lambda: len(stats.latencies) / (
                games * CLICKS_PER_GAME), pause))
                          if with_faults else None)
            reporter = asyncio.create_task(_report_progress(stats, games, started, say))
            try:  # a bound, so that a stall of the whole run fails it instead of hanging it
                await asyncio.wait_for(play, timeout=max(RUN_BOUND, games * 2.0))
            except TimeoutError:
                problems.append(f"the games did not end within {max(RUN_BOUND, games * 2.0):.0f} s")
            wall, own_cpu = time.monotonic() - started, _cpu(resource.RUSAGE_SELF) - own_before
            reporter.cancel()
            if fault_task is not None:
                if not fault_task.done():
                    problems.append("the games ended before every fault was made")
                    fault_task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await fault_task
            # (after a killed process, the old boards it had yet to delete stay: no waiting for rest then)
            unrested = await at_rest(standin, [channel for _, _, channel in players], 0.0 if with_faults else REST)
            game_ids = await _game_ids(storage, stats, [channel for _, _, channel in players])
            checked = await check(storage, stats, game_ids)
        finally:
            problems += await bots.stop_all()
            await standin.stop()
            await storage.close()
            for redis_server in (server, local_cluster):
                if redis_server is not None:
                    await asyncio.to_thread(redis_server.stop)
        problems += bots.logged_errors()
    children_cpu = _cpu(resource.RUSAGE_CHILDREN) - children_before  # the bot processes and Redis, once ended
    violations = collections.Counter(v.kind for v in standin.violations)
    answered_twice = sum(n for kind, n in violations.items() if kind != "unanswered")
    all_clicks = [r for r in standin.interactions.values() if r.custom_id and r.custom_id.startswith(GAME)]
    missing = [r for r in standin.interactions.values() if r.response_record is None]
    by_outage = collections.Counter(stats.during_outage(r.dispatched_at or 0.0) or "no outage" for r in missing)
    report = Report(games=games, finished=stats.finished,
                    clicks_per_second=len(stats.latencies) / wall if wall else 0.0,
                    p50_ms=percentile(stats.latencies, 0.5) * 1000, p99_ms=percentile(stats.latencies, 0.99) * 1000,
                    lost=checked.lost, duplicated=checked.duplicated,
                    unanswered=len(missing), unanswered_by_outage=dict(by_outage),
                    stats=stats, check=checked, problems=problems,
                    cpu_ms=children_cpu / max(1, len(stats.latencies)) * 1000,
                    global_429s=sum(1 for limited in standin.rate_limited if limited.is_global),
                    token_max=standin.max_global_per_second(), unrested=len(unrested))
    say(f"games: {stats.finished}/{games} finished in {wall:.1f} s; {len(all_clicks)} game clicks "
        f"({len(stats.latencies)} answered), {len(standin.interactions)} interactions in all")
    say(f"click latency: p50 {report.p50_ms:.1f} ms, p99 {report.p99_ms:.1f} ms, "
        f"max {max(stats.latencies, default=0) * 1000:.0f} ms")
    answered = max(1, len(stats.latencies))
    say(f"CPU per answered click: bot processes and Redis {children_cpu / answered * 1000:.2f} ms, "
        f"stand-in and players {own_cpu / answered * 1000:.2f} ms")
    say(f"refusals: {dict(stats.refusals) or 'none'}; /ludo board reposts: {stats.boards}")
    say(f"Discord: {standin.request_counts()}; 429s: {len(standin.rate_limited)} ({report.global_429s} global); "
        f"token requests in the busiest second: {report.token_max}; channels not at rest (more than one board) "
        f"{REST:.0f} s after the games: {report.unrested}")
    if with_faults:
        say(f"private answers during outages: {dict(stats.outage_answers) or 'none'}; unanswered by outage: "
            f"{dict(by_outage) or 'none'}")
        for what, start, end in stats.outages:
            say(f"  outage {what}: {start - started:.1f} s to {end - started:.1f} s")
        for r in missing[:12]:
            say(f"  unanswered at {(r.dispatched_at or 0.0) - started:.1f} s on shard {r.shard_id}: "
                f"{r.custom_id or r.command_name}")
    say(f"errors: {len(stats.errors) + len(problems) + len(checked.problems) + answered_twice}"
        + "".join(f"\n  {e}" for e in [*stats.errors, *problems, *checked.problems][:20])
        + (f"\n  stand-in refusals: {dict(violations)}" if violations else "")
        + "".join(f"\n  {v}"[:400] for v in [v for v in standin.violations if v.kind != "unanswered"][:5]))
    say(f"consistency: {checked.verified}/{len(stats.accepted)} games replay to their stored state; "
        f"lost {checked.lost}, duplicated {checked.duplicated}, applied without an accepted answer "
        f"{checked.unacknowledged}, "
        f"unanswered {report.unanswered} (answered twice or refused by the stand-in: {answered_twice})")
    say(report.line)
    return report


def _cpu(who: int) -> float:
    """CPU seconds (user and system) of this process, or of its ended children."""
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


class _NoLog(list[Any]):
    def append(self, item: Any) -> None:
        return None


async def at_rest(standin: StandIn, channels: list[Channel], wait: float) -> list[Channel]:
    """Wait (at most `wait` seconds) until every channel shows one board; the channels that still show more."""
    def unrested() -> list[Channel]:
        return [c for c in channels if sum(1 for m in standin.messages(c)
                                           if any(a.filename == "board.png" for a in m.attachments)) > 1]

    deadline = time.monotonic() + wait
    while (left := unrested()) and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    return left


async def _game_ids(storage: Storage, stats: Stats, channels: list[Channel]) -> list[str]:
    found = set(stats.accepted)
    for channel in channels:  # games with no accepted click (none expected) are checked too
        holder = await storage.games.channel_game(channel.id)
        if holder is not None:
            found.add(holder)
    return sorted(found)


async def _report_progress(stats: Stats, games: int, started: float, say: Any) -> None:
    while True:
        await asyncio.sleep(10.0)
        elapsed = time.monotonic() - started
        say(f"  {elapsed:5.0f} s: {stats.finished}/{games} games over, {len(stats.latencies)} clicks answered "
            f"({len(stats.latencies) / elapsed:.0f}/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--faults", action="store_true", help="kill a bot process, restart and pause Redis")
    parser.add_argument("--think", type=float, default=0.0, help="seconds a player thinks at most between clicks")
    parser.add_argument("--concurrency", type=int, default=48, help="clicks in flight at most, over all games")
    parser.add_argument("--cluster", action="store_true", help="a 3-node local Redis Cluster instead of one server")
    parser.add_argument("--bot-python", default=sys.executable,
                        help="the interpreter of the bot processes: a virtual environment with another build of the "
                             "bot installed (a baseline), playing the same games on the same stand-in")
    parser.add_argument("--bot-checkout", type=Path, default=CHECKOUT,
                        help="a checkout of the --bot-python build's commit, whose benchmarks.load_bot the bot "
                             "processes run (default: this one)")
    arguments = parser.parse_args()
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stop the bot processes and Redis on the way out
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("discord").setLevel(logging.ERROR)
    report = asyncio.run(run(arguments.games, arguments.processes, with_faults=arguments.faults,
                             think=arguments.think, concurrency=arguments.concurrency, cluster=arguments.cluster,
                             bot_python=arguments.bot_python, bot_checkout=arguments.bot_checkout))
    bad = report.lost or report.duplicated or report.unanswered or report.finished < report.games
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
