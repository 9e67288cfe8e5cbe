"""Replays: a game's action log played back through the engine as an animated GIF, one frame per move.

A *move* is a `Move` or `MovePair` action. Its frame shows the position after it, with what
happened since the previous frame (the rolls, the moves, captures) highlighted. A log without
any move gives a single frame of its final position. A long game is sampled: at most `frames`
frames, spread evenly over its moves, the last move always shown (each caption names its move).

Frames are drawn and written one at a time (`write_gif`), so a replay holds two frames and the
GIF written so far, however long the game: drawing every frame first and handing them to Pillow's
GIF writer held them all (about 1 MB each at 800x600; 500 MB for a 500-move game). All frames
share the one palette (`render.palette`); each frame after the first is stored as the rectangle
that changed, its unchanged pixels transparent, which GIF's compression packs tightly.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import BinaryIO, NamedTuple

from PIL import GifImagePlugin, Image, ImageChops

from engine.actions import Action, Move, MovePair
from engine.events import Event
from engine.game import apply, new_game
from engine.rules import Rules
from engine.state import GameState
from render.board import draw_board
from render.palette import palette_rgb
from render.view import WORDS, BoardView

REPLAY_SIZE = (600, 600)  # the board's square; each frame's caption adds its line under it
FRAMES = 200  # the most frames of a replay: a longer game is sampled (a 550-move game shows every third move)


def shown_moves(moves: int, frames: int = FRAMES) -> set[int]:
    """The moves (numbered from 1) that get a frame: all of them, or `frames` spread evenly, the last included."""
    if moves <= frames:
        return set(range(1, moves + 1))
    return {-(-(k + 1) * moves // frames) for k in range(frames)}  # ceil((k + 1) * moves / frames)


def replay_frames(rules: Rules, seats: tuple[int, ...], seed: int, actions: Sequence[Action],
                  names: Sequence[str] = (), size: tuple[int, int] = REPLAY_SIZE,
                  words: Mapping[str, str] = WORDS, frames: int = FRAMES) -> Iterator[Image.Image]:
    """The frames of a replay (palette images), drawn one at a time as they are taken; `words` as in
    `BoardView`. Raises `IllegalAction` (while iterating) if the log does not replay."""
    state: GameState = new_game(rules, seats, seed)
    moves = sum(1 for a in actions if isinstance(a, Move | MovePair))
    shown = shown_moves(moves, frames)
    caption = words.get("replay_caption", WORDS["replay_caption"])
    pending: list[Event] = []
    move = 0
    for action in actions:
        state, events = apply(state, action)
        pending.extend(events)
        if isinstance(action, Move | MovePair):
            move += 1
            if move in shown:
                yield draw_board(state, BoardView(names=tuple(names), events=tuple(pending), size=size,
                                                  caption=caption.format(n=move, total=moves), words=words))
                pending = []
    if not moves:
        yield draw_board(state, BoardView(names=tuple(names), events=tuple(pending), size=size, words=words))


def unused_index() -> int | None:
    """A palette index no picture uses (the palette's padding after its colours), for transparent pixels."""
    entries = palette_rgb()
    return len(entries) - 1 if len(set(entries)) < len(entries) and entries[-1] == entries[-2] else None


def write_gif(frames: Iterable[Image.Image], out: BinaryIO, *, frame_ms: int = 500, last_ms: int = 5000,
              transparent: int | None = None) -> None:
    """Write `frames` (palette images of one size and one palette) to `out` as a GIF that loops forever, one
    frame at a time: `frame_ms` each, the last held `last_ms`; a frame equal to the one before lengthens it.
    After the first, a frame is the rectangle that changed, in which the pixels that did not change are
    `transparent` (an index no frame uses; None: they are written as they are)."""
    previous: Image.Image | None = None
    held: _Part | None = None  # written once its duration is known
    for frame in frames:
        if previous is None:
            header, _ = GifImagePlugin.getheader(frame, info={"loop": 0, "duration": frame_ms})
            out.write(b"".join(header))
            held = _Part(frame, (0, 0), frame_ms, None)
        else:
            assert held is not None
            box = ImageChops.difference(previous, frame).getbbox()
            if box is None:
                held = held._replace(duration=held.duration + frame_ms)
                continue
            held.write(out)
            part = frame.crop(box)
            if transparent is not None:
                same = ImageChops.difference(previous.crop(box), part).point([255] + [0] * 255, "1")
                part.paste(transparent, mask=same)
            held = _Part(part, box[:2], frame_ms, transparent)
        previous = frame
    if held is None:
        raise ValueError("a GIF needs at least one frame")
    held._replace(duration=last_ms).write(out)
    out.write(b";")


class _Part(NamedTuple):
    """One frame as written: its image (the changed rectangle), where it goes, how long it shows."""

    image: Image.Image
    offset: tuple[int, int]
    duration: int
    transparent: int | None

    def write(self, out: BinaryIO) -> None:
        params = {"duration": self.duration}
        if self.transparent is not None:
            params["transparency"] = self.transparent
        out.write(b"".join(GifImagePlugin.getdata(self.image, self.offset, **params)))


def render_replay(rules: Rules, seats: tuple[int, ...], seed: int, actions: Sequence[Action],
                  names: Sequence[str] = (), *, size: tuple[int, int] = REPLAY_SIZE, frame_ms: int = 500,
                  last_ms: int = 5000, words: Mapping[str, str] = WORDS, frames: int = FRAMES) -> bytes:
    """An animated GIF replaying the game `seed` on `seats` under `rules` through `actions`: one frame
    per move (at most `frames`, see `shown_moves`), `frame_ms` each, the last held `last_ms`; loops forever.
    Raises `IllegalAction` if the log does not replay (`InvalidAction` for an entry that is no action)."""
    out = io.BytesIO()
    write_gif(replay_frames(rules, seats, seed, actions, names, size, words, frames), out, frame_ms=frame_ms,
              last_ms=last_ms, transparent=unused_index())
    return out.getvalue()
