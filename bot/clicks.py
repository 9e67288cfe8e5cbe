"""What every click (and command) runs through: the one error path (`bot.errors.guarded`), a claim so that one bot
process handles a click, one of the process's slots (deferred when the wait runs late), and the count of handlers
in flight that a shutdown waits for; and the answer to a click that none of our buttons takes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.errors import ALREADY_ANSWERED, answer_privately, guarded, time_to_defer
from bot.translator import user_locale
from service.i18n import translate
from service.takeover import Takeover

logger = logging.getLogger(__name__)


class Clicks:
    """Handlers in flight: each inside the one error path, in one of `concurrency` slots, counted (see `idle`)."""

    def __init__(self, takeover: Takeover, *, concurrency: int = 32,
                 after: Callable[[discord.Interaction[Any]], None] | None = None) -> None:
        self.takeover = takeover
        self.after = after  # called after each handler (it must not wait: bot.notify.Notices.after)
        self._slots = asyncio.Semaphore(concurrency)  # clicks handled at once (below the storage pool's size)
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def first(self, interaction: discord.Interaction[Any], game_id: str | None = None) -> bool:
        """True for the one bot process that handles this interaction (a repeat delivery is ignored); a click on a
        game's or lobby's buttons is claimed in its game's storage slot (`game_id`)."""
        return await self.takeover.claim(interaction.id, game_id)

    async def guard(self, interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]], *,
                    game_id: str | None = None) -> None:
        """Run a handler inside the one error path, counted as work in flight (see `idle`)."""
        self._busy += 1
        self._idle.clear()
        try:
            await guarded(interaction, lambda: self._in_turn(interaction, work), game_id=game_id)
            self.takeover.done(interaction.id)
            if self.after is not None:
                self.after(interaction)
        finally:
            self._busy -= 1
            if not self._busy:
                self._idle.set()

    async def _in_turn(self, interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]]) -> None:
        """Run a click's `work` in one of the `concurrency` slots. A click still waiting for a slot when its time
        to answer runs short is deferred first (invisibly: its answer edits the message or follows privately), so
        a burst of clicks is answered in full instead of timing out in the queue for storage connections."""
        if interaction.type is not discord.InteractionType.component:
            await work()  # commands are few, and how to defer one depends on whether it answers privately
            return
        if interaction.id in self.takeover.adopted:  # a dead process's click: deferring tells if it was answered
            try:
                await interaction.response.defer()
            except discord.HTTPException as error:
                if error.code != ALREADY_ANSWERED:
                    raise
                logger.info("interaction %s was answered before its process died", interaction.id)
                return
        slot = asyncio.ensure_future(self._slots.acquire())
        try:
            done, _ = await asyncio.wait({slot}, timeout=time_to_defer(interaction))
            if not done and not interaction.response.is_done():
                await interaction.response.defer()
            await slot
        except BaseException:
            if slot.done() and not slot.cancelled() and slot.exception() is None:
                self._slots.release()
            slot.cancel()
            raise
        try:
            await work()
        finally:
            self._slots.release()

    async def idle(self, timeout: float) -> None:
        """Wait (at most `timeout` seconds) until no handler is in flight."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await self._idle.wait()

    async def unknown(self, interaction: discord.Interaction[Any]) -> None:
        """A click that no button of ours takes (an old format, a forged id): privately, the game has moved on."""
        async def work() -> None:
            await answer_privately(interaction, translate(user_locale(interaction), "error.outdated"))

        await self.guard(interaction, work)
