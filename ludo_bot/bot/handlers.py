"""The bot's handlers: what answers a bot process's interactions, made once at start-up (`LudoBot.handlers`; an
interaction finds them with `bot.clicks.handlers_of`): the click plumbing, the process's outbox and the games' live
messages they share, one handler per kind of button (`bot.buttons`), which the commands call too; and their
shutdown."""

from __future__ import annotations

import time

import discord

from ludo_bot.bot.access import Access
from ludo_bot.bot.alerts import Notices
from ludo_bot.bot.buttons.game import GameMessage
from ludo_bot.bot.buttons.lobby import LobbyButtons
from ludo_bot.bot.buttons.rematch import RematchButtons
from ludo_bot.bot.buttons.review import ReviewAnswers
from ludo_bot.bot.buttons.spectate import Watching
from ludo_bot.bot.buttons.tourney import TourneyButtons
from ludo_bot.bot.clicks import ClickMeter, Clicks
from ludo_bot.bot.live import LiveMessages
from ludo_bot.bot.plumbing.channel_rights import StartChecked
from ludo_bot.bot.plumbing.outbox import Outbox
from ludo_bot.service import Service


class Handlers:
    """What the buttons and commands call, wired together."""

    def __init__(self, client: discord.Client, service: Service, *, concurrency: int = 32,
                 meter: ClickMeter | None = None) -> None:
        self.service = service
        self.outbox = Outbox(client, refusals=service.refusals)
        self.live = LiveMessages(service, self.outbox)
        self.outbox.on_refused = self.live.channel_refused
        self.notices = Notices(service.alerts, self.outbox)
        self.clicks = Clicks(service.takeover, concurrency=concurrency, meter=meter, after=self.notices.after,
                             guilds=service.guilds)
        self.lobby = LobbyButtons(service, self.clicks, self.live)
        self.game = GameMessage(service, self.clicks, self.live, self.outbox)
        self.access = Access()
        self.watching = Watching(service, self.clicks, self.access)
        self.rematch = RematchButtons(service, self.clicks)
        self.review = ReviewAnswers(service, self.clicks, self.access)
        self.tourney = StartChecked(TourneyButtons(service, self.clicks), self.clicks)

    async def drain(self, timeout: float) -> None:
        """Wait (at most `timeout` seconds) for handlers in flight and for what they left to the outbox, so a
        shutdown does not cut one short."""
        started = time.monotonic()
        await self.clicks.idle(timeout)
        await self.outbox.drain(max(0.0, timeout - (time.monotonic() - started)))

    async def close(self, timeout: float) -> None:
        """At shutdown: let handlers in flight finish and the outbox empty (`drain`), then end what is left
        (second looks only: a click on the game message brings it back too, see
        `bot.buttons.game.GameMessage._revive`)."""
        await self.drain(timeout)
        await self.outbox.close(0.0)
        await self.service.replays.close()
