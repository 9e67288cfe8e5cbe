"""A flood of replay requests does not cost the bot its memory or another game its speed.

Sixty members ask at once for the replays of six long finished games (about 500 moves each): half click the Replay
button of a game's final message, half run /ludo replay, some of them twice. Meanwhile two people play a game in
another channel. Every replay request gets its GIF (or, asked twice, a private answer naming when to ask again);
each replay is drawn once; the game's clicks are answered as fast as without the flood.

What is measured, honestly: the bot and the Discord stand-in run in this one test process, so its resident memory
holds both; the peak (Linux's VmHWM, reset before the flood through /proc/self/clear_refs) less the resident memory
before the flood is their growth together, the stand-in's copies of every uploaded GIF included. It stays under
300 MB (drawing each replay's frames at once took about 500 MB per replay; six at a time, over 2 GB). The click
latency is the stand-in's time from delivering a click to the bot to receiving its answer.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from pathlib import Path

import pytest

import engine
from bot.app import LudoBot
from engine.ai import choose
from storage import Seat, Storage, new_game_id, new_record, play
from tests.bot.conftest import Launch
from tests.bot.helpers import GAME, forged_message, start_game, to_act
from tests.bot.standin import Channel, InteractionRecord, Message, StandIn, User

GAMES, ASKERS = 6, 60
MEMORY_BOUND = 300 * 1024 * 1024  # bytes
P95_BOUND = 0.3  # seconds
THINK = 0.1  # seconds a player takes between seeing a position and clicking
STATUS = Path("/proc/self/status")


def resident(field: str) -> int:
    """A memory figure of this process from /proc/self/status (VmRSS, VmHWM), in bytes."""
    found = re.search(rf"^{field}:\s+(\d+) kB", STATUS.read_text(), re.MULTILINE)
    assert found, field
    return int(found.group(1)) * 1024


def reset_peak() -> bool:
    """Start VmHWM afresh at the current resident memory (Linux 4.0+); False where that is not allowed."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return False
    return True


async def long_game(storage: Storage, guild_id: int, channel_id: int, host: User, seed: int) -> str:
    """A finished classic game of four random AI players, stored as the bot stores one: its id."""
    rules = engine.Rules.preset("classic")
    seats = [Seat(seat=0, user_id=host.id, name=host.username), *(Seat(seat=s, ai_level=0) for s in (1, 2, 3))]
    record = new_record(new_game_id(), guild_id=guild_id, channel_id=channel_id, host_id=host.id, rules=rules,
                        seats=seats, seed=seed)
    state, actions = engine.new_game(rules, (0, 1, 2, 3), seed), []
    while not state.over:
        action = choose(state, "random")
        state, _ = engine.apply(state, action)
        actions.append(action)
    created = await storage.games.create_game(record)
    played, texts, _ = play(created, actions)
    assert played.status == "finished" and len(texts) > 600
    await storage.games.save_game(played, texts)
    return record.id


def newest_live(standin: StandIn, channel: Channel) -> Message | None:
    """The newest message of the channel with game buttons (an old one may not be deleted yet)."""
    found = [m for m in standin.messages(channel) if any(c.startswith(GAME) for c in m.custom_ids())]
    return found[-1] if found else None


def moved_on(standin: StandIn, channel: Channel, ply: int) -> bool:
    """True once the channel shows a position after `ply`, or the game is over."""
    now = newest_live(standin, channel)
    return (now is not None and int(now.custom_ids()[0].split(":")[3]) > ply) or any(
        "Replay" in m.labels() for m in standin.messages(channel))


async def play_on(standin: StandIn, channel: Channel, stop: asyncio.Event, latencies: list[float]) -> None:
    """The players to act click their first button, one click after the other (with a moment to think), until
    `stop` or the end of the game."""
    while not stop.is_set():
        live = newest_live(standin, channel)
        if live is None or any("Replay" in m.labels() for m in standin.messages(channel)):
            return
        ply = int(live.custom_ids()[0].split(":")[3])
        record = await standin.click(to_act(standin, live), live, custom_id=live.custom_ids()[0])
        response = await record.response(timeout=10.0)
        assert not response.ephemeral, response.content
        latencies.append(response.elapsed)
        await standin.wait_until(lambda shown=ply: moved_on(standin, channel, shown), timeout=10.0,
                                 what="the next position")
        await asyncio.sleep(THINK)


async def test_a_replay_flood_keeps_memory_bounded_and_other_games_fast(standin: StandIn, launch: Launch,
                                                                       caplog: pytest.LogCaptureFixture) -> None:
    bot: LudoBot = await launch()
    assert bot.handlers is not None
    storage = bot.handlers.service.storage
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    archive = standin.add_channel(standin.guild, "archive")
    table = standin.add_channel(standin.guild, "table")
    ids = [await long_game(storage, standin.guild.id, archive.id, alice, seed) for seed in range(10, 10 + GAMES)]
    finals = [forged_message(standin, archive, f"ludo:r:{game_id}") for game_id in ids]  # each game's last message
    askers = [standin.add_user(f"fan{n}") for n in range(ASKERS)]
    live = await start_game(standin, bot, alice, (bob,), channel=table, auto_single=False)
    assert live is not None
    caplog.set_level(logging.INFO, logger="service.replays")

    before = resident("VmRSS")
    exact_peak = reset_peak()
    stop, latencies = asyncio.Event(), list[float]()
    players = asyncio.create_task(play_on(standin, table, stop, latencies))
    for _ in range(5):  # the game is under way before the flood
        await asyncio.sleep(0.05)
    started = time.monotonic()
    requests: list[InteractionRecord] = []
    for n, fan in enumerate(askers):
        game = n % GAMES
        if n % 2:
            requests.append(await standin.click(fan, finals[game], label="b0"))
        else:
            requests.append(await standin.slash(fan, archive, "ludo", "replay", options={"game": ids[game]}))
        if n % 10 == 0:  # a few ask twice at once: the second one waits
            requests.append(await standin.slash(fan, archive, "ludo", "replay", options={"game": ids[game]}))
    peak = before
    for record in requests:
        response = await record.response(timeout=10.0)
        if response.ephemeral and not response.deferred:
            assert "replay a moment ago" in (response.content or ""), response.content
            continue
        while not record.followups:
            peak = max(peak, resident("VmRSS"))
            await asyncio.sleep(0.01)
        gif = record.followups[0].attachments[0]
        assert gif.filename.endswith(".gif") and gif.data.startswith(b"GIF8")
    flood = time.monotonic() - started
    drawn = sum("replay drawn" in r.getMessage() for r in caplog.records)
    during = len(latencies)
    stop.set()
    await players
    peak = max(peak, resident("VmHWM") if exact_peak else resident("VmRSS"))

    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    grown = peak - before
    print(f"replay flood: {len(requests)} requests for {GAMES} games in {flood:.1f} s, {drawn} drawn; resident "
          f"{before / 2**20:.0f} MB before, peak {peak / 2**20:.0f} MB ({'VmHWM' if exact_peak else 'sampled'}), "
          f"+{grown / 2**20:.0f} MB; other game: {during} clicks, p50 {latencies[len(latencies) // 2] * 1000:.0f} "
          f"ms, p95 {p95 * 1000:.0f} ms")
    assert drawn == GAMES  # each replay drawn once, then kept
    assert during >= 20, "the other game hardly moved during the flood"
    assert grown < MEMORY_BOUND
    assert p95 < P95_BOUND
