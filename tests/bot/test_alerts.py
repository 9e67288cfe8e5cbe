"""Turn alerts by direct message through Discord (the stand-in): `/ludo notify` on and off, a DM with the link to the
live message and a small board picture when the turn passes to a member who wants one, at most one per turn (racing
clicks, two processes, restarts), the reminder's own DM, a member who refuses DMs switched off and told once, in
English and German, many alerts to one member within Discord's limits, and a worker that waits out storage
trouble."""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
import struct

import pytest

from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.workers.timings import WorkerTimings
from ludo_bot.playground.standin import BotRunner, Channel, InteractionRecord, Message, StandIn, User
from ludo_bot.service import alerts
from ludo_bot.storage import Storage, make_client
from tests.bot.conftest import Launch
from tests.bot.helpers import (
    PNG_MAGIC,
    Clock,
    answered,
    click,
    live_message,
    looking_every,
    private_text,
    slash,
    start_game,
    to_act,
)
from tests.faultproxy import LOADING, FaultProxy

LINK = "https://discord.com/channels/{guild}/{channel}/{message}"


@pytest.fixture
def timings() -> WorkerTimings:
    return looking_every(alerts=0.05, deadlines=0.05)  # the workers look often, so a test waits little


@pytest.fixture(autouse=True)
def soon(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(alerts, "DELAY", 0.3)  # an alert is due soon after its turn began


async def notify(standin: StandIn, bots: tuple[LudoBot, ...] | LudoBot, user: User, on: bool, *,
                 locale: str = "en-US") -> InteractionRecord:
    group = bots if isinstance(bots, tuple) else (bots,)
    command = await standin.slash(user, standin.channel, "ludo", "notify", options={"alerts": "on" if on else "off"},
                                  locale=locale)
    return await answered(command, *group)


async def turn_to(standin: StandIn, bots: tuple[LudoBot, ...] | LudoBot, user: User,
                  channel: Channel | None = None) -> Message:
    """Whoever is to act plays their first button until it is `user`'s turn: the live message then."""
    where = channel or standin.channel
    for _ in range(200):
        live = live_message(standin, where)
        assert live is not None, "the game ended"
        if to_act(standin, live) is user:
            return live
        await click(standin, bots, to_act(standin, live), live, custom_id=live.custom_ids()[0])
    raise AssertionError(f"{user!r} never came to act")


async def pass_turn(standin: StandIn, bots: tuple[LudoBot, ...] | LudoBot, user: User) -> None:
    """`user`, who is to act, plays until the turn is someone else's."""
    while (live := live_message(standin, standin.channel)) is not None and to_act(standin, live) is user:
        await click(standin, bots, user, live, custom_id=live.custom_ids()[0])


async def dms(standin: StandIn, user: User, count: int, *, timeout: float = 5.0) -> list[Message]:
    """Wait until `user` has `count` DMs (and a little longer, to see no more come); return them."""
    await standin.wait_until(lambda: len(standin.direct_messages(user)) >= count, timeout=timeout,
                             what=f"{count} DM(s) to {user!r}")
    await asyncio.sleep(0.6)
    return standin.direct_messages(user)


def picture_size(message: Message) -> tuple[int, int]:
    data = message.file("board.png").data
    assert data.startswith(PNG_MAGIC)
    width, height = struct.unpack(">II", data[16:24])
    return width, height


async def test_a_member_who_opts_in_is_told_by_dm_when_the_turn_passes_to_them(standin: StandIn,
                                                                              ludo: LudoBot) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    assert "Zug-Benachrichtigungen sind an" in private_text(await notify(standin, ludo, bob, True, locale="de"))
    assert "Turn alerts are on" in private_text(await notify(standin, ludo, alice, True))
    await start_game(standin, ludo, alice, (bob,), turn_minutes=60)

    live = await turn_to(standin, ludo, bob)
    (dm,) = await dms(standin, bob, 1)
    link = LINK.format(guild=standin.guild.id, channel=standin.channel.id, message=live.id)
    assert dm.content.startswith("🎲 Du bist am Zug im Ludo-Spiel") and link in dm.content
    assert "Dein Zug endet <t:" in dm.content and "/ludo notify alerts:aus" in dm.content
    assert picture_size(dm) == (300, 300) and (dm.file("board.png").description or "").startswith("Das Brett")
    assert dm.notified == {bob.id} and live.notified == {bob.id}  # the DM and the channel's mention

    await pass_turn(standin, ludo, bob)  # bob's own moves and bonus rolls: no DM to him
    (to_alice,) = await dms(standin, alice, 1)
    assert to_alice.content.startswith("🎲 It is your turn in Ludo game") and "Your turn ends <t:" in to_alice.content
    assert len(standin.direct_messages(bob)) == 1

    assert "sind aus" in private_text(await notify(standin, ludo, bob, False, locale="de"))
    await pass_turn(standin, ludo, alice)
    await turn_to(standin, ludo, alice)
    assert len(await dms(standin, alice, 2)) == 2  # alice's next turn is told: bob's was not
    assert len(standin.direct_messages(bob)) == 1


async def test_no_dm_about_a_turn_the_member_keeps_nor_to_ai_seats(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    await notify(standin, ludo, alice, True)
    live = await start_game(standin, ludo, alice, ai=2)
    for _ in range(12):  # her turns, bonus rolls and the AIs' turns in between
        assert live is not None and to_act(standin, live) is alice
        await click(standin, ludo, alice, live, custom_id=live.custom_ids()[0])
        live = live_message(standin, standin.channel)
    await asyncio.sleep(0.6)
    assert standin.direct_messages(alice) == []


async def test_one_dm_per_turn_with_racing_clicks_two_processes_and_restarts(
        standin: StandIn, launch: Launch, bots: BotRunner, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    first, second = await launch(), await launch()
    await notify(standin, (first, second), bob, True)
    await start_game(standin, (first, second), alice, (bob,), auto_single=False)
    live = await turn_to(standin, (first, second), alice)
    await asyncio.sleep(0.6)
    before = len(standin.direct_messages(bob))  # (bob may have been told at the start)

    monkeypatch.setattr(alerts, "DELAY", 30.0)  # the next turn's alert waits: both processes stop first
    while to_act(standin, live) is alice:  # alice clicks every button twice at once
        buttons = live.custom_ids()[0]
        records = await asyncio.gather(*(standin.click(alice, live, buttons) for _ in range(2)))
        await asyncio.gather(*(answered(r, first, second) for r in records))
        found = live_message(standin, standin.channel)
        assert found is not None
        live = found
    await bots.stop(first)
    await bots.stop(second)

    clock.advance(31)  # a new process sends it, once
    third = await launch()
    assert len(await dms(standin, bob, before + 1)) == before + 1
    await bots.stop(third)
    await launch()  # and the next one does not send it again
    await asyncio.sleep(0.6)
    assert len(standin.direct_messages(bob)) == before + 1


async def test_the_reminder_is_a_dm_of_its_own(standin: StandIn, ludo: LudoBot, clock: Clock) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    await slash(standin, ludo, standin.owner, standin.channel, "settings", turn_minutes=2, reminder_minutes=1)
    await notify(standin, ludo, bob, True)
    await start_game(standin, ludo, alice, (bob,))
    await turn_to(standin, ludo, bob)
    assert len(await dms(standin, bob, 1)) == 1

    clock.advance(61)
    reminder = await standin.wait_for_message(standin.channel, lambda m: "⏰" in m.content)
    _, reminded = await dms(standin, bob, 2)
    link = LINK.format(guild=standin.guild.id, channel=standin.channel.id, message=reminder.id)
    assert reminded.content.startswith("⏰ Reminder: your turn in Ludo game") and link in reminded.content
    assert picture_size(reminded) == (300, 300)
    clock.advance(10)
    await asyncio.sleep(0.6)
    assert len(standin.direct_messages(bob)) == 2  # one reminder a turn


async def test_a_member_who_refuses_dms_is_switched_off_and_told_once(standin: StandIn, ludo: LudoBot) -> None:
    alice, bob, carol = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("carol")
    bob.dms, carol.dms = "closed", "blocked"  # bob's settings refuse DMs; carol blocked the bot
    await notify(standin, ludo, bob, True)
    await start_game(standin, ludo, alice, (bob, carol), turn_minutes=60)

    async def refused(user: User) -> None:
        """Discord refused the user's DM: their alerts are off."""
        assert ludo.handlers is not None
        await standin.wait_until(lambda: ludo.handlers is not None and ludo.handlers.service.alerts.untold(user.id),
                                 what=f"{user!r}'s refusal")

    live = await turn_to(standin, ludo, bob)
    await refused(bob)
    await notify(standin, ludo, carol, True, locale="de")  # (now: her first alert comes after bob's turn)
    roll = await click(standin, ludo, bob, live, custom_id=live.custom_ids()[0])
    (told,) = [m for m in roll.followups if m.ephemeral]  # the click's answer, then one private word
    assert "alerts were switched off" in told.content and "/ludo notify alerts:on" in told.content
    await pass_turn(standin, ludo, bob)
    await turn_to(standin, ludo, carol)
    await refused(carol)
    rules = await answered(await standin.slash(carol, standin.channel, "ludo", "rules", locale="de"), ludo)
    (told_carol,) = [m for m in rules.followups if m.ephemeral]
    assert "Benachrichtigungen wurden abgeschaltet" in told_carol.content

    await pass_turn(standin, ludo, carol)
    await turn_to(standin, ludo, bob)  # no more DMs tried: Discord refused them once
    live = await turn_to(standin, ludo, carol)
    again = await click(standin, ludo, carol, live, custom_id=live.custom_ids()[0])
    assert again.followups == [] and (await notify(standin, ludo, bob, False)).followups == []
    await asyncio.sleep(0.6)
    dm_posts = [r for r in standin.requests if r.path.endswith("/messages") and r.method == "POST"
                and standin.channels[int(r.path.split("/")[4])].guild_id is None]
    assert [r.status for r in dm_posts] == [403]  # bob's one refused DM (carol's channel never opened)
    assert standin.direct_messages(bob) == [] and standin.direct_messages(carol) == []

    back = await notify(standin, ludo, carol, True, locale="de")  # turning them on again: nothing more to tell
    assert "sind an" in private_text(back) and "abgeschaltet" not in private_text(back)


async def test_many_games_passing_turns_to_one_member_stay_within_discords_limits(standin: StandIn,
                                                                                   launch: Launch) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    both = (await launch(), await launch())  # two processes: either may send an alert
    channels = [standin.channel, *(standin.add_channel(standin.guild, f"table-{n}") for n in range(5))]
    for channel in channels:  # six games, each waiting for alice
        await start_game(standin, both, alice, (bob,), channel=channel)
        await turn_to(standin, both, alice, channel)
    await notify(standin, both, bob, True)
    mark = standin.traffic_mark()
    await asyncio.gather(*(pass_turn_in(standin, both, alice, c) for c in channels))  # bob's turn everywhere at once
    alerts = await dms(standin, bob, 6, timeout=20.0)
    assert len(alerts) == 6 and standin.rate_limited == []  # no 429 from Discord
    assert {m.content.split("`")[1] for m in alerts} == {live_id(standin, c) for c in channels}
    sent = sorted(m.id >> 22 for m in alerts)  # when Discord took each (ms)
    assert max(sum(1 for t in sent if start <= t < start + 5000) for start in sent) <= 5  # 5 per 5 s in a channel
    assert min(b - a for a, b in itertools.pairwise(sent)) > 750  # spread, not in bursts
    assert standin.max_global_per_second(mark) <= 50


async def pass_turn_in(standin: StandIn, bots: tuple[LudoBot, ...], user: User, channel: Channel) -> None:
    while (live := live_message(standin, channel)) is not None and to_act(standin, live) is user:
        await click(standin, bots, user, live, custom_id=live.custom_ids()[0])


def live_id(standin: StandIn, channel: Channel) -> str:
    live = live_message(standin, channel)
    assert live is not None
    return live.custom_ids()[0].split(":")[2]


async def test_the_alert_worker_waits_out_unavailable_storage(standin: StandIn, launch: Launch, redis_url: str,
                                                              timings: WorkerTimings, monkeypatch: pytest.MonkeyPatch,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(alerts, "DELAY", 1.0)
    proxy = FaultProxy(redis_url)
    proxied = Storage(make_client(await proxy.start()))
    try:
        ludo = await launch(on=proxied, timings=dataclasses.replace(
            timings, alerts=dataclasses.replace(timings.alerts, backoff_first=0.2)))
        alice, bob = standin.add_user("alice"), standin.add_user("bob")
        await notify(standin, ludo, bob, True)
        await start_game(standin, ludo, alice, (bob,))
        before = len(await dms(standin, bob, 0))  # (bob may have been told at the start)
        await turn_to(standin, ludo, alice)
        await pass_turn(standin, ludo, alice)  # bob's turn: an alert is queued, due in a second
        with caplog.at_level(logging.WARNING, logger="ludo_bot.service.runtime.workers"):
            proxy.fail(LOADING)  # Redis answers nothing but "loading" for a while
            await asyncio.sleep(1.5)
            assert len(standin.direct_messages(bob)) == before
            proxy.heal()
            assert len(await dms(standin, bob, before + 1)) == before + 1  # the worker carried on
        assert "worker alerts: storage error" in caplog.text and "worker alerts: storage answers again" in caplog.text
    finally:
        proxy.heal()
        await proxied.close()
        await proxy.close()
