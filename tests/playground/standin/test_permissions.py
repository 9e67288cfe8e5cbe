"""The stand-in's permissions are Discord's: channel overwrites (for @everyone, roles and members, in that order),
administrators and the owner above them, threads taking their parent's (a private thread only for its members and
those who may manage threads), View Channel gating everything else. A
discord.py client resolving permissions from what the stand-in sent it (`permissions_for`) agrees, also after an
overwrite changes while it runs; users cannot act in a channel they cannot view; the bot's reads and sends there
are refused as Discord refuses them."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from ludo_bot.playground.standin import BotRunner, StandIn
from ludo_bot.playground.standin.records import (
    ADMINISTRATOR,
    EVERYONE_PERMISSIONS,
    MANAGE_THREADS,
    PRIVATE_THREAD,
    SEND_MESSAGES,
    VIEW_CHANNEL,
)
from tests.playground.standin.test_ratelimits import raw


async def test_overwrites_apply_in_discords_order(standin: StandIn) -> None:
    guild = standin.guild
    staff, muted = standin.add_role(guild, "staff"), standin.add_role(guild, "muted")
    admin = standin.add_role(guild, "admin", ADMINISTRATOR)
    eve, sam = standin.add_user("eve"), standin.add_user("sam", roles=[staff])
    mia, ann = standin.add_user("mia", roles=[staff, muted]), standin.add_user("ann", roles=[admin])
    room = standin.add_channel(guild, "staff-room")
    assert all(standin.permissions_in(room, u.id) & VIEW_CHANNEL for u in (eve, sam, mia, ann))

    await standin.set_overwrite(room, guild.everyone, deny=VIEW_CHANNEL)
    await standin.set_overwrite(room, staff, allow=VIEW_CHANNEL)
    await standin.set_overwrite(room, muted, deny=SEND_MESSAGES)
    assert standin.permissions_in(room, eve.id) == 0  # no View Channel: nothing at all there
    assert standin.permissions_in(room, sam.id) == EVERYONE_PERMISSIONS  # a role's allow beats @everyone's deny
    assert standin.permissions_in(room, mia.id) == EVERYONE_PERMISSIONS & ~SEND_MESSAGES  # roles combine
    assert standin.permissions_in(room, ann.id) & ADMINISTRATOR  # administrators see everything
    assert standin.permissions_in(room, standin.owner.id) & VIEW_CHANNEL  # so does the owner
    await standin.set_overwrite(room, eve, allow=VIEW_CHANNEL)
    assert standin.permissions_in(room, eve.id) & VIEW_CHANNEL  # a member's own overwrite comes last
    await standin.set_overwrite(room, sam, deny=VIEW_CHANNEL)
    assert standin.permissions_in(room, sam.id) == 0
    thread = standin.add_thread(room, "a game")  # a thread has its parent's permissions
    assert standin.permissions_in(thread, sam.id) == 0 and standin.permissions_in(thread, eve.id) & VIEW_CHANNEL
    assert standin.permissions_in(standin.channel, sam.id) & VIEW_CHANNEL  # other channels are untouched


async def test_a_private_thread_shows_itself_to_its_members_and_to_thread_managers(standin: StandIn) -> None:
    """Issue 43: Discord shows a private thread only to the members added to it and to those who may manage threads
    in its channel; the bot, which may view it, asks whether one user is a member (404 Unknown Member if not)."""
    guild = standin.guild
    ann, eve = standin.add_user("ann"), standin.add_user("eve")
    mod = standin.add_user("mod", roles=[standin.add_role(guild, "mods", MANAGE_THREADS)])
    thread = standin.add_thread(standin.channel, "secret", PRIVATE_THREAD)
    thread.member_ids.add(ann.id)
    assert all(standin.permissions_in(thread, user.id) & VIEW_CHANNEL for user in (ann, mod, standin.bot_user))
    assert standin.permissions_in(thread, eve.id) == 0  # not there at all for her
    assert standin.permissions_in(standin.channel, eve.id) & VIEW_CHANNEL  # though she sees its channel
    public = standin.add_thread(standin.channel, "open")
    assert standin.permissions_in(public, eve.id) & VIEW_CHANNEL  # a public thread is its channel's
    async with raw(standin) as session:
        async with session.get(f"channels/{thread.id}/thread-members/{ann.id}") as member:
            assert member.status == 200 and (await member.json())["user_id"] == str(ann.id)
        async with session.get(f"channels/{thread.id}/thread-members/{eve.id}") as outsider:
            assert (outsider.status, (await outsider.json())["code"]) == (404, 10007)


async def test_a_client_resolves_the_same_permissions_and_hears_of_changes(standin: StandIn,
                                                                          bots: BotRunner) -> None:
    guild = standin.guild
    staff = standin.add_role(guild, "staff")
    eve, sam = standin.add_user("eve"), standin.add_user("sam", roles=[staff])
    room = standin.add_channel(guild, "staff-room")
    await standin.set_overwrite(room, guild.everyone, deny=VIEW_CHANNEL)
    await standin.set_overwrite(room, staff, allow=VIEW_CHANNEL)
    seen: list[discord.Interaction[Any]] = []

    class Client(discord.Client):
        async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
            seen.append(interaction)
            await interaction.response.send_message("ok", ephemeral=True)

    client = Client(intents=discord.Intents(guilds=True))
    await bots.start(client)
    cached = client.get_guild(guild.id)
    assert cached is not None

    async def resolved(user_id: int, channel_id: int) -> bool:
        assert cached is not None
        member = await cached.fetch_member(user_id)
        channel = cached.get_channel(channel_id)
        assert isinstance(channel, discord.TextChannel)
        return channel.permissions_for(member).view_channel

    assert not await resolved(eve.id, room.id) and await resolved(sam.id, room.id)
    assert await resolved(eve.id, standin.channel.id)
    await standin.set_overwrite(room, eve, allow=VIEW_CHANNEL)  # CHANNEL_UPDATE reaches the running client
    await standin.wait_until(lambda: cached.get_channel(room.id).overwrites_for(  # type: ignore[union-attr]
        discord.Object(eve.id)).view_channel, what="the overwrite to arrive")
    assert await resolved(eve.id, room.id)
    await standin.set_overwrite(room, eve, deny=VIEW_CHANNEL)
    await standin.wait_until(lambda: cached.get_channel(room.id).overwrites_for(  # type: ignore[union-attr]
        discord.Object(eve.id)).view_channel is False, what="the overwrite to arrive")
    assert not await resolved(eve.id, room.id)

    # an interaction carries the member's permissions in its channel; nobody acts where they cannot see
    await (await standin.click(sam, standin.create_message(room, {"content": "x", "components": [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": "b"}]}]}, [],
        author=standin.bot_user), custom_id="b")).response()
    assert seen[-1].permissions.view_channel and seen[-1].permissions.value == standin.permissions_in(room, sam.id)
    with pytest.raises(LookupError, match="cannot view"):
        await standin.click(eve, standin.last_message(room), custom_id="b")

    await standin.set_overwrite(room, standin.bot_user, deny=VIEW_CHANNEL)  # the bot cannot read it either
    with pytest.raises(discord.Forbidden):
        await client.fetch_channel(room.id)
    with pytest.raises(discord.Forbidden) as hidden:  # nor post, edit or delete there: Missing Access, every request
        await client.http.send_message(room.id, params=discord.http.handle_message_parameters(content="hi"))
    assert hidden.value.code == 50001
    assert len(standin.take_violations("forbidden")) == 1  # (reading it: no violation)


async def test_a_hidden_channel_refuses_every_call_and_a_deleted_one_is_unknown(standin: StandIn,
                                                                                bots: BotRunner) -> None:
    """Issue 43: Discord answers 403 Missing Access to any call in a channel the bot may not view (editing or deleting
    its own messages there too), and 404 Unknown Channel once the channel is deleted, which the gateway tells of."""
    room = standin.add_channel(standin.guild, "games")
    client = discord.Client(intents=discord.Intents(guilds=True))
    await bots.start(client)
    channel = client.get_channel(room.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("a board")
    await standin.set_overwrite(room, standin.bot_user, deny=VIEW_CHANNEL)
    with pytest.raises(discord.Forbidden) as edit:
        await sent.edit(content="a newer board")
    with pytest.raises(discord.Forbidden):
        await sent.delete()
    assert edit.value.code == 50001 and len(standin.take_violations("forbidden")) == 2
    await standin.set_overwrite(room, standin.bot_user)
    await sent.edit(content="a newer board")  # given back: as before

    thread = await sent.create_thread(name="a table")
    await standin.delete_channel(standin.channels[thread.id])
    await standin.wait_until(lambda: client.get_channel(thread.id) is None, what="THREAD_DELETE")
    await standin.delete_channel(room)
    await standin.wait_until(lambda: client.get_channel(room.id) is None, what="CHANNEL_DELETE")
    assert standin.messages(room) == [] and room.id not in standin.guild.channel_ids
    with pytest.raises(discord.NotFound) as unknown:
        await channel.send("a reminder")
    assert unknown.value.code == 10003
