"""The Rematch button of a finished game's message: one of its players opens a lobby for the same game again
(`service.rematch`), which mentions the other players so that Discord notifies them.

Where: the channel of the finished message; for a game that played in a thread, that thread while the bot can
still post in it (not locked), else its parent channel, where the rematch's game gets a thread of its own again when
the host and the bot may make one. In the clicked message's channel the lobby is the click's answer, a new message
(Discord notifies mentions in a new message, not in an edit); in the parent channel it is sent there and the host is
told where privately. A lobby whose message could not be posted is withdrawn, so a second press can open it again."""

from __future__ import annotations

from typing import Any

import discord

from ludo_bot.bot.buttons.lobby import may_thread
from ludo_bot.bot.clicks import Clicks
from ludo_bot.bot.errors import ALREADY_ANSWERED, UNKNOWN_INTERACTION, answer_privately, in_time
from ludo_bot.bot.messages import invited_missing, lobby_post
from ludo_bot.bot.plumbing.translator import user_locale
from ludo_bot.service import LobbyRecord, Refused, Service
from ludo_bot.service.words.i18n import translate


class RematchButtons:
    """Clicks on Rematch (see `bot.buttons.components.AfterButton`)."""

    def __init__(self, service: Service, clicks: Clicks) -> None:
        self.service = service
        self.clicks = clicks

    async def click(self, interaction: discord.Interaction[Any], game_id: str) -> None:
        async def work() -> None:
            if not await self.clicks.first(interaction, game_id):
                return
            channel_id, thread = rematch_place(interaction)
            lobby = await in_time(interaction, self.service.rematches.open(
                game_id, interaction.user.id, channel_id=channel_id, name=interaction.user.display_name,
                thread=thread))
            try:
                elsewhere = await self._post(interaction, lobby)
            except discord.HTTPException as error:
                await self.service.rematches.withdraw(game_id, lobby)
                if error.code in (UNKNOWN_INTERACTION, ALREADY_ANSWERED):
                    raise
                raise Refused("refused.rematch_not_posted", channel=channel_id) from error
            except BaseException:
                await self.service.rematches.withdraw(game_id, lobby)
                raise
            if elsewhere:
                await answer_privately(interaction, translate(user_locale(interaction), "rematch.opened_there",
                                                              channel=lobby.channel_id))

        await self.clicks.guard(interaction, work, game_id=game_id)

    async def _post(self, interaction: discord.Interaction[Any], lobby: LobbyRecord) -> bool:
        """The lobby message, mentioning the invited players (and notifying only them); True when it went to
        another channel than the clicked message's."""
        post = lobby_post(lobby)
        mentions = discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                           users=[discord.Object(u) for u in invited_missing(lobby)])
        if lobby.channel_id == interaction.channel_id:
            if interaction.response.is_done():  # deferred: a follow-up is a new message all the same
                await interaction.followup.send(post.content, view=post.view, allowed_mentions=mentions)
            else:
                await interaction.response.send_message(post.content, view=post.view, allowed_mentions=mentions)
            return False
        channel = interaction.client.get_partial_messageable(lobby.channel_id, guild_id=interaction.guild_id)
        await channel.send(post.content, view=post.view, allowed_mentions=mentions)
        return True


def rematch_place(interaction: discord.Interaction[Any]) -> tuple[int, bool]:
    """Where a rematch opens, and whether its game gets a thread of its own: the clicked message's channel, or for a
    thread the bot can no longer post in (locked, or its permissions taken away), the thread's parent channel."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        if not channel.locked and interaction.app_permissions.send_messages_in_threads:
            return channel.id, False
        if channel.parent_id is not None:
            return channel.parent_id, may_thread(interaction.permissions) and may_thread(interaction.app_permissions)
    if interaction.channel_id is None:
        raise Refused("refused.no_game")
    return interaction.channel_id, False
