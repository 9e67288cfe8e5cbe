"""Replays: a game's action log played back through the engine as an animated GIF, one frame per move.

A *move* is a `Move` or `MovePair` action. Its frame shows the position after it, with what
happened since the previous frame (the roll, the move, captures) highlighted. A log without
any move gives a single frame of its final position. All frames share the one palette, and
GIF stores each frame as the rectangle that changed, so a 400-move game stays a few megabytes.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image

from engine.actions import Action, Move, MovePair
from engine.events import Event
from engine.game import apply, new_game
from engine.rules import Rules
from engine.state import GameState
from render.board import draw_board
from render.view import WORDS, BoardView

REPLAY_SIZE = (800, 600)


def replay_frames(rules: Rules, seats: tuple[int, ...], seed: int, actions: Sequence[Action],
                  names: Sequence[str] = (), size: tuple[int, int] = REPLAY_SIZE,
                  words: Mapping[str, str] = WORDS) -> list[Image.Image]:
    """The frames of a replay (palette images), one per move; `words` as in `BoardView`."""
    state: GameState = new_game(rules, seats, seed)
    moves = sum(1 for a in actions if isinstance(a, Move | MovePair))
    pending: list[Event] = []
    frames: list[Image.Image] = []
    for action in actions:
        state, events = apply(state, action)
        pending.extend(events)
        if isinstance(action, Move | MovePair):
            caption = words.get("replay_caption", WORDS["replay_caption"]).format(n=len(frames) + 1, total=moves)
            view = BoardView(names=tuple(names), events=tuple(pending), size=size, caption=caption, words=words)
            frames.append(draw_board(state, view))
            pending = []
    if not frames:
        frames.append(draw_board(state, BoardView(names=tuple(names), events=tuple(pending), size=size, words=words)))
    return frames


def render_replay(rules: Rules, seats: tuple[int, ...], seed: int, actions: Sequence[Action],
                  names: Sequence[str] = (), *, size: tuple[int, int] = REPLAY_SIZE, frame_ms: int = 500,
                  last_ms: int = 5000, words: Mapping[str, str] = WORDS) -> bytes:
    """An animated GIF replaying the game `seed` on `seats` under `rules` through `actions`: one frame
    per move, `frame_ms` each, the last held `last_ms`; loops forever. Raises `IllegalAction` if the
    log does not replay (`InvalidAction` for an entry that is no action)."""
    frames = replay_frames(rules, seats, seed, actions, names, size, words)
    durations = [frame_ms] * (len(frames) - 1) + [last_ms]
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   optimize=True)
    return out.getvalue()
