"""Legal actions that lead to the same position: tokens in the yard are interchangeable, and so are a seat's tokens
stacked on one square. `legal_actions` lists each of them (the AI, the log, replays and notation name the very
token); a player is offered one choice per position (`distinct_actions`).

>>> from ludo_bot.engine.position import position
>>> from ludo_bot.engine.rules import Rules
>>> state = position(Rules.preset("classic"), {0: (-1,) * 4, 2: (-1,) * 4}, current=0, dice=(6,))
>>> distinct_actions(state)
[(Move(token=0), Move(token=1), Move(token=2), Move(token=3))]
"""

from __future__ import annotations

import functools

from ludo_bot.engine.actions import Action, Roll
from ludo_bot.engine.game import apply, legal_actions
from ludo_bot.engine.rules import MAX_SEATS, TOKENS
from ludo_bot.engine.state import GameState

Key = tuple[object, ...]


def position_key(state: GameState) -> Key:
    """A position up to which of a seat's tokens is which: equal keys, the same game whichever token is called 1.
    (A locked pair is kept as its tokens' seats and steps; the cached `choices` follow from the rest.)"""
    tokens = tuple(tuple(sorted(state.tokens(seat))) for seat in range(MAX_SEATS))
    locked = tuple(sorted(tuple(sorted((t // TOKENS, state.steps[t]) for t in pair)) for pair in state.locked))
    return state._replace(steps=(), locked=(), choices=()), tokens, locked


def distinct_actions(state: GameState) -> list[tuple[Action, ...]]:
    """The legal actions grouped by the position they lead to, in `legal_actions`' order (a group's first action is
    its lowest token): one group per real choice."""
    return list(_distinct(state))


@functools.lru_cache(maxsize=16)  # a click asks twice of one position: its buttons, and its picture's labels
def _distinct(state: GameState) -> tuple[tuple[Action, ...], ...]:
    actions = legal_actions(state)
    if len(actions) == 1 or isinstance(actions[0], Roll):
        return tuple((action,) for action in actions)
    groups: dict[Key, list[Action]] = {}
    for action in actions:
        groups.setdefault(position_key(apply(state, action).state), []).append(action)
    return tuple(tuple(group) for group in groups.values())
