"""A master seat, stored before master left the engine, plays as the expert: its stored number and name stay, and an
old game waiting on a master's turn is loaded from storage and its turn played with the expert's moves."""

from __future__ import annotations

from ludo_bot import engine
from ludo_bot.engine import ai
from ludo_bot.engine.notation import rules_text
from ludo_bot.service import THOUGHT, Service
from ludo_bot.service.seats import AI_LEVELS, OFFERED_LEVELS, engine_level, level_name, seat_names, thinks
from ludo_bot.storage import GameRecord
from tests.service.conftest import CHANNEL, GUILD, HOST, Clock

MASTER = 3  # master's stored level number, as old records hold it


def test_every_stored_level_plays_an_engine_level() -> None:
    assert AI_LEVELS.index("master") == MASTER and AI_LEVELS[:3] == ai.LEVELS == OFFERED_LEVELS
    assert [engine_level(n) for n in range(10)] == ["random", "greedy", "expert", *["expert"] * 7]
    assert level_name(MASTER) == "master"  # named as it was seated


def old_game(clock: Clock) -> tuple[GameRecord, list[str]]:
    """A game of a person (red) against a master (yellow) at the master's roll, as an old bot stored it: its record's
    JSON and its log."""
    rules = engine.Rules.preset("classic")
    state = engine.new_game(rules, (0, 2), seed=7)
    log: list[str] = []
    while not (state.current == 2 and state.phase == "roll" and log):
        action = engine.legal_actions(state)[0]
        log.append(engine.action_text(action))
        state = engine.apply(state, action).state
    stored = {"schema_version": 5, "id": "oldmaster", "guild_id": GUILD, "channel_id": CHANNEL, "host_id": HOST,
              "rules": rules_text(rules), "seed": 7, "state": engine.to_text(state), "status": "active",
              "seats": [{"seat": 0, "user_id": HOST, "ai_level": None, "name": "host"},
                        {"seat": 2, "user_id": None, "ai_level": MASTER, "name": None}],
              "created_at": clock.now - 60, "updated_at": clock.now, "last_human_at": clock.now,
              "turn_deadline": clock.now, "auto_single": False}
    return GameRecord.model_validate_json(GameRecord.model_validate(stored).model_dump_json()), log


async def test_an_old_game_at_a_masters_turn_plays_it_as_the_expert(sessions: Service, clock: Clock) -> None:
    record, log = old_game(clock)
    await sessions.storage.games.create_game(record, log, due=sessions.games.due(record))
    loaded = await sessions.games.load(record.id)
    assert [s.ai_level for s in loaded.seats] == [None, MASTER]  # the stored number, unchanged
    assert thinks(loaded, 2) and seat_names(loaded)[2] == "Yellow AI (master)"
    claims = await sessions.deadlines.due()
    assert [claim.deadline.game_id for claim in claims] == [record.id]
    result = await sessions.deadlines.handle(claims[0])
    assert result is not None and result[0] == THOUGHT
    played = result[1]
    assert played.steps and all(step.seat == 2 and step.by == "ai" for step in played.steps)
    state = engine.from_text(loaded.state)
    for step in played.steps:  # each move the expert's own
        assert step.action == ai.choose(state, "expert")
        state = engine.apply(state, step.action).state
    assert played.state.over or played.state.current == 0
    saved = await sessions.games.load(record.id)
    assert saved.log_length == len(log) + len(played.steps) and saved.seats == loaded.seats
