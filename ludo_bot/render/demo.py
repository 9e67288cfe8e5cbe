"""Play a computer game and draw it: ``python -m ludo_bot.render.demo --preset star --players 4 --seed 7 --out DIR``.

Writes ``DIR/final.png`` (the last position), ``DIR/replay.gif`` (one frame per move) and, with
``--every-turn``, ``DIR/turn-NNN.png`` after every turn (that turn's moves highlighted).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from ludo_bot.engine.actions import Action
from ludo_bot.engine.ai import LEVELS, choose
from ludo_bot.engine.events import GAME_OVER, TURN_PASSED, Event
from ludo_bot.engine.game import apply, new_game
from ludo_bot.engine.rules import PRESETS, Rules, default_seats
from ludo_bot.render.board import render_board
from ludo_bot.render.replay import render_replay
from ludo_bot.render.view import BoardView

NAMES = ("Ruby", "Jade", "Amber", "Indigo")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ludo_bot.render.demo", description=__doc__.splitlines()[0])
    parser.add_argument("--preset", choices=PRESETS, default="star")
    parser.add_argument("--end-path", type=int, choices=(4, 5), default=None, help="strict only: home column length")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--level", choices=LEVELS, default="greedy")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--every-turn", action="store_true", help="also write one PNG per turn")
    args = parser.parse_args(argv)

    overrides = {"end_path": args.end_path} if args.end_path is not None else {}
    rules = Rules.preset(args.preset, **overrides)
    seats = default_seats(args.players)
    names = tuple(NAMES)
    args.out.mkdir(parents=True, exist_ok=True)

    state = new_game(rules, seats, args.seed)
    log: list[Action] = []
    turn_events: list[Event] = []
    turn = 0
    draw_time = 0.0
    while not state.over:
        action = choose(state, args.level)
        state, events = apply(state, action)
        log.append(action)
        turn_events.extend(events)
        if any(e.kind in (TURN_PASSED, GAME_OVER) for e in events):
            turn += 1
            if args.every_turn:
                start = time.perf_counter()
                png = render_board(state, BoardView(names=names, events=tuple(turn_events)))
                draw_time += time.perf_counter() - start
                (args.out / f"turn-{turn:03d}.png").write_bytes(png)
            last_events = tuple(turn_events)
            turn_events = []
    final = render_board(state, BoardView(names=names, events=last_events))
    (args.out / "final.png").write_bytes(final)
    start = time.perf_counter()
    replay = render_replay(rules, seats, args.seed, log, names)
    replay_time = time.perf_counter() - start
    (args.out / "replay.gif").write_bytes(replay)
    winner = names[state.ranking[0]]
    print(f"{rules.name}: {len(log)} actions, {turn} turns, winner {winner}")
    if args.every_turn:
        print(f"turn pictures: {turn}, {1000 * draw_time / max(1, turn):.1f} ms each")
    print(f"final.png {len(final) // 1024} KB, replay.gif {len(replay) // 1024} KB ({replay_time:.1f} s)"
          f" -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
