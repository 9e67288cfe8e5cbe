"""The stored records (pydantic models, each with a `schema_version`) and their migrations.

A record is stored as JSON. Reading goes through `read_record`, which migrates an older schema step by
step (v1 -> v2 -> ...) to the current one, and turns anything unreadable into `CorruptRecord` naming the
key. Migrated records are written back in the new schema by their next ordinary save.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self, TypeVar

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ludo_bot.storage.errors import CorruptRecord

ID_PATTERN = r"^[0-9A-Za-z_-]{1,40}$"  # game and lobby ids: safe inside key hash tags and button ids
# "ended": ended early by a person (`ended_by`); "abandoned": ended because nobody played for the idle time
# (`service.deadlines`); "settled": a tournament's table still playing when its round's time ran out, ranked as it
# stood (`service.tournaments`); none of the three counts in anyone's stats
GameStatus = Literal["active", "finished", "ended", "abandoned", "settled"]
Delivery = Literal["channel", "interaction"]  # how a game's messages reach its channel: the bot's channel calls (it
# is a member there), or the answers to interactions alone (a group DM, a server that never added the bot)
TimeoutAction = Literal["ai", "skip", "forfeit"]
SeasonLength = Literal["off", "monthly", "quarterly"]  # a guild's rating seasons (`service.seasons`)


def now() -> float:
    """The time stored in records: epoch seconds, to the millisecond."""
    return round(time.time(), 3)


class Record(BaseModel):
    """Base of the stored records: unknown fields are refused, values are checked on assignment."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)
    SCHEMA: ClassVar[int] = 1  # the current schema version of the record type (a class constant, not a field)

    def to_json(self, exclude: set[str] | None = None) -> str:
        """The stored form: compact JSON, None fields left out."""
        return self.model_dump_json(exclude=exclude, exclude_none=True)


class Seat(BaseModel):
    """One seat of a game: a Discord user, or an AI of some level."""

    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=3)
    user_id: int | None = None
    ai_level: int | None = Field(default=None, ge=0, le=9)
    name: str | None = Field(default=None, max_length=100)  # display name when the game started

    @model_validator(mode="after")
    def _one_player(self) -> Self:
        if (self.user_id is None) == (self.ai_level is None):
            raise ValueError("a seat holds either a user_id or an ai_level")
        return self

    @property
    def is_ai(self) -> bool:
        """True for an AI seat."""
        return self.ai_level is not None


class TableOf(BaseModel):
    """The tournament table a game is: the tournament's id, the round (1, 2, ...) and the table in it (1, 2, ...)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=ID_PATTERN)
    round: int = Field(ge=1)
    table: int = Field(ge=1)


class GameRecord(Record):
    """A game: everything needed to show it, act on it, and replay it from (rules, seats, seed) + log.

    `version` and `log` are not part of the stored JSON: the version lives beside it (the compare-and-set
    field) and the log in its own list, read only when asked for (`log_length` tells its size).
    """

    SCHEMA = 5
    schema_version: Literal[5] = 5
    id: str = Field(pattern=ID_PATTERN)
    guild_id: int
    channel_id: int  # the channel or thread the game lives in
    message_id: int | None = None  # the live game message
    host_id: int
    rules: str  # engine.notation.rules_text
    seats: list[Seat] = Field(min_length=2, max_length=4)
    seed: int
    state: str  # engine.notation.to_text of the current position
    status: GameStatus = "active"
    ended_by: int | None = None  # the user who ended the game early (status "ended")
    version: int = 0
    log_length: int = 0
    log: list[str] = Field(default_factory=list)
    created_at: float = Field(default_factory=now)
    updated_at: float = Field(default_factory=now)
    last_human_at: float = Field(default_factory=now)  # a person's last action (the start, a click): the idle end
    # counts from it (time-outs, AI moves and reminders are nobody's action)
    turn_deadline: float | None = None  # when the current turn times out
    reminder_at: float | None = None  # when the current player is reminded
    missed: list[int] = Field(default_factory=lambda: [0, 0, 0, 0], min_length=4, max_length=4)  # timed-out
    # turns in a row, per seat (for "forfeit after N")
    ai_takeover: bool = False  # a player who leaves is replaced by an AI instead of forfeiting
    auto_single: bool = True  # a forced move (the only legal one) is played for the player
    turn_seconds: int | None = Field(default=None, ge=30)  # this game's turn deadline (else the guild's)
    reminder_before: int | None = Field(default=None, ge=0)  # seconds before the deadline a player is reminded
    # (else the guild's); both are set when a game starts, from the lobby's options and the guild's settings
    locale: str = Field(default="en-US", max_length=16)  # the language of the game's public messages (its lobby's)
    # seat -> the position (engine.to_text) where its person's turn last ended: the message telling them it is their
    # turn again says what happened since (`service.recap`); kept while the game runs, for games of 2 people or more
    turn_ends: dict[int, str] = Field(default_factory=dict)
    delivery: Delivery = "channel"
    # the token of the last interaction that moved a game delivered through interactions: the webhook through which
    # the turns of an AI that thinks are shown (Discord keeps it valid 15 minutes)
    webhook: str | None = Field(default=None, max_length=500)
    webhook_at: float | None = None  # when that interaction came
    tournament: TableOf | None = None  # the tournament table this game is (none: a game of its own)

    @model_validator(mode="after")
    def _distinct_seats(self) -> Self:
        numbers = [s.seat for s in self.seats]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"seats must be distinct, not {numbers}")
        return self

    @property
    def seat_numbers(self) -> tuple[int, ...]:
        """The engine's seats tuple."""
        return tuple(sorted(s.seat for s in self.seats))

    @property
    def user_ids(self) -> list[int]:
        """The Discord users playing."""
        return [s.user_id for s in self.seats if s.user_id is not None]

    @property
    def active(self) -> bool:
        """True until the game is finished or ended."""
        return self.status == "active"

    def stored_json(self) -> str:
        """The JSON kept in the game hash (without version and log; without `turn_ends` when empty)."""
        return self.to_json(exclude={"version", "log"} if self.turn_ends else {"version", "log", "turn_ends"})


class LobbySeat(BaseModel):
    """A joined player or added AI in a lobby, with the colour they will play (the engine's seat number)."""

    model_config = ConfigDict(extra="forbid")
    user_id: int | None = None
    ai_level: int | None = Field(default=None, ge=0, le=9)
    name: str | None = Field(default=None, max_length=100)
    colour: int = Field(ge=0, le=3)

    @model_validator(mode="after")
    def _one_player(self) -> Self:
        if (self.user_id is None) == (self.ai_level is None):
            raise ValueError("a lobby seat holds either a user_id or an ai_level")
        return self


class LobbyRecord(Record):
    """A lobby before the game starts. Its id becomes the game's id. A rematch's lobby names the game it follows
    (`rematch_of`) and the players of that game invited to it, with the colour each played (`invited`)."""

    SCHEMA = 2
    schema_version: Literal[2] = 2
    id: str = Field(pattern=ID_PATTERN)
    guild_id: int
    channel_id: int
    message_id: int | None = None
    host_id: int
    preset: str = "classic"
    options: dict[str, int | bool | str | list[int]] = Field(default_factory=dict)
    players: list[LobbySeat] = Field(default_factory=list, max_length=4)
    locale: str = Field(default="en-US", max_length=16)  # the guild's Discord locale when the lobby opened
    rematch_of: str | None = Field(default=None, pattern=ID_PATTERN)
    invited: dict[int, int] = Field(default_factory=dict, max_length=4)  # user id -> colour they played
    version: int = 0
    created_at: float = Field(default_factory=now)
    updated_at: float = Field(default_factory=now)

    @model_validator(mode="after")
    def _distinct_colours(self) -> Self:
        colours = [p.colour for p in self.players]
        if len(set(colours)) != len(colours):
            raise ValueError(f"two lobby seats hold one colour: {colours}")
        return self

    def stored_json(self) -> str:
        """The JSON kept in the lobby hash (without version)."""
        return self.to_json(exclude={"version"})


class GuildSettings(Record):
    """A guild's defaults for new games, the language its public messages speak (a language code, "pt"; none:
    the guild's Discord locale), and its rating seasons with the channel their final top ten is posted in."""

    SCHEMA = 3
    schema_version: Literal[3] = 3
    guild_id: int
    language: str | None = Field(default=None, pattern=r"^[a-z]{2,3}$")
    preset: str = "classic"
    options: dict[str, int | bool | str | list[int]] = Field(default_factory=dict)
    turn_deadline: int = Field(default=24 * 3600, ge=30)  # seconds a player has for a turn
    reminder_before: int = Field(default=3600, ge=0)  # seconds before the deadline to remind
    timeout_action: TimeoutAction = "ai"
    forfeit_after: int = Field(default=3, ge=1)  # with "forfeit": missed turns in a row before forfeiting
    season: SeasonLength = "off"
    season_channel: int | None = None  # where a season's final top ten is posted (none: kept, not posted)
    version: int = 0

    def stored_json(self) -> str:
        """The JSON kept in the settings hash (without version)."""
        return self.to_json(exclude={"version"})


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill rating (openskill's mu and sigma) as stored; `raw` is the stored text it was read as."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate players are ranked by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    @property
    def raw(self) -> str:
        return f"{self.mu!r} {self.sigma!r}"


class PlayerStats(BaseModel):
    """A player's results in one guild (stored as counters, see storage.stats)."""

    model_config = ConfigDict(extra="forbid")
    schema_version: Literal[1] = 1
    guild_id: int
    user_id: int
    games: int = 0
    wins: int = 0
    places: list[int] = Field(default_factory=lambda: [0, 0, 0, 0])  # times 1st, 2nd, 3rd, 4th
    captures: int = 0
    presets: dict[str, int] = Field(default_factory=dict)  # games per preset
    rating: Rating | None = None  # once the player played a rated game
    tournaments: int = 0  # tournaments played to their end (`storage.tournaments`)
    tournament_wins: int = 0

    @property
    def favourite_preset(self) -> str | None:
        """The preset played most (the first by name on a tie)."""
        return min(self.presets, key=lambda name: (-self.presets[name], name)) if self.presets else None


# -- migrations -------------------------------------------------------------------------------------------

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _game_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """v1 stored `players` (user ids, 0 for an AI of level `ai_level`) in seat order 0.., `created`,
    `updated` and one `deadline`; v2 has explicit `seats`, `created_at`/`updated_at`, `turn_deadline`,
    `reminder_at` and the per-seat `missed` counters."""
    data = dict(data)
    players = data.pop("players")
    ai_level = data.pop("ai_level", 1)
    numbers = (0, 2) if len(players) == 2 else tuple(range(len(players)))
    data["seats"] = [{"seat": n, "user_id": p} if p else {"seat": n, "ai_level": ai_level}
                     for n, p in zip(numbers, players, strict=True)]
    data["created_at"] = data.pop("created")
    data["updated_at"] = data.pop("updated", data["created_at"])
    deadline = data.pop("deadline", None)
    if deadline is not None:
        data["turn_deadline"] = deadline
    data["schema_version"] = 2
    return data


_ENDED_BY = re.compile(r"ended by <@(\d+)>")  # the sentence schema 2 stored for a game ended early


def _game_v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 kept why a game ended as an English sentence with a Discord mention ("ended by <@42>");
    schema 3 keeps the user's id (any other sentence is dropped: the game shows as ended early)."""
    data = dict(data)
    found = _ENDED_BY.fullmatch(str(data.pop("ended_reason", None) or ""))
    data["ended_by"] = int(found[1]) if found else None
    data["schema_version"] = 3
    return data


def _game_v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 4 keeps when a person last acted (`last_human_at`); a schema 3 game counts from its last save, the
    latest time anyone can have played it."""
    data = dict(data)
    data["last_human_at"] = data.get("updated_at", data.get("created_at"))
    data["schema_version"] = 4
    return data


def _game_v4_to_v5(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 5 may name the tournament table a game is (`tournament`); a schema 4 game is a game of its own."""
    data = dict(data)
    data.pop("tournament", None)
    data["schema_version"] = 5
    return data


def _lobby_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 gave colours when the game started, by the number of players (two sat opposite: red and yellow;
    otherwise red, green, yellow, blue in joining order); schema 2 keeps each seat's colour, so a lobby open while
    the bot was updated keeps the colours its message showed."""
    data = dict(data)
    players = [dict(p) for p in data.get("players", [])]
    numbers = (0, 2) if len(players) == 2 else tuple(range(len(players)))
    data["players"] = [{**p, "colour": n} for n, p in zip(numbers, players, strict=True)]
    data["schema_version"] = 2
    return data


def _settings_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 may name the guild's language; a schema 1 guild chose none, so it speaks its Discord locale."""
    data = dict(data)
    data["language"] = None
    data["schema_version"] = 2
    return data


def _settings_v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 3 may play rating seasons; a schema 2 guild played none (its leaderboard is all time, as before)."""
    data = dict(data)
    data["season"] = "off"
    data["season_channel"] = None
    data["schema_version"] = 3
    return data


MIGRATIONS: dict[type[Record], dict[int, Migration]] = {
    GameRecord: {1: _game_v1_to_v2, 2: _game_v2_to_v3, 3: _game_v3_to_v4, 4: _game_v4_to_v5},
    LobbyRecord: {1: _lobby_v1_to_v2},
    GuildSettings: {1: _settings_v1_to_v2, 2: _settings_v2_to_v3},
}

R = TypeVar("R", bound=Record)


def read_record(model: type[R], key: str, raw: str | bytes | None, **extra: Any) -> R:
    """Parse a stored JSON record into `model`, migrating an older schema; `extra` adds fields kept
    outside the JSON (the version). Anything unreadable raises `CorruptRecord` naming `key`."""
    if raw is None:
        raise CorruptRecord(key, "the record field is missing")
    try:
        data = orjson.loads(raw)  # (2.3 µs a game record, json.loads 5.2 µs)
    except (ValueError, UnicodeDecodeError) as error:
        raise CorruptRecord(key, f"not JSON: {error}") from error
    if not isinstance(data, dict):
        raise CorruptRecord(key, "not a JSON object")
    found = data.get("schema_version")
    if not isinstance(found, int) or found < 1:
        raise CorruptRecord(key, f"bad schema_version {found!r}")
    if found > model.SCHEMA:
        raise CorruptRecord(key, f"schema_version {found} is newer than this bot knows ({model.SCHEMA})")
    steps = MIGRATIONS.get(model, {})
    try:
        while data["schema_version"] < model.SCHEMA:
            data = steps[data["schema_version"]](data)
    except (KeyError, TypeError, ValueError) as error:
        raise CorruptRecord(key, f"cannot migrate from schema {found}: {error!r}") from error
    data.update(extra)
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise CorruptRecord(key, f"invalid fields: {error.errors(include_url=False)!r}"[:500]) from error
