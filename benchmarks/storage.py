"""Storage benchmark: a 400-move classic game saved move by move (load + compare-and-set save per move).

    python -m benchmarks.storage           # embedded server in a temporary folder
    REDIS_URL=redis://127.0.0.1:6379/13 python -m benchmarks.storage

Round trips are counted, not guessed: every packet of commands a connection sends to Redis is counted
(a pipeline is one), and cross-checked with the server's INFO commandstats. The last line is
``storage: <round trips>/move, <us> us/move, <KB> KB/game``.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from typing import Any

from redis.asyncio.connection import AbstractConnection

from ludo_bot import engine
from ludo_bot.storage import GameRecord, Seat, Storage, keys, new_game_id, new_record, play

MOVES = 400
SEED = 2024


class _Counter:
    sent = 0


def _count_round_trips() -> None:
    """Wrap the connection's send: each call puts one request (a command or a pipeline) on the wire."""
    original = AbstractConnection.send_packed_command

    async def counted(self: AbstractConnection, command: Any, check_health: bool = True) -> None:
        _Counter.sent += 1
        await original(self, command, check_health)

    AbstractConnection.send_packed_command = counted  # type: ignore[method-assign]


def random_game(moves: int, seed: int) -> list[engine.Action]:
    """Random legal actions of a classic 4-player game: `moves` of them, or fewer if it ends first."""
    rng = random.Random(seed)
    state = engine.new_game(engine.Rules.preset("classic"), (0, 1, 2, 3), seed)
    actions: list[engine.Action] = []
    while len(actions) < moves and not state.over:
        action = rng.choice(engine.legal_actions(state))
        state, _ = engine.apply(state, action)
        actions.append(action)
    return actions


async def _commandstats(storage: Storage) -> dict[str, int]:
    info = await storage.redis.info("commandstats")
    return {name.removeprefix("cmdstat_"): int(value["calls"]) for name, value in info.items()}


async def run() -> str:
    _count_round_trips()
    folder = None if os.environ.get("REDIS_URL") else tempfile.mkdtemp(prefix="ludo-bench-")
    storage = await Storage.open(data_dir=folder)
    try:
        where = "REDIS_URL" if folder is None else f"embedded server in {folder}"
        seats = [Seat(seat=0, user_id=180000000000000001), Seat(seat=1, user_id=180000000000000002),
                 Seat(seat=2, user_id=180000000000000003), Seat(seat=3, ai_level=2)]
        record: GameRecord = new_record(new_game_id(), guild_id=170000000000000001,
                                        channel_id=190000000000000001, host_id=180000000000000001,
                                        rules=engine.Rules.preset("classic"), seats=seats, seed=SEED)
        record = await storage.games.create_game(record.model_copy(update={"message_id": 200000000000000001}))
        actions = random_game(MOVES, SEED)
        load_us: list[float] = []
        save_us: list[float] = []
        move_us: list[float] = []
        stats_before = await _commandstats(storage)
        sent_before = _Counter.sent
        for action in actions:
            t0 = time.perf_counter()
            loaded = await storage.games.load_game(record.id)
            t1 = time.perf_counter()
            new, texts, _ = play(loaded, [action])
            t2 = time.perf_counter()
            record = await storage.games.save_game(new, texts)
            t3 = time.perf_counter()
            load_us.append((t1 - t0) * 1e6)
            save_us.append((t3 - t2) * 1e6)
            move_us.append((t1 - t0 + t3 - t2) * 1e6)
        sent = _Counter.sent - sent_before
        stats_after = await _commandstats(storage)
        moves = len(actions)
        calls = {name: stats_after.get(name, 0) - stats_before.get(name, 0) for name in stats_after}
        calls.pop("info", None)
        server_commands = sum(v for v in calls.values() if v > 0)

        game_key, log_key = keys.game(record.id), keys.log(record.id)
        game_mem = int(await storage.redis.memory_usage(game_key) or 0)
        log_mem = int(await storage.redis.memory_usage(log_key) or 0)
        stored = await storage.games.load_game(record.id, with_log=True)
        record_json = len(stored.stored_json().encode())
        log_bytes = sum(len(entry) for entry in stored.log)
        state_text = len(stored.state.encode())
        per_move = sent / moves
        median_move = statistics.median(move_us)
        print(f"server: {where}")
        print(f"game: classic, 4 seats, {moves} moves saved one by one (finished: {not record.active})")
        print(f"round trips: {sent} counted for {moves} moves = {per_move:.2f}/move "
              f"(server commands: {server_commands}, {', '.join(f'{k} {v}' for k, v in sorted(calls.items()) if v)})")
        print(f"load: median {statistics.median(load_us):.0f} us; save: median {statistics.median(save_us):.0f} us; "
              f"load+save: median {median_move:.0f} us, p95 {sorted(move_us)[int(len(move_us) * 0.95)]:.0f} us")
        print(f"state without log: record JSON {record_json} B (state text {state_text} B), "
              f"game hash in memory {game_mem} B")
        print(f"log: {len(stored.log)} entries, {log_bytes} B of text, list in memory {log_mem} B")
        total_kb = (game_mem + log_mem) / 1024
        print(f"stored per game (MEMORY USAGE of game hash + log list): {total_kb:.1f} KB")
        await storage.redis.delete(game_key, log_key)
        await storage.games.release_indexes(record)
        line = f"storage: {per_move:.2f}/move, {median_move:.0f} us/move, {total_kb:.1f} KB/game"
        print(line)
        return line
    finally:
        await storage.close()
        if folder is not None:
            import shutil

            shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    asyncio.run(run())
    return 0


if __name__ == "__main__":
    sys.exit(main())
