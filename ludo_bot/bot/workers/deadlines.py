"""The deadline worker's Discord side: it claims due turn deadlines through `Service` (any number of bot processes
run one) and shows what each did, a reminder or a timed-out turn, in the game's live message.

A game whose channel Discord refuses the bot for good (a member took its permissions away, hid the channel from it,
or deleted it: `bot.plumbing.refusals`) is not posted to on a timer: at its first refused post (or one the outbox
answers itself from what it remembers) it goes on through its players' clicks alone, as a game delivered through
interactions does: its players keep playing on the board they see (a click's answer needs no permission in the
channel), a turn past its deadline is settled by "Time's up", and nothing is posted later. That is what a player
expects of a game that still shows its buttons; the live message says so where the bot may still edit it. A game
whose channel is gone ends as abandoned (nobody can click in it).
"""

from __future__ import annotations

import asyncio
import logging

from ludo_bot.bot.live import LiveMessages, next_person, posts_itself
from ludo_bot.bot.messages import game_post, outcome_post, text_names
from ludo_bot.bot.plumbing.refusals import BACKGROUND, ChannelRefused
from ludo_bot.bot.tourney import TourneyWork
from ludo_bot.service import (
    ABANDONED,
    FINISH,
    REMIND,
    THOUGHT,
    TOURNAMENT_KINDS,
    Claim,
    Outcome,
    Service,
    StorageUnavailable,
    seat_user,
)
from ludo_bot.service.recap import last_person
from ludo_bot.service.runtime.workers import PolledWorker, Polling
from ludo_bot.service.words.i18n import translate

logger = logging.getLogger(__name__)
POLLING = Polling(idle=5.0, backoff_first=0.5, backoff_cap=30.0, stale_after=300.0)  # a look every 5 s at least;
# dead after 5 minutes without a look that did its work (a look may announce 20 deadlines, each waiting for
# Discord's rate limits)


class DeadlineWorker(PolledWorker):
    """Reminders and time-outs, and tournaments' tables, rounds and standings (`tourney`), for as long as the bot
    runs (`run`). It claims due deadlines and acts on them (one of any number of workers). A storage error (an
    outage, a failover's READONLY, a full disk's MISCONF, ...) waits the pulse's backoff and tries again; deadlines
    that fell due meanwhile fire then (a claimed one once its lease ends). A save that queued an AI's turn wakes the
    worker (`due_now`)."""

    name = "deadlines"

    def __init__(self, service: Service, live: LiveMessages, tourney: TourneyWork, polling: Polling = POLLING) -> None:
        super().__init__(service.clock, polling, wake=service.games.due_now)  # (the clock deadlines are set by)
        self.service = service
        self.live = live
        self.tourney = tourney

    async def announce(self, kind: str, outcome: Outcome) -> None:
        """Show a deadline's outcome. A reminder posts the live message anew, mentioning the player (the turn's
        one reminder; the message is the live one, so it goes when the turn ends). A timed-out turn is told in
        the next turn's message: a new one when another person must be told, else the live message in place. A game
        ended as abandoned says so in its live message, in place, without buttons, and an ended game's follow-up
        shows its final board there (again, if it did already): either is settled once that is out. A game
        delivered through interactions shows only an AI's turns (`LiveMessages.follow`): it has no reminders or
        time-outs, and the click that ended it or ended it as abandoned showed that."""
        record = outcome.record
        if kind in (ABANDONED, FINISH):
            await self.live.show_end(outcome)
            return
        if kind == THOUGHT:  # the AI seats' turns after a person's click: told like that click's answer
            tell = next_person(outcome, last_person(record))
            post = await outcome_post(outcome, notify=tell is not None)
            if posts_itself(record):
                await self.live.show(record, post, tell=tell is not None)
            else:  # through the webhook of the interaction that passed the AI the turn
                await self.live.follow(record, post)
            if outcome.state.over:
                await self.service.games.settled(outcome)
            return
        if kind == REMIND:
            user = outcome.player_to_act()
            if user is None or record.turn_deadline is None:
                return
            note = translate(record.locale, "game.remind", user=user, id=record.id, at=int(record.turn_deadline))
            since = await self.service.archive.since_last_turn(record, outcome.state)  # as the message it replaces
            try:
                await self.live.post(record, await game_post(record, outcome.state, notify=True, note=note,
                                                             since=since))
            finally:  # and a DM, if the member wants one (queued: the alert worker sends it, linking that post)
                await self.service.alerts.reminded(outcome)
            return
        sleeper = outcome.steps[0].seat if outcome.steps else outcome.state.current
        late = translate(record.locale, "game.timed_out", who=text_names(record, record.locale).get(sleeper, ""))
        tell = next_person(outcome, seat_user(record, sleeper))
        post = await outcome_post(outcome, notify=tell is not None, note=late)
        await self.live.show(record, post, tell=tell is not None)

    async def step(self) -> float | None:
        # Each game's deadline at once: an AI's turns take a worker process a while (see `Games.think`).
        claims = await self.service.deadlines.due()
        for result in await asyncio.gather(*map(self._handle, claims), return_exceptions=True):
            if isinstance(result, BaseException):  # an outage: the rest wait for it to end
                raise result
        return await self.service.deadlines.next_due()  # (on the clock deadlines were set by)

    async def _handle(self, claim: Claim) -> None:
        BACKGROUND.set(True)  # (this claim's own task): its calls answer nobody, slowed first (`bot.plumbing.refusals`)
        try:
            if claim.deadline.kind in TOURNAMENT_KINDS:
                await self.tourney.handle(claim)
                return
            result = await self.service.deadlines.handle(claim)
            if result is not None:
                try:
                    await self.announce(*result)
                except ChannelRefused as refused:
                    await self.live.by_clicks(result[1].record, gone=refused.gone)
        except StorageUnavailable:
            raise
        except Exception:  # one bad game (or tournament) must not stop the others' deadlines
            logger.exception("deadline %s failed", claim.deadline.member)
