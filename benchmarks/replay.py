"""Replay GIF time and memory for a long game: `python -m benchmarks.replay [--seed 166] [--repeat 3]`.

A classic game of four random players (seed 166: 537 moves, the longest such game of the first 400 seeds) is
replayed three ways, each run in a fresh process so that its memory is its own:

- all frames in memory: one frame per move, every frame drawn first and handed to Pillow's GIF writer (how replays
  were drawn before; Pillow keeps every frame until it writes the file);
- streamed: one frame per move, each written as soon as it is drawn (`render.replay.write_gif`);
- streamed and sampled: what the bot draws, at most `render.replay.FRAMES` frames (the first move, the last, the
  captures and tokens home held longer, the rest spread evenly).

Per way: frames, how long the GIF runs once through (its frames' durations), CPU time (of the drawing process), peak
memory growth (the process's peak resident set, Linux's VmHWM, less its resident set once the game is built and the
caches are warm) and GIF size; medians over `--repeat` runs. The last line compares the bot's way with the old one.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from PIL import Image

from ludo_bot.engine.actions import Action, Move, MovePair
from ludo_bot.engine.ai import choose
from ludo_bot.engine.game import apply, new_game
from ludo_bot.engine.rules import Rules
from ludo_bot.render.replay import FRAMES, REPLAY_SIZE, render_replay, replay_frames

RULES = Rules.preset("classic")
SEATS = (0, 1, 2, 3)
WAYS = {"memory": "all frames in memory (before)", "streamed": "streamed, one frame per move",
        "sampled": f"streamed, at most {FRAMES} frames (the bot)"}
EVERY_MOVE = 10**6  # a frame cap no game reaches


def game(seed: int) -> list[Action]:
    """The log of a classic game of four random players."""
    state, log = new_game(RULES, SEATS, seed), []
    while not state.over:
        action = choose(state, "random")
        state, _ = apply(state, action)
        log.append(action)
    return log


def moves_of(log: list[Action]) -> int:
    return sum(1 for a in log if isinstance(a, Move | MovePair))


def all_in_memory(log: list[Action], seed: int) -> bytes:
    """The replay as it was drawn before: every frame first, then Pillow's writer (which keeps them all too)."""
    frames = list(replay_frames(RULES, SEATS, seed, log, frames=EVERY_MOVE))
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=[500] * (len(frames) - 1) + [5000],
                   loop=0, optimize=True)
    return out.getvalue()


def resident(field: str) -> int:
    """This process's VmRSS or VmHWM, in bytes."""
    found = re.search(rf"^{field}:\s+(\d+) kB", Path("/proc/self/status").read_text(), re.MULTILINE)
    return int(found.group(1)) * 1024 if found else 0


def measure(way: str, seed: int) -> dict[str, float]:
    """Draw the replay one way, in this (fresh) process: its figures."""
    log = game(seed)
    render_replay(RULES, SEATS, seed, log[:40])  # the static board's and sprites' caches, as in a running bot
    before = resident("VmRSS")
    cpu = time.process_time()
    if way == "memory":
        gif = all_in_memory(log, seed)
    else:
        gif = render_replay(RULES, SEATS, seed, log, frames=FRAMES if way == "sampled" else EVERY_MOVE)
    cpu = time.process_time() - cpu
    return {"frames": getattr(Image.open(io.BytesIO(gif)), "n_frames", 1), "runs": runs(gif), "cpu": cpu,
            "grown": resident("VmHWM") - before, "size": len(gif)}


def runs(gif: bytes) -> float:
    """How long a GIF runs once through, in seconds: its frames' durations."""
    image = Image.open(io.BytesIO(gif))
    total = 0
    for number in range(getattr(image, "n_frames", 1)):
        image.seek(number)
        total += image.info.get("duration", 0)
    return total / 1000


def run(way: str, seed: int) -> dict[str, float]:
    """`measure` in a fresh process."""
    done = subprocess.run([sys.executable, "-m", "benchmarks.replay", "--way", way, "--seed", str(seed)],
                          capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parent.parent)
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.replay", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=166)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--way", choices=list(WAYS), help=argparse.SUPPRESS)  # one measurement (a child process)
    args = parser.parse_args(argv)
    if args.way:
        print(json.dumps(measure(args.way, args.seed)))
        return 0
    if not Path("/proc/self/status").exists():
        parser.error("memory is read from /proc (Linux)")
    seed = args.seed
    print(f"replay of a {moves_of(game(seed))}-move game (classic, four random players, seed {seed}) at "
          f"{REPLAY_SIZE[0]}x{REPLAY_SIZE[1]}, median of {args.repeat} runs, each in a fresh process")
    medians: dict[str, dict[str, float]] = {}
    for way, label in WAYS.items():
        runs = [run(way, seed) for _ in range(args.repeat)]
        medians[way] = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
        m = medians[way]
        print(f"{label:>40}: {m['frames']:4.0f} frames, runs {m['runs']:5.1f} s, {m['cpu']:5.2f} s CPU, "
              f"peak +{m['grown'] / 2**20:6.1f} MB, {m['size'] / 2**20:4.2f} MB GIF")
    old, new = medians["memory"], medians["sampled"]
    print(f"replay: runs {new['runs']:.1f} s, {new['cpu']:.2f} s CPU, peak +{new['grown'] / 2**20:.1f} MB; against all "
          f"frames in memory "
          f"{old['cpu'] / new['cpu']:.1f}x less CPU, {old['grown'] / max(new['grown'], 1):.0f}x less memory")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
