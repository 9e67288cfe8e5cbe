"""The `/ludo` command group: for servers that added the bot and for people who added the app to their account (a
user install), in servers, group DMs and DMs. Discord gives a group's installs and contexts to all its subcommands, so
each says where it makes no sense: a game is played in a server channel or a group DM (`/ludo start` in the bot's
DM is refused), `/ludo settings` needs a server (nobody manages a group DM or a DM: a game there takes its rules from
/ludo start's options alone); rules, stats, games and notify answer anywhere. Where the bot is
no member, a game is played through interactions alone (`bot.plumbing.delivery`).

Command, option and choice texts are keys of the translation table (`described`), localized for Discord by
`bot.plumbing.translator.LudoTranslator`; command and option names stay English. Private replies speak the user's
language (else the server's), public ones the server's (a game's messages: the language stored with the game); a
server picks its language in /ludo settings, each language named in its own words, or goes back to following
its Discord locale (the choice "the server's Discord language").

The group is made here, once; each area's module adds its commands to it (`add_to`), in the order Discord lists them:
the games of a channel (`games`), players (`players`), the server's settings (`settings`), past games (`archive`),
tournaments (`tournaments`). What they share is in `common`."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from ludo_bot.bot.commands import archive, games, players, settings, tournaments
from ludo_bot.bot.plumbing.translator import described


def _group() -> app_commands.Group:
    group = app_commands.Group(name="ludo", description=described("cmd.ludo"),
                               allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True,
                                                                               private_channel=True),
                               allowed_installs=app_commands.AppInstallationType(guild=True, user=True))
    for area in (games, players, settings, archive, tournaments):
        area.add_to(group)
    return group


ludo = _group()  # made once: a command belongs to one group (every tree holds this one)


def add_to(tree: app_commands.CommandTree[Any]) -> None:
    """Put the /ludo group in a command tree: the bot's, or that of `ludo-bot sync`."""
    tree.add_command(ludo)
