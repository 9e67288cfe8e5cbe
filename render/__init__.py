"""The board picture: pure functions from a game state to PNG bytes, and a game log to an animated replay.

Pillow only; imports `engine` and nothing else of the project.

- `render_board(state, BoardView(...)) -> bytes`: the PNG of one position.
- `render_replay(rules, seats, seed, actions, names) -> bytes`: an animated GIF, one frame per move.
- `square_centre(rules, seat, step, size, token)`: the pixel centre of the square a token stands on.
"""

from render.board import draw_board, render_board, static_board
from render.geometry import LayoutError, layout, square_centre
from render.replay import render_replay
from render.view import DEFAULT_SIZE, BoardView, default_labels

__all__ = [
    "DEFAULT_SIZE", "BoardView", "LayoutError", "default_labels", "draw_board", "layout", "render_board",
    "render_replay", "square_centre", "static_board",
]
