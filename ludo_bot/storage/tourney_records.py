"""The stored record of a tournament (schema 1): its options, entrants, rounds and tables, and how it ended.

A tournament is stored like a game (`storage.tournaments`): one versioned hash, every write a compare-and-set on its
version. It holds ids and codes only; what players read is written from it by the service and the bot. A table is an
ordinary game (`GameRecord.tournament` names the table); the tournament keeps each table's seats, its thread and, once
the table is over, its places.
"""

from __future__ import annotations

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ludo_bot.storage.records import ID_PATTERN, Record, now

TourneyFormat = Literal["knockout", "swiss"]
# "signup": people join and leave; "running": rounds are played; "finished": a champion (or the last round) decided
# it; "cancelled": the organiser (or a server manager) ended it
TourneyStatus = Literal["signup", "running", "finished", "cancelled"]
# how a table's places came: its game was played to its end; settled as it stood when its round's time ran out;
# ended early by a person, or as abandoned (ranked as it stood then); never opened before its round's time ran out
# (its seats placed in seating order); never opened because Discord refused the bot its thread for good (no player's
# doing: placed in seating order, as an unplayed one)
TableEnd = Literal["played", "settled", "ended", "abandoned", "unplayed", "refused"]
MAX_ENTRANTS = 64
MAX_ROUNDS = 10  # swiss rounds a tournament may play (and a knockout of 64 needs 5)


class Entrant(BaseModel):
    """A player who signed up (in sign-up order). `left`: the round in which they left after the start (their table
    forfeited, no further round); someone leaving before the start is taken off the list instead."""

    model_config = ConfigDict(extra="forbid")
    user_id: int
    name: str | None = Field(default=None, max_length=100)
    left: int | None = Field(default=None, ge=1)


class TableSeat(BaseModel):
    """A seat of a table: an entrant, or an AI (filling a short table) of a level; `colour` is the game's seat."""

    model_config = ConfigDict(extra="forbid")
    colour: int = Field(ge=0, le=3)
    user_id: int | None = None
    ai_level: int | None = Field(default=None, ge=0, le=9)

    @model_validator(mode="after")
    def _one_player(self) -> Self:
        if (self.user_id is None) == (self.ai_level is None):
            raise ValueError("a table seat holds either a user_id or an ai_level")
        return self


class Table(BaseModel):
    """A table of a round: its game (the id is chosen when the round is planned), the thread it plays in once made,
    and once it is over its places (the seats' colours, first place first) and how they came."""

    model_config = ConfigDict(extra="forbid")
    game_id: str = Field(pattern=ID_PATTERN)
    seats: list[TableSeat] = Field(min_length=2, max_length=4)
    thread_id: int | None = None
    places: list[int] | None = None
    ended: TableEnd | None = None

    @model_validator(mode="after")
    def _places_are_seats(self) -> Self:
        colours = sorted(s.colour for s in self.seats)
        if len(set(colours)) != len(colours):
            raise ValueError(f"two seats of a table hold one colour: {colours}")
        if self.places is not None and sorted(self.places) != colours:
            raise ValueError(f"places {self.places} are not the table's seats {colours}")
        return self

    @property
    def over(self) -> bool:
        """True once the table's places are known."""
        return self.places is not None

    def place_of(self, user_id: int) -> int | None:
        """The entrant's place at this table (1 = first), once it is over; None if they do not sit here."""
        seat = next((s.colour for s in self.seats if s.user_id == user_id), None)
        if seat is None or self.places is None:
            return None
        return self.places.index(seat) + 1

    @property
    def user_ids(self) -> list[int]:
        """The entrants seated here, by colour."""
        return [s.user_id for s in self.seats if s.user_id is not None]


class Round(BaseModel):
    """A round: its tables, when it started and when its time runs out (`round_seconds` later)."""

    model_config = ConfigDict(extra="forbid")
    number: int = Field(ge=1)
    tables: list[Table] = Field(min_length=1)
    started_at: float
    deadline: float

    @property
    def over(self) -> bool:
        return all(t.over for t in self.tables)


class TournamentRecord(Record):
    """A tournament: its organiser, channel and public message (the sign-up, then the live standing), its options,
    its entrants, the rounds played so far and how it ended."""

    SCHEMA = 1
    schema_version: Literal[1] = 1
    id: str = Field(pattern=ID_PATTERN)
    guild_id: int
    channel_id: int  # the channel whose threads hold the tables
    message_id: int | None = None  # the sign-up message, which becomes the standing
    organiser_id: int
    locale: str = Field(default="en-US", max_length=16)  # the language of its public messages (the guild's)
    format: TourneyFormat
    preset: str = "classic"
    options: dict[str, int | bool | str | list[int]] = Field(default_factory=dict)  # rule options of the tables
    turn_seconds: int | None = Field(default=None, ge=60)  # a table's turn (none: the guild's)
    fill_with_ai: bool = False
    ai_level: int = Field(default=1, ge=0, le=9)  # the AI seats' level
    max_players: int = Field(default=MAX_ENTRANTS, ge=2, le=MAX_ENTRANTS)
    rounds: int = Field(default=3, ge=1, le=MAX_ROUNDS)  # swiss: the rounds played
    round_seconds: int = Field(ge=3600)
    seed: int  # seats the first round
    status: TourneyStatus = "signup"
    entrants: list[Entrant] = Field(default_factory=list, max_length=MAX_ENTRANTS)
    played: list[Round] = Field(default_factory=list, max_length=MAX_ROUNDS)
    champion: int | None = None
    cancelled_by: int | None = None
    announced: bool = False  # the champion was announced in the channel
    version: int = 0
    created_at: float = Field(default_factory=now)
    updated_at: float = Field(default_factory=now)

    @model_validator(mode="after")
    def _distinct_entrants(self) -> Self:
        users = [e.user_id for e in self.entrants]
        if len(set(users)) != len(users):
            raise ValueError("an entrant signed up twice")
        return self

    @property
    def current(self) -> Round | None:
        """The round being played (the last one), if any."""
        return self.played[-1] if self.played else None

    @property
    def live(self) -> bool:
        """True while people sign up or rounds are played."""
        return self.status in ("signup", "running")

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def table_of(self, game_id: str) -> tuple[int, int] | None:
        """(round number, table number) of the table played as `game_id`, both from 1."""
        for r in self.played:
            for i, table in enumerate(r.tables):
                if table.game_id == game_id:
                    return r.number, i + 1
        return None

    def stored_json(self) -> str:
        """The JSON kept in the tournament hash (without version)."""
        return self.to_json(exclude={"version"})
