"""What the `/ludo` commands share: option choices named by the translation table, the presets offered, and
`guarded_command`, through which every command's body gets the bot's handlers and runs inside the one error path."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Concatenate, ParamSpec

import discord
from discord import app_commands

from ludo_bot import engine
from ludo_bot.bot.clicks import handlers_of
from ludo_bot.bot.handlers import Handlers
from ludo_bot.bot.plumbing.translator import described

P = ParamSpec("P")


def choices(option: str, *values: str) -> list[app_commands.Choice[str]]:
    """An option's choices, named by the keys "choice.<option>.<value>" of the table."""
    return [app_commands.Choice(name=described(f"choice.{option}.{value}"), value=value) for value in values]


PRESETS = choices("preset", *engine.rules.PRESETS)  # named in the reader's language, as the sentences name them


def guarded_command(body: Callable[Concatenate[Handlers, discord.Interaction[Any], P], Awaitable[None]]
                    ) -> Callable[Concatenate[discord.Interaction[Any], P], Coroutine[Any, Any, None]]:
    """A command's body, given the bot's handlers before the interaction, run inside the one error path
    (`bot.clicks.Clicks.guard`). Placed under `app_commands.command` and its `describe`/`choices`: discord.py reads
    the options from the body's parameters after the handlers (their annotations evaluated in the body's module:
    discord.py would look the names up in this one)."""
    @functools.wraps(body)
    async def command(interaction: discord.Interaction[Any], /, *args: P.args, **kwargs: P.kwargs) -> None:
        handlers = handlers_of(interaction)
        await handlers.clicks.guard(interaction, lambda: body(handlers, interaction, *args, **kwargs))

    signature = inspect.signature(body, eval_str=True)
    command.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=list(signature.parameters.values())[1:])
    return command
