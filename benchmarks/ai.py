"""Win rates of the AI levels in 4-player games, per preset.

Pairings: greedy against three random players, expert against three greedy players, master against
three expert players. The tested player takes each seat in turn (game i: seat i % 4); game i of a
pairing uses seed i (plus `--seed-base`: tune on held-out seeds, e.g. 100000, never on the reported
0-999). Chance is 25 %. Prints the win rate with a 95 % Wilson interval and games/s per preset and
pairing, and for master its milliseconds per decision (positions with two or more legal actions:
median and max), and the same games with an expert in master's seat: how many games master won that the expert
lost there and the other way round (the same seeds and opponents, so only master's own choices differ; this
paired count tells a change of a few points from noise far sooner than the win rates do; a one-sided sign test
gives the chance of as many or more games going master's way were the two equally strong). Before the master
pairing it prints the learned value's weights file size and read time, and the presets master plays it in. The
last line gives the classic figures. `--games` (default 1000) sets the games of the greedy and expert pairings,
`--master-games` (default 300) those of the master pairing, whose games take about ten times longer.
Run: `python -m benchmarks.ai [--games N] [--master-games M] [--presets ...] [--pairings master] [--seed-base B]`.
`python -m benchmarks.ai --ceiling [...]` measures instead the ceiling of a master that simulates the experts it
faces (`benchmarks.ceiling`, whose options follow). Master is no level of the bot any more: it plays here as
`benchmarks.master` keeps it.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import subprocess
import sys
import time

from benchmarks import CHECKOUT
from benchmarks.master.player import choose
from ludo_bot.engine import PRESETS, Rules, apply, legal_actions, new_game

PAIRINGS = (("greedy", "random"), ("expert", "greedy"), ("master", "expert"))
SEATS = (0, 1, 2, 3)


def play(job: tuple[str, str, str, int, int]) -> tuple[bool, list[float]]:
    """Play one game; True when the tested level (at seat game % 4) wins, and the tested level's seconds per
    decision (positions with two or more legal actions)."""
    preset, tested, opponent, game, seed_base = job
    seat = game % 4
    levels = [opponent] * 4
    levels[seat] = tested
    state = new_game(Rules.preset(preset), SEATS, seed=seed_base + game)
    times: list[float] = []
    while not state.over:
        if state.current == seat and len(legal_actions(state)) > 1:
            start = time.perf_counter()
            action = choose(state, tested)
            times.append(time.perf_counter() - start)
        else:
            action = choose(state, levels[state.current])
        state = apply(state, action).state
    return state.ranking[0] == seat, times


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def sign_test(gained: int, lost: int) -> float:
    """One-sided sign test: the chance of `gained` or more of `gained + lost` games going master's way were master
    and the expert in its seat equally strong (each differing game then a fair coin)."""
    n = gained + lost
    return sum(math.comb(n, k) for k in range(gained, n + 1)) / 2 ** n if n else 1.0


def weights_line() -> str:
    """The learned value's weights file: its size, the time to read it and build every preset's network (in a new
    interpreter, as a worker process would, after importing the engine), and where master plays by it."""
    from benchmarks.master.player import LEARNED
    from benchmarks.master.value import WEIGHTS

    size = WEIGHTS.stat().st_size
    code = ("import time; from benchmarks.master import value; t = time.perf_counter(); "
            "[value.net(p) for p in value._all_weights()]; print(time.perf_counter() - t)")
    taken = min(float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                     cwd=CHECKOUT).stdout) for _ in range(3))
    return (f"value weights: {size / 1024:.0f} KiB, read and built in {1000 * taken:.1f} ms in a new process "
            f"(best of 3); master plays by them in: {', '.join(sorted(LEARNED)) or 'no preset'}")


def main() -> None:
    if "--ceiling" in sys.argv[1:]:
        from benchmarks import ceiling

        ceiling.main([arg for arg in sys.argv[1:] if arg != "--ceiling"])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="games per preset, greedy and expert (default 1000)")
    parser.add_argument("--master-games", type=int, default=300, help="games per preset, master (default 300)")
    parser.add_argument("--presets", nargs="+", choices=PRESETS, default=list(PRESETS))
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--pairings", nargs="+", choices=[t for t, _ in PAIRINGS],
                        default=[t for t, _ in PAIRINGS], help="tested levels (default all)")
    parser.add_argument("--seed-base", type=int, default=0, help="first seed (default 0)")
    args = parser.parse_args()
    if "master" in args.pairings:
        print(weights_line(), flush=True)
    classic: dict[str, float] = {}
    with multiprocessing.Pool(args.workers) as pool:
        for preset in args.presets:
            for tested, opponent in PAIRINGS:
                if tested not in args.pairings:
                    continue
                games = args.master_games if tested == "master" else args.games
                jobs = [(preset, tested, opponent, game, args.seed_base) for game in range(games)]
                start = time.perf_counter()
                results = pool.map(play, jobs, chunksize=max(1, games // (8 * args.workers)))
                elapsed = time.perf_counter() - start
                wins = sum(won for won, _ in results)
                low, high = wilson(wins, games)
                rate = 100 * wins / games
                print(f"{preset:8} {tested} vs 3 {opponent}: {rate:5.1f}% "
                      f"(95% CI {100 * low:.1f}-{100 * high:.1f}%, {games} games, "
                      f"{games / elapsed:.1f} games/s)", flush=True)
                if tested == "master":
                    times = [t for _, game_times in results for t in game_times]
                    print(f"{preset:8} master: {1000 * statistics.median(times):.1f} ms per decision median, "
                          f"{1000 * max(times):.0f} ms max ({len(times)} decisions)", flush=True)
                    same = pool.map(play, [(preset, opponent, opponent, game, args.seed_base) for game in range(games)],
                                    chunksize=max(1, games // (8 * args.workers)))
                    gained = sum(won and not base for (won, _), (base, _) in zip(results, same, strict=True))
                    lost = sum(base and not won for (won, _), (base, _) in zip(results, same, strict=True))
                    print(f"{preset:8} master against an expert in its seat, same games: {gained} won that the "
                          f"expert lost, {lost} lost that it won ({100 * sum(b for b, _ in same) / games:.1f}%; "
                          f"sign test p = {sign_test(gained, lost):.3g}, one-sided)", flush=True)
                if preset == "classic":
                    classic[tested] = rate
    figures = [f"{t} vs {o} {classic[t]:.1f}%" if t in classic else f"{t} vs {o} n/a" for t, o in PAIRINGS]
    print(f"ai: {', '.join(figures)}")


if __name__ == "__main__":
    main()
