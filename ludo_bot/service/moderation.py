"""A moderator's answer to one member holding a guild's games: every game that member hosts or plays alone against AI
seats in the guild, and every lobby they host there, ended at once (`/ludo end member:`), each as `/ludo end` ends
one. One member can start many games against AI seats (each takes one of their own open places, `service.limits`,
but a server may raise that number), and AI seats play every turn that times out, so without this each would hold a
guild's place until its idle end, days later. No Discord here: the caller checks the moderator's right (Manage
Server)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from ludo_bot.engine import NotationError
from ludo_bot.service.errors import Refused
from ludo_bot.service.games import Games
from ludo_bot.service.lobbies import Lobbies
from ludo_bot.storage import GameRecord, Storage, playing_alone

logger = logging.getLogger(__name__)
TRIES = 3  # a game that moves on while it is being ended is loaded again (a race lost each time is left, logged)


@dataclass
class MemberEnded:
    """What ending a member's games did: the games ended (each to be shown ended) and the lobbies closed."""

    games: list[GameRecord] = field(default_factory=list)
    lobbies: int = 0


class Moderation:
    """Ends what one member hosts in a guild."""

    def __init__(self, storage: Storage, games: Games, lobbies: Lobbies) -> None:
        self.storage = storage
        self.games = games
        self.lobbies = lobbies

    async def end_member(self, guild_id: int, member_id: int, by: int) -> MemberEnded:
        """End every active game `member_id` hosts, or plays alone against AI seats, in `guild_id` (ended by `by`:
        nobody's stats count it) and close every lobby they host there that the limits count (with `LOBBY_OPEN_USER`
        off, none is). A game or lobby that ends meanwhile is passed over."""
        done = MemberEnded()
        for record in await self.storage.games.user_games(member_id):
            if record.guild_id == guild_id and member_id in (record.host_id, _alone(record)):
                ended = await self._end(record.id, by)
                if ended is not None:
                    done.games.append(ended)
        for lobby_id in await self.storage.limits.open_ids(guild_id, member_id):
            try:
                lobby = await self.lobbies.load(lobby_id)
                if lobby.guild_id == guild_id and lobby.host_id == member_id:
                    await self.lobbies.cancel(lobby_id, by, can_manage=True)
                    done.lobbies += 1
            except Refused:  # cancelled or started meanwhile
                continue
        return done

    async def _end(self, game_id: str, by: int) -> GameRecord | None:
        """The game ended by `by`; None if it is over already, or kept moving (logged)."""
        for _ in range(TRIES):
            try:
                record = await self.games.load(game_id)
                if not record.active:
                    return None
                return await self.games.stop(record, status="ended", ended_by=by)
            except Refused as refused:
                if refused.key == "refused.no_game":
                    return None
        logger.warning("game %s: not ended for a moderator; it kept changing", game_id)
        return None


def _alone(record: GameRecord) -> int | None:
    """The person playing the game alone against AI seats, if one does (None too for a damaged position)."""
    try:
        return playing_alone(record)
    except NotationError:
        return None
