"""Turn deadlines: the one reminder of a turn, and the turn's timeout.

At the deadline the guild's timeout action plays: "ai" (an AI plays that turn), "skip", or "forfeit" (skip, and
resign after `forfeit_after` missed turns in a row). Deadlines are scheduled before the save that makes them
current, and a worker acts only when the stored record still says the deadline has come, so a lost save or a late
worker does nothing wrong. The queue may hold a deadline early (a click moves a deadline only earlier, never
later: `Games._schedule`); a worker that finds the record's deadline still ahead queues it at that time.

The idle end: a game nobody played for `idle_end` seconds (no click by a person since its start: time-outs, AI moves
and reminders do not count) ends instead of its time-out, at the first one after that, as abandoned: no results, no
rating change. Every active game waits for a person, with a turn deadline, so none runs (posting a skipped turn each
turn) for ever, and every game's keys come to their retention.
"""

from __future__ import annotations

import engine
from engine import ai
from service.errors import Refused
from service.games import REMIND, TIMEOUT, Games
from service.outcome import Outcome, Step
from service.seats import AI_LEVELS
from storage import Claim, Conflict, Deadline, GameRecord, NotFound, Storage
from storage.replay import state_of

CLAIMED_AT_ONCE = 20  # deadlines a worker claims in one go
IDLE_END = 7 * 24 * 3600  # seconds without a person's action after which a game ends as abandoned
ABANDONED = "abandoned"  # what `Deadlines.handle` did: ended an idle game


def due_at(record: GameRecord, deadline: Deadline) -> float | None:
    """When the record says a deadline of its kind comes (None: it has none now)."""
    return record.reminder_at if deadline.kind == REMIND else record.turn_deadline


class Deadlines:
    """Claiming due deadlines and acting on them (any number of workers, each deadline handled once)."""

    def __init__(self, storage: Storage, games: Games, *, idle_end: float = IDLE_END) -> None:
        self.storage = storage
        self.games = games
        self.idle_end = idle_end

    async def due(self) -> list[Claim]:
        """Claim the deadlines due now."""
        return await self.storage.deadlines.claim_due(now=self.games.clock(), limit=CLAIMED_AT_ONCE)

    async def next_due(self) -> float | None:
        """When the next deadline falls due (epoch seconds, by the service's clock), if any."""
        return await self.storage.deadlines.next_due()

    async def running(self) -> int:
        """How many games have a turn running: every active game's turn has its timeout queued."""
        return await self.storage.deadlines.count(TIMEOUT)

    async def handle(self, claim: Claim) -> tuple[str, Outcome] | None:
        """Handle a claimed deadline: ("remind", outcome), ("timeout", outcome) or ("abandoned", outcome), or None
        when nothing is due any more (the turn moved on, the game ended). The claim is completed either way."""
        try:
            return await self._deadline(claim.deadline)
        finally:
            await self.storage.deadlines.complete(claim)

    async def _deadline(self, deadline: Deadline) -> tuple[str, Outcome] | None:
        try:
            record = await self.storage.games.load_game(deadline.game_id)
        except NotFound:
            return None
        if not record.active:
            return None
        now = self.games.clock()
        state = state_of(record)
        due = due_at(record, deadline)
        if due is not None and due > now:  # queued early (a click does not move a deadline later): move it
            await self.storage.deadlines.schedule(deadline, due)
            return None
        if deadline.kind == REMIND:
            if due is None:
                return None
            try:  # clear the reminder so that it fires once, whichever process claimed it
                saved = await self.storage.games.save_game(record.model_copy(update={"reminder_at": None}))
            except Conflict:  # a click came first: its turn's reminder is queued by the record it saved
                await self._requeue(deadline)
                return None
            return REMIND, Outcome(saved, state)
        if due is None:
            return None
        if now - record.last_human_at >= self.idle_end:  # nobody played for the idle time: it ends here
            try:
                return ABANDONED, Outcome(await self.games.stop(record, status="abandoned"), state)
            except Refused:  # a click came first: someone plays after all
                await self._requeue(deadline)
                return None
        settings = await self.games.guilds.settings(record.guild_id)
        seat = state.current
        missed = list(record.missed)
        missed[seat] += 1
        steps: list[Step] = []
        if settings.timeout_action == "ai":  # an AI plays the rest of this turn
            while not state.over and state.current == seat:
                action = ai.choose(state, AI_LEVELS[1])
                state, events = engine.apply(state, action)
                steps.append(Step(seat, action, "timeout", events))
        else:
            forfeit = settings.timeout_action == "forfeit" and missed[seat] >= settings.forfeit_after
            action = engine.Resign(seat) if forfeit else engine.Skip()
            state, events = engine.apply(state, action)
            steps.append(Step(seat, action, "timeout", events))
        try:
            outcome = await self.games.commit(record.model_copy(update={"missed": missed}), state, steps, fired=True)
        except Refused:  # a click came first: its turn's deadline is queued by the record it saved
            await self._requeue(deadline)
            return None
        return TIMEOUT, outcome

    async def _requeue(self, deadline: Deadline) -> None:
        """Queue a deadline at the time the stored record now gives (the claim on it is dropped)."""
        try:
            record = await self.storage.games.load_game(deadline.game_id)
        except NotFound:
            return
        due = due_at(record, deadline)
        if record.active and due is not None:
            await self.storage.deadlines.schedule(deadline, due)
