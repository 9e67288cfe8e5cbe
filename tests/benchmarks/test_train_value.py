"""The value's training script: a tiny run learns, its checkpoint continues where it stopped, and the exported
weights give the benchmark's pure-Python network the same scores as numpy's."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import numpy as np

from benchmarks.master.value import Net
from benchmarks.train_value import Model, export, load, position_rows, save, train_games
from ludo_bot.engine import Rules, new_game

ARGS = argparse.Namespace(batch=2, lam=0.7, lr=1e-3, epsilon=0.1, update=50, minibatch=16)


def test_a_checkpoint_continues_the_run(tmp_path: Path) -> None:
    model = Model.fresh(8, np.random.default_rng(1))
    before = model.hidden.copy()
    rng = random.Random(1)
    losses: list[float] = []
    train_games(model, "classic", 2, rng, ARGS, losses)
    assert losses and all(np.isfinite(losses))
    assert not np.allclose(model.hidden, before)  # it learned
    save(tmp_path, model, 2, rng, ["classic 2 games"])
    again, games, rng_again, curve = load(tmp_path)
    assert games == 2 and curve == ["classic 2 games"]
    for name, param in model.params().items():
        assert np.array_equal(param, again.params()[name])
    assert again.steps == model.steps and set(again.moments) == set(model.moments)
    # going on from the checkpoint plays and learns exactly as going on without stopping
    train_games(again, "classic", 1, rng_again, ARGS, [])
    train_games(model, "classic", 1, rng, ARGS, [])
    for name, param in model.params().items():
        assert np.array_equal(param, again.params()[name])


def test_exported_weights_score_as_in_training(tmp_path: Path) -> None:
    model = Model.fresh(8, np.random.default_rng(2))
    target = tmp_path / "weights.json"
    export(model, "classic", target)
    weights = json.loads(target.read_text())["presets"]["classic"]
    pure = Net(weights)
    _, rows = position_rows(new_game(Rules.preset("classic"), (0, 1, 2, 3), seed=4))
    scores, _ = model.scores(np.asarray(rows))
    assert np.allclose([pure.score(row) for row in rows], scores, atol=1e-3)  # weights kept to 5 digits
