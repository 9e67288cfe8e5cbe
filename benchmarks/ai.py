"""Win rates of the AI levels in 4-player games, per preset.

Pairings: greedy against three random players, expert against three greedy players. The tested
player takes each seat in turn (game i: seat i % 4); game i of a pairing uses seed i (plus
`--seed-base`: tune on held-out seeds, e.g. 100000, never on the reported 0-999). Chance is
25 %. Prints the win rate with a 95 % Wilson interval and games/s per preset and pairing; the
last line gives the classic figures.
Run: `python -m benchmarks.ai [--games N] [--presets ...] [--pairings expert] [--seed-base B]`.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import time

from engine import PRESETS, Rules, apply, new_game
from engine.ai import choose

PAIRINGS = (("greedy", "random"), ("expert", "greedy"))
SEATS = (0, 1, 2, 3)


def play(job: tuple[str, str, str, int, int]) -> bool:
    """Play one game; True when the tested level (at seat game % 4) wins."""
    preset, tested, opponent, game, seed_base = job
    seat = game % 4
    levels = [opponent] * 4
    levels[seat] = tested
    state = new_game(Rules.preset(preset), SEATS, seed=seed_base + game)
    while not state.over:
        state = apply(state, choose(state, levels[state.current])).state
    return state.ranking[0] == seat


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="games per pairing and preset (default 1000)")
    parser.add_argument("--presets", nargs="+", choices=PRESETS, default=list(PRESETS))
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--pairings", nargs="+", choices=[t for t, _ in PAIRINGS],
                        default=[t for t, _ in PAIRINGS], help="tested levels (default all)")
    parser.add_argument("--seed-base", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args()
    classic: dict[str, float] = {}
    with multiprocessing.Pool(args.workers) as pool:
        for preset in args.presets:
            for tested, opponent in PAIRINGS:
                if tested not in args.pairings:
                    continue
                jobs = [(preset, tested, opponent, game, args.seed_base) for game in range(args.games)]
                start = time.perf_counter()
                wins = sum(pool.map(play, jobs, chunksize=max(1, args.games // (8 * args.workers))))
                elapsed = time.perf_counter() - start
                low, high = wilson(wins, args.games)
                rate = 100 * wins / args.games
                print(f"{preset:8} {tested} vs 3 {opponent}: {rate:5.1f}% "
                      f"(95% CI {100 * low:.1f}-{100 * high:.1f}%, {args.games} games, "
                      f"{args.games / elapsed:.1f} games/s)", flush=True)
                if preset == "classic":
                    classic[tested] = rate
    greedy = f"{classic['greedy']:.1f}%" if "greedy" in classic else "n/a"
    expert = f"{classic['expert']:.1f}%" if "expert" in classic else "n/a"
    print(f"ai: greedy vs random {greedy}, expert vs greedy {expert}")


if __name__ == "__main__":
    main()
