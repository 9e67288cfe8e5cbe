"""Board picture speed and size, per preset: `python -m benchmarks.render [--positions N] [--repeat R]`.

For each preset a 4-player game between greedy players is played; N positions spread over it
(with the events since the previous picture and, where a move is to be chosen, the button
labels) are drawn and PNG-encoded at the default size. Caches are warmed first, as in a running
bot. Per preset: the median time of one board (draw + encode), the mean PNG size, and the floor
measured in the same run: encoding the cached empty board alone (the least any picture costs).
Then the replay of a long game (411 moves) is timed and weighed, and so is a direct message's small picture of the
board (`render_thumbnail`, over the classic positions), and a game review's chart of win chances
(`render_chances`, 1000 points). The last line sums up all
presets: median ms per board, mean KB per board, and median / floor; the line before it, the same for
boards whose four names are in four scripts with emoji (`SCRIPT_NAMES`), and how far its ratio is above the plain
one. Times are CPU time of this process, so that other work on a loaded machine disturbs them less.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

from benchmarks.replay import RULES, SEATS, game, moves_of
from ludo_bot.engine.ai import choose
from ludo_bot.engine.events import Event
from ludo_bot.engine.game import apply, legal_actions, new_game
from ludo_bot.engine.rules import Rules
from ludo_bot.engine.state import GameState
from ludo_bot.render.board import THUMBNAIL_SIDE, draw_board, render_thumbnail, static_board
from ludo_bot.render.chart import CHART_SIZE, render_chances
from ludo_bot.render.png import encode_png
from ludo_bot.render.replay import REPLAY_SIZE, render_replay
from ludo_bot.render.view import DEFAULT_SIZE, BoardView, default_labels

PRESETS: tuple[tuple[str, Rules], ...] = (
    ("classic", Rules.preset("classic")),
    ("star", Rules.preset("star")),
    ("strict E=5", Rules.preset("strict")),
    ("strict E=4", Rules.preset("strict", end_path=4)),
    ("twodice", Rules.preset("twodice")),
)
NAMES = ("Ruby", "Jade", "Amber", "Indigo")
# Four scripts and emoji (a skin tone, a flag, a joined sequence): Devanagari's conjuncts, Arabic's joining right to
# left, Cyrillic, Chinese.
SCRIPT_NAMES = ("अनन्या क्षत्रिय 🎲", "محمد علي 🇵🇰", "Дмитрий 👍🏽", "张伟 👩‍💻")


def positions(rules: Rules, count: int, seed: int = 11) -> list[tuple[GameState, BoardView]]:
    """`count` positions spread over one greedy game, each with the view a bot would draw."""
    state = new_game(rules, (0, 1, 2, 3), seed)
    found: list[tuple[GameState, BoardView]] = []
    pending: list[Event] = []
    while not state.over:
        state, events = apply(state, choose(state, "greedy"))
        pending.extend(events)
        labels = default_labels(legal_actions(state)) if state.phase in ("move", "choose") else {}
        found.append((state, BoardView(names=NAMES, events=tuple(pending), labels=labels)))
        if state.phase == "roll":
            pending = []
    step = max(1, len(found) // count)
    return found[::step][:count]


def replay_line(seed: int = 8) -> None:
    """Size and time of the replay of a long game (classic, four random players: 411 moves with seed 8; more
    figures: `benchmarks.replay`)."""
    log = game(seed)
    moves = moves_of(log)
    start = time.process_time()
    gif = render_replay(RULES, SEATS, seed, log)
    took = time.process_time() - start
    print(f"     replay: {moves} moves (classic, random players, seed {seed}): {len(gif) / 1024:.0f} KB GIF "
          f"at {REPLAY_SIZE[0]}x{REPLAY_SIZE[1]} in {took:.2f} s")


def thumbnail_line(count: int, repeat: int) -> None:
    """Time and size of a direct message's picture (`render_thumbnail`: the board alone, in a small square)."""
    boards = positions(Rules.preset("classic"), count)
    for state, view in boards:  # warm the caches of its size
        render_thumbnail(state, view)
    times: list[float] = []
    sizes: list[int] = []
    for _ in range(repeat):
        for state, view in boards:
            start = time.process_time()
            sizes.append(len(render_thumbnail(state, view)))
            times.append(time.process_time() - start)
    print(f"  thumbnail: {median_ms(times):.2f} ms, {statistics.mean(sizes) / 1024:.1f} KB at "
          f"{THUMBNAIL_SIDE}x{THUMBNAIL_SIDE} (classic, the board alone)")


def chart_line(points: int, repeat: int) -> None:
    """Time and size of a review's chart: four seats' chances over `points` moves (a seeded random walk, as
    uneven as a real game's), the first seat in focus with three marks."""
    walk = random.Random(5)
    chances = [0.25] * 4
    curve: list[tuple[float, ...]] = []
    for _ in range(points):
        curve.append(tuple(chances))
        chances = [max(0.001, c + walk.gauss(0, 0.02)) for c in chances]
        chances = [c / sum(chances) for c in chances]
    marks = (points // 5, points // 2, 4 * points // 5)
    times: list[float] = []
    for _ in range(repeat * 4):
        start = time.process_time()
        png = render_chances(curve, (0, 1, 2, 3), names=NAMES, focus=0, marks=marks)
        times.append(time.process_time() - start)
    print(f"      chart: {median_ms(times):.2f} ms for {points} points, {len(png) / 1024:.1f} KB at "
          f"{CHART_SIZE[0]}x{CHART_SIZE[1]} (4 seats, a focus, 3 marks)")


def median_ms(samples: list[float]) -> float:
    return 1000 * statistics.median(samples)


def boards(names: tuple[str, ...], count: int, repeat: int, *, verbose: bool) -> tuple[list[float], list[float],
                                                                                list[int]]:
    """Every preset's `count` positions drawn `repeat` times with `names`: the times of a board (draw + encode), of
    the floor beside each, and the PNG sizes; with `verbose`, a line per preset."""
    all_times: list[float] = []
    all_floors: list[float] = []
    all_sizes: list[int] = []
    for label, rules in PRESETS:
        found = [(state, replace(view, names=names)) for state, view in positions(rules, count)]
        empty = static_board(rules, DEFAULT_SIZE)
        for state, view in found:  # warm the sprite caches
            encode_png(draw_board(state, view))
        draw_times: list[float] = []
        times: list[float] = []
        sizes: list[int] = []
        floors: list[float] = []
        for _ in range(repeat):
            for state, view in found:
                start = time.process_time()
                image = draw_board(state, view)
                drawn = time.process_time()
                png = encode_png(image)
                end = time.process_time()
                draw_times.append(drawn - start)
                times.append(end - start)
                sizes.append(len(png))
                start = time.process_time()
                encode_png(empty)
                floors.append(time.process_time() - start)
        ms, floor = median_ms(times), median_ms(floors)
        if verbose:
            print(f"{label:>11}: {ms:6.2f} ms/board (draw {median_ms(draw_times):.2f}), "
                  f"{statistics.mean(sizes) / 1024:5.1f} KB/board (max {max(sizes) / 1024:.1f}), "
                  f"floor {floor:.2f} ms, {ms / floor:.2f} x floor")
        all_times += times
        all_floors += floors
        all_sizes += sizes
    return all_times, all_floors, all_sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.render", description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=80)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    width, height = DEFAULT_SIZE
    print(f"board pictures at {width}x{height}, {args.positions} positions x {args.repeat} per preset")
    all_times, all_floors, all_sizes = boards(NAMES, args.positions, args.repeat, verbose=True)
    replay_line()
    thumbnail_line(args.positions, args.repeat)
    chart_line(1000, args.repeat)
    ms, floor = median_ms(all_times), median_ms(all_floors)
    plain = ms / floor
    times, floors, sizes = boards(SCRIPT_NAMES, args.positions, args.repeat, verbose=False)
    scripts = median_ms(times) / median_ms(floors)
    print(f"render, names in many scripts: {median_ms(times):.2f} ms/board, {statistics.mean(sizes) / 1024:.1f} "
          f"KB/board, {scripts:.2f} x floor ({100 * (scripts / plain - 1):+.0f} % on the plain ratio)")
    print(f"render: {ms:.2f} ms/board, {statistics.mean(all_sizes) / 1024:.1f} KB/board, {plain:.2f} x floor")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
