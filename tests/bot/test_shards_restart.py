"""Several bot processes and restarts: nothing game-related lives in process memory, so a button works after the
bot restarts, two processes can answer clicks on one game, shards serve their own guilds, and an interaction
delivered twice applies once."""

from __future__ import annotations

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import BotRunner, StandIn, shard_for
from tests.bot.conftest import Launch
from tests.bot.helpers import (
    answered,
    click,
    game_id_of,
    live_message,
    open_lobby,
    play_to_end,
    route_to,
    start_game,
    to_act,
)


async def test_a_button_works_after_the_bot_restarts(standin: StandIn, launch: Launch, bots: BotRunner) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    before = await launch()
    live = await start_game(standin, before, alice, (bob,), auto_single=False, turn_limit=10)
    assert live is not None
    game_id = game_id_of(live)
    await click(standin, before, to_act(standin, live), live, label="Roll")
    live = live_message(standin, standin.channel)
    assert live is not None
    await bots.stop(before)

    after = await launch()
    assert after.handlers is not None
    loaded = await after.handlers.service.games.load(game_id)
    record = await click(standin, after, to_act(standin, live), live, custom_id=live.custom_ids()[0])
    assert record.response_record is not None and not record.response_record.ephemeral
    assert (await after.handlers.service.games.load(game_id)).log_length > loaded.log_length
    final = await play_to_end(standin, after)
    assert "Game over" in final.content


async def test_lobby_buttons_work_after_the_bot_restarts(standin: StandIn, launch: Launch, bots: BotRunner) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    before = await launch()
    lobby = await open_lobby(standin, before, alice, seats=2)
    await bots.stop(before)
    after = await launch()
    await click(standin, after, bob, lobby, label="Join")
    assert f"<@{bob.id}>" in lobby.content
    await click(standin, after, alice, lobby, label="Start")
    assert live_message(standin, standin.channel) is not None


async def test_two_processes_answer_clicks_on_one_game(standin: StandIn, launch: Launch) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    one = await launch()
    of_one = set(standin.sessions())
    two = await launch()
    of_two = set(standin.sessions()) - of_one
    both = (one, two)
    live = await start_game(standin, both, alice, (bob,), preset="star", turn_limit=8)
    assert live is not None
    handled = {0: 0, 1: 0}
    for turn in range(400):
        live = live_message(standin, standin.channel)
        if live is None:
            break
        route_to(of_one if turn % 2 else of_two)
        record = await click(standin, both, to_act(standin, live), live, custom_id=live.custom_ids()[0])
        assert record.response_record is not None and not record.response_record.ephemeral
        handled[turn % 2] += 1
    assert live is None and handled[0] > 3 and handled[1] > 3
    assert "Game over" in standin.messages(standin.channel)[-1].content


async def test_an_interaction_delivered_twice_applies_once(standin: StandIn, launch: Launch) -> None:
    alice = standin.add_user("alice")
    one = await launch()
    of_one = set(standin.sessions())
    two = await launch()
    of_two = set(standin.sessions()) - of_one
    both = (one, two)
    assert one.handlers is not None
    live = await start_game(standin, both, alice, ai=1)
    assert live is not None
    game_id = game_id_of(live)
    for _ in range(6):
        before = await one.handlers.service.games.load(game_id)
        route_to(of_one)
        record = await standin.click(alice, live, custom_id=live.custom_ids()[0])
        for session in (*of_two, *of_one):  # a gateway replay to the other process, and to the same one
            await session.dispatch("INTERACTION_CREATE", record.payload)
        await answered(record, *both)
        assert not record.followups and not record.refused
        after = await one.handlers.service.storage.games.load_game(game_id, with_log=True)
        assert after.log[before.log_length] in ("R", "M1", "M2", "M3", "M4")
        await one.handlers.service.storage.games.verify_game(game_id)
        assert after.version - before.version <= 2  # one action (+ the new message's id), not two
        live = live_message(standin, standin.channel)
        if live is None:
            break


async def test_two_shards_serve_their_own_guilds(standin: StandIn, launch: Launch) -> None:
    zero, one = standin.add_guild("Zero", shard=(0, 2)), standin.add_guild("One", shard=(1, 2))
    alice = standin.add_user("alice", guild=zero)
    standin.add_member(one, alice)
    first: LudoBot = await launch(shard_count=2, shard_ids=[0])
    second: LudoBot = await launch(shard_count=2, shard_ids=[1])
    assert first.get_guild(zero.id) is not None and first.get_guild(one.id) is None
    assert second.get_guild(one.id) is not None and second.get_guild(zero.id) is None
    both = (first, second)
    here, there = standin.text_channel(zero), standin.text_channel(one)
    await start_game(standin, both, alice, ai=1, channel=here, preset="star", turn_limit=6)
    await start_game(standin, both, alice, ai=1, channel=there, preset="star", turn_limit=6)
    await play_to_end(standin, both, here)
    await play_to_end(standin, both, there)
    records = list(standin.interactions.values())
    assert {r.shard_id for r in records if r.guild_id == zero.id} == {shard_for(zero.id, 2)} == {0}
    assert {r.shard_id for r in records if r.guild_id == one.id} == {shard_for(one.id, 2)} == {1}
    assert all(r.response_record is not None and r.response_record.elapsed < 3 for r in records)
