"""Replays: the log played back through the engine, one GIF frame per move."""

from __future__ import annotations

import io

from PIL import GifImagePlugin, Image

from engine.actions import ROLL, Action, Move, MovePair
from engine.ai import choose
from engine.game import apply, new_game
from engine.rules import Rules
from render import render_replay


def play(rules: Rules, seats: tuple[int, ...], seed: int, limit: int) -> list[Action]:
    state = new_game(rules, seats, seed)
    log: list[Action] = []
    while not state.over and len(log) < limit:
        action = choose(state, "greedy")
        state, _ = apply(state, action)
        log.append(action)
    return log


def test_one_frame_per_move() -> None:
    rules = Rules.preset("star")
    log = play(rules, (0, 1, 2, 3), 7, 160)
    moves = sum(1 for a in log if isinstance(a, Move | MovePair))
    assert moves > 20
    gif = render_replay(rules, (0, 1, 2, 3), 7, log, ("Ann", "Bob", "Cat", "Dan"))
    image = Image.open(io.BytesIO(gif))
    assert isinstance(image, GifImagePlugin.GifImageFile)
    assert image.n_frames == moves
    assert image.size == (800, 600)


def test_a_log_without_moves_gives_one_frame() -> None:
    gif = render_replay(Rules.preset("classic"), (0, 2), 3, [ROLL], ())
    image = Image.open(io.BytesIO(gif))
    assert isinstance(image, GifImagePlugin.GifImageFile) and image.n_frames == 1


def test_replays_are_deterministic() -> None:
    rules = Rules.preset("twodice")
    log = play(rules, (0, 2), 5, 60)
    assert render_replay(rules, (0, 2), 5, log) == render_replay(rules, (0, 2), 5, log)
