"""Can the pictures be read on a phone? `python -m benchmarks.legibility [--width W]`.

Discord's mobile client shows a picture as wide as the chat column, about 360 px. Each case draws a preset in a
position that stresses the picture (four long names in several scripts with emoji and AI levels, a long AI turn
with two dice, a finished game, a quick game) and prints:

- `smallest text: N px`: the smallest font size of any word or number on the picture when it is shown `W` px wide
  (every text the renderer draws says its size, `render.typeset.recording`), and which text that is; the numbers on
  the tokens are given apart (`token numbers`: the smallest of every token drawn, and how many were drawn), as
  they are a part of the token's drawing;
- `marks: N %`: the share of the board's area the marks of the last moves and of the moves on offer cover (the
  pixels of the board that differ from the same position drawn without its events and labels).

The line `legibility:` gives the smallest text and the largest share over all cases. Then the tournament's standings
pictures (`render.standings`), a knockout and a swiss tournament of 8, 16 and 64 entrants at their end (and a
knockout of 64 in its first round, its largest picture): each picture's size, the smallest text at `W` px wide
(drawn from cold caches), and the CPU time of a picture, median of `--repeat`, the names' sprites cached as in a
running bot (`cold`: every cache of the render package emptied first); the line `standings:` sums them up.
Cases with tokens crowded on a square (four of a colour, five of four colours, two in a home column) stress the
tokens. The line `token numbers by place` gives the smallest number of every case by where its token stands (in a
yard, alone on a square, 2-5 on one, home), and the last line the smallest text and the largest share over all
cases.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageChops

from ludo_bot import render
from ludo_bot.engine import events as ev
from ludo_bot.engine.ai import choose
from ludo_bot.engine.events import Event
from ludo_bot.engine.game import apply, legal_actions, new_game
from ludo_bot.engine.rules import Rules
from ludo_bot.engine.state import GameState
from ludo_bot.render.board import draw_board
from ludo_bot.render.geometry import Box, layout, metrics
from ludo_bot.render.replay import LAST_MS, timed_frames
from ludo_bot.render.samples import chart_sample, knockout_sample, swiss_sample
from ludo_bot.render.standings import bracket_png, swiss_png
from ludo_bot.render.tokens import token_places
from ludo_bot.render.typeset import Drawn, recording
from ludo_bot.render.view import DEFAULT_SIZE, BoardView, default_labels

PHONE = 360  # px: the width Discord's mobile client shows a picture at
# Long names in several scripts, with emoji, and the names the bot gives its AI players.
LONG_NAMES = ("अनन्या क्षत्रिय 🎲✨", "محمد عبد الرحمن 🇵🇰", "AI (master)", "Александра Иванова 👩‍💻")
AI_NAMES = ("AI (expert)", "AI (greedy)", "AI (master)", "AI (random)")  # as the bot names them on a picture


PLACES = ("in a yard", "alone", "2 on a square", "3 on a square", "4 on a square", "5+ on a square", "home")


class Case(NamedTuple):
    label: str
    state: GameState
    view: BoardView


def _caches() -> list[Callable[[], None]]:
    """Every cache of the render package (words are drawn once and cached: to see them all, draw from cold)."""
    found = []
    for module in [m for name, m in sys.modules.items() if name.startswith("render.")]:
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                found.append(clear)
    return found


def _played(rules: Rules, seed: int, until: Callable[[GameState, list[Event]], bool]) -> tuple[GameState, list[Event]]:
    """A game between greedy players up to the first turn after which `until(state, the turn's events)` holds
    (else to its end); the state after that turn and the turn's events."""
    state = new_game(rules, (0, 1, 2, 3), seed)
    turn: list[Event] = []
    while not state.over:
        state, events = apply(state, choose(state, "greedy"))
        turn.extend(events)
        if any(e.kind == ev.TURN_PASSED for e in events) or state.over:
            if until(state, turn):
                return state, turn
            turn = []
    return state, turn


def _to_move(rules: Rules, seed: int, after: int) -> GameState:
    """The first position after ply `after` of a greedy game where the player to act picks among two moves or more."""
    state = new_game(rules, (0, 1, 2, 3), seed)
    while not state.over:
        if state.ply >= after and state.phase in ("move", "choose") and len(legal_actions(state)) >= 2:
            return state
        state, _ = apply(state, choose(state, "greedy"))
    return state


def _crowded(rules: Rules, seed: int, least: int, kind: str = "track") -> tuple[GameState, list[Event]]:
    """The first position of a greedy game where a place of `kind` holds `least` tokens or more, and its turn's
    events so far."""
    state = new_game(rules, (0, 1, 2, 3), seed)
    turn: list[Event] = []
    while not state.over:
        state, events = apply(state, choose(state, "greedy"))
        turn = [] if any(e.kind == ev.TURN_PASSED for e in turn) else turn
        turn.extend(events)
        if any(place[0] == kind and len(tids) >= least for place, tids in token_places(state).items()):
            return state, turn
    raise ValueError(f"no {kind} with {least} tokens in game {seed}")


def _moves(turn: list[Event]) -> int:
    return sum(1 for e in turn if e.kind in (ev.MOVED, ev.ENTERED))


def cases(size: tuple[int, int]) -> list[Case]:
    """The positions measured."""
    found: list[Case] = []
    state = _to_move(Rules.preset("classic"), 11, 60)
    found.append(Case("classic, long names", state,
                      BoardView(names=LONG_NAMES, labels=default_labels(legal_actions(state)), size=size)))
    state, turn = _played(Rules.preset("twodice"), 10, lambda s, t: _moves(t) >= 12)
    found.append(Case(f"twodice, long AI turn ({_moves(turn)} moves)", state,
                      BoardView(names=AI_NAMES, events=tuple(turn), size=size)))
    state = _to_move(Rules.preset("twodice"), 3, 40)
    found.append(Case("twodice, picks a die", state,
                      BoardView(names=LONG_NAMES, labels=default_labels(legal_actions(state)), size=size)))
    state, turn = _played(Rules.preset("classic"), 7, lambda s, t: s.over)
    found.append(Case("classic, finished", state, BoardView(names=LONG_NAMES, events=tuple(turn), size=size)))
    state, turn = _played(Rules.preset("star"), 7, lambda s, t: s.over)
    found.append(Case("star, out of turns", state, BoardView(names=AI_NAMES, events=tuple(turn), size=size)))
    state, turn = _played(Rules.preset("strict", quick=True), 4, lambda s, t: s.ply > 60 and _moves(t) >= 1)
    found.append(Case("strict quick, mid-game", state, BoardView(names=AI_NAMES, events=tuple(turn), size=size)))
    for label, rules, seed, least, kind in (("star, five on a square", Rules.preset("star"), 7, 5, "track"),
                                            ("strict, three on a square", Rules.preset("strict"), 0, 3, "track"),
                                            ("twodice, four on a square", Rules.preset("twodice"), 1, 4, "track"),
                                            ("strict E=4, four on a square", Rules.preset("strict", end_path=4), 1, 4,
                                             "track"),
                                            ("twodice, two in a home column", Rules.preset("twodice"), 0, 2, "home")):
        state, turn = _crowded(rules, seed, least, kind)
        labels = default_labels(legal_actions(state)) if state.phase in ("move", "choose") else {}
        found.append(Case(label, state, BoardView(names=AI_NAMES, events=tuple(turn), labels=labels, size=size)))
    return found


class Measure(NamedTuple):
    smallest: float  # px at the display width
    what: str
    tokens: float  # the smallest token number, px at the display width
    drawn: int  # token numbers drawn
    shown: int  # tokens on the board (every one should have its number drawn)
    places: dict[str, float]  # where a token stands -> the smallest number there, px at the display width
    marks: float  # share of the board's area


def measure(case: Case, display: int) -> Measure:
    """Draw `case` from cold caches, noting every text; compare it with the position drawn without its marks."""
    for clear in _caches():
        clear()
    with recording() as texts:
        picture = draw_board(case.state, case.view)
    scale = display / picture.width
    tokens = [drawn for drawn in texts if drawn.what != "words"]
    places: dict[str, float] = {}
    for drawn in tokens:
        places[drawn.what] = min(places.get(drawn.what, drawn.size * scale), drawn.size * scale)
    words = [(drawn.size, drawn.text) for drawn in texts if drawn.what == "words"] or [(0.0, "")]
    smallest, what = min(words)
    bare = draw_board(case.state, replace(case.view, events=(), labels={}))
    m = metrics(layout(case.state.rules).n, case.view.size)
    box = m.box_px(Box(0, 0, m.n, m.n))
    diff = ImageChops.difference(picture.convert("RGB").crop(box), bare.convert("RGB").crop(box)).convert("L")
    changed = sum(diff.point(lambda v: 255 if v else 0).histogram()[255:])
    area = (box[2] - box[0]) * (box[3] - box[1])
    shown = sum(len(tids) for tids in token_places(case.state).values())
    return Measure(smallest * scale, what, min(places.values(), default=float("inf")), len(tokens), shown, places,
                   changed / area)


def standings_cases() -> list[tuple[str, Callable[[], bytes]]]:
    """The standings pictures measured: (label, a function drawing its PNG)."""
    found: list[tuple[str, Callable[[], bytes]]] = []
    for count in (8, 16, 64):
        found += [(f"knockout of {count}", partial(bracket_png, knockout_sample(count))),
                  (f"swiss of {count}", partial(swiss_png, swiss_sample(count, played=5, rounds=5, left=count // 16)))]
    found.append(("knockout of 64, round 1", partial(bracket_png, knockout_sample(64, until=1))))
    return found


def standings(display: int, repeat: int) -> None:
    """A line per standings picture and the `standings:` line."""
    smallest: list[tuple[float, str]] = []
    times: dict[str, float] = {}
    for label, make in standings_cases():
        for clear in _caches():
            clear()
        start = time.process_time()
        with recording() as texts:
            png = make()
        cold = time.process_time() - start
        with Image.open(io.BytesIO(png)) as picture:
            size = picture.size
        least = min((text_size * display / size[0], text) for text, text_size, _ in texts)
        warm = []
        for _ in range(repeat):
            start = time.process_time()
            make()
            warm.append(time.process_time() - start)
        times[label] = 1000 * statistics.median(warm)
        smallest.append(least)
        print(f"{label:>36}: {size[0]}x{size[1]}, {len(png) / 1024:.0f} KB, smallest text: {least[0]:.1f} px "
              f"({least[1]!r}), {times[label]:.1f} ms a picture ({1000 * cold:.0f} ms cold)")
    worst = min(smallest)
    per = ", ".join(kind + " " + "/".join(f"{times[kind + ' of ' + str(n)]:.1f}" for n in (8, 16, 64))
                    for kind in ("knockout", "swiss"))
    print(f"standings: smallest text: {worst[0]:.1f} px ({worst[1]!r}) at {display} px; ms a picture for 8/16/64 "
          f"entrants: {per}")


def _smallest(texts: list[Drawn], scale: float) -> tuple[float, str]:
    """The smallest text noted, in px at the display width, and what it says."""
    return min(((drawn.size * scale, drawn.text) for drawn in texts), default=(float("inf"), ""))


def chart(display: int) -> None:
    """A line per review chart (a long greedy game, every seat named long, a focus with its three costliest
    decisions marked) and the `chart:` line."""
    worst: list[tuple[float, str]] = []
    for label, names in (("review chart, long names", LONG_NAMES), ("review chart, AI players", AI_NAMES)):
        for clear in _caches():
            clear()
        with recording() as texts:
            png = chart_sample(Rules.preset("classic"), (0, 1, 2, 3), 7, focus=0, names=names)
        with Image.open(io.BytesIO(png)) as picture:
            size = picture.size
        least = _smallest(texts, display / size[0])
        worst.append(least)
        print(f"{label:>36}: {size[0]}x{size[1]}, smallest text: {least[0]:.1f} px ({least[1]!r})")
    least = min(worst)
    print(f"chart: smallest text: {least[0]:.1f} px ({least[1]!r}) at {display} px")


def replay(display: int) -> None:
    """The frames of a long game's replay (classic, four random players, 497 moves): the smallest text of any
    frame, the frames and how long the replay runs; the `replay:` line."""
    rules, seats, seed = Rules.preset("classic"), (0, 1, 2, 3), 10
    state, log = new_game(rules, seats, seed), []
    while not state.over:
        action = choose(state, "random")
        state, _ = apply(state, action)
        log.append(action)
    for clear in _caches():
        clear()
    durations: list[int] = []
    width = 0
    with recording() as texts:
        for frame in timed_frames(rules, seats, seed, log, LONG_NAMES):
            durations.append(frame.ms)
            width = frame.image.width
    frames, runs = len(durations), sum(durations[:-1]) + LAST_MS  # (the last frame is held)
    least = _smallest(texts, display / width)
    print(f"{'replay frames, long names':>36}: {frames} frames, {runs / 1000:.1f} s, smallest text: "
          f"{least[0]:.1f} px ({least[1]!r})")
    print(f"replay: smallest text: {least[0]:.1f} px ({least[1]!r}) at {display} px; {frames} frames, "
          f"{runs / 1000:.1f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.legibility", description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=PHONE, help="the width the picture is shown at (px)")
    parser.add_argument("--save", metavar="DIR", help="write each case's picture there (PNG)")
    parser.add_argument("--repeat", type=int, default=20, help="standings pictures drawn per case (median time)")
    args = parser.parse_args(argv)
    size = DEFAULT_SIZE
    print(f"board pictures drawn at {size[0]}x{size[1]}, shown {args.width} px wide")
    found = []
    for case in cases(size):
        result = measure(case, args.width)
        if args.save:
            Path(args.save).mkdir(parents=True, exist_ok=True)
            name = "".join(c if c.isalnum() else "-" for c in case.label.split(" (")[0]).replace("--", "-")
            draw_board(case.state, case.view).save(Path(args.save) / f"{name}.png")
        found.append(result)
        tokens = f"{result.tokens:.1f} px" if result.drawn else "none drawn"
        if result.shown:
            tokens += f" (all {result.shown})" if result.drawn == result.shown else \
                f" ({result.drawn} of {result.shown})"
        print(f"{case.label:>36}: smallest text: {result.smallest:.1f} px ({result.what!r}), token numbers "
              f"{tokens}, marks: {100 * result.marks:.1f} % of the board")
    places: dict[str, float] = {}
    for result in found:
        for where, px in result.places.items():
            places[where] = min(places.get(where, px), px)
    print("token numbers by place: " + ", ".join(f"{where} {px:.1f} px" for where, px in sorted(
        places.items(), key=lambda item: PLACES.index(item[0]) if item[0] in PLACES else len(PLACES))))
    worst = min(found, key=lambda r: r.smallest)
    print(f"legibility: smallest text: {worst.smallest:.1f} px ({worst.what!r}), token numbers "
          f"{min(r.tokens for r in found):.1f} px, marks: at most {100 * max(r.marks for r in found):.1f} % of "
          f"the board ({render.DEFAULT_SIZE[0]}x{render.DEFAULT_SIZE[1]} at {args.width} px)")
    standings(args.width, args.repeat)
    chart(args.width)
    replay(args.width)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
