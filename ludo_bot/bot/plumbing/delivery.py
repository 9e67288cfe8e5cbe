"""Where the bot may make channel calls, read from each interaction, and the scope a game's records count in.

An app a person installed to their account (a user install) can be used in a group DM, a DM between people, or a
server that never added the bot. The bot is no member there: Discord refuses every channel endpoint (403, Missing
Access), and the app may only answer interactions (the response, then follow-ups and edits through the
interaction's webhook for 15 minutes; at most 5 follow-ups per interaction that a user install alone authorized).
So a game there is delivered through interactions (`GameRecord.delivery`): every message is a response or a
follow-up, nothing is posted, edited or deleted later (see `bot.live`).

The choice is made per interaction from its fields: channel calls are allowed where the guild install authorized it
(`authorizing_integration_owners` names the server, discord.py's `is_guild_integration`) and the gateway told this
process of the server (the bot is a member: a server that installed only the commands, without the bot, has no
member to post as), and in the bot's own DM. A button keeps the installs of the interaction that made its message,
so a game's clicks decide as its `/ludo start` did.
"""

from __future__ import annotations

from typing import Any, Literal

import discord

from ludo_bot.service import GameRecord

Delivery = Literal["channel", "interaction"]  # (`GameRecord.delivery`)

# What `/ludo start` offers to add the bot to a server instead (README: "Setting up the Discord side")
INVITE = ("https://discord.com/oauth2/authorize?client_id={app}&scope=bot%20applications.commands"
          "&permissions=309237746688")


def channel_calls(interaction: discord.Interaction[Any]) -> bool:
    """True where the bot may post, edit and delete in the interaction's channel itself."""
    if interaction.context.dm_channel:
        return True
    if interaction.guild_id is None:  # a group DM or a DM between people: the bot is never in them
        return False
    return interaction.is_guild_integration() and interaction.client.get_guild(interaction.guild_id) is not None


def in_thread(interaction: discord.Interaction[Any]) -> bool:
    """True when the interaction comes from a thread (where a game plays in place: no thread in a thread)."""
    return isinstance(interaction.channel, discord.Thread)


def delivery_of(interaction: discord.Interaction[Any]) -> Delivery:
    """How a game started by this interaction reaches its channel."""
    return "channel" if channel_calls(interaction) else "interaction"


def scope_of(interaction: discord.Interaction[Any]) -> int:
    """The id that a game's limits, history, stats and ratings count under: the server's (with the bot or without
    it), else the channel's (a group DM or a DM is a scope of its own). Snowflakes never repeat across kinds, so a
    group DM's id never names a server."""
    return interaction.guild_id or interaction.channel_id or 0


def in_server(guild_id: int, channel_id: int) -> bool:
    """Whether a record's scope (`scope_of`) is a server, rather than the group DM or DM `channel_id` is."""
    return guild_id != channel_id


def answers_private(interaction: discord.Interaction[Any]) -> bool:
    """True where Discord makes every answer of the app private: a server that did not add the app, where the member
    may not use external apps in this channel (Use External Apps is off)."""
    return (interaction.guild_id is not None and not interaction.is_guild_integration()
            and not interaction.permissions.use_external_apps)


def invite_link(interaction: discord.Interaction[Any]) -> str:
    """The link that adds the bot to a server."""
    return INVITE.format(app=interaction.application_id)


def jump_link(record: GameRecord) -> str:
    """The link to a game's live message (to its channel or thread while none is known), in a server or in a group
    DM (`@me`)."""
    place = record.guild_id if in_server(record.guild_id, record.channel_id) else "@me"
    link = f"https://discord.com/channels/{place}/{record.channel_id}"
    return f"{link}/{record.message_id}" if record.message_id else link
