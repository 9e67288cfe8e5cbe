"""What the commands read: a channel's game, a game of a guild by its id, the games a player plays, a player's
stats, the guild's boards and its finished games. Read-only (but for forgetting history entries of games past their
retention, and a player's entries of games they no longer play)."""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Awaitable, Callable

from ludo_bot import engine
from ludo_bot.service import recap
from ludo_bot.service.errors import Refused
from ludo_bot.service.seats import seat_user
from ludo_bot.storage import GameRecord, NotFound, PlayerStats, Storage
from ludo_bot.storage.game_log import state_of

logger = logging.getLogger(__name__)

GAME_ID = re.compile(r"[0-9a-z]{1,40}")  # what may be a game id (`storage.new_game_id` makes 10 characters)
BOARD_PLACES = 10  # players on the leaderboard
WINS_READ = 100  # the most-winning players read to fill the leaderboard's unrated places
HISTORY_READ = 50  # finished games read at most to find the ones a member may see


PASTED = " \t\n`\u2066\u2067\u2068\u2069\u200e\u200f"  # around an id copied from a message: its code span, and the
# directional marks and isolates a right-to-left sentence puts around it (service.words.i18n)


def typed_id(text: str, unknown: str) -> str:
    """The id (of a game or a tournament: both made by `storage.new_game_id`) a player typed or pasted, in lower
    case and without what surrounds a copied one; `Refused(unknown, id=...)` for text that no id could be, before
    it reaches a key (`c:<channel>` would name a channel's key, of another type)."""
    wanted = text.strip(PASTED).lower()
    if not GAME_ID.fullmatch(wanted):
        raise Refused(unknown, id=wanted[:40])
    return wanted


class Archive:
    """Reading games and stats."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def channel_game(self, channel_id: int) -> GameRecord:
        """The live game of a channel (`Refused` when there is none, or a lobby holds the channel)."""
        holder = await self.storage.games.channel_game(channel_id)
        if holder is None:
            raise Refused("refused.no_channel_game")
        try:
            return await self.storage.games.load_game(holder)
        except NotFound as missing:  # a lobby holds the channel: no game yet
            raise Refused("refused.lobby_not_game") from missing

    async def guild_game(self, guild_id: int, game_id: str, *, with_log: bool = False) -> GameRecord:
        """A game of a guild by the id a player typed (finished games are kept for the retention period);
        `Refused` naming the id for anything else."""
        wanted = typed_id(game_id, "refused.unknown_game")
        missing = Refused("refused.unknown_game", id=wanted)
        try:
            record = await self.storage.games.load_game(wanted, with_log=with_log)
        except NotFound as gone:
            raise missing from gone
        if record.guild_id != guild_id:
            raise missing
        return record

    async def player_games(self, guild_id: int, user_id: int) -> list[tuple[GameRecord, engine.GameState]]:
        """The games a user plays in a guild, with their positions: those where it is the user's turn first, then
        by the turn's deadline, soonest first (read at once, however many: see `GameStore.user_games`)."""
        found: list[tuple[GameRecord, engine.GameState]] = []
        for record in await self.storage.games.user_games(user_id):
            try:
                if record.guild_id == guild_id:
                    found.append((record, state_of(record)))
            except engine.NotationError as error:  # not listed; the game's own message says what is wrong
                logger.warning("game %s not listed: %s", record.id, error)

        def order(game: tuple[GameRecord, engine.GameState]) -> tuple[bool, float, float]:
            record, state = game
            theirs = not state.over and seat_user(record, state.current) == user_id
            return not theirs, record.turn_deadline or math.inf, record.created_at

        return sorted(found, key=order)

    async def since_last_turn(self, record: GameRecord, state: engine.GameState) -> list[engine.Event] | None:
        """What happened since the turn of the person to act last ended (`service.recap`): the account of their
        live message when it is posted again (a reminder)."""
        return await recap.since_last_turn(self.storage, record, state)

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats:
        """A player's counters and rating in a guild."""
        return await self.storage.stats.player_stats(guild_id, user_id)

    async def leaderboard(self, guild_id: int) -> tuple[list[tuple[int, float, int]], list[tuple[int, int]]]:
        """The guild's board: rated players (user, rating ordinal, wins) best first, then unrated ones (user,
        wins) by wins, `BOARD_PLACES` in all."""
        stats = self.storage.stats
        rated = await stats.rating_board(guild_id, BOARD_PLACES)
        wins = dict(await stats.leaderboard(guild_id, WINS_READ))
        rated_users = dict(rated)
        unrated = [(user, won) for user, won in wins.items() if user not in rated_users]
        board = [(user, ordinal, wins[user] if user in wins else (await stats.player_stats(guild_id, user)).wins)
                 for user, ordinal in rated]
        return board, unrated[: BOARD_PLACES - len(board)]

    async def history(self, guild_id: int, shown: int,
                      visible: Callable[[GameRecord], Awaitable[bool]] | None = None) -> list[tuple[GameRecord, float]]:
        """The guild's last `shown` finished games (those `visible` lets through, among the last `HISTORY_READ`) with
        their finish times, newest first; entries of games past their retention are forgotten."""
        found: list[tuple[GameRecord, float]] = []
        gone: list[str] = []
        for game_id, finished_at in await self.storage.stats.history(guild_id, HISTORY_READ if visible else shown):
            if len(found) == shown:
                break
            try:
                record = await self.storage.games.load_game(game_id)
            except NotFound:
                gone.append(game_id)
                continue
            if visible is None or await visible(record):
                found.append((record, finished_at))
        await self.storage.stats.forget_games(guild_id, gone)
        return found
