"""The README's sample pictures: ``python -m render.samples docs/images``.

Each board sample is a position from a game between greedy players, picked where the player to act
has several moves to choose from, drawn with the button labels and the previous turn's moves;
``chart.png`` is a game review's chart of the win chances over a whole game.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.actions import Move, MovePair
from engine.ai import choose
from engine.events import TURN_PASSED, Event
from engine.game import apply, legal_actions, new_game
from engine.rules import Rules
from engine.state import GameState
from render.board import render_board
from render.chart import render_chances
from render.view import BoardView, default_labels

NAMES = ("Ruby", "Jade", "Amber", "Indigo")
SAMPLES: tuple[tuple[str, Rules, tuple[int, ...], int, int], ...] = (
    ("board-star.png", Rules.preset("star"), (0, 1, 2, 3), 7, 160),
    ("board-twodice.png", Rules.preset("twodice"), (0, 1, 2, 3), 3, 90),
    ("board-strict-e4.png", Rules.preset("strict", end_path=4), (0, 2), 5, 120),
)


def sample(rules: Rules, seats: tuple[int, ...], seed: int, after: int) -> tuple[GameState, tuple[Event, ...]]:
    """The first position after ply `after` where the player to act picks among 3+ moves (or 2 dice)."""
    state = new_game(rules, seats, seed)
    previous: list[Event] = []
    current: list[Event] = []
    while not state.over:
        options = legal_actions(state)
        if state.ply >= after and state.phase in ("move", "choose") and (len(options) >= 3 or state.phase == "choose"):
            break
        state, events = apply(state, choose(state, "greedy"))
        current.extend(events)
        if any(e.kind == TURN_PASSED for e in events):
            previous, current = current, []
    return state, (*previous, *current)


def stand_in_chances(state: GameState) -> tuple[float, ...]:
    """A stand-in for the win chances (the real ones are engine work still to come): each seat's share of the
    squares its tokens have covered (`GameState.progress`), each seat counted as if a track's length ahead (so
    the first moves do not swing the shares from 0 to 1), and 1 for the winner at the end."""
    if state.over:
        return tuple(1.0 if seat == state.ranking[0] else 0.0 for seat in range(4))
    covered = [state.progress(seat) + state.rules.track_length if seat in state.order else 0 for seat in range(4)]
    return tuple(c / sum(covered) for c in covered)


def chart_sample(rules: Rules, seats: tuple[int, ...], seed: int, focus: int) -> bytes:
    """The chart of a greedy game: the stand-in chances before every token move and at the end, `focus`'s line
    marked at its three moves after which its share fell the most (standing in for its costliest decisions)."""
    state = new_game(rules, seats, seed)
    curve: list[tuple[float, ...]] = []
    own: list[int] = []  # the indexes of `focus`'s moves
    while not state.over:
        action = choose(state, "greedy")
        if isinstance(action, Move | MovePair):
            if state.current == focus:
                own.append(len(curve))
            curve.append(stand_in_chances(state))
        state, _ = apply(state, action)
    curve.append(stand_in_chances(state))
    costliest = sorted(own, key=lambda i: (curve[i + 1][focus] - curve[i][focus], i))[:3]
    return render_chances(curve, seats, names=NAMES, focus=focus, marks=costliest)


def main(argv: list[str] | None = None) -> int:
    out = Path((argv if argv is not None else sys.argv[1:] or ["docs/images"])[0])
    out.mkdir(parents=True, exist_ok=True)
    for filename, rules, seats, seed, after in SAMPLES:
        state, events = sample(rules, seats, seed, after)
        view = BoardView(names=NAMES, events=events, labels=default_labels(legal_actions(state)))
        png = render_board(state, view)
        (out / filename).write_bytes(png)
        print(f"{out / filename}: {len(png) // 1024} KB")
    png = chart_sample(Rules.preset("classic"), (0, 1, 2, 3), 7, focus=0)
    (out / "chart.png").write_bytes(png)
    print(f"{out / 'chart.png'}: {len(png) // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
