"""The AI seats' turns played in one go: what a worker process computes for a game whose AI thinks too long to play
on the click path (see `service.thinking`). Texts in, texts out, so that a call crosses processes cheaply.

>>> from ludo_bot.engine.game import new_game
>>> from ludo_bot.engine.notation import to_text
>>> from ludo_bot.engine.rules import Rules
>>> state = new_game(Rules.preset("classic"), (0, 2), seed=7)
>>> actions = ai_turns(to_text(state), {0: "greedy", 2: "greedy"})
>>> actions[0], len(actions) > 10
('R', True)
"""

from __future__ import annotations

from collections.abc import Mapping

from ludo_bot.engine import ai
from ludo_bot.engine.actions import action_text
from ludo_bot.engine.game import apply
from ludo_bot.engine.notation import from_text

MAX_ACTIONS = 5000  # a bound on the actions played in one go (a whole game is far shorter)


def ai_turns(state_text: str, levels: Mapping[int, str]) -> list[str]:
    """The actions (texts) the AI seats (`levels`: seat -> level) play from `state_text` until a seat without a
    level must act or the game ends; empty when a seat without a level is to act."""
    state = from_text(state_text)
    played: list[str] = []
    while not state.over and state.current in levels and len(played) < MAX_ACTIONS:
        action = ai.choose(state, levels[state.current])
        played.append(action_text(action))
        state = apply(state, action).state
    return played
