"""Issue 7 through Discord: an openskill rating per guild, updated when a game ends (AI seats are not rated);
/ludo leaderboard ranks by it and /ludo stats shows rating, games, wins, average place, captures and favourite
preset."""

from __future__ import annotations

import re

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn, User
from ludo_bot.storage import Storage
from tests.bot.helpers import click, open_lobby, private_text, slash, start_game

pytestmark = pytest.mark.usefixtures("no_click_in_flight")  # (each answer awaited before the next action)


def _rating(text: str) -> float:
    found = re.search(r"rating \*\*(-?[0-9.]+)\*\*", text)
    assert found, text
    return float(found.group(1))


async def test_games_between_people_are_rated_and_ranked(standin: StandIn, ludo: LudoBot, storage: Storage) -> None:
    alice, bob, carol = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("carol")
    games = (("star", (carol, bob)), ("star", (bob, carol)), ("classic", (carol, alice)))
    for number, (preset, leavers) in enumerate(games):  # a channel each: none waits out Discord's 5 edits per 5 s
        room = standin.add_channel(standin.guild, f"game{number}")  # of a channel that the one before spent
        await start_game(standin, ludo, alice, (bob, carol), preset=preset, channel=room)
        for leaver in leavers:  # the last one in wins; the first to leave is last
            await slash(standin, ludo, leaver, room, "leave")
    # places: alice 1, 1, 2; bob 2, 3, 1; carol 3, 2, 3
    stats = private_text(await slash(standin, ludo, alice, standin.channel, "stats"))
    assert "games: 3, wins: 2, average place: 1.33" in stats and "favourite preset **star**" in stats
    assert "μ " in stats and "σ " in stats
    board = (await slash(standin, ludo, carol, standin.channel, "leaderboard")).response_record
    assert board is not None and board.content is not None
    order = [int(u) for u in re.findall(r"<@(\d+)>", board.content)]
    assert order == [alice.id, bob.id, carol.id], board.content
    assert _rating(stats) == _rating(board.content.split("\n")[1])
    ratings = await storage.stats.ratings(standin.guild.id, [alice.id, bob.id, carol.id])
    assert all(r is not None and r.sigma < 25 / 3 for r in ratings.values())  # surer than a new player

    # a game against an AI changes no rating, but counts in the stats
    before = ratings[alice.id]
    solo = standin.add_channel(standin.guild, "solo")
    await start_game(standin, ludo, alice, ai=1, channel=solo)
    await slash(standin, ludo, alice, solo, "leave")
    after = await storage.stats.ratings(standin.guild.id, [alice.id])
    assert after[alice.id] == before
    assert "games: 4, wins: 2," in private_text(await slash(standin, ludo, alice, standin.channel, "stats"))


async def test_a_team_is_rated_as_one_side(standin: StandIn, ludo: LudoBot, storage: Storage) -> None:
    players: list[User] = [standin.add_user(name) for name in ("alice", "bob", "carol", "dave")]
    alice, bob, carol, dave = players
    lobby = await open_lobby(standin, ludo, alice, teams=True)
    for player in (bob, carol, dave):  # seats 0-3 in joining order: alice+carol against bob+dave
        await click(standin, ludo, player, lobby, label="Join")
    await click(standin, ludo, alice, lobby, label="Start")
    for leaver in (bob, dave):
        await slash(standin, ludo, leaver, standin.channel, "leave")
    ratings = await storage.stats.ratings(standin.guild.id, [p.id for p in players])
    a, b, c, d = (ratings[p.id] for p in players)
    assert a is not None and b is not None and c is not None and d is not None
    assert a.ordinal > b.ordinal and c.ordinal > d.ordinal
    assert abs(a.mu - c.mu) < 1e-9 and abs(b.mu - d.mu) < 1e-9  # partners gain and lose alike


async def test_unrated_players_follow_the_rated_on_the_leaderboard(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    await start_game(standin, ludo, alice, ai=1)
    await slash(standin, ludo, alice, standin.channel, "leave")
    board = (await slash(standin, ludo, alice, standin.channel, "leaderboard")).response_record
    assert board is not None and f"<@{alice.id}> — 0 wins · not rated yet" in (board.content or "")
    stats = private_text(await slash(standin, ludo, alice, standin.channel, "stats"))
    assert "not rated yet" in stats and "favourite preset **classic**" in stats
