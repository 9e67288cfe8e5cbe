"""Fit the experts' value V_E (`benchmarks.master.expert_value`): each seat's chance when every seat plays the expert.

Plays `--games` four-seat games per preset where every seat plays the `expert` level (seeds from `--seed-base`,
3,000,000 by default, apart from every benchmark's), takes each position before a roll with probability `--share`,
and records its `engine.chances.features` and the game's winner: one line per game in `<out>/<preset>.jsonl`, so
a stopped run goes on where it stopped. The model is `engine.chances`' (one linear score per seat over the same
features, shared weights, softmax over the seats still able to win), fitted by the same Newton's method
(`benchmarks.fit_chances.fit`) on the games whose seed is not a multiple of 5; the others are held out. Prints the
held-out log loss beside the uniform guess's and the calibration: the held-out (position, seat) pairs in ten bins
of equal size by predicted chance, each bin's mean prediction against the share of them that won. `--write`
stores the weights in benchmarks/master/expert_value.json (read there with the standard library).
Needs numpy. Run: `python -m benchmarks.fit_expert_value [--games N] [--presets ...] [--out DIR] [--write]`.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
from pathlib import Path

import numpy as np

from benchmarks.fit_chances import Sample, arrays, fit, log_loss, probabilities
from benchmarks.master.expert_value import WEIGHTS
from ludo_bot.engine import PRESETS, Rules, apply, legal_actions, new_game
from ludo_bot.engine.chances import FEATURES, features
from ludo_bot.engine.expert import expert_choose
from ludo_bot.engine.state import GameState


def game_lines(job: tuple[str, int, float]) -> dict[str, object]:
    """One expert self-play game: its seed, winner and the sampled positions' feature rows (seat -> row)."""
    preset, seed, share = job
    rng = random.Random(seed)
    state = new_game(Rules.preset(preset), (0, 1, 2, 3), seed=seed)
    seen: list[GameState] = []
    while not state.over:
        if state.phase == "roll" and rng.random() < share:
            seen.append(state)
        actions = legal_actions(state)
        state = apply(state, actions[0] if len(actions) == 1 else expert_choose(state, actions)).state
    rows = [{str(seat): list(row) for seat, row in features(position).items()} for position in seen]
    return {"seed": seed, "winner": state.ranking[0], "positions": rows}


def samples_of(lines: list[dict[str, object]]) -> list[Sample]:
    """The fitting samples (rows of the seats able to win, the winner's index, the game's seed) of recorded games."""
    samples: list[Sample] = []
    for line in lines:
        winner = str(line["winner"])
        for rows in line["positions"]:  # type: ignore[attr-defined]
            seats = list(rows)
            if winner in rows and len(seats) > 1:
                samples.append(([tuple(rows[s]) for s in seats], seats.index(winner), int(str(line["seed"]))))
    return samples


def calibration(samples: list[Sample], w: np.ndarray, bins: int = 10) -> list[tuple[float, float, int]]:
    """(mean predicted, observed share, count) per bin of equal size by predicted chance, over every seat."""
    x, mask, y = arrays(samples)
    p = probabilities(x, mask, w)
    won = np.zeros_like(p)
    won[np.arange(len(y)), y] = 1.0
    predicted, observed = p[mask], won[mask]
    order = np.argsort(predicted, kind="stable")
    return [(float(predicted[part].mean()), float(observed[part].mean()), len(part))
            for part in np.array_split(order, bins)]


def record(preset: str, games: int, seed_base: int, share: float, out: Path, workers: int) -> list[dict[str, object]]:
    """The recorded games of a preset, playing those not yet in `out` (appended as they finish)."""
    path = out / f"{preset}.jsonl"
    lines = []
    for text in path.read_text().splitlines() if path.exists() else []:
        try:
            lines.append(json.loads(text))
        except json.JSONDecodeError:  # a line cut short by a stopped run (or still being written): played again
            continue
    done = {int(line["seed"]) for line in lines}
    jobs = [(preset, seed_base + g, share) for g in range(games) if seed_base + g not in done]
    if path.exists() and not path.read_text().endswith("\n") and path.stat().st_size:
        with path.open("a") as file:
            file.write("\n")  # end a line cut short, so that the next one starts afresh
    with multiprocessing.Pool(workers) as pool, path.open("a") as file:
        for line in pool.imap_unordered(game_lines, jobs, chunksize=4):
            file.write(json.dumps(line) + "\n")
            file.flush()
            lines.append(line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000, help="games per preset (default 2000)")
    parser.add_argument("--share", type=float, default=0.1, help="share of positions taken (default 0.1)")
    parser.add_argument("--presets", nargs="+", choices=PRESETS, default=list(PRESETS))
    parser.add_argument("--seed-base", type=int, default=3_000_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("out/expert-value"), help="the recorded games")
    parser.add_argument("--write", action="store_true", help="store the weights in benchmarks/master/expert_value.json")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    fitted: dict[str, list[float]] = {}
    for preset in args.presets:
        lines = record(preset, args.games, args.seed_base, args.share, args.out, args.workers)
        samples = samples_of(lines)
        train = [s for s in samples if s[2] % 5]
        test = [s for s in samples if not s[2] % 5]
        w = fit(train)
        model, uniform = log_loss(test, w)
        print(f"{preset}: {len(lines)} games, {len(train)} positions fitted, {len(test)} held out; "
              f"held-out log loss {model:.4f} (uniform {uniform:.4f})", flush=True)
        for mean, share, count in calibration(test, w):
            print(f"{preset}   predicted {100 * mean:5.1f}%  observed {100 * share:5.1f}%  ({count} seat-positions)")
        fitted[preset] = [round(float(v), 5) for v in w]
    if args.write:
        path = WEIGHTS
        known = json.loads(path.read_text())["presets"] if path.exists() else {}
        known.update(fitted)
        path.write_text(json.dumps({"features": list(FEATURES), "presets": known}, indent=1) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
