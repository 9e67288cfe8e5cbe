"""The REST half of the stand-in: the HTTP endpoints discord.py calls, answered like Discord would (the endpoints are
in application.py, channels.py and callbacks.py).

Every request passes the middleware: it is logged (`RequestLog`), its token checked, its rate limits applied
(ratelimits.py), its body held to Discord's OpenAPI description (openapi.py); every refusal is a Discord-shaped
JSON error (wire.py), and those caused by the bot breaking a rule are also recorded as violations.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .. import openapi
from ..broadcast import Broadcaster
from ..interactions import Interactions
from ..limits import FieldError
from ..posting import Posting
from ..ratelimits import API_PREFIX, Limiter
from ..settings import Settings
from ..signals import Violations
from ..wire import DiscordError, parse_body
from ..world import World
from .application import ApplicationEndpoints
from .callbacks import CallbackEndpoints
from .channels import ChannelEndpoints
from .handlers import Handlers

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass
class RequestLog:
    method: str
    path: str
    query: dict[str, str]
    at: float
    body: Any = None
    files: list[str] = field(default_factory=list)
    status: int = 0
    code: int = 0  # Discord's JSON error code of a refusal (10008 Unknown Message, 50013 Missing Permissions, ...)

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}" + (f" {self.code}" if self.code else "")


class RestApi(Handlers):
    """The middleware every request passes, and the route table of the endpoints."""

    def __init__(self, world: World, posting: Posting, broadcaster: Broadcaster, interactions: Interactions,
                 violations: Violations, settings: Settings, limiter: Limiter) -> None:
        super().__init__(world, posting, broadcaster, interactions, violations, settings)
        self.limiter = limiter
        self.requests: list[RequestLog] = []
        parts = (world, posting, broadcaster, interactions, violations, settings)
        self.application = ApplicationEndpoints(*parts)
        self.channels = ChannelEndpoints(*parts)
        self.callbacks = CallbackEndpoints(*parts)

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/" or not request.path.startswith("/api/"):
            return await handler(request)
        settings = self.settings
        now = time.monotonic()
        entry = RequestLog(request.method, request.path, dict(request.query), now)
        self.requests.append(entry)
        headers: dict[str, str] = {}
        try:
            needs_auth = "/interactions/" not in request.path and "/webhooks/" not in request.path
            if needs_auth and request.headers.get("Authorization") != f"Bot {settings.token}":
                self.violations.record("unauthorized", f"{request.method} {request.path} without the bot token",
                                       route=request.path)
                raise DiscordError(401, 0, "401: Unauthorized")
            template = self._template(request)
            refused: web.Response | None = None
            if template is not None:
                rule = self.limiter.rule(request.method, template)
                headers, refused = self.limiter.admit(rule, request.match_info, f"{request.method} {request.path}",
                                                   enforce=settings.rate_limits, now=now)
            if refused is not None:
                response: web.StreamResponse = refused
            else:
                if template is not None and settings.schema_checks:
                    await self._check_schema(request, template)
                response = await handler(request)
        except DiscordError as error:
            response = error.response()
            entry.code = error.code
        except web.HTTPException:
            raise
        except Exception as exc:  # a bug in the stand-in: fail the test, but answer 400 (a 500 makes discord.py retry)
            self.violations.record("standin-error", f"{request.method} {request.path} crashed the stand-in: "
                                   f"{traceback.format_exc()}", route=request.path)
            response = DiscordError(400, 0, f"stand-in error: {exc!r}").response()
        response.headers.update(headers)
        entry.status = response.status
        if self.limiter.note_status(response.status, now, limit=settings.invalid_request_limit,
                                    window=settings.invalid_request_window):
            self.violations.record("invalid-requests", f"more than {settings.invalid_request_limit} responses of 401, "
                                   f"403 or 429 within {settings.invalid_request_window:g} s: Discord bans the address",
                                   route=request.path)
        self.world.changes.notify()
        return response

    def _template(self, request: web.Request) -> str | None:
        """The matched route's path template (/api/v{version}/channels/{channel_id}/messages), None for paths the
        stand-in does not serve."""
        route = request.match_info.route
        if route.handler == self.unknown or route.resource is None:
            return None
        return route.resource.canonical

    async def _check_schema(self, request: web.Request, template: str) -> None:
        """Refuse a body that Discord's OpenAPI description does not allow, as Discord refuses it (50035)."""
        if request.method in ("GET", "DELETE"):
            return
        operations = openapi.load()
        check = None if operations is None else operations.check(request.method, template.removeprefix(API_PREFIX))
        if check is None:
            return
        body, _ = await parse_body(request)
        if body is None:
            return
        errors: list[FieldError] = []
        check(body, (), errors)
        if errors:
            record = self.interactions.by_token.get(request.match_info.get("token", ""))
            raise self._refuse("schema", DiscordError(400, 50035, "Invalid Form Body", errors), request, record)

    def routes(self) -> list[web.RouteDef]:
        api = r"/api/v{version:\d+}"
        wh = api + "/webhooks/{app}/{token}"
        reaction = api + "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"
        app, channels, callbacks = self.application, self.channels, self.callbacks
        return [
            web.get(api + "/gateway", app.get_gateway),
            web.get(api + "/gateway/bot", app.get_gateway_bot),
            web.get(api + "/users/@me", app.get_me),
            web.post(api + "/users/@me/channels", app.create_dm),
            web.get(api + "/users/{user_id}", app.get_user),
            web.get(api + "/oauth2/applications/@me", app.get_application),
            web.get(api + "/applications/@me", app.get_application),
            web.get(api + "/applications/{app}/commands", app.get_commands),
            web.put(api + "/applications/{app}/commands", app.put_commands),
            web.post(api + "/applications/{app}/commands", app.post_command),
            web.get(api + "/applications/{app}/guilds/{guild_id}/commands", app.get_commands),
            web.put(api + "/applications/{app}/guilds/{guild_id}/commands", app.put_commands),
            web.post(api + "/applications/{app}/guilds/{guild_id}/commands", app.post_command),
            web.get(api + "/channels/{channel_id}", channels.get_channel),
            web.patch(api + "/channels/{channel_id}", channels.edit_channel),
            web.get(api + "/channels/{channel_id}/messages", channels.list_messages),
            web.post(api + "/channels/{channel_id}/messages", channels.create_message),
            web.get(api + "/channels/{channel_id}/messages/{message_id}", channels.get_message),
            web.post(api + "/channels/{channel_id}/messages/bulk-delete", channels.bulk_delete),
            web.patch(api + "/channels/{channel_id}/messages/{message_id}", channels.edit_message),
            web.delete(api + "/channels/{channel_id}/messages/{message_id}", channels.delete_message),
            web.put(reaction, channels.add_reaction),
            web.delete(reaction, channels.remove_reaction),
            web.post(api + "/channels/{channel_id}/typing", channels.typing),
            web.post(api + "/channels/{channel_id}/threads", channels.create_thread),
            web.post(api + "/channels/{channel_id}/messages/{message_id}/threads", channels.create_thread),
            web.get(api + "/channels/{channel_id}/thread-members/{user_id}", channels.get_thread_member),
            web.put(api + "/channels/{channel_id}/thread-members/{user_id}", channels.add_thread_member),
            web.delete(api + "/channels/{channel_id}/thread-members/{user_id}", channels.remove_thread_member),
            web.get(api + "/guilds/{guild_id}", app.get_guild),
            web.get(api + "/guilds/{guild_id}/channels", app.get_guild_channels),
            web.get(api + "/guilds/{guild_id}/roles", app.get_guild_roles),
            web.get(api + "/guilds/{guild_id}/members/{user_id}", app.get_guild_member),
            web.post(api + "/interactions/{interaction_id}/{token}/callback", callbacks.interaction_callback),
            web.post(wh, callbacks.followup),
            web.get(wh + "/messages/{message_id}", callbacks.get_webhook_message),
            web.patch(wh + "/messages/{message_id}", callbacks.edit_webhook_message),
            web.delete(wh + "/messages/{message_id}", callbacks.delete_webhook_message),
            web.route("*", "/api/{tail:.*}", self.unknown),
        ]

    async def unknown(self, request: web.Request) -> web.Response:
        self.violations.record("unsupported-endpoint",
                               f"the stand-in does not implement {request.method} {request.path}", route=request.path)
        raise DiscordError(404, 0, "404: Not Found")
