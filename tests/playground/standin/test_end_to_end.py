"""Proof that the Discord stand-in carries a real discord.py bot end to end, and enforces Discord's limits.

The bot here is a tiny one defined in this file (a `/ludo` group and a persistent DynamicItem button), not the
project's bot: these tests pin down the fixture itself.
"""

from __future__ import annotations

import asyncio
import io
import re
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from ludo_bot.playground.standin import BotRunner, StandIn, shard_for


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (6, 4), (200, 30, 30)).save(out, "PNG")
    return out.getvalue()


PNG = _png()


class Counter(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"ludo:(?P<n>[0-9]+)"):
    """A persistent button: all its state is in its custom_id, so it works across restarts."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", style=discord.ButtonStyle.primary,
                                           custom_id=f"ludo:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(content=f"count {self.n + 1}", view=counter_view(self.n + 1))


def counter_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(n))
    return view


class RawView(discord.ui.View):
    """Sends a component payload as given, to get past discord.py's own checks and reach Discord's."""

    def __init__(self, components: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.raw = components

    def to_components(self) -> list[dict[str, Any]]:
        return self.raw


class NameModal(discord.ui.Modal, title="Name your game"):
    game_name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(label="Name", custom_id="game-name")

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        await interaction.response.send_message(f"named {self.game_name.value}")


def button(custom_id: str, label: str = "x") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


@dataclass
class Recorder:
    """What a test bot saw and which errors it caught."""

    seen: list[discord.Interaction[Any]] = field(default_factory=list)
    errors: list[discord.HTTPException] = field(default_factory=list)


AnyBot = commands.Bot | commands.AutoShardedBot


def make_bot(recorder: Recorder, cls: type[AnyBot] = commands.Bot, intents: discord.Intents | None = None,
             **options: Any) -> AnyBot:
    bot = cls(command_prefix=commands.when_mentioned, intents=intents or discord.Intents.default(), **options)
    ludo = app_commands.Group(name="ludo", description="Play Ludo")

    @ludo.command(name="ping", description="Answers pong")
    async def ping(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("pong")

    @ludo.command(name="counter", description="Posts a persistent counter button")
    async def counter(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("count 0", view=counter_view(0))

    @ludo.command(name="secret", description="Answers privately")
    async def secret(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("only you", ephemeral=True)

    @ludo.command(name="board", description="Defers, then sends a PNG")
    async def board(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send("the board", file=discord.File(io.BytesIO(PNG), "board.png"))

    @ludo.command(name="thread", description="Opens a game thread and pings a player")
    @app_commands.describe(player="Who plays first")
    async def thread(interaction: discord.Interaction[Any], player: discord.Member) -> None:
        await interaction.response.send_message("Game #1")
        message = await interaction.original_response()
        game_thread = await message.create_thread(name="Ludo game #1")
        await game_thread.send(f"{player.mention}, your turn", view=counter_view(0))

    @ludo.command(name="name", description="Asks for a name in a modal")
    async def name(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(NameModal())

    @ludo.command(name="early", description="Sends a followup before responding (a bug)")
    async def early(interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.followup.send("too early")
        except discord.HTTPException as exc:
            recorder.errors.append(exc)
        await interaction.response.send_message("now")

    @ludo.command(name="remind", description="Defers, then pings a player twice")
    async def remind(interaction: discord.Interaction[Any], player: discord.Member) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send(f"{player.mention}, your turn")  # fills the "thinking" message
        await interaction.followup.send(f"{player.mention}, really, your turn")  # a new message

    @ludo.command(name="silent", description="Never answers")
    async def silent(interaction: discord.Interaction[Any]) -> None:
        return None

    @ludo.command(name="twice", description="Answers twice (a bug)")
    async def twice(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("first")
        interaction.response._response_type = None  # get past discord.py's guard, as a buggy bot might
        try:
            await interaction.response.send_message("second")
        except discord.HTTPException as exc:
            recorder.errors.append(exc)

    @ludo.command(name="bad", description="Breaks one of Discord's limits")
    async def bad(interaction: discord.Interaction[Any], kind: str) -> None:
        try:
            if kind == "custom_id":
                await interaction.response.send_message("x", view=RawView([{"type": 1, "components": [
                    button("c" * 101)]}]))
            elif kind == "rows":
                assert interaction.channel is not None and isinstance(interaction.channel, discord.TextChannel)
                await interaction.channel.send("x", view=RawView([{"type": 1, "components": [button(f"r{i}")]}
                                                                 for i in range(6)]))
            elif kind == "label":
                view = discord.ui.View()
                view.add_item(discord.ui.Button(label="L" * 81, custom_id="long-label"))
                await interaction.response.send_message("x", view=view)
            elif kind == "content":
                assert isinstance(interaction.channel, discord.TextChannel)
                await interaction.channel.send("x" * 2001)
        except discord.HTTPException as exc:
            recorder.errors.append(exc)
            await interaction.response.send_message(f"refused {exc.status} {exc.code}", ephemeral=True)

    bot.tree.add_command(ludo)
    bot.add_dynamic_items(Counter)

    async def on_interaction(interaction: discord.Interaction[Any]) -> None:
        recorder.seen.append(interaction)

    bot.add_listener(on_interaction)
    return bot


async def test_bot_connects_gets_ready_and_answers_ping(standin: StandIn, bots: BotRunner) -> None:
    alice = standin.add_user("alice")
    intents = discord.Intents.default()
    intents.members = True  # discord.py caches members only with this intent (and then chunks the guild)
    bot = await bots.start(make_bot(Recorder(), intents=intents))
    assert bot.user is not None and bot.user.id == standin.bot_user.id
    guild = bot.get_guild(standin.guild.id)
    assert guild is not None and guild.get_channel(standin.channel.id) is not None
    assert guild.get_member(alice.id) is not None
    (session,) = standin.sessions()
    assert session.compressed and session.event_names()[:2] == ["READY", "GUILD_CREATE"]

    synced = await bot.tree.sync()
    assert [c.name for c in synced] == ["ludo"] and [c["name"] for c in standin.commands[None].values()] == ["ludo"]

    interaction = await standin.slash(alice, standin.channel, "ludo", "ping")
    response = await interaction.response()
    assert (response.type, response.content, response.ephemeral) == (4, "pong", False)
    assert response.elapsed < 3
    assert standin.last_message(standin.channel).content == "pong"


async def test_persistent_button_answers_after_restart(standin: StandIn, bots: BotRunner) -> None:
    alice = standin.add_user("alice")
    first = Recorder()
    bot = await bots.start(make_bot(first))
    response = await (await standin.slash(alice, standin.channel, "ludo counter")).response()
    assert response.message is not None and response.message.custom_ids() == ["ludo:0"]
    await bots.stop(bot)

    second = Recorder()
    await bots.start(make_bot(second))
    click = await standin.click(alice, response.message, label="Count 0")
    clicked = await click.response()
    assert clicked.type == 7 and clicked.content == "count 1"
    assert response.message.custom_ids() == ["ludo:1"] and response.message.edits == 1
    assert len(second.seen) == 1 and not [i for i in first.seen if i.type is discord.InteractionType.component]


async def test_two_shards_each_get_only_their_guilds(standin: StandIn, bots: BotRunner) -> None:
    zero = standin.add_guild("Zero", shard=(0, 2))
    one = standin.add_guild("One", shard=(1, 2))
    assert (shard_for(zero.id, 2), shard_for(one.id, 2)) == (0, 1)
    alice = standin.add_user("alice", guild=zero)
    standin.add_member(one, alice)
    rec0, rec1 = Recorder(), Recorder()
    bot0 = await bots.start(make_bot(rec0, shard_id=0, shard_count=2))
    bot1 = await bots.start(make_bot(rec1, shard_id=1, shard_count=2))
    assert bot0.get_guild(zero.id) is not None and bot0.get_guild(one.id) is None
    assert bot1.get_guild(one.id) is not None and bot1.get_guild(zero.id) is None
    assert sorted(s.shard for s in standin.sessions()) == [(0, 2), (1, 2)]

    in_zero = await standin.slash(alice, standin.text_channel(zero), "ludo", "ping")
    in_one = await standin.slash(alice, standin.text_channel(one), "ludo", "ping")
    assert (await in_zero.response()).content == "pong" and (await in_one.response()).content == "pong"
    assert [i.guild_id for i in rec0.seen] == [zero.id] and [i.guild_id for i in rec1.seen] == [one.id]
    assert (in_zero.shard_id, in_one.shard_id) == (0, 1)


async def test_auto_sharded_bot_runs_both_shards(standin: StandIn, bots: BotRunner) -> None:
    zero = standin.add_guild("Zero", shard=(0, 2))
    one = standin.add_guild("One", shard=(1, 2))
    alice = standin.add_user("alice", guild=zero)
    standin.add_member(one, alice)
    recorder = Recorder()
    bot = await bots.start(make_bot(recorder, commands.AutoShardedBot, shard_ids=[0, 1], shard_count=2))
    assert {zero.id, one.id} <= {g.id for g in bot.guilds}
    for guild in (zero, one):
        interaction = await standin.slash(alice, standin.text_channel(guild), "ludo ping")
        assert (await interaction.response()).content == "pong"


async def test_deferred_followup_carries_png_and_threads_notify(standin: StandIn, bots: BotRunner) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    await bots.start(make_bot(Recorder()))
    board = await standin.slash(alice, standin.channel, "ludo", "board")
    assert (await board.response()).type == 5
    message = await board.result()
    assert message is not None and message.content == "the board" and not message.loading
    assert message.file("board.png").data == PNG and message.attachments[0].size == len(PNG)

    opened = await standin.slash(alice, standin.channel, "ludo", "thread", options={"player": bob})
    await opened.response()
    (thread,) = await standin.wait_until(lambda: standin.threads(standin.channel), what="a thread")
    turn = await standin.wait_for_message(thread, lambda m: "your turn" in m.content, include_existing=True)
    assert opened.original is not None and thread.id == opened.original.id
    assert standin.notifications(bob) == [turn] and standin.notifications(alice) == []


async def test_only_new_messages_notify(standin: StandIn, bots: BotRunner) -> None:
    alice, bob = standin.add_user("alice"), standin.add_user("bob")
    await bots.start(make_bot(Recorder()))
    reminded = await standin.slash(alice, standin.channel, "ludo", "remind", options={"player": bob})
    second = await reminded.wait_followup(2)
    assert reminded.followups[0] is reminded.original and bob.mention in reminded.followups[0].content
    assert standin.notifications(bob) == [second]


async def test_ephemeral_reply_is_private(standin: StandIn, bots: BotRunner) -> None:
    alice = standin.add_user("alice")
    await bots.start(make_bot(Recorder()))
    response = await (await standin.slash(alice, standin.channel, "ludo", "secret")).response()
    assert response.ephemeral and response.content == "only you"
    assert standin.messages(standin.channel) == []


async def test_resume_after_dropped_connection(standin: StandIn, bots: BotRunner) -> None:
    alice = standin.add_user("alice")
    await bots.start(make_bot(Recorder()))
    (session,) = standin.sessions()
    await standin.drop(session)
    await standin.wait_until(lambda: session.resumes == 1 and session.connected, what="a RESUME")
    response = await (await standin.slash(alice, standin.channel, "ludo ping")).response()
    assert response.content == "pong"


async def test_unanswered_interaction_is_reported(standin: StandIn, bots: BotRunner) -> None:
    alice = standin.add_user("alice")
    await bots.start(make_bot(Recorder()))
    interaction = await standin.slash(alice, standin.channel, "ludo", "silent")
    await standin.wait_until(lambda: interaction.failed, timeout=standin.response_deadline + 1, what="the deadline")
    (violation,) = standin.take_violations("unanswered")
    assert "/ludo silent" in violation.detail
    with pytest.raises(AssertionError, match="not answered"):
        await interaction.response(timeout=0.1)


async def test_second_response_is_refused(standin: StandIn, bots: BotRunner) -> None:
    alice = standin.add_user("alice")
    recorder = Recorder()
    await bots.start(make_bot(recorder))
    interaction = await standin.slash(alice, standin.channel, "ludo", "twice")
    assert (await interaction.response()).content == "first"
    await standin.wait_until(lambda: recorder.errors, what="the refusal")
    assert (recorder.errors[0].status, recorder.errors[0].code) == (400, 40060)
    (violation,) = standin.take_violations("already-acknowledged")
    assert "already been acknowledged" in violation.detail
    assert interaction.response_type == 4 and len(interaction.refused) == 1


@pytest.mark.parametrize(("kind", "where", "caught_by"), [
    ("custom_id", "data.components.0.components.0.custom_id", "schema"),  # Discord's OpenAPI description says 100
    ("rows", "components: Must be 5 or fewer", "invalid-body"),  # the description allows 40 (components v2)
    ("label", "data.components.0.components.0.label", "schema"),
    ("content", "content: Must be 2000 or fewer", "invalid-body"),  # the description allows 4000 (Nitro users)
])
async def test_limits_are_refused_and_reported(standin: StandIn, bots: BotRunner, kind: str, where: str,
                                               caught_by: str) -> None:
    alice = standin.add_user("alice")
    recorder = Recorder()
    await bots.start(make_bot(recorder))
    response = await (await standin.slash(alice, standin.channel, "ludo", "bad", options={"kind": kind})).response()
    assert response.content == "refused 400 50035" and response.ephemeral
    (violation,) = standin.take_violations(caught_by)
    assert where in violation.detail
    assert standin.messages(standin.channel) == []


async def test_members_arrive_by_chunking_when_guild_create_is_partial(standin: StandIn, bots: BotRunner) -> None:
    standin.full_member_lists = False  # as Discord without the presences intent: GUILD_CREATE lists only the bot
    alice = standin.add_user("alice")
    intents = discord.Intents.default()
    intents.members = True
    bot = await bots.start(make_bot(Recorder(), intents=intents))
    guild = bot.get_guild(standin.guild.id)
    assert guild is not None and guild.chunked and guild.get_member(alice.id) is not None
    assert "GUILD_MEMBERS_CHUNK" in standin.sessions()[0].event_names()


async def test_modal_is_shown_and_submitted(standin: StandIn, bots: BotRunner) -> None:
    alice = standin.add_user("alice")
    await bots.start(make_bot(Recorder()))
    opened = await standin.slash(alice, standin.channel, "ludo", "name")
    shown = await opened.response()
    assert shown.type == 9 and shown.modal is not None and shown.modal["title"] == "Name your game"
    submitted = await standin.submit_modal(alice, opened, {"game-name": "Friday game"})
    assert (await submitted.response()).content == "named Friday game"


async def test_followup_before_response_is_refused(standin: StandIn, bots: BotRunner) -> None:
    alice = standin.add_user("alice")
    recorder = Recorder()
    await bots.start(make_bot(recorder))
    interaction = await standin.slash(alice, standin.channel, "ludo", "early")
    assert (await interaction.response()).content == "now"
    assert [(e.status, e.code) for e in recorder.errors] == [(404, 10015)]
    assert len(standin.take_violations("not-acknowledged")) == 1
