"""Click latency of the bot: `python -m benchmarks.bot [--games N] [--preset classic] [--ai 1]`.

One bot process (the real `LudoBot`, discord.py included) against the local Discord stand-in of the tests
(ludo_bot/playground/standin: REST and gateway on 127.0.0.1, in this process and event loop) and a real Redis (the
embedded server in a temporary folder, or `REDIS_URL`). N games (default 20 of classic, one human against one
greedy AI) are played by scripted clicks: the player to act clicks the first button of the live game message,
and the next click waits until the bot has finished the previous one (its messages are out).

Per game click the total is what Discord would see: from the stand-in dispatching INTERACTION_CREATE to it
receiving the bot's response (`InteractionRecord.response().elapsed`). That window is split, by timing
wrappers installed at start (this process only, behaviour unchanged), into the time spent in
- storage: the public coroutines of the stores (Redis round trips plus record (de)serialisation),
- engine: engine.apply, engine.legal_actions and the AI's choice (including replays inside storage calls),
- render: the board picture (`messages.render_board`, run in a worker thread),
- discord: discord.py's HTTP requests (`HTTPClient.request`), the stand-in's handling included,
- other: the rest (gateway delivery, discord.py parsing and dispatch, the bot's own code, thread hand-offs).
Times are exclusive (engine time inside a storage call counts as engine only). Work the bot does after the
response (deleting a superseded message, remembering the new one) is reported on a line of its own; it is not
part of the total.

Per click, everything the click caused until the bot was idle again is counted: Discord calls by kind (from the
stand-in's request log: interaction callbacks, channel message creates, edits and deletes, calls through an
interaction's webhook, others), new messages in the channel however made (callbacks, follow-ups, creates), and
the commands the Redis server ran (INFO commandstats before and after; the process beat and the deadline and alert
workers run meanwhile and are counted too). The stand-in enforces Discord's rate limits. The last line:
`bot: p50 <ms> ms, p99 <ms> ms per click, discord <n> calls/click, channel messages <n>/click, redis <n>
commands/click`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import contextvars
import functools
import inspect
import logging
import math
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import discord.http
import discord.webhook.async_
from pydantic import SecretStr

from ludo_bot import engine
from ludo_bot.bot import messages
from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.buttons.game import GameMessage
from ludo_bot.bot.settings import BotSettings
from ludo_bot.engine import ai
from ludo_bot.playground.standin import BotRunner, InteractionRecord, Message, StandIn
from ludo_bot.storage import DeadlineQueue, GameStore, LobbyStore, SettingsStore, StatsStore, Storage
from ludo_bot.storage.served import Served

CATEGORIES = ("storage", "engine", "render", "discord")


# -- instrumentation ------------------------------------------------------------------------------------------
@dataclass
class Click:
    """Time spent by one click's handler, per category, before and after its response was sent."""

    before: dict[str, float] = field(default_factory=lambda: dict.fromkeys(CATEGORIES, 0.0))
    after: dict[str, float] = field(default_factory=lambda: dict.fromkeys(CATEGORIES, 0.0))
    responded: bool = False


@dataclass
class Frame:
    """An open timed call: its category and the time spent in timed calls nested in it."""

    category: str
    nested: float = 0.0


CLICK: contextvars.ContextVar[Click | None] = contextvars.ContextVar("bench_click", default=None)
FRAME: contextvars.ContextVar[Frame | None] = contextvars.ContextVar("bench_frame", default=None)
CLICKS: dict[int, Click] = {}  # by interaction id


def _enter(category: str) -> tuple[Click | None, Frame | None, Frame, contextvars.Token[Frame | None], float]:
    frame = Frame(category)
    parent = FRAME.get()
    return CLICK.get(), parent, frame, FRAME.set(frame), time.perf_counter()


def _leave(opened: tuple[Click | None, Frame | None, Frame, contextvars.Token[Frame | None], float]) -> None:
    click, parent, frame, token, started = opened
    elapsed = time.perf_counter() - started
    FRAME.reset(token)
    if parent is not None:
        parent.nested += elapsed
    if click is not None:
        bucket = click.after if click.responded else click.before
        bucket[frame.category] += elapsed - frame.nested


def timed(category: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """`function` (sync or async) with its exclusive time added to the current click's `category`."""
    if inspect.iscoroutinefunction(function):
        @functools.wraps(function)
        async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
            opened = _enter(category)
            try:
                return await function(*args, **kwargs)
            finally:
                _leave(opened)

        return async_wrapper

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        opened = _enter(category)
        try:
            return function(*args, **kwargs)
        finally:
            _leave(opened)

    return wrapper


def timed_http(request: Callable[..., Any]) -> Callable[..., Any]:
    """A discord.py request method timed as "discord"; the interaction's callback marks the click responded."""

    @functools.wraps(request)
    async def timed_request(self: Any, route: discord.http.Route, *args: Any, **kwargs: Any) -> Any:
        opened = _enter("discord")
        try:
            return await request(self, route, *args, **kwargs)
        finally:
            _leave(opened)
            click = CLICK.get()
            if click is not None and route.path.endswith("/callback"):
                click.responded = True  # the interaction's response is out: later work is "after"

    return timed_request


def instrument() -> None:
    """Install the timing wrappers (in this process only)."""
    for store in (GameStore, LobbyStore, SettingsStore, StatsStore, DeadlineQueue):
        for name, member in list(vars(store).items()):
            if not name.startswith("_") and inspect.iscoroutinefunction(member):
                setattr(store, name, timed("storage", member))
    Storage.claim_interaction = timed("storage", Storage.claim_interaction)  # type: ignore[method-assign]
    engine.apply = timed("engine", engine.apply)
    engine.legal_actions = timed("engine", engine.legal_actions)
    ai.choose = timed("engine", ai.choose)
    setattr(messages, "render_board", timed("render", getattr(messages, "render_board")))  # noqa: B009, B010

    # discord.py sends REST calls through HTTPClient.request, and interaction responses, followups and edits
    # of the original response through the webhook adapter
    for owner in (discord.http.HTTPClient, discord.webhook.async_.AsyncWebhookAdapter):
        owner.request = timed_http(owner.request)  # type: ignore[method-assign]

    game_click = GameMessage.click

    async def timed_game_click(self: GameMessage, interaction: discord.Interaction[Any], game_id: str, ply: int,
                               action: str) -> None:
        click = Click()
        CLICKS[interaction.id] = click
        token = CLICK.set(click)
        try:
            await game_click(self, interaction, game_id, ply, action)
        finally:
            CLICK.reset(token)

    GameMessage.click = timed_game_click  # type: ignore[method-assign]


# -- playing --------------------------------------------------------------------------------------------------
def live_message(standin: StandIn, channel: int) -> Message | None:
    for message in reversed(standin.messages(channel)):
        if any(c.startswith("ludo:g:") for c in message.custom_ids()):
            return message
    return None


def player_to_act(standin: StandIn, message: Message) -> Any:
    mention = message.content.split("It is <@", 1)[1].split(">", 1)[0]
    return standin.users[int(mention)]


async def settle(ludo: LudoBot, record: InteractionRecord) -> None:
    response = await record.response(timeout=10.0)
    if response.ephemeral:
        raise RuntimeError(f"the bot refused {record!r}: {response.content}")
    assert ludo.handlers is not None
    await ludo.handlers.drain(timeout=10.0)


KINDS = ("callback", "channel create", "channel edit", "channel delete", "webhook", "other")


def kind_of(method: str, path: str) -> str:
    """The kind of a Discord call, from its method and path."""
    if path.endswith("/callback"):
        return "callback"
    if "/webhooks/" in path:
        return "webhook"
    if "/channels/" in path and "/messages" in path and "/reactions/" not in path:
        if method == "POST" and path.endswith("/messages"):
            return "channel create"
        if method in ("PATCH", "DELETE"):
            return "channel " + ("edit" if method == "PATCH" else "delete")
    return "other"


@dataclass
class Cost:
    """What one click cost outside the bot process: Discord calls by kind, new channel messages, Redis commands."""

    calls: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    messages: int = 0
    redis: int = 0  # commands the clients sent
    trips: int = 0  # requests the server read (round trips)
    background: int = 0  # commands of the process beat and the deadline and alert workers, which ran meanwhile
    ends: bool = False  # the click ended its game


COSTS: list[Cost] = []


async def costed_click(standin: StandIn, ludo: LudoBot, served: Served, channel: int, user: Any,
                       message: Message, custom_id: str) -> InteractionRecord:
    """Click, wait until the bot is idle, and keep what the click cost."""
    requests, messages = len(standin.requests), len(standin.messages(channel, include_deleted=True))
    commands, trips = await served.tally()
    background = served.background
    record = await standin.click(user, message, custom_id=custom_id)
    await settle(ludo, record)
    commands_after, trips_after = await served.tally()
    cost = Cost(messages=len(standin.messages(channel, include_deleted=True)) - messages,
                redis=commands_after - commands, trips=trips_after - trips, background=served.background - background)
    for request in standin.requests[requests:]:
        cost.calls[kind_of(request.method, request.path)] += 1
    COSTS.append(cost)
    return record


async def play_game(standin: StandIn, ludo: LudoBot, served: Served, number: int, preset: str,
                    ai: int) -> list[InteractionRecord]:
    """One game in a channel of its own; returns the game clicks' interaction records."""
    channel = standin.add_channel(standin.guild, f"game-{number}")
    host = standin.add_user(f"host{number}")
    humans = [host] if ai else [host, standin.add_user(f"guest{number}")]
    started = await standin.slash(host, channel, "ludo", "start",
                                  options={"preset": preset, "seats": len(humans) + ai})
    await settle(ludo, started)
    lobby = await started.result()
    assert lobby is not None
    for guest in humans[1:]:
        await settle(ludo, await standin.click(guest, lobby, label="Join"))
    for _ in range(ai):
        await settle(ludo, await standin.click(host, lobby, label="Add AI (greedy)"))
    await settle(ludo, await standin.click(host, lobby, label="Start"))
    clicks: list[InteractionRecord] = []
    while (live := live_message(standin, channel.id)) is not None:
        clicks.append(await costed_click(standin, ludo, served, channel.id, player_to_act(standin, live), live,
                                         live.custom_ids()[0]))
    COSTS[-1].ends = True  # the click that ended the game (it records the results too)
    return clicks


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def row(name: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (f"  {name:<38} p50 {percentile(ms, 0.5):7.2f}   p99 {percentile(ms, 0.99):7.2f}   "
            f"mean {statistics.fmean(ms):7.2f}")


async def run(games: int, preset: str, ai: int) -> None:
    logging.basicConfig(level=logging.WARNING)
    instrument()
    with tempfile.TemporaryDirectory(prefix="ludo-bench-") as folder:
        storage = await Storage.open(os.environ.get("REDIS_URL") or None, data_dir=os.path.join(folder, "redis"))
        standin = StandIn()
        await standin.start()
        runner = BotRunner(standin)
        try:
            settings = BotSettings(_env_file=None, discord_token=SecretStr("x"),  # type: ignore[call-arg]
                                   ludo_data_dir=folder, lobby_open_user=0, lobby_open_guild=0,
                                   lobby_burst_user=0, lobby_burst_guild=0)
            ludo = await runner.start(LudoBot(settings, storage=storage))
            await ludo.tree.sync()
            records: list[InteractionRecord] = []
            started = time.perf_counter()
            for number in range(games):
                async with Served(storage.redis) as served:
                    records += await play_game(standin, ludo, served, number, preset, ai)
            wall = time.perf_counter() - started
        finally:
            problems = await runner.close_all()
            await standin.stop()
            with contextlib.suppress(Exception):
                await storage.close()
        if problems or standin.violations:
            raise SystemExit("the run was not clean: " + "; ".join([*problems, *map(str, standin.violations)]))

    totals = [r.response_record.elapsed for r in records if r.response_record is not None]
    split = [CLICKS[r.id] for r in records]
    where = "REDIS_URL" if os.environ.get("REDIS_URL") else "embedded Redis"
    players = f"1 human + {ai} AI" if ai else "2 humans"
    print(f"bot benchmark: {games} games of {preset} ({players}), {len(records)} clicks in {wall:.1f} s, "
          f"one bot process, local Discord stand-in, {where}")
    print("per click, from INTERACTION_CREATE dispatched to the response received (ms):")
    print(row("total", totals))
    for category in CATEGORIES:
        print(row(category, [c.before[category] for c in split]))
    print(row("other (gateway, discord.py, bot code)",
              [t - sum(c.before.values()) for t, c in zip(totals, split, strict=True)]))
    print("after the response (next message, old buttons off; not in the total):")
    for category in CATEGORIES:
        print(row(category, [c.after[category] for c in split]))
    clicks = len(COSTS)
    print("Discord calls per click, by kind (all of them, after the response too):")
    for kind in KINDS:
        print(f"  {kind:<38} {sum(c.calls[kind] for c in COSTS) / clicks:7.3f}")
    discord_calls = sum(sum(c.calls.values()) for c in COSTS) / clicks
    messages = sum(c.messages for c in COSTS) / clicks
    redis = sum(c.redis for c in COSTS) / clicks
    trips = sum(c.trips for c in COSTS) / clicks
    background = sum(c.background for c in COSTS) / clicks
    print("Redis per click, counted on the server (the process beat and the deadline and alert workers ran meanwhile):")
    print(f"  commands the bot sent {redis:7.3f}   of them beat and workers {background:7.3f}   "
          f"round trips {trips:7.3f}")
    print("  without beat and worker, by click (mean and most; the click that ends a game apart):")
    for label, wanted in (("keeping the turn (no new message)", 0), ("passing it (a new message)", 1)):
        group = [c for c in COSTS if (c.messages > 0) == bool(wanted) and not c.ends]
        if group:
            reads = [c.trips - c.background for c in group]
            print(f"  {label:<38} commands {sum(c.redis - c.background for c in group) / len(group):6.3f}"
                  f", round trips {sum(reads) / len(reads):6.3f} (most {max(reads)})")
    ends = [c.trips - c.background for c in COSTS if c.ends]
    if ends:
        print(f"  {'ending the game':<38} round trips {sum(ends) / len(ends):6.3f} (results, ratings, indexes)")
    print(f"rate-limited answers (429) from the stand-in: {len(standin.rate_limited)}")
    print(f"bot: p50 {percentile(totals, 0.5) * 1000:.1f} ms, p99 {percentile(totals, 0.99) * 1000:.1f} ms per click, "
          f"discord {discord_calls:.2f} calls/click, channel messages {messages:.3f}/click, "
          f"redis {redis - background:.2f} commands/click")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--preset", default="classic", choices=engine.PRESETS)
    parser.add_argument("--ai", type=int, default=1, choices=(0, 1, 2, 3),
                        help="AI seats beside the human (0: two humans)")
    arguments = parser.parse_args()
    asyncio.run(run(arguments.games, arguments.preset, arguments.ai))


if __name__ == "__main__":
    main()
