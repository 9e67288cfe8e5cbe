"""The board picture: pure functions from a game state to PNG bytes, and from a game log to an animated replay.

Pillow (with the fonts and emoji images of the packages in `render.fonts`, no installed fonts) and `regex`; imports
`engine` and nothing else of the project.

- `render_board(state, BoardView(names=..., events=..., labels=..., size=...)) -> bytes`: the PNG of one
  position (default 600x600, made to be read on a phone about 360 px wide: every text 11 px there): the
  cross-shaped board of the preset's geometry filling the square, the tokens, each moved token's trail and
  captures marked under the tokens, each legal move's destination labelled like its button, every seat's name and
  status on its yard, the player to act on a light tag and the dice on the board's middle in their colour.
- `render_thumbnail(state, view, side=300) -> bytes`: a small square PNG of the board without its words, for a
  notification.
- `render_replay(rules, seats, seed, actions, names) -> bytes`: an animated GIF, one frame per move (a long game
  told in at most 64: the first, the last, the decisive ones, the `named` ones).
- `render_chances(curve, seats, names=..., focus=..., marks=..., words=..., size=..., made=...) -> bytes`: a game
  review's chart (default 600x480, for a phone): each seat's win chance over the moves (`made`: the moves each point
  made, `engine.actions.moves_made`), one line per seat (colour, dash and marker shape), a legend with the names and
  final chances under the plot, numbered badges on the focus line at the `marks`; `chart_area(size)`: where its plot
  lies.
- `render.standings`: a tournament's standings, `bracket_png(Bracket(...))` (a knockout's rounds of tables, who went
  through, the champion) and `swiss_png(SwissTable(...))` (a swiss tournament's points), laid out for a phone.
- `square_centre(rules, seat, step, size, token)`: the pixel centre of the square a token stands on.
- `WORDS`: every word the pictures show (English); `BoardView(words=...)`, `render_replay(words=...)` and
  `render_chances(words=...)` take other templates (another language).
- `default_labels(legal_actions(state))`: labels matching the token numbers ("2", "1+2", "A"/"B" for dice).
- `shaping()`: whether words are shaped (Pillow's Raqm with FriBiDi); `shaping_warning()`: the line to log at start
  when they are not (names are then still drawn, letter by letter).

`python -m ludo_bot.render.demo` plays and draws a computer game; `python -m ludo_bot.render.samples DIR` writes the
sample pictures of the README and the manual (docs/images); `python -m benchmarks.render` measures speed and size.
"""

from ludo_bot.render.board import THUMBNAIL_SIDE, draw_board, render_board, render_thumbnail, static_board
from ludo_bot.render.chart import CHART_SIZE, chart_area, render_chances
from ludo_bot.render.fonts import shaping, shaping_warning
from ludo_bot.render.geometry import LayoutError, layout, square_centre
from ludo_bot.render.replay import render_replay
from ludo_bot.render.view import DEFAULT_SIZE, WORDS, BoardView, default_labels

__all__ = [
    "CHART_SIZE",
    "DEFAULT_SIZE",
    "THUMBNAIL_SIDE",
    "WORDS",
    "BoardView",
    "LayoutError",
    "chart_area",
    "default_labels",
    "draw_board",
    "layout",
    "render_board",
    "render_chances",
    "render_replay",
    "render_thumbnail",
    "shaping",
    "shaping_warning",
    "square_centre",
    "static_board",
]
