"""Replays: a game's action log played back through the engine as an animated GIF, one frame per move.

A *move* is a `Move` or `MovePair` action, numbered as everywhere (`engine.actions.moves_made`). Its frame shows
the position after it, with what happened since the previous frame (the rolls, the moves, captures) highlighted. A
log without any move gives a single frame of its final position. A long game is told in at most `frames` frames:
the first move, the last, the decisive ones held longer, the rest spread evenly (each caption names its move).

Frames are drawn and written one at a time (`write_gif`), so a replay holds two frames and the
GIF written so far, however long the game: drawing every frame first and handing them to Pillow's
GIF writer held them all (about 1 MB each at 800x600; 500 MB for a 500-move game). All frames
share the one palette (`render.palette`); each frame after the first is stored as the rectangle
that changed, its unchanged pixels transparent, which GIF's compression packs tightly.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import pairwise
from typing import BinaryIO, NamedTuple

from PIL import GifImagePlugin, Image, ImageChops

from ludo_bot.engine import events as ev
from ludo_bot.engine.actions import Action, Move, MovePair, moves_made
from ludo_bot.engine.events import Event
from ludo_bot.engine.game import apply, new_game
from ludo_bot.engine.rules import Rules
from ludo_bot.engine.state import GameState
from ludo_bot.render.board import draw_board
from ludo_bot.render.palette import palette_rgb
from ludo_bot.render.view import WORDS, BoardView

REPLAY_SIZE = (600, 600)  # the board's square; each frame's caption adds its line under it
# A long game is told in at most `FRAMES` frames: the first move, the last, the decisive ones (captures, tokens
# home, the moves a caller names: the review's costliest decisions), at most `DECISIVE` of them, held `DECISIVE_MS`;
# the others spread evenly over the moves between, `FRAME_MS` each. At most 20 x 0.9 + 43 x 0.35 + 4 = 37 s, where
# 200 frames of 500 ms took 104 s (a game of 64 moves or fewer shows them all: at most 63 x 0.9 + 4 = 61 s, if every
# move were decisive; 21-37 s for quick and short games of four presets).
FRAMES = 64
DECISIVE = 20
FRAME_MS = 350
DECISIVE_MS = 900
LAST_MS = 4000


def decisive_moves(rules: Rules, seats: tuple[int, ...], seed: int, actions: Sequence[Action]) -> set[int]:
    """The moves (numbered as `engine.actions.moves_made`) that capture or bring a token home."""
    state: GameState = new_game(rules, seats, seed)
    found: set[int] = set()
    for action, made in zip(actions, moves_made(actions)[1:], strict=True):
        state, events = apply(state, action)
        if any(e.kind in (ev.CAPTURED, ev.TOKEN_HOME) for e in events):
            found.add(made)
    return found


def shown_moves(moves: int, frames: int = FRAMES, decisive: Iterable[int] = (), named: Iterable[int] = ()
                ) -> set[int]:
    """The moves (numbered from 1) that get a frame (see `planned`)."""
    return planned(moves, frames, decisive, named)[0]


def planned(moves: int, frames: int = FRAMES, decisive: Iterable[int] = (), named: Iterable[int] = ()
            ) -> tuple[set[int], set[int]]:
    """The moves (numbered from 1) that get a frame, and those of them held longer: every move, the decisive and
    named ones held; or `frames` moves: the first and the last, the `named` ones and the `decisive` ones (at most
    `DECISIVE` with the named, spread evenly: these are held), the rest spread evenly between."""
    named = {m for m in named if 1 <= m <= moves}
    decisive = {m for m in decisive if 1 <= m <= moves} | named
    if moves <= frames:
        return set(range(1, moves + 1)), decisive
    others = sorted(decisive - named)
    room = max(0, DECISIVE - len(named))
    held = named | (set(others) if len(others) <= room else {others[k * len(others) // room] for k in range(room)})
    kept = {1, moves} | held
    spare = frames - len(kept)
    if spare <= 0:
        return kept, held
    gaps = [(a, b - a - 1) for a, b in pairwise(sorted(kept)) if b - a > 1]
    inner = sum(n for _, n in gaps)  # (more than `spare`: the moves are more than the frames)
    share = [spare * n / inner for _, n in gaps]
    counts = [int(x) for x in share]
    for i in sorted(range(len(gaps)), key=lambda i: counts[i] - share[i])[:spare - sum(counts)]:
        counts[i] += 1  # (the largest remainders)
    for (a, n), k in zip(gaps, counts, strict=True):
        kept |= {a + -(-(j + 1) * (n + 1) // (k + 1)) for j in range(k)}  # k moves evenly inside the gap
    return kept, held


class Frame(NamedTuple):
    """A frame of a replay: its picture and how long it shows."""

    image: Image.Image
    ms: int


def timed_frames(rules: Rules, seats: tuple[int, ...], seed: int, actions: Sequence[Action],
                 names: Sequence[str] = (), size: tuple[int, int] = REPLAY_SIZE,
                 words: Mapping[str, str] = WORDS, frames: int = FRAMES, named: Iterable[int] = ()) -> Iterator[Frame]:
    """The frames of a replay (palette images) with their durations, drawn one at a time as they are taken; `words`
    as in `BoardView`, `named`: moves to keep and hold (the review's costliest decisions). Each caption says its
    move's number as `engine.actions.moves_made` counts. Raises `IllegalAction` (while iterating) if the log does not
    replay."""
    made = moves_made(actions)
    moves = made[-1]
    shown, held = planned(moves, frames, decisive_moves(rules, seats, seed, actions), named)
    caption = words.get("replay_caption", WORDS["replay_caption"])
    state: GameState = new_game(rules, seats, seed)
    pending: list[Event] = []
    for action, move in zip(actions, made[1:], strict=True):
        state, events = apply(state, action)
        pending.extend(events)
        if isinstance(action, Move | MovePair) and move in shown:
            yield Frame(draw_board(state, BoardView(names=tuple(names), events=tuple(pending), size=size,
                                                    caption=caption.format(n=move, total=moves), words=words)),
                        DECISIVE_MS if move in held else FRAME_MS)
            pending = []
    if not moves:
        yield Frame(draw_board(state, BoardView(names=tuple(names), events=tuple(pending), size=size, words=words)),
                    FRAME_MS)


def replay_frames(rules: Rules, seats: tuple[int, ...], seed: int, actions: Sequence[Action],
                  names: Sequence[str] = (), size: tuple[int, int] = REPLAY_SIZE,
                  words: Mapping[str, str] = WORDS, frames: int = FRAMES, named: Iterable[int] = ()
                  ) -> Iterator[Image.Image]:
    """The pictures of `timed_frames`."""
    return (frame.image for frame in timed_frames(rules, seats, seed, actions, names, size, words, frames, named))


def unused_index() -> int | None:
    """A palette index no picture uses (the palette's padding after its colours), for transparent pixels."""
    entries = palette_rgb()
    return len(entries) - 1 if len(set(entries)) < len(entries) and entries[-1] == entries[-2] else None


def write_gif(frames: Iterable[Frame], out: BinaryIO, *, last_ms: int = LAST_MS,
              transparent: int | None = None) -> None:
    """Write `frames` (palette images of one size and one palette, each with its duration) to `out` as a GIF that
    loops forever, one frame at a time, the last held `last_ms`; a frame equal to the one before lengthens it.
    After the first, a frame is the rectangle that changed, in which the pixels that did not change are
    `transparent` (an index no frame uses; None: they are written as they are)."""
    previous: Image.Image | None = None
    held: _Part | None = None  # written once its duration is known
    for frame, frame_ms in frames:
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
                  names: Sequence[str] = (), *, size: tuple[int, int] = REPLAY_SIZE, last_ms: int = LAST_MS,
                  words: Mapping[str, str] = WORDS, frames: int = FRAMES, named: Iterable[int] = ()) -> bytes:
    """An animated GIF replaying the game `seed` on `seats` under `rules` through `actions`: one frame
    per move (at most `frames`, see `shown_moves`; `named`: moves kept and held, numbered as
    `engine.actions.moves_made`), the last held `last_ms`; loops forever. Raises `IllegalAction` if the log does not
    replay (`InvalidAction` for an entry that is no action)."""
    out = io.BytesIO()
    write_gif(timed_frames(rules, seats, seed, actions, names, size, words, frames, named), out, last_ms=last_ms,
              transparent=unused_index())
    return out.getvalue()
