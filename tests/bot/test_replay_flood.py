"""A flood of replay requests does not cost the bot its memory or another game its speed.

Sixty members ask at once for the replays of six long finished games (700 to 1100 actions each): half click the
Replay button of a game's final message, half run /ludo replay, a few of them twice. Meanwhile two people play a game
in another channel. Every replay request gets its GIF (or, asked twice, a private answer naming when to ask again);
each replay is drawn once; the game's clicks are answered as fast as without the flood.

What is measured: the bot runs in a process of its own (`benchmarks.load_bot`, the real `LudoBot`, as in production)
against the stand-in in this test's process; its memory is that process's peak resident set (Linux's VmHWM, over
its whole life), and its growth over the resident set before the flood. A click's latency is the time from the
click until the channel shows the position after it (the answer, deferred or not, and any new message).

Before replays were drawn once and streamed, each request drew every frame into memory (about 500 MB for a 500-move
game) on the threads that draw the boards, six at once: the bot process grew to 2.6 GB, the flood took 76 s to
answer and the other game moved once every 2.7 s.
"""

from __future__ import annotations

import asyncio
import functools
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from benchmarks.load import Bots
from ludo_bot.playground.standin import Channel, InteractionRecord, Message, StandIn, User
from ludo_bot.storage import Storage, keys
from tests.bot.helpers import GAME, forged_message, long_game, to_act

GAMES, ASKERS = 6, 60
MEMORY_BOUND = 300 * 1024 * 1024  # bytes
P95_BOUND = 0.3  # seconds
THINK = 0.1  # seconds a player takes between seeing a position and clicking


def memory(process: asyncio.subprocess.Process, field: str) -> int:
    """A memory figure of a process (VmRSS, VmHWM), in bytes."""
    found = re.search(rf"^{field}:\s+(\d+) kB", Path(f"/proc/{process.pid}/status").read_text(), re.MULTILINE)
    assert found, field
    return int(found.group(1)) * 1024


@pytest.fixture
async def bot_process(standin: StandIn, storage: Storage, redis_url: str,
                      tmp_path: Path) -> AsyncIterator[asyncio.subprocess.Process]:
    """The bot in a process of its own (as the load benchmark runs it), on the stand-in and the test's Redis."""
    bots = Bots(standin, redis_url, tmp_path, 1)
    try:
        await bots.start(0, sync=True)
        yield bots.processes[0]
    finally:
        problems = await bots.stop_all()
    assert not problems and not bots.logged_errors(), (problems, bots.logged_errors())


async def start_remote(standin: StandIn, host: User, guest: User, channel: Channel) -> None:
    """A game between two people opened and started through the stand-in, the bot being in another process."""
    opened = await standin.slash(host, channel, "ludo", "start", options={"seats": 2, "auto_single": False})
    lobby = await opened.result(timeout=10.0)
    assert lobby is not None and "Ludo lobby" in lobby.content
    for user, label in ((guest, "Join"), (host, "Start")):
        assert not (await (await standin.click(user, lobby, label=label)).response(timeout=10.0)).ephemeral
    await standin.wait_until(lambda: newest_live(standin, channel), timeout=10.0, what="the game to start")
    await standin.wait_until(lambda: not any(c.startswith("ludo:l:") for c in lobby.custom_ids()), timeout=10.0,
                             what="the lobby's buttons to go")


def newest_live(standin: StandIn, channel: Channel) -> Message | None:
    """The newest message of the channel with game buttons (an old one may not be deleted yet)."""
    found = [m for m in standin.messages(channel) if any(c.startswith(GAME) for c in m.custom_ids())]
    return found[-1] if found else None


def over(standin: StandIn, channel: Channel) -> bool:
    return any("Replay" in m.labels() for m in standin.messages(channel))


def moved_on(standin: StandIn, channel: Channel, ply: int) -> bool:
    """True once the channel shows a position after `ply`, or the game is over."""
    now = newest_live(standin, channel)
    return (now is not None and int(now.custom_ids()[0].split(":")[3]) > ply) or over(standin, channel)


async def play_on(standin: StandIn, channel: Channel, stop: asyncio.Event, latencies: list[float]) -> None:
    """The players to act click their first button, one click after the other (with a moment to think), until
    `stop` or the end of the game; `latencies`: from each click until the channel shows the position after it."""
    while not stop.is_set():
        live = newest_live(standin, channel)
        if live is None or over(standin, channel):
            return
        ply = int(live.custom_ids()[0].split(":")[3])
        clicked = time.monotonic()
        record = await standin.click(to_act(standin, live), live, custom_id=live.custom_ids()[0])
        response = await record.response(timeout=10.0)
        assert not response.ephemeral, response.content
        await standin.wait_until(functools.partial(moved_on, standin, channel, ply), timeout=10.0,
                                 what="the next position")
        latencies.append(time.monotonic() - clicked)
        await asyncio.sleep(THINK)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads a process's memory from /proc (Linux)")
async def test_a_replay_flood_keeps_memory_bounded_and_other_games_fast(standin: StandIn, storage: Storage,
                                                                       bot_process: asyncio.subprocess.Process) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    archive = standin.add_channel(standin.guild, "archive")
    table = standin.add_channel(standin.guild, "table")
    ids = [await long_game(storage, standin.guild.id, archive.id, alice, seed) for seed in range(10, 10 + GAMES)]
    finals = [forged_message(standin, archive, f"ludo:r:{game_id}") for game_id in ids]  # each game's last message
    askers = [standin.add_user(f"fan{n}") for n in range(ASKERS)]
    await start_remote(standin, alice, bob, table)

    before = memory(bot_process, "VmRSS")
    stop, latencies = asyncio.Event(), list[float]()
    players = asyncio.create_task(play_on(standin, table, stop, latencies))
    await asyncio.sleep(0.5)  # the game is under way before the flood
    started = time.monotonic()
    requests: list[InteractionRecord] = []
    for n, fan in enumerate(askers):
        game = n % GAMES
        if n % 2:
            requests.append(await standin.click(fan, finals[game], label="b0"))
        else:
            requests.append(await standin.slash(fan, archive, "ludo", "replay", options={"game": ids[game]}))
        if n % 10 == 0:  # a few ask twice at once: one of the two is told to wait
            requests.append(await standin.slash(fan, archive, "ludo", "replay", options={"game": ids[game]}))
    sizes: dict[str, int] = {}
    for record in requests:
        response = await record.response(timeout=10.0)
        if response.ephemeral and not response.deferred:
            assert "replay a moment ago" in (response.content or ""), response.content
            continue
        gif = (await record.wait_followup(timeout=60.0)).attachments[0]
        assert gif.filename.endswith(".gif") and gif.data.startswith(b"GIF8")
        sizes[gif.filename] = len(gif.data)
        gif.data = gif.data[:16]  # (the stand-in's copy, checked: the test process need not keep sixty)
    flood = time.monotonic() - started
    during = len(latencies)
    stop.set()
    await players
    peak, now = memory(bot_process, "VmHWM"), memory(bot_process, "VmRSS")
    kept = [await storage.redis.exists(keys.replay_gif(game_id, "en", (await storage.games.load_game(game_id)).version))
            for game_id in ids]

    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    print(f"\nreplay flood: {len(requests)} requests for {GAMES} games ({sum(sizes.values()) // len(sizes) // 1024} KB "
          f"GIFs) answered in {flood:.1f} s; bot process resident {before / 2**20:.0f} MB before, "
          f"{now / 2**20:.0f} MB after, peak {peak / 2**20:.0f} MB; other game: {during} clicks during the flood, "
          f"p50 {latencies[len(latencies) // 2] * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms")
    assert len(sizes) == GAMES
    assert all(kept)  # drawn once, then kept for the next requests
    assert during >= 20, "the other game hardly moved during the flood"
    assert peak < MEMORY_BOUND
    assert p95 < P95_BOUND
