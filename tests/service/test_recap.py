"""What happened since a person's last turn: the account of the message that tells them it is their turn again
covers the other people's turns and the AI seats' since their own turn ended, not only the last click's; the game
keeps where each person's turn ended only while it runs, and only the clicks that end a turn do the work."""

from __future__ import annotations

from ludo_bot import engine
from ludo_bot.engine import Event
from ludo_bot.service import Outcome, Service, seat_user
from ludo_bot.storage import Storage, keys

GUILD, CHANNEL = 1, 10
ANN, BEN, CAT = 100, 200, 300


def service(storage: Storage, seed: int) -> Service:
    return Service(storage, new_seed=lambda: seed)


async def three_people_and_an_ai(sessions: Service, **options: object) -> Outcome:
    lobby = await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, preset="star",
                                        options={"turn_limit": 6, **options})
    for user in (BEN, CAT):
        await sessions.lobbies.update(lobby.id, user, "join")
    await sessions.lobbies.update(lobby.id, ANN, "add_ai", level=1)
    return await sessions.lobbies.start(lobby.id, ANN)


async def test_the_person_told_of_their_turn_hears_everything_since_their_last(storage: Storage) -> None:
    """Each person's view is followed by hand: every event the game's outcomes report, in order, and where each
    person's turn last ended in that list (after the action they clicked). A message that tells a person it is
    their turn must tell every event since."""
    sessions = service(storage, seed=5)
    outcome = await three_people_and_an_ai(sessions)
    game_id = outcome.record.id
    happened: list[Event] = list(outcome.events)
    turn_ended: dict[int, int] = {}  # user -> the number of events of `happened` when their turn last ended
    told_more = 0
    for _ in range(2000):
        if not outcome.record.active:
            break
        state, actor = outcome.state, outcome.player_to_act()
        assert actor is not None
        action = engine.legal_actions(state)[-1]
        outcome = await sessions.games.act(game_id, state.ply, engine.action_text(action), actor)
        own = len(happened) + len(outcome.steps[0].events)  # the events of the action the person clicked
        happened += outcome.events
        if outcome.state.current != state.current or outcome.state.turns != state.turns:
            turn_ended[actor] = own
        to_act = outcome.player_to_act()
        if to_act is None or to_act == actor:  # the message is edited in place: the click's own events
            assert outcome.told is None
            continue
        assert outcome.told == happened[turn_ended.get(to_act, 0):], f"what {to_act} is told at ply {state.ply}"
        told_more += len(outcome.told) > len(outcome.events)
    assert outcome.state.over, "the game did not end"
    assert told_more > 10  # the last click alone would have told less, most times
    final = await storage.redis.hget(keys.game(game_id), "rec")
    assert final is not None and "turn_ends" not in final  # a finished game keeps no positions


async def test_clicks_that_keep_the_turn_keep_no_position(storage: Storage) -> None:
    sessions = service(storage, seed=5)
    outcome = await three_people_and_an_ai(sessions)
    record, state = outcome.record, outcome.state
    for _ in range(200):
        actor = outcome.player_to_act()
        assert actor is not None
        outcome = await sessions.games.act(record.id, state.ply, engine.action_text(engine.legal_actions(state)[-1]),
                                           actor)
        if outcome.player_to_act() == actor and outcome.state.current == state.current:  # a turn going on
            assert outcome.record.turn_ends == record.turn_ends and outcome.told is None
        else:
            ended = {seat: engine.from_text(text).ply for seat, text in outcome.record.turn_ends.items()}
            seat = state.current
            assert ended[seat] == state.ply + 1  # just after the action its person clicked
            assert seat_user(outcome.record, seat) == actor
        record, state = outcome.record, outcome.state
        if len(record.turn_ends) == 3:
            break
    assert sorted(record.turn_ends) == sorted(s.seat for s in record.seats if s.user_id is not None)
    await sessions.games.end(record.id, ANN, can_manage=False)  # a game ended early keeps none for its retention
    stored = await storage.redis.hget(keys.game(record.id), "rec")
    assert stored is not None and "turn_ends" not in stored


async def test_a_game_of_one_person_against_ais_keeps_no_positions(storage: Storage) -> None:
    sessions = service(storage, seed=3)
    lobby = await sessions.lobbies.open(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, preset="classic",
                                        options={})
    await sessions.lobbies.update(lobby.id, ANN, "add_ai", level=1)
    outcome = await sessions.lobbies.start(lobby.id, ANN)
    for _ in range(40):
        state = outcome.state
        outcome = await sessions.games.act(lobby.id, state.ply, engine.action_text(engine.legal_actions(state)[0]),
                                           ANN)
        assert outcome.record.turn_ends == {} and outcome.told is None  # the one message tells every click


async def test_a_person_told_after_someone_else_left_hears_their_whole_recap(storage: Storage) -> None:
    sessions = service(storage, seed=5)
    outcome = await three_people_and_an_ai(sessions)
    game_id = outcome.record.id
    for _ in range(200):  # until a person is to act whose turn ended before (the told part replays the log)
        state, actor = outcome.state, outcome.player_to_act()
        assert actor is not None
        outcome = await sessions.games.act(game_id, state.ply, engine.action_text(engine.legal_actions(state)[-1]),
                                           actor)
        to_act = outcome.player_to_act()
        if to_act is not None and to_act != actor and outcome.told and len(outcome.told) > len(outcome.events):
            break
    told, to_act = outcome.told, outcome.player_to_act()
    assert told is not None and to_act is not None
    leaver = next(user for user in (ANN, BEN, CAT) if user != to_act)
    left = await sessions.games.leave(game_id, leaver)
    assert left.player_to_act() == to_act  # the turn stays: the message telling them again keeps what it told
    assert left.told == [*told, *left.events] and left.events[-1].kind == "resigned"
