"""The Prometheus endpoint of a bot process (`METRICS_PORT`), scraped over HTTP while people play through the stand-in
and Redis answers through the fault proxy: the counters move as the players' actions make them move."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Awaitable, Callable

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.buttons import game
from ludo_bot.bot.plumbing import metrics
from ludo_bot.bot.plumbing.metrics import route_of
from ludo_bot.playground.standin import BotRunner, StandIn
from ludo_bot.playground.standin.ratelimits import BucketSpec, classify
from ludo_bot.storage import Storage
from tests.bot.conftest import Launch
from tests.bot.helpers import (
    answered,
    break_deadline_loop,
    click,
    forged_message,
    game_id_of,
    live_message,
    looking_every,
    private_text,
    slash,
    start_game,
    to_act,
)
from tests.conftest import LOCAL_CLUSTER
from tests.faultproxy import READONLY, FaultProxy

pytestmark = pytest.mark.skipif(LOCAL_CLUSTER, reason="the proxy stands in front of one server, not a cluster")
Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]




async def scrape(ludo: LudoBot) -> Samples:
    assert ludo.endpoint is not None
    async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{ludo.endpoint.port}/metrics") as page:
        assert page.status == 200 and page.content_type == "text/plain"
        text = await page.text()
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum of `name`'s samples whose labels include `labels`."""
    return sum(value for (found, have), value in samples.items()
               if found == name and set(labels.items()) <= set(have))


async def until(check: Callable[[], Awaitable[bool]], what: str, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not await check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)


async def test_the_counters_move_as_the_players_actions_make_them(
        proxied: tuple[FaultProxy, Storage], standin: StandIn, bots: BotRunner, launch: Launch,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(metrics, "GAMES_EVERY", 0.0)  # read the active games on every scrape
    proxy, through_proxy = proxied
    quick = dataclasses.replace(looking_every(deadlines=0.05), restart_first=0.2)
    ludo = await launch(on=through_proxy, metrics_port=0, timings=quick)
    alice, bob, eve = standin.add_user("alice"), standin.add_user("bob"), standin.add_user("eve")
    first = await scrape(ludo)
    assert total(first, "ludo_active_games") == 0 and total(first, "ludo_worker_up", worker="deadlines") == 1
    live = await start_game(standin, ludo, alice, (bob,))
    assert live is not None
    before = await scrape(ludo)
    assert total(before, "ludo_active_games") == 1

    mover = to_act(standin, live)  # a click that applies
    await click(standin, ludo, mover, live, custom_id=live.custom_ids()[0])
    live = live_message(standin, standin.channel)
    assert live is not None
    outsider = await click(standin, ludo, eve, live, custom_id=live.custom_ids()[0])  # refused: not playing
    assert "not playing" in private_text(outsider)
    ply = int(live.custom_ids()[0].split(":")[3])
    old = forged_message(standin, standin.channel, f"ludo:g:{game_id_of(live)}:{ply - 1}:R")  # an earlier turn's
    stale = await click(standin, ludo, to_act(standin, live), old, custom_id=old.custom_ids()[0])
    assert "moved on" in private_text(stale)
    await standin.delete_message(old)
    applied = await click(standin, ludo, to_act(standin, live), live, custom_id=live.custom_ids()[0])
    for session in standin.sessions():  # Discord delivers that click again (a resumed gateway)
        await session.dispatch("INTERACTION_CREATE", applied.payload)

    async def counted_duplicate() -> bool:
        return total(await scrape(ludo), "ludo_clicks_total", outcome="duplicate") == 1
    await until(counted_duplicate, "the repeated delivery counted")
    after = await scrape(ludo)
    grew = {outcome: total(after, "ludo_clicks_total", outcome=outcome) - total(before, "ludo_clicks_total",
                                                                                outcome=outcome)
            for outcome in ("applied", "refused", "stale", "duplicate", "unavailable", "error")}
    assert grew == {"applied": 2, "refused": 1, "stale": 1, "duplicate": 1, "unavailable": 0, "error": 0}
    assert total(after, "ludo_click_seconds_count") - total(before, "ludo_click_seconds_count") == 5
    assert total(after, "ludo_click_seconds_bucket", le="3.0") == total(after, "ludo_click_seconds_count")
    callbacks = total(after, "ludo_discord_requests_total", route="POST /interactions/{id}/{token}/callback")
    assert callbacks >= 4  # every answer, counted by its route (the interaction's token never in a label)
    assert not any(applied.token in value for (_, labels) in after for _, value in labels)

    # a 429: another process of the bot emptied the channel's delete bucket, then /ludo board deletes the old board
    standin.buckets["channel_delete"] = BucketSpec(2, 1.0)
    spare = [standin.create_message(standin.channel, {"content": f"spare {i}"}, [], author=standin.bot_user)
             for i in range(2)]
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {standin.token}"}) as other:
        for message in spare:
            async with other.delete(f"{standin.base_url}/channels/{standin.channel.id}/messages/{message.id}") as gone:
                assert gone.status == 204
    board = live_message(standin, standin.channel)
    assert board is not None
    monkeypatch.setattr(game, "REPOST_SETTLE", 0.0)  # the old board's delete at once, into the empty bucket
    await slash(standin, ludo, bob, standin.channel, "board")
    await standin.wait_until(lambda: board.deleted, what="the old board deleted")
    assert [hit.bucket for hit in standin.rate_limited] == [f"channel_delete:{standin.channel.id}"]
    bucket = classify("DELETE", "/api/v{version}/channels/{channel_id}/messages/{message_id}").hash
    limited = await scrape(ludo)
    assert total(limited, "ludo_discord_rate_limited_total", route="DELETE /channels/{id}/messages/{id}",
                 scope="user") == 1
    assert [labels for (name, labels) in limited if name == "ludo_discord_rate_limited_total"] == [
        (("bucket", bucket), ("route", "DELETE /channels/{id}/messages/{id}"), ("scope", "user"))]

    # a Redis error: the server refuses the click's claim (READONLY after a failover); the player is told to retry
    live = live_message(standin, standin.channel)
    assert live is not None
    proxy.fail(READONLY, commands={"EVALSHA"})
    refused = await answered(await standin.click(to_act(standin, live), live, custom_id=live.custom_ids()[0]), ludo)
    proxy.heal()
    assert "try again" in private_text(refused)
    failed = await scrape(ludo)
    assert total(failed, "ludo_redis_errors_total", command="EVALSHA", kind="READONLY") >= 1
    kinds = {dict(labels)["kind"] for name, labels in failed if name == "ludo_redis_errors_total"}
    # No other error reply (NOSCRIPT: a script's first run on this client loads it). A worker's step that runs out of
    # its time on a loaded machine counts as "cancelled" or "timeout" (seen once on a CI run): not error replies.
    assert kinds - {"cancelled", "timeout"} <= {"READONLY", "NOSCRIPT"}, kinds
    assert total(failed, "ludo_clicks_total", outcome="unavailable") == 1
    assert total(failed, "ludo_redis_round_trips_total") > total(before, "ludo_redis_round_trips_total")

    # a worker dies: its gauge goes to 0, its restarts count
    broken = break_deadline_loop(monkeypatch, ludo)

    async def down() -> bool:
        samples = await scrape(ludo)
        return (total(samples, "ludo_worker_up", worker="deadlines") == 0
                and total(samples, "ludo_worker_restarts_total", worker="deadlines") >= 1)
    await until(down, "the deadline worker's gauge at 0")
    dead = await scrape(ludo)
    assert total(dead, "ludo_worker_up", worker="beat") == 1
    broken[0] = False  # fixed: the next restart runs, and stays up

    async def up() -> bool:
        return total(await scrape(ludo), "ludo_worker_up", worker="deadlines") == 1
    await until(up, "the deadline worker's gauge back at 1")
    assert any(r.getMessage() == "worker deadlines crashed" for r in bots.take_logged_errors())


@pytest.mark.parametrize(("method", "path", "route"), [
    ("post", "/api/v10/channels/123/messages", "POST /channels/{id}/messages"),
    ("DELETE", "/api/v10/channels/1/messages/2", "DELETE /channels/{id}/messages/{id}"),
    ("POST", "/api/v10/interactions/99/aW50ZXJhY3Rpb246abc_-/callback", "POST /interactions/{id}/{token}/callback"),
    ("PATCH", "/api/v10/webhooks/5/tok-en/messages/@original", "PATCH /webhooks/{id}/{token}/messages/@original"),
    ("POST", "/api/v10/channels/1/messages/bulk-delete", "POST /channels/{id}/messages/bulk-delete"),
])
def test_routes_name_no_id_and_no_token(method: str, path: str, route: str) -> None:
    assert route_of(method, path) == route
