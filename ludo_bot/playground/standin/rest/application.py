"""The REST endpoints of the application and what it may ask of Discord: the gateway's address, its own user and
application, users and DM channels, its registered commands (checked against Discord's limits), guilds."""

from __future__ import annotations

from aiohttp import web

from .. import limits, payloads
from ..records import Guild, Json
from ..wire import DiscordError, json_response, parse_body, read_body
from .handlers import Handlers


class ApplicationEndpoints(Handlers):
    """/gateway, /users, /applications (and its commands), /guilds."""

    # -- identity ------------------------------------------------------------------------------------------------------

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.settings.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return json_response({
            "url": self.settings.gateway_url,
            "shards": self.settings.recommended_shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1},
        })

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response({**payloads.bot_user(self.world), "locale": "en-US", "bio": ""})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(self._int(request, "user_id"))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return json_response(user.payload())

    async def get_application(self, request: web.Request) -> web.Response:
        return json_response(payloads.application(self.world, self.settings))

    async def create_dm(self, request: web.Request) -> web.Response:
        """Discord: an unknown recipient is 400 code 50033; the bot itself, or a user who blocked the bot, 400 code
        50007 (not a rule the bot broke: it cannot know before asking). The same user gets the same channel."""
        body, _ = await read_body(request)
        raw = str(body.get("recipient_id"))
        user = self.world.users.get(int(raw)) if raw.isdigit() else None
        if user is None:
            raise DiscordError(400, 50033, "Invalid Recipient(s)")
        if user is self.world.bot_user or user.dms == "blocked":
            raise DiscordError(400, 50007, "Cannot send messages to this user")
        channel = self.world.dm_channel(user)
        return json_response(channel.payload())

    # -- application commands ------------------------------------------------------------------------------------------

    def _check_app(self, request: web.Request) -> int | None:
        if self._int(request, "app") != self.world.application_id:
            raise DiscordError(403, 50001, "Missing Access")
        if "guild_id" not in request.match_info:
            return None
        guild_id = self._int(request, "guild_id")
        if guild_id not in self.world.guilds:
            raise DiscordError(403, 50001, "Missing Access")
        return guild_id

    async def get_commands(self, request: web.Request) -> web.Response:
        guild_id = self._check_app(request)
        return json_response(list(self.world.commands.get(guild_id, {}).values()))

    async def put_commands(self, request: web.Request) -> web.Response:
        guild_id = self._check_app(request)
        raw, _ = await parse_body(request)
        commands: list[Json] = raw if isinstance(raw, list) else []
        errors = limits.check_commands(commands)
        if errors:
            raise self._refuse("invalid-commands", DiscordError(400, 50035, "Invalid Form Body", errors), request)
        existing = {(c.get("type", 1), c["name"]): c for c in self.world.commands.get(guild_id, {}).values()}
        stored: dict[int, Json] = {}
        for command in commands:
            old = existing.get((command.get("type", 1), command["name"]))
            stored_command = payloads.command(self.world, command, guild_id, None if old is None else int(old["id"]))
            stored[int(stored_command["id"])] = stored_command
        self.world.commands[guild_id] = stored
        return json_response(list(stored.values()))

    async def post_command(self, request: web.Request) -> web.Response:
        guild_id = self._check_app(request)
        raw, _ = await parse_body(request)
        command: Json = raw if isinstance(raw, dict) else {}
        errors = limits.check_commands([command])
        if errors:
            raise self._refuse("invalid-commands", DiscordError(400, 50035, "Invalid Form Body", errors), request)
        scope = self.world.commands.setdefault(guild_id, {})
        old = next((c for c in scope.values() if c["name"] == command["name"]
                    and c.get("type", 1) == command.get("type", 1)), None)
        stored = payloads.command(self.world, command, guild_id, None if old is None else int(old["id"]))
        scope[int(stored["id"])] = stored
        return json_response(stored, status=200 if old else 201)

    # -- guilds --------------------------------------------------------------------------------------------------------

    def _guild(self, request: web.Request) -> Guild:
        guild = self.world.guilds.get(self._int(request, "guild_id"))
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        payload = payloads.guild(self.world, guild, all_members=self.settings.full_member_lists)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key, None)
        return json_response(payload)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([self.world.channels[c].payload() for c in guild.channel_ids
                              if not self.world.channels[c].is_thread])

    async def get_guild_roles(self, request: web.Request) -> web.Response:
        return json_response([r.payload() for r in self._guild(request).roles.values()])

    async def get_guild_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        member = guild.members.get(self._int(request, "user_id"))
        if member is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response(member.payload())
