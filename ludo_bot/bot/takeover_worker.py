"""The takeover's Discord side (see `service.takeover`): every interaction's gateway payload is shown to the
takeover before discord.py reads it, so a click can be filed in this process's inbox; the worker beats, and hands
the clicks of a dead process it adopts to discord.py as if the gateway had sent them here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from ludo_bot.service.takeover import Takeover
from ludo_bot.service.workers import Pulse


class Adoption:
    """This process's part in the takeover: its clicks filed (from construction on), its beat and adoptions
    (`run`), and its clean stop (`leave`)."""

    def __init__(self, client: discord.Client, takeover: Takeover) -> None:
        """Show the takeover every interaction's gateway payload before discord.py reads it (discord.py keeps
        no payload; `parsers` is its table of gateway event handlers)."""
        self.takeover = takeover
        parsers: dict[str, Callable[[Any], None]] = client._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def parse_and_file(payload: Any) -> None:
            takeover.received(payload)
            parse(payload)

        parsers["INTERACTION_CREATE"] = parse_and_file
        self._dispatch_adopted = parse

    async def run(self, pulse: Pulse | None = None) -> None:
        """Beat, and handle the clicks of dead processes this one adopts, for as long as the bot runs."""
        await self.takeover.run(self._dispatch_adopted, pulse)

    async def leave(self) -> None:
        """A clean stop (after the handlers ended): no one is to adopt this process."""
        await self.takeover.leave()
