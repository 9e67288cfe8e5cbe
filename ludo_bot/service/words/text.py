"""Words for players: button labels and accounts of what happened, in a language of `service.words.i18n`
(English unless `lang` says otherwise). No Discord here.

Button labels carry the same number the board picture draws at a move's destination (the
token's number, "1+2" for a pair), so a player can match the two.

>>> from ludo_bot.engine import Move, MovePair, ChooseDie, Rules, position
>>> state = position(Rules.preset("star"), {0: (14, 14, -1, -1), 2: (-1,) * 4}, current=0, dice=(6,))
>>> [action_label(state, a) for a in [Move(0), MovePair((0, 1)), ChooseDie(5)]]
['Token 1: 14 → 20', 'Pair 1+2: 14 → 17', 'Die 5 first']
>>> action_label(state, Move(0), alike=(Move(0), Move(1)))  # tokens 1 and 2 share square 14: one button
'A token (1/2): 14 → 20'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ludo_bot import engine
from ludo_bot.engine import events as ev
from ludo_bot.service.words.i18n import DEFAULT, Term, colour, translate

LABEL_LIMIT = 80  # Discord's limit on a button label
CONTENT_LIMIT = 2000  # Discord's limit on a message's content


def _step(state: engine.GameState, step: int, lang: str) -> str:
    return translate(lang, "button.home") if step == state.rules.finish_step else str(step)


def action_label(state: engine.GameState, action: engine.Action, lang: str = DEFAULT,
                 alike: tuple[engine.Action, ...] = ()) -> str:
    """The button label of a legal action. `alike`: the legal actions that lead to the same position (itself first,
    `engine.distinct_actions`), offered as this one button, which says it moves any of them: "Enter a token
    (1/2/3/4)", with the marks the picture draws at the move's destination (`image_label`)."""
    base = state.current * 4
    many = len(alike) > 1
    match action:
        case engine.Roll():
            return translate(lang, "button.roll")
        case engine.ChooseDie(value):
            return translate(lang, "button.die_first", value=value)
        case engine.Move(token):
            start = state.steps[base + token]
            end = _landing_end(state, action, start)
            if start == engine.YARD:
                if many:
                    return translate(lang, "button.enter_any", tokens=image_label(action, alike))
                return translate(lang, "button.enter", token=token + 1)
            if many:
                return translate(lang, "button.move_any", tokens=image_label(action, alike),
                                 start=_step(state, start, lang), end=_step(state, end, lang))
            return translate(lang, "button.move", token=token + 1, start=_step(state, start, lang),
                             end=_step(state, end, lang))
        case engine.MovePair((a, b)):
            start = state.steps[base + a]
            ends = _step(state, start, lang), _step(state, _landing_end(state, action, start), lang)
            if many:
                return translate(lang, "button.pair_any", pairs=image_label(action, alike), start=ends[0], end=ends[1])
            return translate(lang, "button.pair", a=a + 1, b=b + 1, start=ends[0], end=ends[1])
    return engine.action_text(action)


def _landing_end(state: engine.GameState, action: engine.Action, start: int) -> int:
    for choice, (end, _) in state.choices:
        if choice == action:
            return end
    return start


def image_label(action: engine.Action, alike: tuple[engine.Action, ...] = ()) -> str:
    """The mark drawn on the board for a move (the token number, or the pair); for a button that stands for `alike`
    moves, theirs joined by "/" ("1/2/3/4"), as the picture joins the marks of moves that end on one square."""
    if len(alike) > 1:
        return "/".join(image_label(a) for a in alike)
    if isinstance(action, engine.Move):
        return str(action.token + 1)
    if isinstance(action, engine.MovePair):
        return f"{action.tokens[0] + 1}+{action.tokens[1] + 1}"
    if isinstance(action, engine.ChooseDie):
        return str(action.value)
    return ""


def listed(words: Iterable[str], lang: str = DEFAULT) -> str:
    """Words as a list: "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    words = list(words)
    return words[0] if len(words) == 1 else translate(lang, "word.and", a=", ".join(words[:-1]), b=words[-1])


def preset_name(name: str) -> Term | str:
    """A preset's name as a sentence says it: as the reader's client lists it among the commands' choices
    (`choice.preset.<name>`: "Klassisch", "classic" in Arabic, Urdu and Bengali, which Discord lists in English); a name
    no preset has (a stored game's, from before a preset was renamed) as it is."""
    return Term(f"choice.preset.{name}") if name in engine.rules.PRESETS else name


def dice_text(values: Iterable[int], lang: str = DEFAULT) -> str:
    """Dice values in words: "3", "5 and 3"."""
    return listed((str(v) for v in values), lang)


EVENT_KEYS = {ev.ENTERED: "event.entered", ev.MOVED: "event.moved", ev.BONUS_ROLL: "event.bonus_roll",
              ev.THIRD_SIX: "event.third_six", ev.TOKEN_HOME: "event.token_home",
              ev.PLAYER_FINISHED: "event.finished", ev.OUT_OF_TURNS: "event.out_of_turns",
              ev.RESIGNED: "event.resigned", ev.SKIPPED: "event.skipped", ev.GAME_OVER: "event.game_over"}


def describe(event: engine.Event, names: Mapping[int, str], lang: str = DEFAULT) -> str | None:
    """One event in words, or None for events not worth a line."""
    def name(seat: int) -> str:
        return names[seat] if seat in names else colour(lang, seat).capitalize()

    who = name(event.seat)
    match event.kind:
        case ev.ROLLED:
            return translate(lang, "event.rolled", who=who, dice=dice_text(event.dice, lang))
        case ev.CAPTURED:
            victims = ", ".join(translate(lang, "event.victim", owner=name(t // 4), token=t % 4 + 1)
                                for t in event.captured)
            return translate(lang, "event.captured", who=who, victims=victims)
        case ev.DIE_FORFEITED:
            return translate(lang, "event.die_forfeited", who=who, die=event.dice[0])
        case kind if kind in EVENT_KEYS:
            return translate(lang, EVENT_KEYS[kind], who=who, token=event.token + 1, start=event.start,
                             end=event.end)
    return None


ACCOUNT_LINES = 8  # lines of an account at most: the newest, which lead to the position on the board


def account(events: Iterable[engine.Event], names: Mapping[int, str], limit: int = 1200,
            lang: str = DEFAULT, most: int = ACCOUNT_LINES, notes: Iterable[tuple[int, str]] = ()) -> str:
    """What happened, a line an event: the newest `most` lines kept under `limit` characters, after a line saying
    how many earlier ones were left out. `notes`: (index, line), a line told among the events where it happened,
    before the event at that index (after them all at their number); a note is never left out (one that came
    before the lines kept opens them)."""
    told = [(i, line) for i, line in ((i, describe(e, names, lang)) for i, e in enumerate(events)) if line]
    kept = told[-most:]
    while len(kept) > 1 and sum(len(line) + 1 for _, line in kept) > limit:
        kept.pop(0)
    lines = [translate(lang, "account.more", n=len(told) - len(kept))] if len(kept) < len(told) else []
    pending = sorted(notes, key=lambda note: note[0])  # (stable: notes at one index keep their order)
    for i, line in kept:
        while pending and pending[0][0] <= i:
            lines.append(pending.pop(0)[1])
        lines.append(line)
    lines.extend(line for _, line in pending)
    return "\n".join(lines)


def ranking_lines(state: engine.GameState, names: Mapping[int, str], lang: str = DEFAULT, *,
                  numbered: bool = False) -> list[str]:
    """Final places (or, for a game ended before its end, the places as it stood), with scores where the rules keep
    them; medals, or (`numbered`, a tournament's table) 1., 2., ..."""
    medals = ("1.", "2.", "3.", "4.") if numbered else ("🥇", "🥈", "🥉", "4.")
    lines = []
    for place, seat in enumerate(state.ranking):
        score = translate(lang, "ranking.points", points=state.scores[seat]) if state.rules.scoring else ""
        left = translate(lang, "ranking.left") if seat in state.resigned else ""
        lines.append(f"{medals[place]} {names.get(seat, colour(lang, seat))}{score}{left}")
    return lines


def rules_summary(rules: engine.Rules, lang: str = DEFAULT) -> str:
    """The rules in play, short."""
    def say(key: str, **values: object) -> str:
        return translate(lang, "rules." + key, **values)

    dice = say("one_die") if rules.dice == 1 else say("dice", n=rules.dice)
    lines = [say("head", name=preset_name(rules.name), track=rules.track_length, home=rules.home_length, dice=dice),
             say("enter_either" if rules.dice == 2 else "enter", value=rules.enter_on)]
    extras: list[str] = []
    if rules.bonus_on_six:
        extras.append(say("bonus_on_six"))
    if rules.third_six_ends_turn:
        extras.append(say("third_six"))
    if rules.capture_bonus:
        extras.append(say("capture_bonus"))
    if rules.safe_offsets:
        extras.append(say("safe_starts" if 0 in rules.safe_offsets else "safe_stars"))
    extras.append(say("stacking_" + rules.stacking))
    if rules.pair_moves:
        extras.append(say("pairs"))
    if rules.scoring:
        extras.append(say("scoring"))
    if rules.turn_limit:
        extras.append(say("turn_limit", n=rules.turn_limit))
    if rules.kill_to_unlock:
        extras.append(say("kill_to_unlock"))
    if rules.teams:
        extras.append(say("teams"))
    if rules.quick:
        extras.append(say("quick"))
    if not rules.teams:
        extras.append(say("first_wins" if rules.game_end == "first" or rules.quick else "all_places"))
    extra = "; ".join(extras)
    lines.append(extra[:1].upper() + extra[1:] + ".")
    return "\n".join(lines)


def variants(rules: engine.Rules, lang: str = DEFAULT) -> str:
    """The quick variants turned on, as a short tag ("" when none): "quick, kill to unlock, teams"."""
    names = [translate(lang, "variant." + name) for name, on in (
        ("quick", rules.quick), ("kill_to_unlock", rules.kill_to_unlock), ("teams", rules.teams)) if on]
    return ", ".join(names)


def clip(text: str, limit: int = CONTENT_LIMIT) -> str:
    """Text cut to a limit, marked when cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
