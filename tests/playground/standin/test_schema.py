"""The stand-in holds request bodies to Discord's OpenAPI description: what the description refuses is answered
with Discord's 400 "Invalid Form Body" (50035) and recorded as a "schema" violation, and what discord.py 2.7 sends
for the calls a game bot makes passes.
"""

from __future__ import annotations

import io
import time
import warnings
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from ludo_bot.playground.standin import BotRunner, StandIn, openapi

PNG_BUFFER = io.BytesIO()
Image.new("RGB", (6, 4), (20, 120, 200)).save(PNG_BUFFER, "PNG")
PNG = PNG_BUFFER.getvalue()


def png(name: str = "board.png", description: str | None = "The board") -> discord.File:
    return discord.File(io.BytesIO(PNG), name, description=description)


@asynccontextmanager
async def raw(standin: StandIn) -> AsyncIterator[aiohttp.ClientSession]:
    headers = {"Authorization": f"Bot {standin.token}"}
    async with aiohttp.ClientSession(base_url=standin.base_url + "/", headers=headers) as session:
        yield session


def button(style: Any = 1, **extra: Any) -> dict[str, Any]:
    return {"type": 2, "style": style, "label": "Roll", "custom_id": "ludo:g:1:roll", **extra}


async def refused(standin: StandIn, body: dict[str, Any]) -> dict[str, Any]:
    """POSTs a channel message; returns Discord's error body (and checks it was a schema refusal)."""
    async with raw(standin) as session, session.post(f"channels/{standin.channel.id}/messages", json=body) as answer:
        error: dict[str, Any] = await answer.json()
        assert (answer.status, error["code"], error["message"]) == (400, 50035, "Invalid Form Body")
    (violation,) = standin.take_violations("schema")
    assert violation.route == f"POST /api/v10/channels/{standin.channel.id}/messages"
    assert standin.messages(standin.channel) == []
    return error


async def test_a_button_style_outside_the_schema_is_refused(standin: StandIn) -> None:
    error = await refused(standin, {"content": "x", "components": [{"type": 1, "components": [button(style=7)]}]})
    (detail,) = error["errors"]["components"]["0"]["components"]["0"]["style"]["_errors"]
    assert detail["code"] == "BASE_TYPE_CHOICES" and "1, 2, 3, 4, 5, 6" in detail["message"]


async def test_an_unknown_component_type_is_refused(standin: StandIn) -> None:
    error = await refused(standin, {"content": "x", "components": [{"type": 1, "components": [
        {"type": 99, "custom_id": "ludo:x"}]}]})
    (detail,) = error["errors"]["components"]["0"]["components"]["0"]["type"]["_errors"]
    assert detail["code"] == "UNION_TYPE_CHOICES"


async def test_a_field_of_the_wrong_type_is_refused(standin: StandIn) -> None:
    error = await refused(standin, {"content": "x", "tts": "yes", "allowed_mentions": {"parse": ["friends"]}})
    assert error["errors"]["tts"]["_errors"][0]["code"] == "BASE_TYPE_BOOLEAN"
    assert error["errors"]["allowed_mentions"]["parse"]["0"]["_errors"][0]["code"] == "BASE_TYPE_CHOICES"


async def test_a_missing_required_field_is_refused(standin: StandIn) -> None:
    error = await refused(standin, {"content": "x", "components": [{"type": 1, "components": [
        {"type": 2, "label": "no style", "custom_id": "ludo:y"}]}]})
    assert error["errors"]["components"]["0"]["components"]["0"]["style"]["_errors"][0]["code"] == \
        "BASE_TYPE_REQUIRED"


async def test_multipart_payload_json_is_checked(standin: StandIn) -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", '{"content": "x", "embeds": [{"title": "' + "t" * 257 + '"}]}',
                   content_type="application/json")
    form.add_field("files[0]", PNG, filename="board.png", content_type="image/png")
    async with raw(standin) as session, session.post(f"channels/{standin.channel.id}/messages", data=form) as answer:
        error = await answer.json()
    assert (answer.status, error["code"]) == (400, 50035)
    assert error["errors"]["embeds"]["0"]["title"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"
    assert len(standin.take_violations("schema")) == 1


async def test_a_callback_over_2000_characters_is_refused(standin: StandIn, bots: BotRunner) -> None:
    alice = standin.add_user("alice")
    errors: list[discord.HTTPException] = []
    await bots.start(payload_bot(errors))
    record = await standin.slash(alice, standin.channel, "ludo", "long")
    await standin.wait_until(lambda: errors, what="the refusal")
    assert (errors[0].status, errors[0].code) == (400, 50035)
    (violation,) = standin.take_violations("schema")
    assert "data.content: Must be 2000 or fewer in length." in violation.detail and record.refused
    assert (await record.response()).content == "too long, refused"


def test_snowflakes_and_nullable_types() -> None:
    operations = openapi.load()
    assert operations is not None
    route = ("POST", "/channels/{channel_id}/messages")

    def errors(body: Any) -> list[str]:
        return [f"{'.'.join(map(str, e.path))}:{e.code}" for e in operations.validate(*route, body)]

    assert errors({"content": None, "attachments": [{"id": 0}, {"id": "1"}], "sticker_ids": None}) == []
    assert errors({"attachments": [{"id": -1}, {"id": "x1"}]}) == [
        "attachments.0.id:BASE_TYPE_STRING", "attachments.1.id:STRING_TYPE_REGEX"]
    assert errors({"nonce": 12, "flags": True}) == ["flags:NUMBER_TYPE_COERCE"]
    assert errors({"embeds": [{"color": 16777216}]}) == ["embeds.0.color:NUMBER_TYPE_MAX"]
    assert errors({"components": [{"type": 1, "components": []}]}) == ["components.0.components:BASE_TYPE_BAD_LENGTH"]
    bulk = operations.validate("POST", "/channels/{}/messages/bulk-delete", {"messages": ["1", "1"]})
    assert [e.code for e in bulk] == ["LIST_ITEM_VALUE_DUPLICATE"]


def test_a_union_of_open_objects_is_judged_by_the_branch_that_declares_the_keys() -> None:
    """PATCH /channels/{id} is a union of DM, group DM, guild channel and thread updates, none closed to extra keys:
    `archived` belongs to the thread update only, so that one judges it."""
    operations = openapi.load()
    assert operations is not None
    assert operations.validate("PATCH", "/channels/{}", {"archived": True, "locked": True, "name": "Game 1"}) == []
    (error,) = operations.validate("PATCH", "/channels/{}", {"archived": "yes"})
    assert (error.path, error.code) == (("archived",), "BASE_TYPE_BOOLEAN")
    (error,) = operations.validate("POST", "/webhooks/{}/{}", {"content": "x", "tts": False, "flags": "x"})
    assert (error.path, error.code) == (("flags",), "NUMBER_TYPE_COERCE")


async def test_a_missing_description_skips_the_check_with_a_warning(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    monkeypatch.setattr(openapi, "SPEC_FILE", tmp_path / "absent.json.gz")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert openapi.load() is None
    assert "absent.json.gz is missing" in str(caught[0].message)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        async with StandIn(patch_discord=False) as standin, raw(standin) as session:
            body = {"content": "x", "tts": "yes"}
            async with session.post(f"channels/{standin.channel.id}/messages", json=body) as answer:
                assert answer.status == 200  # unchecked: the stand-in's own limits have nothing against it
            assert not standin.violations


class GameView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.add_item(discord.ui.Button(label="Roll", style=discord.ButtonStyle.success, custom_id="ludo:g:1:roll",
                                        emoji="🎲"))
        self.add_item(discord.ui.Button(label="Rules", style=discord.ButtonStyle.link, url="https://example.com/r"))
        self.add_item(discord.ui.Button(label="Token 2: 14 -> 20", custom_id="ludo:g:1:t2", disabled=True, row=1))
        select: discord.ui.Select[GameView] = discord.ui.Select(custom_id="ludo:g:1:pick", placeholder="Pick", row=2,
                                                                options=[discord.SelectOption(label="A", value="a",
                                                                                              description="first")])
        self.add_item(select)


class Played(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"ludo:g:(?P<n>\d+):roll"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Roll", custom_id=f"ludo:g:{n}:roll"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: Any, /) -> Played:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.n == 1:  # UPDATE_MESSAGE with a new board and view
            await interaction.response.edit_message(content="rolled a 6", attachments=[png()], view=GameView(),
                                                    embed=discord.Embed(title="Turn 2", colour=0x3366FF))
        else:  # DEFERRED_UPDATE_MESSAGE, then the edit through the interaction's webhook
            await interaction.response.defer()
            await interaction.edit_original_response(content="later", attachments=[png("b2.png")], view=None)


class Named(discord.ui.Modal, title="Name your game"):
    name: discord.ui.TextInput[Named] = discord.ui.TextInput(label="Name", custom_id="game-name", max_length=50,
                                                             placeholder="Friday game", required=False)

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        await interaction.response.send_message(f"named {self.name.value}", ephemeral=True)


class Localized(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        return f"{string.message}-de" if locale is discord.Locale.german else None


def payload_bot(errors: list[discord.HTTPException]) -> commands.Bot:
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    ludo = app_commands.Group(name="ludo", description="Play Ludo", default_permissions=discord.Permissions(32),
                              guild_only=True)

    @ludo.command(name="start", description="Opens a lobby")
    @app_commands.describe(seats="How many seats", preset="Rules")
    @app_commands.choices(preset=[app_commands.Choice(name="Classic", value="classic")])
    async def start(interaction: discord.Interaction[Any], seats: app_commands.Range[int, 2, 4] = 4,
                    preset: str = "classic", player: discord.Member | None = None) -> None:
        await interaction.response.send_message(
            f"Ludo lobby ({seats}, {preset}) <@{interaction.user.id}>", view=GameView(), file=png(),
            embed=discord.Embed(title="Lobby", description="Join!").set_footer(text="ludo"),
            allowed_mentions=discord.AllowedMentions(users=[interaction.user], roles=False, everyone=False))

    @ludo.command(name="board", description="Defers, posts in the channel, follows up")
    async def board(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        posted = await interaction.channel.send("the board", file=png(), view=GameView(),
                                                allowed_mentions=discord.AllowedMentions.none())
        await posted.edit(content="the board, again", attachments=[png("b1.png", "Turn 1")], view=GameView())
        await interaction.followup.send("see above", file=png("b3.png"), view=GameView())  # fills "thinking"
        await interaction.followup.send(embeds=[discord.Embed(title="x")], silent=True)
        await interaction.edit_original_response(content="done", attachments=[])

    @ludo.command(name="name", description="Asks for a name")
    async def name(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(Named(timeout=None))

    @ludo.command(name="long", description="Sends a message Discord refuses")
    async def long(interaction: discord.Interaction[Any]) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            errors.append(exc)
            interaction.response._response_type = None
            await interaction.response.send_message("too long, refused", ephemeral=True)

    bot.tree.add_command(ludo)
    bot.add_dynamic_items(Played)

    async def setup_hook() -> None:
        await bot.tree.set_translator(Localized())

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def test_what_discord_py_sends_passes_the_schema(standin: StandIn, bots: BotRunner) -> None:
    alice = standin.add_user("alice")
    bot = await bots.start(payload_bot([]))
    synced = await bot.tree.sync()  # PUT with localizations, choices, ranges, default_member_permissions
    command = next(iter(standin.commands[None].values()))
    assert [c.name for c in synced] == ["ludo"] and command["name_localizations"] == {"de": "ludo-de"}
    assert str(command["default_member_permissions"]) == "32"

    started = await standin.slash(alice, standin.channel, "ludo", "start", options={"seats": 3, "player": alice})
    lobby = await started.response()  # CHANNEL_MESSAGE_WITH_SOURCE with a file, an embed, a view, allowed_mentions
    assert lobby.type == 4 and lobby.files[0].description == "The board" and lobby.message is not None
    updated = await standin.click(alice, lobby.message, "ludo:g:1:roll")
    assert (await updated.response()).type == 7 and lobby.message.content == "rolled a 6"  # UPDATE_MESSAGE

    board = await standin.slash(alice, standin.channel, "ludo", "board")
    assert (await board.response()).type == 5
    await standin.wait_until(lambda: board.original is not None and board.original.content == "done",
                             what="the deferred board")
    posted = next(m for m in standin.messages(standin.channel) if m.interaction is None)
    assert posted.content == "the board, again" and posted.attachments[0].description == "Turn 1"
    assert len(board.followups) == 2 and board.followups[1].embeds[0]["title"] == "x"

    second = await standin.say(alice, standin.channel, "second game")
    second.author, second.components = standin.bot_user, [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Roll", "custom_id": "ludo:g:2:roll"}]}]
    deferred = await standin.click(alice, second, "ludo:g:2:roll")
    assert (await deferred.response()).type == 6  # DEFERRED_UPDATE_MESSAGE, then an edit through the webhook
    await standin.wait_until(lambda: second.content == "later", what="the deferred edit")

    opened = await standin.slash(alice, standin.channel, "ludo", "name")
    shown = await opened.response()
    assert shown.type == 9 and shown.modal is not None  # MODAL
    submitted = await standin.submit_modal(alice, opened, {"game-name": "Friday"})
    assert (await submitted.response()).content == "named Friday"
    assert not standin.violations  # the standin fixture also fails the test on any left over


def test_what_the_check_costs_stays_small() -> None:
    """Not a benchmark: a guard against a validator gone quadratic (the load benchmark sends ~300 bodies a
    second through it)."""
    operations = openapi.load()
    assert operations is not None
    body = {"type": 7, "data": {"content": "It is <@1>'s turn", "attachments": [{"id": 0, "description": "board"}],
                                "components": [{"type": 1, "components": [button(custom_id=f"ludo:g:1:{n}")
                                                                         for n in range(5)]}] * 5,
                                "embeds": [], "allowed_mentions": {"parse": [], "users": ["1"]}}}
    assert operations.validate("POST", "/interactions/{}/{}/callback", body) == []
    started = time.perf_counter()
    for _ in range(200):
        operations.validate("POST", "/interactions/{}/{}/callback", body)
    assert (time.perf_counter() - started) / 200 < 0.005
