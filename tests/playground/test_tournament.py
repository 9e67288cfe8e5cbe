"""A tournament in the playground through the page's server, as the page acts (tests/playground/test_browser.py plays
one in Chromium): its members sign up with the sign-up's Join, the organiser starts it, the tables' threads are
listed under their channel and linked from the standing, a table's players are the mentions the page badges, every
table is played in its thread, and the champion's announcement and the standing's picture, edited in place, are
what the page serves."""

from __future__ import annotations

import re

import aiohttp

from ludo_bot.playground.standin import Channel, Message
from ludo_bot.playground.world import Playground
from tests.bot.helpers import live_message, settle, to_act
from tests.playground.conftest import CROWD
from tests.playground.helpers import PNG_MAGIC, Json, command, member, post, state

MAX_CLICKS = 400  # a table's clicks at most (a star game of two turns each takes a few dozen)


def buttons(message: Json) -> dict[str, str]:
    """A message's buttons as the page draws them: label -> custom_id."""
    return {c["label"]: c["custom_id"] for row in message["components"] for c in row["components"]
            if c.get("custom_id")}


async def press(http: aiohttp.ClientSession, play: Playground, name: str, message: Json, custom_id: str) -> bool:
    """`name` presses a button as the page sends it; whether the bot answered publicly (in time, checked)."""
    answer = await post(http, play, "/api/click", {"member": member(play, name), "message": message["id"],
                                                   "custom_id": custom_id})
    record = play.standin.interactions[int(answer["id"])]
    response = await record.response()
    assert response.elapsed < 3.0, f"{record!r} answered after {response.elapsed:.2f} s"
    assert play.bot is not None
    await settle(play.bot)
    return record.response_record is not None and not record.response_record.ephemeral


async def shown(http: aiohttp.ClientSession, play: Playground, name: str, channel: Channel,
                message: Message) -> Json:
    """`message` as the page shows it to `name` in `channel`."""
    found: list[Json] = [m for m in (await state(http, play, name, channel.id))["messages"]
                         if m["id"] == str(message.id)]
    assert found, f"{name} does not see {message!r}"
    return found[0]


async def play_table(http: aiohttp.ClientSession, play: Playground, thread: Channel) -> None:
    """The table's game played to its end in its thread: the member whose turn it is presses its first game button,
    until the game's buttons are gone."""
    for _ in range(MAX_CLICKS):
        live = live_message(play.standin, thread)
        if live is None:
            return
        player = to_act(play.standin, live).username
        seen = await shown(http, play, player, thread, live)
        game = [c for c in buttons(seen).values() if c.startswith("ludo:g:")]
        assert await press(http, play, player, seen, game[0]), f"{player}'s move was refused"
    raise AssertionError(f"{thread.name} did not end within {MAX_CLICKS} clicks")


async def tables(play: Playground, count: int, after: int = 0) -> list[Channel]:
    """The next `count` table threads of #general, once each shows its game."""
    def ready() -> list[Channel] | None:
        threads = sorted(play.standin.threads(play.standin.channel), key=lambda t: t.id)[after:]
        if len(threads) < count or any(live_message(play.standin, t) is None for t in threads[:count]):
            return None
        return threads[:count]

    return await play.standin.wait_until(ready, timeout=20.0, what=f"{count} tables")


async def test_a_knockout_of_six_members_and_ai_seats_plays_to_its_champion_in_the_page(
        crowd: Playground, http: aiohttp.ClientSession) -> None:
    standin, general = crowd.standin, crowd.standin.channel
    await command(http, crowd, "alice", "tournament create", format="knockout", preset="star", turn_limit="2",
                  fill_with_ai="true")
    signup = await standin.wait_for_message(general, lambda m: "Ludo tournament" in m.content, include_existing=True)
    for joining in crowd.members:
        seen = await shown(http, crowd, joining.username, general, signup)
        assert await press(http, crowd, joining.username, seen, buttons(seen)["Join"])
    assert f"**Players ({CROWD}/64)**" in signup.content
    seen = await shown(http, crowd, "alice", general, signup)
    assert await press(http, crowd, "alice", seen, buttons(seen)["Start"])

    first = await tables(crowd, 2)
    assert [t.name for t in first] == ["Round 1 · table 1", "Round 1 · table 2"]
    await standin.wait_until(lambda: all(f"<#{t.id}>" in signup.content for t in first), what="the tables' links")
    page = await state(http, crowd, "alice")
    listed = [(c["name"], c["parent"]) for c in page["channels"] if not c["group"]]
    assert listed == [("general", None), *((t.name, str(general.id)) for t in first)]  # under their channel
    for thread in first:  # its three players were notified there (the page badges it for each), the AI was not
        intro = standin.messages(thread)[0]
        assert "and 1 AI player" in intro.content
        pinged = next(c for c in page["channels"] if c["id"] == str(thread.id))["pings"]
        assert set(pinged) == {str(u) for u in intro.notified} and len(pinged) == 3
        waiting = to_act(standin, live_message(standin, thread) or intro)
        assert int(pinged[str(waiting.id)]) >= intro.id  # the newest mention of the player to act
    for thread in first:
        await play_table(http, crowd, thread)

    (final,) = await tables(crowd, 1, after=2)
    assert final.name == "Final · table 1"
    await standin.wait_until(lambda: f"<#{final.id}>" in signup.content and "**Final**" in signup.content,
                             what="the standing's final")
    await play_table(http, crowd, final)

    announced = await standin.wait_for_message(general, lambda m: "is the champion" in m.content,
                                               include_existing=True)
    champion = standin.users[int(re.findall(r"<@(\d+)>", announced.content)[0])]
    assert champion in crowd.members and announced.notified == {champion.id}
    await standin.wait_until(lambda: "Champion" in signup.content, what="the standing's champion")
    page = await state(http, crowd, champion.username)
    assert [m["id"] for m in page["messages"]] == [str(signup.id), str(announced.id)]  # the channel stays readable
    standing, announcement = page["messages"]
    assert standing["edited"] and f"🏆 Champion: **{champion.global_name}**!" in standing["content"]
    for message in (standing, announcement):  # the final picture, served as Discord's CDN would
        picture = message["attachments"][0]
        assert picture["filename"] == "standing.png" and picture["width"] > 0
        async with http.get(crowd.url + picture["url"].lstrip("/")) as response:
            assert response.status == 200 and (await response.read()).startswith(PNG_MAGIC)
