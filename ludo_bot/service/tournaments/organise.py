"""Tournaments as people use them: created by an organiser, joined and left at sign-up, started, left (a forfeit) and
cancelled; found by id, by channel or by guild. No Discord here. The rounds' side (tables that end, a round's time
running out, the tables opened and the champion) is `service.tournaments.rounds`; the planning
`service.tournaments.plan`.

Every change loads the record, checks who may make it, and saves it with a compare-and-set on the version it loaded
(`change`): a change that lost a race is made again on what the winner left, so two people joining at once both get
in. A tournament's items of the deadline queue are set in the same step: its round's deadline (`ROUND`, set when a
round starts and removed when the tournament ends) and its tables, standing and champion to show (`SHOW`, due at
once after a change the clicked message does not show itself), which the deadline workers drain.

Buttons carry the record's version (`ludo:n:<id>:<version>:<verb>`): a version that was never stored is a forged
button; an older one only means the message is behind, and the click is judged on the record as it is (and its answer
shows it as it is).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from ludo_bot import engine
from ludo_bot.service.archive import typed_id
from ludo_bot.service.errors import Refused, reason
from ludo_bot.service.guilds import Guilds
from ludo_bot.service.lobbies import TURN_MINUTES
from ludo_bot.service.seats import LOBBY_ONLY_OPTIONS, kept_name
from ludo_bot.service.tournaments.plan import first_round, seat_round
from ludo_bot.storage import ChannelBusy, Conflict, NotFound, Storage, TournamentRecord, new_game_id
from ludo_bot.storage.tourney_records import MAX_ENTRANTS, MAX_ROUNDS, Entrant, TourneyFormat

ROUND, SHOW = "round", "show"  # a tournament's kinds of item in the deadline queue (`tourney:<game>`: see games)
FORMATS: tuple[TourneyFormat, ...] = ("knockout", "swiss")
ROUND_HOURS = (1, 14 * 24)  # the shortest and the longest round an organiser may set (its option's range)
DEFAULT_ROUND_HOURS = 48
DEFAULT_ROUNDS = 3
RACE_TRIES = 5  # saves of one change that lost a race to another, before the player is asked to try again
UNTEAMED = frozenset({"teams"})  # rule options a tournament's tables never play (teams need four people)


def rules_of(record: TournamentRecord) -> engine.Rules:
    """The rules the tournament's tables play."""
    return engine.Rules.preset(record.preset, **{k: tuple(v) if isinstance(v, list) else v
                                                 for k, v in record.options.items()})


class Tournaments:
    """The tournaments of every guild, as stored."""

    def __init__(self, storage: Storage, guilds: Guilds, *, clock: Callable[[], float],
                 new_seed: Callable[[], int] = lambda: secrets.randbits(63),
                 wake: asyncio.Event | None = None) -> None:
        self.storage = storage
        self.guilds = guilds
        self.clock = clock
        self.new_seed = new_seed
        self.wake = wake or asyncio.Event()  # set when a save queued work due at once (this process's workers look)

    # -- finding one ------------------------------------------------------------------------------------------------
    async def load(self, tournament_id: str) -> TournamentRecord:
        """A tournament (`Refused` for an unknown or expired id)."""
        try:
            return await self.storage.tournaments.load(tournament_id)
        except NotFound as missing:
            raise Refused("refused.no_tourney", id=tournament_id) from missing

    async def find(self, guild_id: int, tournament_id: str | None, channel_ids: tuple[int, ...], *,
                   newest: bool = False) -> TournamentRecord:
        """The tournament a command means: the one of `tournament_id` (of this guild), else the running one of the
        first of `channel_ids` that has one (a thread, then its channel), else (with `newest`: only to look at it)
        the guild's newest."""
        if tournament_id is not None:
            wanted = typed_id(tournament_id, "refused.no_tourney")
            record = await self.load(wanted)
            if record.guild_id != guild_id:
                raise Refused("refused.no_tourney", id=wanted)
            return record
        for channel_id in channel_ids:
            found = await self.storage.tournaments.channel_tournament(channel_id)
            if found is not None:
                try:
                    return await self.storage.tournaments.load(found)
                except NotFound:
                    continue
        for latest in await self.storage.tournaments.guild_tournaments(guild_id, 1) if newest else []:
            try:
                return await self.storage.tournaments.load(latest)
            except NotFound:
                break
        raise Refused("refused.no_tourney_here")

    async def of_table(self, game_id: str) -> TournamentRecord | None:
        """The tournament whose table the game is, if it is one."""
        record = await self.storage.games.load_game(game_id)
        if record.tournament is None:
            return None
        return await self.load(record.tournament.id)

    # -- creating -----------------------------------------------------------------------------------------------------
    async def create(self, *, guild_id: int, channel_id: int, organiser_id: int, locale: str, format: str,
                     preset: str | None = None, options: Mapping[str, Any] | None = None,
                     max_players: int = MAX_ENTRANTS, rounds: int = DEFAULT_ROUNDS, turn_minutes: int | None = None,
                     fill_with_ai: bool = False, round_hours: int = DEFAULT_ROUND_HOURS) -> TournamentRecord:
        """A new tournament open for sign-up in a channel (`Refused` for impossible options, or a channel that runs
        one). The organiser plays only if they join like anyone else."""
        if format not in FORMATS:
            raise Refused("refused.tourney_format")
        if not 2 <= max_players <= MAX_ENTRANTS:
            raise Refused("refused.tourney_players", most=MAX_ENTRANTS)
        if not 1 <= rounds <= MAX_ROUNDS:
            raise Refused("refused.tourney_rounds", most=MAX_ROUNDS)
        low, high = ROUND_HOURS
        if not low <= round_hours <= high:
            raise Refused("refused.tourney_hours", low=low, high=high)
        low, high = TURN_MINUTES
        if turn_minutes is not None and not low <= turn_minutes <= high:
            raise Refused("refused.turn_length", minutes=turn_minutes, low=low, high=high)
        settings = await self.guilds.settings(guild_id)
        chosen = {k: v for k, v in {**settings.options, **(options or {})}.items()
                  if k not in LOBBY_ONLY_OPTIONS | UNTEAMED}
        try:
            rules = engine.Rules.preset(preset or settings.preset, **{k: tuple(v) if isinstance(v, list) else v
                                                                      for k, v in chosen.items()})
        except engine.RulesError as error:
            raise Refused("refused.rules", error=reason(error)) from error
        record = TournamentRecord(id=new_game_id(), guild_id=guild_id, channel_id=channel_id, organiser_id=organiser_id,
                                  locale=settings.language or locale, format=format,
                                  preset=rules.name, options=chosen, max_players=max_players, rounds=rounds,
                                  turn_seconds=turn_minutes * 60 if turn_minutes else None, fill_with_ai=fill_with_ai,
                                  round_seconds=round_hours * 3600, seed=self.new_seed())
        try:
            return await self.storage.tournaments.create(record)
        except ChannelBusy as busy:
            raise Refused("refused.tourney_channel_busy", id=busy.holder) from busy

    async def set_message(self, tournament_id: str, message_id: int) -> TournamentRecord:
        """Remember the tournament's public message (the sign-up, then the standing)."""
        return await self.change(tournament_id, lambda r: r.model_copy(update={"message_id": message_id}))

    # -- sign-up ------------------------------------------------------------------------------------------------------
    async def join(self, tournament_id: str, version: int, user_id: int, name: str | None) -> TournamentRecord:
        """Sign up (from the sign-up message's Join at `version`)."""
        def joined(record: TournamentRecord) -> TournamentRecord:
            self._signing_up(record, version)
            if record.entrant(user_id) is not None:
                raise Refused("refused.tourney_joined")
            if len(record.entrants) >= record.max_players:
                raise Refused("refused.tourney_full", most=record.max_players)
            entrants = [*record.entrants, Entrant(user_id=user_id, name=kept_name(name))]
            return record.model_copy(update={"entrants": entrants})

        return await self.change(tournament_id, joined)

    async def withdraw(self, tournament_id: str, version: int, user_id: int) -> TournamentRecord:
        """Take one's name off the sign-up (its Leave button at `version`); after the start the button says how to
        leave (`/ludo tournament leave`, which forfeits a table: never by a stale click)."""
        def left(record: TournamentRecord) -> TournamentRecord:
            self._signing_up(record, version, started="refused.tourney_leave_started")
            if record.entrant(user_id) is None:
                raise Refused("refused.tourney_not_in")
            return record.model_copy(update={"entrants": [e for e in record.entrants if e.user_id != user_id]})

        return await self.change(tournament_id, left)

    async def start(self, tournament_id: str, version: int, user_id: int) -> TournamentRecord:
        """The organiser starts (the sign-up's Start at `version`): round one is seated, its tables opened by the
        workers (`SHOW`), its deadline queued (`ROUND`)."""
        def started(record: TournamentRecord) -> TournamentRecord:
            self._signing_up(record, version)
            if user_id != record.organiser_id:
                raise Refused("refused.tourney_organiser_starts", organiser=record.organiser_id)
            if len(record.entrants) < 2:
                raise Refused("refused.tourney_two")
            first = seat_round(record, first_round(record), 1, self.clock(), new_game_id)
            return record.model_copy(update={"status": "running", "played": [first]})

        return await self.change(tournament_id, started, show=True)

    def _signing_up(self, record: TournamentRecord, version: int, started: str = "refused.tourney_started") -> None:
        """Refuse a sign-up button that was never stored (forged), or one of a tournament past its sign-up."""
        if version > record.version or version < 1:
            raise Refused("refused.tourney_forged")
        if record.status == "running":
            raise Refused(started)
        if not record.live:
            raise Refused("refused.tourney_over")

    # -- leaving and cancelling -------------------------------------------------------------------------------------
    async def leave(self, tournament_id: str, user_id: int) -> tuple[TournamentRecord, str | None]:
        """`/ludo tournament leave`: before the start, off the list; after it, out of the tournament from the current
        round on (no further round), and the id of the table game they forfeit (placed last there; None when their
        table is over or not opened yet: it resigns them as it opens)."""
        def left(record: TournamentRecord) -> TournamentRecord:
            entrant = record.entrant(user_id)
            if not record.live:
                raise Refused("refused.tourney_over")
            if entrant is None or entrant.left is not None:
                raise Refused("refused.tourney_not_in")
            if record.status == "signup":
                return record.model_copy(update={"entrants": [e for e in record.entrants if e.user_id != user_id]})
            number = record.current.number if record.current else 1
            entrants = [e.model_copy(update={"left": number}) if e.user_id == user_id else e for e in record.entrants]
            return record.model_copy(update={"entrants": entrants})

        record = await self.change(tournament_id, left, show=True)
        current = record.current
        table = next((t for t in current.tables if user_id in t.user_ids and not t.over), None) if current else None
        return record, table.game_id if table is not None and record.status == "running" else None

    async def cancel(self, tournament_id: str, user_id: int, *, can_manage: bool) -> TournamentRecord:
        """The organiser (or a server manager) cancels: tables still playing end as abandoned (the workers, `SHOW`),
        the standing says cancelled."""
        def cancelled(record: TournamentRecord) -> TournamentRecord:
            if user_id != record.organiser_id and not can_manage:
                raise Refused("refused.tourney_organiser_cancels", organiser=record.organiser_id)
            if not record.live:
                raise Refused("refused.tourney_over")
            return record.model_copy(update={"status": "cancelled", "cancelled_by": user_id})

        return await self.change(tournament_id, cancelled, show=True)

    # -- the one way a tournament changes ----------------------------------------------------------------------------
    async def change(self, tournament_id: str, change: Callable[[TournamentRecord], TournamentRecord], *,
                     show: bool = False) -> TournamentRecord:
        """Save `change` of the tournament as stored now, with a compare-and-set, made again on what the winner of a
        lost race left (where `change` may refuse). `show`: its tables, standing and champion are to be shown by a
        worker (`SHOW`, due at once). A round that starts queues its deadline (`ROUND`); the end removes it."""
        for _ in range(RACE_TRIES):
            record = await self.load(tournament_id)
            new = change(record)
            if new is record:
                return record
            try:
                saved = await self.storage.tournaments.save(new, due=self.due(record, new, show=show))
            except Conflict:
                continue
            except NotFound as missing:
                raise Refused("refused.no_tourney", id=tournament_id) from missing
            if show:
                self.wake.set()
            return saved
        raise Refused("refused.tourney_race")

    def due(self, before: TournamentRecord, after: TournamentRecord, *, show: bool) -> dict[str, float | None]:
        """The queue items a change sets: `SHOW` at once when asked, `ROUND` when a round starts (its deadline) or
        the tournament ends (none)."""
        due: dict[str, float | None] = {SHOW: self.clock()} if show else {}
        if not after.live:
            due[ROUND] = None
        elif after.current is not None and len(after.played) != len(before.played):
            due[ROUND] = after.current.deadline
        return due
