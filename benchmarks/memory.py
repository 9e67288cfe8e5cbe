"""Memory benchmark: what Redis holds per finished game, per active game and per player, to size `maxmemory`.

    python -m benchmarks.memory                         # embedded server in a temporary folder
    python -m benchmarks.memory --games 10000 --active 1000
    REDIS_URL=redis://127.0.0.1:6379/13 python -m benchmarks.memory   # another server (an empty database)

It stores what the bot stores, through `storage`: finished games as the bot leaves them (record and action log with
their retention, results, history entry, ratings and the counted marker), spread over guilds and players, then games
in play (half-way, a channel claim, the players' indexes, the guild's open set, a reminder and a time-out queued,
the click claims of the last 15 minutes). It reads INFO memory's ``used_memory`` before and after each step
(without the connections' and the append-only file's buffers, which follow the load rather than what is stored),
and sums MEMORY USAGE over the keys by kind. The games are real classic games (3 people and a greedy AI, played by
the engine's random and greedy players); a few distinct games are stored under many ids (the bytes do not depend
on which game it is, only on its length). The last line is
``memory: <B>/finished game, <B>/active game, <B>/player (used_memory), <n> finished games``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from ludo_bot import engine
from ludo_bot.engine import ai
from ludo_bot.service import ratings
from ludo_bot.storage import (
    Deadline,
    LobbyLimits,
    LobbyRecord,
    LobbySeat,
    PlayerResult,
    RatingsChanged,
    Seat,
    Storage,
    new_game_id,
    new_record,
    results_of,
)
from ludo_bot.storage.errors import StorageError

GUILDS = 20  # the finished games are spread over this many guilds ...
PLAYERS = 200  # ... each with this many players
DISTINCT = 24  # distinct games played by the engine; each is stored under many ids
IN_FLIGHT = 32  # games stored at once


@dataclass(frozen=True, slots=True)
class Played:
    """A game the engine played to its end: its seed, its actions, the human seats' places and captures."""

    seed: int
    actions: list[str]
    places: list[PlayerResult]  # user_id holds the seat here; the stored game's users replace it
    ranking: tuple[int, ...]


def play_game(seed: int) -> Played:
    """A classic game of 3 people (random players) and a greedy AI, to its end."""
    rng = random.Random(seed)
    state = engine.new_game(engine.Rules.preset("classic"), (0, 1, 2, 3), seed)
    actions: list[str] = []
    while not state.over:
        action = ai.choose(state, "greedy") if state.current == 3 else rng.choice(engine.legal_actions(state))
        state, _ = engine.apply(state, action)
        actions.append(engine.action_text(action))
    record = new_record("probe", guild_id=1, channel_id=1, host_id=1, rules=engine.Rules.preset("classic"),
                        seats=_seats([0, 1, 2]), seed=seed).model_copy(
        update={"state": engine.to_text(state), "log_length": len(actions), "status": "finished"})
    return Played(seed, actions, results_of(record, actions), tuple(state.ranking))


def _seats(users: Sequence[int]) -> list[Seat]:
    return [*(Seat(seat=n, user_id=user) for n, user in enumerate(users)), Seat(seat=3, ai_level=1)]


def _snowflake(kind: int, n: int) -> int:
    """An id the size of Discord's (18-19 digits)."""
    return 1_100_000_000_000_000_000 + kind * 10_000_000_000_000 + n


async def used_memory(storage: Storage) -> int:
    """INFO memory's used_memory without the buffers of the connections and of the append-only file (they come and
    go with the load, not with what is stored): the bytes the allocator holds for the keys."""
    stats = await storage.redis.memory_stats()
    buffers = sum(int(stats.get(name, 0)) for name in ("clients.normal", "clients.slaves", "aof.buffer",
                                                       "replication.backlog"))
    return int((await storage.redis.info("memory"))["used_memory"]) - buffers


async def usage_by_kind(storage: Storage) -> dict[str, tuple[int, int]]:
    """MEMORY USAGE summed by kind of key: kind -> (keys, bytes)."""
    found: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    async for key in storage.redis.scan_iter("ludo:*", count=1000):
        name = str(key)
        tag, _, rest = name.removeprefix("ludo:{").partition("}")
        kind = rest.lstrip(":") or tag.split(":")[0]
        if tag.startswith("g:") and ":" in kind:
            kind = kind.split(":")[0]  # stats:<user>, counted:<id>, open:<user>, burst:<user>
        elif tag.startswith(("c:", "u:", "i:", "in:")):
            kind = {"c": "channel", "u": "user games", "i": "interaction", "in": "registry"}[tag.split(":")[0]]
        found[kind][0] += 1
        found[kind][1] += int(await storage.redis.memory_usage(name, samples=0) or 0)
    return {kind: (count, size) for kind, (count, size) in found.items()}


async def in_batches(jobs: Sequence[Callable[[], Awaitable[None]]], progress: str) -> None:
    for start in range(0, len(jobs), IN_FLIGHT):
        await asyncio.gather(*(job() for job in jobs[start:start + IN_FLIGHT]))
        if (start // IN_FLIGHT) % 50 == 0:
            print(f"  {progress}: {min(start + IN_FLIGHT, len(jobs))}/{len(jobs)}", file=sys.stderr, flush=True)


async def store_finished(storage: Storage, played: Played, n: int, locks: dict[int, asyncio.Lock]) -> None:
    """One finished game as the bot leaves it: created, played (the log), its message remembered, finished (the
    retention expiry, the indexes released), its results, history entry and ratings recorded."""
    guild = _snowflake(1, n % GUILDS)
    rng = random.Random(n)
    users = [_snowflake(2, (n % GUILDS) * PLAYERS + p) for p in rng.sample(range(PLAYERS), 3)]
    record = new_record(new_game_id(), guild_id=guild, channel_id=_snowflake(3, n), host_id=users[0],
                        rules=engine.Rules.preset("classic"), seats=_seats(users), seed=played.seed)
    record = await storage.games.create_game(record)
    await storage.games.set_message(record.id, _snowflake(4, n))
    final = engine.new_game(engine.Rules.preset("classic"), (0, 1, 2, 3), played.seed)
    finished = record.model_copy(update={"status": "finished", "turn_deadline": None, "reminder_at": None})
    for text in played.actions:
        final, _ = engine.apply(final, engine.parse_action(text))
    await storage.games.save_game(finished.model_copy(update={"state": engine.to_text(final)}), played.actions)
    results = [PlayerResult(users[r.user_id], r.place, r.captures) for r in played.places]
    sides = [([r.user_id], r.place) for r in results]
    async with locks[guild]:  # one game of a guild at a time: the ratings' compare-and-set would retry otherwise
        for _ in range(5):
            before = await storage.stats.ratings(guild, users)
            try:
                await storage.stats.record_results(guild, record.id, results, preset="classic",
                                                   finished_at=1.7e9 + n, ratings=ratings.rate(sides, before))
                return
            except RatingsChanged:
                continue


async def store_active(storage: Storage, played: Played, n: int) -> None:
    """One game in play as the bot holds it: opened as a lobby under the limits, started, half played with a click
    in the last 15 minutes, its reminder and time-out queued."""
    guild = _snowflake(5, n % GUILDS)
    users = [_snowflake(6, 3 * n + p) for p in range(3)]
    lobby = LobbyRecord(id=new_game_id(), guild_id=guild, channel_id=_snowflake(7, n), host_id=users[0],
                        players=[*(LobbySeat(user_id=u, colour=c) for c, u in enumerate(users)),
                                 LobbySeat(ai_level=1, colour=3)])
    limits = LobbyLimits(open_per_user=3, open_per_guild=1_000_000)
    await storage.lobbies.create_lobby(lobby, limits=limits, now=1.7e9)
    record = new_record(lobby.id, guild_id=guild, channel_id=lobby.channel_id, host_id=users[0],
                        rules=engine.Rules.preset("classic"), seats=_seats(users), seed=played.seed)
    half = played.actions[: len(played.actions) // 2]
    state = engine.new_game(engine.Rules.preset("classic"), (0, 1, 2, 3), played.seed)
    people = {seat.seat for seat in record.seats if seat.user_id is not None}
    turn_ends: dict[int, str] = {}  # where each person's turn last ended (`service.recap`)
    for text in half:
        seat = state.current
        state, _ = engine.apply(state, engine.parse_action(text))
        if seat in people and state.current != seat:
            turn_ends[seat] = engine.to_text(state)
    record = await storage.games.create_game(record.model_copy(update={
        "state": engine.to_text(state), "turn_deadline": 1.7e9 + 86400, "reminder_at": 1.7e9 + 82800,
        "turn_ends": turn_ends}), half)
    await storage.games.set_message(record.id, _snowflake(8, n))
    await storage.deadlines.set_due({Deadline("timeout", record.id): 1.7e9 + 86400,
                                     Deadline("remind", record.id): 1.7e9 + 82800})
    for click in range(3):
        await storage.inboxes.claim(record.id, _snowflake(9, 3 * n + click), now=1.7e9 + click)


def _table(title: str, usage: dict[str, tuple[int, int]], per: int, unit: str) -> None:
    print(f"{title} (MEMORY USAGE summed by kind of key):")
    total = 0
    for kind, (count, size) in sorted(usage.items(), key=lambda item: -item[1][1]):
        total += size
        print(f"  {kind:<12} {count:>7} keys {size / 1024:>10.1f} KB  {size / per:>8.1f} B/{unit}")
    print(f"  {'all':<12} {sum(c for c, _ in usage.values()):>7} keys {total / 1024:>10.1f} KB  "
          f"{total / per:>8.1f} B/{unit}")


def _difference(after: dict[str, tuple[int, int]], before: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    kinds = set(after) | set(before)
    return {kind: (after.get(kind, (0, 0))[0] - before.get(kind, (0, 0))[0],
                   after.get(kind, (0, 0))[1] - before.get(kind, (0, 0))[1]) for kind in kinds
            if after.get(kind) != before.get(kind)}


async def run(games: int, active: int) -> str:
    url = os.environ.get("REDIS_URL") or None
    folder = None if url else tempfile.mkdtemp(prefix="ludo-bench-")
    storage = await Storage.open(url, data_dir=folder)
    try:
        if await storage.redis.dbsize():
            raise SystemExit("the database is not empty: point REDIS_URL at a spare one (e.g. /13)")
        server, memory = await storage.redis.info("server"), await storage.redis.info("memory")
        where = "REDIS_URL" if url else "embedded server"
        print(f"server: Redis {server['redis_version']} ({where}), allocator {memory['mem_allocator']}")
        played = [play_game(seed) for seed in range(1, DISTINCT + 1)]
        lengths = [len(p.actions) for p in played]
        print(f"games: classic, 3 people and a greedy AI; {DISTINCT} distinct games of {min(lengths)}-{max(lengths)} "
              f"actions (median {statistics.median(lengths):.0f}), stored under {games} ids in {GUILDS} guilds of "
              f"{PLAYERS} players")
        empty = await used_memory(storage)

        locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        await in_batches([lambda n=n: store_finished(storage, played[n % DISTINCT], n, locks)  # type: ignore[misc]
                          for n in range(games)], "finished games")
        finished_memory = await used_memory(storage) - empty
        finished_usage = await usage_by_kind(storage)
        players = GUILDS * PLAYERS
        per_player_kinds = ("stats", "board", "rating")
        player_bytes = sum(size for kind, (_, size) in finished_usage.items() if kind in per_player_kinds)
        game_usage = {kind: value for kind, value in finished_usage.items() if kind not in per_player_kinds}
        game_bytes = sum(size for _, size in game_usage.values())
        fragmentation = (await storage.redis.info("memory"))["mem_fragmentation_ratio"]
        print(f"\nafter {games} finished games: used_memory +{finished_memory / 2**20:.1f} MB "
              f"(RSS / used_memory: {fragmentation})")
        _table("finished games", game_usage, games, "game")
        _table("players", {k: v for k, v in finished_usage.items() if k in per_player_kinds}, players, "player")
        # used_memory's share of the players: their keys' share of MEMORY USAGE
        per_finished = finished_memory * game_bytes / (game_bytes + player_bytes) / games
        per_player = finished_memory * player_bytes / (game_bytes + player_bytes) / players

        before = await used_memory(storage)
        await in_batches([lambda n=n: store_active(storage, played[n % DISTINCT], n)  # type: ignore[misc]
                          for n in range(active)], "active games")
        active_memory = await used_memory(storage) - before
        active_usage = _difference(await usage_by_kind(storage), finished_usage)
        print(f"\nafter {active} games in play (half-way, ~{statistics.median(lengths) / 2:.0f} actions): "
              f"used_memory +{active_memory / 2**20:.1f} MB")
        _table("active games", active_usage, active, "game")
        per_active = active_memory / active
        print(f"\nused_memory per finished game {per_finished:.0f} B, per active game {per_active:.0f} B, per player "
              f"{per_player:.0f} B (MEMORY USAGE: {game_bytes / games:.0f}, "
              f"{sum(s for _, s in active_usage.values()) / active:.0f}, {player_bytes / players:.0f} B)")
        line = (f"memory: {per_finished:.0f} B/finished game, {per_active:.0f} B/active game, {per_player:.0f} "
                f"B/player (used_memory), {games} finished games")
        print(line)
        return line
    except StorageError as error:
        raise SystemExit(f"storage: {error}") from error
    finally:
        if url:
            await storage.redis.flushdb()
        await storage.close()
        if folder is not None:
            import shutil

            shutil.rmtree(folder, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.memory", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="finished games stored (default 10000)")
    parser.add_argument("--active", type=int, default=1_000, help="games in play stored (default 1000)")
    options = parser.parse_args(argv)
    asyncio.run(run(options.games, options.active))
    return 0


if __name__ == "__main__":
    sys.exit(main())
