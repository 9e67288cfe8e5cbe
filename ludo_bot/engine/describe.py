"""A plain-text description of a position, for screen readers (the board image's alt text).

It says whose turn it is and what they must do, the dice showing, then each player in turn
order: tokens home, in the yard, on the track (square numbers count along that colour's own
route, 1 = its start square) and in the home column (how far from the finish), blocks, the
score and turns left where the rules have them, and the ranking once the game is over.
A description stays under `limit` characters (Discord's alt text holds 1024): past it, the
squares are left out, then the text is cut. Every sentence is a `str.format` template of `PHRASES`;
a caller writing in another language passes its own templates as `phrases` (missing ones stay English).

>>> from ludo_bot.engine.position import position
>>> from ludo_bot.engine.rules import Rules
>>> state = position(Rules.preset("classic"), {0: (13, 53, -1, 56), 2: (-1, -1, -1, -1)}, current=0, dice=(3,))
>>> print(describe_position(state, {0: "Ann"}))
Ann (red) to move with the 3: token 1 or token 2.
Ann (red): 1 home, 1 in the yard, token 1 on square 14 of 51, token 2 in the home column, 3 from the finish.
Yellow: 4 in the yard.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from ludo_bot.engine.actions import Move, MovePair
from ludo_bot.engine.game import legal_actions
from ludo_bot.engine.rules import COLOURS, TOKENS
from ludo_bot.engine.state import YARD, GameState

LIMIT = 1000
PHRASES: Mapping[str, str] = MappingProxyType({
    "red": "red", "green": "green", "yellow": "yellow", "blue": "blue",
    "named": "{name} ({colour})", "and": "{a} and {b}", "or": "{a} or {b}",
    "place1": "1st {who}", "place2": "2nd {who}", "place3": "3rd {who}", "place4": "4th {who}",
    "team_won": "Game over: {a} and {b} win as a team. Ranking: {ranking}.",
    "over": "Game over. Ranking: {ranking}.",
    "to_roll": "{who} to roll.", "to_roll_again": "{who} to roll again after a 6.", "last_roll": "Last roll: {dice}.",
    "to_choose": "{who} rolled {dice}: choose which die to play first.",
    "to_move": "{who} to move with the {die}: {moves}.",
    "to_move_then": "{who} to move with the {die} (then the {rest}): {moves}.",
    "token": "token {n}", "pair": "pair {a}+{b}",
    "teams": "Teams: {a} and {b} against {c} and {d}.",
    "quick": "Quick game: the first token home wins.",
    "quick_teams": "Quick game: a player is done with one token home.",
    "player": "{who}: {parts}.", "player_left": "{who}: left the game.", "no_tokens": "no tokens",
    "out_of_turns": "out of turns", "finished": "finished", "all_home": "all 4 home", "home": "{n} home",
    "in_yard": "{n} in the yard", "tokens": "tokens {list}", "on_square": "{what} on square {square} of {of}",
    "locked_pair": "{text}, a locked pair", "block": "{text}, a block", "safe": "{text} (safe)",
    "in_column": "token {n} in the home column, {left} from the finish",
    "on_track": "{n} on the track", "in_columns": "{n} in the home column", "score": "score {n}",
    "turns_left": "{n} turns left", "column_locked": "home column locked until a capture",
})


class _Say:
    """The templates in use: `phrases` over the English `PHRASES`."""

    def __init__(self, phrases: Mapping[str, str] | None) -> None:
        self.phrases = phrases or {}

    def __call__(self, key: str, **values: object) -> str:
        return self.phrases.get(key, PHRASES[key]).format(**values)

    def joined(self, items: list[str], last: str = "and") -> str:
        """"1, 2 and 3" (or "1, 2 or 3")."""
        return items[0] if len(items) == 1 else self(last, a=", ".join(items[:-1]), b=items[-1])

    def dice(self, values: tuple[int, ...]) -> str:
        return self.joined([str(v) for v in values])

    def colour(self, seat: int) -> str:
        return self(COLOURS[seat])


Names = Callable[[int], str]


def describe_position(state: GameState, names: Mapping[int, str] | None = None, *, limit: int = LIMIT,
                      phrases: Mapping[str, str] | None = None, ended: bool = False) -> str:
    """The position in words: whose turn, what to do, the dice, each player's tokens (see the module);
    `phrases` replaces templates of `PHRASES` (to write in another language); `ended`: the game was ended before its
    end, so nobody's turn is said (the message says how it ended)."""
    say = _Say(phrases)

    def who(seat: int) -> str:
        name = (names or {}).get(seat)
        return say("named", name=name, colour=say.colour(seat)) if name else say.colour(seat).capitalize()

    lines = [*([] if ended and not state.over else [_turn(state, who, say)]), *_notes(state, say)]
    full = "\n".join([*lines, *(_player(state, seat, who, say, detail=True) for seat in state.order)])
    if len(full) <= limit:
        return full
    short = "\n".join([*lines, *(_player(state, seat, who, say, detail=False) for seat in state.order)])
    return short if len(short) <= limit else short[:limit - 1] + "…"


def _turn(state: GameState, who: Names, say: _Say) -> str:
    if state.over:
        ranking = ", ".join(say(f"place{i + 1}", who=who(seat)) for i, seat in enumerate(state.ranking))
        if state.rules.teams and len(state.winners) == 2:
            a, b = state.winners
            return say("team_won", a=who(a), b=who(b), ranking=ranking)
        return say("over", ranking=ranking)
    player = who(state.current)
    if state.phase == "roll":
        text = say("to_roll_again" if state.sixes else "to_roll", who=player)
        return f"{text} {say('last_roll', dice=say.dice(state.rolled))}" if state.rolled else text
    if state.phase == "choose":
        return say("to_choose", who=player, dice=say.dice(state.dice))
    moves = []
    for action in legal_actions(state):
        if isinstance(action, Move):
            moves.append(say("token", n=action.token + 1))
        elif isinstance(action, MovePair):
            moves.append(say("pair", a=action.tokens[0] + 1, b=action.tokens[1] + 1))
    if len(state.dice) > 1:
        return say("to_move_then", who=player, die=state.dice[0], rest=say.dice(state.dice[1:]),
                   moves=say.joined(moves, "or"))
    return say("to_move", who=player, die=state.dice[0], moves=say.joined(moves, "or"))


def _notes(state: GameState, say: _Say) -> list[str]:
    rules, notes = state.rules, []
    if rules.teams:
        notes.append(say("teams", a=say.colour(0), b=say.colour(2), c=say.colour(1), d=say.colour(3)))
    if rules.quick and not state.over:
        notes.append(say("quick_teams" if rules.teams else "quick"))
    return notes


def _player(state: GameState, seat: int, who: Names, say: _Say, *, detail: bool) -> str:
    rules = state.rules
    steps = state.tokens(seat)
    finish, last = rules.finish_step, rules.last_track_step
    parts: list[str] = []
    if seat in state.resigned:
        return say("player_left", who=who(seat))
    if seat in state.out:
        parts.append(say("out_of_turns"))
    elif seat in state.finished:
        parts.append(say("finished"))
    home = steps.count(finish)
    if home:
        parts.append(say("all_home") if home == TOKENS else say("home", n=home))
    yard = steps.count(YARD)
    if yard and seat not in state.out:
        parts.append(say("in_yard", n=yard))
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
            square = rules.square(seat, step)
            what = (say("token", n=tokens[0]) if len(tokens) == 1
                    else say("tokens", list=say.joined([str(t) for t in tokens])))
            text = say("on_square", what=what, square=step + 1, of=last + 1)
            if len(tokens) > 1 and rules.stacking == "block":
                text = say("locked_pair" if set(tokens) <= locked else "block", text=text)
            if square is not None and rules.is_safe_square(square):
                text = say("safe", text=text)
            parts.append(text)
        for token, step in sorted(column, key=lambda item: -item[1]):
            parts.append(say("in_column", n=token, left=finish - step))
    else:
        track = sum(len(tokens) for tokens in on_track.values())
        if track:
            parts.append(say("on_track", n=track))
        if column:
            parts.append(say("in_columns", n=len(column)))
    if rules.scoring:
        parts.append(say("score", n=state.scores[seat]))
    if rules.turn_limit and seat not in state.out and seat not in state.finished and not state.over:
        parts.append(say("turns_left", n=rules.turn_limit - state.turns[seat]))
    if rules.kill_to_unlock and not state.captures[seat] and home < TOKENS:
        parts.append(say("column_locked"))
    return say("player", who=who(seat), parts=", ".join(parts) or say("no_tokens"))
