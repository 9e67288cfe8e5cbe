"""Turn alerts in Redis: members' settings, the queue that holds an alert once, claims spaced per member and taken
at most once, and the DM channels kept for a day."""

from __future__ import annotations

import asyncio

from ludo_bot.storage import Alert, AlertSetting, Storage, keys
from ludo_bot.storage.alerts import DM_CHANNEL_TTL, REMIND, TURN

NOW = 1_000_000.0
ALICE, BOB = 1001, 1002


def alert(user: int = ALICE, game: str = "G1", turn: int = 3, kind: str = TURN) -> Alert:
    return Alert(user, game, 1, turn, kind)


async def test_settings_change_bump_their_generation_and_read_back(storage: Storage) -> None:
    alerts = storage.alerts
    generation, found = await alerts.settings()
    assert (generation, found) == (0, {})
    assert await alerts.change(ALICE, AlertSetting("on", "de")) == (True, None)
    assert await alerts.setting(ALICE) == AlertSetting("on", "de")
    # a refusal switches off only alerts that are on, and says what they were
    assert await alerts.change(BOB, AlertSetting("refused", "en-US"), when="on") == (False, None)
    assert await alerts.change(ALICE, AlertSetting("refused", "de"), when="on") == (True, AlertSetting("on", "de"))
    generation, found = await alerts.settings()
    assert generation == 2 and found == {ALICE: AlertSetting("refused", "de")}
    # being told takes the refusal away once
    assert await alerts.change(ALICE, None, when="refused") == (True, AlertSetting("refused", "de"))
    assert await alerts.change(ALICE, None, when="refused") == (False, None)
    assert await alerts.setting(ALICE) is None
    assert (await alerts.settings())[0] == 3


async def test_a_value_that_is_not_a_setting_counts_as_off(storage: Storage) -> None:
    await storage.redis.hset(keys.ALERT_USERS, mapping={str(ALICE): "maybe", "x": "on en", str(BOB): "on de"})
    assert await storage.alerts.setting(ALICE) is None
    assert (await storage.alerts.settings())[1] == {BOB: AlertSetting("on", "de")}


async def test_an_alert_is_queued_once_and_never_again_once_sent(storage: Storage) -> None:
    alerts = storage.alerts
    queued = await asyncio.gather(*(alerts.queue(alert(), NOW) for _ in range(5)))  # racing saves of one turn
    assert sorted(queued) == [False] * 4 + [True]
    assert await alerts.queue(alert(kind=REMIND), NOW)  # the reminder is an alert of its own kind
    assert await alerts.queue(alert(turn=4), NOW)  # and the seat's next turn another
    claimed = await alerts.claim(now=NOW, limit=10, gap=0.0)
    assert {c.alert for c in claimed.claims} == {alert(), alert(kind=REMIND), alert(turn=4)}
    assert not await alerts.queue(alert(), NOW)  # being sent
    first = next(c for c in claimed.claims if c.alert == alert())
    assert await alerts.take(first, now=NOW)
    assert not await alerts.queue(alert(), NOW + 3600)  # sent: a retried step cannot queue it again
    assert await alerts.due_at(alert()) is None


async def test_claims_send_one_alert_per_member_per_gap(storage: Storage) -> None:
    alerts = storage.alerts
    for game in ("G1", "G2", "G3"):
        await alerts.queue(alert(game=game), NOW)
    await alerts.queue(alert(BOB), NOW)
    first = await alerts.claim(now=NOW, limit=10, gap=1.25)
    assert sorted((c.alert.user_id, c.alert.game_id) for c in first.claims) == [(ALICE, "G1"), (BOB, "G1")]
    assert first.next_due == NOW + 1.25  # alice's other alerts wait for her next turn to get one
    assert [c.alert for c in (await alerts.claim(now=NOW + 1.0, limit=10, gap=1.25)).claims] == []
    second = await alerts.claim(now=NOW + 1.25, limit=10, gap=1.25)
    assert [(c.alert.user_id, c.alert.game_id) for c in second.claims] == [(ALICE, "G2")]
    third = await alerts.claim(now=NOW + 2.5, limit=10, gap=1.25)
    assert [(c.alert.user_id, c.alert.game_id) for c in third.claims] == [(ALICE, "G3")]
    assert await storage.redis.hlen(keys.ALERT_SPACED) == 1  # members whose time passed are forgotten


async def test_an_alert_whose_worker_died_is_claimed_again_and_taken_once(storage: Storage) -> None:
    alerts = storage.alerts
    await alerts.queue(alert(), NOW)
    lost = (await alerts.claim(now=NOW, limit=10, gap=0.0, lease=30.0)).claims[0]
    assert (await alerts.claim(now=NOW + 10, limit=10, gap=0.0)).claims == []  # its lease runs
    again = (await alerts.claim(now=NOW + 31, limit=10, gap=0.0)).claims[0]
    assert again.alert == lost.alert
    assert not await alerts.take(lost, now=NOW + 32)  # the first worker came back late: it sends nothing
    assert await alerts.take(again, now=NOW + 32)
    assert not await alerts.take(again, now=NOW + 33)
    assert (await alerts.claim(now=NOW + 100, limit=10, gap=0.0)).claims == []


async def test_sent_alerts_are_remembered_for_a_day(storage: Storage) -> None:
    alerts = storage.alerts
    await alerts.queue(alert(game="OLD"), NOW)
    await alerts.take((await alerts.claim(now=NOW, limit=1, gap=0.0)).claims[0], now=NOW)
    await alerts.queue(alert(game="NEW"), NOW + 2 * 24 * 3600)
    claim = (await alerts.claim(now=NOW + 2 * 24 * 3600, limit=1, gap=0.0)).claims[0]
    await alerts.take(claim, now=NOW + 2 * 24 * 3600)
    assert await storage.redis.zrange(keys.ALERT_SENT, 0, -1) == [alert(game="NEW").member]


async def test_a_member_that_is_not_an_alert_is_taken_out_of_the_queue(storage: Storage) -> None:
    await storage.redis.zadd(keys.ALERT_QUEUE, {"garbage": NOW, alert().member: NOW})
    claimed = await storage.alerts.claim(now=NOW, limit=10, gap=0.0)
    assert [c.alert for c in claimed.claims] == [alert()]
    assert await storage.redis.zscore(keys.ALERT_QUEUE, "garbage") is None


async def test_a_dm_channel_is_kept_for_a_day(storage: Storage) -> None:
    alerts = storage.alerts
    assert await alerts.dm_channel(ALICE) is None
    await alerts.remember_dm_channel(ALICE, 555)
    assert await alerts.dm_channel(ALICE) == 555
    assert DM_CHANNEL_TTL - 5 < await storage.redis.ttl(keys.dm_channel(ALICE)) <= DM_CHANNEL_TTL
    await alerts.remember_dm_channel(ALICE, None)
    assert await alerts.dm_channel(ALICE) is None
