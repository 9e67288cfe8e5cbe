"""The idle end: a game nobody plays ends as abandoned after the configured time, driven through its turn deadlines
(the test moves the service's clock and runs the due deadlines, as the deadline worker does)."""

from __future__ import annotations

import pytest

from ludo_bot import engine
from ludo_bot.service import ABANDONED, FINISH, ROUND, TIMEOUT, TOURNAMENT_KINDS, TOURNEY, Service, seat_user
from ludo_bot.storage import Deadline, GuildSettings, LobbyRecord, Storage, keys
from tests.service.conftest import CHANNEL, GUEST, GUILD, HOST, Clock, two_player_game

HOUR, DAY = 3600, 24 * 3600


@pytest.fixture
def clock() -> Clock:
    return Clock()


async def run_due(sessions: Service) -> list[str]:
    """Handle every deadline due now (what a deadline worker does, an ended game's follow-up settled once its
    board would be shown): the kinds of what happened."""
    done: list[str] = []
    for claim in await sessions.deadlines.due():
        if claim.deadline.kind in TOURNAMENT_KINDS:  # (a tournament's: nothing to show without Discord)
            if claim.deadline.kind == TOURNEY:
                await sessions.rounds.table_ended(claim)
            elif claim.deadline.kind == ROUND:
                await sessions.rounds.round_due(claim)
            else:
                await sessions.rounds.done(claim)
            done.append(claim.deadline.kind)
            continue
        result = await sessions.deadlines.handle(claim)
        if result is not None:
            done.append(result[0])
            if result[0] in (FINISH, ABANDONED):  # (shown, as the worker shows them)
                await sessions.games.settled(result[1])
    return done


async def test_a_game_nobody_plays_ends_as_abandoned_a_week_after_the_last_click(storage: Storage,
                                                                                  clock: Clock) -> None:
    seeds = iter(range(1, 100))
    sessions = Service(storage, clock=clock, new_seed=lambda: next(seeds), idle_end=7 * DAY)
    await storage.settings.save_settings(GuildSettings(guild_id=GUILD, turn_deadline=HOUR, reminder_before=0,
                                                       timeout_action="skip"))
    outcome = await two_player_game(sessions)
    game_id = outcome.record.id
    assert outcome.record.last_human_at == clock.now  # the host's Start

    clock.now += 3 * DAY  # three days of skipped turns, then someone plays
    assert await run_due(sessions) == [TIMEOUT]
    for _ in range(23):
        clock.now += HOUR
        assert await run_due(sessions) == [TIMEOUT]
    record = await sessions.games.load(game_id)
    state = engine.from_text(record.state)
    clicked = await sessions.games.act(game_id, state.ply, "R", seat_user(record, state.current))  # type: ignore[arg-type]
    played_at = clock.now
    assert clicked.record.last_human_at == played_at

    kinds: list[str] = []
    while ABANDONED not in kinds:  # every turn skipped, one an hour, until the idle end
        clock.now += HOUR
        kinds += await run_due(sessions)
        assert clock.now - played_at <= 7 * DAY + HOUR, "the idle end did not come"
    assert set(kinds[:-1]) == {TIMEOUT} and kinds[-1] == ABANDONED
    assert clock.now - played_at >= 7 * DAY  # not before a week without a click

    ended = await storage.games.load_game(game_id)
    assert (ended.status, ended.active, ended.turn_deadline, ended.last_human_at) == ("abandoned", False, None,
                                                                                     played_at)
    for user in (HOST, GUEST):  # no result and no rating for anyone
        stats = await storage.stats.player_stats(GUILD, user)
        assert (stats.games, stats.rating) == (0, None)
    assert await storage.deadlines.due_at(Deadline(TIMEOUT, game_id)) is None
    clock.now += 30 * DAY
    assert await run_due(sessions) == []  # nothing more is posted for it
    assert 0 < await storage.redis.ttl(keys.game(game_id)) <= storage.games.retention  # the retention runs
    assert await storage.games.channel_game(CHANNEL) is None  # the channel is free for a new game
    lobby = await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL, host_id=GUEST, preset=None, options={})
    assert isinstance(lobby, LobbyRecord)


async def test_a_click_just_before_the_idle_end_keeps_the_game(storage: Storage, clock: Clock) -> None:
    sessions = Service(storage, clock=clock, new_seed=lambda: 5, idle_end=2 * DAY)
    await storage.settings.save_settings(GuildSettings(guild_id=GUILD, turn_deadline=DAY, reminder_before=0,
                                                       timeout_action="ai"))
    outcome = await two_player_game(sessions)
    clock.now += DAY + 1
    assert await run_due(sessions) == [TIMEOUT]  # an AI played the turn: nobody's action
    record = await sessions.games.load(outcome.record.id)
    state = engine.from_text(record.state)
    clock.now += DAY - 60
    await sessions.games.act(record.id, state.ply, "R", seat_user(record, state.current))  # type: ignore[arg-type]
    clock.now += DAY + 1
    assert await run_due(sessions) == [TIMEOUT]  # a day after the click: still a game
    assert (await sessions.games.load(record.id)).active
