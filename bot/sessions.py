"""Channel sessions: lobbies and games as players act on them. No Discord here.

Every operation loads its record from storage, checks who may act, applies the change with the
engine, plays AI seats and forced moves, and saves with a compare-and-set on the version it
loaded. Nothing game-related stays in memory between calls, so any number of bot processes can
serve one game. Domain problems raise `Refused` with a sentence for the player (a key of `bot.i18n`).

Choices written down here:
- Rolling is never played automatically: the player to act always clicks Roll. A forced move
  (exactly one legal move or die choice) is played for them when `auto_single` is on.
- A turn deadline starts when a human player's turn starts; the one reminder of a turn comes
  `reminder_before` seconds earlier, but never before half the turn has passed. At the deadline
  the guild's timeout action plays: "ai" (an AI plays that turn), "skip", or "forfeit" (skip, and
  resign after `forfeit_after` missed turns in a row).
- Deadlines are scheduled before the save that makes them current, and a worker acts only when the
  stored record still says the deadline has come, so a lost save or a late worker does nothing wrong.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import engine
from bot import limits, ratings
from bot.i18n import COLOUR_KEYS, DEFAULT, Phrase, Term, colour, translate
from engine import ai
from storage import (
    ChannelBusy,
    Claim,
    Conflict,
    Deadline,
    GameRecord,
    GuildSettings,
    LobbyLimits,
    LobbyRecord,
    LobbySeat,
    NotFound,
    OverLimit,
    RatingsChanged,
    Seat,
    Storage,
    new_game_id,
    new_record,
    results_of,
)
from storage.replay import state_of

logger = logging.getLogger(__name__)

AI_LEVELS = ai.LEVELS  # a seat's ai_level indexes this tuple
RATING_TRIES = 5  # reads of the players' ratings before giving up on recording a game's results
SET_MESSAGE_TRIES = 5  # saves of the live message's id lost to other changes before giving up
MAX_AUTO_STEPS = 5000  # a bound on AI and forced moves played in one go (a game is far shorter)
REMIND, TIMEOUT = "remind", "timeout"
By = Literal["player", "ai", "auto", "timeout"]


class Refused(Phrase):
    """A request the rules or the game's state do not allow; the message (a `Phrase`) is for the player."""


@dataclass(frozen=True, slots=True)
class Step:
    """One action played, by whom, and what it caused."""

    seat: int
    action: engine.Action
    by: By
    events: tuple[engine.Event, ...]


@dataclass(slots=True)
class Outcome:
    """A game after an operation: the saved record, its state, and the steps played on the way."""

    record: GameRecord
    state: engine.GameState
    steps: list[Step] = field(default_factory=list)

    @property
    def events(self) -> list[engine.Event]:
        """Every event of the steps, in order."""
        return [event for step in self.steps for event in step.events]

    def player_to_act(self) -> int | None:
        """The Discord user whose turn it is, if a human must act."""
        if self.state.over or not self.record.active:
            return None
        return seat_user(self.record, self.state.current)


def level_name(level: int) -> str:
    """The engine AI level of a stored level number (numbers past the last level play the strongest)."""
    return AI_LEVELS[min(max(level, 0), len(AI_LEVELS) - 1)]


def _name(name: str | None) -> str | None:
    return name[:100] if name else None


def seat_names(record: GameRecord, lang: str = DEFAULT) -> dict[int, str]:
    """Display names per seat: the player's name, or "Red AI (level)"."""
    def default(seat: Seat) -> str:
        name = colour(lang, seat.seat).capitalize()
        if seat.ai_level is None:
            return seat.name or name
        return translate(lang, "seat.ai", colour=name, level=translate(lang, "ai." + level_name(seat.ai_level)))

    return {s.seat: default(s) for s in record.seats}


def seat_user(record: GameRecord, seat: int) -> int | None:
    """The user id holding `seat`, or None for an AI seat."""
    for s in record.seats:
        if s.seat == seat:
            return s.user_id
    return None


def seat_of(record: GameRecord, user_id: int) -> int | None:
    """The seat a user holds in a game."""
    for s in record.seats:
        if s.user_id == user_id:
            return s.seat
    return None


def lobby_rules(lobby: LobbyRecord) -> engine.Rules:
    """The rules a lobby will play (`Refused` if its options are impossible)."""
    options = {k: (tuple(v) if isinstance(v, list) else v) for k, v in lobby.options.items()
               if k not in LOBBY_ONLY_OPTIONS}
    try:
        return engine.Rules.preset(lobby.preset, **options)
    except engine.RulesError as error:
        raise Refused("refused.rules", error=error) from error


LOBBY_ONLY_OPTIONS = frozenset({"seats", "ai_takeover", "auto_single", "turn_seconds", "thread"})


class Sessions:
    """Lobbies and games of every channel, as stored in `storage`."""

    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time,
                 new_seed: Callable[[], int] = lambda: secrets.randbits(63),
                 defaults: Mapping[str, Any] | None = None, open_limits: LobbyLimits | None = None) -> None:
        self.storage = storage
        self.clock = clock
        self.new_seed = new_seed
        self.defaults = dict(defaults or {})  # guild settings for guilds that never saved any
        self.open_limits = open_limits or limits.DEFAULT_LIMITS

    # -- guild settings ------------------------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A guild's settings: as saved, else the operator's defaults."""
        saved = await self.storage.settings.load_settings(guild_id)
        return saved if saved.version else saved.model_copy(update=self.defaults)

    async def update_settings(self, guild_id: int, changes: Mapping[str, Any]) -> GuildSettings:
        """Change some of a guild's settings (compare-and-set); `Refused` for impossible values."""
        current = await self.guild_settings(guild_id)
        if "preset" in changes or "options" in changes:
            probe = LobbyRecord(id="probe", guild_id=guild_id, channel_id=0, host_id=0,
                                preset=changes.get("preset", current.preset), options=changes.get("options", {}))
            lobby_rules(probe)
        try:
            updated = GuildSettings.model_validate({**current.model_dump(), **changes})
        except ValueError as error:
            raise Refused("refused.settings", error=error) from error
        try:
            return await self.storage.settings.save_settings(updated)
        except Conflict as conflict:
            raise Refused("refused.settings_race") from conflict

    # -- lobbies -----------------------------------------------------------------------------------
    async def open_lobby(self, *, guild_id: int, channel_id: int, host_id: int, preset: str | None,
                         options: dict[str, Any], host_name: str | None = None, locale: str = "en-US") -> LobbyRecord:
        """A new lobby in a channel with the host seated, speaking the guild's `locale` (and so will its game);
        `Refused` for impossible options, a channel that has a game, or a limit on opening lobbies (`bot.limits`).
        Only a lobby that opens counts against the limits."""
        settings = await self.guild_settings(guild_id)
        lobby = LobbyRecord(id=new_game_id(), guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                            preset=preset or settings.preset, options={**settings.options, **options},
                            players=[LobbySeat(user_id=host_id, name=_name(host_name))], locale=locale)
        lobby_rules(lobby)  # refuse impossible options before anyone joins
        try:
            return await self.storage.lobbies.create_lobby(lobby, limits=self.open_limits, now=self.clock())
        except ChannelBusy as busy:
            raise Refused("refused.channel_busy", holder=busy.holder) from busy
        except OverLimit as over:
            refusal = limits.refusal(over)
            raise Refused(refusal.key, **refusal.values) from over

    async def load_lobby(self, lobby_id: str) -> LobbyRecord:
        """A lobby (`Refused` once it is gone)."""
        try:
            return await self.storage.lobbies.load_lobby(lobby_id)
        except NotFound as missing:
            raise Refused("refused.lobby_closed") from missing

    async def update_lobby(self, lobby_id: str, user_id: int, change: str, level: int = 1,
                           name: str | None = None) -> LobbyRecord:
        """`change` is join, leave or add_ai (host only); compare-and-set."""
        lobby = await self.load_lobby(lobby_id)
        players = list(lobby.players)
        wanted = lobby.options.get("seats", 4)
        seats = wanted if isinstance(wanted, int) else 4
        humans = [p.user_id for p in players if p.user_id is not None]
        if change == "join":
            if user_id in humans:
                raise Refused("refused.already_in")
            if len(players) >= seats:
                raise Refused("refused.full")
            players.append(LobbySeat(user_id=user_id, name=_name(name)))
        elif change == "leave":
            if user_id == lobby.host_id:
                raise Refused("refused.host_leaves")
            if user_id not in humans:
                raise Refused("refused.not_in")
            players = [p for p in players if p.user_id != user_id]
        elif change == "add_ai":
            if user_id != lobby.host_id:
                raise Refused("refused.host_adds_ai")
            if len(players) >= seats:
                raise Refused("refused.full")
            if not 0 <= level < len(AI_LEVELS):
                raise Refused("refused.ai_levels", top=len(AI_LEVELS) - 1)
            players.append(LobbySeat(ai_level=level))
        else:
            raise ValueError(f"unknown lobby change {change!r}")
        try:
            return await self.storage.lobbies.save_lobby(lobby.model_copy(update={"players": players}))
        except Conflict as conflict:
            raise Refused("refused.lobby_race") from conflict

    async def cancel_lobby(self, lobby_id: str, user_id: int, *, can_manage: bool) -> LobbyRecord:
        """The host (or a channel manager) closes a lobby."""
        lobby = await self.load_lobby(lobby_id)
        if user_id != lobby.host_id and not can_manage:
            raise Refused("refused.host_cancels")
        await self.storage.lobbies.drop_lobby(lobby)
        return lobby

    async def start_game(self, lobby_id: str, user_id: int, channel_id: int | None = None, *,
                         message_id: int | None = None) -> Outcome:
        """The host starts: seats are given out, the turn-order roll made, AI seats play until a human acts.
        `message_id`: the message that will show the game (the lobby's, answered in place), if known."""
        lobby = await self.load_lobby(lobby_id)
        if user_id != lobby.host_id:
            raise Refused("refused.host_starts")
        if len(lobby.players) < 2:
            raise Refused("refused.two_players")
        rules = lobby_rules(lobby)
        if rules.teams and len(lobby.players) != engine.rules.MAX_SEATS:
            raise Refused("refused.teams_seats", now=len(lobby.players))
        numbers = engine.rules.default_seats(len(lobby.players))
        seats = [Seat(seat=n, user_id=p.user_id, ai_level=p.ai_level, name=p.name)
                 for n, p in zip(numbers, lobby.players, strict=True)]
        record = new_record(lobby.id, guild_id=lobby.guild_id, channel_id=channel_id or lobby.channel_id,
                            host_id=lobby.host_id,
                            rules=rules, seats=seats, seed=self.new_seed())
        turn_seconds = lobby.options.get("turn_seconds")
        record = record.model_copy(update={"message_id": message_id, "locale": lobby.locale,
                                           "turn_seconds": turn_seconds if isinstance(turn_seconds, int) else None,
                                           "ai_takeover": bool(lobby.options.get("ai_takeover", False)),
                                           "auto_single": bool(lobby.options.get("auto_single", True))})
        outcome = await self._commit(record, state_of(record), [], new=True)
        if record.channel_id != lobby.channel_id:  # the game lives in its own thread: free the parent channel
            await self.storage.games.channels.release(lobby.channel_id, lobby.id)
        return outcome

    # -- games ------------------------------------------------------------------------------------
    async def load_game(self, game_id: str) -> GameRecord:
        """A game (`Refused` if it is unknown or past its retention)."""
        try:
            return await self.storage.games.load_game(game_id)
        except NotFound as missing:
            raise Refused("refused.no_game") from missing

    async def act(self, game_id: str, ply: int, action_text: str, user_id: int) -> Outcome:
        """A player's click: `action_text` at the position (`state.ply`) the button was made for.

        Buttons carry the engine's ply rather than the record's storage version, so that saving
        the live message's id does not make fresh buttons stale; the save still compares versions."""
        record = await self.load_game(game_id)
        if not record.active:
            raise Refused("refused.over")
        state = state_of(record)
        if ply != state.ply:
            raise Refused("refused.moved_on")
        seat = seat_of(record, user_id)
        if seat is None:
            raise Refused("refused.not_playing")
        if seat != state.current:
            raise Refused("refused.not_your_turn", colour=Term(COLOUR_KEYS[state.current]))
        try:
            action = engine.parse_action(action_text)
        except engine.IllegalAction as error:
            raise Refused("refused.foreign_button") from error
        if action not in engine.legal_actions(state):  # e.g. a forged Resign of another seat, or a Skip
            raise Refused("refused.foreign_button")
        try:
            state, events = engine.apply(state, action)
        except engine.IllegalAction as error:
            raise Refused("refused.illegal", error=error) from error
        steps = [Step(seat, action, "player", events)]
        missed = list(record.missed)
        missed[seat] = 0
        return await self._commit(record.model_copy(update={"missed": missed}), state, steps)

    async def leave(self, game_id: str, user_id: int) -> Outcome:
        """A player forfeits. With the lobby option `ai_takeover` an AI takes the seat instead."""
        record = await self.load_game(game_id)
        seat = seat_of(record, user_id)
        if seat is None or not record.active:
            raise Refused("refused.not_playing")
        state = state_of(record)
        if record.ai_takeover:
            seats = [Seat(seat=s.seat, ai_level=1) if s.seat == seat else s for s in record.seats]
            return await self._commit(record.model_copy(update={"seats": seats}), state, [])
        state, events = engine.apply(state, engine.Resign(seat))
        return await self._commit(record, state, [Step(seat, engine.Resign(seat), "player", events)])

    async def end(self, game_id: str, user_id: int, *, can_manage: bool) -> GameRecord:
        """The host or a channel manager ends a game early; nobody's stats count it."""
        record = await self.load_game(game_id)
        if not record.active:
            raise Refused("refused.already_over")
        if user_id != record.host_id and not can_manage:
            raise Refused("refused.host_ends")
        ended = record.model_copy(update={"status": "ended", "ended_reason": f"ended by <@{user_id}>",
                                          "turn_deadline": None, "reminder_at": None})
        try:
            saved = await self.storage.games.save_game(ended)
        except Conflict as conflict:
            raise Refused("refused.game_race") from conflict
        await self.storage.deadlines.cancel(Deadline(REMIND, game_id), Deadline(TIMEOUT, game_id))
        return saved

    async def set_message(self, record: GameRecord, message_id: int) -> GameRecord:
        """Remember the live game message, unless a newer one is remembered already (Discord's ids grow with time:
        of two answers racing, the one shown last wins). A save lost to another change is made again on top of it."""
        for _ in range(SET_MESSAGE_TRIES):
            if record.message_id is not None and record.message_id >= message_id:
                return record
            try:
                return await self.storage.games.save_game(record.model_copy(update={"message_id": message_id}))
            except Conflict:
                record = await self.load_game(record.id)
        logger.warning("game %s: could not remember message %s (the game kept changing)", record.id, message_id)
        return record

    # -- deadlines --------------------------------------------------------------------------------
    async def on_deadline(self, claim: Claim) -> tuple[str, Outcome] | None:
        """Handle a claimed deadline: ("remind", outcome) or ("timeout", outcome), or None when nothing
        is due any more (the turn moved on, the game ended). The claim is completed either way."""
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
        now = self.clock()
        state = state_of(record)
        if deadline.kind == REMIND:
            if record.reminder_at is None or record.reminder_at > now:
                return None
            try:  # clear the reminder so that it fires once, whichever process claimed it
                saved = await self.storage.games.save_game(record.model_copy(update={"reminder_at": None}))
            except Conflict:
                return None
            return REMIND, Outcome(saved, state)
        if record.turn_deadline is None or record.turn_deadline > now:
            return None
        settings = await self.guild_settings(record.guild_id)
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
            outcome = await self._commit(record.model_copy(update={"missed": missed}), state, steps)
        except Refused:
            return None
        return TIMEOUT, outcome

    # -- the common path ---------------------------------------------------------------------------
    async def _commit(self, record: GameRecord, state: engine.GameState, steps: list[Step], *,
                      new: bool = False) -> Outcome:
        """Play AI seats and forced moves, set deadlines, save (compare-and-set; a `new` game is created),
        count a finished game."""
        before = state_of(record)
        outcome = self._advance(record, state, steps, auto_single=record.auto_single)
        turn_changed = (new or outcome.state.current != before.current or outcome.state.turns != before.turns
                        or outcome.state.over)
        outcome.record = await self._deadlines(outcome.record, outcome.state, turn_changed=turn_changed)
        if (outcome.record.turn_deadline, outcome.record.reminder_at) != (record.turn_deadline, record.reminder_at):
            await self._schedule(outcome.record)  # within a turn they stay as they are
        texts = self._texts(outcome.steps)
        try:
            if new:
                outcome.record = await self.storage.games.create_game(outcome.record, texts)
            else:
                outcome.record = await self.storage.games.save_game(outcome.record, texts)
        except ChannelBusy as busy:
            raise Refused("refused.channel_has_game") from busy
        except Conflict as conflict:
            raise Refused("refused.act_race") from conflict
        await self._finish_if_over(outcome)
        return outcome

    def _advance(self, record: GameRecord, state: engine.GameState, steps: list[Step], *,
                 auto_single: bool) -> Outcome:
        """Play AI seats, and forced moves when `auto_single`, until a human must choose or the game ends."""
        steps = list(steps)
        for _ in range(MAX_AUTO_STEPS):
            if state.over:
                break
            seat = state.current
            owner = next(s for s in record.seats if s.seat == seat)
            if owner.ai_level is not None:
                action, by = ai.choose(state, level_name(owner.ai_level)), "ai"
            else:
                legal = engine.legal_actions(state)
                if not (auto_single and len(legal) == 1 and not isinstance(legal[0], engine.Roll)):
                    break
                action, by = legal[0], "auto"
            state, events = engine.apply(state, action)
            steps.append(Step(seat, action, by, events))  # type: ignore[arg-type]  # by is one of By
        changes: dict[str, object] = {"state": engine.to_text(state)}
        if state.over:
            changes["status"] = "finished"
        return Outcome(record.model_copy(update=changes), state, steps)

    async def _deadlines(self, record: GameRecord, state: engine.GameState, *, turn_changed: bool) -> GameRecord:
        """The turn's deadline and reminder: set when a person's turn starts (from the guild's settings, read
        only then), kept within a turn, none when nobody is to act."""
        if state.over or not record.active or seat_user(record, state.current) is None:
            return record.model_copy(update={"turn_deadline": None, "reminder_at": None})
        if not turn_changed and record.turn_deadline is not None:
            return record
        settings = await self.guild_settings(record.guild_id)
        turn = record.turn_seconds or settings.turn_deadline
        deadline = self.clock() + turn
        # a reminder never before half the turn has passed (a 1-minute turn would be reminded as it starts)
        remind = deadline - min(settings.reminder_before, turn / 2) if settings.reminder_before else None
        return record.model_copy(update={"turn_deadline": deadline, "reminder_at": remind})

    async def _schedule(self, record: GameRecord) -> None:
        """The turn's timeout and reminder (None removes them), in one round trip."""
        await self.storage.deadlines.set_due({Deadline(TIMEOUT, record.id): record.turn_deadline,
                                              Deadline(REMIND, record.id): record.reminder_at})

    async def _finish_if_over(self, outcome: Outcome) -> None:
        if outcome.record.status != "finished":
            return
        record = outcome.record
        log = await self.storage.games.load_log(record.id)
        results = results_of(record, log)
        sides = ratings.rated_sides(record, outcome.state)
        for _ in range(RATING_TRIES):  # results, history entry, preset counts and ratings: one script
            before = await self.storage.stats.ratings(record.guild_id, [u for users, _ in sides for u in users])
            try:
                await self.storage.stats.record_results(
                    record.guild_id, record.id, results, preset=outcome.state.rules.name, finished_at=self.clock(),
                    ratings=ratings.rate(sides, before))
                return
            except RatingsChanged:  # another game of a player finished at the same moment: rate again
                continue
        logger.warning("game %s: ratings kept changing; results not recorded", record.id)

    @staticmethod
    def _texts(steps: list[Step]) -> list[str]:
        return [engine.action_text(step.action) for step in steps]


