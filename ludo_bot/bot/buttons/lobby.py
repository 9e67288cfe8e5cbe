"""The lobby message's buttons: join, leave, choose a colour, add an AI seat, cancel, and start, which turns the
lobby into a game (its first message is the lobby's, a new one, or one in a thread of its own).

A game's own thread is made only once everything else is checked (Discord allows one thread per message, so a
thread made for a start that then fails would block every later one); a thread already under the lobby message
is used, a lobby in a thread plays there, and a thread is made only for a host who could make one themselves."""

from __future__ import annotations

from typing import Any

import discord

from ludo_bot.bot.buttons.components import COLOUR_VERBS
from ludo_bot.bot.clicks import Clicks
from ludo_bot.bot.errors import in_time, shown
from ludo_bot.bot.live import LiveMessages, edit_clicked, next_person
from ludo_bot.bot.messages import NO_PINGS, lobby_post, order_text, outcome_post
from ludo_bot.bot.plumbing.channel_rights import check_game
from ludo_bot.bot.plumbing.delivery import channel_calls, in_thread
from ludo_bot.service import LobbyRecord, Outcome, Refused, Service
from ludo_bot.service.words.i18n import translate


class LobbyButtons:
    """Clicks on a lobby's buttons (see `bot.buttons.components.LobbyButton`)."""

    def __init__(self, service: Service, clicks: Clicks, live: LiveMessages) -> None:
        self.service = service
        self.clicks = clicks
        self.live = live

    async def click(self, interaction: discord.Interaction[Any], lobby_id: str, verb: str) -> None:
        async def work() -> None:
            if not await self.clicks.first(interaction, lobby_id):
                return
            user = interaction.user
            if verb == "start":
                await self._start(interaction, lobby_id)
            elif verb == "cancel":
                manager = bool(interaction.permissions.manage_channels)
                lobby = await self.service.lobbies.cancel(lobby_id, user.id, can_manage=manager,
                                                          channel_id=interaction.channel_id)
                await edit_clicked(interaction, content=translate(lobby.locale, "lobby.cancelled"), view=None)
            else:
                if verb in COLOUR_VERBS:
                    lobby = await self.service.lobbies.choose(lobby_id, user.id, COLOUR_VERBS.index(verb),
                                                              name=user.display_name)
                else:
                    change, level = ("add_ai", int(verb[2])) if verb.startswith("ai") else (verb, 1)
                    lobby = await self.service.lobbies.update(lobby_id, user.id, change, level,
                                                              name=user.display_name)
                post = lobby_post(lobby)
                await edit_clicked(interaction, content=post.content, view=post.view)

        await self.clicks.guard(interaction, work, game_id=lobby_id)

    async def _start(self, interaction: discord.Interaction[Any], lobby_id: str) -> None:
        """The host starts the game. Its first message is the lobby's, answered in place, when the host acts
        first or nobody needs telling; a new message when another player must be told (the lobby message then
        keeps the turn-order roll, without buttons); in a thread of its own, a message there. Everything is
        checked before a thread is made."""
        lobby = await in_time(interaction, self.service.lobbies.startable(lobby_id, interaction.user.id))
        check_game(interaction, thread=bool(lobby.options.get("thread")))  # (taken away since /ludo start?)
        channel_id = None
        if lobby.options.get("thread"):
            channel_id = await in_time(interaction, game_thread(interaction, lobby, self.service))
        clicked = interaction.message.id if interaction.message and channel_id is None else None
        outcome = await in_time(interaction, self.service.lobbies.start(lobby_id, interaction.user.id, channel_id,
                                                                      message_id=clicked, reply=interaction.token))
        await shown(self._show_start(interaction, outcome, clicked, channel_id), "reply.start_not_shown")

    async def _show_start(self, interaction: discord.Interaction[Any], outcome: Outcome, clicked: int | None,
                          channel_id: int | None) -> None:
        record = outcome.record
        order = order_text(record, outcome.state)
        started = translate(record.locale, "lobby.started", order=order)
        tell = next_person(outcome, interaction.user.id)
        post = await in_time(interaction, outcome_post(outcome, notify=tell is not None, note=order))
        if clicked is not None and tell is None:
            await edit_clicked(interaction, post=post)
            return
        if channel_id is not None:  # the thread's first message, through the outbox
            await edit_clicked(interaction, content=started, view=None)
            await self.live.post(record.model_copy(update={"message_id": None}), post)
        else:
            await self.live.answer(interaction, record, post, new=True,
                                   clicked_becomes={"content": started, "view": None, "allowed_mentions": NO_PINGS})


# -- a game's own thread --------------------------------------------------------------------------------------------
THREAD_EXISTS = 160004  # Discord: "A thread has already been created for this message"
NO_THREADS_HERE = 50024  # Discord: "Cannot execute action on this channel type" (e.g. a thread in a thread)


def may_thread(permissions: discord.Permissions) -> bool:
    """Whether these permissions (a member's or the bot's, in the channel) make a thread and post in it."""
    return permissions.create_public_threads and permissions.send_messages_in_threads


def thread_option(interaction: discord.Interaction[Any], wanted: bool) -> bool:
    """The lobby option `thread` of `/ludo start`: off inside a thread (the game plays in that thread); `Refused`
    when the member could not make a thread here themselves, or the bot cannot."""
    if not wanted or in_thread(interaction):
        return False
    if not channel_calls(interaction):  # a group DM, a server without the bot: no thread can be made
        raise Refused("refused.thread_here")
    if not may_thread(interaction.permissions):
        raise Refused("refused.thread_member")
    if not may_thread(interaction.app_permissions):
        raise Refused("refused.thread_bot")
    return True


async def game_thread(interaction: discord.Interaction[Any], lobby: LobbyRecord, service: Service) -> int | None:
    """The thread under the lobby message that the game of a lobby with the option `thread` moves into (None: it
    plays where the lobby is), made by one Start at a time (`Lobbies.thread_once`). An earlier Start that made the
    thread but no game left it: it is used again."""
    message = interaction.message
    if message is None or not thread_option(interaction, True):
        return None
    if message.thread is not None:
        return message.thread.id

    async def make() -> int | None:
        try:
            thread = await message.create_thread(name=f"Ludo {lobby.preset} {lobby.id}")
        except discord.HTTPException as error:
            if error.code == THREAD_EXISTS:  # made before the claim (a thread started from a message has its id)
                return message.id
            if error.code == NO_THREADS_HERE:
                return None
            if isinstance(error, discord.Forbidden):  # a permission taken away since the click
                raise Refused("refused.thread_bot") from error
            raise
        return thread.id

    return await service.lobbies.thread_once(lobby.id, make)
