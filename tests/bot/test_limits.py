"""Limits on opening lobbies (service.limits, storage.limits) through the Discord stand-in: they refuse what is open at
once and bursts, never a player who opens, cancels and reopens; a refused `/ludo start` counts against nothing and
says which limit and what to close or when to try again."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.settings import BotSettings
from ludo_bot.playground.standin import InteractionRecord, Message, StandIn, User
from ludo_bot.storage import LobbyLimits, keys
from ludo_bot.storage.limits import CHECK_AFTER
from tests.bot.conftest import Launch, bot_settings
from tests.bot.helpers import (
    Clock,
    click,
    open_lobby,
    play_to_end,
    private_text,
    slash,
    start_game,
)

pytestmark = pytest.mark.usefixtures("no_click_in_flight")  # (each answer awaited before the next action)

RETRY_AT = re.compile(r"<t:(\d+):R>")


async def cancel(standin: StandIn, bot: LudoBot, host: User, lobby: Message | None) -> None:
    assert lobby is not None
    record = await click(standin, bot, host, lobby, label="Cancel")
    assert record.response_record is not None and not record.response_record.ephemeral, private_text(record)


def refused(record: InteractionRecord) -> str | None:
    """The refusal of a `/ludo start`, or None if it opened a lobby."""
    assert record.response_record is not None
    return private_text(record) if record.response_record.ephemeral else None


async def test_a_player_opening_cancelling_and_reopening_ten_times_is_never_refused(standin: StandIn,
                                                                                   ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    options: list[dict[str, Any]] = [{"seats": 2}, {"seats": 3}, {"preset": "star"}, {"dice": 2},
                                     {"preset": "strict", "end_path": 4}, {"quick": True}, {"bonus_on_six": False},
                                     {"stacking": "allowed"}, {"turn_limit": 20}, {}]
    for chosen in options:  # as fast as the test goes: trying options
        await cancel(standin, ludo, alice, await open_lobby(standin, ludo, alice, **chosen))
    await open_lobby(standin, ludo, alice)  # and the eleventh opens too


async def test_open_lobbies_per_user_are_limited_and_a_refusal_takes_nothing(standin: StandIn,
                                                                             ludo: LudoBot) -> None:
    host, other = standin.add_user("host"), standin.add_user("other")
    channels = [standin.add_channel(standin.guild, f"c{i}") for i in range(5)]
    lobbies = [await open_lobby(standin, ludo, host, channel) for channel in channels[:3]]
    for _ in range(15):  # more refusals than the burst bucket holds: had they taken tokens, it would be empty
        text = refused(await slash(standin, ludo, host, channels[3], "start"))
        assert text is not None and "already have 3 Ludo lobbies open" in text and "cancel" in text, text
    assert not standin.messages(channels[3])  # nothing was opened there
    await open_lobby(standin, ludo, other, channels[3])  # others are not held back
    await cancel(standin, ludo, host, lobbies[0])  # closing one lets the host open again at once
    await open_lobby(standin, ludo, host, channels[4])
    assert refused(await slash(standin, ludo, host, channels[0], "start")) is not None
    await click(standin, ludo, other, lobbies[1], label="Join")
    await click(standin, ludo, host, lobbies[1], label="Start")  # a started lobby is no longer an open lobby
    await open_lobby(standin, ludo, host, channels[0])


async def test_games_played_alone_against_ai_take_their_hosts_places_so_one_member_cannot_fill_a_server(
        standin: StandIn, launch: Launch) -> None:
    """The attack of issue 43: one member starts a game against an AI seat in channel after channel. AI seats play
    every turn that times out, so each game holds a place for days; they used to count against the server's places
    only, and the member held them all."""
    bot = await launch(lobby_open_guild=5)
    attacker, victim, friend = standin.add_user("attacker"), standin.add_user("victim"), standin.add_user("friend")
    rooms = [standin.add_channel(standin.guild, f"solo{i}") for i in range(8)]
    for room in rooms[:3]:
        await start_game(standin, bot, attacker, ai=1, channel=room)
    for room in rooms[3:5]:  # the fourth and fifth are refused, saying why and what to do
        text = refused(await slash(standin, bot, attacker, room, "start"))
        assert text is not None and "counting the games you play alone against AI seats" in text, text
        assert "(3)" in text and "/ludo end" in text, text
        assert not standin.messages(room)
    await open_lobby(standin, bot, victim, rooms[5])  # the server still has places for everyone else
    await start_game(standin, bot, friend, (attacker,), channel=rooms[6])  # the attacker still plays with others
    ended = await slash(standin, bot, attacker, rooms[0], "end")  # a game played alone that ends frees its place
    assert refused(ended) is None
    await open_lobby(standin, bot, attacker, rooms[7])
    assert refused(await slash(standin, bot, attacker, rooms[0], "start")) is not None
    left = await slash(standin, bot, attacker, rooms[1], "leave")  # so does one its host leaves (the AI plays out)
    assert "You left the game" in private_text(left)
    await open_lobby(standin, bot, attacker, rooms[0])


async def test_a_game_counts_against_the_last_person_playing_once_the_others_have_left(standin: StandIn,
                                                                                     launch: Launch) -> None:
    """A second account does not get a member round the count: a game left to one person and the AI seats counts
    against that person from then on (with `ai_takeover` or without), whether the alt left or the host did."""
    bot = await launch(lobby_open_user=2)
    host, alt = standin.add_user("host"), standin.add_user("alt")
    rooms = [standin.add_channel(standin.guild, f"alt{i}") for i in range(6)]
    for room, takeover in zip(rooms[:2], (True, False), strict=True):
        await start_game(standin, bot, host, (alt,), ai=1, channel=room, ai_takeover=takeover)
        await slash(standin, bot, alt, room, "leave")
    text = refused(await slash(standin, bot, host, rooms[2], "start"))
    assert text is not None and "alone against AI seats" in text, text
    member = standin.add_user("member")
    for room, takeover in zip(rooms[3:5], (True, False), strict=True):  # the other way round: the alt hosts, leaves
        await start_game(standin, bot, alt, (member,), ai=1, channel=room, ai_takeover=takeover)
        await slash(standin, bot, alt, room, "leave")
    text = refused(await slash(standin, bot, member, rooms[5], "start"))
    assert text is not None and "alone against AI seats" in text, text


async def test_start_as_fast_as_possible_meets_the_burst_limit_until_it_refills(standin: StandIn, ludo: LudoBot,
                                                                                 clock: Clock) -> None:
    spammer = standin.add_user("spammer")
    began, opened = time.monotonic(), 0
    while True:
        record = await slash(standin, ludo, spammer, standin.channel, "start")
        text = refused(record)
        if text is not None:
            break
        opened += 1
        await cancel(standin, ludo, spammer, await record.result())
        assert opened <= 40, "never refused"
    refills = (time.monotonic() - began) / 5  # the bucket gains one every 5 s of real time too
    assert 12 <= opened <= 12 + refills + 1, (opened, refills)
    assert "faster than the bot allows" in text, text
    found = RETRY_AT.search(text)
    assert found and clock() - 1 < int(found.group(1)) <= clock() + 6, text
    clock.advance(int(found.group(1)) - clock())  # at the time it named, one opens
    lobby = await open_lobby(standin, ludo, spammer)
    await cancel(standin, ludo, spammer, lobby)
    assert refused(await slash(standin, ludo, spammer, standin.channel, "start")) is not None  # one, not a burst
    clock.advance(60)  # a minute later, a burst again
    for _ in range(10):
        await cancel(standin, ludo, spammer, await open_lobby(standin, ludo, spammer))


async def test_a_guild_bucket_holds_back_several_accounts_together(standin: StandIn, launch: Launch) -> None:
    bot = await launch(lobby_burst_guild=5, lobby_refill_guild=60)
    users = [standin.add_user(f"u{i}") for i in range(7)]
    results = [refused(await slash(standin, bot, user, standin.add_channel(standin.guild, f"b{i}"), "start"))
               for i, user in enumerate(users)]
    assert results[:5] == [None] * 5
    assert all(text is not None and "in this server faster than the bot allows" in text for text in results[5:])


async def test_a_guild_caps_its_open_lobbies_and_games(standin: StandIn, launch: Launch, clock: Clock) -> None:
    bot = await launch(lobby_open_guild=3)
    ann, ben, cat, dan = (standin.add_user(name) for name in ("ann", "ben", "cat", "dan"))
    rooms = [standin.add_channel(standin.guild, f"r{i}") for i in range(6)]
    waiting = await open_lobby(standin, bot, ann, rooms[0])
    await start_game(standin, bot, ben, ai=1, channel=rooms[1])
    await start_game(standin, bot, cat, ai=1, channel=rooms[2], preset="star", turn_limit=2)
    text = refused(await slash(standin, bot, dan, rooms[3], "start"))
    assert text is not None and "already has 3 Ludo lobbies and games open" in text, text
    end = await slash(standin, bot, ben, rooms[1], "end")  # an ended game frees its place
    assert refused(end) is None
    await open_lobby(standin, bot, dan, rooms[3])
    assert refused(await slash(standin, bot, dan, rooms[4], "start")) is not None
    await play_to_end(standin, bot, rooms[2])  # so does a finished one
    await open_lobby(standin, bot, dan, rooms[4])
    assert refused(await slash(standin, bot, cat, rooms[5], "start")) is not None
    assert bot.handlers is not None
    redis = bot.handlers.service.storage.redis
    lobby_id = next(c for c in waiting.custom_ids() if c.startswith("ludo:l:")).split(":")[2]
    await redis.delete(keys.lobby(lobby_id))  # ann's lobby expires (LOBBY_TTL), which nothing tells the counts
    clock.advance(CHECK_AFTER + 1)  # once its entry is due for a check, the full count finds it gone
    await open_lobby(standin, bot, cat, rooms[5])


def test_settings_name_every_limit_and_zero_turns_one_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert BotSettings(_env_file=None).open_limits() == LobbyLimits(  # type: ignore[call-arg]
        open_per_user=3, open_per_guild=50, burst_user=12, refill_user=5.0, burst_guild=60, refill_guild=2.0)
    for name, value in (("LOBBY_OPEN_USER", "0"), ("LOBBY_OPEN_GUILD", "0"), ("LOBBY_BURST_USER", "0"),
                        ("LOBBY_REFILL_USER", "2.5"), ("LOBBY_BURST_GUILD", "0"), ("LOBBY_REFILL_GUILD", "1")):
        monkeypatch.setenv(name, value)
    limits = bot_settings(str(tmp_path)).open_limits()
    assert limits.off and limits.refill_user == 2.5
