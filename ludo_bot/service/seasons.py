"""Rating seasons: a guild that plays them (`/ludo settings season:monthly` or `quarterly`) has, beside the all-time
rating, a rating per season that starts afresh for everyone at the season's start. No Discord here.

- A season is a calendar month ("2026-11") or quarter ("2026-Q4", October to December) in UTC: every server
  plays the same seasons whatever its members' time zones, and a season's id says when it was. It starts at
  00:00 UTC on its first day and ends at 00:00 UTC on the first day of the next one.
- A finished rated game counts in the season of the moment its results are recorded (its end; a game whose results
  wait for its follow-up, seconds later at most unless Redis was down, counts then) under the guild's setting then:
  the all-time rating and the season's rating both change, each computed from that rating's own history.
- When a season has ended (and `GRACE` passed, for games that ended in its last seconds), a worker keeps its final
  top ten and posts it once to the guild's `season_channel` (`storage.seasons`): a season without a rated game posts
  nothing. `/ludo leaderboard` shows the current season, the previous one (its kept final) or all time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from ludo_bot.service.errors import Refused
from ludo_bot.service.guilds import Guilds
from ludo_bot.storage import SEASON_KEPT, Claim, CorruptRecord, GuildSettings, Standing, Storage, of_end
from ludo_bot.storage.records import SeasonLength

GRACE = 60.0  # seconds after a season's end before its final top ten is kept
TOP = 10  # players on a season's board and in its final
MONTH = re.compile(r"([0-9]{4})-(0[1-9]|1[0-2])")
QUARTER = re.compile(r"([0-9]{4})-Q([1-4])")
Which = Literal["current", "previous"]


def season_of(length: SeasonLength, at: float) -> str | None:
    """The id of the season of a guild with seasons of `length` at epoch second `at` (None: no seasons)."""
    if length == "off":
        return None
    day = datetime.fromtimestamp(at, UTC)
    if length == "monthly":
        return f"{day.year:04d}-{day.month:02d}"
    return f"{day.year:04d}-Q{(day.month - 1) // 3 + 1}"


def bounds(season_id: str) -> tuple[float, float]:
    """(start, end) of a season in epoch seconds; `ValueError` for what is no season's id."""
    if found := MONTH.fullmatch(season_id):
        year, first, months = int(found[1]), int(found[2]), 1
    elif found := QUARTER.fullmatch(season_id):
        year, first, months = int(found[1]), 3 * int(found[2]) - 2, 3
    else:
        raise ValueError(f"no season {season_id!r}")
    after = first + months
    start = datetime(year, first, 1, tzinfo=UTC)
    end = datetime(year + (after > 12), (after - 1) % 12 + 1, 1, tzinfo=UTC)
    return start.timestamp(), end.timestamp()


def previous(season_id: str) -> str:
    """The season before `season_id` (of the same length)."""
    start, _ = bounds(season_id)
    before = season_of("quarterly" if QUARTER.fullmatch(season_id) else "monthly", start - 1)
    assert before is not None
    return before


@dataclass(frozen=True, slots=True)
class SeasonBoard:
    """A season's board as `/ludo leaderboard` shows it: `final` when it is the top ten kept at its end."""

    season_id: str
    standings: list[Standing]
    final: bool


@dataclass(frozen=True, slots=True)
class Ended:
    """A season whose final top ten this worker kept and is to post: where (no channel: kept, not posted), in the
    language the guild chose (None: its Discord locale). Post it, then `Seasons.done(claim)`."""

    claim: Claim
    guild_id: int
    season_id: str
    channel_id: int | None
    language: str | None
    standings: list[Standing]


class Seasons:
    """The seasons of the guilds: what a finished game adds, the boards, and the worker's closing of ended seasons."""

    def __init__(self, storage: Storage, guilds: Guilds, *, clock: Callable[[], float]) -> None:
        self.storage = storage
        self.guilds = guilds
        self.clock = clock

    async def counting(self, guild_id: int, at: float, rated: bool) -> str | None:
        """The season a game finished at `at` counts in (None: the guild plays no seasons); a rated game queues the
        season's end first (see `storage.seasons`)."""
        season_id = season_of((await self.guilds.settings(guild_id)).season, at)
        if season_id is not None and rated:
            await self.storage.seasons.queue_end(guild_id, season_id, bounds(season_id)[1] + GRACE)
        return season_id

    @staticmethod
    def ends(season_id: str) -> float:
        """When a season ends (epoch seconds)."""
        return bounds(season_id)[1]

    async def board(self, guild_id: int, which: Which) -> SeasonBoard:
        """The current or the previous season's board (the previous one's final top ten, once kept); `Refused`
        where the guild plays no seasons."""
        current = season_of((await self.guilds.settings(guild_id)).season, self.clock())
        if current is None:
            raise Refused("refused.no_seasons")
        season_id = current if which == "current" else previous(current)
        if which == "previous" and (kept := await self.storage.seasons.final(guild_id, season_id)) is not None:
            return SeasonBoard(season_id, kept, final=True)
        return SeasonBoard(season_id, await self.storage.seasons.board(guild_id, season_id, TOP), final=False)

    async def ended(self) -> list[Ended]:
        """Claim the seasons' ends due now and keep each one's final top ten; those this worker kept are returned, to
        be posted (any number of workers: each final is kept, and so posted, by one). The others leave the queue."""
        found: list[Ended] = []
        for claim in await self.storage.seasons.claim_ends(self.clock()):
            try:
                guild_id, season_id = of_end(claim.deadline)
                _, end = bounds(season_id)
            except ValueError:  # not an item this bot queues: dropped
                await self.storage.seasons.done(claim)
                continue
            standings = await self.storage.seasons.board(guild_id, season_id, TOP)
            if not standings or not await self.storage.seasons.save_final(guild_id, season_id, standings,
                                                                         end + SEASON_KEPT):
                await self.storage.seasons.done(claim)  # nothing to post, or posted by another worker
                continue
            try:
                settings = await self.guilds.settings(guild_id)
            except CorruptRecord:
                settings = GuildSettings(guild_id=guild_id)
            found.append(Ended(claim, guild_id, season_id, settings.season_channel, settings.language, standings))
        return found

    async def done(self, ended: Ended) -> None:
        """A kept final was posted (or could not be): its end leaves the queue."""
        await self.storage.seasons.done(ended.claim)

    async def next_end(self) -> float | None:
        """When the next season's end falls due (by the service's clock), if any."""
        return await self.storage.seasons.next_end()
