"""How far the learned win chances (`engine.chances.win_chances`) are from many-rollout estimates.

Held-out positions: one position before a roll, drawn at random, from each of `--positions` games per
preset played by the greedy level (seeds from 3,000,000: neither the fitting script's nor any other
benchmark's; 4, 4, 3, 2 players in turn). Each is estimated with `--rollouts` rollouts
(`engine.chances.rollout_chances`, default 1,000: their own 95 % half-width is at most 3.1 points).
Per preset and over all: the 95th percentile of |learned - rollouts| over every seat of every position
(this includes the rollouts' own noise, so it overstates the learned chances' error a little), and
1.96 times the root mean square error with the rollouts' binomial variance taken out. The per-preset
lines give `engine.chances.CHANCE_ERRORS`, the last line `engine.chances.CHANCE_ERROR`.
Run: `python -m benchmarks.chances [--positions N] [--rollouts R] [--presets ...]`.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random

from ludo_bot.engine import PRESETS, Rules, apply, legal_actions, new_game, roll_with
from ludo_bot.engine.ai import choose
from ludo_bot.engine.chances import rollout_chances, win_chances
from ludo_bot.engine.state import GameState

SEATINGS = ((0, 1, 2, 3), (0, 1, 2, 3), (0, 1, 2), (0, 2))
Errors = list[tuple[float, float]]  # (learned - rollouts, the rollouts' binomial variance) per seat


def greedy_step(state: GameState, rng: random.Random) -> GameState:
    """One step of a self-play game: a roll of dice from `rng`, or the greedy level's action."""
    if state.phase == "roll":
        count = state.rules.dice
        values = tuple(rng.randint(1, 6) for _ in range(count))
        return roll_with(state, values).state
    actions = legal_actions(state)
    return apply(state, actions[0] if len(actions) == 1 else choose(state, "greedy")).state


def held_out(preset: str, game: int) -> GameState:
    """A random position before a roll of held-out game `game`."""
    seed = 3_000_000 + game
    rng = random.Random(seed)
    state = new_game(Rules.preset(preset), SEATINGS[game % len(SEATINGS)], seed)
    seen: list[GameState] = []
    while not state.over:
        if state.phase == "roll":
            seen.append(state)
        state = greedy_step(state, rng)
    return rng.choice(seen)


def measure(job: tuple[str, int, int]) -> Errors:
    preset, game, rollouts = job
    state = held_out(preset, game)
    shares, _ = rollout_chances(state, rollouts, seed=0)
    learned = win_chances(state)
    return [(learned[s] - shares[s], shares[s] * (1 - shares[s]) / rollouts) for s in state.active]


def summary(errors: Errors) -> tuple[float, float]:
    """(95th percentile of |error|, 1.96 x RMSE with the rollout variance removed), in points."""
    sizes = sorted(abs(e) for e, _ in errors)
    p95 = sizes[min(len(sizes) - 1, math.ceil(0.95 * len(sizes)) - 1)]
    mse = sum(e * e for e, _ in errors) / len(errors) - sum(v for _, v in errors) / len(errors)
    return 100 * p95, 100 * 1.96 * math.sqrt(max(mse, 0.0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=25, help="held-out positions per preset (default 25)")
    parser.add_argument("--rollouts", type=int, default=1000, help="rollouts per position (default 1000)")
    parser.add_argument("--presets", nargs="+", choices=PRESETS, default=list(PRESETS))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    every: Errors = []
    with multiprocessing.Pool(args.workers) as pool:
        for preset in args.presets:
            jobs = [(preset, game, args.rollouts) for game in range(args.positions)]
            errors = [e for found in pool.map(measure, jobs, chunksize=1) for e in found]
            every += errors
            p95, rmse = summary(errors)
            print(f"{preset:8} learned vs {args.rollouts} rollouts: 95% of errors within {p95:.1f} points "
                  f"(1.96 x RMSE, rollout noise removed: {rmse:.1f}; {args.positions} positions, {len(errors)} seats)",
                  flush=True)
    p95, rmse = summary(every)
    print(f"chances: +-{p95:.1f} points at 95% against {args.rollouts}-rollout estimates "
          f"(1.96 x RMSE {rmse:.1f}, {len(every)} seats)")


if __name__ == "__main__":
    main()
