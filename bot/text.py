"""Words for players: button labels and accounts of what happened. No Discord here.

Button labels carry the same number the board picture draws at a move's destination (the
token's number, "1+2" for a pair), so a player can match the two.

>>> from engine import Move, MovePair, ChooseDie, Rules, position
>>> state = position(Rules.preset("star"), {0: (14, 14, -1, -1), 2: (-1,) * 4}, current=0, dice=(6,))
>>> [action_label(state, a) for a in [Move(0), MovePair((0, 1)), ChooseDie(5)]]
['Token 1: 14 → 20', 'Pair 1+2: 14 → 17', 'Die 5 first']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import engine
from engine import events as ev

LABEL_LIMIT = 80  # Discord's limit on a button label
CONTENT_LIMIT = 2000  # Discord's limit on a message's content


def _step(state: engine.GameState, step: int) -> str:
    return "home" if step == state.rules.finish_step else str(step)


def action_label(state: engine.GameState, action: engine.Action) -> str:
    """The button label of a legal action."""
    base = state.current * 4
    match action:
        case engine.Roll():
            return "Roll"
        case engine.ChooseDie(value):
            return f"Die {value} first"
        case engine.Move(token):
            start = state.steps[base + token]
            end = _landing_end(state, action, start)
            if start == engine.YARD:
                return f"Enter token {token + 1}"
            return f"Token {token + 1}: {_step(state, start)} → {_step(state, end)}"
        case engine.MovePair((a, b)):
            start = state.steps[base + a]
            return f"Pair {a + 1}+{b + 1}: {_step(state, start)} → {_step(state, _landing_end(state, action, start))}"
    return engine.action_text(action)


def _landing_end(state: engine.GameState, action: engine.Action, start: int) -> int:
    for choice, (end, _) in state.choices:
        if choice == action:
            return end
    return start


def image_label(action: engine.Action) -> str:
    """The mark drawn on the board for a move (the token number, or the pair)."""
    if isinstance(action, engine.Move):
        return str(action.token + 1)
    if isinstance(action, engine.MovePair):
        return f"{action.tokens[0] + 1}+{action.tokens[1] + 1}"
    if isinstance(action, engine.ChooseDie):
        return str(action.value)
    return ""


def describe(event: engine.Event, names: Mapping[int, str]) -> str | None:
    """One event in words, or None for events not worth a line."""
    who = names.get(event.seat, engine.COLOURS[event.seat].capitalize())
    token = f"token {event.token + 1}"
    match event.kind:
        case ev.ROLLED:
            return f"🎲 {who} rolled {' and '.join(map(str, event.dice))}."
        case ev.ENTERED:
            return f"{who} entered {token}."
        case ev.MOVED:
            return f"{who} moved {token} from {event.start} to {event.end}."
        case ev.CAPTURED:
            victims = ", ".join(f"{names.get(t // 4, engine.COLOURS[t // 4].capitalize())}'s token {t % 4 + 1}"
                                for t in event.captured)
            return f"💥 {who} captured {victims}."
        case ev.BONUS_ROLL:
            return f"{who} rolls again."
        case ev.THIRD_SIX:
            return f"Third 6 in a row: {who}'s turn is over."
        case ev.DIE_FORFEITED:
            return f"{who} cannot use the {event.dice[0]}."
        case ev.TOKEN_HOME:
            return f"🏠 {who}'s {token} is home."
        case ev.PLAYER_FINISHED:
            return f"🏁 {who} has finished!"
        case ev.OUT_OF_TURNS:
            return f"{who} has used all their turns."
        case ev.RESIGNED:
            return f"{who} left the game."
        case ev.SKIPPED:
            return f"{who}'s turn was skipped."
        case ev.GAME_OVER:
            return f"🏆 Game over: {who} wins!"
    return None


def account(events: Iterable[engine.Event], names: Mapping[int, str], limit: int = 1200) -> str:
    """What happened, a line an event, kept under `limit` characters (the oldest lines go first)."""
    lines = [line for line in (describe(e, names) for e in events) if line]
    while len(lines) > 1 and sum(len(line) + 1 for line in lines) > limit:
        lines.pop(0)
    return "\n".join(lines)


def ranking_lines(state: engine.GameState, names: Mapping[int, str]) -> list[str]:
    """Final places, with scores where the rules keep them."""
    medals = ("🥇", "🥈", "🥉", "4.")
    lines = []
    for place, seat in enumerate(state.ranking):
        score = f" — {state.scores[seat]} points" if state.rules.scoring else ""
        left = " (left)" if seat in state.resigned else ""
        lines.append(f"{medals[place]} {names.get(seat, engine.COLOURS[seat])}{score}{left}")
    return lines


def rules_summary(rules: engine.Rules) -> str:
    """The rules in play, short."""
    lines = [f"**{rules.name}**: {rules.track_length}-square track, {rules.home_length} home squares, "
             f"{rules.dice} {'die' if rules.dice == 1 else 'dice'}."]
    lines.append(f"Enter a token with a {rules.enter_on}" + (" on either die." if rules.dice == 2 else "."))
    extras: list[str] = []
    if rules.bonus_on_six:
        extras.append("a 6 earns another roll")
    if rules.third_six_ends_turn:
        extras.append("a third 6 in a row ends the turn")
    if rules.capture_bonus:
        extras.append("a capture earns another roll")
    if rules.safe_offsets:
        extras.append("start squares and stars are safe" if 0 in rules.safe_offsets else "stars are safe")
    extras.append({"forbidden": "you may not end on your own token", "allowed": "your tokens may share a square",
                   "block": "two of your tokens on a square form a block nobody passes"}[rules.stacking])
    if rules.pair_moves:
        extras.append("a block may move as a pair with an even roll")
    if rules.scoring:
        extras.append("every square scores a point; each token home multiplies the score")
    if rules.turn_limit:
        extras.append(f"{rules.turn_limit} turns each at most")
    if rules.kill_to_unlock:
        extras.append("a token enters its home column only after its player has captured")
    if rules.teams:
        extras.append("2 against 2: red and yellow against green and blue; partners never capture each other, "
                      "a team wins when both partners are home")
    if rules.quick:
        extras.append("quick: a player is home with their first token home")
    if not rules.teams:
        extras.append("first player home wins" if rules.game_end == "first" or rules.quick
                      else "play goes on for every place")
    lines.append("; ".join(extras).capitalize() + ".")
    return "\n".join(lines)


def variants(rules: engine.Rules) -> str:
    """The quick variants turned on, as a short tag ("" when none): "quick, kill to unlock, teams"."""
    names = [name for name, on in (("quick", rules.quick), ("kill to unlock", rules.kill_to_unlock),
                                   ("teams", rules.teams)) if on]
    return ", ".join(names)


def clip(text: str, limit: int = CONTENT_LIMIT) -> str:
    """Text cut to a limit, marked when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
