"""Who holds which seat, how seats are named, and the rules a lobby will play. Pure functions of records."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from ludo_bot import engine
from ludo_bot.service.errors import Refused, reason
from ludo_bot.service.words.i18n import DEFAULT, Term, colour, directionless, translate, translate_for_picture
from ludo_bot.storage import GameRecord, LobbyRecord

# A seat's ai_level indexes this tuple (stored numbers: never reorder it): the engine's levels, then master, retired
# from the engine: a stored master seat keeps its number and its name, and plays as `PLAYED_AS` says.
AI_LEVELS = ("random", "greedy", "expert", "master")
PLAYED_AS = {"master": "expert"}  # a retired level -> the engine level its stored seats play (`engine_level`)
# The levels a person may choose, weakest first: the lobby's Add AI buttons (`ai<n>`, n a level's index in
# `AI_LEVELS`), a rematch's and a tournament's AI seats (`offered_level`). A level offered must be measurably stronger
# than the one below it (issue 34). Master is not: against three experts it won 22.0 % of classic, 25.0 % of star,
# 25.7 % of strict and 24.7 % of twodice games (seeds 0-299; chance is 25 %), and its look-ahead design 20.4 %
# against the expert's 31.8 % in the same seats (docs/proof/ai.md). So it is offered no more, and plays as the expert
# in the games that seated it.
OFFERED_LEVELS = ("random", "greedy", "expert")
# Levels that think too long to play on a click's path (master did: up to 250 ms a decision, several decisions a turn):
# the click is answered first, and a worker process plays their turns after (see `service.games`). A stored master
# seat still plays that way, as the expert.
THINKING_LEVELS = frozenset({"master"})
COLOURS = range(engine.rules.MAX_SEATS)  # a colour is its seat number: red, green, yellow, blue
# (with "tournament": the id of the tournament whose table a rematch follows, for its lobby to say it is no part of it)
LOBBY_ONLY_OPTIONS = frozenset({"seats", "ai_takeover", "auto_single", "turn_seconds", "thread", "delivery",
                                "tournament"})
NAME_LIMIT = 100  # characters of a player's display name kept in a record


def level_name(level: int) -> str:
    """The AI level of a stored level number, as a seat is named (numbers past the last level: the last)."""
    return AI_LEVELS[min(max(level, 0), len(AI_LEVELS) - 1)]


def engine_level(level: int) -> str:
    """The engine AI level (`engine.ai.LEVELS`) a stored level number plays: its own, or for a retired level (master)
    the one `PLAYED_AS` names."""
    name = level_name(level)
    return PLAYED_AS.get(name, name)


def offered_level(level: int) -> int:
    """The stored level a chooser seats for `level`: itself if offered, else the strongest offered below it (expert
    for a master seat)."""
    below = [n for n, name in enumerate(AI_LEVELS) if name in OFFERED_LEVELS and n <= level]
    return below[-1] if below else AI_LEVELS.index(OFFERED_LEVELS[0])


def thinks(record: GameRecord, seat: int) -> bool:
    """Whether the seat is an AI of a level that plays off the click path (`THINKING_LEVELS`)."""
    level = next((s.ai_level for s in record.seats if s.seat == seat), None)
    return level is not None and level_name(level) in THINKING_LEVELS


def kept_name(name: str | None) -> str | None:
    """A display name as a record keeps it: without direction controls (`service.words.i18n.directionless`)."""
    name = directionless(name or "")
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
        if ai_level is None:  # (a name kept before `kept_name` dropped direction controls loses them here)
            return directionless(name or "") or colour_name
        level = translate(lang, "ai." + level_name(ai_level))
        return translate_for_picture(lang, "seat.ai", colour=colour_name, level=level)

    return tuple((seat, default(seat, name, ai_level)) for seat, name, ai_level in seats)


def picture_names(record: GameRecord, lang: str = DEFAULT) -> dict[int, str]:
    """The seats' names a picture shows: the player's name, or "AI (level)" without the colour: a picture puts each
    name on its colour (a board's yard, a chart's legend with its line), and on a phone the colour cost the name
    its room."""
    return dict(_picture_names(tuple((s.seat, s.name, s.ai_level) for s in record.seats), lang))


@functools.lru_cache(maxsize=1024)
def _picture_names(seats: tuple[tuple[int, str | None, int | None], ...], lang: str) -> tuple[tuple[int, str], ...]:
    return tuple((seat, translate(lang, "lobby.ai", level=translate(lang, "ai." + level_name(ai_level)))
                  if ai_level is not None else name or colour(lang, seat).capitalize())
                 for seat, name, ai_level in seats)


def beside_colour(record: GameRecord, names: Mapping[int, str], lang: str = DEFAULT) -> dict[int, str]:
    """The seats' names for a sentence that says each one's colour beside it ("It is AI (expert)'s turn (green)"): an
    AI seat as "AI (level)" (`picture_names`), whose full name would say its colour twice ("Green AI (expert)
    (green)"); a player as `names` has them."""
    short = picture_names(record, lang)
    return {**names, **{s.seat: short[s.seat] for s in record.seats if s.ai_level is not None}}


def to_play(record: GameRecord, seat: int) -> str | Term:
    """Who holds `seat`, for a sentence read in any language: a player's mention, or an AI seat's "AI (level)" (the
    sentence names the colour)."""
    user = seat_user(record, seat)
    if user is not None:
        return f"<@{user}>"
    level = next((s.ai_level for s in record.seats if s.seat == seat), None) or 0
    return Term("lobby.ai", {"level": Term("ai." + level_name(level))})


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


def lobby_seats(lobby: LobbyRecord) -> int:
    """How many seats the lobby offers (its option `seats`, else 4)."""
    wanted = lobby.options.get("seats", engine.rules.MAX_SEATS)
    return wanted if isinstance(wanted, int) else engine.rules.MAX_SEATS


def lobby_rules(lobby: LobbyRecord) -> engine.Rules:
    """The rules a lobby will play (`Refused` if its options are impossible)."""
    options = {k: (tuple(v) if isinstance(v, list) else v) for k, v in lobby.options.items()
               if k not in LOBBY_ONLY_OPTIONS}
    try:
        return engine.Rules.preset(lobby.preset, **options)
    except engine.RulesError as error:
        raise Refused("refused.rules", error=reason(error)) from error


# -- colours in a lobby ---------------------------------------------------------------------------------------------
def opposite(colour: int) -> int:
    """The colour across the board (red and yellow, green and blue)."""
    return (colour + 2) % engine.rules.MAX_SEATS


def side_by_side(colours: list[int]) -> bool:
    """True for two players who do not sit opposite each other: RULES.md seats a game of two in opposite corners
    (as every Ludo app does), so neither enters the track right behind the other."""
    return len(colours) == 2 and colours[1] != opposite(colours[0])


def to_face(lobby: LobbyRecord) -> tuple[int, int]:
    """For two players side by side: who is asked to move (a user id) and to which colour, the one across from the
    other's. The later player moves, being the one who sat down beside the first; an AI seat cannot choose, so then
    the other player does (the host, whose lobby it is, if both are AI seats)."""
    first, second = lobby.players[0], lobby.players[1]
    mover, other = (second, first) if second.user_id is not None else (first, second)
    return (mover.user_id if mover.user_id is not None else lobby.host_id), opposite(other.colour)


def free_colour(lobby: LobbyRecord, user_id: int | None = None) -> int | None:
    """The colour a player who joins without choosing one (or an AI seat) takes; None when none is free.
    A rematch's player gets the colour they played, if free; other seats avoid the colours kept for invited players
    who have not joined yet; the second seat sits opposite the first, so that two can start at once (not with
    teams, which need all four: seats go in order there, so joining alternates sides); otherwise the first free
    colour in seat order."""
    taken = [p.colour for p in lobby.players]
    free = [c for c in COLOURS if c not in taken]
    own = lobby.invited.get(user_id) if user_id is not None else None
    if own in free:
        return own
    joined = {p.user_id for p in lobby.players}
    kept = {c for user, c in lobby.invited.items() if user not in joined}
    candidates = [c for c in free if c not in kept] or free
    if len(taken) == 1 and opposite(taken[0]) in candidates and not lobby.options.get("teams"):
        return opposite(taken[0])
    return candidates[0] if candidates else None
