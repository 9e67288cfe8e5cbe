"""The one error path: every interaction handler runs inside `guarded`.

Domain refusals become a short private answer; storage trouble a private "try again"; a change that was
saved but whose message Discord did not take (`NotShown`) a private "it counted, /ludo board shows it";
anything unexpected is logged with the game id and user and answered with a private apology carrying a
reference the operator can find in the log. Nothing is applied when a step fails. Answers speak the
user's language (`service.words.i18n`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from ludo_bot.bot.plumbing.translator import user_locale
from ludo_bot.service import CorruptRecord, Refused, StorageError, StorageUnavailable
from ludo_bot.service.words.i18n import translate

logger = logging.getLogger(__name__)
T = TypeVar("T")
MAX_CONTENT = 2000  # characters of a message
UNKNOWN_INTERACTION = 10062  # Discord's error code for an interaction past its time to answer
ALREADY_ANSWERED = 40060  # ... and for a second first answer
DEFER_AFTER = 2.0  # seconds from an interaction's creation after which its response is deferred (Discord allows 3)


class NotShown(Exception):
    """A change that was saved, whose message Discord did not take (refused or failed it): the player is told
    that it counted and how to see the game (`key`), never that nothing changed."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


async def shown(work: Awaitable[T], key: str) -> T:
    """Await `work`, which shows a change already saved; a Discord error becomes `NotShown(key)` (an interaction
    past its time or answered elsewhere stays as it is: there is nobody left to tell)."""
    try:
        return await work
    except discord.HTTPException as error:
        if error.code in (UNKNOWN_INTERACTION, ALREADY_ANSWERED):
            raise
        raise NotShown(key) from error


async def answer_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """A private (ephemeral) message to whoever caused the interaction, as its response or a follow-up (cut to
    Discord's 2000 characters: a refusal may quote what the user sent)."""
    if len(text) > MAX_CONTENT:
        text = text[:MAX_CONTENT - 1] + "…"
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def guarded(interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]], *,
                  game_id: str | None = None) -> None:
    """Run a handler; turn every failure into a private answer (in the user's language, as known when it fails) and
    a log line with context."""
    try:
        await work()
    except Refused as refused:
        await _answer(interaction, refused.text(user_locale(interaction)))
    except NotShown as unshown:
        logger.warning("saved, but not shown: game=%s user=%s: %r", game_id, interaction.user.id, unshown.__cause__)
        await _answer(interaction, translate(user_locale(interaction), unshown.key))
    except StorageUnavailable as error:
        logger.warning("storage unavailable: game=%s user=%s: %s", game_id, interaction.user.id, error)
        await _answer(interaction, translate(user_locale(interaction), "error.storage"))
    except (CorruptRecord, StorageError, Exception) as error:
        if isinstance(error, discord.HTTPException) and error.code in (UNKNOWN_INTERACTION, ALREADY_ANSWERED):
            # its 3 s ran out (an overloaded bot), or a process that took this one for dead answered it
            logger.warning("interaction %s expired before its answer, or was answered elsewhere: game=%s user=%s",
                           interaction.id, game_id, interaction.user.id)
            return
        reference = secrets.token_hex(4)
        kind = "unreadable record" if isinstance(error, CorruptRecord) else "unexpected error"
        logger.exception("%s [ref %s]: game=%s user=%s interaction=%s", kind, reference, game_id,
                         interaction.user.id, interaction.id)
        await _answer(interaction, translate(user_locale(interaction), "error.unexpected", reference=reference))


async def _answer(interaction: discord.Interaction[Any], text: str) -> None:
    try:
        await answer_privately(interaction, text)
    except discord.HTTPException as error:  # e.g. the interaction expired: the log is all that is left
        logger.warning("could not answer interaction %s: %s", interaction.id, error)


def time_to_defer(interaction: discord.Interaction[Any]) -> float:
    """Seconds until `interaction` is `DEFER_AFTER` old (0 when it is already), counted from its creation (its
    id's timestamp): an event that reached a busy bot late has less time left."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return min(DEFER_AFTER, max(0.0, DEFER_AFTER - age))


async def in_time(interaction: discord.Interaction[Any], work: Awaitable[T], *, thinking: bool = False,
                  ephemeral: bool | None = None) -> T:
    """Await `work`; if it is not done `DEFER_AFTER` seconds after the interaction was created, defer the
    response so Discord's 3 s are kept (with `thinking`, a "thinking..." message, private unless `ephemeral` is
    False); see `time_to_defer`. The deferral is over before this returns or raises, so an answer made next follows
    it. `work` runs in the caller's task and a timer watches it (a task of its own and `asyncio.wait` for every
    click were 1 % of a bot process's CPU under `benchmarks.load`)."""
    loop = asyncio.get_running_loop()
    deferring: list[asyncio.Task[Any]] = []

    def defer() -> None:
        if not interaction.response.is_done():
            deferring.append(loop.create_task(interaction.response.defer(
                thinking=thinking, ephemeral=thinking if ephemeral is None else ephemeral)))

    timer = loop.call_later(time_to_defer(interaction), defer)
    try:
        result = await work
    except BaseException:
        timer.cancel()
        if deferring:  # the failure is what the caller answers; a deferral that failed too changes nothing
            await asyncio.gather(deferring[0], return_exceptions=True)
        raise
    timer.cancel()
    if deferring:
        await deferring[0]
    return result
