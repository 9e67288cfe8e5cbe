"""Interactions, lobbies, guild settings, player stats and the leaderboard."""

from __future__ import annotations

import asyncio

import pytest

from ludo_bot import engine
from ludo_bot.engine.notation import rules_text
from ludo_bot.storage import (
    ChannelBusy,
    Conflict,
    CorruptRecord,
    GuildSettings,
    LobbyRecord,
    LobbySeat,
    NotFound,
    PlayerResult,
    Storage,
    keys,
    new_game_id,
    new_record,
    results_of,
)
from tests.storage.conftest import four_seats, play_moves


async def test_interaction_claimed_once(storage: Storage) -> None:
    results = await asyncio.gather(*(storage.claim_interaction(123456789) for _ in range(20)))
    assert results.count(True) == 1
    assert await storage.claim_interaction(987654321)
    assert 0 < await storage.redis.ttl(keys.interaction(123456789)) <= 900


async def test_lobby_becomes_a_game(storage: Storage) -> None:
    lobby = await storage.lobbies.create_lobby(LobbyRecord(id=new_game_id(), guild_id=42, channel_id=300,
                                                           host_id=1001, players=[LobbySeat(user_id=1001, colour=0)]))
    with pytest.raises(ChannelBusy):
        await storage.lobbies.create_lobby(LobbyRecord(id=new_game_id(), guild_id=42, channel_id=300, host_id=7))
    joined = await storage.lobbies.save_lobby(lobby.model_copy(update={"players": [*lobby.players,
                                                                                   LobbySeat(ai_level=1, colour=2)]}))
    with pytest.raises(Conflict):
        await storage.lobbies.save_lobby(lobby)  # a stale click
    assert (await storage.lobbies.load_lobby(lobby.id)).players == joined.players
    game = new_record(lobby.id, guild_id=42, channel_id=300, host_id=1001, rules=engine.Rules.preset("star"),
                      seats=four_seats()[:2], seed=1)
    await storage.games.create_game(game)  # keeps the lobby's channel claim, deletes the lobby
    with pytest.raises(NotFound):
        await storage.lobbies.load_lobby(lobby.id)
    assert await storage.games.channel_game(300) == lobby.id


async def test_cancelled_lobby_frees_the_channel(storage: Storage) -> None:
    lobby = await storage.lobbies.create_lobby(LobbyRecord(id="lob1", guild_id=1, channel_id=301, host_id=2))
    assert await storage.redis.ttl(keys.lobby("lob1")) > 0
    await storage.lobbies.drop_lobby(lobby)
    assert await storage.games.channel_game(301) is None


async def test_guild_settings(storage: Storage) -> None:
    defaults = await storage.settings.load_settings(42)
    assert (defaults.version, defaults.preset, defaults.timeout_action) == (0, "classic", "ai")
    saved = await storage.settings.save_settings(defaults.model_copy(update={
        "preset": "star", "options": {"turn_limit": 30}, "timeout_action": "forfeit", "forfeit_after": 2}))
    assert saved.version == 1
    with pytest.raises(Conflict):
        await storage.settings.save_settings(defaults)
    loaded = await storage.settings.load_settings(42)
    assert loaded == saved
    await storage.redis.hset(keys.guild_settings(42), "rec", '{"schema_version": 1, "guild_id": "x"}')
    with pytest.raises(CorruptRecord):
        await storage.settings.load_settings(42)
    with pytest.raises(ValueError):
        GuildSettings(guild_id=1, timeout_action="explode")  # type: ignore[arg-type]


async def test_results_counted_once_and_leaderboard(storage: Storage) -> None:
    results = [PlayerResult(1, 1, 3), PlayerResult(2, 2, 0), PlayerResult(3, 3, 1)]
    assert await storage.stats.record_results(42, "g1", results)
    assert not await storage.stats.record_results(42, "g1", results)  # the same game again
    assert await storage.stats.record_results(42, "g2", [PlayerResult(2, 1), PlayerResult(1, 2, 2)])
    one = await storage.stats.player_stats(42, 1)
    assert (one.games, one.wins, one.places, one.captures) == (2, 1, [1, 1, 0, 0], 5)
    assert (await storage.stats.player_stats(42, 99)).games == 0
    assert await storage.stats.leaderboard(42) == [(2, 1), (1, 1), (3, 0)]
    assert await storage.stats.leaderboard(7) == []


async def test_results_of_a_played_game(storage: Storage) -> None:
    rules = engine.Rules.preset("classic")
    record = new_record(new_game_id(), guild_id=42, channel_id=1, host_id=1001, rules=rules,
                        seats=four_seats()[:2], seed=2)
    game = await storage.games.create_game(record)
    final = await play_moves(storage, game, 2000, seed=3)
    assert not final.active and final.status == "finished"
    stored = await storage.games.load_game(game.id, with_log=True)
    results = results_of(stored)
    assert sorted(r.place for r in results) == [1, 2]
    assert rules_text(rules) == stored.rules
