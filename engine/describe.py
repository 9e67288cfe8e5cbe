"""A plain-text description of a position, for screen readers (the board image's alt text).

It says whose turn it is and what they must do, the dice showing, then each player in turn
order: tokens home, in the yard, on the track (square numbers count along that colour's own
route, 1 = its start square) and in the home column (how far from the finish), blocks, the
score and turns left where the rules have them, and the ranking once the game is over.
A description stays under `limit` characters (Discord's alt text holds 1024): past it, the
squares are left out, then the text is cut.

>>> from engine.position import position
>>> from engine.rules import Rules
>>> state = position(Rules.preset("classic"), {0: (13, 53, -1, 56), 2: (-1, -1, -1, -1)}, current=0, dice=(3,))
>>> print(describe_position(state, {0: "Ann"}))
Ann (red) to move with the 3: token 1 or token 2.
Ann (red): 1 home, 1 in the yard, token 1 on square 14 of 51, token 2 in the home column, 3 from the finish.
Yellow: 4 in the yard.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.actions import Move, MovePair
from engine.game import legal_actions
from engine.rules import COLOURS, TOKENS
from engine.state import YARD, GameState

LIMIT = 1000
_PLACES = ("1st", "2nd", "3rd", "4th")
Names = Callable[[int], str]


def describe_position(state: GameState, names: Mapping[int, str] | None = None, *, limit: int = LIMIT) -> str:
    """The position in words: whose turn, what to do, the dice, each player's tokens (see the module)."""
    def who(seat: int) -> str:
        colour = COLOURS[seat]
        name = (names or {}).get(seat)
        return f"{name} ({colour})" if name else colour.capitalize()

    lines = [_turn(state, who), *_notes(state, who)]
    full = "\n".join([*lines, *(_player(state, seat, who, detail=True) for seat in state.order)])
    if len(full) <= limit:
        return full
    short = "\n".join([*lines, *(_player(state, seat, who, detail=False) for seat in state.order)])
    return short if len(short) <= limit else short[:limit - 1] + "…"


def _dice(values: tuple[int, ...]) -> str:
    return " and ".join(map(str, values))


def _either(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _turn(state: GameState, who: Names) -> str:
    if state.over:
        ranking = ", ".join(f"{_PLACES[i]} {who(seat)}" for i, seat in enumerate(state.ranking))
        if state.rules.teams and len(state.winners) == 2:
            a, b = state.winners
            return f"Game over: {who(a)} and {who(b)} win as a team. Ranking: {ranking}."
        return f"Game over. Ranking: {ranking}."
    player = who(state.current)
    if state.phase == "roll":
        again = " again after a 6" if state.sixes else ""
        last = f" Last roll: {_dice(state.rolled)}." if state.rolled else ""
        return f"{player} to roll{again}.{last}"
    if state.phase == "choose":
        return f"{player} rolled {_dice(state.dice)}: choose which die to play first."
    moves = []
    for action in legal_actions(state):
        if isinstance(action, Move):
            moves.append(f"token {action.token + 1}")
        elif isinstance(action, MovePair):
            moves.append(f"pair {action.tokens[0] + 1}+{action.tokens[1] + 1}")
    then = f" (then the {_dice(state.dice[1:])})" if len(state.dice) > 1 else ""
    return f"{player} to move with the {state.dice[0]}{then}: {_either(moves)}."


def _notes(state: GameState, who: Names) -> list[str]:
    rules, notes = state.rules, []
    if rules.teams:
        notes.append(f"Teams: {COLOURS[0]} and {COLOURS[2]} against {COLOURS[1]} and {COLOURS[3]}.")
    if rules.quick and not state.over:
        notes.append("Quick game: the first token home wins." if not rules.teams else
                     "Quick game: a player is done with one token home.")
    return notes


def _player(state: GameState, seat: int, who: Names, *, detail: bool) -> str:
    rules = state.rules
    steps = state.tokens(seat)
    finish, last = rules.finish_step, rules.last_track_step
    parts: list[str] = []
    if seat in state.resigned:
        return f"{who(seat)}: left the game."
    if seat in state.out:
        parts.append("out of turns")
    elif seat in state.finished:
        parts.append("finished")
    home = steps.count(finish)
    if home:
        parts.append("all 4 home" if home == TOKENS else f"{home} home")
    yard = steps.count(YARD)
    if yard and seat not in state.out:
        parts.append(f"{yard} in the yard")
    on_track: dict[int, list[int]] = {}
    column: list[tuple[int, int]] = []
    for token, step in enumerate(steps, 1):
        if 0 <= step <= last:
            on_track.setdefault(step, []).append(token)
        elif last < step < finish:
            column.append((token, step))
    if detail:
        locked = {t - seat * TOKENS + 1 for pair in state.locked for t in pair if t // TOKENS == seat}
        for step, tokens in sorted(on_track.items(), reverse=True):
            square = (rules.start_square(seat) + step) % rules.track_length
            what = f"token {tokens[0]}" if len(tokens) == 1 else "tokens " + " and ".join(map(str, tokens))
            text = f"{what} on square {step + 1} of {last + 1}"
            if len(tokens) > 1 and rules.stacking == "block":
                text += ", a locked pair" if set(tokens) <= locked else ", a block"
            if rules.is_safe_square(square):
                text += " (safe)"
            parts.append(text)
        for token, step in sorted(column, key=lambda item: -item[1]):
            parts.append(f"token {token} in the home column, {finish - step} from the finish")
    else:
        track = sum(len(tokens) for tokens in on_track.values())
        if track:
            parts.append(f"{track} on the track")
        if column:
            parts.append(f"{len(column)} in the home column")
    if rules.scoring:
        parts.append(f"score {state.scores[seat]}")
    if rules.turn_limit and seat not in state.out and seat not in state.finished and not state.over:
        parts.append(f"{rules.turn_limit - state.turns[seat]} turns left")
    if rules.kill_to_unlock and not state.captures[seat] and home < TOKENS:
        parts.append("home column locked until a capture")
    return f"{who(seat)}: {', '.join(parts) or 'no tokens'}."
