"""Random 4-player self-play for every preset, against ludopy's own loop in the same run.

A "move" is one die roll played out (the roll and the token move, or the forfeit that
follows it), the unit of ludopy's observation/answer loop. Self-play pushes actions on the
engine's `Board` (as AI look-ahead does); the `apply()` column goes through the immutable
state API the bot uses (copy in, push, freeze, events).

Two builds are measured: the engine as imported from this checkout (pure Python in an
editable install), and the engine as `pip install .` ships it (hot modules compiled with
mypyc; built once into build/bench-install/ and reused while the sources are unchanged).
The `expert` column is four `expert` players' self-play through `engine.ai.choose` and `apply()`: its moves/s
bound how many games a look-ahead by rollouts can play. The last lines report the shipped build against ludopy,
and the expert's moves/s shipped against the checkout's (its sources) measured in the same run. Rates are per
second of CPU time, so that other work on a loaded machine disturbs them less. Run: `python -m benchmarks.engine`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from ludo_bot.engine import PRESETS, Rules, apply, board, legal_actions, new_game
from ludo_bot.engine.ai import choose
from ludo_bot.engine.board import Board

ROOT = Path(__file__).resolve().parent.parent
Figures = dict[str, float]


def board_round(preset: str, seconds: float, seed: int) -> tuple[float, float, float]:
    """(moves/s, actions/s, games/s) of random self-play on a Board for about `seconds`.

    The random players pick uniformly with `Random.random()` (cheaper than `Random.choice`, so the
    figure is more the engine's and less the players')."""
    rules = Rules.preset(preset)
    moves = actions = games = 0
    pick = random.Random(seed).random
    start = time.process_time()
    while time.process_time() - start < seconds:
        board = Board(new_game(rules, (0, 1, 2, 3), seed + games))
        first_roll = board.rolls
        while not board.over:
            legal = board.legal_actions()
            board.push(legal[int(pick() * len(legal))])
            actions += 1
        moves += board.rolls - first_roll
        games += 1
    elapsed = time.process_time() - start
    return moves / elapsed, actions / elapsed, games / elapsed


def api_round(preset: str, seconds: float, seed: int) -> float:
    """Moves/s of the same play through `legal_actions` / `apply` on immutable states, events included."""
    rules = Rules.preset(preset)
    moves = games = 0
    chooser = random.Random(seed)
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = new_game(rules, (0, 1, 2, 3), seed + games)
        first_roll = state.rolls
        while not state.over:
            state = apply(state, chooser.choice(legal_actions(state))).state
        moves += state.rolls - first_roll
        games += 1
    return moves / (time.process_time() - start)


def expert_round(preset: str, seconds: float, seed: int) -> tuple[float, float]:
    """(moves/s, decisions/s) of four `expert` players' self-play; a decision is a position with two or more legal
    actions, the ones the expert thinks about."""
    rules = Rules.preset(preset)
    moves = decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = new_game(rules, (0, 1, 2, 3), seed + games)
        first_roll = state.rolls
        while not state.over:
            actions = legal_actions(state)
            if len(actions) > 1:
                decisions += 1
                state = apply(state, choose(state, "expert")).state
            else:
                state = apply(state, actions[0]).state
        moves += state.rolls - first_roll
        games += 1
    elapsed = time.process_time() - start
    return moves / elapsed, decisions / elapsed


def ludopy_round(seconds: float, seed: int) -> tuple[float, float]:
    """(moves/s, games/s) of ludopy's documented random-play loop."""
    # the `bench` extra, which `.[dev]` (and so CI's type check) does not install; ludopy has no type hints
    import ludopy  # type: ignore[import-not-found, import-untyped, unused-ignore]
    import numpy as np  # type: ignore[import-not-found, unused-ignore]

    np.random.seed(seed)
    moves = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = ludopy.Game()
        over = False
        while not over:
            (_, move_pieces, _, _, _, over), _ = game.get_observation()
            piece = move_pieces[np.random.randint(0, len(move_pieces))] if len(move_pieces) else -1
            _, _, _, _, _, over = game.answer_observation(piece)
            moves += 1
        games += 1
    elapsed = time.process_time() - start
    return moves / elapsed, games / elapsed


def measure(rounds: int, seconds: float) -> Figures:
    """Medians over `rounds` interleaved rounds (so machine noise hits every subject alike)."""
    samples: dict[str, list[float]] = {}
    for r in range(rounds):
        for preset in PRESETS:
            for key, value in zip(("moves", "actions", "games"), board_round(preset, seconds, 1000 * r), strict=True):
                samples.setdefault(f"{preset}.{key}", []).append(value)
            samples.setdefault(f"{preset}.api", []).append(api_round(preset, seconds / 2, 1000 * r))
            expert_moves, expert_decisions = expert_round(preset, seconds, 1000 * r)
            samples.setdefault(f"{preset}.expert", []).append(expert_moves)
            samples.setdefault(f"{preset}.decisions", []).append(expert_decisions)
        moves, games = ludopy_round(seconds, r)
        samples.setdefault("ludopy.moves", []).append(moves)
        samples.setdefault("ludopy.games", []).append(games)
    figures = {key: statistics.median(values) for key, values in samples.items()}
    figures["compiled"] = float(board.__file__.endswith(".so"))
    return figures


def report(title: str, figures: Figures) -> None:
    print(f"{title}: engine {'compiled with mypyc' if figures['compiled'] else 'pure Python'}")
    for preset in PRESETS:
        print(f"  {preset:8} {figures[f'{preset}.moves']:10,.0f} moves/s {figures[f'{preset}.actions']:10,.0f}"
              f" actions/s {figures[f'{preset}.games']:8,.1f} games/s"
              f"   via apply(): {figures[f'{preset}.api']:9,.0f} moves/s"
              f"   expert: {figures[f'{preset}.expert']:7,.0f} moves/s {figures[f'{preset}.decisions']:7,.0f}"
              " decisions/s")
    print(f"  {'ludopy':8} {figures['ludopy.moves']:10,.0f} moves/s {'':21} {figures['ludopy.games']:8,.1f} games/s")


def shipped_build() -> Path:
    """`pip install --target` of this checkout, rebuilt only when a source or pyproject changes."""
    sources = sorted([*ROOT.glob("ludo_bot/engine/*.py"), ROOT / "pyproject.toml", ROOT / "setup.py"])
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()[:16]
    target = ROOT / "build" / "bench-install" / digest
    if not (target / "ludo_bot" / "engine").is_dir():
        print(f"building the shipped engine into {target.relative_to(ROOT)} ...", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--no-deps", "--target", str(target), str(ROOT)], check=True)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one measuring round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per subject; medians are reported")
    parser.add_argument("--json", action="store_true", help="measure the importable engine only, print JSON")
    parser.add_argument("--checkout-only", action="store_true", help="skip the shipped (compiled) build")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.rounds, args.seconds)))
        return
    print(f"medians of {args.rounds} rounds of {args.seconds:g} s")
    final = checkout = measure(args.rounds, args.seconds)
    report("this checkout", final)
    if not args.checkout_only:
        target = shipped_build()
        # run from the build folder so that its `engine` is the one imported; benchmarks come from here
        out = subprocess.run([sys.executable, "-m", "benchmarks.engine", "--json", "--rounds", str(args.rounds),
                              "--seconds", str(args.seconds)], cwd=target, env={"PYTHONPATH": str(ROOT)},
                             check=True, capture_output=True, text=True).stdout
        final = json.loads(out.splitlines()[-1])
        report("pip install . build", final)
    ours, peer = final["classic.moves"], final["ludopy.moves"]
    print(f"engine: {ours:.0f} moves/s, ludopy: {peer:.0f} moves/s, ratio {ours / peer:.2f}")
    shipped, source = final["classic.expert"], checkout["classic.expert"]
    if final is checkout:
        print(f"expert (classic self-play): {shipped:.0f} moves/s")
    else:
        build = "compiled" if checkout["compiled"] else "its sources"
        print(f"expert (classic self-play): {shipped:.0f} moves/s shipped, {source:.0f} moves/s this checkout "
              f"({build}), ratio {shipped / source:.2f}")


if __name__ == "__main__":
    main()
