"""What the bot needs in a channel before a game or a tournament starts there, read from the interaction that asks
(`app_permissions`: Discord resolves the bot's roles and the channel's overwrites for it).

A game the bot posts itself (`bot.plumbing.delivery.channel_calls`) sends its boards as new messages with a picture,
edits and deletes them: View Channel, Send Messages (Send Messages in Threads in a thread), Attach Files and Read
Message History, the invite's permissions (README); a game in a thread of its own, and a tournament whose tables each
play in one, also Create Public Threads and Send Messages in Threads. No message of the bot has an embed, so Embed Links
is not asked for. A game started without these would be refused by Discord at its first post, and at every reminder
after (each refusal counts against the budget every server shares): so `/ludo start`, a lobby's Start, a tournament's
creation and its Start say instead, privately, which permissions are missing, named as Discord's client names them
(`perm.<name>` of the catalogues), and nothing starts.

Where the bot is no member (a group DM, a server that added only the app: `bot.plumbing.delivery`) the game is answered
through interactions alone, which need no channel permission: nothing is checked there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from ludo_bot.bot.plumbing.delivery import channel_calls, in_thread
from ludo_bot.service import Refused
from ludo_bot.service.words.i18n import Terms

if TYPE_CHECKING:
    from ludo_bot.bot.buttons.tourney import TourneyButtons
    from ludo_bot.bot.clicks import Clicks

PLAYS = ("view_channel", "send_messages", "attach_files", "read_message_history")  # a game in the channel itself
IN_A_THREAD = ("view_channel", "send_messages_in_threads", "attach_files", "read_message_history")
THREADS = ("create_public_threads", "send_messages_in_threads")  # a thread of its own, made under this channel


def missing(permissions: discord.Permissions, needed: tuple[str, ...]) -> tuple[str, ...]:
    """The permissions of `needed` (discord.py's names, in order, once each) that `permissions` lacks."""
    return tuple(name for name in dict.fromkeys(needed) if not getattr(permissions, name))


def refusal(key: str, lacking: tuple[str, ...]) -> Refused:
    """The refusal `key` naming the permissions `lacking` (`{missing}`)."""
    return Refused(key, missing=Terms(tuple(f"perm.{name}" for name in lacking)))


def check_game(interaction: discord.Interaction[Any], *, thread: bool) -> None:
    """`Refused` when the bot lacks a permission a game started by `interaction` will use in its channel (`thread`:
    the game plays in a thread of its own made under it). Where only the thread's permissions are missing, the
    answer says to start without `thread`."""
    if not channel_calls(interaction) or interaction.context.dm_channel:
        return
    own = in_thread(interaction)  # (where the game plays in place: no thread in a thread)
    thread = thread and not own
    lacking = missing(interaction.app_permissions, (IN_A_THREAD if own else PLAYS) + (THREADS if thread else ()))
    if not lacking:
        return
    if thread and set(lacking) <= set(THREADS):
        raise Refused("refused.thread_bot")
    raise refusal("refused.bot_permissions", lacking)


def check_tournament(interaction: discord.Interaction[Any]) -> None:
    """`Refused` when the bot lacks a permission a tournament run from `interaction`'s channel will use: its standing
    posted and edited there (with its picture), each table in a public thread made under it."""
    lacking = missing(interaction.app_permissions, PLAYS + THREADS)
    if lacking:
        raise refusal("refused.tourney_bot_permissions", lacking)


class StartChecked:
    """A tournament's buttons (`bot.buttons.tourney.TourneyButtons`) with its Start checked first: the round's tables
    are threads of the sign-up's channel, whose permissions the click carries (they may have been taken away since
    `/ludo tournament create`); refused, nothing starts."""

    def __init__(self, buttons: TourneyButtons, clicks: Clicks) -> None:
        self.buttons = buttons
        self.clicks = clicks

    async def click(self, interaction: discord.Interaction[Any], tournament_id: str, version: int, verb: str) -> None:
        if verb != "start" or not missing(interaction.app_permissions, PLAYS + THREADS):
            await self.buttons.click(interaction, tournament_id, version, verb)
            return

        async def refuse() -> None:
            if await self.clicks.first(interaction, tournament_id):
                check_tournament(interaction)

        await self.clicks.guard(interaction, refuse, game_id=tournament_id)
