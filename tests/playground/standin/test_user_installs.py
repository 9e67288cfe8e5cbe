"""The stand-in's user installs, as Discord documents them: an app a user added to their account answers in group DMs
and in servers that never added the bot, through interactions alone. What interactions say of where they come from
(`context`, `authorizing_integration_owners`, `app_permissions`), the commands' installs and contexts, 403 Missing
Access on channel endpoints where the bot is no member, at most 5 follow-ups per interaction authorized by a user
install alone, answers made private where a server turned external apps off, and tokens that expire."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from ludo_bot.playground.standin import BotRunner, StandIn
from ludo_bot.playground.standin.records import PRIVATE_APP_PERMISSIONS, USE_EXTERNAL_APPS

Seen = list[discord.Interaction[Any]]


def tree_of(client: discord.Client, seen: Seen, *, user_install: bool = True) -> app_commands.CommandTree[Any]:
    """/ping (a public answer, then as many follow-ups as its `count` asks) and /guildonly (servers only)."""
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)

    @tree.command(name="ping", description="answers")
    @app_commands.allowed_installs(guilds=True, users=user_install)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def ping(interaction: discord.Interaction[Any], count: int = 0) -> None:
        seen.append(interaction)
        await interaction.response.send_message("pong", view=Again())
        for i in range(count):
            try:
                await interaction.followup.send(f"again {i}")
            except discord.HTTPException:
                break

    @tree.command(name="guildonly", description="servers only")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    async def guildonly(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("here")

    return tree


class Again(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Again", custom_id="again")
    async def again(self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content=f"again by {interaction.user.id}")


@pytest.fixture
async def seen() -> Seen:
    return []


@pytest.fixture
async def client(standin: StandIn, bots: BotRunner, seen: Seen) -> discord.Client:
    bot = discord.Client(intents=discord.Intents.default())
    tree = tree_of(bot, seen)
    bot.add_view(Again())
    await bots.start(bot)
    await tree.sync()
    return bot


async def test_a_command_in_a_group_dm_is_authorized_by_the_user_install(standin: StandIn, client: discord.Client,
                                                                         seen: Seen) -> None:
    alice, bob = standin.install_app(standin.add_user("alice")), standin.add_user("bob")
    group = standin.add_group_dm("friends", alice, bob)
    record = await standin.slash(alice, group, "ping")
    answer = await record.result()
    assert answer is not None and answer.content == "pong" and not answer.ephemeral
    interaction = seen[-1]
    assert interaction.context.private_channel and not interaction.context.guild
    assert interaction.is_user_integration() and not interaction.is_guild_integration()
    assert interaction.app_permissions.value == PRIVATE_APP_PERMISSIONS and interaction.guild_id is None
    assert record.payload["authorizing_integration_owners"] == {"1": str(alice.id)}
    # bob did not install the app, but the message's button works for him: its interaction's installs are alice's
    clicked = await standin.click(bob, answer, label="Again")
    assert (await clicked.result()) is answer and answer.content == f"again by {bob.id}"
    assert clicked.payload["authorizing_integration_owners"] == {"1": str(alice.id)}
    assert clicked.payload["context"] == 2
    with pytest.raises(LookupError):  # bob has no install: Discord offers him none of the app's commands
        await standin.slash(bob, group, "ping")
    with pytest.raises(LookupError):  # a command for servers only is not offered in a group DM
        await standin.slash(alice, group, "guildonly")


async def test_every_channel_endpoint_is_refused_where_the_bot_is_no_member(standin: StandIn,
                                                                            client: discord.Client) -> None:
    alice = standin.install_app(standin.add_user("alice", join=False))
    outside = standin.add_guild("No bot here", bot_member=False)
    standin.add_member(outside, alice)
    group = standin.add_group_dm("friends", alice)
    between = standin.add_dm(alice, standin.add_user("bob", join=False))  # a DM between two people
    assert outside.id not in {g.id for g in client.guilds}  # the gateway never told the bot of that server
    assert (await standin.slash(alice, between, "ping")).payload["context"] == 2
    for channel in (standin.text_channel(outside), group, between):
        partial = client.get_partial_messageable(channel.id)
        with pytest.raises(discord.Forbidden) as refused:
            await partial.send("hello")
        assert (refused.value.status, refused.value.code) == (403, 50001)
        with pytest.raises(discord.Forbidden):
            await partial.get_partial_message(1).delete()
    taken = standin.take_violations("missing-access")
    assert len(taken) == 6 and all("Missing Access" in v.detail for v in taken)


async def test_a_user_install_alone_sends_at_most_five_followups(standin: StandIn, client: discord.Client) -> None:
    alice = standin.install_app(standin.add_user("alice"))
    bob = standin.add_user("bob")
    group = standin.add_group_dm("friends", alice, bob)
    record = await standin.slash(alice, group, "ping", options={"count": 7})
    await standin.wait_until(lambda: record.refused, what="the sixth follow-up refused")
    assert [m.content for m in record.followups] == [f"again {i}" for i in range(5)]
    assert len(standin.take_violations("followup-cap")) == 1
    # where the guild install authorizes it too (the bot's server), there is no such cap
    both = await standin.slash(alice, standin.channel, "ping", options={"count": 7})
    await standin.wait_until(lambda: len(both.followups) == 7, what="seven follow-ups")
    assert both.payload["authorizing_integration_owners"] == {"0": str(standin.guild.id), "1": str(alice.id)}


async def test_answers_are_private_where_a_server_turned_external_apps_off(standin: StandIn,
                                                                          client: discord.Client,
                                                                          seen: Seen) -> None:
    outside = standin.add_guild("Strict", bot_member=False)
    alice = standin.install_app(standin.add_user("alice", guild=outside))
    channel = standin.text_channel(outside)
    open_answer = await (await standin.slash(alice, channel, "ping")).result()
    assert open_answer is not None and not open_answer.ephemeral
    assert seen[-1].permissions.use_external_apps and not seen[-1].is_guild_integration()
    await standin.set_overwrite(channel, outside.everyone, deny=USE_EXTERNAL_APPS)
    forced = await (await standin.slash(alice, channel, "ping", options={"count": 1})).result()
    assert forced is not None and forced.ephemeral
    assert not seen[-1].permissions.use_external_apps
    followup = await standin.wait_until(lambda: standin.interactions[seen[-1].id].followups)
    assert followup[0].ephemeral


async def test_a_token_expires_after_its_lifetime(standin: StandIn, client: discord.Client, seen: Seen) -> None:
    alice = standin.install_app(standin.add_user("alice"))
    group = standin.add_group_dm("friends", alice)
    assert standin.token_lifetime == 15 * 60
    await (await standin.slash(alice, group, "ping")).result()
    standin.token_lifetime = 0.0
    with pytest.raises(discord.HTTPException) as expired:
        await seen[-1].followup.send("too late")
    assert (expired.value.status, expired.value.code) == (401, 50027)
    assert len(standin.take_violations("token-expired")) == 1
