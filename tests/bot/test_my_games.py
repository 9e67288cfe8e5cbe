"""`/ludo games` through Discord: a member's games in this server, privately, the ones where it is their turn first
(then by the turn's end, soonest first), each with a link to its live message, whose turn it is and when the turn
ends; in English and German; a clear line for a member with none; many games within one message's limit."""

from __future__ import annotations

import re

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import Channel, StandIn, User
from ludo_bot.service import GameRecord, Service, seat_user, state_of
from tests.bot.helpers import answered, click, live_message, private_text, slash, start_game, to_act

pytestmark = pytest.mark.usefixtures("no_click_in_flight")  # (each answer awaited before the next action)

LINK = re.compile(r"https://discord\.com/channels/(\d+)/(\d+)(?:/(\d+))?")
GAME = re.compile(r"(?:game|Spiel) `(\w+)`")


def service_of(ludo: LudoBot) -> Service:
    assert ludo.handlers is not None
    return ludo.handlers.service


def turn_of(record: GameRecord) -> int | None:
    return seat_user(record, state_of(record).current)


async def play_until(standin: StandIn, ludo: LudoBot, where: Channel, player: User, *, theirs: bool) -> None:
    """The players click the first button of the live message in `where` until it is (`theirs`) or is not
    `player`'s turn."""
    for _ in range(100):
        live = live_message(standin, where)
        assert live is not None
        mover = to_act(standin, live)
        if (mover is player) == theirs:
            return
        await click(standin, ludo, mover, live, custom_id=live.custom_ids()[0])
    raise AssertionError("the turn never came")


async def games_answer(standin: StandIn, ludo: LudoBot, user: User, locale: str = "en-US") -> str:
    return private_text(await answered(await standin.slash(user, standin.channel, "ludo", "games", locale=locale),
                                       ludo))


async def test_my_games_come_mine_to_play_first_with_links_turns_and_their_ends(standin: StandIn,
                                                                                ludo: LudoBot) -> None:
    alice, bob, carol, dave = (standin.add_user(name) for name in ("alice", "bob", "carol", "dave"))
    bob.global_name = "**Bob** [x](https://evil.example)"  # shown as written, never as markup
    second, third = standin.add_channel(standin.guild, "second"), standin.add_channel(standin.guild, "third")
    for channel, host, guest in ((standin.channel, alice, bob), (second, bob, alice), (third, carol, alice)):
        await start_game(standin, ludo, host, (guest,), channel=channel, preset="classic", thread=channel is third)
    (thread,) = standin.threads(third)
    await play_until(standin, ludo, standin.channel, alice, theirs=False)  # bob's turn
    await play_until(standin, ludo, thread, alice, theirs=True)  # alice's
    await play_until(standin, ludo, second, alice, theirs=True)  # alice's
    elsewhere = standin.add_guild("elsewhere")  # alice's game in another server is not listed here
    for user in (alice, dave):
        standin.add_member(elsewhere, user)
    await start_game(standin, ludo, dave, (alice,), channel=standin.text_channel(elsewhere))
    fourth = standin.add_channel(standin.guild, "fourth")  # nor a game that ended
    await start_game(standin, ludo, alice, (dave,), channel=fourth)
    await slash(standin, ludo, alice, fourth, "end")

    lines = (await games_answer(standin, ludo, alice)).split("\n")
    assert lines[0] == "🎲 **Your Ludo games in this server** (3), yours to play first:" and len(lines) == 4, lines
    records = []
    for place in (standin.channel, second, thread):
        live = live_message(standin, place)
        assert live is not None
        found = GAME.search(live.content)
        assert found is not None
        records.append(await service_of(ludo).games.load(found[1]))
    expected = sorted(records, key=lambda r: (turn_of(r) != alice.id, r.turn_deadline or 0))
    assert [turn_of(r) for r in expected] == [alice.id, alice.id, bob.id]
    assert (expected[0].turn_deadline or 0) < (expected[1].turn_deadline or 0)  # of hers, the soonest end first
    assert {r.channel_id for r in expected} == {standin.channel.id, second.id, thread.id}  # a thread's game: there
    for line, record in zip(lines[1:], expected, strict=True):
        named = GAME.search(line)
        assert named is not None and named[1] == record.id
        link = LINK.search(line)
        assert link is not None and int(link[1]) == standin.guild.id, line
        live = live_message(standin, standin.channels[record.channel_id])
        assert live is not None and (int(link[2]), int(link[3] or 0)) == (live.channel_id, live.id)  # the live one
        assert f" · turn ends <t:{int(record.turn_deadline or 0)}:R> · " in line
        if turn_of(record) == alice.id:
            assert line.startswith("• **your turn** · **classic** · ")
        else:
            # (the link inside the name broken, so Discord does not make it one: issue 43)
            assert line.startswith("• \\*\\*Bob\\*\\* \\[x](https:\u200b//evil.example)'s turn · **classic** · ")


async def test_a_german_member_reads_their_games_in_german(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    await start_game(standin, ludo, alice, (bob,), preset="star")
    await play_until(standin, ludo, standin.channel, alice, theirs=False)
    lines = (await games_answer(standin, ludo, alice, locale="de")).split("\n")
    assert lines[0] == "🎲 **Deine Ludo-Spiele auf diesem Server** (1), deine Züge zuerst:" and len(lines) == 2
    assert re.fullmatch(r"• Bob ist dran · \*\*Stern\*\* · Spiel `\w+` · Zug endet <t:\d+:R> · "
                        r"https://discord\.com/channels/\d+/\d+/\d+", lines[1]), lines[1]
    lines = (await games_answer(standin, ludo, bob, locale="de")).split("\n")
    assert lines[1].startswith("• **du bist dran** · **Stern** · Spiel `")  # the preset's German name


async def test_a_member_with_no_games_is_told_so_in_their_language(standin: StandIn, ludo: LudoBot) -> None:
    erin = standin.add_user("erin")
    assert await games_answer(standin, ludo, erin) == ("You are not playing a Ludo game in this server right now: "
                                                       "/ludo start opens one.")
    assert await games_answer(standin, ludo, erin, locale="de") == ("Du spielst gerade kein Ludo-Spiel auf diesem "
                                                                    "Server: /ludo start eröffnet eins.")


async def test_many_games_with_long_names_fit_one_message_and_say_how_many_more(standin: StandIn,
                                                                                ludo: LudoBot) -> None:
    """30 games against hosts whose names are 100 characters of markdown (escaped, twice as long): as many lines
    as fit in Discord's 2000 characters, then how many more (the stand-in refuses a longer message)."""
    alice = standin.add_user("alice")
    service = service_of(ludo)
    for n in range(30):
        host = standin.add_user(f"host{n}")
        channel = standin.add_channel(standin.guild, f"game-{n}")
        lobby = await service.lobbies.open(guild_id=standin.guild.id, channel_id=channel.id, host_id=host.id,
                                           preset="classic", options={"seats": 2}, host_name="_*" * 50)
        await service.lobbies.update(lobby.id, alice.id, "join", name="alice")
        await service.lobbies.start(lobby.id, host.id)
    answer = await games_answer(standin, ludo, alice)
    lines = answer.split("\n")
    assert len(answer) <= 2000 and lines[0].endswith("(30), yours to play first:")
    more = re.fullmatch(r"… and (\d+) more\.", lines[-1])
    assert more is not None and len(lines) - 2 + int(more[1]) == 30 and len(lines) > 4
    assert all(line.startswith("• ") and LINK.search(line) for line in lines[1:-1])
    assert all(len(line) <= 360 for line in lines)  # (the escaped name is 200 characters)
    assert len(answer) > 2000 - 360  # so the next line would not have fit
