"""Who holds which seat, how seats are named, and the rules a lobby will play. Pure functions of records."""

from __future__ import annotations

import functools

import engine
from engine import ai
from service.errors import Refused
from service.i18n import DEFAULT, colour, translate
from storage import GameRecord, LobbyRecord

AI_LEVELS = ai.LEVELS  # a seat's ai_level indexes this tuple
LOBBY_ONLY_OPTIONS = frozenset({"seats", "ai_takeover", "auto_single", "turn_seconds", "thread"})
NAME_LIMIT = 100  # characters of a player's display name kept in a record


def level_name(level: int) -> str:
    """The engine AI level of a stored level number (numbers past the last level play the strongest)."""
    return AI_LEVELS[min(max(level, 0), len(AI_LEVELS) - 1)]


def kept_name(name: str | None) -> str | None:
    """A display name as a record keeps it."""
    return name[:NAME_LIMIT] if name else None


def seat_names(record: GameRecord, lang: str = DEFAULT) -> dict[int, str]:
    """Display names per seat: the player's name, or "Red AI (level)"."""
    return dict(_names(tuple((s.seat, s.name, s.ai_level) for s in record.seats), lang))


# A message names the seats several times and a game's seats never change: translating them each time was
# 1.5 % of a bot process's CPU under `benchmarks.load`.
@functools.lru_cache(maxsize=1024)
def _names(seats: tuple[tuple[int, str | None, int | None], ...], lang: str) -> tuple[tuple[int, str], ...]:
    def default(seat: int, name: str | None, ai_level: int | None) -> str:
        colour_name = colour(lang, seat).capitalize()
        if ai_level is None:
            return name or colour_name
        return translate(lang, "seat.ai", colour=colour_name, level=translate(lang, "ai." + level_name(ai_level)))

    return tuple((seat, default(seat, name, ai_level)) for seat, name, ai_level in seats)


def seat_user(record: GameRecord, seat: int) -> int | None:
    """The user id holding `seat`, or None for an AI seat."""
    for s in record.seats:
        if s.seat == seat:
            return s.user_id
    return None


def seat_of(record: GameRecord, user_id: int) -> int | None:
    """The seat a user holds in a game (never an AI seat)."""
    for s in record.seats:
        if s.user_id is not None and s.user_id == user_id:
            return s.seat
    return None


def lobby_rules(lobby: LobbyRecord) -> engine.Rules:
    """The rules a lobby will play (`Refused` if its options are impossible)."""
    options = {k: (tuple(v) if isinstance(v, list) else v) for k, v in lobby.options.items()
               if k not in LOBBY_ONLY_OPTIONS}
    try:
        return engine.Rules.preset(lobby.preset, **options)
    except engine.RulesError as error:
        raise Refused("refused.rules", error=error) from error
