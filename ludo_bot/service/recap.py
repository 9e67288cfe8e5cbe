"""What happened since a person's last turn, for the message that tells them it is their turn again.

A click that passes the turn to another person is answered by a new message mentioning them, and the message
before it goes; so that person sees only that message. It tells what happened since their own turn last ended
(the others' turns and the AI seats' in between), not only the last click's: the game keeps, per person's seat,
the position where that seat's turn last ended (`GameRecord.turn_ends`, set when a turn ends, only in games of two
people or more), and the log's tail from there is replayed (`LogTail`; its words are `service.words.text.account`).
The cost stays on the clicks that end a turn: a click that keeps the turn does neither; and the tail is read in the
save's own step (`LogTail.span`, given to `Games.save_and_read`), so a click that passes the turn costs no extra round
trip (a click's budget is 3).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from ludo_bot import engine
from ludo_bot.engine.notation import parse_rules
from ludo_bot.service.outcome import Outcome
from ludo_bot.service.seats import seat_user
from ludo_bot.storage import GameRecord, Storage, StorageError

logger = logging.getLogger(__name__)
FROM_START = 100  # a seat without a turn end yet (the first round): the log is replayed from the start if this short
MOST_REPLAYED = 400  # actions replayed at most (a round of 4 people is far shorter)


def people(record: GameRecord) -> int:
    """How many seats people hold."""
    return sum(seat.user_id is not None for seat in record.seats)


def mark_turn_end(record: GameRecord, before: engine.GameState, acted: engine.GameState | None,
                  after: engine.GameState) -> GameRecord:
    """`record`, the game after a step that started at `before` and was played to `after` (AI seats and forced
    moves included), keeping where the turn of the seat to act at `before` ended, when it did and a person holds
    it in a game of two people or more: at `acted`, after that seat's own actions (None: it did not act). A
    finished game keeps none."""
    if after.over:
        return record.model_copy(update={"turn_ends": {}}) if record.turn_ends else record
    seat = before.current
    if acted is None or (after.current == seat and after.turns == before.turns) or seat not in after.active:
        return record  # the turn goes on (or the seat is out)
    if seat_user(record, seat) is None or people(record) < 2:
        return record
    return record.model_copy(update={"turn_ends": {**record.turn_ends, seat: engine.to_text(acted)}})


def last_person(record: GameRecord) -> int | None:
    """The person whose turn ended last, whom the AI's turns played after their click follow (a game of one person:
    that person; None when no turn of a person has ended yet)."""
    if people(record) < 2:
        return next((s.user_id for s in record.seats if s.user_id is not None), None)
    if not record.turn_ends:
        return None
    seat = max(record.turn_ends, key=lambda s: engine.from_text(record.turn_ends[s]).ply)
    return seat_user(record, seat)


@dataclass(frozen=True, slots=True)
class LogTail:
    """The log's tail that tells the turns since a seat's last: replayed from `start`, up to the log's entry `end`
    (exclusive), after which the operation's own events follow."""

    game_id: str
    seat: int
    start: engine.GameState
    end: int

    @property
    def span(self) -> tuple[int, int] | None:
        """The log entries to read (first, last: inclusive); None: none."""
        return (self.start.ply, self.end - 1) if self.start.ply < self.end else None

    def told(self, entries: list[str]) -> list[engine.Event] | None:
        """The events of `entries` (the log's `span`) replayed from `start`; None when they do not replay
        (logged)."""
        state, events = self.start, list[engine.Event]()
        try:
            for text in entries:
                state, happened = engine.apply(state, engine.parse_action(text))
                events.extend(happened)
        except (engine.InvalidAction, engine.IllegalAction) as error:
            _untold(self.game_id, self.seat, error)
            return None
        return events


def to_tell(record: GameRecord, outcome: Outcome, before: engine.GameState) -> LogTail | None:
    """When `outcome` (an operation on `record` that started at `before`, as it is to be saved) is to be told to a
    person other than the one who acted (a click, a time-out or a leave that passed the turn, or someone else
    leaving): the log's tail of what happened since that person's turn last ended, up to `before`, to which the
    outcome's own events are added. None when the person who acted goes on (or nobody is to act), or when it
    cannot be told (see `log_tail`)."""
    to_act = outcome.player_to_act()
    actor = outcome.steps[0].seat if outcome.steps else before.current
    if to_act is None or to_act == seat_user(record, actor):
        return None
    return log_tail(outcome.record, outcome.state.current, before.ply)


async def since_last_turn(storage: Storage, record: GameRecord, state: engine.GameState) -> list[engine.Event] | None:
    """The events since the turn of the person to act at `state` (the record's position) last ended, for the live
    message posted again (a reminder, /ludo board); None when nobody is to act, or see `log_tail`."""
    if state.over or not record.active or seat_user(record, state.current) is None:
        return None
    since = log_tail(record, state.current, state.ply)
    if since is None:
        return None
    try:
        entries = await storage.games.load_log(record.id, *since.span) if since.span else []
    except StorageError as error:
        _untold(record.id, since.seat, error)
        return None
    return since.told(entries)


def log_tail(record: GameRecord, seat: int, ply: int) -> LogTail | None:
    """The tail of the game's log from where `seat`'s turn last ended up to `ply` (from the start in the first
    round). None when it cannot be told (no turn end kept and a long log, a longer tail than `MOST_REPLAYED`, a kept
    position that does not read: logged)."""
    kept = record.turn_ends.get(seat)
    try:
        if kept is not None:
            start = engine.from_text(kept)
        elif ply <= FROM_START:
            start = engine.new_game(parse_rules(record.rules), record.seat_numbers, record.seed)
        else:
            return None
    except (engine.NotationError, engine.RulesError) as error:
        _untold(record.id, seat, error)
        return None
    if not 0 <= ply - start.ply <= MOST_REPLAYED:
        return None
    return LogTail(record.id, seat, start, ply)


def _untold(game_id: str, seat: int, error: Exception) -> None:
    """Log why the turns since a seat's last cannot be told (its message then goes without it)."""
    logger.warning("game %s: the turns since seat %s's last cannot be told: %s", game_id, seat, error)
