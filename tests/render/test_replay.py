"""Replays: the log played back through the engine, one GIF frame per move (a long game sampled), drawn and
written one frame at a time."""

from __future__ import annotations

import io
import itertools
import weakref
from typing import Any

import pytest
from PIL import GifImagePlugin, Image, ImageChops

from ludo_bot.engine.actions import ROLL, Action, Move, MovePair
from ludo_bot.engine.ai import choose
from ludo_bot.engine.events import Event
from ludo_bot.engine.game import apply, new_game
from ludo_bot.engine.rules import Rules
from ludo_bot.render import WORDS, BoardView, draw_board, render_replay, replay
from ludo_bot.render.replay import (
    DECISIVE_MS,
    FRAME_MS,
    FRAMES,
    REPLAY_SIZE,
    decisive_moves,
    planned,
    replay_frames,
    shown_moves,
    timed_frames,
)


def play(rules: Rules, seats: tuple[int, ...], seed: int, limit: int, level: str = "greedy") -> list[Action]:
    state = new_game(rules, seats, seed)
    log: list[Action] = []
    while not state.over and len(log) < limit:
        action = choose(state, level)
        state, _ = apply(state, action)
        log.append(action)
    return log


def test_one_frame_per_move() -> None:
    rules = Rules.preset("star")
    log = play(rules, (0, 1, 2, 3), 7, 140)
    moves = sum(1 for a in log if isinstance(a, Move | MovePair))
    assert 20 < moves <= FRAMES
    gif = render_replay(rules, (0, 1, 2, 3), 7, log, ("Ann", "Bob", "Cat", "Dan"))
    image = Image.open(io.BytesIO(gif))
    assert isinstance(image, GifImagePlugin.GifImageFile)
    assert image.n_frames == moves
    assert image.width == REPLAY_SIZE[0] and image.height > REPLAY_SIZE[1]  # the board, a caption under it


def test_a_log_without_moves_gives_one_frame() -> None:
    gif = render_replay(Rules.preset("classic"), (0, 2), 3, [ROLL], ())
    image = Image.open(io.BytesIO(gif))
    assert isinstance(image, GifImagePlugin.GifImageFile) and image.n_frames == 1


def test_replays_are_deterministic() -> None:
    rules = Rules.preset("twodice")
    log = play(rules, (0, 2), 5, 60)
    assert render_replay(rules, (0, 2), 5, log) == render_replay(rules, (0, 2), 5, log)


def long_log(seed: int = 10) -> tuple[Rules, list[Action]]:
    """A long game between random players (classic, four seats: 497 moves with seed 10)."""
    rules = Rules.preset("classic")
    return rules, play(rules, (0, 1, 2, 3), seed, 10**6, "random")


def test_moves_shown_are_the_first_the_last_the_decisive_and_the_rest_spread_evenly() -> None:
    assert shown_moves(5, 10) == {1, 2, 3, 4, 5}
    shown = sorted(shown_moves(551, 64))
    assert len(shown) == 64 and shown[0] == 1 and shown[-1] == 551
    assert max(b - a for a, b in itertools.pairwise(shown)) <= 10
    decisive = set(range(100, 400, 10))  # 30 captures: 20 of them kept, spread over the game
    framed, held = planned(551, 64, decisive, named=(7, 8))
    assert len(framed) == 64 and {1, 7, 8, 551} <= framed and held <= framed
    assert len(held) == 20 and {7, 8} <= held and len(held & decisive) == 18
    assert min(held - {7, 8}) < 150 and max(held) > 350


def test_a_long_game_is_told_in_well_under_a_minute_from_its_first_move() -> None:
    """A 497-move game: 64 frames, from "move 1" to its last move, 37 s in all (200 frames of 500 ms and 5 s on
    the last took 104 s, from move 3); the decisive moves (captures, tokens home) shown longer."""
    rules, log = long_log()
    image = Image.open(io.BytesIO(render_replay(rules, (0, 1, 2, 3), 10, log)))
    assert isinstance(image, GifImagePlugin.GifImageFile) and image.n_frames == FRAMES
    durations = []
    for number in range(image.n_frames):
        image.seek(number)
        durations.append(image.info["duration"])
    assert sum(durations) <= 40_000 and set(durations[:-1]) == {FRAME_MS, DECISIVE_MS}
    first = next(replay_frames(rules, (0, 1, 2, 3), 10, log))
    assert_caption(first, "move 1 of 497")


def test_the_moves_named_by_the_review_get_their_frame() -> None:
    rules, log = long_log()
    frames = list(timed_frames(rules, (0, 1, 2, 3), 10, log, named=(222, 223)))
    for move in (222, 223):
        drawn = [frame for frame in frames if caption_of(frame.image) == caption_image(f"move {move} of 497")]
        assert len(drawn) == 1 and drawn[0].ms == DECISIVE_MS


def caption_of(frame: Image.Image) -> bytes:
    """The caption's band under the board."""
    return frame.convert("RGB").crop((0, REPLAY_SIZE[1], frame.width, frame.height)).tobytes()


def caption_image(text: str) -> bytes:
    return caption_of(draw_board(new_game(Rules.preset("classic"), (0, 1, 2, 3), 10),
                                 BoardView(size=REPLAY_SIZE, caption=text)))


def assert_caption(frame: Image.Image, text: str) -> None:
    assert caption_of(frame) == caption_image(text), text


def test_a_long_game_is_sampled_to_the_frame_cap_and_ends_on_its_final_position() -> None:
    rules, log = long_log()
    moves = sum(1 for a in log if isinstance(a, Move | MovePair))
    gif = render_replay(rules, (0, 1, 2, 3), 10, log, frames=40)
    image = Image.open(io.BytesIO(gif))
    assert isinstance(image, GifImagePlugin.GifImageFile) and image.n_frames == 40 and moves > 400
    image.seek(39)
    final = new_game(rules, (0, 1, 2, 3), 10)
    for action in log:
        final, _ = apply(final, action)
    last = draw_board(final, BoardView(size=REPLAY_SIZE, caption=WORDS["replay_caption"].format(n=moves, total=moves),
                                       events=image_events(rules, log, 40)))
    assert ImageChops.difference(image.convert("RGB"), last.convert("RGB")).getbbox() is None


def image_events(rules: Rules, log: list[Action], frames: int) -> tuple[Event, ...]:
    """What the last frame of a sampled replay highlights: the events since the move of the frame before it."""
    state = new_game(rules, (0, 1, 2, 3), 10)
    moves = [i for i, a in enumerate(log) if isinstance(a, Move | MovePair)]
    shown, _ = planned(len(moves), frames, decisive_moves(rules, (0, 1, 2, 3), 10, log))
    before = moves[sorted(shown)[-2] - 1]  # the log index of the previous frame's move
    events: list[Event] = []
    for i, action in enumerate(log):
        state, happened = apply(state, action)
        if i > before:
            events.extend(happened)
    return tuple(events)


def test_every_frame_shows_exactly_the_position_after_its_move() -> None:
    rules = Rules.preset("star")
    log = play(rules, (0, 1, 2, 3), 7, 120)
    frames = list(replay_frames(rules, (0, 1, 2, 3), 7, log, ("Ann", "Bob", "Cat", "Dan")))
    image = Image.open(io.BytesIO(render_replay(rules, (0, 1, 2, 3), 7, log, ("Ann", "Bob", "Cat", "Dan"))))
    assert isinstance(image, GifImagePlugin.GifImageFile) and image.n_frames == len(frames) > 10
    for number, drawn in enumerate(frames):
        image.seek(number)  # the decoder lays each changed rectangle, transparent where unchanged, on the last
        assert ImageChops.difference(image.convert("RGB"), drawn.convert("RGB")).getbbox() is None, number


def test_frames_are_drawn_and_written_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    rules, log = long_log()
    alive: set[int] = set()
    most = 0

    def counted(*args: Any) -> Image.Image:
        nonlocal most
        frame = draw_board(*args)
        alive.add(id(frame))
        weakref.finalize(frame, alive.discard, id(frame))
        most = max(most, len(alive))
        return frame

    monkeypatch.setattr(replay, "draw_board", counted)
    gif = render_replay(rules, (0, 1, 2, 3), 10, log)
    image = Image.open(io.BytesIO(gif))
    assert isinstance(image, GifImagePlugin.GifImageFile) and image.n_frames == FRAMES
    assert most <= 3  # the frame being written, the one before it and the new one: not every frame at once
