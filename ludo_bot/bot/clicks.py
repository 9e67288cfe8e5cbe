"""What every click (and command) runs through: the bot's handlers it reaches (`handlers_of`), the one error path
(`bot.errors.guarded`), a claim so that one bot process handles a click, one of the process's slots (deferred when the
wait runs late), and the count of handlers in flight that a shutdown waits for; and the answer to a click that none
of our buttons takes."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import discord

from ludo_bot.bot.errors import ALREADY_ANSWERED, answer_privately, guarded, time_to_defer
from ludo_bot.bot.plumbing.translator import needs_server_language, server_locale, user_locale
from ludo_bot.service import Duplicate, Refused, StorageUnavailable
from ludo_bot.service.guilds import Guilds
from ludo_bot.service.runtime.takeover import Takeover
from ludo_bot.service.words.i18n import translate

if TYPE_CHECKING:  # (the handlers are made of what imports this module)
    from ludo_bot.bot.handlers import Handlers

logger = logging.getLogger(__name__)
T = TypeVar("T")
_SLOT: contextvars.ContextVar[Callable[[], None]] = contextvars.ContextVar("slot", default=lambda: None)  # gives
# back the slot the running click holds (nothing for a command, which takes none)
STALE = frozenset({"refused.moved_on", "refused.moved_on_reposted", "refused.act_race"})  # a button of a turn past
_OUTCOME: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("ludo_click_outcome", default=None)


def handlers_of(interaction: discord.Interaction[Any]) -> Handlers:
    """The handlers of the bot that received the interaction."""
    found: Handlers = interaction.client.handlers  # set by bot.app.LudoBot
    return found


class ClickMeter(Protocol):
    """Told how each click (a component interaction) ended: "applied", "refused", "stale" (a button of an earlier
    turn), "duplicate" (another process has it, or a repeated delivery), "unavailable" (storage) or "error"; and
    the seconds from its arrival to the end of its handler (its answer sent)."""

    def click(self, outcome: str, seconds: float) -> None: ...


def _mark(outcome: str) -> None:
    box = _OUTCOME.get()
    if box is not None:
        box[0] = outcome


class Clicks:
    """Handlers in flight: each inside the one error path, in one of `concurrency` slots, counted (see `idle`)."""

    def __init__(self, takeover: Takeover, *, concurrency: int = 32, meter: ClickMeter | None = None,
                 after: Callable[[discord.Interaction[Any]], None] | None = None, guilds: Guilds | None = None) -> None:
        self.takeover = takeover
        self.guilds = guilds  # the server's language, for users whose own the bot does not speak
        self.meter = meter
        self.after = after  # called after each handler (it must not wait: bot.alerts.Notices.after)
        self._slots = asyncio.Semaphore(concurrency)  # clicks handled at once (below the storage pool's size)
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def first(self, interaction: discord.Interaction[Any], game_id: str | None = None) -> bool:
        """True for the one bot process that handles this interaction (a repeat delivery is ignored); a click on a
        game's or lobby's buttons is claimed in its game's storage slot (`game_id`)."""
        if await self.takeover.claim(interaction.id, game_id):
            return True
        _mark("duplicate")
        return False

    async def guard(self, interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]], *,
                    game_id: str | None = None) -> None:
        """Run a handler inside the one error path, counted as work in flight (see `idle`) and, for a click, told
        to the meter. A handler raising `Duplicate` leaves the interaction to the process that has it."""
        self._busy += 1
        self._idle.clear()
        arrived, outcome = time.monotonic(), ["applied"]
        token = _OUTCOME.set(outcome)

        async def speaking() -> None:  # private answers speak the server's language where the bot lacks the user's
            if self.guilds is not None and needs_server_language(interaction):
                await server_locale(interaction, self.guilds)
            await work()

        try:
            await guarded(interaction, lambda: self._observed(interaction, speaking), game_id=game_id)
            self.takeover.done(interaction.id)
            if self.meter is not None and interaction.type is discord.InteractionType.component:
                self.meter.click(outcome[0], time.monotonic() - arrived)
            if self.after is not None:
                self.after(interaction)
        finally:
            _OUTCOME.reset(token)
            self._busy -= 1
            if not self._busy:
                self._idle.set()

    async def _observed(self, interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]]) -> None:
        """`work` in its turn (`_in_turn`), its outcome marked for the meter."""
        try:
            await self._in_turn(interaction, work)
        except Duplicate:
            _mark("duplicate")
        except Refused as refused:
            _mark("stale" if refused.key in STALE else "refused")
            raise
        except StorageUnavailable:
            _mark("unavailable")
            raise
        except Exception:
            _mark("error")
            raise

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
        if self._slots.locked():  # (a free slot is taken at once: no task to wait for it, as most clicks find)
            await self._wait_for_slot(interaction)
        else:
            await self._slots.acquire()
        held = True

        def release() -> None:  # once: at the end, or earlier through `unslotted`
            nonlocal held
            if held:
                held = False
                self._slots.release()

        token = _SLOT.set(release)
        try:
            await work()
        finally:
            _SLOT.reset(token)
            release()

    async def _wait_for_slot(self, interaction: discord.Interaction[Any]) -> None:
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

    async def unslotted(self, work: Awaitable[T]) -> T:
        """Await long `work` that needs no storage connection (a replay waiting for its turn to be drawn) after
        giving this click's slot back, so that it does not hold up the clicks on games."""
        _SLOT.get()()
        return await work

    async def idle(self, timeout: float) -> None:
        """Wait (at most `timeout` seconds) until no handler is in flight."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await self._idle.wait()

    async def unknown(self, interaction: discord.Interaction[Any]) -> None:
        """A click that no button of ours takes (an old format, a forged id): privately, the game has moved on."""
        async def work() -> None:
            _mark("stale")
            await answer_privately(interaction, translate(user_locale(interaction), "error.outdated"))

        await self.guard(interaction, work)
