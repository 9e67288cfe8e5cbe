"""The sample pictures of the README and the manual (docs/): ``python -m ludo_bot.render.samples docs/images``.

Each board sample is a position from a game between greedy players, picked where the player to act
has several moves to choose from, drawn with the button labels and the previous turn's moves;
``chart.png`` is a game review's chart of the win chances over a whole game; ``board-names.png`` a board whose
players are named in four scripts with emoji, in Brazilian Portuguese (`NAMES_LANGUAGE`);
``tournament-bracket.png`` a knockout of sixteen played to its champion and ``tournament-swiss.png`` a swiss
tournament of ten after three of its four rounds (`render.standings`; the tournaments made up by
`knockout_sample` and `swiss_sample`, which the tests and `benchmarks.legibility` draw too).
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

from ludo_bot.engine.actions import Action, after_move, moves_made
from ludo_bot.engine.ai import choose
from ludo_bot.engine.events import TURN_PASSED, Event
from ludo_bot.engine.game import apply, legal_actions, new_game
from ludo_bot.engine.review import review_game
from ludo_bot.engine.rules import Rules
from ludo_bot.engine.state import GameState
from ludo_bot.render.board import render_board
from ludo_bot.render.chart import render_chances
from ludo_bot.render.standings import Bracket, Round, Row, Seat, SwissTable, Table, bracket_png, swiss_png
from ludo_bot.render.view import WORDS, BoardView, default_labels

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


def chart_sample(rules: Rules, seats: tuple[int, ...], seed: int, focus: int,
                 names: tuple[str, ...] = NAMES) -> bytes:
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
    made = moves_made(log)
    return render_chances(review.curve, seats, names=names, focus=focus, made=made,
                          marks=[after_move(made, d.move(made)) for d in player.costliest])


def catalogue_words(lang: str) -> Mapping[str, str]:
    """The picture's words in `lang`, from the service's catalogues: looked up by name when this script runs, as
    `render` itself never imports the service (the bot passes them in `BoardView.words`)."""
    i18n = importlib.import_module("ludo_bot.service.words.i18n")
    words: Mapping[str, str] = i18n.templates(lang, "board.", WORDS)
    return words


# A field of players in several scripts, with emoji, styled letters and two AI seats (named as the bot names them).
ENTRANTS = ("Ruby", "अनन्या 🎲", "محمد علي 🇵🇰", "Дмитрий 👍🏽", "王芳 👩‍💻", "𝓐𝓵𝓲𝓬𝓮", "Ségolène", "김민준",
            "Nguyễn Thị Ánh", "Kofi", "Ayşe", "AI (expert)", "Lukas", "Amber", "Jade", "AI (master)")
SWISS_HEADERS = ("#", "Player", "Pts", "W", "P")  # (short: in two blocks a header has the room of "64")


def entrants(count: int) -> list[str]:
    """`count` names: `ENTRANTS`, then again numbered."""
    return [ENTRANTS[k % len(ENTRANTS)] + (f" {k // len(ENTRANTS) + 1}" if k >= len(ENTRANTS) else "")
            for k in range(count)]


def _tables(field: list[str]) -> list[list[str]]:
    """`field` at tables of at most four whose sizes differ by at most one."""
    count = -(-len(field) // 4)
    return [field[k::count] for k in range(count)]


def knockout_sample(count: int, *, until: int | None = None, cancelled: bool = False, seed: int = 33) -> Bracket:
    """A made-up knockout of `count` entrants: at every table a random finishing order, the top half of the smallest
    table's size going through from each; played to its champion, or to round `until`, whose odd tables still play."""
    shuffle = random.Random(seed).shuffle
    field, rounds = entrants(count), list[Round]()
    while True:
        tables = _tables(field)
        final, playing = len(tables) == 1, len(rounds) + 1 == until
        through = 0 if final else min(len(t) for t in tables) // 2
        drawn, field = list[Table](), list[str]()
        for k, table in enumerate(tables):
            order = list(table)
            shuffle(order)
            if playing and k % 2 == 0:
                drawn.append(Table(tuple(Seat(n, None, False, n.startswith("AI (")) for n in table)))
                continue
            field += order[:through]
            drawn.append(Table(tuple(Seat(n, order.index(n) + 1, order.index(n) < through, n.startswith("AI ("))
                                     for n in table)))
        rounds.append(Round("Final" if final else f"Round {len(rounds) + 1}", tuple(drawn)))
        if final or playing:
            champion = None if playing or cancelled else next(s.name for s in drawn[0].seats if s.place == 1)
            return Bracket(tuple(rounds), champion, cancelled)


def points_text(points: Fraction) -> str:
    """Points as a player reads them: "4", "4½", "2⅔".

    >>> points_text(Fraction(9, 2)), points_text(Fraction(8, 3)), points_text(Fraction(0))
    ('4½', '2⅔', '0')
    """
    whole, part = divmod(points, 1)
    glyph = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}
    return (str(whole) if whole or not part else "") + glyph.get(part, "")


def swiss_sample(count: int, *, played: int, rounds: int, left: int = 0, cancelled: bool = False,
                 seed: int = 33) -> SwissTable:
    """A made-up swiss tournament of `count` entrants after `played` of its `rounds`: players seated by points,
    3 points for a table's winner down to 0 for its last, `left` players gone after the first round."""
    rng = random.Random(seed)
    names = entrants(count)
    points, wins, games = dict.fromkeys(names, Fraction(0)), dict.fromkeys(names, 0), dict.fromkeys(names, 0)
    gone = set(names[1:1 + left])
    for number in range(played):
        seated = sorted((n for n in names if not (number and n in gone)), key=lambda n: (-points[n], names.index(n)))
        for table in _tables(seated):
            rng.shuffle(table)
            for place, name in enumerate(table):
                points[name] += Fraction(3 * (len(table) - 1 - place), len(table) - 1)
                wins[name] += place == 0
                games[name] += 1
    ranked = sorted(names, key=lambda n: (-points[n], -wins[n], names.index(n)))
    rows = tuple(Row(k, n, points_text(points[n]), wins[n], games[n], n in gone) for k, n in enumerate(ranked, 1))
    over = played == rounds and not cancelled
    return SwissTable(f"Swiss \u00b7 round {played} of {rounds}", SWISS_HEADERS, rows, ranked[0] if over else None,
                      cancelled)


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
    for filename, png in (("tournament-bracket.png", bracket_png(knockout_sample(16))),
                          ("tournament-swiss.png", swiss_png(swiss_sample(10, played=3, rounds=4, left=1)))):
        (out / filename).write_bytes(png)
        print(f"{out / filename}: {len(png) // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
