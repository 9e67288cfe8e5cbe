"""Lobby colours as stored (schema 1 lobbies migrate on read) and a finished game's rematch claim: a compare-and-set
of one field of the game hash that leaves the game's version alone."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from ludo_bot.storage import CorruptRecord, LobbyRecord, LobbySeat, NotFound, RematchClaim, Storage, keys
from tests.storage.conftest import MakeGame

V1_LOBBY = {"schema_version": 1, "id": "oldlobby01", "guild_id": 42, "channel_id": 600, "host_id": 1001,
            "preset": "classic", "players": [{"user_id": 1001, "name": "Alice"}, {"ai_level": 2}],
            "created_at": 1700000000.0, "updated_at": 1700000100.0}


@pytest.mark.parametrize(("players", "colours"), [(1, [0]), (2, [0, 2]), (3, [0, 1, 2]), (4, [0, 1, 2, 3])])
async def test_a_schema_1_lobby_keeps_the_colours_its_message_showed(storage: Storage, players: int,
                                                                     colours: list[int]) -> None:
    old = dict(V1_LOBBY, players=[{"user_id": 1001 + i} for i in range(players)])
    await storage.redis.hset(keys.lobby("oldlobby01"), mapping={"v": 3, "rec": json.dumps(old)})
    lobby = await storage.lobbies.load_lobby("oldlobby01")
    assert lobby.schema_version == LobbyRecord.SCHEMA == 2 and lobby.version == 3
    assert [p.colour for p in lobby.players] == colours
    await storage.lobbies.save_lobby(lobby)  # written back in the new schema
    stored = json.loads(str(await storage.redis.hget(keys.lobby("oldlobby01"), "rec")))
    assert stored["schema_version"] == 2 and [p["colour"] for p in stored["players"]] == colours


def test_two_seats_of_one_colour_are_refused() -> None:
    with pytest.raises(ValidationError, match="one colour"):
        LobbyRecord(id="x", guild_id=1, channel_id=2, host_id=3,
                    players=[LobbySeat(user_id=3, colour=1), LobbySeat(ai_level=0, colour=1)])


async def test_a_rematch_is_claimed_once_and_the_game_version_stays(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game()
    first, second = RematchClaim("lobbyaaaa1", 1700000000.5), RematchClaim("lobbybbbb2", 1700000001.0)
    assert await storage.rematches.claimed(game.id) is None
    assert await storage.rematches.swap(game.id, None, first)
    assert not await storage.rematches.swap(game.id, None, second)  # a second press at the same moment
    assert await storage.rematches.claimed(game.id) == first
    assert await storage.rematches.swap(game.id, first, second)  # the first lobby is gone: replaced
    assert await storage.rematches.claimed(game.id) == second
    opened = RematchClaim("lobbybbbb2")  # its lobby is open
    assert await storage.rematches.swap(game.id, second, opened)
    assert await storage.rematches.claimed(game.id) == opened and opened.at is None
    assert not await storage.rematches.swap(game.id, second, None)
    assert (await storage.games.load_game(game.id)).version == game.version
    assert await storage.rematches.swap(game.id, opened, None)
    assert await storage.rematches.claimed(game.id) is None
    with pytest.raises(NotFound):
        await storage.rematches.swap("nosuchgame", None, first)


async def test_an_unreadable_rematch_claim_is_reported(storage: Storage, make_game: MakeGame) -> None:
    game = await make_game()
    await storage.redis.hset(keys.game(game.id), "r", "not a claim")
    with pytest.raises(CorruptRecord, match="rematch"):
        await storage.rematches.claimed(game.id)
