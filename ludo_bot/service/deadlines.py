"""Turn deadlines: the one reminder of a turn, and the turn's timeout; and a finished game's follow-up.

At the deadline the guild's timeout action plays: "ai" (an AI plays that turn), "skip", or "forfeit" (skip, and
resign after `forfeit_after` missed turns in a row). The queue holds the deadlines the game's record names: every
save that changes them sets them (`Games.commit`), so a worker acts only when the stored record says the deadline
has come, and a lost race leaves the winner's deadlines. A worker that finds the record's time still ahead, or
none, queues the item at that time or removes it (unless a save set it meanwhile: see `storage.deadlines`).
An ended game's follow-up (`FINISH`) is left in the queue only when the step that ended the game did not see it
through: the worker records a finished game's results (once) and hands the game back to be shown, then
`Games.settled`.

The idle end: a game nobody played for `idle_end` seconds (no click by a person since its start: time-outs, AI moves
and reminders do not count) ends instead of its time-out, at the first one after that, as abandoned: no results, no
rating change. Every active game waits for a person, with a turn deadline, so none runs (posting a skipped turn each
turn) for ever, and every game's keys come to their retention.

A game delivered through interactions (`GameRecord.delivery`: a group DM, a server without the bot) can show nothing
without a click, so no worker times its turns out: its turn past the deadline is settled by the next click of someone
in the game (`late`: the "Time's up" button), and its queued time-out only waits for the idle end, when it ends the
game as abandoned. The player to act may still play after the deadline until someone presses it.
"""

from __future__ import annotations

import logging

from ludo_bot import engine
from ludo_bot.engine import ai
from ludo_bot.service.errors import Refused
from ludo_bot.service.games import FINISH, REMIND, TIMEOUT, Games
from ludo_bot.service.outcome import Outcome, Step
from ludo_bot.service.seats import AI_LEVELS, seat_user
from ludo_bot.storage import Claim, Conflict, CorruptRecord, Deadline, GameRecord, NotFound, Storage
from ludo_bot.storage.game_log import state_of

logger = logging.getLogger(__name__)
CLAIMED_AT_ONCE = 20  # deadlines a worker claims in one go
IDLE_END = 7 * 24 * 3600  # seconds without a person's action after which a game ends as abandoned
ABANDONED = "abandoned"  # what `Deadlines.handle` did: ended an idle game
THOUGHT = "thought"  # what `Deadlines.handle` did: played the turns of AI seats that think (`Games.think`)


def due_at(record: GameRecord, deadline: Deadline) -> float | None:
    """When the record says a deadline of its kind comes (None: it has none now)."""
    if not record.active:
        return None
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
        """Handle a claimed deadline: ("remind", outcome), ("timeout", outcome), ("thought", outcome) for the turns
        of AI seats that think, or ("abandoned", outcome) for a game nobody played for the idle time; ("finish",
        outcome) for a finished game whose final board is to be shown again (then `Games.settled`); None when
        nothing is due (the item then leaves the queue or waits for the time the record gives). When storage fails
        on the way the claim is left to its lease, after which the deadline is due again. A tournament's items are
        `service.tournaments.rounds`' (`ValueError` here: a worker routes them there)."""
        if claim.deadline.kind not in (REMIND, TIMEOUT, FINISH):
            raise ValueError(f"not a game's deadline: {claim.deadline.member}")
        try:
            record = await self.storage.games.load_game(claim.deadline.game_id)
        except (NotFound, CorruptRecord) as error:  # nothing to act on, now or later
            if isinstance(error, CorruptRecord):
                logger.error("deadline %s dropped: %s", claim.deadline.member, error)
            await self.storage.deadlines.complete(claim)
            return None
        if claim.deadline.kind == FINISH:
            return await self._finish(claim, record)
        due = due_at(record, claim.deadline)
        if due is None or due > self.games.clock():  # the turn moved on (or the item came early): not due
            await self.storage.deadlines.complete(claim, due)
            return None
        try:
            if claim.deadline.kind == REMIND:  # cleared, so that it fires once, whichever process claimed it
                reminded = record.model_copy(update={"reminder_at": None})
                saved = await self.storage.games.save_game(reminded, due=self.games.due(reminded))
                return REMIND, Outcome(saved, state_of(record))
            if seat_user(record, state_of(record).current) is None:  # an AI that thinks (see `Games.think`)
                return THOUGHT, await self.games.think(record)
            if self.games.clock() - record.last_human_at >= self.idle_end:  # nobody played for the idle time
                return ABANDONED, Outcome(await self.games.stop(record, status="abandoned"), state_of(record))
            if record.delivery == "interaction":  # settled by a click (`late`); back at the idle end
                await self.storage.deadlines.complete(claim, record.last_human_at + self.idle_end)
                return None
            return TIMEOUT, await self._time_out(record)
        except (Conflict, Refused):  # a click came first: the deadlines are those of the record it saved
            record = await self.storage.games.load_game(claim.deadline.game_id)
            await self.storage.deadlines.complete(claim, due_at(record, claim.deadline))
            return None

    async def late(self, game_id: str, ply: int, user_id: int, *, reply: str | None = None) -> tuple[str, Outcome]:
        """Someone in a game presses "Time's up" on the turn at `ply`: past its deadline, the timeout action plays
        (or the game ends as abandoned after the idle time), as the deadline worker does where the bot can post;
        before it, `Refused` saying when the turn times out. Only players other than the one to act may press it.
        `reply`: the interaction's token, kept as the game's webhook (`GameRecord.webhook`)."""
        record = await self.games.load(game_id)
        if record.delivery != "interaction":  # (the worker times such a game's turns out: a forged button)
            raise Refused("refused.foreign_button")
        if not record.active:
            raise Refused("refused.over")
        state = state_of(record)
        if ply != state.ply:
            raise Refused("refused.moved_on")
        if user_id not in record.user_ids:
            raise Refused("refused.not_playing")
        if seat_user(record, state.current) == user_id:
            raise Refused("refused.late_yours")
        deadline = record.turn_deadline
        if deadline is None or seat_user(record, state.current) is None:
            raise Refused("refused.moved_on")
        if self.games.clock() < deadline:
            raise Refused("refused.not_late", at=int(deadline))
        if self.games.clock() - record.last_human_at >= self.idle_end:
            return ABANDONED, Outcome(await self.games.stop(record, status="abandoned"), state)
        return TIMEOUT, await self._time_out(self.games.replying(record, reply))

    async def _time_out(self, record: GameRecord) -> Outcome:
        """The guild's timeout action on the turn of the record's player to act."""
        settings = await self.games.guilds.settings(record.guild_id)
        state = state_of(record)
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
        return await self.games.commit(record.model_copy(update={"missed": missed}), state, steps)

    async def _finish(self, claim: Claim, record: GameRecord) -> tuple[str, Outcome] | None:
        """An ended game's follow-up: a finished one's results recorded (once), and the game handed back to be
        shown."""
        if record.active:  # (the save that queued it lost)
            await self.storage.deadlines.complete(claim)
            return None
        outcome = Outcome(record, state_of(record))
        if record.status == "finished":
            outcome.counted = await self.games.count(outcome)
            if not outcome.counted:  # storage failed: again when the claim's lease ends
                return None
        return FINISH, outcome
