"""The playground's server without a browser: the commands it offers are the ones the bot registered, what each
member sees of a channel (private answers only to their member, threads reachable, files served), the long poll
answering at once on a change, and what Discord's client would not send refused with a reason; another site's page,
or one rebound to the playground's address, neither acts nor reads."""

from __future__ import annotations

import asyncio
import json
import time

import aiohttp
import pytest
from discord import app_commands

from ludo_bot.playground.guard import host_allowed
from ludo_bot.playground.standin import Message
from ludo_bot.playground.world import MANAGER, MEMBERS, Playground
from tests.playground.helpers import PNG_MAGIC, command, get, member, post, state


async def lobby_of(play: Playground) -> Message:
    return await play.standin.wait_for_message(play.standin.channel, lambda m: "Ludo lobby" in m.content,
                                               include_existing=True)


async def test_the_page_offers_the_commands_the_bot_registered(play: Playground, http: aiohttp.ClientSession) -> None:
    world = await get(http, play, "/api/world")
    assert [m["username"] for m in world["members"]] == list(MEMBERS)
    assert play.bot is not None
    (group,) = [c for c in play.bot.tree.get_commands() if isinstance(c, app_commands.Group)]
    offered = {tuple(c["path"]): c for c in world["commands"] if c["command"] == "ludo"}
    assert set(offered) == {tuple(c.qualified_name.split()[1:]) for c in group.walk_commands()
                            if isinstance(c, app_commands.Command)}
    assert {("tournament", "create"), ("tournament", "standings"), ("tournament", "leave"),
            ("tournament", "cancel")} <= set(offered)  # (a subcommand group: one entry per subcommand)
    start = group.get_command("start")
    assert isinstance(start, app_commands.Command)
    assert [o["name"] for o in offered[("start",)]["options"]] == [p.name for p in start.parameters]
    preset = next(o for o in offered[("start",)]["options"] if o["name"] == "preset")
    assert [c["value"] for c in preset["choices"]] == ["classic", "star", "strict", "twodice"]
    seats = next(o for o in offered[("start",)]["options"] if o["name"] == "seats")
    assert (seats["min_value"], seats["max_value"]) == (2, 4)
    create = {o["name"]: o for o in offered[("tournament", "create")]["options"]}
    assert [c["value"] for c in create["format"]["choices"]] == ["knockout", "swiss"] and create["format"]["required"]
    assert {"preset", "quick", "turn_limit", "max_players", "rounds", "turn_minutes", "fill_with_ai",
            "round_hours"} <= set(create)
    assert (create["max_players"]["min_value"], create["max_players"]["max_value"]) == (2, 64)


async def private_answer(play: Playground, name: str) -> str:
    """The newest private answer to member `name` in #general."""
    user = next(m for m in play.members if m.username == name)
    mine = await play.standin.wait_until(
        lambda: [m for m in play.standin.messages(play.standin.channel, include_ephemeral=True)
                 if m.ephemeral and m.interaction is not None and m.interaction.user is user
                 and m.interaction.describe().startswith("/ludo settings")], what=f"{name}'s private answer")
    return mine[-1].content


async def test_a_member_manages_the_server_so_its_settings_can_be_tried(play: Playground,
                                                                        http: aiohttp.ClientSession) -> None:
    world = await get(http, play, "/api/world")
    assert [m["username"] for m in world["members"] if m["manages"]] == [MANAGER]
    other = next(name for name in MEMBERS if name != MANAGER)
    await command(http, play, other, "settings", language="de")
    assert "manage this server" in await private_answer(play, other)
    await command(http, play, MANAGER, "settings", language="de")
    assert "The bot's messages in this server: **Deutsch**" in await private_answer(play, MANAGER)
    await command(http, play, other, "start", seats="2")
    assert "Ludo-Lobby" in (await play.standin.wait_for_message(
        play.standin.channel, lambda m: not m.ephemeral, include_existing=True)).content


async def test_a_private_answer_is_shown_only_to_its_member(play: Playground, http: aiohttp.ClientSession) -> None:
    await command(http, play, "alice", "start", seats="2", preset="star")
    lobby = await lobby_of(play)
    seen = (await state(http, play, "alice"))["messages"]
    assert [m["id"] for m in seen] == [str(lobby.id)]
    assert seen[0]["interaction"]["command"] == "/ludo start"
    assert "Join" in [c.get("label") for row in seen[0]["components"] for c in row["components"]]
    start = lobby.button(label="Start")
    await post(http, play, "/api/click", {"member": member(play, "bob"), "message": str(lobby.id),
                                          "custom_id": start["custom_id"]})  # only the host may start
    bob = await play.standin.wait_until(
        lambda: [m for m in play.standin.messages(play.standin.channel, include_ephemeral=True) if m.ephemeral],
        what="bob's private answer")
    bobs = (await state(http, play, "bob"))["messages"]
    assert [m["id"] for m in bobs if m["ephemeral"]] == [str(bob[0].id)]
    assert not [m for m in (await state(http, play, "alice"))["messages"] if m["ephemeral"]]


async def test_a_game_shows_its_board_picture_served_by_the_page(play: Playground, http: aiohttp.ClientSession) -> None:
    await command(http, play, "alice", "start", seats="2", preset="star")
    lobby = await lobby_of(play)
    for label in ("Add AI (random)", "Start"):
        await post(http, play, "/api/click", {"member": member(play, "alice"), "message": str(lobby.id),
                                              "custom_id": lobby.button(label=label)["custom_id"]})
        await play.standin.wait_for_edit(lobby, timeout=5.0)
    await play.standin.wait_until(lambda: [m for m in play.standin.messages(play.standin.channel)
                                           if any(a.filename == "board.png" for a in m.attachments)], what="a board")
    boards = [m for m in (await state(http, play, "alice"))["messages"] if m["attachments"]]
    assert boards, "no message with a picture"
    picture = boards[-1]["attachments"][0]
    assert picture["width"] > 0 and picture["height"] > 0
    async with http.get(play.url + picture["url"].lstrip("/")) as response:
        assert response.status == 200 and response.content_type == "image/png"
        assert (await response.read()).startswith(PNG_MAGIC)


async def test_a_game_in_a_thread_is_reachable_from_its_channel(play: Playground,
                                                                 http: aiohttp.ClientSession) -> None:
    await command(http, play, "alice", "start", seats="2", thread="true")
    lobby = await lobby_of(play)
    for label in ("Add AI (random)", "Start"):
        await post(http, play, "/api/click", {"member": member(play, "alice"), "message": str(lobby.id),
                                              "custom_id": lobby.button(label=label)["custom_id"]})
        await play.standin.wait_for_edit(lobby, timeout=5.0)
    (thread,) = await play.standin.wait_until(lambda: play.standin.threads(play.standin.channel), what="a thread")
    await play.standin.wait_for_message(thread, lambda m: bool(m.custom_ids()), include_existing=True)
    general = await state(http, play, "alice")
    assert str(thread.id) in [c["id"] for c in general["channels"] if c["thread"]]
    linked = next(m for m in general["messages"] if m["thread"])
    assert linked["thread"]["id"] == str(thread.id)
    inside = await state(http, play, "alice", thread.id)
    assert inside["channel"]["thread"] and any(m["components"] for m in inside["messages"])


async def test_the_state_answers_as_soon_as_the_channel_changes(play: Playground, http: aiohttp.ClientSession) -> None:
    first = await state(http, play, "alice")
    waiting = asyncio.create_task(get(http, play, "/api/state", channel=str(play.standin.channel.id),
                                      member=member(play, "alice"), digest=first["digest"]))
    await asyncio.sleep(0.3)
    assert not waiting.done()  # nothing changed: the request waits
    began = time.monotonic()
    await command(http, play, "alice", "start", seats="2")
    changed = await asyncio.wait_for(waiting, 5.0)
    assert changed["digest"] != first["digest"]
    assert changed["interactions"][-1]["what"] == "/ludo start"  # the command on its way, then the lobby:
    while not changed["messages"]:
        changed = await asyncio.wait_for(get(http, play, "/api/state", channel=str(play.standin.channel.id),
                                             member=member(play, "alice"), digest=changed["digest"]), 5.0)
    assert "Ludo lobby" in changed["messages"][0]["content"]
    assert time.monotonic() - began < 5.0


@pytest.mark.parametrize(("options", "reason"), [
    ({"seats": "9"}, "seats: between 2 and 4"),
    ({"preset": "chess"}, "preset: choose one of classic, star, strict, twodice"),
    ({"colour": "red"}, "colour is not an option of this command"),
    ({"thread": "maybe"}, "thread: 'maybe' is not a valid value"),
])
async def test_what_discords_client_would_not_send_is_refused_with_a_reason(
        play: Playground, http: aiohttp.ClientSession, options: dict[str, str], reason: str) -> None:
    body = {"member": member(play, "alice"), "channel": str(play.standin.channel.id), "command": "ludo",
            "path": ["start"], "options": options}
    assert (await post(http, play, "/api/command", body, status=400))["error"] == reason
    assert not play.standin.interactions


async def test_a_click_on_no_button_of_the_message_or_as_no_member_is_refused(play: Playground,
                                                                              http: aiohttp.ClientSession) -> None:
    await command(http, play, "alice", "start", seats="2")
    lobby = await lobby_of(play)
    clicks = len(play.standin.interactions)
    forged = await post(http, play, "/api/click", {"member": member(play, "bob"), "message": str(lobby.id),
                                                   "custom_id": "ludo:l:nothing:start"}, status=400)
    assert forged["error"].startswith("no component custom_id='ludo:l:nothing:start'")
    owner = await post(http, play, "/api/click", {"member": str(play.standin.owner.id), "message": str(lobby.id),
                                                  "custom_id": lobby.button(label="Join")["custom_id"]}, status=400)
    assert owner["error"] == "app-owner is not a member you can act as"
    assert len(play.standin.interactions) == clicks


async def test_the_page_shows_a_group_dm_where_a_game_plays_through_interactions(
        play: Playground, http: aiohttp.ClientSession) -> None:
    group = play.standin.channels[play.group.id]
    listed = (await state(http, play, "bob"))["channels"]
    assert {"id": str(group.id), "name": "friends", "group": True}.items() <= next(
        c for c in listed if c["id"] == str(group.id)).items()
    body = {"member": member(play, "alice"), "channel": str(group.id), "command": "ludo", "path": ["start"],
            "options": {"seats": "2"}}
    await post(http, play, "/api/command", body)
    lobby = await play.standin.wait_for_message(group, lambda m: "Ludo lobby" in m.content, include_existing=True)
    seen = (await state(http, play, "bob", group.id))["messages"]
    assert [m["id"] for m in seen] == [str(lobby.id)] and lobby.interaction is not None
    assert not [r for r in play.standin.requests if f"/channels/{group.id}" in r.path]


async def test_the_page_has_an_icon_where_browsers_ask_for_it(play: Playground, http: aiohttp.ClientSession) -> None:
    for path in ("favicon.ico", "static/favicon.svg"):
        async with http.get(play.url + path) as response:
            assert response.status == 200 and response.content_type == "image/svg+xml", path
            assert (await response.text()).startswith("<svg")
    async with http.get(play.url) as page:
        assert 'rel="icon" href="/static/favicon.svg"' in await page.text()


async def test_another_sites_page_cannot_act_through_the_playground(play: Playground,
                                                                    http: aiohttp.ClientSession) -> None:
    """A page elsewhere may send the browser's requests to 127.0.0.1 (a form, a `text/plain` fetch, which need no
    leave): none of them runs a command."""
    body = json.dumps({"member": member(play, MANAGER), "channel": str(play.standin.channel.id), "command": "ludo",
                       "path": ["settings"], "options": {"language": "de"}})
    plain = {"Content-Type": "text/plain"}
    async with http.post(play.url + "api/command", data=body, headers=plain) as response:
        assert response.status == 415 and "JSON" in (await response.json())["error"]
    elsewhere = {"Content-Type": "application/json", "Origin": "https://evil.example"}
    async with http.post(play.url + "api/command", data=body, headers=elsewhere) as response:
        assert response.status == 403 and "another page" in (await response.json())["error"]
    assert not play.standin.interactions
    own = {"Content-Type": "application/json", "Origin": play.url.rstrip("/")}  # the page's own request
    async with http.post(play.url + "api/command", data=body, headers=own) as response:
        assert response.status == 200
    assert len(play.standin.interactions) == 1


async def test_a_page_rebound_to_the_playgrounds_address_reads_nothing(play: Playground,
                                                                       http: aiohttp.ClientSession) -> None:
    """DNS rebinding: a site's name made to resolve to 127.0.0.1; the browser then names that site as the Host."""
    rebound = {"Host": f"evil.example:{play.page.port}"}
    for path in ("", "api/world", f"api/state?channel={play.standin.channel.id}&member={member(play, 'alice')}"):
        async with http.get(play.url + path, headers=rebound) as response:
            assert response.status == 403, path
            assert "its own address" in (await response.json())["error"]
    for host in (f"localhost:{play.page.port}", f"127.0.0.1:{play.page.port}", f"[::1]:{play.page.port}"):
        async with http.get(play.url + "api/world", headers={"Host": host}) as response:
            assert response.status == 200, host


@pytest.mark.parametrize(("host", "told", "allowed"), [
    ("ludo.lan:8080", "ludo.lan", True),  # `--host ludo.lan`: the name it was told
    ("ludo.lan:8080", "0.0.0.0", False),
    ("192.168.1.20:8080", "0.0.0.0", True),  # (in a container: reached by an address, which no rebinding names)
    ("LOCALHOST", "127.0.0.1", True),
    ("", "127.0.0.1", False),
])
def test_the_host_a_request_names_is_an_address_localhost_or_the_one_it_serves(host: str, told: str,
                                                                               allowed: bool) -> None:
    assert host_allowed(host, told) is allowed
