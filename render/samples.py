"""The sample pictures of the README and the manual (docs/): ``python -m render.samples docs/images``.

Each board sample is a position from a game between greedy players, picked where the player to act
has several moves to choose from, drawn with the button labels and the previous turn's moves;
``chart.png`` is a game review's chart of the win chances over a whole game; ``board-names.png`` a board whose
players are named in four scripts with emoji, in Brazilian Portuguese (`NAMES_LANGUAGE`).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from pathlib import Path

from engine.actions import Action
from engine.ai import choose
from engine.events import TURN_PASSED, Event
from engine.game import apply, legal_actions, new_game
from engine.review import review_game
from engine.rules import Rules
from engine.state import GameState
from render.board import render_board
from render.chart import render_chances
from render.view import WORDS, BoardView, default_labels

NAMES = ("Ruby", "Jade", "Amber", "Indigo")
# Devanagari (a conjunct), Arabic (right to left, joined), Cyrillic with a skin-toned emoji, Chinese with a joined
# emoji sequence; the picture's words in the language of `NAMES_LANGUAGE`.
SCRIPT_NAMES = ("अनन्या क्षत्रिय 🎲", "محمد علي 🇵🇰", "Дмитрий 👍🏽", "王芳 👩‍💻")
NAMES_LANGUAGE = "pt"
SAMPLES: tuple[tuple[str, Rules, tuple[int, ...], int, int], ...] = (
    ("board-classic.png", Rules.preset("classic"), (0, 1, 2, 3), 11, 100),
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


def chart_sample(rules: Rules, seats: tuple[int, ...], seed: int, focus: int) -> bytes:
    """The chart of a greedy game's review (`engine.review`): every seat's win chance over the game, `focus`'s
    line marked at its three costliest decisions."""
    state = new_game(rules, seats, seed)
    log: list[Action] = []
    while not state.over:
        action = choose(state, "greedy")
        log.append(action)
        state, _ = apply(state, action)
    review = review_game(rules, seats, seed, log)
    player = next(p for p in review.players if p.seat == focus)
    return render_chances(review.curve, seats, names=NAMES, focus=focus, marks=[d.ply for d in player.costliest])


def catalogue_words(lang: str) -> Mapping[str, str]:
    """The picture's words in `lang`, from the service's catalogues: looked up by name when this script runs, as
    `render` itself never imports the service (the bot passes them in `BoardView.words`)."""
    i18n = importlib.import_module("service.i18n")
    words: Mapping[str, str] = i18n.templates(lang, "board.", WORDS)
    return words


def main(argv: list[str] | None = None) -> int:
    out = Path((argv if argv is not None else sys.argv[1:] or ["docs/images"])[0])
    out.mkdir(parents=True, exist_ok=True)
    for filename, rules, seats, seed, after in SAMPLES:
        state, events = sample(rules, seats, seed, after)
        view = BoardView(names=NAMES, events=events, labels=default_labels(legal_actions(state)))
        png = render_board(state, view)
        (out / filename).write_bytes(png)
        print(f"{out / filename}: {len(png) // 1024} KB")
    state, events = sample(Rules.preset("star"), (0, 1, 2, 3), 7, 160)
    view = BoardView(names=SCRIPT_NAMES, events=events, labels=default_labels(legal_actions(state)),
                     words=catalogue_words(NAMES_LANGUAGE))
    png = render_board(state, view)
    (out / "board-names.png").write_bytes(png)
    print(f"{out / 'board-names.png'}: {len(png) // 1024} KB")
    png = chart_sample(Rules.preset("classic"), (0, 1, 2, 3), 7, focus=0)
    (out / "chart.png").write_bytes(png)
    print(f"{out / 'chart.png'}: {len(png) // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
