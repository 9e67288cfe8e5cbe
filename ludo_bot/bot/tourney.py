"""What the deadline workers show of a tournament (`TourneyWork`): its tables opened in threads of their own, its
standing edited in place, its tables' games settled or abandoned, its champion announced. (Its sign-up's buttons:
`bot.buttons.tourney`.)

A table opens in steps, each safe to repeat after a crash: the thread is made and remembered (a compare-and-set on
the tournament: a table keeps the first thread remembered), the table's first message mentions its players, the
game is created, then its live message is posted. A process dying after the first message and before the game
leaves that message twice (the next worker posts it again); one dying after the game posts only what is missing.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Literal

import discord

from ludo_bot.bot.live import LiveMessages, posts_itself
from ludo_bot.bot.messages import DRAWING, NO_PINGS, game_post, outcome_post
from ludo_bot.bot.plumbing.outbox import Outbox
from ludo_bot.bot.plumbing.pacing import SEND
from ludo_bot.bot.plumbing.refusals import ChannelRefused
from ludo_bot.bot.tourney_posts import TourneyPost, champion_post, standing_post, table_intro, thread_name
from ludo_bot.service import ROUND, TOURNEY, Claim, CorruptRecord, Outcome, Refused, Service, Table, TournamentRecord
from ludo_bot.service.tournaments.view import standing_png

logger = logging.getLogger(__name__)
ARCHIVE_MINUTES: Literal[10080] = 10080  # a table's thread hides after a week without messages (Discord's longest:
# a turn may take days)
PUBLIC_THREAD: Literal[11] = 11  # Discord's channel type of a public thread
AGAIN = 30.0  # seconds before a tournament's work is tried again when a table could not be opened or ended (a
# storage error, a server error of Discord's; a refusal that waiting will not change settles the table instead)


def message_fields(post: TourneyPost) -> dict[str, Any]:
    """discord.py's arguments to change a tournament's message into `post` (a fresh file each time)."""
    return {"content": post.content, "view": post.view, "attachments": post.files(), "allowed_mentions": NO_PINGS}


async def picture(record: TournamentRecord, lang: str | None = None) -> bytes | None:
    """The standing's picture in `lang` (by default the tournament's), none at sign-up; drawn on the drawing thread,
    off the event loop (a first round of 64 took 310 ms, a swiss table of 64 110 ms, on this 2-core machine)."""
    if record.status == "signup":
        return None
    return await asyncio.get_running_loop().run_in_executor(DRAWING, standing_png, record, lang)


class TourneyWork:
    """The deadline queue's tournament items (`service.TOURNAMENT_KINDS`), handled by any process's deadline worker."""

    def __init__(self, client: discord.Client, service: Service, live: LiveMessages, outbox: Outbox) -> None:
        self.client = client
        self.service = service
        self.live = live
        self.outbox = outbox

    async def handle(self, claim: Claim) -> None:
        """A table's end handed over, a round's deadline, or a tournament to show."""
        kind = claim.deadline.kind
        if kind == TOURNEY:
            await self.service.rounds.table_ended(claim)
        elif kind == ROUND:
            for outcome in await self.service.rounds.round_due(claim):
                await self._show_end(outcome)
        else:
            await self.show(claim)

    async def show(self, claim: Claim) -> None:
        """Show a tournament as its record has it: its round's tables opened, a cancelled one's tables ended, its
        standing edited, a finished one counted and its champion announced (once)."""
        try:
            record = await self.service.tournaments.load(claim.deadline.game_id)
        except (Refused, CorruptRecord) as error:  # gone, or unreadable (left for a person): nothing to show
            if isinstance(error, CorruptRecord):
                logger.error("tournament %s not shown: %s", claim.deadline.game_id, error)
            await self.service.rounds.done(claim)
            return
        complete = True
        if record.status == "running":
            record, complete = await self._open_tables(record)
        elif record.status == "cancelled":
            ended, complete = await self.service.rounds.abandon(record)
            for outcome in ended:
                await self._show_end(outcome)
        drawn = await picture(record)
        post = standing_post(record, drawn)
        if record.message_id is not None:
            self.outbox.edit(record.channel_id, record.message_id, lambda: message_fields(post))
        else:  # its message was never remembered: posted anew
            sent = await self.outbox.send(record.channel_id, lambda: {
                "content": post.content, "view": post.view, "files": post.files(), "allowed_mentions": NO_PINGS})
            record = await self.service.tournaments.set_message(record.id, sent.id)
        if record.status == "finished":
            await self.service.rounds.count(record)
            if await self.service.rounds.announce(record.id) is not None:
                await self._announce(record, drawn)
        await self.service.rounds.done(claim, self.service.clock() + AGAIN if not complete else None)

    async def _show_end(self, outcome: Outcome) -> None:
        """A table's game ended by its round's deadline or the tournament's cancelling: its live message says so
        (`LiveMessages.show_end`), and again a moment later, as after `/ludo end`: a click saved just before the end
        may be answered in place after it, putting back the moves of the position it saved."""
        await self.live.show_change(outcome)

    async def _announce(self, record: TournamentRecord, drawn: bytes | None) -> None:
        post = champion_post(record, drawn)
        try:
            await self.outbox.send(record.channel_id, lambda: {"content": post.content, "files": post.files(),
                                                               "allowed_mentions": post.allowed_mentions})
        except discord.HTTPException as error:  # claimed: not tried again (the standing says it all the same)
            logger.warning("tournament %s: its champion could not be announced: %s", record.id, error)

    async def _open_tables(self, record: TournamentRecord) -> tuple[TournamentRecord, bool]:
        """Open the running round's tables that are not open yet; whether every one of them is. A table whose thread
        Discord refuses for good (the bot lost Create Public Threads or Send Messages in Threads in the tournament's
        channel, or its thread is gone: `bot.plumbing.refusals`) is placed as seated, nobody's fault, and the round goes
        on (its standing says why); asking again every `AGAIN` seconds until the round's deadline would spend Discord's
        budget of refused requests, which every server shares."""
        current = record.current
        complete = True
        for number, table in enumerate(current.tables if current else [], start=1):
            if table.over:
                continue
            try:
                if table.thread_id is None:
                    record = await self._thread(record, number, table.game_id)
                    table = next(t for r in record.played for t in r.tables if t.game_id == table.game_id)
                await self._table_game(record, number, table)
            except ChannelRefused as refused:
                logger.warning("tournament %s: table %d placed as seated: %s", record.id, number, refused)
                record = await self.service.rounds.refused_table(record, table)
            except (discord.HTTPException, Refused) as error:
                logger.warning("tournament %s: table %d not opened yet: %s", record.id, number, error)
                complete = False
        return record, complete

    async def _thread(self, record: TournamentRecord, number: int, game_id: str) -> TournamentRecord:
        """A public thread of the tournament's channel for a table, remembered in the record."""
        current = record.current
        assert current is not None
        payload = await self.outbox.call(SEND, lambda: self.client.http.start_thread_without_message(
            record.channel_id, name=thread_name(record, current.number, number), auto_archive_duration=ARCHIVE_MINUTES,
            type=PUBLIC_THREAD), channel_id=record.channel_id, kind="thread")
        return await self.service.rounds.set_thread(record.id, game_id, int(payload["id"]))

    async def _table_game(self, record: TournamentRecord, number: int, table: Table) -> None:
        """The table's first message (mentioning its players), its game, and the game's live message: what of them
        is missing."""
        current = record.current
        assert current is not None and table.thread_id is not None
        try:
            game = await self.service.games.load(table.game_id)
        except Refused:
            intro = table_intro(record, current, number, table)
            await self.outbox.send(table.thread_id, lambda: {"content": intro.content,
                                                            "allowed_mentions": intro.allowed_mentions})
            outcome = await self.service.rounds.open_table(record, table)
            await self.live.post(outcome.record, await outcome_post(outcome, notify=True))
            return
        if game.message_id is None and posts_itself(game):
            await self.live.post(game, await game_post(game))
