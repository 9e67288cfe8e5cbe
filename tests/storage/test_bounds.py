"""Every key has a bound (the table of `storage.keys`): a lobby and what it holds expire together, a user's index of
games is pruned, a guild's boards and history are capped, a player's stats expire after a year without a game."""

from __future__ import annotations

import pytest

import ludo_bot.storage.stats as stats_module
from ludo_bot.storage import GameRecord, LobbyLimits, LobbyRecord, LobbySeat, PlayerResult, Storage, keys, new_game_id
from ludo_bot.storage.indexes import USER_GAMES_PRUNE_AT
from ludo_bot.storage.lobbies import HELD_LONGER, LOBBY_TTL
from ludo_bot.storage.stats import COUNTED_TTL, STATS_KEPT
from tests.storage.conftest import MakeGame, fresh_game, play_moves

GUILD, HOST = 42, 1001
LIMITS = LobbyLimits(open_per_user=3, open_per_guild=50, burst_user=12, refill_user=5.0)


async def test_a_lobby_its_channel_claim_and_its_hosts_open_set_expire_together(storage: Storage) -> None:
    lobby = await storage.lobbies.create_lobby(LobbyRecord(id=new_game_id(), guild_id=GUILD, channel_id=300,
                                                           host_id=HOST, players=[LobbySeat(user_id=HOST, colour=0)]),
                                               limits=LIMITS)
    redis = storage.redis
    assert LOBBY_TTL - 5 <= await redis.ttl(keys.lobby(lobby.id)) <= LOBBY_TTL
    for held in (keys.channel(300), keys.open_by_user(GUILD, HOST)):  # they outlive the lobby, a little
        assert LOBBY_TTL < await redis.ttl(held) <= LOBBY_TTL + HELD_LONGER
    await redis.expire(keys.lobby(lobby.id), 100)
    joined = await storage.lobbies.save_lobby(lobby.model_copy(update={"players": [*lobby.players,
                                                                                   LobbySeat(user_id=7, colour=2)]}))
    assert 0 < await redis.ttl(keys.lobby(lobby.id)) <= 100  # joining does not extend a lobby's life
    started = fresh_game(channel_id=300).model_copy(update={"id": joined.id})
    await storage.games.create_game(started)
    assert await redis.ttl(keys.channel(300)) == -1  # the game holds the channel until it ends


async def test_the_users_index_is_pruned_when_it_grows(storage: Storage, make_game: MakeGame) -> None:
    """Entries whose removal was lost (a crash as the game ended) go once the set passes the prune size; the user's
    active games stay."""
    active = [await make_game(channel_id=600 + n) for n in range(3)]
    stale = [f"gone{n}" for n in range(USER_GAMES_PRUNE_AT + 30)]
    await storage.redis.sadd(keys.user_games(HOST), *stale)
    newest = await make_game(channel_id=700)
    kept = await storage.redis.smembers(keys.user_games(HOST))
    assert kept == {g.id for g in [*active, newest]}
    for n in range(USER_GAMES_PRUNE_AT * 2):  # a user in many games at once: the set holds them all
        await make_game(channel_id=800 + n)
    assert await storage.redis.scard(keys.user_games(HOST)) == 4 + USER_GAMES_PRUNE_AT * 2


async def test_a_guilds_boards_keep_their_best_players(storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_module, "BOARD_KEEP", 3)
    stats = storage.stats
    for user, wins in ((1, 4), (2, 3), (3, 2), (4, 1)):
        for n in range(wins):
            await stats.record_results(GUILD, f"u{user}w{n}", [PlayerResult(user, 1), PlayerResult(99, 2)])
    assert await stats.leaderboard(GUILD) == [(1, 4), (2, 3), (3, 2)]  # 99 (no wins) and 4 (one) trimmed off
    assert await storage.redis.zcard(keys.leaderboard(GUILD)) == 3
    for n in range(3):  # player 4 comes back with every win, not with this game's alone
        await stats.record_results(GUILD, f"back{n}", [PlayerResult(4, 1), PlayerResult(99, 2)])
    assert await stats.leaderboard(GUILD) == [(4, 4), (1, 4), (2, 3)]
    assert (await stats.player_stats(GUILD, 99)).games == 13  # trimmed off the board, counted all the same


async def test_the_rating_board_keeps_its_best(storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    from ludo_bot.storage import Rating

    monkeypatch.setattr(stats_module, "BOARD_KEEP", 2)
    for user in range(1, 6):
        await storage.stats.record_results(GUILD, f"r{user}", [PlayerResult(user, 1)],
                                           ratings={user: (None, Rating(20.0 + user, 5.0))})
    assert [user for user, _ in await storage.stats.rating_board(GUILD)] == [5, 4]
    assert await storage.redis.zcard(keys.rating_board(GUILD)) == 2
    assert (await storage.stats.ratings(GUILD, [1]))[1] == Rating(21.0, 5.0)  # the rating itself is kept


async def test_history_is_capped_and_stats_and_markers_expire(storage: Storage,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats_module, "HISTORY_KEEP", 3)
    for n in range(6):
        await storage.stats.record_results(GUILD, f"h{n}", [PlayerResult(HOST, 1)], finished_at=100.0 + n)
    assert [g for g, _ in await storage.stats.history(GUILD, 10)] == ["h5", "h4", "h3"]
    assert STATS_KEPT - 5 <= await storage.redis.ttl(keys.player_stats(GUILD, HOST)) <= STATS_KEPT
    assert 0 < await storage.redis.ttl(keys.counted(GUILD, "h0")) <= COUNTED_TTL


async def test_a_finished_game_expires_after_the_retention(storage: Storage, make_game: MakeGame) -> None:
    game = await play_moves(storage, await make_game(), 3)
    assert await storage.redis.ttl(keys.game(game.id)) == -1 == await storage.redis.ttl(keys.log(game.id))
    ended: GameRecord = await storage.games.save_game(game.model_copy(update={"status": "abandoned"}))
    assert not ended.active
    for key in (keys.game(game.id), keys.log(game.id)):
        assert 0 < await storage.redis.ttl(key) <= storage.games.retention
    assert await storage.redis.scard(keys.user_games(HOST)) == 0

