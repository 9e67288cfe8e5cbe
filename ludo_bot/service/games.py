"""Games as players act on them: a click, leaving, ending, the live message's id. No Discord here.

Every operation loads its record from storage, checks who may act, applies the change with the engine, plays AI
seats and forced moves, and saves with a compare-and-set on the version it loaded. Nothing game-related stays in
memory between calls, so any number of bot processes can serve one game. Domain problems raise `Refused` with a
sentence for the player (a key of `service.words.i18n`).

Choices written down here:
- Rolling is never played automatically: the player to act always clicks Roll. A forced move (exactly one choice:
  one legal move or die choice, or several that all lead to the same position, such as entering any of the tokens
  in the yard, `engine.distinct_actions`) is played for them when `auto_single` is on, as the one button would.
- A turn deadline starts when a human player's turn starts; the one reminder of a turn comes `reminder_before`
  seconds earlier, but never before half the turn has passed (see `service.deadlines` for what happens then).
  A save that changes them sets them in the deadline queue too, in the same step where storage can.
- An AI of a level that thinks long (`seats.THINKING_LEVELS`: master) never plays on a click's path: the click is
  answered at that AI's turn, whose timeout is due at once; a deadline worker (woken by `due_now`) has a worker
  process play the AI seats' turns (`think`) and shows them in the same message. A process dying in between leaves
  the deadline to another's worker.
- A game's end is saved with a follow-up in the deadline queue (`FINISH`, `FINISH_AFTER` seconds later), in the
  same step: the results, ratings and history are recorded next, and the follow-up leaves the queue only once they
  are and the final board is shown (`settled`). A process dying in between, or storage failing, leaves it to a
  deadline worker, which records them (once: a game is counted once however often it is recorded) and shows the
  final board again. A game ended before its end (abandoned, settled by a tournament's deadline, ended by its host)
  has the same follow-up, with nothing to record: its live message must lose its buttons even when the process
  that ended it dies before showing it (the fuzz's kills found a settled table still offering moves).
- A tournament table's end (finished, or ended before) is saved with `TOURNEY` due at once, in the same step: a
  deadline worker hands its places to the tournament (`service.tournaments.rounds`), so none is lost if Redis blinks
  after the save.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable

from ludo_bot import engine
from ludo_bot.engine import ai, autoplay
from ludo_bot.service import ratings, recap
from ludo_bot.service.alerts import Alerts
from ludo_bot.service.errors import Duplicate, Refused, reason
from ludo_bot.service.guilds import Guilds
from ludo_bot.service.outcome import Outcome, Step
from ludo_bot.service.runtime.takeover import Takeover
from ludo_bot.service.runtime.thinking import ProcessPool
from ludo_bot.service.seasons import Seasons
from ludo_bot.service.seats import engine_level, seat_of, seat_user, thinks, to_play
from ludo_bot.service.words.i18n import COLOUR_KEYS, Term
from ludo_bot.storage import (
    SEASON_KEPT,
    ChannelBusy,
    Conflict,
    CorruptRecord,
    GameRecord,
    NotFound,
    RatingsChanged,
    SeasonResults,
    Seat,
    Storage,
    StorageError,
    playing_alone,
    results_of,
)
from ludo_bot.storage.game_log import state_of, state_text

logger = logging.getLogger(__name__)
RATING_TRIES = 5  # reads of the players' ratings before leaving a game's results to its follow-up
MAX_AUTO_STEPS = 5000  # a bound on AI and forced moves played in one go (a game is far shorter)
REMIND, TIMEOUT, FINISH = "remind", "timeout", "finish"  # the kinds of deadline
TOURNEY = "tourney"  # a tournament table's end, handed to its tournament (`service.tournaments.rounds`)
FINISH_AFTER = 20.0  # seconds after a game's end when its follow-up is due (if its last step left it undone)


class Games:
    """The games of every channel, as stored."""

    def __init__(self, storage: Storage, guilds: Guilds, takeover: Takeover, *,
                 clock: Callable[[], float] = time.time,
                 new_seed: Callable[[], int] = lambda: secrets.randbits(63), alerts: Alerts | None = None,
                 thinking: ProcessPool | None = None, seasons: Seasons | None = None) -> None:
        self.storage = storage
        self.thinking = thinking or ProcessPool("ai")
        self.due_now = asyncio.Event()  # set when a save queued a deadline due at once (an AI's turn, a table's end)
        self.guilds = guilds
        self.takeover = takeover
        self.clock = clock
        self.new_seed = new_seed
        self.alerts = alerts or Alerts(storage, clock=clock)
        self.seasons = seasons or Seasons(storage, guilds, clock=clock)

    async def load(self, game_id: str, *, with_log: bool = False) -> GameRecord:
        """A game (`Refused` if it is unknown or past its retention)."""
        try:
            return await self.storage.games.load_game(game_id, with_log=with_log)
        except NotFound as missing:
            raise Refused("refused.no_game") from missing

    async def act(self, game_id: str, ply: int, action_text: str, user_id: int, *,
                  click: int | None = None, channel_id: int | None = None, reply: str | None = None) -> Outcome:
        """A player's click: `action_text` at the position (`state.ply`) the button was made for. With `click`
        (the interaction's id) the click is claimed in the load's round trip: `Duplicate` when another bot process
        has it. With `channel_id`, where the button was clicked: a game's buttons are shown only in its channel, so
        a button elsewhere (a copy, a forgery) moves nothing. `reply`: the interaction's token, kept with a game
        delivered through interactions (`GameRecord.webhook`).

        Buttons carry the engine's ply rather than the record's storage version, so that saving
        the live message's id does not make fresh buttons stale; the save still compares versions."""
        record = await self.load(game_id) if click is None else await self._claim_and_load(game_id, click)
        if channel_id is not None and channel_id != record.channel_id:
            raise Refused("refused.other_channel")
        if not record.active:
            raise Refused("refused.over")
        start = state = state_of(record)
        if ply != state.ply:
            raise Refused("refused.moved_on")
        seat = seat_of(record, user_id)
        if seat is None:
            raise Refused("refused.not_playing")
        if seat != state.current:
            raise Refused("refused.not_your_turn", who=to_play(record, state.current),
                          colour=Term(COLOUR_KEYS[state.current]))
        try:
            action = engine.parse_action(action_text)
        except engine.InvalidAction as error:
            raise Refused("refused.foreign_button") from error
        if action not in engine.legal_actions(state):  # e.g. a forged Resign of another seat, or a Skip
            raise Refused("refused.foreign_button")
        try:
            state, events = engine.apply(state, action)
        except engine.IllegalAction as error:
            raise Refused("refused.illegal", error=reason(error)) from error
        steps = [Step(seat, action, "player", events)]
        missed = list(record.missed)
        missed[seat] = 0
        changes = {"missed": missed, "last_human_at": self.clock()}  # a person acted: the idle end counts anew
        return await self.commit(self.replying(record.model_copy(update=changes), reply), state, steps, before=start)

    def replying(self, record: GameRecord, reply: str | None) -> GameRecord:
        """`record` keeping `reply`, the token of the interaction that moves it now, if it is a game delivered through
        interactions: the turns of an AI that thinks are shown through its webhook (`GameRecord.webhook`)."""
        if reply is None or record.delivery != "interaction":
            return record
        return record.model_copy(update={"webhook": reply, "webhook_at": self.clock()})

    async def _claim_and_load(self, game_id: str, click: int) -> GameRecord:
        """Claim a click, file it in the game's inbox (see `service.runtime.takeover`) and load the game: one script.
        A click adopted from a dead process was claimed by it."""
        if click in self.takeover.adopted:
            return await self.load(game_id)
        try:
            loaded = await self.takeover.claim_with(click, game_id, lambda filing, now: (
                self.storage.games.claim_and_load(game_id, click, now=now, filing=filing)))
        except NotFound as missing:
            raise Refused("refused.no_game") from missing
        if loaded is None:
            raise Duplicate(click)
        return loaded

    async def leave(self, game_id: str, user_id: int, *, reply: str | None = None) -> Outcome:
        """A player forfeits. With the lobby option `ai_takeover` an AI takes the seat instead. `reply`: as `act`'s."""
        record = self.replying(await self.load(game_id), reply)
        seat = seat_of(record, user_id)
        if seat is None or not record.active:
            raise Refused("refused.not_playing")
        state = state_of(record)
        if seat not in state.active:  # left before (or finished): nothing to leave
            raise Refused("refused.left_already")
        if record.ai_takeover:
            seats = [Seat(seat=s.seat, ai_level=1) if s.seat == seat else s for s in record.seats]
            taken = await self.commit(record.model_copy(update={"seats": seats}), state, [])
            await self.storage.games.users.remove(record.id, [user_id])  # no longer theirs (the game's end cannot say)
            await self._now_alone(taken.record, record, taken.state, state)  # (`commit` saw the AI's seat already)
            return taken
        state, events = engine.apply(state, engine.Resign(seat))
        return await self.commit(record, state, [Step(seat, engine.Resign(seat), "player", events)])

    async def _now_alone(self, record: GameRecord, before: GameRecord, state: engine.GameState,
                         was: engine.GameState) -> None:
        """A game that became one a person plays alone against AI seats (`record` at `state`, `before` at `was`)
        takes one of that person's open places (`storage.limits`): its other people left or finished."""
        alone = playing_alone(record, state)
        if alone is None or alone == playing_alone(before, was):
            return
        try:
            await self.storage.limits.now_alone(record.guild_id, alone, record.id)
        except StorageError as error:  # the save stands; the game goes uncounted
            logger.warning("game %s: not counted as played alone by %s: %s", record.id, alone, error)

    async def end(self, game_id: str, user_id: int, *, can_manage: bool) -> GameRecord:
        """The host or a channel manager ends a game early; nobody's stats count it. A tournament's table is ranked as
        it stood, so none of its players may end it (its host, the organiser, may be one of them: it would take the
        place they lead with)."""
        record = await self.load(game_id)
        if not record.active:
            raise Refused("refused.already_over")
        if record.tournament is not None and seat_of(record, user_id) is not None:
            raise Refused("refused.table_player_ends")
        if user_id != record.host_id and not can_manage:
            raise Refused("refused.host_ends")
        return await self.stop(record, status="ended", ended_by=user_id)

    async def stop(self, record: GameRecord, **changes: object) -> GameRecord:
        """End a game early with `changes` (its status, who ended it): its deadlines go, nobody's stats count it.
        `Refused` when the game changed since `record` was loaded."""
        ended = record.model_copy(update={**changes, "turn_deadline": None, "reminder_at": None,
                                          "turn_ends": {}})
        try:
            saved = await self.storage.games.save_game(ended, due=self.due(ended))
        except Conflict as conflict:
            raise Refused("refused.game_race") from conflict
        if saved.tournament is not None:
            self.due_now.set()  # a table's end, handed to its tournament by this process's deadline worker
        return saved

    async def replace_message(self, record: GameRecord, message_id: int) -> tuple[GameRecord, int | None, bool]:
        """Remember the live game message, unless a newer one is remembered already (Discord's ids grow with time:
        of two messages racing, the one shown last wins), in one step that never conflicts with a move. Returns the
        record with the id remembered now, the id remembered just before (None: none), which the new one replaces,
        and whether the game moved on since `record` (what the new message shows): saved since, or gone."""
        shown, before, version = await self.storage.games.replace_message(record.id, message_id)
        return record.model_copy(update={"message_id": shown}), before, version != record.version

    # -- the common path ---------------------------------------------------------------------------
    async def commit(self, record: GameRecord, state: engine.GameState, steps: list[Step], *,
                     new: bool = False, before: engine.GameState | None = None) -> Outcome:
        """Play AI seats and forced moves, set deadlines, save (compare-and-set; a `new` game is created) with
        the deadlines when they change, and record a finished game's results. `before`: the record's state, when
        the caller has it (parsing a state was half the engine's time in a click, in the load benchmark's
        profile)."""
        before = before or state_of(record)
        outcome = self.advance(record, state, steps)
        outcome.record = recap.mark_turn_end(outcome.record, before, state if steps else None, outcome.state)
        turn_changed = (new or outcome.state.current != before.current or outcome.state.turns != before.turns
                        or outcome.state.over)
        outcome.record = await self._deadlines(outcome.record, outcome.state, turn_changed=turn_changed)
        due = self.due(outcome.record)
        texts = [engine.action_text(step.action) for step in outcome.steps]
        since = None if new else recap.to_tell(record, outcome, before)
        try:
            if new:
                outcome.record = await self.storage.games.create_game(outcome.record, texts, due=due)
            else:
                changed = due != self.due(record)
                outcome.record, entries = await self.storage.games.save_and_read(
                    outcome.record, texts, due=due if changed else None, read=since.span if since else None)
        except ChannelBusy as busy:
            raise Refused("refused.channel_has_game") from busy
        except Conflict as conflict:
            raise Refused("refused.act_race") from conflict
        if not new:
            await self._now_alone(outcome.record, record, outcome.state, before)
        if outcome.record.turn_deadline is not None and seat_user(outcome.record, outcome.state.current) is None:
            self.due_now.set()  # an AI's turn to think is saved: this process's deadline worker takes it at once
        if outcome.record.tournament is not None and not outcome.record.active:
            self.due_now.set()  # and a table's end, handed to its tournament
        if outcome.record.status == "finished":
            outcome.counted = await self.count(outcome)
        await self.alerts.turn_passed(record, before, outcome, new=new)  # a DM, if the member to act wants one
        if since is not None:
            earlier = since.told(entries)
            outcome.told = None if earlier is None else [*earlier, *outcome.events]
        return outcome

    def advance(self, record: GameRecord, state: engine.GameState, steps: list[Step]) -> Outcome:
        """Play AI seats, and forced moves when the game's `auto_single` is on, until a human must choose or the
        game ends."""
        steps = list(steps)
        for _ in range(MAX_AUTO_STEPS):
            if state.over:
                break
            seat = state.current
            owner = next(s for s in record.seats if s.seat == seat)
            if owner.ai_level is not None and thinks(record, seat):
                break  # played off the click path (`think`)
            if owner.ai_level is not None:
                action, by = ai.choose(state, engine_level(owner.ai_level)), "ai"
            else:
                choices = engine.distinct_actions(state)  # moves to one position are one choice (one button)
                if not (record.auto_single and len(choices) == 1 and not isinstance(choices[0][0], engine.Roll)):
                    break
                action, by = choices[0][0], "auto"
            state, events = engine.apply(state, action)
            steps.append(Step(seat, action, by, events))  # type: ignore[arg-type]  # by is one of By
        changes: dict[str, object] = {"state": state_text(state)}
        if state.over:
            changes["status"] = "finished"
        return Outcome(record.model_copy(update=changes), state, steps)

    async def _deadlines(self, record: GameRecord, state: engine.GameState, *, turn_changed: bool) -> GameRecord:
        """The turn's deadline and reminder: set when a person's turn starts (by the game's turn length and
        reminder, fixed when it started; a game stored before that reads its guild's settings), kept within a
        turn, none when nobody is to act."""
        if state.over or not record.active:
            return record.model_copy(update={"turn_deadline": None, "reminder_at": None})
        if seat_user(record, state.current) is None:  # an AI that thinks is to play: due at once (`think`)
            due = self.clock() if thinks(record, state.current) else None
            return record.model_copy(update={"turn_deadline": due, "reminder_at": None})
        if not turn_changed and record.turn_deadline is not None:
            return record
        turn, before = record.turn_seconds, record.reminder_before
        if turn is None or before is None:
            settings = await self.guilds.settings(record.guild_id)
            turn, before = turn or settings.turn_deadline, settings.reminder_before if before is None else before
        deadline = self.clock() + turn
        # a reminder never before half the turn has passed (a 1-minute turn would be reminded as it starts); none
        # where the game is delivered through interactions (a reminder would be a channel call)
        remind = deadline - min(before, turn / 2) if before and record.delivery == "channel" else None
        return record.model_copy(update={"turn_deadline": deadline, "reminder_at": remind})

    async def think(self, record: GameRecord) -> Outcome:
        """The turns of the AI seats to act (levels that think), played in a worker process, then as after a click:
        AI seats that play at once and forced moves, saved with a compare-and-set (`Refused` when a race lost)."""
        state = state_of(record)
        levels = {s.seat: engine_level(s.ai_level) for s in record.seats if s.ai_level is not None}
        texts = await self.thinking.run(autoplay.ai_turns, record.state, levels)
        steps: list[Step] = []
        played = state
        for text in texts:
            seat = played.current
            action = engine.parse_action(text)
            played, events = engine.apply(played, action)
            steps.append(Step(seat, action, "ai", events))
        return await self.commit(record, played, steps, before=state)

    def due(self, record: GameRecord) -> dict[str, float | None]:
        """A game's deadlines as its record gives them, every kind (None: none); an ended game's follow-up is due
        `FINISH_AFTER` seconds from now."""
        finish = None if record.active else self.clock() + FINISH_AFTER
        due = {TIMEOUT: record.turn_deadline, REMIND: record.reminder_at, FINISH: finish}
        if record.tournament is not None:  # a table's end goes to its tournament (left alone by `settled`)
            due[TOURNEY] = None if record.active else self.clock()
        return due

    async def count(self, outcome: Outcome) -> bool:
        """Record a finished game's results, history entry, preset counts and ratings, all time and in the guild's
        season (one script; a game counted before is not counted again). False when it could not be done now (its
        follow-up does it later); True too for a game whose log cannot be counted (logged)."""
        record = outcome.record
        try:
            log = await self.storage.games.load_log(record.id)
            results = results_of(record, log)
            sides = ratings.rated_sides(record, outcome.state)
            rated = [u for users, _ in sides for u in users]
            at = self.clock()
            season_id = await self.seasons.counting(record.guild_id, at, rated=bool(sides))
            for _ in range(RATING_TRIES):
                before = await self.storage.stats.ratings(record.guild_id, rated)
                season = None
                if season_id is not None:  # a rating of its own, fresh at the season's start
                    since = await self.storage.seasons.ratings(record.guild_id, season_id, rated)
                    season = SeasonResults(season_id, self.seasons.ends(season_id) + SEASON_KEPT,
                                           ratings.rate(sides, since))
                try:
                    await self.storage.stats.record_results(
                        record.guild_id, record.id, results, preset=outcome.state.rules.name,
                        finished_at=at, ratings=ratings.rate(sides, before), season=season)
                    return True
                except RatingsChanged:  # another game of a player finished at the same moment: rate again
                    continue
            logger.warning("game %s: ratings kept changing; results left to the game's follow-up", record.id)
        except CorruptRecord:  # a log that does not replay cannot be counted, now or later: left for a person
            logger.exception("game %s: results cannot be recorded", record.id)
            return True
        except StorageError as error:  # the end is saved with its follow-up, which records them later
            logger.warning("game %s: results not recorded yet: %s", record.id, error)
        return False

    async def settled(self, outcome: Outcome) -> None:
        """An ended game's final board is shown: once a finished one's results are recorded, its follow-up leaves
        the deadline queue (else a deadline worker records them and shows the board again). Never raises."""
        record = outcome.record
        if record.status == "finished" and not outcome.counted:
            outcome.counted = await self.count(outcome)
            if not outcome.counted:
                return
        try:
            await self.storage.deadlines.sync(record.id, record.version, dict.fromkeys((TIMEOUT, REMIND, FINISH)))
        except StorageError as error:
            logger.warning("game %s: its follow-up stays queued: %s", record.id, error)
