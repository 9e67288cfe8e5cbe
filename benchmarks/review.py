"""How long the review of a game takes (`engine.review.review_game`), in one process.

The game: 4 players at the levels expert, greedy, random and greedy (seats 0-3), the first seed from
0 whose log reaches `--moves` entries (a move: one log entry, a roll or a choice), reviewed up to that
entry (or the longest of 50 games, whole, if none does); timed `--repeat` times, the median printed.
Then the classic review as the bot computes it: in a worker process of `service.runtime.thinking.ProcessPool` started
for it (the first review of a bot process pays the process's start) and in the same process again.
The last line gives the classic figure.
Run: `python -m benchmarks.review [--moves 400] [--repeat 5] [--presets ...]`.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from ludo_bot.engine import PRESETS, Rules, action_text, apply, new_game
from ludo_bot.engine.ai import choose
from ludo_bot.engine.review import review_game
from ludo_bot.service.runtime.thinking import ProcessPool

LEVELS = ("expert", "greedy", "random", "greedy")
SEATS = (0, 1, 2, 3)


def long_game(rules: Rules, moves: int, tries: int = 50) -> tuple[int, list[str]]:
    """The seed and log (up to `moves` entries) of the first game of seeds 0, 1, ... whose log has at least
    `moves` entries, or of the longest of the first `tries` games (star games end after 50 turns each)."""
    longest: tuple[int, list[str]] = (0, [])
    for seed in range(tries):
        state = new_game(rules, SEATS, seed)
        log: list[str] = []
        while not state.over:
            action = choose(state, LEVELS[state.current])
            log.append(action_text(action))
            state = apply(state, action).state
        if len(log) >= moves:
            return seed, log[:moves]
        longest = max(longest, (seed, log), key=lambda found: len(found[1]))
    return longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--moves", type=int, default=400, help="log entries reviewed (default 400)")
    parser.add_argument("--repeat", type=int, default=5, help="reviews timed (default 5)")
    parser.add_argument("--presets", nargs="+", choices=PRESETS, default=list(PRESETS))
    args = parser.parse_args()
    last = ""
    for preset in args.presets:
        rules = Rules.preset(preset)
        seed, log = long_game(rules, args.moves)
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            review_game(rules, SEATS, seed, log)
            times.append(time.perf_counter() - start)
        line = f"review: {len(log)} moves in {statistics.median(times):.2f} s (median of {args.repeat})"
        print(f"{preset:8} {line} (max {max(times):.2f} s, seed {seed})", flush=True)
        if preset == "classic":
            last = line
    rules = Rules.preset("classic")
    seed, log = long_game(rules, args.moves)
    cold, warm = asyncio.run(in_a_worker(rules, seed, log))
    print(f"classic  in a worker process: {len(log)} moves in {cold:.2f} s with the process's start, "
          f"{warm:.2f} s after", flush=True)
    if last:
        print(last)


async def in_a_worker(rules: Rules, seed: int, log: list[str]) -> tuple[float, float]:
    """Seconds of the review in a new worker process (its start included), then again in that process."""
    pool = ProcessPool("reviews")
    try:
        times = []
        for _ in range(2):
            start = time.perf_counter()
            await pool.run(review_game, rules, SEATS, seed, log)
            times.append(time.perf_counter() - start)
        return times[0], times[1]
    finally:
        pool.close()


if __name__ == "__main__":
    main()
