"""The takeover's Discord side (see `service.takeover`): every interaction's gateway payload is shown to the
takeover before discord.py reads it, so a click can be filed in this process's inbox; the worker beats, and hands
the clicks of a dead process it adopts to discord.py as if the gateway had sent them here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from ludo_bot.service.runtime.takeover import BEAT, Beat, Takeover
from ludo_bot.service.runtime.workers import Polling


class Adoption(Beat):
    """This process's part in the takeover: its clicks filed (from construction on), its beat and adoptions
    (`run`), and its clean stop (`leave`)."""

    def __init__(self, client: discord.Client, takeover: Takeover, polling: Polling = BEAT) -> None:
        """Show the takeover every interaction's gateway payload before discord.py reads it (discord.py keeps
        no payload; `parsers` is its table of gateway event handlers); an adopted click goes to discord.py's own
        parser, as if the gateway had sent it here."""
        parsers: dict[str, Callable[[Any], None]] = client._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def parse_and_file(payload: Any) -> None:
            takeover.received(payload)
            parse(payload)

        parsers["INTERACTION_CREATE"] = parse_and_file
        super().__init__(takeover, parse, polling)

    async def leave(self) -> None:
        """A clean stop (after the handlers ended): no one is to adopt this process."""
        await self.takeover.leave()
