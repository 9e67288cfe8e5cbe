"""Game records and the engine: start a record, play actions on it, replay its log.

A game's seed, rules and seats plus its action log replay it exactly (the engine is deterministic), so
`check_replay` can prove a stored state: it is used by the tests and by a verify command.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ludo_bot import engine
from ludo_bot.engine.notation import parse_rules, rules_text
from ludo_bot.storage.errors import ReplayMismatch
from ludo_bot.storage.records import GameRecord, Seat, now


def new_record(game_id: str, *, guild_id: int, channel_id: int, host_id: int, rules: engine.Rules,
               seats: Sequence[Seat], seed: int) -> GameRecord:
    """A fresh game record at the engine's starting position (version 0: not stored yet)."""
    state = engine.new_game(rules, tuple(sorted(s.seat for s in seats)), seed)
    return GameRecord(id=game_id, guild_id=guild_id, channel_id=channel_id, host_id=host_id,
                      rules=rules_text(rules), seats=list(seats), seed=seed, state=engine.to_text(state))


# Positions this process wrote or read lately, by their text: a click reads the position the game's previous click
# wrote, in the same process (a game's clicks come through its server's shard), and parsing it cost 2-3 % of a click's
# CPU in `benchmarks.load`'s profile. Positions are values (`GameState`, a tuple of tuples), so one may serve twice.
KNOWN_POSITIONS = 1024
_known: dict[str, engine.GameState] = {}


def _know(text: str, state: engine.GameState) -> None:
    _known[text] = state
    if len(_known) > KNOWN_POSITIONS:
        del _known[next(iter(_known))]  # the oldest written


def state_of(record: GameRecord) -> engine.GameState:
    """The record's current position (`NotationError` if the text is damaged)."""
    found = _known.get(record.state)
    if found is None:
        found = engine.from_text(record.state)
        _know(record.state, found)
    return found


def state_text(state: engine.GameState) -> str:
    """`engine.to_text(state)`, the position kept for the `state_of` that reads it back."""
    text = engine.to_text(state)
    _know(text, state)
    return text


def play(record: GameRecord, actions: Iterable[engine.Action | str]
         ) -> tuple[GameRecord, list[str], list[engine.Event]]:
    """Apply actions to a record's state: the updated record (same version, not saved), the action texts
    to append to its log, and the events. Raises `engine.InvalidAction` (a text that is no action) or
    `engine.IllegalAction` (an action the rules forbid there) and changes nothing then."""
    state = state_of(record)
    texts: list[str] = []
    events: list[engine.Event] = []
    for action in actions:
        act = engine.parse_action(action) if isinstance(action, str) else action
        state, happened = engine.apply(state, act)
        texts.append(engine.action_text(act))
        events.extend(happened)
    changes: dict[str, object] = {"state": state_text(state), "updated_at": now()}
    if state.over:
        changes["status"] = "finished"
    return record.model_copy(update=changes), texts, events


def replay(rules: str, seats: Sequence[int], seed: int, log: Iterable[str],
           seen: Callable[[engine.Event], object] | None = None) -> engine.GameState:
    """The position reached by playing `log` from the start of a game; `seen` is shown every event on the way."""
    state = engine.new_game(parse_rules(rules), tuple(sorted(seats)), seed)
    for text in log:
        state, happened = engine.apply(state, engine.parse_action(text))
        if seen is not None:
            for event in happened:
                seen(event)
    return state


def check_replay(record: GameRecord, log: Sequence[str] | None = None,
                 seen: Callable[[engine.Event], object] | None = None) -> engine.GameState:
    """Replay the record's log (given, or `record.log`) and check it reaches the stored state; `seen` is shown
    every event on the way (a finished game's results are counted in the one replay that checks it).

    Raises `ReplayMismatch` (a `CorruptRecord`) naming the game key when it does not."""
    from ludo_bot.storage import keys

    entries = record.log if log is None else list(log)
    key = keys.game(record.id)
    if len(entries) != record.log_length:
        raise ReplayMismatch(key, f"log has {len(entries)} entries, the record says {record.log_length}")
    try:
        state = replay(record.rules, record.seat_numbers, record.seed, entries, seen)
    except (engine.InvalidAction, engine.IllegalAction, engine.NotationError, engine.RulesError) as error:
        raise ReplayMismatch(key, f"log does not replay: {error}") from error
    if engine.to_text(state) != record.state:
        raise ReplayMismatch(key, f"log replays to {engine.to_text(state)!r}, stored {record.state!r}")
    return state
