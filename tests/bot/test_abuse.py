"""Abuse: forged button ids, clicks by outsiders, one button clicked 50 times at once, a burst of clicks larger than
the storage pool, out-of-range and odd option values (`/ludo start` spammed: tests/bot/test_limits.py). None
changes a game it should not, none crashes the bot, each gets a clear answer within Discord's 3 seconds."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import StandIn
from ludo_bot.playground.standin.records import MANAGE_CHANNELS
from ludo_bot.service.words.i18n import translate
from ludo_bot.storage import GameRecord, Storage, make_client
from tests.bot.conftest import Launch
from tests.bot.helpers import (
    answered,
    click,
    forged_message,
    game_id_of,
    live_message,
    open_lobby,
    private_text,
    slash,
    start_game,
    to_act,
)


async def stored(bot: LudoBot, game_id: str) -> GameRecord:
    assert bot.handlers is not None
    return await bot.handlers.service.storage.games.load_game(game_id, with_log=True)


async def test_forged_button_ids_change_nothing(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    carol, dave = standin.add_user("carol"), standin.add_user("dave")
    other_channel = standin.add_channel(standin.guild, "other")
    live = await start_game(standin, ludo, alice, (bob,), preset="classic")
    other = await start_game(standin, ludo, carol, (dave,), preset="classic", channel=other_channel)
    assert live is not None and other is not None
    game_id, other_id = game_id_of(live), game_id_of(other)
    ply = int(live.custom_ids()[0].split(":")[3])
    mover, other_mover = to_act(standin, live), to_act(standin, other)
    before, other_before = await stored(ludo, game_id), await stored(ludo, other_id)
    hundred = "ludo:g:" + "a" * 40 + ":" + "1" * 9 + ":R" + "x" * 41
    assert len(hundred) == 100
    cases = {
        other.custom_ids()[0]: "a game in another channel",  # another game's button, put in this channel
        f"ludo:g:{game_id}:{ply + 1}:R": "moved on",  # a later ply
        f"ludo:g:{game_id}:{max(ply - 1, 0) if ply else 7}:R": "moved on",  # an earlier one
        f"ludo:g:{game_id}:999999999:R": "moved on",
        f"ludo:g:{game_id}:{ply}:M9": "not one of this game's",
        f"ludo:l:{game_id}:start": "lobby is closed",  # a lobby button of a started game
        "ludo:r:" + "z" * 40: "no longer exists",
        hundred: "outdated",
        "ludo:l:" + "q" * 93: "outdated",
        "x" * 100: "outdated",
        "ludo:g:::": "outdated",
        "ludo:g:ABC:0:R": "outdated",
        "ludo:g:abc:-1:R": "outdated",
        "🎲" * 25: "outdated",
    }
    forged = forged_message(standin, standin.channel, *cases)
    for custom_id, says in cases.items():
        record = await click(standin, ludo, mover, forged, custom_id=custom_id)
        assert says in private_text(record), (custom_id, record.response_record)
    # another game's button clicked by a player of that game, from a message in the wrong channel
    record = await click(standin, ludo, other_mover, forged, custom_id=other.custom_ids()[0])
    assert "a game in another channel" in private_text(record)
    after, other_after = await stored(ludo, game_id), await stored(ludo, other_id)
    assert (after.version, after.log) == (before.version, before.log)
    assert (other_after.version, other_after.log) == (other_before.version, other_before.log)
    await ludo.handlers.service.storage.games.verify_game(game_id)  # type: ignore[union-attr]
    await ludo.handlers.service.storage.games.verify_game(other_id)  # type: ignore[union-attr]


async def test_a_real_button_copied_onto_another_message_is_answered(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1)
    assert live is not None
    before = await stored(ludo, game_id_of(live))
    # the live message's button on a message that is not the game's: it is checked against the stored game
    forged = forged_message(standin, standin.channel, live.custom_ids()[0])
    record = await answered(await standin.click(alice, forged, custom_id=live.custom_ids()[0]), ludo)
    assert record.response_record is not None
    after = await stored(ludo, before.id)
    assert after.log[:before.log_length] == before.log


async def test_a_players_button_copied_into_another_channel_moves_nothing(standin: StandIn, ludo: LudoBot) -> None:
    """A game's buttons are shown only in its channel: its player clicking a copy of one elsewhere (here in another
    guild) is told so, and the game, its live message and the other channel stay as they were (found by the fuzz:
    the answer's new board went to the other channel, and the game's own channel kept an old one)."""
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1)
    assert live is not None
    before = await stored(ludo, game_id_of(live))
    other = standin.add_guild("other guild")
    standin.add_member(other, alice)
    elsewhere = standin.text_channel(other)
    roll = live.custom_ids()[0]
    copy = forged_message(standin, elsewhere, roll)
    record = await click(standin, ludo, alice, copy, custom_id=roll)
    assert private_text(record) == translate("en-US", "refused.other_channel")
    after = await stored(ludo, before.id)
    assert (after.version, after.log, after.message_id) == (before.version, before.log, before.message_id)
    assert [m.id for m in standin.messages(elsewhere)] == [copy.id] and live.custom_ids()[0] == roll


async def test_clicks_by_non_players(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, eve = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("eve")
    lobby = await open_lobby(standin, ludo, alice, seats=2)
    for label, says in (("Start", "Only the host can start"), ("Cancel", "Only the host can cancel"),
                        ("Add AI (random)", "Only the host can add AI"), ("Leave", "not in this game")):
        record = await click(standin, ludo, eve, lobby, label=label)
        assert says in private_text(record), (label, record.response_record)
    await click(standin, ludo, bob, lobby, label="Join")
    await click(standin, ludo, alice, lobby, label="Start")
    live = live_message(standin, standin.channel)
    assert live is not None
    game_id = game_id_of(live)
    before = await stored(ludo, game_id)
    for custom_id in live.custom_ids():
        if custom_id.startswith("ludo:s:"):  # Spectate is for anyone: a private view, nothing changes
            continue
        record = await click(standin, ludo, eve, live, custom_id=custom_id)
        assert "not playing in this game" in private_text(record)
    # /ludo leave and /ludo end by someone without a seat: each its own private refusal, in eve's language
    for command, key, locale in (("leave", "refused.not_playing", "en-US"), ("end", "refused.host_ends", "en-US"),
                                 ("leave", "refused.not_playing", "de"), ("end", "refused.host_ends", "de")):
        record = await answered(await standin.slash(eve, standin.channel, "ludo", command, locale=locale), ludo)
        assert private_text(record) == translate(locale, key), (command, locale)
    after = await stored(ludo, game_id)
    assert (after.version, after.log, after.status) == (before.version, before.log, before.status)
    assert not standin.notifications(eve)


async def test_a_moderator_elsewhere_cannot_cancel_a_lobby_with_a_copy_of_its_button(standin: StandIn,
                                                                                     ludo: LudoBot) -> None:
    """Managing channels in another guild gives no say over this guild's lobby, even with a copy of its Cancel
    button in a message there (found by the fuzz); the host still can."""
    alice = standin.add_user("alice")
    other = standin.add_guild("other guild")
    mod = standin.add_user("mod", guild=other, roles=[standin.add_role(other, "mods", MANAGE_CHANNELS)])
    lobby = await open_lobby(standin, ludo, alice, seats=2)
    cancel = next(c for c in lobby.custom_ids() if c.endswith(":cancel"))
    copy = forged_message(standin, standin.text_channel(other), cancel)
    refused = await click(standin, ludo, mod, copy, custom_id=cancel)
    assert "Only the host can cancel" in private_text(refused)
    assert cancel in lobby.custom_ids()
    await click(standin, ludo, alice, lobby, custom_id=cancel)
    assert "cancelled" in lobby.content and not lobby.custom_ids()


async def test_one_button_clicked_50_times_at_once_applies_once(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1)
    assert live is not None
    game_id = game_id_of(live)
    for _ in range(3):
        assert live is not None
        before = await stored(ludo, game_id)
        custom_id = live.custom_ids()[0]
        records = await asyncio.gather(*(standin.click(alice, live, custom_id=custom_id) for _ in range(50)))
        for record in records:
            await answered(record, ludo)
        public = [r for r in records if not r.response_record.ephemeral]  # type: ignore[union-attr]
        assert len(public) == 1, [r.response_record for r in records]
        for record in records:
            if record not in public:
                assert any(words in private_text(record) for words in ("moved on", "same moment", "over"))
        after = await stored(ludo, game_id)
        assert after.log[:before.log_length] == before.log
        assert after.log[before.log_length] == custom_id.split(":")[4]
        await ludo.handlers.service.storage.games.verify_game(game_id)  # type: ignore[union-attr]
        live = live_message(standin, standin.channel)
        if live is None:
            break


async def test_a_burst_of_clicks_beyond_the_storage_pool_is_answered_in_full(standin: StandIn, launch: Launch,
                                                                               redis_url: str) -> None:
    small = Storage(make_client(redis_url, max_connections=4))  # 300 clicks at once on 4 connections
    try:
        bot = await launch(on=small, max_concurrent_clicks=3)
        alice, bob = standin.add_user("alice"), standin.add_user("bob")
        live = await start_game(standin, bot, alice, (bob,))
        assert live is not None
        crowd = [standin.add_user(f"fan{n}") for n in range(300)]
        records = await asyncio.gather(*(standin.click(fan, live, label="Spectate") for fan in crowd))
        for record in records:
            await answered(record, bot)  # within Discord's 3 s: late ones were deferred, not dropped
        views = [await record.result() for record in records]
        refused = [private_text(r) for r, v in zip(records, views, strict=True) if v is None or not v.attachments]
        assert not refused, refused[:3]  # no "Storage is unavailable" though the pool was busy
        assert all(v is not None and v.ephemeral and v.file("board.png").data.startswith(b"\x89PNG")
                   for v in views)
    finally:
        await small.close()


@pytest.mark.parametrize(("options", "says"), [
    ({"turn_limit": 501}, "could not run"),
    ({"dice": 3}, "dice"),
    ({"preset": "nope"}, ""),
    ({"preset": "x" * 6000}, ""),
    ({"stacking": "sideways"}, ""),
    ({"game_end": ""}, ""),
    ({"preset": "classic", "end_path": 5}, ""),
])
async def test_odd_start_options_are_answered_and_open_nothing(standin: StandIn, ludo: LudoBot,
                                                                options: dict[str, Any], says: str) -> None:
    alice = standin.add_user("alice")
    record = await slash(standin, ludo, alice, standin.channel, "start", **options)
    assert record.response_record is not None
    if record.response_record.ephemeral:
        assert says in private_text(record)
        assert ludo.handlers is not None
        assert await ludo.handlers.service.storage.games.channel_game(standin.channel.id) is None
    else:  # accepted: it opened a lobby of valid rules
        assert "Ludo lobby" in (record.response_record.content or "")


@pytest.mark.parametrize(("options", "says"), [
    ({"seats": 9}, "2 to 4 seats, not 9"),
    ({"seats": 1}, "2 to 4 seats, not 1"),
    ({"seats": -2147483648}, "2 to 4 seats"),
    ({"turn_minutes": 0}, "1 to 10,080 minutes, not 0"),
    ({"turn_minutes": -2147483648}, "1 to 10,080 minutes"),
    ({"turn_minutes": 10081}, "1 to 10,080 minutes"),
])
async def test_numbers_outside_their_registered_range_are_refused(standin: StandIn, ludo: LudoBot,
                                                                   options: dict[str, Any], says: str) -> None:
    """Discord holds its own apps to an option's range, a modified client to nothing. A lobby for 9 seats, or a
    turn length its game's record cannot hold (the game unreadable once started: found by the fuzz), is refused."""
    alice = standin.add_user("alice")
    record = await slash(standin, ludo, alice, standin.channel, "start", **options)
    assert says in private_text(record)
    assert ludo.handlers is not None
    assert await ludo.handlers.service.storage.games.channel_game(standin.channel.id) is None
