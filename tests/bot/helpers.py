"""Helpers for the end-to-end bot tests: acting as players through the stand-in and waiting for the bot."""

from __future__ import annotations

import dataclasses
import re
import time
from typing import Any, NamedTuple

import pytest

from benchmarks.replay import game
from ludo_bot import engine
from ludo_bot.bot.app import LudoBot
from ludo_bot.bot.workers.timings import WorkerTimings
from ludo_bot.playground.standin import Channel, GatewaySession, InteractionRecord, Message, StandIn, User
from ludo_bot.service import OFFERED_LEVELS, seat_user, state_of
from ludo_bot.service.seats import AI_LEVELS, free_colour
from ludo_bot.storage import Claim, LobbySeat, Seat, Storage, new_game_id, new_record, play

GAME = "ludo:g:"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
TURN = re.compile(r"It is <@(\d+)>'s turn")


def looking_every(base: WorkerTimings | None = None, **idle: float) -> WorkerTimings:
    """The workers' timings of `base` (the production ones), but the workers named (`deadlines`, `alerts`, `seasons`,
    `beat`) look for work every `idle[name]` seconds at least: a test waits little for them."""
    base = base or WorkerTimings()
    return dataclasses.replace(base, **{name: dataclasses.replace(getattr(base, name), idle=seconds)
                                        for name, seconds in idle.items()})


class Clock:
    """Wall-clock time plus an offset the test moves forward ("two days later")."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


async def settle(*bots: LudoBot) -> None:
    """Wait until no click or command is in flight in any of `bots` (their last message of an action is out)."""
    for bot in bots:
        assert bot.handlers is not None
        await bot.handlers.drain(timeout=10.0)


async def answered(record: InteractionRecord, *bots: LudoBot) -> InteractionRecord:
    """Wait for the response to `record` (within Discord's 3 s, checked) and for the bots to finish the action."""
    response = await record.response()
    assert response.elapsed < 3.0, f"{record!r} answered after {response.elapsed:.2f} s"
    await settle(*bots)
    return record


async def click(standin: StandIn, bots: tuple[LudoBot, ...] | LudoBot, user: User, message: Message,
                **button: Any) -> InteractionRecord:
    """`user` clicks a button (label= or custom_id=) of `message`; returns once the bot finished the action."""
    group = bots if isinstance(bots, tuple) else (bots,)
    return await answered(await standin.click(user, message, **button), *group)


async def slash(standin: StandIn, bots: tuple[LudoBot, ...] | LudoBot, user: User, channel: Channel, command: str,
                /, **options: Any) -> InteractionRecord:
    """`user` runs `/ludo <command>` with options; returns once the bot finished."""
    group = bots if isinstance(bots, tuple) else (bots,)
    return await answered(await standin.slash(user, channel, "ludo", command, options=options), *group)


def private_text(record: InteractionRecord) -> str:
    """The content of an ephemeral response (fails if the response was public)."""
    response = record.response_record
    assert response is not None, f"{record!r} got no response"
    assert response.ephemeral, f"{record!r} was answered publicly: {response.content!r}"
    return response.content or ""


def game_messages(standin: StandIn, channel: Channel) -> list[Message]:
    """Messages of `channel` carrying game buttons."""
    return [m for m in standin.messages(channel) if any(c.startswith(GAME) for c in m.custom_ids())]


def live_message(standin: StandIn, channel: Channel) -> Message | None:
    """The one message with game buttons (None once the game is over); fails if several have them."""
    found = game_messages(standin, channel)
    assert len(found) <= 1, f"several messages carry game buttons: {found}"
    return found[0] if found else None


def board_messages(standin: StandIn, channel: Channel) -> list[Message]:
    return [m for m in standin.messages(channel) if any(a.filename == "board.png" for a in m.attachments)]


def to_act(standin: StandIn, message: Message) -> User:
    """The player a game message says is to act."""
    found = TURN.search(message.content)
    assert found, f"no player to act in {message.content!r}"
    return standin.users[int(found.group(1))]


def game_id_of(message: Message) -> str:
    return next(c for c in message.custom_ids() if c.startswith(GAME)).split(":")[2]


async def open_lobby(standin: StandIn, bot: tuple[LudoBot, ...] | LudoBot, host: User,
                     channel: Channel | None = None, **options: Any) -> Message:
    """`/ludo start` with options: the lobby message."""
    started = await slash(standin, bot, host, channel or standin.channel, "start", **options)
    lobby = await started.result()
    assert lobby is not None and "Ludo lobby" in lobby.content, lobby
    return lobby


async def start_game(standin: StandIn, bot: tuple[LudoBot, ...] | LudoBot, host: User,
                     players: tuple[User, ...] = (), *, ai: int = 0, ai_level: str = "random",
                     channel: Channel | None = None, **options: Any) -> Message | None:
    """A lobby with `players` joined and `ai` AI seats, started by the host: the first live game message
    (None if the AI seats played the whole game)."""
    where = channel or standin.channel
    lobby = await open_lobby(standin, bot, host, where, seats=1 + len(players) + ai, **options)
    for player in players:
        await click(standin, bot, player, lobby, label="Join")
    for _ in range(ai):
        if ai_level in OFFERED_LEVELS:
            await click(standin, bot, host, lobby, label=f"Add AI ({ai_level})")
        else:
            await seat_old_ai(bot if isinstance(bot, LudoBot) else bot[0], lobby, ai_level)
    started = await click(standin, bot, host, lobby, label="Start")
    assert started.response_record is not None and not started.response_record.ephemeral, private_text(started)
    assert not any(c.startswith("ludo:l:") for c in lobby.custom_ids())  # the lobby's buttons are gone
    live = live_message(standin, where)
    assert live is None or "Order: " in live.content or "The game has started" in lobby.content
    return live


async def seat_old_ai(bot: LudoBot, lobby: Message, level: str) -> None:
    """An AI seat of `level` in the lobby as stored: a lobby from before the level stopped being offered (master,
    `service.seats.OFFERED_LEVELS`) holds one, though its buttons no longer add it. The message is not updated."""
    assert bot.handlers is not None
    storage = bot.handlers.service.storage.lobbies
    stored = await storage.load_lobby(lobby.custom_ids()[0].split(":")[2])
    colour = free_colour(stored)
    assert colour is not None, "the lobby is full"
    seat = LobbySeat(ai_level=AI_LEVELS.index(level), colour=colour)
    await storage.save_lobby(stored.model_copy(update={"players": [*stored.players, seat]}))


async def play_to_end(standin: StandIn, bots: tuple[LudoBot, ...] | LudoBot, channel: Channel | None = None,
                      max_clicks: int = 2000) -> Message:
    """The player to act clicks the first button of the live message until the game is over; returns the final
    message (the one with the Replay button)."""
    where = channel or standin.channel
    for _ in range(max_clicks):
        live = live_message(standin, where)
        if live is None:
            break
        record = await click(standin, bots, to_act(standin, live), live, custom_id=live.custom_ids()[0])
        response = record.response_record
        assert response is not None and not response.ephemeral, f"refused: {response and response.content!r}"
    else:
        raise AssertionError(f"the game did not end within {max_clicks} clicks")
    final = [m for m in standin.messages(where) if "Replay" in m.labels()]
    assert final, "the game ended without a finished game message"
    return final[-1]


def break_deadline_loop(monkeypatch: pytest.MonkeyPatch, ludo: LudoBot) -> list[bool]:
    """Make the bot's deadline worker crash at every look (a bug in its loop) while the returned flag's one item is
    True; set it to False to fix it."""
    assert ludo.handlers is not None
    deadlines = ludo.handlers.service.deadlines
    real_due, broken = deadlines.due, [True]

    async def due() -> list[Claim]:
        if broken[0]:
            raise RuntimeError("a bug in the deadline loop")
        return await real_due()

    monkeypatch.setattr(deadlines, "due", due)
    return broken


def forged_message(standin: StandIn, channel: Channel, *custom_ids: str) -> Message:
    """A message carrying these buttons, labelled b0, b1, ... (as a modified client or an old bot version could
    present them)."""
    buttons = [{"type": 2, "style": 1, "label": f"b{i}", "custom_id": c} for i, c in enumerate(custom_ids)]
    rows = [{"type": 1, "components": buttons[i:i + 5]} for i in range(0, len(buttons), 5)]
    return standin.create_message(channel, {"content": "forged", "components": rows}, [], author=standin.bot_user)


async def finished_game(standin: StandIn, bots: tuple[LudoBot, ...] | LudoBot, host: User,
                        channel: Channel | None = None) -> str:
    """A short game of `host` against an AI (star, 2 turns) played to its end: its id."""
    first = await start_game(standin, bots, host, ai=1, preset="star", turn_limit=2, channel=channel)
    assert first is not None
    game_id = game_id_of(first)
    await play_to_end(standin, bots, channel)
    return game_id


def route_to(sessions: set[GatewaySession]) -> None:
    """Make the stand-in dispatch the next interactions to these sessions (it picks the latest identified)."""
    for session in sessions:
        session.identified_at = time.monotonic()


# -- games in any language: buttons found by their custom_id, the player to act read from storage ----------------
def lobby_button(message: Message, verb: str) -> str:
    """The custom_id of a lobby button ("join", "start", "ai0"...), whatever its label's language."""
    return next(c for c in message.custom_ids() if c.startswith("ludo:l:") and c.endswith(f":{verb}"))


async def start_in_any_language(standin: StandIn, bot: LudoBot, host: User, players: tuple[User, ...], *,
                                locale: str = "en-US", channel: Channel | None = None, **options: Any) -> Message:
    """A lobby opened by `host` (whose Discord locale is `locale`), joined by `players`, started: the lobby
    message."""
    where = channel or standin.channel
    opened = await answered(await standin.slash(host, where, "ludo", "start", locale=locale,
                                                options={"seats": 1 + len(players), **options}), bot)
    lobby = await opened.result()
    assert lobby is not None and not opened.response_record.ephemeral, private_text(opened)  # type: ignore[union-attr]
    for player in players:
        await click(standin, bot, player, lobby, custom_id=lobby_button(lobby, "join"), locale=locale)
    await click(standin, bot, host, lobby, custom_id=lobby_button(lobby, "start"), locale=locale)
    return lobby


class Seen(NamedTuple):
    """A live game message as it was when a player clicked it."""

    content: str
    labels: list[str]
    custom_ids: list[str]


async def play_out_in_any_language(standin: StandIn, bot: LudoBot, *, locale: str = "en-US",
                                   channel: Channel | None = None,
                                   max_clicks: int = 2000) -> tuple[list[Seen], Message]:
    """The player to act (as storage has it) clicks the first action of the live message until the game is over;
    returns the live messages as seen on the way, and the final one (with the Replay button)."""
    assert bot.handlers is not None
    where = channel or standin.channel
    seen: list[Seen] = []
    for _ in range(max_clicks):
        live = live_message(standin, where)
        if live is None:
            break
        seen.append(Seen(live.content, live.labels(), live.custom_ids()))
        record = await bot.handlers.service.archive.channel_game(where.id)
        mover = seat_user(record, state_of(record).current)
        assert mover is not None
        action = next(c for c in live.custom_ids() if c.startswith(GAME))
        answer = await click(standin, bot, standin.users[mover], live, custom_id=action, locale=locale)
        assert answer.response_record is not None and not answer.response_record.ephemeral, private_text(answer)
    else:
        raise AssertionError(f"the game did not end within {max_clicks} clicks")
    final = [m for m in standin.messages(where) if any(c.startswith("ludo:r:") for c in m.custom_ids())]
    assert final, "the game ended without a finished game message"
    return seen, final[-1]


async def long_game(storage: Storage, guild_id: int, channel_id: int, host: User, seed: int) -> str:
    """A finished classic game of its host and three random AI players, stored as the bot stores one: its id."""
    rules = engine.Rules.preset("classic")  # (as `benchmarks.replay.game` plays)
    seats = [Seat(seat=0, user_id=host.id, name=host.username), *(Seat(seat=s, ai_level=0) for s in (1, 2, 3))]
    record = new_record(new_game_id(), guild_id=guild_id, channel_id=channel_id, host_id=host.id, rules=rules,
                        seats=seats, seed=seed)
    actions = game(seed)
    created = await storage.games.create_game(record)
    played, texts, _ = play(created, actions)
    assert played.status == "finished" and len(texts) > 600
    await storage.games.save_game(played, texts)
    return record.id
