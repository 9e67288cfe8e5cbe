"""Random 4-player self-play for every preset, against ludopy's own loop in the same run.

A "move" is one die roll played out (the roll and the token move, or the forfeit that
follows it), the unit of ludopy's observation/answer loop. Self-play pushes actions on the
engine's `Board` (as AI look-ahead does); the `apply` column goes through the immutable
state API the bot uses (copy in, push, freeze, events). Run: `python -m benchmarks.engine`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine import PRESETS, Rules, apply, legal_actions, new_game
from engine.board import Board


def engine_round(preset: str, seconds: float, seed: int) -> tuple[float, float, float]:
    """(moves/s, actions/s, games/s) of random self-play on a Board for about `seconds`."""
    rules = Rules.preset(preset)
    moves = actions = games = 0
    chooser = random.Random(seed)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = Board(new_game(rules, (0, 1, 2, 3), seed + games))
        first_roll = board.rolls
        while not board.over:
            board.push(chooser.choice(board.legal_actions()))
            actions += 1
        moves += board.rolls - first_roll
        games += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, actions / elapsed, games / elapsed


def api_round(preset: str, seconds: float, seed: int) -> float:
    """Moves/s of the same play through `legal_actions` / `apply` on immutable states, events included."""
    rules = Rules.preset(preset)
    moves = games = 0
    chooser = random.Random(seed)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(rules, (0, 1, 2, 3), seed + games)
        first_roll = state.rolls
        while not state.over:
            state = apply(state, chooser.choice(legal_actions(state))).state
        moves += state.rolls - first_roll
        games += 1
    return moves / (time.perf_counter() - start)


def ludopy_round(seconds: float, seed: int) -> tuple[float, float]:
    """(moves/s, games/s) of ludopy's documented random-play loop."""
    import ludopy
    import numpy as np

    np.random.seed(seed)
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = ludopy.Game()
        over = False
        while not over:
            (_, move_pieces, _, _, _, over), _ = game.get_observation()
            piece = move_pieces[np.random.randint(0, len(move_pieces))] if len(move_pieces) else -1
            _, _, _, _, _, over = game.answer_observation(piece)
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, games / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one measuring round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per subject; medians are reported")
    args = parser.parse_args()
    results: dict[str, list[tuple[float, float, float]]] = {p: [] for p in PRESETS}
    api: dict[str, list[float]] = {p: [] for p in PRESETS}
    peer: list[tuple[float, float]] = []
    for r in range(args.rounds):  # interleaved, so machine noise hits every subject alike
        for preset in PRESETS:
            results[preset].append(engine_round(preset, args.seconds, 1000 * r))
            api[preset].append(api_round(preset, args.seconds / 2, 1000 * r))
        peer.append(ludopy_round(args.seconds, r))
    print(f"medians of {args.rounds} rounds of {args.seconds:g} s")
    for preset in PRESETS:
        moves, actions, games = (statistics.median(x[i] for x in results[preset]) for i in range(3))
        print(f"{preset:8} {moves:10,.0f} moves/s {actions:10,.0f} actions/s {games:8,.1f} games/s"
              f"   via apply(): {statistics.median(api[preset]):9,.0f} moves/s")
    ludo_moves = statistics.median(m for m, _ in peer)
    ludo_games = statistics.median(g for _, g in peer)
    print(f"{'ludopy':8} {ludo_moves:10,.0f} moves/s {'':21} {ludo_games:8,.1f} games/s")
    classic = statistics.median(m for m, _, _ in results["classic"])
    print(f"engine: {classic:.0f} moves/s, ludopy: {ludo_moves:.0f} moves/s, ratio {classic / ludo_moves:.2f}")


if __name__ == "__main__":
    main()
