"""`/ludo games`: the games a member plays in this server, as one private message.

Each line links to the game's live message, says whose turn it is and when the turn ends (Discord's timestamp
markup, which every reader sees in their own time zone). The games where it is the member's turn come first, then
by the turn's end, soonest first (`service.archive`); as many as fit in one message, then how many more there are.
"""

from __future__ import annotations

from ludo_bot import engine
from ludo_bot.bot.messages import text_names
from ludo_bot.bot.plumbing.delivery import jump_link
from ludo_bot.service import GameRecord, seat_user
from ludo_bot.service.words.i18n import translate
from ludo_bot.service.words.text import CONTENT_LIMIT, preset_name


def game_line(record: GameRecord, state: engine.GameState, user_id: int, lang: str) -> str:
    """One game: whose turn, the rules, the game's id, when the turn ends, the link."""
    user = seat_user(record, state.current)
    if user == user_id:
        turn = translate(lang, "games.yours")
    else:
        turn = translate(lang, "games.theirs", who=text_names(record, lang).get(state.current, ""))
    ends = translate(lang, "games.ends", at=int(record.turn_deadline)) if record.turn_deadline and user else ""
    return translate(lang, "games.line", turn=turn, rules=preset_name(state.rules.name), id=record.id, ends=ends,
                     link=jump_link(record))


def games_text(games: list[tuple[GameRecord, engine.GameState]], user_id: int, lang: str,
               limit: int = CONTENT_LIMIT) -> str:
    """The list in one message of at most `limit` characters: as many games as fit, in order, then how many more
    (a clear line for a member with none)."""
    if not games:
        return translate(lang, "games.none")
    head = translate(lang, "games.head", count=len(games))
    lines = [game_line(record, state, user_id, lang) for record, state in games]
    shown = len(lines)
    while True:
        more = [translate(lang, "games.more", n=len(lines) - shown)] if shown < len(lines) else []
        text = "\n".join([head, *lines[:shown], *more])
        if len(text) <= limit or shown == 0:
            return text
        shown -= 1
