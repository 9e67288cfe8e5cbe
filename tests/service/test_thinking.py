"""AI seats that think (master) are played off the click path: a click, or the start, is saved at the AI's turn with
its timeout due at once, and whichever process's deadline worker claims it has a worker process play the AI's
turns. A process dying after the answer leaves nothing stuck: the deadline stays due until a worker plays it."""

from __future__ import annotations

from ludo_bot import engine
from ludo_bot.service import THOUGHT, Service, seat_user
from ludo_bot.service import seats as service_seats
from ludo_bot.storage import Deadline, LobbySeat
from tests.service.conftest import CHANNEL, GUILD, HOST, Clock

LEVEL = "master"


async def test_a_thinking_ais_turn_is_saved_due_at_once_and_played_by_a_deadline_worker(
        sessions: Service, clock: Clock) -> None:
    lobby = await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, preset="classic",
                                        options={"auto_single": False})
    # a lobby from when master was offered (it no longer is: `service_seats.OFFERED_LEVELS`), with three of them
    seats = [LobbySeat(ai_level=service_seats.AI_LEVELS.index(LEVEL), colour=c) for c in (1, 2, 3)]
    await sessions.storage.lobbies.save_lobby(lobby.model_copy(update={"players": [*lobby.players, *seats]}))
    outcome = await sessions.lobbies.start(lobby.id, HOST)
    game_id = outcome.record.id
    for _ in range(10):
        record = await sessions.games.load(game_id)
        state = engine.from_text(record.state)
        user = seat_user(record, state.current)
        if user is None:  # the AI's turn: saved without its moves, due now
            assert record.turn_deadline == clock.now and record.reminder_at is None
            assert await sessions.storage.deadlines.due_at(Deadline("timeout", game_id)) == clock.now
            assert sessions.games.due_now.is_set()  # this process's worker is woken
            sessions.games.due_now.clear()
            claims = await sessions.deadlines.due()  # (any process's worker: this one stands for the survivor)
            assert len(claims) == 1
            result = await sessions.deadlines.handle(claims[0])
            assert result is not None and result[0] == THOUGHT
            played = result[1]
            assert played.steps and all(step.by == "ai" for step in played.steps)
            assert played.state.over or seat_user(played.record, played.state.current) == HOST
            if played.state.over:
                return
            continue
        await sessions.games.act(game_id, state.ply, engine.action_text(engine.legal_actions(state)[0]), user)
    record = await sessions.games.load(game_id)
    assert record.log_length > 10
