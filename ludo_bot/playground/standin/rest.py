"""The REST half of the stand-in: the HTTP endpoints discord.py calls, answered like Discord would.

Every refusal is a Discord-shaped JSON error (status, numeric `code`, `message`, and for form errors the nested
`errors` object); refusals caused by the bot breaking a rule are also recorded as violations.
"""

from __future__ import annotations

import copy
import json
import mimetypes
import re
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import limits, openapi
from .gateway import GUILD_MESSAGES
from .limits import FieldError
from .ratelimits import API_PREFIX
from .records import (
    APPLICATION_COMMAND,
    ATTACH_FILES,
    AUTOCOMPLETE,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DISCORD_EPOCH_MS,
    DM,
    EPHEMERAL,
    GUILD_TEXT,
    IS_COMPONENTS_V2,
    LOADING,
    MANAGE_MESSAGES,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PING,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    Channel,
    InteractionRecord,
    Json,
    Message,
    Response,
)

if TYPE_CHECKING:
    from .server import StandIn

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
BULK_DELETE_MAX_AGE = 14 * 24 * 3600.0
FOLLOWUP_CAP = 5  # Discord: follow-ups per interaction authorized by a user install alone
SETTABLE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2

# Callback types allowed for each interaction type.
ALLOWED_CALLBACKS: dict[int, set[int]] = {
    PING: {1},
    APPLICATION_COMMAND: {4, 5, 9, 12},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9, 12},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}


class DiscordError(Exception):
    """An error answer: raised by handlers, turned into a response by the middleware."""

    def __init__(self, status: int, code: int, message: str, errors: list[FieldError] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors or []

    def response(self) -> web.Response:
        body: Json = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = limits.form_errors(self.errors)
        return json_response(body, status=self.status)

    def describe(self) -> str:
        if not self.errors:
            return f"{self.message} (code {self.code})"
        return f"{self.message} (code {self.code}): " + "; ".join(str(e) for e in self.errors)


def json_response(body: Any, status: int = 200) -> web.Response:
    # discord.py only parses JSON when Content-Type is exactly 'application/json' (no charset).
    return web.Response(body=json.dumps(body).encode(), status=status, content_type="application/json")


def no_content() -> web.Response:
    return web.Response(status=204)


@dataclass
class Upload:
    """A file part of a multipart request (`files[n]`)."""

    index: int
    filename: str
    data: bytes
    content_type: str


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


_BODY: web.RequestKey[tuple[Any, list[Upload]]] = web.RequestKey("standin.body", tuple)


async def parse_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON body as sent (a multipart body's payload_json; None when empty) and the uploaded files, parsed once
    per request (the middleware's schema check and the handler share it)."""
    cached = request.get(_BODY)
    if cached is None:
        cached = request[_BODY] = await _parse(request)
    return cached


async def _parse(request: web.Request) -> tuple[Any, list[Upload]]:
    content_type = request.headers.get("Content-Type", "")
    raw = await request.read()
    if content_type.startswith("multipart/"):
        return _multipart(content_type, raw)
    if not raw:
        return None, []
    try:
        return json.loads(raw), []
    except ValueError as exc:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc


async def read_body(request: web.Request) -> tuple[Json, list[Upload]]:
    body, uploads = await parse_body(request)
    if body is None:
        return {}, uploads
    return (body if isinstance(body, dict) else {"_": body}), uploads


_PARAMETER = re.compile(r'(\w+)="([^"]*)"')  # name="payload_json", filename="board.png"


def _multipart(content_type: str, raw: bytes) -> tuple[Any, list[Upload]]:
    """A multipart/form-data body, split by hand: aiohttp's reader parses every part's headers with the
    email package, which took a third of the load benchmark's stand-in time."""
    boundary = content_type.partition("boundary=")[2].split(";")[0].strip('"')
    if not boundary:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.")
    payload: Any = None
    uploads: list[Upload] = []
    for chunk in raw.split(b"--" + boundary.encode())[1:]:
        if chunk.startswith(b"--"):  # the closing delimiter
            break
        head, _, data = chunk.partition(b"\r\n\r\n")
        parameters = dict(_PARAMETER.findall(head.decode("utf-8", "replace")))
        data = data.removesuffix(b"\r\n")
        name = parameters.get("name", "")
        if name == "payload_json":
            try:
                payload = json.loads(data)
            except ValueError as exc:
                raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc
        elif name.startswith("files[") and name.endswith("]"):
            filename = parameters.get("filename") or f"file{len(uploads)}"
            guessed = mimetypes.guess_type(filename)[0] or "application/octet-stream"
            uploads.append(Upload(int(name[6:-1]), filename, data, guessed))
    return payload, uploads


class RestApi:
    def __init__(self, standin: StandIn) -> None:
        self.s = standin

    # -- plumbing -----------------------------------------------------------------------------------------------

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/" or not request.path.startswith("/api/"):
            return await handler(request)
        s = self.s
        now = time.monotonic()
        entry = RequestLog(request.method, request.path, dict(request.query), now)
        s.requests.append(entry)
        headers: dict[str, str] = {}
        try:
            needs_auth = "/interactions/" not in request.path and "/webhooks/" not in request.path
            if needs_auth and request.headers.get("Authorization") != f"Bot {s.token}":
                s.violation("unauthorized", f"{request.method} {request.path} without the bot token",
                            route=request.path)
                raise DiscordError(401, 0, "401: Unauthorized")
            template = self._template(request)
            refused: web.Response | None = None
            if template is not None:
                rule = s.limiter.rule(request.method, template)
                headers, refused = s.limiter.admit(rule, request.match_info, f"{request.method} {request.path}",
                                                   enforce=s.rate_limits, now=now)
            if refused is not None:
                response: web.StreamResponse = refused
            else:
                if template is not None and s.schema_checks:
                    await self._check_schema(request, template)
                response = await handler(request)
        except DiscordError as error:
            response = error.response()
            entry.code = error.code
        except web.HTTPException:
            raise
        except Exception as exc:  # a bug in the stand-in: fail the test, but answer 400 (a 500 makes discord.py retry)
            s.violation("standin-error", f"{request.method} {request.path} crashed the stand-in: "
                        f"{traceback.format_exc()}", route=request.path)
            response = DiscordError(400, 0, f"stand-in error: {exc!r}").response()
        response.headers.update(headers)
        entry.status = response.status
        if s.limiter.note_status(response.status, now, limit=s.invalid_request_limit,
                                 window=s.invalid_request_window):
            s.violation("invalid-requests", f"more than {s.invalid_request_limit} responses of 401, 403 or 429 "
                        f"within {s.invalid_request_window:g} s: Discord bans the address", route=request.path)
        s.changes.notify()
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
            record = self.s.interactions_by_token.get(request.match_info.get("token", ""))
            raise self._refuse("schema", DiscordError(400, 50035, "Invalid Form Body", errors), request, record)

    def routes(self) -> list[web.RouteDef]:
        api = r"/api/v{version:\d+}"
        wh = api + "/webhooks/{app}/{token}"
        return [
            web.get(api + "/gateway", self.get_gateway),
            web.get(api + "/gateway/bot", self.get_gateway_bot),
            web.get(api + "/users/@me", self.get_me),
            web.post(api + "/users/@me/channels", self.create_dm),
            web.get(api + "/users/{user_id}", self.get_user),
            web.get(api + "/oauth2/applications/@me", self.get_application),
            web.get(api + "/applications/@me", self.get_application),
            web.get(api + "/applications/{app}/commands", self.get_commands),
            web.put(api + "/applications/{app}/commands", self.put_commands),
            web.post(api + "/applications/{app}/commands", self.post_command),
            web.get(api + "/applications/{app}/guilds/{guild_id}/commands", self.get_commands),
            web.put(api + "/applications/{app}/guilds/{guild_id}/commands", self.put_commands),
            web.post(api + "/applications/{app}/guilds/{guild_id}/commands", self.post_command),
            web.get(api + "/channels/{channel_id}", self.get_channel),
            web.patch(api + "/channels/{channel_id}", self.edit_channel),
            web.get(api + "/channels/{channel_id}/messages", self.list_messages),
            web.post(api + "/channels/{channel_id}/messages", self.create_message),
            web.get(api + "/channels/{channel_id}/messages/{message_id}", self.get_message),
            web.post(api + "/channels/{channel_id}/messages/bulk-delete", self.bulk_delete),
            web.patch(api + "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            web.delete(api + "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            web.put(api + "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self.add_reaction),
            web.delete(api + "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                       self.remove_reaction),
            web.post(api + "/channels/{channel_id}/typing", self.typing),
            web.post(api + "/channels/{channel_id}/threads", self.create_thread),
            web.post(api + "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread),
            web.get(api + "/channels/{channel_id}/thread-members/{user_id}", self.get_thread_member),
            web.put(api + "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member),
            web.delete(api + "/channels/{channel_id}/thread-members/{user_id}", self.remove_thread_member),
            web.get(api + "/guilds/{guild_id}", self.get_guild),
            web.get(api + "/guilds/{guild_id}/channels", self.get_guild_channels),
            web.get(api + "/guilds/{guild_id}/roles", self.get_guild_roles),
            web.get(api + "/guilds/{guild_id}/members/{user_id}", self.get_guild_member),
            web.post(api + "/interactions/{interaction_id}/{token}/callback", self.interaction_callback),
            web.post(wh, self.followup),
            web.get(wh + "/messages/{message_id}", self.get_webhook_message),
            web.patch(wh + "/messages/{message_id}", self.edit_webhook_message),
            web.delete(wh + "/messages/{message_id}", self.delete_webhook_message),
            web.route("*", "/api/{tail:.*}", self.unknown),
        ]

    async def unknown(self, request: web.Request) -> web.Response:
        self.s.violation("unsupported-endpoint", f"the stand-in does not implement {request.method} {request.path}",
                         route=request.path)
        raise DiscordError(404, 0, "404: Not Found")

    def _int(self, request: web.Request, key: str) -> int:
        try:
            return int(request.match_info[key])
        except ValueError as exc:
            raise DiscordError(400, 50035, "Invalid Form Body",
                               [FieldError((key,), "NUMBER_TYPE_COERCE", "Value is not snowflake.")]) from exc

    def _channel(self, request: web.Request, *, viewed: bool = True) -> Channel:
        """The channel of a channel endpoint. One the bot is not in (a group DM, a server that never added it) is
        refused whatever the request: 403 Missing Access (code 50001), a "missing-access" violation; so is (with
        `viewed`) a server's channel the bot may not view (a thread: its parent's overwrites), a "forbidden" one. One
        that does not exist (deleted) is 404 Unknown Channel."""
        channel = self.s.channels.get(self._int(request, "channel_id"))
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        if not self.s.bot_can_access(channel):
            raise self._refuse("missing-access", DiscordError(403, 50001, "Missing Access"), request)
        if viewed and channel.guild_id is not None and not self.s.permissions_in(channel, self.s.bot_user.id) \
                & VIEW_CHANNEL:
            raise self._refuse("forbidden", DiscordError(403, 50001, "Missing Access"), request)
        return channel

    def _message(self, request: web.Request, channel: Channel) -> Message:
        message = self.s.message_log.get(self._int(request, "message_id"))
        if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    def _refuse(self, kind: str, error: DiscordError, request: web.Request,
                record: InteractionRecord | None = None) -> DiscordError:
        self.s.violation(kind, error.describe(), route=f"{request.method} {request.path}",
                         interaction_id=None if record is None else record.id)
        if record is not None:
            record.refused.append(error.describe())
        return error

    # -- identity ---------------------------------------------------------------------------------------------

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.s.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return json_response({
            "url": self.s.gateway_url,
            "shards": self.s.recommended_shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1},
        })

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response({**self.s.bot_user.payload(), "verified": True, "mfa_enabled": False, "email": None,
                              "locale": "en-US", "bio": ""})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.s.users.get(self._int(request, "user_id"))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def get_application(self, request: web.Request) -> web.Response:
        s = self.s
        return json_response({
            "id": str(s.application_id),
            "name": s.bot_user.username,
            "icon": None,
            "description": "Ludo bot under test",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": s.application_flags,
            "owner": s.owner.payload(),
            "team": None,
            "bot": s.bot_user.payload(),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(s.guilds),
            "tags": [],
            "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
            "integration_types_config": {"0": {}},
        })

    async def create_dm(self, request: web.Request) -> web.Response:
        """Discord: an unknown recipient is 400 code 50033; the bot itself, or a user who blocked the bot, 400 code
        50007 (not a rule the bot broke: it cannot know before asking). The same user gets the same channel."""
        body, _ = await read_body(request)
        raw = str(body.get("recipient_id"))
        user = self.s.users.get(int(raw)) if raw.isdigit() else None
        if user is None:
            raise DiscordError(400, 50033, "Invalid Recipient(s)")
        if user is self.s.bot_user or user.dms == "blocked":
            raise DiscordError(400, 50007, "Cannot send messages to this user")
        channel = self.s.dm_channel(user)
        return json_response(channel.payload())

    # -- application commands -----------------------------------------------------------------------------------

    def _check_app(self, request: web.Request) -> int | None:
        if self._int(request, "app") != self.s.application_id:
            raise DiscordError(403, 50001, "Missing Access")
        if "guild_id" not in request.match_info:
            return None
        guild_id = self._int(request, "guild_id")
        if guild_id not in self.s.guilds:
            raise DiscordError(403, 50001, "Missing Access")
        return guild_id

    async def get_commands(self, request: web.Request) -> web.Response:
        guild_id = self._check_app(request)
        return json_response(list(self.s.commands.get(guild_id, {}).values()))

    async def put_commands(self, request: web.Request) -> web.Response:
        guild_id = self._check_app(request)
        raw, _ = await parse_body(request)
        commands: list[Json] = raw if isinstance(raw, list) else []
        errors = limits.check_commands(commands)
        if errors:
            raise self._refuse("invalid-commands", DiscordError(400, 50035, "Invalid Form Body", errors), request)
        existing = {(c.get("type", 1), c["name"]): c for c in self.s.commands.get(guild_id, {}).values()}
        stored: dict[int, Json] = {}
        for command in commands:
            old = existing.get((command.get("type", 1), command["name"]))
            stored_command = self.s.command_payload(command, guild_id, None if old is None else int(old["id"]))
            stored[int(stored_command["id"])] = stored_command
        self.s.commands[guild_id] = stored
        return json_response(list(stored.values()))

    async def post_command(self, request: web.Request) -> web.Response:
        guild_id = self._check_app(request)
        raw, _ = await parse_body(request)
        command: Json = raw if isinstance(raw, dict) else {}
        errors = limits.check_commands([command])
        if errors:
            raise self._refuse("invalid-commands", DiscordError(400, 50035, "Invalid Form Body", errors), request)
        scope = self.s.commands.setdefault(guild_id, {})
        old = next((c for c in scope.values() if c["name"] == command["name"]
                    and c.get("type", 1) == command.get("type", 1)), None)
        stored = self.s.command_payload(command, guild_id, None if old is None else int(old["id"]))
        scope[int(stored["id"])] = stored
        return json_response(stored, status=200 if old else 201)

    # -- guilds and channels ------------------------------------------------------------------------------------

    def _guild(self, request: web.Request) -> Any:
        guild = self.s.guilds.get(self._int(request, "guild_id"))
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        payload = self.s.guild_create_payload(guild, None)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key, None)
        return json_response(payload)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([self.s.channels[c].payload() for c in guild.channel_ids
                              if not self.s.channels[c].is_thread])

    async def get_guild_roles(self, request: web.Request) -> web.Response:
        return json_response([r.payload() for r in self._guild(request).roles.values()])

    async def get_guild_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        member = guild.members.get(self._int(request, "user_id"))
        if member is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response(member.payload())

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request, viewed=False)  # (asking of a hidden channel is no violation)
        if channel.guild_id is not None and not self.s.permissions_in(channel, self.s.bot_user.id) & VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        return json_response(channel.payload(bot_id=self.s.bot_user.id))

    async def edit_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, _ = await read_body(request)
        if "name" in body:
            if not isinstance(body["name"], str) or not 1 <= len(body["name"]) <= limits.MAX_THREAD_NAME:
                raise self._refuse("invalid-body", DiscordError(400, 50035, "Invalid Form Body", [
                    FieldError(("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")]), request)
            channel.name = body["name"]
        if channel.is_thread:
            channel.archived = bool(body.get("archived", channel.archived))
            channel.locked = bool(body.get("locked", channel.locked))
            channel.auto_archive_duration = int(body.get("auto_archive_duration", channel.auto_archive_duration))
        payload = channel.payload(bot_id=self.s.bot_user.id)
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self.s.broadcast(channel.guild_id, event, payload, intent=1)
        return json_response(payload)

    async def create_thread(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, _ = await read_body(request)
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= limits.MAX_THREAD_NAME:
            raise self._refuse("invalid-body", DiscordError(400, 50035, "Invalid Form Body", [
                FieldError(("name",), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")]), request)
        if channel.type != GUILD_TEXT:
            error = DiscordError(400, 50024, "Cannot execute action on this channel type")
            raise self._refuse("invalid-request", error, request)
        message: Message | None = None
        if "message_id" in request.match_info:
            message = self._message(request, channel)
            thread_type = PUBLIC_THREAD
        else:
            thread_type = int(body.get("type") or PRIVATE_THREAD)
        needed = CREATE_PUBLIC_THREADS if thread_type == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
        if channel.guild_id is not None and not self.s.permissions_in(channel, self.s.bot_user.id) & needed:
            raise self._refuse("forbidden", DiscordError(403, 50013, "Missing Permissions"), request)
        if message is not None and message.thread_id is not None:
            raise self._refuse("invalid-request", DiscordError(
                400, 160004, "A thread has already been created for this message"), request)
        thread = self.s.add_thread(channel, name, thread_type, message=message,
                                   auto_archive_duration=int(body.get("auto_archive_duration") or 1440))
        payload = thread.payload(bot_id=self.s.bot_user.id)
        await self.s.broadcast(channel.guild_id, "THREAD_CREATE", {**payload, "newly_created": True}, intent=1)
        if message is not None:
            await self.s.broadcast_message("MESSAGE_UPDATE", message)
        return json_response(payload, status=201)

    async def get_thread_member(self, request: web.Request) -> web.Response:
        """A user's membership of a thread the bot can view (the members intent is not needed for one user): 404
        Unknown Member when they are not in it. (The stand-in keeps no time of joining: the thread's creation.)"""
        channel = self._channel(request)
        if not channel.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if not self.s.permissions_in(channel, self.s.bot_user.id) & VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        user_id = self._int(request, "user_id")
        if user_id not in channel.member_ids:
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response({"id": str(channel.id), "user_id": str(user_id), "join_timestamp": channel.created_at,
                              "flags": 0})

    async def add_thread_member(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if not channel.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        raw = request.match_info["user_id"]
        user_id = self.s.bot_user.id if raw == "@me" else self._int(request, "user_id")
        if user_id not in self.s.users:
            raise DiscordError(404, 10013, "Unknown User")
        channel.member_ids.add(user_id)
        return no_content()

    async def remove_thread_member(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        raw = request.match_info["user_id"]
        user_id = self.s.bot_user.id if raw == "@me" else self._int(request, "user_id")
        channel.member_ids.discard(user_id)
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    # -- channel messages ---------------------------------------------------------------------------------------

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        messages = [m for m in self.s.messages(channel)]
        query = request.query
        if "before" in query:
            messages = [m for m in messages if m.id < int(query["before"])]
        if "after" in query:
            messages = [m for m in messages if m.id > int(query["after"])]
        limit = min(int(query.get("limit", 50)), 100)
        selected = messages[:limit] if "after" in query else messages[-limit:]
        selected.sort(key=lambda m: m.id, reverse=True)
        return json_response([m.payload(self.s) for m in selected])

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return json_response(self._message(request, channel).payload(self.s))

    def _check_send_permission(self, channel: Channel, uploads: list[Upload], request: web.Request) -> None:
        if channel.type == DM:
            self._check_dm(channel)
            return
        if channel.guild_id is None:
            return
        perms = self.s.permissions_in(channel, self.s.bot_user.id)
        needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        if uploads:
            needed |= ATTACH_FILES
        if perms & needed != needed:
            raise self._refuse("forbidden", DiscordError(403, 50013, "Missing Permissions"), request)
        if channel.is_thread and channel.locked:
            raise self._refuse("forbidden", DiscordError(400, 50083, "Thread is archived"), request)

    def _check_dm(self, channel: Channel) -> None:
        """Discord refuses a DM (403 code 50007) to a user whose settings refuse DMs from server members, who
        blocked the bot, or who shares no server with it. Not a violation: the bot cannot know before sending."""
        for user in channel.recipients:
            shares = any(user.id in guild.members for guild in self.s.guilds.values() if guild.bot_member)
            if user.dms != "open" or not shares:
                raise DiscordError(403, 50007, "Cannot send messages to this user")

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, uploads = await read_body(request)
        self._check_send_permission(channel, uploads, request)
        try:
            message = self.s.create_message(channel, body, uploads, author=self.s.bot_user,
                                            flags=int(body.get("flags") or 0) & (SETTABLE_FLAGS & ~EPHEMERAL))
        except DiscordError as error:
            raise self._refuse("invalid-body", error, request) from None
        if channel.is_thread and channel.archived:
            channel.archived = False
        await self.s.broadcast_message("MESSAGE_CREATE", message)
        return json_response(message.payload(self.s))

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        body, uploads = await read_body(request)
        if message.author is not self.s.bot_user:
            raise self._refuse("forbidden", DiscordError(403, 50005, "Cannot edit a message authored by another user"),
                               request)
        try:
            self.s.edit_message(message, body, uploads)
        except DiscordError as error:
            raise self._refuse("invalid-body", error, request) from None
        await self.s.broadcast_message("MESSAGE_UPDATE", message)
        return json_response(message.payload(self.s))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        await self.s.delete_message(message)
        return no_content()

    async def bulk_delete(self, request: web.Request) -> web.Response:
        """Discord: MANAGE_MESSAGES, 2 to 100 distinct ids, none older than 14 days; unknown ids are skipped."""
        channel = self._channel(request)
        body, _ = await read_body(request)
        if channel.guild_id is None:
            raise self._refuse("invalid-request", DiscordError(403, 50003, "Cannot execute action on a DM channel"),
                               request)
        if not self.s.permissions_in(channel, self.s.bot_user.id) & MANAGE_MESSAGES:
            raise self._refuse("forbidden", DiscordError(403, 50013, "Missing Permissions"), request)
        raw = body.get("messages")
        ids = [int(i) for i in raw if str(i).isdigit()] if isinstance(raw, list) else []
        if not 2 <= len(ids) <= 100 or len(set(ids)) != len(ids) or len(ids) != len(raw or []):
            raise self._refuse("invalid-body", DiscordError(400, 50035, "Invalid Form Body", [FieldError(
                ("messages",), "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 100 distinct message ids.")]), request)
        oldest = (time.time() - BULK_DELETE_MAX_AGE) * 1000 - DISCORD_EPOCH_MS
        if any((i >> 22) < oldest for i in ids):
            raise self._refuse("invalid-request", DiscordError(
                400, 50034, "You can only bulk delete messages that are under 14 days old."), request)
        gone = [m for m in (self.s.message_log.get(i) for i in ids)
                if m is not None and m.channel_id == channel.id and not m.deleted and not m.ephemeral]
        for message in gone:
            message.deleted = True
        self.s.changes.notify()
        if gone:
            await self.s.broadcast(channel.guild_id, "MESSAGE_DELETE_BULK", {
                "ids": [str(m.id) for m in gone], "channel_id": str(channel.id), "guild_id": str(channel.guild_id),
            }, intent=GUILD_MESSAGES)
        return no_content()

    async def add_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        message.reactions.setdefault(request.match_info["emoji"], set()).add(self.s.bot_user.id)
        return no_content()

    async def remove_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        message.reactions.get(request.match_info["emoji"], set()).discard(self.s.bot_user.id)
        return no_content()

    # -- interactions -------------------------------------------------------------------------------------------

    async def interaction_callback(self, request: web.Request) -> web.Response:
        s = self.s
        record = s.interactions.get(self._int(request, "interaction_id"))
        if record is None or record.token != request.match_info["token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        body, uploads = await read_body(request)
        received = time.monotonic()
        if record.failed:
            raise self._refuse("late-response", DiscordError(404, 10062, "Unknown interaction"), request, record)
        if record.responded:
            raise self._refuse("already-acknowledged",
                               DiscordError(400, 40060, "Interaction has already been acknowledged."), request, record)
        kind = body.get("type")
        if not isinstance(kind, int) or kind not in ALLOWED_CALLBACKS.get(record.type, set()) or (
                kind in (6, 7) and record.message is None):
            raise self._refuse("invalid-response", DiscordError(400, 50035, "Invalid Form Body", [
                FieldError(("type",), "INTERACTION_RESPONSE_TYPE_INVALID",
                           f"Interaction response type {kind} is not valid for interaction type {record.type}")]),
                request, record)
        data: Json = body.get("data") or {}
        channel = s.channels[record.channel_id]
        flags = int(data.get("flags") or 0) | (EPHEMERAL if record.forced_ephemeral and kind in (4, 5) else 0)
        original: Message | None = None
        modal: Json | None = None
        created = False
        try:
            if kind == 4:
                original = s.create_message(channel, data, uploads, author=s.bot_user, interaction=record,
                                            flags=flags & SETTABLE_FLAGS, prefix=("data",))
                created = True
            elif kind == 5:
                original = s.create_message(channel, {}, [], author=s.bot_user, interaction=record,
                                            flags=LOADING | (flags & EPHEMERAL), allow_empty=True)
                created = True
            elif kind == 6:
                original = record.message
            elif kind == 7:
                assert record.message is not None
                original = record.message
                s.edit_message(original, data, uploads, prefix=("data",))
            elif kind == 9:
                errors = limits.check_modal(data)
                if errors:
                    raise DiscordError(400, 50035, "Invalid Form Body", errors)
                modal = copy.deepcopy(data)
        except DiscordError as error:
            raise self._refuse("invalid-body", error, request, record) from None
        record.original = original
        record.modal = modal
        record.response_record = Response(
            type=kind,
            elapsed=received - record.dispatched_at,
            ephemeral=bool(original is not None and original.ephemeral),
            content=None if original is None else original.content,
            embeds=[] if original is None else copy.deepcopy(original.embeds),
            components=[] if original is None else copy.deepcopy(original.components),
            files=[] if original is None else list(original.attachments),
            message=original,
            modal=modal,
        )
        s.interaction_answered(record)
        if original is not None and kind in (4, 5, 7):
            await s.broadcast_message("MESSAGE_CREATE" if created else "MESSAGE_UPDATE", original)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        answer: Json = {"interaction": {
            "id": str(record.id),
            "type": record.type,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(original is not None and original.ephemeral),
        }}
        if original is not None and kind != 6:
            answer["interaction"]["response_message_id"] = str(original.id)
        if kind in (4, 5, 7) and original is not None:
            answer["resource"] = {"type": kind, "message": original.payload(s)}
        elif kind == 9:
            answer["resource"] = {"type": kind}
        return json_response(answer)

    def _webhook_record(self, request: web.Request, what: str) -> InteractionRecord:
        record = self.s.interactions_by_token.get(request.match_info["token"])
        if record is None or self._int(request, "app") != self.s.application_id:
            raise DiscordError(404, 10015, "Unknown Webhook")
        if time.monotonic() - record.dispatched_at > self.s.token_lifetime:
            raise self._refuse("token-expired", DiscordError(401, 50027, "Invalid Webhook Token"), request, record)
        if not record.responded or record.response_type == 9:
            raise self._refuse("not-acknowledged", DiscordError(404, 10015, "Unknown Webhook"), request, record)
        return record

    def _webhook_message(self, request: web.Request, record: InteractionRecord) -> Message:
        raw = request.match_info["message_id"]
        if raw == "@original":
            message = record.original
        else:
            wanted = self._int(request, "message_id")
            candidates = [m for m in [record.original, *record.followups] if m is not None]
            message = next((m for m in candidates if m.id == wanted), None)
        if message is None or message.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    async def followup(self, request: web.Request) -> web.Response:
        s = self.s
        record = self._webhook_record(request, "followup")
        body, uploads = await read_body(request)
        channel = s.channels[record.channel_id]
        flags = int(body.get("flags") or 0) & SETTABLE_FLAGS | (EPHEMERAL if record.forced_ephemeral else 0)
        made = [m for m in record.followups if m is not record.original]
        if record.user_install_only and len(made) >= FOLLOWUP_CAP:  # (Discord documents the cap, not its answer)
            raise self._refuse("followup-cap", DiscordError(
                400, 0, f"An app installed by a user alone may send at most {FOLLOWUP_CAP} follow-ups per interaction"),
                request, record)
        original = record.original
        try:
            if record.response_type == 5 and original is not None and original.loading and not record.followups:
                # Discord: the first followup after a deferred message response replaces the "thinking" message.
                s.edit_message(original, body, uploads)
                message = original
                created = False
            else:
                message = s.create_message(channel, body, uploads, author=s.bot_user, interaction=record,
                                           flags=flags)
                created = True
        except DiscordError as error:
            raise self._refuse("invalid-body", error, request, record) from None
        record.followups.append(message)
        s.changes.notify()
        await s.broadcast_message("MESSAGE_CREATE" if created else "MESSAGE_UPDATE", message)
        if request.query.get("wait") in ("0", "false", "False"):
            return no_content()
        return json_response(message.payload(s))

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        record = self._webhook_record(request, "get")
        return json_response(self._webhook_message(request, record).payload(self.s))

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        record = self._webhook_record(request, "edit")
        message = self._webhook_message(request, record)
        body, uploads = await read_body(request)
        try:
            self.s.edit_message(message, body, uploads)
        except DiscordError as error:
            raise self._refuse("invalid-body", error, request, record) from None
        await self.s.broadcast_message("MESSAGE_UPDATE", message)
        return json_response(message.payload(self.s))

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        record = self._webhook_record(request, "delete")
        message = self._webhook_message(request, record)
        await self.s.delete_message(message)
        return no_content()
