"""A game's end is saved with its follow-up in one step: whatever fails after that save (storage, or the process
dying), the results, ratings and history are recorded once, by the step itself or by the deadline worker that takes
the follow-up; recording again never counts a game twice."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from ludo_bot import engine
from ludo_bot.service import FINISH, Outcome, Service, seat_user, state_of
from ludo_bot.service.games import FINISH_AFTER
from ludo_bot.storage import Deadline, GuildSettings, Storage, StorageUnavailable
from tests.service.conftest import GUEST, GUILD, HOST, Clock, two_player_game


async def play_until_the_last_click(sessions: Service, game_id: str) -> tuple[int, str, int]:
    """Play until the next click ends the game: its (ply, action, user)."""
    for _ in range(500):
        record = await sessions.games.load(game_id)
        state = state_of(record)
        action = engine.legal_actions(state)[0]
        user = seat_user(record, state.current)
        assert user is not None
        if ends(state, action):
            return state.ply, engine.action_text(action), user
        await sessions.games.act(game_id, state.ply, engine.action_text(action), user)
    raise AssertionError("the game did not end")


def ends(state: engine.GameState, action: engine.Action) -> bool:
    """Whether `action` and the forced moves played after it (`auto_single` is on) end the game."""
    after = engine.apply(state, action)[0]
    while not after.over:
        legal = engine.legal_actions(after)
        if len(legal) != 1 or isinstance(legal[0], engine.Roll):
            return False
        after = engine.apply(after, legal[0])[0]
    return True


def failing(owner: Any, name: str, *, after: bool = False, error: BaseException | None = None
            ) -> Callable[..., Awaitable[Any]]:
    """`owner.name` failing like an outage (or `error`): before its step, or `after` it landed (a lost reply)."""
    real = getattr(owner, name)

    async def fail(*args: Any, **kwargs: Any) -> Any:
        if after:
            await real(*args, **kwargs)
        raise error or StorageUnavailable(f"Redis is unavailable ({name}): timed out")

    return fail


async def follow_up(sessions: Service, clock: Clock) -> Outcome | None:
    """A deadline worker's round once the follow-up is due: the game it hands back to be shown, settled."""
    clock.now += FINISH_AFTER + 1
    claims = await sessions.deadlines.due()
    assert [c.deadline.kind for c in claims] == [FINISH]
    result = await sessions.deadlines.handle(claims[0])
    if result is None:
        return None
    kind, outcome = result
    assert kind == FINISH and outcome.counted
    await sessions.games.settled(outcome)
    return outcome


async def counted_once(storage: Storage, game_id: str) -> None:
    for user in (HOST, GUEST):
        stats = await storage.stats.player_stats(GUILD, user)
        assert stats.games == 1 and stats.rating is not None, (user, stats)
    assert [game for game, _ in await storage.stats.history(GUILD)] == [game_id]
    assert sorted(user for user, _ in await storage.stats.rating_board(GUILD)) == sorted((HOST, GUEST))


@pytest.mark.parametrize("where", ["results", "results-landed", "log", "killed", "settle"])
async def test_whatever_fails_after_the_final_save_the_game_is_counted_once(
        sessions: Service, clock: Clock, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    await sessions.storage.settings.save_settings(GuildSettings(guild_id=GUILD, turn_deadline=60))
    game_id = (await two_player_game(sessions, "star", turn_limit=2)).record.id
    ply, action, user = await play_until_the_last_click(sessions, game_id)
    storage = sessions.storage
    with monkeypatch.context() as broken:
        if where == "log":
            broken.setattr(storage.games, "load_log", failing(storage.games, "load_log"))
        elif where in ("results", "results-landed"):
            broken.setattr(storage.stats, "record_results", failing(storage.stats, "record_results",
                                                                     after=where == "results-landed"))
        elif where == "killed":  # the process dies between the save and the results
            broken.setattr(storage.stats, "ratings", failing(storage.stats, "ratings", error=asyncio.CancelledError()))
        else:
            broken.setattr(storage.deadlines, "sync", failing(storage.deadlines, "sync"))
        if where == "killed":
            with pytest.raises(asyncio.CancelledError):
                await sessions.games.act(game_id, ply, action, user)
        else:
            outcome = await sessions.games.act(game_id, ply, action, user)  # the click is answered all the same
            assert outcome.state.over and outcome.counted == (where == "settle")
            await sessions.games.settled(outcome)  # (the final board was shown)
    record = await storage.games.load_game(game_id)
    assert record.status == "finished"
    assert await storage.deadlines.due_at(Deadline(FINISH, game_id)) is not None  # the follow-up waits
    shown = await follow_up(sessions, clock)
    assert shown is not None and shown.record.id == game_id and shown.state.over
    await counted_once(storage, game_id)
    assert await storage.deadlines.due_at(Deadline(FINISH, game_id)) is None  # settled: out of the queue
    assert await storage.deadlines.next_due() is None  # and no turn's deadline left either
    assert await sessions.games.count(shown)  # recording once more counts nothing again
    await counted_once(storage, game_id)


async def test_a_game_ended_by_its_last_click_leaves_nothing_queued(sessions: Service) -> None:
    game_id = (await two_player_game(sessions, "star", turn_limit=2)).record.id
    ply, action, user = await play_until_the_last_click(sessions, game_id)
    outcome = await sessions.games.act(game_id, ply, action, user)
    assert outcome.counted
    await counted_once(sessions.storage, game_id)
    assert await sessions.storage.deadlines.due_at(Deadline(FINISH, game_id)) is not None  # until shown
    await sessions.games.settled(outcome)
    assert await sessions.storage.deadlines.next_due() is None
