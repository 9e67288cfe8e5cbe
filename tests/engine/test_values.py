"""The engine's values cross process and storage boundaries: a review and a thinking AI run in worker processes
(their arguments and results are pickled), and copies are taken. Every value round-trips in the build under test,
the compiled one included (`pip install .`), where frozen dataclasses once refused to unpickle."""

from __future__ import annotations

import copy
import pickle
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import pytest

from ludo_bot.engine import Action, ChooseDie, Move, MovePair, Resign, Rules, apply, legal_actions, new_game
from ludo_bot.engine.actions import ROLL, SKIP
from ludo_bot.engine.ai import choose
from ludo_bot.engine.board import Refusal
from ludo_bot.engine.review import review_game

VALUES = [
    *(Rules.preset(name) for name in ("classic", "star", "strict", "twodice")),
    Rules.preset("strict", end_path=4, quick=True, teams=True),
    ROLL, SKIP, ChooseDie(5), Move(3), MovePair((1, 2)), Resign(2),
    new_game(Rules.preset("star"), (0, 1, 2, 3), seed=5),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda value: type(value).__name__)
def test_a_value_pickles_and_copies_to_an_equal_value(value: object) -> None:
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        assert pickle.loads(pickle.dumps(value, protocol)) == value
    assert copy.copy(value) == value
    assert copy.deepcopy(value) == value


def test_a_played_state_and_its_choices_pickle() -> None:
    state = new_game(Rules.preset("twodice"), (0, 1, 2, 3), seed=3)
    for _ in range(40):
        state = apply(state, legal_actions(state)[0]).state
    assert pickle.loads(pickle.dumps(state)) == state
    assert pickle.loads(pickle.dumps(legal_actions(state))) == legal_actions(state)


def test_a_refusal_pickles_with_its_reason() -> None:
    back = pickle.loads(pickle.dumps(Refusal("overshoot", 3)))
    assert (back.reason, back.detail) == ("overshoot", 3)


def test_a_review_runs_in_a_spawned_worker_process() -> None:
    """As `service.runtime.thinking.ProcessPool` runs it: the rules value goes to a fresh process, the review comes
    back."""
    rules = Rules.preset("classic")
    state, log = new_game(rules, (0, 2), seed=11), list[Action]()
    while not state.over and len(log) < 60:
        action = choose(state, "expert")
        log.append(action)
        state = apply(state, action).state
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
        review = pool.submit(review_game, rules, (0, 2), 11, log).result(timeout=120)
    assert review == review_game(rules, (0, 2), 11, log)
    assert [player.seat for player in review.players] == [0, 2]
