"""Who may see a game: a member sees a game of the server they are in, in a channel (or thread) they can view.

`/ludo history`, `/ludo replay`, `/ludo verify`, `/ludo export` and the Replay, Spectate and Refresh buttons all
show a game by its id; each checks `Access.visible` first, and a game the member may not see is answered exactly
as an unknown one, so its existence is not revealed either.

Viewing is Discord's permission resolution (`permissions_for(member).view_channel`: the member's roles, the
channel's overwrites, a thread inheriting its parent's) on the channels discord.py caches from the gateway. A
private thread shows itself, as Discord decides, only to the members added to it and to those who may manage threads
in its channel: membership is asked of Discord (one user's membership needs no members intent; without it the
gateway tells the bot only of its own), once per interaction, and only of a thread the bot sees (cached, or fetched),
so the question is never refused. A thread that left the cache (an archived game thread) is fetched once; its parent
(and whether it is private) is remembered, neither ever changing. A channel that no longer exists hides its games.

In a scope the bot is not in (a group DM, a server that never added it: `bot.plumbing.delivery.scope_of`) it knows no
channels: a member sees the games of the channel they ask from, whose view Discord resolved for the interaction.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import Any

import discord

from ludo_bot.bot.plumbing.delivery import channel_calls, scope_of
from ludo_bot.service import GameRecord, Refused

logger = logging.getLogger(__name__)
REMEMBERED = 1024  # uncached threads whose parent (or absence) is remembered
GONE = 0  # remembered for a channel that no longer exists
MEMBERSHIPS = "ludo_thread_members"  # interaction.extras: private thread -> whether the asker is in it


class Access:
    """Whether the member behind an interaction may see a game."""

    def __init__(self) -> None:
        self._parents: OrderedDict[int, tuple[int, bool]] = OrderedDict()  # uncached thread -> (parent channel
        # or GONE, private)

    async def visible(self, interaction: discord.Interaction[Any], record: GameRecord, missing: Refused) -> GameRecord:
        """`record` if the member may see it, else raise `missing` (the answer to an unknown game)."""
        if record.guild_id != scope_of(interaction) or not await self.can_view(interaction, record.channel_id):
            raise missing
        return record

    async def can_view(self, interaction: discord.Interaction[Any], channel_id: int) -> bool:
        """True when the member who caused `interaction` can view the channel or thread `channel_id` of the
        interaction's guild (or, where the bot knows no channels, is the interaction's own)."""
        if not channel_calls(interaction):  # a group DM, a server without the bot: the asker's own channel only
            return channel_id == interaction.channel_id and (interaction.guild_id is None
                                                             or interaction.permissions.view_channel)
        guild, member = interaction.guild, interaction.user
        if guild is None or not isinstance(member, discord.Member):
            return False
        if channel_id == interaction.channel_id:
            return interaction.permissions.view_channel  # resolved by Discord for this very channel
        found = guild.get_channel_or_thread(channel_id)
        channel: discord.abc.GuildChannel | None
        private = False
        if isinstance(found, discord.Thread):
            channel, private = found.parent, found.is_private()  # a thread has its parent's permissions
        elif found is None:
            channel, private = await self._uncached(interaction, guild, channel_id)
        else:
            channel = found
        if channel is None:
            return False
        allowed = channel.permissions_for(member)
        if not allowed.view_channel:
            return False
        return not private or allowed.manage_threads or await self._member_of(interaction, channel_id)

    async def _member_of(self, interaction: discord.Interaction[Any], thread_id: int) -> bool:
        """Whether the asker was added to the private thread `thread_id`, asked of Discord once per interaction
        (`/ludo history` may list several of its games)."""
        known: dict[int, bool] = interaction.extras.setdefault(MEMBERSHIPS, {})
        if thread_id not in known:
            try:
                await interaction.client.http.get_thread_member(thread_id, interaction.user.id)
                known[thread_id] = True
            except (discord.NotFound, discord.Forbidden):  # not a member; or the bot no longer sees the thread
                known[thread_id] = False
        return known[thread_id]

    async def _uncached(self, interaction: discord.Interaction[Any], guild: discord.Guild,
                        channel_id: int) -> tuple[discord.abc.GuildChannel | None, bool]:
        """The channel whose permissions count for a channel or thread missing from the cache, and whether it is a
        private thread: an archived thread's parent (asked of Discord once), a channel made since the gateway told
        the bot (asked each time)."""
        remembered = self._parents.get(channel_id)
        if remembered is None:
            try:
                fetched = await interaction.client.fetch_channel(channel_id)
            except (discord.NotFound, discord.Forbidden):
                fetched = None
            if isinstance(fetched, discord.abc.GuildChannel) and fetched.guild.id == guild.id:
                return fetched, False
            remembered = ((fetched.parent_id, fetched.is_private())
                          if isinstance(fetched, discord.Thread) and fetched.guild.id == guild.id else (GONE, False))
            self._parents[channel_id] = remembered
            while len(self._parents) > REMEMBERED:
                self._parents.popitem(last=False)
        else:
            self._parents.move_to_end(channel_id)
        parent, private = remembered
        found = guild.get_channel(parent) if parent != GONE else None
        return (found, private) if isinstance(found, discord.abc.GuildChannel) else (None, False)
