"""Helpers of the playground tests: the page's API as the page calls it (`get`, `post`), a member's view of a channel
(`state`) and their commands (`command`)."""

from __future__ import annotations

from typing import Any

import aiohttp

from ludo_bot.playground.world import Playground
from tests.bot.helpers import PNG_MAGIC

__all__ = ["PNG_MAGIC", "Json", "command", "get", "member", "post", "state"]
Json = dict[str, Any]


async def get(http: aiohttp.ClientSession, play: Playground, path: str, **query: str) -> Json:
    async with http.get(play.url + path.lstrip("/"), params=query) as response:
        assert response.status == 200, await response.text()
        data: Json = await response.json()
        return data


async def post(http: aiohttp.ClientSession, play: Playground, path: str, body: Json, status: int = 200) -> Json:
    async with http.post(play.url + path.lstrip("/"), json=body) as response:
        assert response.status == status, await response.text()
        data: Json = await response.json()
        return data


def member(play: Playground, name: str) -> str:
    return next(str(m.id) for m in play.members if m.username == name)


async def state(http: aiohttp.ClientSession, play: Playground, name: str, channel: int | None = None) -> Json:
    return await get(http, play, "/api/state", channel=str(channel or play.standin.channel.id),
                     member=member(play, name))


async def command(http: aiohttp.ClientSession, play: Playground, name: str, path: str, **options: str) -> Json:
    """`name` runs `/ludo <path>` (a subcommand, or a group's: "tournament create") in #general."""
    body = {"member": member(play, name), "channel": str(play.standin.channel.id), "command": "ludo",
            "path": path.split(), "options": options}
    return await post(http, play, "/api/command", body)
