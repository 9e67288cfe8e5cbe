"""The fuzz's invariants of tournaments, checked with the games' after every round for every lane (`lane`), and once
more at the end, the bots' workers given time to finish (`at_rest`):

- lost: a tournament whose sign-up a lane saw is still stored; everyone whose Join was answered publicly (and who
  never pressed Leave or ran `/ludo tournament leave`) is an entrant, and nobody is one without pressing Join;
- seated: every round seats each entrant at one table at most, tables of 2 to 4 seats whose sizes differ by at most
  one (four each with AI seats); round one seats every entrant; a knockout round only those of the round before, a
  swiss round everyone still in; a table's game, once opened, is that table (its tournament, its seats);
- ended: a finished tournament's champion is an entrant, a cancelled one names who cancelled it, the champion is
  announced at most once (the announcement is claimed before it is posted: at most once, by design);
- rest (at the end): a running round's tables are all opened, and every table whose game is over has its places
  (a table's end is never lost); a cancelled tournament's games are all over; the tournament's message is there,
  offering the sign-up's buttons only while it is open for sign-up, and its picture once it has started. In a
  channel the attacker changed (`benchmarks.fuzz.attacks`) the bot is not meant to ask again what was refused: the
  message and its buttons are as the bot could leave them, and a table of the running round whose channel refuses
  the bot, which it was told, is settled (a forfeit of no one's fault) instead of opened.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import time
from collections.abc import Awaitable, Callable

from benchmarks.fuzz.attacks import Attacks
from benchmarks.fuzz.ledger import Ledger, patiently
from benchmarks.fuzz.world import Lane, World
from ludo_bot.playground.standin import Message
from ludo_bot.service.tournaments.plan import SEATS, still_in
from ludo_bot.storage import CorruptRecord, GameRecord, NotFound, TournamentRecord

SIGNUP = "ludo:n:"
REST_WITHIN = 30.0  # seconds the workers get at the end to open tables, hand ends over and show what changed


async def still_wrong(find: Callable[[], Awaitable[list[str]]]) -> list[str]:
    """What `find` still reports once the bots' workers had `REST_WITHIN` seconds to finish (nothing as soon as it
    reports nothing): a step of theirs may be in the middle when the bots are otherwise idle."""
    deadline = time.monotonic() + REST_WITHIN
    while (problems := await find()) and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    return problems


class TourneyChecks:
    """The invariants of the tournaments of every lane."""

    def __init__(self, world: World, ledger: Ledger, fail: Callable[[str, str, str], None],
                 attacks: Attacks | None = None) -> None:
        self.world = world
        self.attacks = attacks
        self.ledger = ledger
        self.fail = fail
        self.known: set[str] = set()  # tournaments found stored once
        self.seen: dict[str, TournamentRecord] = {}  # each as the last check found it (the run's report counts them)

    async def records(self, lane: Lane, where: str) -> list[TournamentRecord]:
        """The lane's tournaments as stored (those of its channel), a lost one failed."""
        found = []
        for tournament_id in sorted(lane.tournaments):
            try:
                record = await patiently(functools.partial(self.world.checker.tournaments.load, tournament_id))
            except NotFound:
                if tournament_id in self.known:
                    self.fail("lost", where, f"tournament {tournament_id} is gone")
                continue  # (a forged id)
            except CorruptRecord as error:
                self.fail("lost", where, f"tournament {tournament_id}: {error}")
                continue
            self.known.add(tournament_id)
            self.seen[tournament_id] = record
            if record.channel_id == lane.channel.id:  # (another lane's, clicked from here: that lane checks it)
                found.append(record)
        return found

    async def lane(self, lane: Lane, where: str) -> None:
        for record in await self.records(lane, where):
            self.entrants(record, where)
            self.seated(record, where)
            await self.tables(record, where)
            self.ended(lane, record, where)

    def entrants(self, record: TournamentRecord, where: str) -> None:
        presses = self.ledger.signups.get(record.id, [])
        pressed_join = {r.user.id for verb, r in presses if verb == "join"}
        entrants = {e.user_id for e in record.entrants}
        if stray := entrants - pressed_join:
            self.fail("lost", where, f"tournament {record.id}: {sorted(stray)} signed up without pressing Join")
        leaving = {r.user.id for verb, r in presses if verb == "leave"} | self.ledger.ran("tournament leave")
        joined = {r.user.id for verb, r in presses if verb == "join" and r.response_record is not None
                  and not r.response_record.ephemeral}
        if lost := joined - leaving - entrants:
            self.fail("lost", where, f"tournament {record.id}: {sorted(lost)} were told they joined (a public "
                                     f"answer) but are no entrants: {sorted(entrants)}")

    def seated(self, record: TournamentRecord, where: str) -> None:
        entrants = {e.user_id for e in record.entrants}
        before: set[int] | None = None
        for round_ in record.played:
            users = [u for t in round_.tables for u in t.user_ids]
            seats = sorted(len(t.seats) for t in round_.tables)
            tag = f"tournament {record.id} round {round_.number}"
            if len(users) != len(set(users)) or not set(users) <= entrants:
                self.fail("seated", where, f"{tag} seats {users}, entrants {sorted(entrants)}")
            if not 2 <= seats[0] <= seats[-1] <= SEATS or (record.fill_with_ai and seats[0] != SEATS) or \
                    (not record.fill_with_ai and seats[-1] - seats[0] > 1):
                self.fail("seated", where, f"{tag} has tables of {seats} seats")
            if before is None:
                wanted: set[int] | None = entrants
            elif record.format == "swiss":
                wanted = {u for u in entrants if still_in(record, u, round_.number - 1)}
            else:  # knockout: some of the round before, none who left by its end
                wanted = None
                if outside := {u for u in users if u not in before or not still_in(record, u, round_.number - 1)}:
                    self.fail("seated", where, f"{tag} seats {sorted(outside)}, who were not in round "
                                               f"{round_.number - 1} or left it")
            if wanted is not None and set(users) != wanted:
                self.fail("seated", where, f"{tag} seats {sorted(users)}, not {sorted(wanted)}")
            before = set(users)

    async def tables(self, record: TournamentRecord, where: str) -> list[tuple[str, GameRecord | None]]:
        """Each table's game (None: not opened), checked against its table."""
        games: list[tuple[str, GameRecord | None]] = []
        for round_ in record.played:
            for table in round_.tables:
                try:
                    game = await patiently(functools.partial(self.world.checker.games.load_game, table.game_id))
                except NotFound:
                    games.append((table.game_id, None))
                    continue
                except CorruptRecord as error:
                    self.fail("seated", where, f"tournament {record.id}'s table {table.game_id}: {error}")
                    continue
                games.append((table.game_id, game))
                seats = {s.colour: s.user_id for s in table.seats}
                if game.tournament is None or game.tournament.id != record.id or \
                        {s.seat: s.user_id for s in game.seats} != seats:
                    self.fail("seated", where, f"tournament {record.id}'s table {table.game_id} is a game of "
                                               f"{game.tournament} seating {game.seats}, not {table.seats}")
        return games

    def ended(self, lane: Lane, record: TournamentRecord, where: str) -> None:
        if record.status == "finished" and record.champion is not None and record.entrant(record.champion) is None:
            self.fail("ended", where, f"tournament {record.id}'s champion {record.champion} is no entrant")
        if record.status == "cancelled" and record.cancelled_by is None:
            self.fail("ended", where, f"tournament {record.id} was cancelled by nobody")
        announced = [m.id for m in self.messages(lane) if f"`{record.id}`" in m.content and m.id != record.message_id
                     and any(a.filename == "standing.png" for a in m.attachments)]
        if len(announced) > 1 or (announced and not record.announced):
            self.fail("ended", where, f"tournament {record.id} was announced {len(announced)} times: {announced} "
                                      f"(its record: announced={record.announced}, {record.status})")

    def messages(self, lane: Lane) -> list[Message]:
        return self.world.standin.messages(lane.channel)

    # -- at the end ---------------------------------------------------------------------------------------------------
    async def at_rest(self, lane: Lane, where: str) -> None:
        """Once the bots are idle: what the workers owe every tournament is done within `REST_WITHIN` seconds."""
        async def find() -> list[str]:
            return [p for record in await self.records(lane, where) for p in await self.owed(lane, record)]

        for problem in await still_wrong(find):
            self.fail("rest", where, problem)

    async def owed(self, lane: Lane, record: TournamentRecord) -> list[str]:
        found = []
        tag = f"tournament {record.id} ({record.status})"
        current = record.current
        running = {t.game_id for t in current.tables} if current is not None else set()
        for game_id, game in await self.tables(record, "at rest"):
            table = next(t for r in record.played for t in r.tables if t.game_id == game_id)
            is_current = game_id in running
            refused = self.attacks is not None and self.attacks.knows(table.thread_id or record.channel_id)
            if record.status == "running" and is_current and not table.over and (table.thread_id is None or game
                                                                                 is None):
                found.append(f"{tag}: table {game_id} of the running round was " + (
                    "neither opened nor settled, its channel refusing the bot" if refused else "never opened"))
            if record.status == "running" and is_current and game is not None and not game.active and not table.over:
                found.append(f"{tag}: table {game_id} is over ({game.status}) but has no places")
            if record.status == "cancelled" and game is not None and game.active:
                found.append(f"{tag}: table {game_id} still plays")
        if self.attacks is not None and self.attacks.attacked(record.channel_id):
            return found  # (its message as the bot could leave it)
        shown = [m for m in self.messages(lane) if m.id == record.message_id]
        buttons = [m.id for m in self.messages(lane) if any(c.startswith(f"{SIGNUP}{record.id}:")
                                                             for c in m.custom_ids())]
        if record.status == "signup":  # (a sign-up whose message was not remembered plays on its first message)
            if len(buttons) != 1 or record.message_id not in (None, buttons[0]):
                found.append(f"{tag}: its sign-up's buttons are on messages {buttons}, not on {record.message_id}")
        elif not shown:
            found.append(f"{tag}: its message {record.message_id} is not in the channel")
        elif not any(a.filename == "standing.png" for a in shown[0].attachments):
            found.append(f"{tag}: its message {record.message_id} shows no picture")
        if record.status != "signup" and buttons:
            found.append(f"{tag}: messages {buttons} still offer its sign-up's buttons")
        return found

    def report(self) -> str:
        """The tournaments seen: how many ended how, their rounds and tables."""
        statuses = collections.Counter(r.status for r in self.seen.values())
        rounds = sum(len(r.played) for r in self.seen.values())
        tables = collections.Counter(t.ended or "playing" for r in self.seen.values() for n in r.played
                                     for t in n.tables)
        return f"tournaments: {dict(statuses)}, {rounds} rounds, tables {dict(tables)}"
