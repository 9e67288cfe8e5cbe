"""Rematch: a finished game's player opens a lobby for the same game again (same preset, options, seats and AI
seats), once per finished game at a time.

The game keeps the id of its rematch's lobby (`storage.rematches`), claimed before the lobby is made and marked
open once it is: a second press finds it and is pointed to that lobby (or to the rematch being played), never
opens another; a press while the lobby is being opened waits for it. A claim whose lobby never appeared (its process
died while opening it) is taken over after `PENDING` seconds; one whose lobby was cancelled or expired, or whose
game is over, leaves room for a new rematch."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses

from ludo_bot import engine
from ludo_bot.engine.notation import parse_rules
from ludo_bot.service.errors import Refused
from ludo_bot.service.games import Games
from ludo_bot.service.lobbies import Lobbies
from ludo_bot.service.seats import kept_name, offered_level
from ludo_bot.storage import (
    GameRecord,
    LobbyRecord,
    LobbySeat,
    NotFound,
    RematchClaim,
    Storage,
    StorageError,
    new_game_id,
)

PENDING = 15.0  # seconds a claim may wait for its lobby (opening one takes a few round trips)
WAIT, POLL = 1.5, 0.1  # a press that finds a lobby being opened waits for it this long (within the 2 s before a
# click is deferred), looking every POLL seconds
LOBBY_ONLY = ("ai_takeover", "auto_single", "turn_seconds", "delivery")  # game record fields that were lobby options


class Rematches:
    """Opening a finished game's rematch lobby."""

    def __init__(self, storage: Storage, games: Games, lobbies: Lobbies) -> None:
        self.storage = storage
        self.games = games
        self.lobbies = lobbies

    async def open(self, game_id: str, user_id: int, *, channel_id: int, name: str | None = None,
                   thread: bool = False) -> LobbyRecord:
        """The rematch lobby of a finished game, opened in `channel_id` by `user_id`, one of its players, as its
        host (`thread`: its game moves into a thread of its own). `Refused` for anyone else, a game not over, a
        limit or a busy channel (as `/ludo start`), and when the game has an open rematch lobby or a rematch being
        played: the refusal points to it."""
        record = await self.games.load(game_id)
        if record.active:
            raise Refused("refused.rematch_not_over")
        if user_id not in record.user_ids:
            raise Refused("refused.rematch_players")
        waited = 0.0
        while True:
            claim = await self.storage.rematches.claimed(game_id)
            if claim is not None:
                await self._point_to(claim)
                if claim.at is not None and self.games.clock() - claim.at < PENDING:  # being opened: look again
                    if waited >= WAIT:
                        raise Refused("refused.rematch_opening")
                    await asyncio.sleep(POLL)
                    waited += POLL
                    continue
            mine = RematchClaim(new_game_id(), self.games.clock())
            try:
                if await self.storage.rematches.swap(game_id, claim, mine):
                    break
            except NotFound as gone:  # past its retention since it was loaded
                raise Refused("refused.no_game") from gone
        try:
            lobby = await self.lobbies.create(rematch_lobby(record, mine.lobby_id, user_id, name, channel_id, thread))
        except BaseException:
            with contextlib.suppress(StorageError):  # failing that, the claim is taken over after PENDING seconds
                await self.storage.rematches.swap(game_id, mine, None)
            raise
        with contextlib.suppress(StorageError):  # failing that, it is found open all the same, after PENDING seconds
            await self.storage.rematches.swap(game_id, mine, RematchClaim(lobby.id))
        return lobby

    async def withdraw(self, game_id: str, lobby: LobbyRecord) -> None:
        """Close a rematch lobby whose message could not be posted, and free the game's rematch for another try."""
        await self.storage.lobbies.drop_lobby(lobby)
        claim = await self.storage.rematches.claimed(game_id)
        if claim is not None and claim.lobby_id == lobby.id:
            await self.storage.rematches.swap(game_id, claim, None)

    async def _point_to(self, claim: RematchClaim) -> None:
        """Refuse a second rematch while the claimed one is open or played, pointing to it."""
        try:
            lobby = await self.storage.lobbies.load_lobby(claim.lobby_id)
        except NotFound:
            pass
        else:
            raise Refused("refused.rematch_open", channel=lobby.channel_id)
        try:
            game = await self.storage.games.load_game(claim.lobby_id)  # a lobby's game has its id
        except NotFound:
            return
        if game.active:
            raise Refused("refused.rematch_playing", channel=game.channel_id)


def rematch_lobby(record: GameRecord, lobby_id: str, host_id: int, host_name: str | None, channel_id: int,
                  thread: bool) -> LobbyRecord:
    """The lobby of `record`'s rematch: its rules as preset and options, as many seats, its AI seats in their
    colours, the host in theirs, the other players invited to the colours they played."""
    rules = parse_rules(record.rules)
    base = engine.Rules.preset(rules.name)
    options: dict[str, int | bool | str | list[int]] = {
        f.name: list(value) if isinstance(value, tuple) else value for f in dataclasses.fields(rules)
        if f.name != "name" and (value := getattr(rules, f.name)) != getattr(base, f.name)}
    options.update({k: v for k in LOBBY_ONLY if (v := getattr(record, k)) is not None})
    options.update(seats=len(record.seats), thread=thread)
    if record.tournament is not None:  # a table's rematch is a game of its own: its lobby says so
        options["tournament"] = record.tournament.id
    players = [LobbySeat(user_id=host_id, name=kept_name(host_name), colour=s.seat)
               for s in record.seats if s.user_id == host_id]
    # an AI seat of a level no longer offered (master) comes back as the strongest offered: expert, which plays as
    # well (`service.seats.OFFERED_LEVELS`)
    players += [LobbySeat(ai_level=offered_level(s.ai_level), colour=s.seat) for s in record.seats
                if s.ai_level is not None]
    invited = {s.user_id: s.seat for s in record.seats if s.user_id is not None and s.user_id != host_id}
    return LobbyRecord(id=lobby_id, guild_id=record.guild_id, channel_id=channel_id, host_id=host_id,
                       preset=rules.name, options=options, players=players, locale=record.locale,
                       rematch_of=record.id, invited=invited)
