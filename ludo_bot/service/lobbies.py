"""Lobbies: opened under the limits on opening lobbies, joined and left, started as games."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from ludo_bot import engine
from ludo_bot.service import limits
from ludo_bot.service.errors import Refused
from ludo_bot.service.games import Games
from ludo_bot.service.guilds import Guilds
from ludo_bot.service.outcome import Outcome
from ludo_bot.service.seats import (
    AI_LEVELS,
    COLOURS,
    OFFERED_LEVELS,
    free_colour,
    kept_name,
    lobby_rules,
    lobby_seats,
    side_by_side,
)
from ludo_bot.service.words.i18n import COLOUR_KEYS, Term
from ludo_bot.storage import (
    ChannelBusy,
    Conflict,
    LobbyLimits,
    LobbyRecord,
    LobbySeat,
    NotFound,
    OverLimit,
    Seat,
    Storage,
    StorageError,
    new_game_id,
    new_record,
)
from ludo_bot.storage.game_log import state_of
from ludo_bot.storage.lobbies import MAKING, NO_THREAD

log = logging.getLogger(__name__)

RACE_TRIES = 5  # saves of one lobby change that lost a race to another change, before the player is asked to retry
THREAD_WAIT = 10.0  # seconds a Start waits for another Start of its lobby to make the game's thread
THREAD_POLL = 0.1  # seconds between its looks
TURN_MINUTES = (1, 7 * 24 * 60)  # the shortest and the longest turn a lobby may set (its command's range)


def _check_lobby_options(options: dict[str, Any]) -> None:
    """Discord holds a command's numbers to their registered range for its own apps; a modified client may send
    anything, and a game with a turn length its record cannot hold would be unreadable once started."""
    seats = options.get("seats", engine.rules.MAX_SEATS)
    if not isinstance(seats, int) or not 2 <= seats <= engine.rules.MAX_SEATS:
        raise Refused("refused.seats", seats=seats, most=engine.rules.MAX_SEATS)
    seconds = options.get("turn_seconds")
    low, high = TURN_MINUTES
    if seconds is not None and (not isinstance(seconds, int) or not low * 60 <= seconds <= high * 60):
        raise Refused("refused.turn_length", minutes=seconds // 60 if isinstance(seconds, int) else seconds,
                      low=low, high=high)


class Lobbies:
    """The lobbies of every channel, as stored."""

    def __init__(self, storage: Storage, guilds: Guilds, games: Games, *,
                 open_limits: LobbyLimits | None = None) -> None:
        self.storage = storage
        self.guilds = guilds
        self.games = games
        self.open_limits = open_limits or limits.DEFAULT_LIMITS

    async def open(self, *, guild_id: int, channel_id: int, host_id: int, preset: str | None,
                   options: dict[str, Any], host_name: str | None = None, locale: str = "en-US") -> LobbyRecord:
        """A new lobby in a channel with the host seated, speaking the guild's language (the one its settings chose,
        else its Discord `locale`; and so will its game);
        `Refused` for impossible options, a channel that has a game, or a limit on opening lobbies
        (`service.limits`). Only a lobby that opens counts against the limits."""
        settings = await self.guilds.settings(guild_id)
        lobby = LobbyRecord(id=new_game_id(), guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                            preset=preset or settings.preset, options={**settings.options, **options},
                            players=[LobbySeat(user_id=host_id, name=kept_name(host_name), colour=0)],
                            locale=settings.language or locale)
        return await self.create(lobby)

    async def create(self, lobby: LobbyRecord) -> LobbyRecord:
        """Store a new lobby (see `open`): `Refused` for impossible options, a busy channel or a limit."""
        lobby_rules(lobby)  # refuse impossible options before anyone joins
        _check_lobby_options(lobby.options)
        try:
            return await self.storage.lobbies.create_lobby(lobby, limits=self.open_limits, now=self.games.clock())
        except ChannelBusy as busy:
            raise Refused("refused.channel_busy", holder=busy.holder) from busy
        except OverLimit as over:
            refusal = limits.refusal(over)
            raise Refused(refusal.key, **refusal.values) from over

    async def load(self, lobby_id: str) -> LobbyRecord:
        """A lobby (`Refused` once it is gone)."""
        try:
            return await self.storage.lobbies.load_lobby(lobby_id)
        except NotFound as missing:
            raise Refused("refused.lobby_closed") from missing

    async def update(self, lobby_id: str, user_id: int, change: str, level: int = 1,
                     name: str | None = None) -> LobbyRecord:
        """`change` is join (a free colour, see `free_colour`), leave or add_ai (host only); compare-and-set."""
        def changed(lobby: LobbyRecord) -> list[LobbySeat]:
            players = list(lobby.players)
            humans = [p.user_id for p in players if p.user_id is not None]
            if change == "leave":
                if user_id == lobby.host_id:
                    raise Refused("refused.host_leaves")
                if user_id not in humans:
                    raise Refused("refused.not_in")
                return [p for p in players if p.user_id != user_id]
            if change == "join" and user_id in humans:
                raise Refused("refused.already_in")
            if change == "add_ai" and user_id != lobby.host_id:
                raise Refused("refused.host_adds_ai")
            colour = free_colour(lobby, user_id if change == "join" else None)
            if len(players) >= lobby_seats(lobby) or colour is None:
                raise Refused("refused.full")
            if change == "join":
                return [*players, LobbySeat(user_id=user_id, name=kept_name(name), colour=colour)]
            if change != "add_ai":
                raise ValueError(f"unknown lobby change {change!r}")
            if not 0 <= level < len(AI_LEVELS) or AI_LEVELS[level] not in OFFERED_LEVELS:  # (an old message's master)
                raise Refused("refused.ai_levels", level=Term("ai." + OFFERED_LEVELS[-1]))
            return [*players, LobbySeat(ai_level=level, colour=colour)]

        return await self._change(lobby_id, changed)

    async def choose(self, lobby_id: str, user_id: int, colour: int, name: str | None = None) -> LobbyRecord:
        """A member takes a free colour: a player changes theirs, someone not in the lobby joins with it.
        `Refused` for a colour another seat holds (also when it was taken at the same moment)."""
        def changed(lobby: LobbyRecord) -> list[LobbySeat]:
            holder = next((p for p in lobby.players if p.colour == colour), None)
            if holder is not None:
                key = "refused.colour_yours" if holder.user_id == user_id else "refused.colour_taken"
                raise Refused(key, colour=Term(COLOUR_KEYS[colour]))
            if all(p.user_id != user_id for p in lobby.players):
                if len(lobby.players) >= lobby_seats(lobby):
                    raise Refused("refused.full")
                return [*lobby.players, LobbySeat(user_id=user_id, name=kept_name(name), colour=colour)]
            return [p.model_copy(update={"colour": colour}) if p.user_id == user_id else p for p in lobby.players]

        if colour not in COLOURS:
            raise ValueError(f"no colour {colour!r}")
        return await self._change(lobby_id, changed)

    async def _change(self, lobby_id: str, change: Callable[[LobbyRecord], list[LobbySeat]]) -> LobbyRecord:
        """Save `change`'s seats for the lobby as stored now, with a compare-and-set. A save that loses a race is
        made again on the lobby the winner left, where `change` may refuse (the colour was just taken)."""
        for _ in range(RACE_TRIES):
            lobby = await self.load(lobby_id)
            try:
                return await self.storage.lobbies.save_lobby(lobby.model_copy(update={"players": change(lobby)}))
            except Conflict:
                continue
            except NotFound as missing:  # cancelled or started at the same moment
                raise Refused("refused.lobby_closed") from missing
        raise Refused("refused.lobby_race")

    async def cancel(self, lobby_id: str, user_id: int, *, can_manage: bool,
                     channel_id: int | None = None) -> LobbyRecord:
        """The host (or a manager of the lobby's channel) closes a lobby. `can_manage` is said of the channel
        `channel_id` (where the click came from): it counts only there, not from a copy of the button elsewhere."""
        lobby = await self.load(lobby_id)
        if user_id != lobby.host_id and not (can_manage and channel_id in (None, lobby.channel_id)):
            raise Refused("refused.host_cancels")
        await self.storage.lobbies.drop_lobby(lobby)
        return lobby

    async def startable(self, lobby_id: str, user_id: int) -> LobbyRecord:
        """The lobby, if `user_id` may start it as it is now (`Refused` says why not): checked before anything is
        made for the game (its thread), and again as it starts."""
        lobby = await self.load(lobby_id)
        if user_id != lobby.host_id:
            raise Refused("refused.host_starts")
        if len(lobby.players) < 2:
            raise Refused("refused.two_players")
        if lobby_rules(lobby).teams and len(lobby.players) != engine.rules.MAX_SEATS:
            raise Refused("refused.teams_seats", now=len(lobby.players))
        if side_by_side([p.colour for p in lobby.players]):
            raise Refused("refused.side_by_side")
        return lobby

    async def thread_once(self, lobby_id: str, make: Callable[[], Awaitable[int | None]]) -> int | None:
        """The id of the thread a lobby's game moves into (None: it plays where the lobby is), made by `make` for one
        Start at a time: another Start of the lobby (a double click, on another bot process) waits for that one's
        thread rather than ask Discord for a second one, which Discord refuses (160004) and counts among the bot's
        invalid requests. If `make` fails the next Start makes it; one that waits `THREAD_WAIT` in vain is
        `Refused` ("refused.lobby_race")."""
        waited = 0.0
        while True:
            held = await self.storage.lobbies.claim_thread(lobby_id)
            if held is None:
                try:
                    made = await make()
                except BaseException:
                    with contextlib.suppress(StorageError):
                        await self.storage.lobbies.give_back_thread(lobby_id)
                    raise
                try:
                    await self.storage.lobbies.thread_made(lobby_id, NO_THREAD if made is None else str(made))
                except StorageError:  # this Start goes on; one waiting for it is asked to try again
                    log.warning("lobby %s: its thread %s was made but storage did not keep it", lobby_id, made)
                return made
            if held.isdigit():
                return int(held)
            if held == NO_THREAD:
                return None
            if held != MAKING:
                log.warning("lobby %s: its thread's key holds %r; made again", lobby_id, held)
                await self.storage.lobbies.give_back_thread(lobby_id)
                continue
            if waited >= THREAD_WAIT:
                raise Refused("refused.lobby_race")
            await asyncio.sleep(THREAD_POLL)
            waited += THREAD_POLL

    async def start(self, lobby_id: str, user_id: int, channel_id: int | None = None, *,
                    message_id: int | None = None, reply: str | None = None) -> Outcome:
        """The host starts: seats are given out, the turn-order roll made, AI seats play until a human acts.
        `message_id`: the message that will show the game (the lobby's, answered in place), if known. `reply`: the
        click's interaction token, kept with a game delivered through interactions (`GameRecord.webhook`)."""
        lobby = await self.startable(lobby_id, user_id)
        rules = lobby_rules(lobby)
        seats = [Seat(seat=p.colour, user_id=p.user_id, ai_level=p.ai_level, name=p.name)
                 for p in sorted(lobby.players, key=lambda p: p.colour)]
        record = new_record(lobby.id, guild_id=lobby.guild_id, channel_id=channel_id or lobby.channel_id,
                            host_id=lobby.host_id, rules=rules, seats=seats, seed=self.games.new_seed())
        turn_seconds = lobby.options.get("turn_seconds")
        delivery = "interaction" if lobby.options.get("delivery") == "interaction" else "channel"
        settings = await self.guilds.settings(lobby.guild_id)  # a game keeps the turn length it started with
        record = record.model_copy(update={"message_id": message_id, "locale": lobby.locale,
                                           "last_human_at": self.games.clock(),
                                           "turn_seconds": turn_seconds if isinstance(turn_seconds, int)
                                           else settings.turn_deadline,
                                           "reminder_before": settings.reminder_before,
                                           "ai_takeover": bool(lobby.options.get("ai_takeover", False)),
                                           "auto_single": bool(lobby.options.get("auto_single", True)),
                                           "delivery": delivery})
        record = self.games.replying(record, reply)
        try:
            outcome = await self.games.commit(record, state_of(record), [], new=True)
        except Refused as refused:
            if refused.key != "refused.act_race":
                raise
            # a game of this id exists: another Start of the lobby (a double click) won the race since `startable`;
            # this one is told what a Start a moment later is told
            raise Refused("refused.lobby_closed") from refused
        if record.channel_id != lobby.channel_id:  # the game lives in its own thread: free the parent channel
            await self.storage.games.channels.release(lobby.channel_id, lobby.id)
        return outcome
