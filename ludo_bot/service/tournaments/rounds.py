"""A tournament's rounds as the workers play them: a table's game that ended hands its places to the tournament, the
round's time running out settles the tables still playing, tables are opened as games, a cancelled tournament's
tables end as abandoned, and a finished one is counted and announced. No Discord here (the bot's `TourneyWork`
shows what these do).

- A table's places are its game's ranking (`engine.GameState.ranking`: the result the rules give, with `quick` the
  first token home first and the rest as the rules rank them; for a game ended before its end, the ranking of the
  position as it stood). A game's end queues `tourney:<game id>` in the step that saves it (`service.games`), so a
  Redis that blinks between the two writes loses nothing: a worker hands the places over (`table_ended`).
- The round advances in the compare-and-set that records its last table's places: however many processes see its
  last table end, one save wins and seats the next round (or decides the champion); the others find the table
  placed and do nothing.
- At a round's deadline (`round_due`) every table still playing is settled as it stands (status "settled"; its
  thread says so); a table whose game was never opened is placed in seating order.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ludo_bot import engine
from ludo_bot.service.errors import Refused
from ludo_bot.service.games import FINISH, REMIND, TIMEOUT, TOURNEY, Games
from ludo_bot.service.guilds import Guilds
from ludo_bot.service.outcome import Outcome, Step
from ludo_bot.service.tournaments.organise import ROUND, SHOW, Tournaments, rules_of
from ludo_bot.service.tournaments.plan import next_round_or_champion, seat_round
from ludo_bot.storage import (
    Claim,
    CorruptRecord,
    NotFound,
    Seat,
    Storage,
    TableOf,
    TournamentRecord,
    new_game_id,
    new_record,
)
from ludo_bot.storage.game_log import state_of
from ludo_bot.storage.tourney_records import Table, TableEnd

logger = logging.getLogger(__name__)
AGAIN = 5.0  # seconds before a round's deadline is looked at again when a table could not be settled (a race)
GAME_KINDS = (TIMEOUT, REMIND, FINISH, TOURNEY)  # a game's items of the deadline queue
HOW: dict[str, TableEnd] = {"finished": "played", "settled": "settled", "ended": "ended", "abandoned": "abandoned"}


class TourneyRounds:
    """What the deadline workers do for tournaments."""

    def __init__(self, storage: Storage, tournaments: Tournaments, games: Games, guilds: Guilds, *,
                 clock: Callable[[], float]) -> None:
        self.storage = storage
        self.tournaments = tournaments
        self.games = games
        self.guilds = guilds
        self.clock = clock

    async def done(self, claim: Claim, due_again: float | None = None) -> None:
        """A claimed item was seen through (or is due again at `due_again`); a record left without items leaves the
        queue's note of its version (`DeadlineQueue.forget`)."""
        await self.storage.deadlines.complete(claim, due_again)
        if due_again is None:
            kinds = GAME_KINDS if claim.deadline.kind == TOURNEY else (ROUND, SHOW)
            await self.storage.deadlines.forget(claim.deadline.game_id, kinds)

    # -- a table's end ------------------------------------------------------------------------------------------------
    async def table_ended(self, claim: Claim) -> TournamentRecord | None:
        """`tourney:<game id>`: the table's game is over; its places go to its tournament (once), which advances
        when it was the round's last table. Returns the tournament as saved (None: nothing to hand over)."""
        try:
            game = await self.storage.games.load_game(claim.deadline.game_id)
        except (NotFound, CorruptRecord) as error:
            if isinstance(error, CorruptRecord):
                logger.error("table %s not handed to its tournament: %s", claim.deadline.game_id, error)
            await self.done(claim)
            return None
        if game.tournament is None or game.active:  # not a table, or not over (an item of a lost save)
            await self.done(claim)
            return None
        try:
            saved = await self.place(game.tournament.id, game.id, list(state_of(game).ranking), HOW[game.status])
        except Refused:  # the tournament is gone
            saved = None
        await self.done(claim)
        return saved

    async def place(self, tournament_id: str, game_id: str, places: list[int], how: TableEnd) -> TournamentRecord:
        """Record a table's places (nothing if it has them, or is not of the running round); the round's last table
        seats the next round or ends the tournament, in the same compare-and-set."""
        def placed(record: TournamentRecord) -> TournamentRecord:
            current = record.current
            if record.status != "running" or current is None:
                return record
            index = next((i for i, t in enumerate(current.tables) if t.game_id == game_id), None)
            if index is None or current.tables[index].over:
                return record
            tables = list(current.tables)
            tables[index] = tables[index].model_copy(update={"places": places, "ended": how})
            Table.model_validate(tables[index].model_dump())  # the places are the table's seats
            played = [*record.played[:-1], current.model_copy(update={"tables": tables})]
            record = record.model_copy(update={"played": played})
            if not played[-1].over:
                return record
            following = next_round_or_champion(record)
            if following.groups is None:
                return record.model_copy(update={"status": "finished", "champion": following.champion})
            new = seat_round(record, following.groups, current.number + 1, self.clock(), new_game_id)
            return record.model_copy(update={"played": [*played, new]})

        return await self.tournaments.change(tournament_id, placed, show=True)

    # -- a round's deadline ---------------------------------------------------------------------------------------
    async def round_due(self, claim: Claim) -> list[Outcome]:
        """`round:<tournament id>`: when the running round's time has run out, its tables still playing are settled
        as they stand; returns their games, to be shown in their threads (their places follow through their items)."""
        try:
            record = await self.tournaments.load(claim.deadline.game_id)
        except (Refused, CorruptRecord) as error:
            if isinstance(error, CorruptRecord):
                logger.error("round deadline %s dropped: %s", claim.deadline.member, error)
            await self.done(claim)
            return []
        current = record.current
        if record.status != "running" or current is None or current.over:
            await self.done(claim)
            return []
        now = self.clock()
        if now < current.deadline:  # (came early: a cluster's hint)
            await self.done(claim, current.deadline)
            return []
        settled: list[Outcome] = []
        again = False
        for table in current.tables:
            if table.over:
                continue
            try:
                game = await self.storage.games.load_game(table.game_id)
            except (NotFound, CorruptRecord) as error:  # never opened (or unreadable): placed as seated
                logger.warning("tournament %s: table %s placed as seated at the deadline: %s", record.id,
                               table.game_id, error)
                await self.place(record.id, table.game_id, [s.colour for s in table.seats], "unplayed")
                continue
            if not game.active:  # over already: its own item hands it over
                continue
            try:
                stopped = await self.games.stop(game, status="settled")
            except Refused:  # a click came first: looked at again shortly
                again = True
                continue
            settled.append(Outcome(stopped, state_of(stopped)))
        await self.done(claim, now + AGAIN if again else None)
        return settled

    # -- tables opened ----------------------------------------------------------------------------------------------
    async def set_thread(self, tournament_id: str, game_id: str, thread_id: int) -> TournamentRecord:
        """Remember the thread a table plays in (a table keeps the first one remembered)."""
        def threaded(record: TournamentRecord) -> TournamentRecord:
            played = []
            for r in record.played:
                tables = [t.model_copy(update={"thread_id": thread_id}) if t.game_id == game_id and t.thread_id is None
                          else t for t in r.tables]
                played.append(r.model_copy(update={"tables": tables}))
            return record.model_copy(update={"played": played})

        return await self.tournaments.change(tournament_id, threaded)

    async def refused_table(self, record: TournamentRecord, table: Table) -> TournamentRecord:
        """Discord refused the bot the table's thread for good (a permission taken away in the tournament's channel):
        the table is placed in seating order, as one never played, and the round goes on; nobody is blamed. A game
        opened already ends as abandoned (no results, no rating change)."""
        try:
            game = await self.storage.games.load_game(table.game_id)
        except NotFound:
            game = None
        if game is not None and game.active:
            await self.games.stop(game, status="abandoned")  # (its item finds the table placed)
        return await self.place(record.id, table.game_id, [s.colour for s in table.seats], "refused")

    async def open_table(self, record: TournamentRecord, table: Table) -> Outcome:
        """Open a table's game in its thread: the outcome of its start (AI seats played until a person acts; an
        entrant who left before it opened resigns at once). `Refused` when it was opened already (a race)."""
        if table.thread_id is None:
            raise ValueError(f"table {table.game_id} has no thread")
        where = record.table_of(table.game_id)
        assert where is not None
        names = {e.user_id: e.name for e in record.entrants}
        seats = [Seat(seat=s.colour, user_id=s.user_id, ai_level=s.ai_level,
                      name=names.get(s.user_id) if s.user_id is not None else None) for s in table.seats]
        settings = await self.guilds.settings(record.guild_id)
        game = new_record(table.game_id, guild_id=record.guild_id, channel_id=table.thread_id,
                          host_id=record.organiser_id, rules=rules_of(record), seats=seats,
                          seed=self.games.new_seed())
        game = game.model_copy(update={
            "locale": record.locale, "last_human_at": self.clock(), "ai_takeover": False, "auto_single": True,
            "turn_seconds": record.turn_seconds or settings.turn_deadline, "reminder_before": settings.reminder_before,
            "tournament": TableOf(id=record.id, round=where[0], table=where[1])})
        state = state_of(game)
        steps = []
        for seat in table.seats:
            entrant = record.entrant(seat.user_id) if seat.user_id is not None else None
            if entrant is not None and entrant.left is not None and not state.over:
                state, events = engine.apply(state, engine.Resign(seat.colour))
                steps.append(Step(seat.colour, engine.Resign(seat.colour), "player", events))
        return await self.games.commit(game, state, steps, new=True)

    # -- the end ------------------------------------------------------------------------------------------------------
    async def abandon(self, record: TournamentRecord) -> tuple[list[Outcome], bool]:
        """A cancelled tournament's tables still playing end as abandoned: their games, to be shown, and whether
        every one of them is over now (False: a race; looked at again)."""
        ended: list[Outcome] = []
        complete = True
        for table in record.current.tables if record.current else []:
            try:
                game = await self.storage.games.load_game(table.game_id)
            except (NotFound, CorruptRecord):
                continue
            if not game.active:
                continue
            try:
                stopped = await self.games.stop(game, status="abandoned")
            except Refused:
                complete = False
                continue
            ended.append(Outcome(stopped, state_of(stopped)))
        return ended, complete

    async def count(self, record: TournamentRecord) -> None:
        """A finished tournament in its players' stats (tournaments played: everyone who sat at a table that was
        played; won: the champion), once."""
        players = sorted({u for r in record.played for t in r.tables if t.over for u in t.user_ids})
        await self.storage.tournaments.count(record.guild_id, record.id, players, record.champion)

    async def announce(self, tournament_id: str) -> TournamentRecord | None:
        """Claim the champion's announcement: the tournament if this call claimed it (then it posts it), None when it
        was claimed before (at most one announcement, like a season's final)."""
        claimed: list[TournamentRecord] = []

        def announced(record: TournamentRecord) -> TournamentRecord:
            claimed.clear()  # (made again after a lost race)
            if record.status != "finished" or record.announced:
                return record
            new = record.model_copy(update={"announced": True})
            claimed.append(new)
            return new

        saved = await self.tournaments.change(tournament_id, announced)
        return saved if claimed else None
