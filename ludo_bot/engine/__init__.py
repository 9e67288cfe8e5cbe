"""The Ludo rules engine: pure standard-library Python, deterministic, no I/O.

>>> from ludo_bot.engine import Rules, new_game, legal_actions, apply
>>> state = new_game(Rules.preset("star"), (0, 1, 2, 3), seed=42)
>>> state, events = apply(state, legal_actions(state)[0])
>>> events[0].kind
'rolled'
"""

from ludo_bot.engine.actions import (
    Action,
    ChooseDie,
    IllegalAction,
    InvalidAction,
    Move,
    MovePair,
    Resign,
    Roll,
    Skip,
    action_text,
    parse_action,
)
from ludo_bot.engine.alike import distinct_actions, position_key
from ludo_bot.engine.events import Event
from ludo_bot.engine.game import Transition, apply, legal_actions, new_game, roll_with
from ludo_bot.engine.notation import NotationError, from_text, to_text
from ludo_bot.engine.position import position
from ludo_bot.engine.rules import COLOURS, PRESETS, Rules, RulesError
from ludo_bot.engine.state import YARD, GameState

__all__ = [
    "COLOURS", "PRESETS", "YARD", "Action", "ChooseDie", "Event", "GameState", "IllegalAction", "InvalidAction",
    "Move", "MovePair", "NotationError", "Resign", "Roll", "Rules", "RulesError", "Skip", "Transition", "action_text",
    "apply", "distinct_actions", "from_text", "legal_actions", "new_game", "parse_action", "position", "position_key",
    "roll_with", "to_text",
]
