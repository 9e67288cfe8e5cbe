"""The experts' value V_E: each seat's chance to win a position when every seat plays the `expert` level from there.

The model is the learned win chances' (`engine.chances.logit_chances`: a linear score per seat over
`engine.chances.FEATURES`, softmax over the seats still able to win) with weights fitted to positions before a roll of
four-seat expert-vs-expert games, labelled by each game's winner (``python -m benchmarks.fit_expert_value``, numpy),
and stored per preset in `expert_value.json` beside this module. `fitted(rules)` says whether a preset has weights;
rules with options changed have none. Where the master looks ahead against three experts, this is the value of the
positions it reaches: the chances of the game its opponents actually play, where `engine.chances` learned them from
greedy players.

>>> from ludo_bot.engine.game import new_game
>>> from ludo_bot.engine.rules import Rules
>>> state = new_game(Rules.preset("classic"), (0, 1, 2, 3), seed=1)
>>> not fitted(Rules.preset("classic")) or round(sum(expert_value(state)), 6) == 1.0
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from ludo_bot.engine.chances import FEATURES, Chances, logit_chances
from ludo_bot.engine.rules import Rules
from ludo_bot.engine.state import GameState

WEIGHTS_FILE = "expert_value.json"
WEIGHTS = Path(__file__).with_name(WEIGHTS_FILE)  # beside this module


@lru_cache(maxsize=1)
def _all_weights() -> dict[str, tuple[float, ...]]:
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    if data["features"] != list(FEATURES):
        raise ValueError(f"{WEIGHTS_FILE} was fitted to other features than engine.chances.FEATURES")
    return {preset: tuple(float(w) for w in weights) for preset, weights in data["presets"].items()}


def fitted(rules: Rules) -> bool:
    """True when `rules` are a preset unchanged whose experts' value was fitted."""
    return rules.name in _all_weights() and rules == Rules.preset(rules.name)


def expert_value(state: GameState) -> Chances:
    """Each seat's (0-3) chance to win `state` (before a roll, or over) when every seat plays the expert."""
    if state.over:
        return logit_chances(state, ())
    weights = _all_weights().get(state.rules.name)
    if weights is None:
        raise ValueError(f"no experts' value fitted for rules {state.rules.name!r}")
    if state.phase not in ("roll", "over"):
        raise ValueError(f"the experts' value rates positions before a roll, not in phase {state.phase!r}")
    return logit_chances(state, weights)
