"""The lobby message's buttons: join, leave, add an AI seat, cancel, and start, which turns the lobby into a game
(its first message is the lobby's, a new one, or one in a thread of its own)."""

from __future__ import annotations

from typing import Any

import discord

from bot.clicks import Clicks
from bot.errors import in_time
from bot.live import LiveMessages, edit_clicked, next_person
from bot.messages import NO_PINGS, lobby_post, order_text, outcome_post
from service import Service
from service.i18n import translate


class LobbyButtons:
    """Clicks on a lobby's buttons (see `bot.components.LobbyButton`)."""

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
                lobby = await self.service.lobbies.cancel(lobby_id, user.id, can_manage=manager)
                await edit_clicked(interaction, content=translate(lobby.locale, "lobby.cancelled"), view=None)
            else:
                change, level = ("add_ai", int(verb[2])) if verb.startswith("ai") else (verb, 1)
                lobby = await self.service.lobbies.update(lobby_id, user.id, change, level, name=user.display_name)
                post = lobby_post(lobby)
                await edit_clicked(interaction, content=post.content, view=post.view)

        await self.clicks.guard(interaction, work, game_id=lobby_id)

    async def _start(self, interaction: discord.Interaction[Any], lobby_id: str) -> None:
        """The host starts the game. Its first message is the lobby's, answered in place, when the host acts
        first or nobody needs telling; a new message when another player must be told (the lobby message then
        keeps the turn-order roll, without buttons); in a thread of its own, a message there."""
        channel_id = await self._game_channel(interaction, lobby_id)
        clicked = interaction.message.id if interaction.message and channel_id is None else None
        outcome = await in_time(interaction, self.service.lobbies.start(lobby_id, interaction.user.id, channel_id,
                                                                      message_id=clicked))
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

    async def _game_channel(self, interaction: discord.Interaction[Any], lobby_id: str) -> int | None:
        """With the lobby option `thread`, the game moves into a new thread under the lobby message."""
        lobby = await self.service.lobbies.load(lobby_id)
        if not lobby.options.get("thread") or interaction.message is None or interaction.user.id != lobby.host_id:
            return None
        thread = await interaction.message.create_thread(name=f"Ludo {lobby.preset} {lobby.id}")
        return thread.id
