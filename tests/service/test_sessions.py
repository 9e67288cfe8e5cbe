"""Lobbies and games as players act on them, through real Redis and without Discord."""

from __future__ import annotations

import asyncio

import pytest

from ludo_bot import engine
from ludo_bot.service import REMIND, TIMEOUT, Refused, Service, seat_user
from ludo_bot.storage import Deadline, GuildSettings, LobbyRecord
from tests.service.conftest import CHANNEL, GUEST, GUILD, HOST, STRANGER, Clock, two_player_game


async def test_a_join_as_the_host_cancels_says_the_lobby_is_closed(sessions: Service) -> None:
    """The lobby goes between a join's read and its save (the host cancelled or started at that moment; found by
    the fuzz): the joiner is told it is closed, as a later join would be."""
    lobby = await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, preset="classic",
                                        options={})
    store = sessions.storage.lobbies
    load = store.load_lobby

    async def load_then_cancelled(lobby_id: str) -> LobbyRecord:
        loaded = await load(lobby_id)
        await store.drop_lobby(loaded)  # the host's Cancel, at that moment
        return loaded

    store.load_lobby = load_then_cancelled  # type: ignore[method-assign]
    with pytest.raises(Refused, match="lobby is closed"):
        await sessions.lobbies.update(lobby.id, GUEST, "join")


async def test_a_start_that_loses_to_another_start_says_the_lobby_is_closed(sessions: Service) -> None:
    """A double click on Start: both read the lobby, one starts the game, and the other, whose new game is refused
    by storage (a game of that id exists now), is told the lobby is closed, as a Start a moment later would be."""
    lobby = await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, preset="classic",
                                        options={})
    await sessions.lobbies.update(lobby.id, GUEST, "join")
    store = sessions.storage.lobbies
    load = store.load_lobby

    async def load_then_started(lobby_id: str) -> LobbyRecord:
        loaded = await load(lobby_id)
        store.load_lobby = load  # type: ignore[method-assign]
        await sessions.lobbies.start(lobby_id, HOST)  # the other click, at that moment
        return loaded

    store.load_lobby = load_then_started  # type: ignore[method-assign]
    with pytest.raises(Refused, match="lobby is closed"):
        await sessions.lobbies.start(lobby.id, HOST)
    with pytest.raises(Refused, match="lobby is closed"):  # and a Start a moment later
        await sessions.lobbies.start(lobby.id, HOST)


async def test_one_start_at_a_time_makes_a_lobbys_thread_and_one_that_failed_leaves_it_to_the_next(
        sessions: Service) -> None:
    """Discord makes one thread per message and refuses a second request (an error counted against the bot): two
    Starts at once ask once and both get its thread; a Start whose request failed lets the next one ask."""
    lobby = await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, preset="classic",
                                        options={})
    asked: list[str] = []
    answer = asyncio.Event()

    async def make() -> int | None:
        asked.append("thread")
        await answer.wait()
        return 555

    both = asyncio.gather(*(sessions.lobbies.thread_once(lobby.id, make) for _ in range(2)))
    await asyncio.sleep(0.3)
    answer.set()
    assert await both == [555, 555] and asked == ["thread"]
    assert await sessions.lobbies.thread_once(lobby.id, make) == 555 and asked == ["thread"]  # a retry of the Start

    other = await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL + 1, host_id=HOST, preset="classic",
                                        options={})

    async def refused() -> int | None:
        raise Refused("refused.thread_bot")  # a permission taken away since the click

    async def nowhere() -> int | None:
        return None  # a channel without threads: the game plays where the lobby is

    with pytest.raises(Refused):
        await sessions.lobbies.thread_once(other.id, refused)
    assert await sessions.lobbies.thread_once(other.id, nowhere) is None
    assert await sessions.lobbies.thread_once(other.id, make) is None and asked == ["thread"]


async def test_a_lobby_fills_and_starts_and_only_the_host_runs_it(sessions: Service) -> None:
    lobby = await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, preset="star", options={})
    with pytest.raises(Refused, match="at least 2 players"):
        await sessions.lobbies.start(lobby.id, HOST)
    await sessions.lobbies.update(lobby.id, GUEST, "join")
    with pytest.raises(Refused, match="already in this game"):
        await sessions.lobbies.update(lobby.id, GUEST, "join")
    with pytest.raises(Refused, match="Only the host can add"):
        await sessions.lobbies.update(lobby.id, GUEST, "add_ai", level=1)
    with pytest.raises(Refused, match="Only the host can start"):
        await sessions.lobbies.start(lobby.id, GUEST)
    await sessions.lobbies.update(lobby.id, HOST, "add_ai", level=2)
    outcome = await sessions.lobbies.start(lobby.id, HOST)
    # the guest took the colour opposite the host's, the AI seat the first free one (service.seats.free_colour)
    assert [(s.seat, s.user_id, s.ai_level) for s in outcome.record.seats] == [(0, HOST, None), (1, None, 2),
                                                                               (2, GUEST, None)]
    assert outcome.state.rules.name == "star"
    with pytest.raises(Refused, match="lobby is closed"):
        await sessions.lobbies.update(lobby.id, STRANGER, "join")


async def test_one_game_per_channel(sessions: Service) -> None:
    await two_player_game(sessions)
    with pytest.raises(Refused, match="already has a Ludo game"):
        await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL, host_id=STRANGER, preset=None, options={})


async def test_impossible_options_are_refused_at_once(sessions: Service) -> None:
    with pytest.raises(Refused, match="dice"):
        await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, preset="classic",
                                  options={"dice": 3})


async def test_only_the_player_to_act_with_a_current_button_changes_the_game(sessions: Service) -> None:
    outcome = await two_player_game(sessions)
    record, state = outcome.record, outcome.state
    mover = seat_user(record, state.current)
    other = GUEST if mover == HOST else HOST
    with pytest.raises(Refused, match="not your turn"):
        await sessions.games.act(record.id, state.ply, "R", other)
    with pytest.raises(Refused, match="not playing"):
        await sessions.games.act(record.id, state.ply, "R", STRANGER)
    with pytest.raises(Refused, match="moved on"):
        await sessions.games.act(record.id, state.ply - 1, "R", mover)  # type: ignore[arg-type]
    with pytest.raises(Refused, match="not one of this game's"):
        await sessions.games.act(record.id, state.ply, "Z9", mover)  # type: ignore[arg-type]
    unchanged = await sessions.games.load(record.id)
    assert unchanged.version == record.version and unchanged.state == record.state
    after = await sessions.games.act(record.id, state.ply, "R", mover)  # type: ignore[arg-type]
    assert after.record.version == record.version + 1
    assert after.steps[0].action == engine.Roll()
    assert (await sessions.storage.games.verify_game(record.id)) == after.state


async def test_two_clicks_on_one_button_apply_once(sessions: Service) -> None:
    outcome = await two_player_game(sessions)
    record = outcome.record
    mover = seat_user(record, outcome.state.current)
    ply = outcome.state.ply
    results = await asyncio.gather(*(sessions.games.act(record.id, ply, "R", mover)  # type: ignore[arg-type]
                                     for _ in range(5)), return_exceptions=True)
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert all(isinstance(r, Refused) for r in results if isinstance(r, BaseException))
    stored = await sessions.storage.games.load_game(record.id, with_log=True)
    assert stored.log.count("R") == 1 and stored.version == record.version + 1


async def play_to_the_end(sessions: Service, game_id: str) -> None:
    for _ in range(5000):
        record = await sessions.games.load(game_id)
        if not record.active:
            return
        state = engine.from_text(record.state)
        action = engine.legal_actions(state)[0]
        await sessions.games.act(game_id, state.ply, engine.action_text(action), seat_user(record, state.current))  # type: ignore[arg-type]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("ai_opens", [True, False], ids=["ai-opens", "host-opens"])
@pytest.mark.parametrize("preset", engine.PRESETS)
async def test_a_game_with_an_ai_seat_plays_to_the_end_and_counts_once(sessions: Service, preset: str,
                                                                        ai_opens: bool) -> None:
    options: dict[str, object] = {"turn_limit": 15} if preset == "star" else {}
    host_seat, ai_seat = engine.rules.default_seats(2)
    rules = engine.Rules.preset(preset, **options)

    def fits(candidate: int) -> bool:
        """The turn-order roll gives the first turn to the AI seat (whose first roll lets it play on: a turn of
        more than one action), or to the host."""
        opening = engine.new_game(rules, (host_seat, ai_seat), seed=candidate)
        if not ai_opens:
            return opening.current == host_seat
        return opening.current == ai_seat and engine.apply(opening, engine.Roll())[0].current == ai_seat

    seed = next(s for s in range(1, 1000) if fits(s))
    sessions.games.new_seed = lambda: seed
    lobby = await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, preset=preset,
                                      options=options)
    await sessions.lobbies.update(lobby.id, HOST, "add_ai", level=1)
    outcome = await sessions.lobbies.start(lobby.id, HOST)
    opening = engine.new_game(rules, (host_seat, ai_seat), seed=seed)
    # the AI seat plays its opening turn by itself, and only its own; then the host must click Roll
    if ai_opens:
        assert len(outcome.steps) > 1 and outcome.steps[0].action == engine.Roll()
        assert [(step.seat, step.by) for step in outcome.steps] == [(ai_seat, "ai")] * len(outcome.steps)
    else:
        assert outcome.steps == []
    assert (outcome.state.current, outcome.state.phase, outcome.player_to_act()) == (host_seat, "roll", HOST)
    replayed = opening
    for step in outcome.steps:
        replayed, _ = engine.apply(replayed, step.action)
    assert replayed == outcome.state
    started = await sessions.storage.games.load_game(lobby.id, with_log=True)
    assert started.log == [engine.action_text(step.action) for step in outcome.steps]
    assert started.state == engine.to_text(outcome.state)
    await play_to_the_end(sessions, lobby.id)
    final = await sessions.storage.games.load_game(lobby.id, with_log=True)
    assert final.status == "finished"
    state = await sessions.storage.games.verify_game(lobby.id)  # the log replays to the stored state
    assert state.over
    stats = await sessions.storage.stats.player_stats(GUILD, HOST)
    assert stats.games == 1 and stats.wins == (state.ranking[0] == 0)
    assert await sessions.storage.games.channel_game(CHANNEL) is None  # the channel is free again


async def test_a_forced_move_is_played_for_the_player_but_a_roll_never_is(sessions: Service) -> None:
    outcome = await two_player_game(sessions)
    record, state = outcome.record, outcome.state
    assert isinstance(engine.legal_actions(state)[0], engine.Roll)
    for _ in range(200):
        mover = seat_user(record, state.current)
        outcome = await sessions.games.act(record.id, state.ply, "R", mover)  # type: ignore[arg-type]
        record, state = outcome.record, outcome.state
        if any(step.by == "auto" for step in outcome.steps):
            break
        while engine.legal_actions(state) != [engine.Roll()]:
            action = engine.legal_actions(state)[0]
            outcome = await sessions.games.act(record.id, state.ply, engine.action_text(action),
                                         seat_user(record, state.current))  # type: ignore[arg-type]
            record, state = outcome.record, outcome.state
    auto = [step for step in outcome.steps if step.by == "auto"]
    assert auto and not any(isinstance(step.action, engine.Roll) for step in auto)


async def test_a_six_with_every_token_in_the_yard_is_one_choice_the_bot_plays(sessions: Service) -> None:
    # entering token 1, 2, 3 or 4 makes the same game: one possible move, played like any forced move (the player
    # once had to pick among four buttons that did the same thing)
    outcome = await two_player_game(sessions)
    record, state = outcome.record, outcome.state
    for _ in range(200):  # nobody moves before a 6: every token is in the yard until one is rolled
        mover = seat_user(record, state.current)
        outcome = await sessions.games.act(record.id, state.ply, "R", mover)  # type: ignore[arg-type]
        record, state = outcome.record, outcome.state
        if outcome.steps[0].events[0].dice == (6,):
            break
    else:
        raise AssertionError("no 6 in 200 rolls")
    assert [(step.action, step.by) for step in outcome.steps] == [(engine.Roll(), "player"), (engine.Move(0), "auto")]
    assert state.phase == "roll" and seat_user(record, state.current) == mover  # then the 6's roll again


async def test_the_timeout_fires_once_and_an_ai_plays_the_turn(sessions: Service, clock: Clock) -> None:
    await sessions.storage.settings.save_settings(GuildSettings(guild_id=GUILD, turn_deadline=60, reminder_before=20))
    outcome = await two_player_game(sessions)
    record = outcome.record
    assert record.turn_deadline == clock.now + 60 and record.reminder_at == clock.now + 40
    assert outcome.player_to_act() in (HOST, GUEST)
    queue = sessions.storage.deadlines
    assert await queue.claim_due(now=clock.now) == []  # nothing due yet
    clock.now += 45
    reminders = await queue.claim_due(now=clock.now)
    assert [c.deadline for c in reminders] == [Deadline(REMIND, record.id)]
    kind, reminded = await sessions.deadlines.handle(reminders[0])  # type: ignore[misc]
    assert kind == REMIND and reminded.player_to_act() == outcome.player_to_act()
    clock.now += 20
    first, second = await asyncio.gather(queue.claim_due(now=clock.now), queue.claim_due(now=clock.now))
    claims = first + second
    assert [c.deadline for c in claims] == [Deadline(TIMEOUT, record.id)]  # one worker only
    kind, timed_out = await sessions.deadlines.handle(claims[0])  # type: ignore[misc]
    assert kind == TIMEOUT and timed_out.steps and all(s.by == "timeout" for s in timed_out.steps)
    assert timed_out.state.current != outcome.state.current or timed_out.state.over
    assert timed_out.record.missed[outcome.state.current] == 1
    assert await queue.claim_due(now=clock.now) == []  # the next turn's deadline is not due yet


async def test_a_player_who_keeps_missing_turns_forfeits(sessions: Service, clock: Clock) -> None:
    await sessions.storage.settings.save_settings(
        GuildSettings(guild_id=GUILD, turn_deadline=30, reminder_before=0, timeout_action="forfeit", forfeit_after=2))
    outcome = await two_player_game(sessions)
    queue = sessions.storage.deadlines
    sleeper = outcome.state.current
    for _ in range(4):
        clock.now += 31
        for claim in await queue.claim_due(now=clock.now):
            result = await sessions.deadlines.handle(claim)
            assert result is not None
            outcome = result[1]
    assert outcome.state.over and sleeper in outcome.state.resigned
    assert outcome.record.status == "finished"


async def test_leaving_forfeits_or_hands_the_seat_to_an_ai(sessions: Service) -> None:
    outcome = await two_player_game(sessions, ai_takeover=True)
    left = await sessions.games.leave(outcome.record.id, GUEST)
    guest_seat = next(s for s in left.record.seats if s.seat != 0 or s.user_id != HOST)
    assert guest_seat.ai_level is not None and left.record.active
    with pytest.raises(Refused, match="not playing"):
        await sessions.games.leave(outcome.record.id, GUEST)


async def test_ending_is_for_the_host_or_a_manager_and_counts_nothing(sessions: Service) -> None:
    outcome = await two_player_game(sessions)
    with pytest.raises(Refused, match="Only the host"):
        await sessions.games.end(outcome.record.id, GUEST, can_manage=False)
    ended = await sessions.games.end(outcome.record.id, GUEST, can_manage=True)
    assert ended.status == "ended"
    with pytest.raises(Refused, match="over"):
        await sessions.games.act(ended.id, engine.from_text(ended.state).ply, "R", HOST)
    assert (await sessions.storage.stats.player_stats(GUILD, HOST)).games == 0
    assert await sessions.storage.deadlines.due_at(Deadline(TIMEOUT, ended.id)) is None


async def test_a_click_that_passes_the_turn_queues_the_next_deadline_and_an_early_item_waits_for_it(
        sessions: Service, clock: Clock) -> None:
    """A save that changes the turn's deadline queues it in the same step; an item queued earlier than the record
    says (left by a process that died between a save and its own deadline step, on a cluster) is moved to the
    record's time by the worker that claims it, instead of acting."""
    await sessions.storage.settings.save_settings(GuildSettings(guild_id=GUILD, turn_deadline=60, reminder_before=0))
    outcome = await two_player_game(sessions)
    record, state, first = outcome.record, outcome.state, outcome.record.turn_deadline
    queue, timeout = sessions.storage.deadlines, Deadline(TIMEOUT, outcome.record.id)
    assert first is not None and await queue.due_at(timeout) == first
    clock.now += 30
    mover = state.current
    while state.current == mover:  # play until the turn passes
        action = engine.legal_actions(state)[0]
        outcome = await sessions.games.act(record.id, state.ply, engine.action_text(action),
                                           seat_user(record, state.current) or 0)
        record, state = outcome.record, outcome.state
    assert record.turn_deadline == clock.now + 60 and await queue.due_at(timeout) == record.turn_deadline
    await queue.schedule(timeout, first)  # early, as a process dying between two steps leaves it
    clock.now = first + 1
    [claim] = await queue.claim_due(now=clock.now)
    assert await sessions.deadlines.handle(claim) is None  # not due: moved, nobody timed out
    assert await queue.due_at(timeout) == record.turn_deadline
    assert (await sessions.games.load(record.id)).missed == [0, 0, 0, 0]
    clock.now = record.turn_deadline + 1
    [claim] = await queue.claim_due(now=clock.now)
    result = await sessions.deadlines.handle(claim)
    assert result is not None and result[0] == TIMEOUT and result[1].record.missed[state.current] == 1
    assert await queue.due_at(timeout) == result[1].record.turn_deadline  # the next turn's, set by the save
