"""`/ludo end member:`: a member with Manage Server ends every game one member hosts or plays alone against AI seats
in the server, and their lobbies, in one command (`service.moderation`). An option of `/ludo end` rather than a
command of its own: it is the same act, done to all of one member's games, and Discord lists it where moderators look
for ending a game. The right is checked here, where the interaction carries it (Manage Server, as `/ludo settings`:
it reaches across every channel, which Manage Channels of one channel does not)."""

from __future__ import annotations

from typing import Any

import discord

from ludo_bot.bot.handlers import Handlers
from ludo_bot.bot.plumbing.delivery import scope_of
from ludo_bot.bot.plumbing.translator import user_locale
from ludo_bot.service import Refused
from ludo_bot.service.words.i18n import translate


async def end_member(handlers: Handlers, interaction: discord.Interaction[Any], member: discord.abc.User) -> None:
    """End what `member` hosts in the interaction's server and say privately how many games and lobbies that was;
    each game's live message shows it ended, as after `/ludo end`. `Refused` without Manage Server, or outside a
    server."""
    if interaction.guild_id is None or not interaction.permissions.manage_guild:
        raise Refused("refused.end_member")
    await interaction.response.defer(thinking=True, ephemeral=True)  # fifty games take longer than Discord's 3 s
    done = await handlers.service.moderation.end_member(scope_of(interaction), member.id, interaction.user.id)
    await interaction.followup.send(
        translate(user_locale(interaction), "reply.ended_member", who=member.mention, games=len(done.games),
                  lobbies=done.lobbies), ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
    for ended in done.games:
        await handlers.live.show_change(ended)  # its live message says it ended, without buttons
