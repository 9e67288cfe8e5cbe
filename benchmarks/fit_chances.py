"""Fit the weights of `engine.chances` (the learned win chances) from self-play games.

Plays `--games` games per preset where every seat plays the `greedy` level (4, 4, 3, 2 players in
turn; seeds from `--seed-base`, 2,000,000 by default, apart from every benchmark's), takes each
position before a roll with probability `--share`, and records its `engine.chances.features` and the
game's winner. A multinomial logistic model (one linear score per seat, shared weights, softmax over
the seats still playing) is fitted by Newton's method with a small ridge, on all but a fifth of the
games; the log loss on that held-out fifth is printed beside the uniform guess's. Prints the
`WEIGHTS` rows to paste into ludo_bot/engine/chances.py.
Needs numpy (the `bench` extra brings it with ludopy). Run: `python -m benchmarks.fit_chances [--games N]`.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random

import numpy as np

from benchmarks.chances import SEATINGS, greedy_step
from ludo_bot.engine import PRESETS, Rules, new_game
from ludo_bot.engine.chances import FEATURES, features
from ludo_bot.engine.state import GameState

Sample = tuple[list[tuple[float, ...]], int, int]  # feature rows of the active seats, winner's row, game


def game_samples(job: tuple[str, int, float]) -> list[Sample]:
    """The sampled positions of one self-play game, labelled with its winner."""
    preset, seed, share = job
    rng = random.Random(seed)
    state = new_game(Rules.preset(preset), SEATINGS[seed % len(SEATINGS)], seed=seed)
    seen: list[GameState] = []
    while not state.over:
        if state.phase == "roll" and rng.random() < share:
            seen.append(state)
        state = greedy_step(state, rng)
    winner = state.ranking[0]
    samples: list[Sample] = []
    for position in seen:
        rows = features(position)
        seats = list(rows)
        if winner in rows and len(seats) > 1:
            samples.append(([rows[s] for s in seats], seats.index(winner), seed))
    return samples


def arrays(samples: list[Sample]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Feature rows padded to 4 seats (N x 4 x F), the mask of real seats, and the winners' indices."""
    x = np.zeros((len(samples), 4, len(FEATURES)))
    mask = np.zeros((len(samples), 4), dtype=bool)
    for n, (rows, _, _) in enumerate(samples):
        x[n, :len(rows)] = rows
        mask[n, :len(rows)] = True
    return x, mask, np.array([label for _, label, _ in samples])


def probabilities(x: np.ndarray, mask: np.ndarray, w: np.ndarray) -> np.ndarray:
    s = np.where(mask, x @ w, -np.inf)
    p: np.ndarray = np.exp(s - s.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return p


def fit(samples: list[Sample], ridge: float = 1e-2, rounds: int = 30) -> np.ndarray:
    """Newton's method for the shared-weight multinomial logit."""
    x, mask, y = arrays(samples)
    width = len(FEATURES)
    w = np.zeros(width)
    chosen = x[np.arange(len(y)), y]
    for _ in range(rounds):
        p = probabilities(x, mask, w)
        mean = np.einsum("ns,nsf->nf", p, x)
        grad = (chosen - mean).sum(axis=0) - ridge * w
        hess = -np.einsum("ns,nsf,nsg->fg", p, x, x) + mean.T @ mean - ridge * np.eye(width)
        step = np.linalg.solve(hess, grad)
        w = w - step
        if np.abs(step).max() < 1e-7:
            break
    return w


def log_loss(samples: list[Sample], w: np.ndarray) -> tuple[float, float]:
    """Mean log loss of the model and of the uniform guess."""
    x, mask, y = arrays(samples)
    p = probabilities(x, mask, w)
    model = -np.log(np.maximum(p[np.arange(len(y)), y], 1e-12)).mean()
    return float(model), float(np.log(mask.sum(axis=1)).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3000, help="games per preset (default 3000)")
    parser.add_argument("--share", type=float, default=0.1, help="share of positions taken (default 0.1)")
    parser.add_argument("--presets", nargs="+", choices=PRESETS, default=list(PRESETS))
    parser.add_argument("--seed-base", type=int, default=2_000_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    with multiprocessing.Pool(args.workers) as pool:
        for preset in args.presets:
            jobs = [(preset, args.seed_base + g, args.share) for g in range(args.games)]
            samples = [s for game in pool.map(game_samples, jobs, chunksize=20) for s in game]
            train = [s for s in samples if s[2] % 5]
            test = [s for s in samples if not s[2] % 5]
            w = fit(train)
            model, uniform = log_loss(test, w)
            print(f"# {preset}: {len(train)} positions fitted, held-out log loss {model:.4f} (uniform {uniform:.4f})")
            values = [f"{v:.4f}" for v in w]
            rows = [", ".join(values[i:i + 9]) for i in range(0, len(values), 9)]
            print(f'    "{preset}": (' + "".join(f"\n        {row}," for row in rows) + "\n    ),", flush=True)


if __name__ == "__main__":
    main()
