"""The page's server (aiohttp, on 127.0.0.1): the static page and its JSON, and the members' actions, which go to
the stand-in as Discord's client sends them (`StandIn.slash`, `click`, `select`: the code the tests act through).

    GET  /                      the page (static/index.html, app.js, style.css)
    GET  /favicon.ico           its icon (static/favicon.svg: a die), where browsers ask for one unbidden
    GET  /api/world             the members, the default channel and the registered commands
    GET  /api/state?channel=&member=&digest=   a channel as a member sees it; waits (up to 20 s) while it is the
                                same as the `digest` the page holds (a long poll: the page updates at once)
    POST /api/command {"member", "channel", "command", "path", "options"}
    POST /api/click   {"member", "message", "custom_id"}
    POST /api/select  {"member", "message", "custom_id", "values"}
    GET  /files/{message}/{attachment}          an attachment's bytes (Discord's CDN)

Only the page's own requests are answered (`playground.guard`): another site's page, or one rebound to this
address, is refused.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from aiohttp import web

from ludo_bot.playground import view
from ludo_bot.playground.guard import guard, refused
from ludo_bot.playground.standin import Channel, InteractionRecord, StandIn, User

STATIC = Path(__file__).resolve().parent / "static"
LONG_POLL = 20.0  # seconds a state request waits for a change before answering "the same"
Json = dict[str, Any]


def _digest(data: Json) -> str:
    return hashlib.sha1(json.dumps(data, sort_keys=True).encode(), usedforsecurity=False).hexdigest()


class Page:
    """The web page of a playground: `start(host, port)` serves it (port 0: a free one, then `port`)."""

    def __init__(self, standin: StandIn, members: Sequence[User]) -> None:
        self.standin = standin
        self.members = list(members)
        self.port = 0
        self.host = "127.0.0.1"  # where it serves (`start`): a Host the guard lets through
        self._runner: web.AppRunner | None = None
        self._closing = False

    def app(self) -> web.Application:
        app = web.Application(middlewares=[guard(lambda: self.host)])
        app.router.add_get("/", self.index)
        app.router.add_get("/favicon.ico", self.icon)
        app.router.add_static("/static/", STATIC)
        app.router.add_get("/api/world", self.world)
        app.router.add_get("/api/state", self.state)
        app.router.add_post("/api/command", self.command)
        app.router.add_post("/api/click", self.click)
        app.router.add_post("/api/select", self.select)
        app.router.add_get("/files/{message}/{attachment}", self.file)
        return app

    async def start(self, host: str, port: int) -> None:
        self.host = host
        self._runner = web.AppRunner(self.app(), handle_signals=False, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        self._closing = True  # the long polls answer now, rather than hold the shutdown for up to LONG_POLL
        self.standin.changes.notify()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- reading ------------------------------------------------------------------------------------------------

    async def index(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "index.html")

    async def icon(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "favicon.svg")  # (served as image/svg+xml, by its name)

    async def world(self, request: web.Request) -> web.Response:
        guild = self.standin.guild
        users = {str(u.id): view.user_view(u) for u in self.standin.users.values()}
        return web.json_response({
            "guild": {"id": str(guild.id), "name": guild.name},
            "members": [view.member_view(self.standin, m) for m in self.members],
            "users": users,
            "channel": str(self.standin.channel.id),
            "commands": view.commands(self.standin, guild.id),
        })

    def _member(self, value: Any) -> User:
        try:
            user = self.standin.users[int(value)]
        except (TypeError, ValueError, KeyError):
            raise refused(web.HTTPBadRequest, f"no member {value!r}") from None
        if user not in self.members:
            raise refused(web.HTTPBadRequest, f"{user.username} is not a member you can act as")
        return user

    def _channel(self, value: Any) -> Channel:
        try:
            return self.standin.channels[int(value)]
        except (TypeError, ValueError, KeyError):
            raise refused(web.HTTPNotFound, f"no channel {value!r}") from None

    async def state(self, request: web.Request) -> web.Response:
        channel = self._channel(request.query.get("channel"))
        member = self._member(request.query.get("member"))
        known = request.query.get("digest", "")
        deadline = time.monotonic() + LONG_POLL
        while True:
            current = view.state(self.standin, channel, member)
            digest = _digest(current)
            left = deadline - time.monotonic()
            if digest != known or left <= 0 or self._closing:
                return web.json_response({**current, "digest": digest})
            await self.standin.changes.wait(min(left, 1.0))

    async def file(self, request: web.Request) -> web.Response:
        try:
            message = self.standin.message_log[int(request.match_info["message"])]
            wanted = int(request.match_info["attachment"])
        except (ValueError, KeyError):
            raise web.HTTPNotFound() from None
        for attachment in message.attachments:
            if attachment.id == wanted:
                # an attachment id names one upload for good: the browser may keep it
                return web.Response(body=attachment.data, content_type=attachment.content_type,
                                    headers={"Cache-Control": "max-age=86400, immutable"})
        raise web.HTTPNotFound()

    # -- acting -------------------------------------------------------------------------------------------------

    async def _act(self, request: web.Request, act: Callable[[Json], Awaitable[InteractionRecord]]) -> web.Response:
        try:
            body = await request.json()
            if not isinstance(body, dict):
                raise ValueError("a JSON object is expected")
            record = await act(body)
        except (ValueError, LookupError, TypeError) as error:  # what Discord's client would not let one do
            return web.json_response({"error": str(error).strip("'\"")}, status=400)
        return web.json_response(view.interaction_view(record))

    async def command(self, request: web.Request) -> web.Response:
        async def act(body: Json) -> InteractionRecord:
            member, channel = self._member(body.get("member")), self._channel(body.get("channel"))
            name, path = str(body.get("command", "")), [str(p) for p in body.get("path") or []]
            found = view.find_command(self.standin, channel.guild_id or self.standin.guild.id, name, path)
            values = view.option_values(self.standin, found, body.get("options") or {})
            return await self.standin.slash(member, channel, name, *path, options=values)

        return await self._act(request, act)

    async def click(self, request: web.Request) -> web.Response:
        async def act(body: Json) -> InteractionRecord:
            member = self._member(body.get("member"))
            return await self.standin.click(member, int(body["message"]), str(body["custom_id"]))

        return await self._act(request, act)

    async def select(self, request: web.Request) -> web.Response:
        async def act(body: Json) -> InteractionRecord:
            member = self._member(body.get("member"))
            values = [str(v) for v in body.get("values") or []]
            return await self.standin.select(member, int(body["message"]), str(body["custom_id"]), values)

        return await self._act(request, act)

