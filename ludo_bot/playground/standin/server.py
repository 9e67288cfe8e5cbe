"""`StandIn`: a local Discord (REST API + gateway) for end-to-end tests of a discord.py bot.

Usage (see tests/bot/conftest.py for the fixtures):

    async with StandIn() as discord_:              # serves on 127.0.0.1, points discord.py at itself
        alice = discord_.add_user("alice")
        ...start a bot with token discord_.token...
        interaction = await discord_.slash(alice, discord_.channel, "ludo", "start", options={"preset": "classic"})
        response = await interaction.response()      # type, content, components, files, ephemeral, elapsed
        click = await discord_.click(alice, response.message, label="Join")
        assert not discord_.take_violations()
"""

from __future__ import annotations

import asyncio
import copy
import re
import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

import yarl
from aiohttp import web

from . import limits
from .gateway import (
    DIRECT_MESSAGES,
    GUILD_MEMBERS,
    GUILD_MESSAGES,
    GUILD_PRESENCES,
    GUILDS,
    MESSAGE_CONTENT,
    Gateway,
    GatewaySession,
)
from .limits import FieldError
from .ratelimits import BucketSpec, Limiter, RateLimitHit, default_buckets
from .records import (
    APPLICATION_COMMAND,
    BOT_DM_CONTEXT,
    BOT_PERMISSIONS,
    DM,
    EPHEMERAL,
    EVERYONE_PERMISSIONS,
    GROUP_DM,
    GUILD_CONTEXT,
    GUILD_INSTALL,
    GUILD_TEXT,
    LOADING,
    MANAGE_THREADS,
    MEMBER_OVERWRITE,
    MENTION_EVERYONE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PRIVATE_APP_PERMISSIONS,
    PRIVATE_CHANNEL_CONTEXT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    ROLE_OVERWRITE,
    USE_EXTERNAL_APPS,
    USER_INSTALL,
    VIEW_CHANNEL,
    Attachment,
    Changes,
    Channel,
    Guild,
    InteractionRecord,
    Json,
    Member,
    Message,
    Overwrite,
    Role,
    Snowflakes,
    User,
    Violation,
    now_iso,
    walk_components,
)
from .rest import DiscordError, RequestLog, RestApi, Upload

T = TypeVar("T")

MENTION = re.compile(r"<@!?(\d+)>")
EVERYONE = re.compile(r"@(everyone|here)\b")
OptionValue = str | int | float | bool | User | Channel | Role


class StandIn:
    """A fake Discord: world state, REST + gateway server, and the API tests use to act as users."""

    def __init__(
        self,
        *,
        token: str | None = None,
        response_deadline: float = 3.0,
        upload_limit: int = limits.DEFAULT_UPLOAD_LIMIT,
        full_member_lists: bool = True,
        require_registered_commands: bool = False,
        recommended_shards: int = 1,
        default_guild: bool = True,
        patch_discord: bool = True,
        rate_limits: bool = True,
        schema_checks: bool = True,
    ) -> None:
        """
        response_deadline: seconds a bot has for its first response to an interaction (Discord: 3).
        full_member_lists: GUILD_CREATE lists every member (convenient); False behaves like Discord without the
            presences intent (only the bot; the rest via member chunking when the bot has the members intent).
        require_registered_commands: `slash()` refuses commands the bot has not synced (Discord would not show them).
        patch_discord: point discord.py's REST base and default gateway at this stand-in while it runs.
        rate_limits: enforce Discord's rate limits (ratelimits.py; change `buckets` entries to tighten or loosen
            them). Off, requests are still counted (`request_counts`, `max_global_per_second`).
        schema_checks: refuse request bodies that Discord's OpenAPI description does not allow (openapi.py).
        """
        self.ids = Snowflakes()
        self.token = token or f"standin.{secrets.token_urlsafe(24)}"
        self.response_deadline = response_deadline
        self.token_lifetime = 15 * 60.0
        """Seconds an interaction token stays valid for followups and edits (Discord: 15 minutes)."""
        self.upload_limit = upload_limit
        self.full_member_lists = full_member_lists
        self.require_registered_commands = require_registered_commands
        self.recommended_shards = recommended_shards
        self.patch_discord = patch_discord
        self.application_flags = (1 << 19) | (1 << 23)  # the message content and members intents, "limited"

        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.message_log: dict[int, Message] = {}
        self._channel_messages: dict[int, list[Message]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.commands: dict[int | None, dict[int, Json]] = {}
        """Registered application commands by scope (None = global), then id: the payloads Discord stores."""
        self._synthetic_command_ids: dict[str, int] = {}
        self.violations: list[Violation] = []
        self.requests: list[RequestLog] = []
        self.rate_limits = rate_limits
        self.schema_checks = schema_checks
        self.limiter = Limiter(default_buckets())
        self.invalid_request_limit = 10_000
        """More 401/403/429 answers than this within `invalid_request_window` seconds is a violation (Discord bans
        the address)."""
        self.invalid_request_window = 600.0
        self.changes = Changes()
        self._timers: dict[int, asyncio.TimerHandle] = {}

        self.bot_user = self._new_user("ludo-bot", bot=True)
        self.application_id = self.bot_user.id
        self.owner = self._new_user("app-owner")
        self.gateway = Gateway(self)
        self.rest = RestApi(self)
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._saved: tuple[str, yarl.URL] | None = None
        self._default_guild: Guild | None = self.add_guild("Test Guild") if default_guild else None

    # -- lifecycle ----------------------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    async def start(self) -> None:
        app = web.Application(middlewares=[self.rest.middleware], client_max_size=1024**3)
        app.router.add_get("/", self.gateway.handle)
        app.router.add_routes(self.rest.routes())
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        if self.patch_discord:
            self._patch()

    async def stop(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self._unpatch()

    async def __aenter__(self) -> StandIn:
        await self.start()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.stop()

    def _patch(self) -> None:
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = self.base_url
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def _unpatch(self) -> None:
        if self._saved is None:
            return
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
        self._saved = None

    # -- violations ---------------------------------------------------------------------------------------------

    def violation(self, kind: str, detail: str, *, route: str | None = None, interaction_id: int | None = None) -> None:
        self.violations.append(Violation(kind, detail, route, interaction_id))
        self.changes.notify()

    def take_violations(self, kind: str | None = None) -> list[Violation]:
        """Return the recorded violations (of `kind`, or all) and forget them, so teardown does not fail on them."""
        taken = [v for v in self.violations if kind is None or v.kind == kind]
        self.violations = [v for v in self.violations if v not in taken]
        return taken

    # -- rate limits and traffic --------------------------------------------------------------------------------

    @property
    def buckets(self) -> dict[str, BucketSpec]:
        """Rate limit buckets by name ("global", "channel_create", ..., "default"): set an entry to change one
        (its open windows start afresh)."""
        return self.limiter.buckets

    @property
    def rate_limited(self) -> list[RateLimitHit]:
        """Every 429 given (not a violation: discord.py waits and retries)."""
        return self.limiter.hits

    def traffic_mark(self) -> int:
        """A mark for `request_counts` and `max_global_per_second`: only requests after it count."""
        return self.limiter.traffic.mark()

    def request_counts(self, since: int = 0) -> dict[str, int]:
        """Requests by kind: callback, channel_create, channel_edit, channel_delete, webhook, other."""
        return self.limiter.traffic.counts(since)

    def max_global_per_second(self, since: int = 0) -> int:
        """The most requests that took a token of the global bucket within any one second."""
        return self.limiter.traffic.max_global_per_window(since, 1.0)

    # -- building the world -------------------------------------------------------------------------------------

    def _new_user(self, username: str, *, bot: bool = False) -> User:
        user = User(self.ids.next(), username, global_name=None if bot else username.title(), bot=bot)
        self.users[user.id] = user
        return user

    @property
    def guild(self) -> Guild:
        """The default guild ("Test Guild")."""
        if self._default_guild is None:
            raise LookupError("this stand-in was made without a default guild")
        return self._default_guild

    @property
    def channel(self) -> Channel:
        """The default guild's #general."""
        return self.text_channel(self.guild)

    def text_channel(self, guild: Guild, name: str | None = None) -> Channel:
        for channel_id in guild.channel_ids:
            channel = self.channels[channel_id]
            if channel.type == GUILD_TEXT and (name is None or channel.name == name):
                return channel
        raise LookupError(f"no text channel {name!r} in {guild!r}")

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None, owner: User | None = None,
                  channel_name: str = "general", bot_member: bool = True) -> Guild:
        """A guild the bot is in, with @everyone, the bot's role, the bot as member and one text channel.
        shard=(shard_id, shard_count) picks an id that Discord routes to that shard. `bot_member=False`: a server that
        never added the app (no bot member or role; the gateway never tells the bot of it), where only members who
        installed the app themselves (`install_app`) can use its commands."""
        guild_id = self.ids.for_shard(*shard) if shard else self.ids.next()
        owner = owner or self.owner
        guild = Guild(guild_id, name, owner.id, bot_member=bot_member)
        guild.roles[guild_id] = Role(guild_id, guild_id, "@everyone", EVERYONE_PERMISSIONS)
        self.guilds[guild_id] = guild
        if bot_member:
            bot_role = Role(self.ids.next(), guild_id, self.bot_user.username, BOT_PERMISSIONS, position=1,
                            managed=True)
            guild.roles[bot_role.id] = bot_role
            guild.members[self.bot_user.id] = Member(self.bot_user, guild_id, [bot_role.id])
        guild.members[owner.id] = Member(owner, guild_id)
        self.add_channel(guild, channel_name)
        return guild

    def add_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(self.ids.next(), GUILD_TEXT, name, guild_id=guild.id,
                          position=len(guild.channel_ids))
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        return channel

    def add_role(self, guild: Guild, name: str, permissions: int = 0) -> Role:
        role = Role(self.ids.next(), guild.id, name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def add_user(self, username: str, *, guild: Guild | None = None, roles: Sequence[Role] = (),
                 join: bool = True) -> User:
        """A human user, by default a member of the default guild (with `roles`)."""
        user = self._new_user(username)
        if join:
            self.add_member(guild or self.guild, user, roles=roles)
        return user

    def add_member(self, guild: Guild, user: User, *, roles: Sequence[Role] = ()) -> Member:
        member = Member(user, guild.id, [r.id for r in roles])
        guild.members[user.id] = member
        return member

    async def set_overwrite(self, channel: Channel, target: Role | User, *, allow: int = 0, deny: int = 0) -> None:
        """Set the channel's permission overwrite for a role (the guild's own id: @everyone) or a member, replacing
        theirs; a running bot hears of it (CHANNEL_UPDATE), as from Discord."""
        kind = ROLE_OVERWRITE if isinstance(target, Role) else MEMBER_OVERWRITE
        channel.overwrites = [o for o in channel.overwrites if o.id != target.id]
        channel.overwrites.append(Overwrite(target.id, kind, allow, deny))
        await self.broadcast(channel.guild_id, "CHANNEL_UPDATE", channel.payload(), intent=GUILDS)

    async def delete_channel(self, channel: Channel) -> None:
        """A member who manages `channel` deletes it (a channel's threads go with it) or a thread: its messages go,
        a running bot hears of it (CHANNEL_DELETE, THREAD_DELETE for a thread), as from Discord, and every request
        about it is answered 404 Unknown Channel (code 10003) from then on."""
        gone = [channel] if channel.is_thread else [channel, *self.threads(channel)]
        for each in gone:
            self.channels.pop(each.id, None)
            if each.guild_id is not None:
                self.guilds[each.guild_id].channel_ids.remove(each.id)
            for message in self._channel_messages.get(each.id, []):
                message.deleted = True
        if channel.is_thread:
            await self.broadcast(channel.guild_id, "THREAD_DELETE", {
                "id": str(channel.id), "guild_id": str(channel.guild_id), "parent_id": str(channel.parent_id),
                "type": channel.type}, intent=GUILDS)
        else:  # (Discord tells of the channel only: its threads go with it in the clients too)
            await self.broadcast(channel.guild_id, "CHANNEL_DELETE", channel.payload(), intent=GUILDS)
        self.changes.notify()

    def permissions_in(self, channel: Channel, user_id: int) -> int:
        """A member's permissions in a guild channel, or in a thread (its parent's overwrites count). A private
        thread shows itself only to its members and to those who may manage threads in its parent: to anyone else
        it is not there (no permission at all)."""
        if channel.guild_id is None:
            raise ValueError(f"{channel!r} is not a guild channel")
        source = self.channels.get(channel.parent_id or 0, channel) if channel.is_thread else channel
        value = self.guilds[channel.guild_id].permissions_in(user_id, source.overwrites)
        if channel.type == PRIVATE_THREAD and user_id not in channel.member_ids and not value & MANAGE_THREADS:
            return 0
        return value

    def add_thread(self, parent: Channel, name: str, thread_type: int = PUBLIC_THREAD, *,
                   message: Message | None = None, auto_archive_duration: int = 1440) -> Channel:
        thread_id = message.id if message is not None else self.ids.next()
        thread = Channel(thread_id, thread_type, name, guild_id=parent.guild_id, parent_id=parent.id,
                         owner_id=self.bot_user.id, auto_archive_duration=auto_archive_duration,
                         member_ids={self.bot_user.id})
        self.channels[thread.id] = thread
        if parent.guild_id is not None:
            self.guilds[parent.guild_id].channel_ids.append(thread.id)
        if message is not None:
            message.thread_id = thread.id
        self.changes.notify()
        return thread

    def threads(self, channel: Channel | None = None) -> list[Channel]:
        return [c for c in self.channels.values() if c.is_thread and (channel is None or c.parent_id == channel.id)]

    def install_app(self, user: User) -> User:
        """`user` adds the app to their account (a user install): its commands that allow user installs follow them
        to group DMs, DMs and servers that never added the bot."""
        user.installed = True
        return user

    def add_group_dm(self, name: str, *users: User) -> Channel:
        """A group DM of `users` (the first owns it). The bot is never a member: the app can answer the interactions
        of those who installed it, and every channel endpoint of it is refused (403, Missing Access)."""
        channel = Channel(self.ids.next(), GROUP_DM, name, recipients=list(users),
                          owner_id=users[0].id if users else None)
        self.channels[channel.id] = channel
        return channel

    def add_dm(self, one: User, other: User) -> Channel:
        """A DM between two people (not the bot's DM with a user: `dm_channel`); like a group DM, the bot is no
        member of it."""
        channel = Channel(self.ids.next(), DM, None, recipients=[one, other])
        self.channels[channel.id] = channel
        return channel

    def bot_can_access(self, channel: Channel) -> bool:
        """Whether the bot is in `channel` at all: a channel of a server it is a member of, or its own DMs."""
        if channel.type == GROUP_DM or (channel.type == DM and len(channel.recipients) > 1):
            return False
        if channel.guild_id is None:
            return True
        return self.guilds[channel.guild_id].bot_member

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.type == DM and channel.recipients == [user]:
                return channel
        channel = Channel(self.ids.next(), DM, None, recipients=[user])
        self.channels[channel.id] = channel
        return channel

    def direct_messages(self, user: User) -> list[Message]:
        """The messages of the bot's DM channel with `user`, oldest first (none if it was never opened)."""
        return [m for channel in self.channels.values() if channel.type == DM and channel.recipients == [user]
                for m in self.messages(channel)]

    def command_payload(self, command: Json, guild_id: int | None, command_id: int | None) -> Json:
        stored = copy.deepcopy(command)
        stored.setdefault("type", 1)
        stored.setdefault("options", [])
        stored.update(id=str(command_id or self.ids.next()), application_id=str(self.application_id),
                      version=str(self.ids.next()))
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    def guild_create_payload(self, guild: Guild, session: GatewaySession | None) -> Json:
        everyone = self.full_member_lists or (session is not None and session.intents & GUILD_PRESENCES)
        members = [m for m in guild.members.values() if everyone or m.user.id == self.bot_user.id]
        channels = [self.channels[c] for c in guild.channel_ids]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": str(guild.channel_ids[0]) if guild.channel_ids else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": guild.locale,
            "nsfw_level": 0,
            "joined_at": guild.joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": [m.payload() for m in members],
            "channels": [c.payload() for c in channels if not c.is_thread],
            "threads": [c.payload(bot_id=self.bot_user.id) for c in channels if c.is_thread and not c.archived],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "embedded_activities": [],
            "lazy": True,
        }

    # -- messages -----------------------------------------------------------------------------------------------

    def _mentions(self, content: str, allowed: Json | None, reference: Json | None) -> tuple[list[User], set[int]]:
        mentioned: list[User] = []
        for match in MENTION.finditer(content):
            user = self.users.get(int(match.group(1)))
            if user is not None and user not in mentioned:
                mentioned.append(user)
        if allowed is None:
            pinged = list(mentioned)
        else:
            parse = allowed.get("parse") or []
            listed = {int(u) for u in allowed.get("users") or []}
            pinged = [u for u in mentioned if "users" in parse or u.id in listed]
        if reference is not None and (allowed is None or allowed.get("replied_user", True)):
            replied = self.message_log.get(int(reference.get("message_id", 0)))
            if replied is not None and replied.author not in pinged:
                pinged.append(replied.author)
        return pinged, {u.id for u in pinged if not u.bot}

    def _mentions_everyone(self, channel: Channel, author: User, content: str, allowed: Json | None) -> bool:
        """Discord pings a whole server for @everyone or @here in a new message when the allowed mentions let it
        and the author may mention everyone (a zero-width space after the @, as escaping puts, prevents it)."""
        if channel.guild_id is None or not EVERYONE.search(content):
            return False
        if allowed is not None and "everyone" not in (allowed.get("parse") or []):
            return False
        return bool(self.guilds[channel.guild_id].permissions_of(author.id) & MENTION_EVERYONE)

    def _attachments(self, body: Json, uploads: list[Upload], existing: list[Attachment],
                     prefix: tuple[str | int, ...]) -> list[Attachment]:
        by_index = {u.index: u for u in uploads}
        used: set[int] = set()
        result: list[Attachment] = []
        if "attachments" in body:
            kept = {a.id: a for a in existing}
            for entry in body.get("attachments") or []:
                ident = int(entry.get("id", -1))
                if ident in kept:
                    result.append(kept[ident])
                elif ident in by_index:
                    upload = by_index[ident]
                    used.add(ident)
                    result.append(Attachment(self.ids.next(), entry.get("filename") or upload.filename, upload.data,
                                             upload.content_type, entry.get("description")))
                else:
                    raise DiscordError(400, 50035, "Invalid Form Body", [FieldError(
                        (*prefix, "attachments"), "ATTACHMENT_NOT_FOUND", f"Unknown attachment id {ident}")])
        else:
            result.extend(existing)
        for upload in uploads:
            if upload.index not in used:
                result.append(Attachment(self.ids.next(), upload.filename, upload.data, upload.content_type))
        if len(result) > limits.MAX_ATTACHMENTS:
            raise DiscordError(400, 50035, "Invalid Form Body", [FieldError(
                (*prefix, "attachments"), "BASE_TYPE_MAX_LENGTH",
                f"Must be {limits.MAX_ATTACHMENTS} or fewer in length.")])
        if sum(a.size for a in result) > self.upload_limit:
            raise DiscordError(413, 40005, "Request entity too large")
        return result

    def create_message(self, channel: Channel, body: Json, uploads: list[Upload], *, author: User,
                       interaction: InteractionRecord | None = None, flags: int = 0,
                       prefix: tuple[str | int, ...] = (), allow_empty: bool = False) -> Message:
        """Validate and store a new message (no gateway event: callers broadcast)."""
        errors = limits.check_message({**body, "flags": flags}, prefix=prefix)
        if errors:
            raise DiscordError(400, 50035, "Invalid Form Body", errors)
        attachments = self._attachments(body, uploads, [], prefix)
        content = body.get("content") or ""
        embeds = copy.deepcopy(body.get("embeds") or [])
        components = copy.deepcopy(body.get("components") or [])
        if not (allow_empty or content or embeds or components or attachments or body.get("sticker_ids")
                or body.get("poll")):
            raise DiscordError(400, 50006, "Cannot send an empty message")
        reference = body.get("message_reference")
        pinged, notified = self._mentions(content, body.get("allowed_mentions"), reference)
        everyone = self._mentions_everyone(channel, author, content, body.get("allowed_mentions"))
        if everyone and channel.guild_id is not None:
            notified |= {m for m, member in self.guilds[channel.guild_id].members.items() if not member.user.bot}
        if channel.type == DM:  # a direct message notifies its recipient
            notified |= {u.id for u in channel.recipients if u is not author and not u.bot}
        if flags & (EPHEMERAL | (1 << 12)):
            notified = set()  # ephemeral messages and @silent messages notify nobody
        msg_type = 0
        if interaction is not None:
            msg_type = 20 if interaction.type == APPLICATION_COMMAND else 0
        elif reference is not None:
            msg_type = 19
        message = Message(
            id=self.ids.next(), channel_id=channel.id, guild_id=channel.guild_id, author=author, content=content,
            embeds=[{"type": "rich", **e} for e in embeds], components=components, attachments=attachments,
            flags=flags, type=msg_type, tts=bool(body.get("tts")),
            webhook_id=self.application_id if interaction is not None else None,
            application_id=self.application_id if interaction is not None else None,
            interaction=interaction, mentions=pinged, notified=notified, mention_everyone=everyone,
            reference=None if reference is None else {**reference, "channel_id": str(channel.id)},
        )
        self.message_log[message.id] = message
        self._channel_messages.setdefault(channel.id, []).append(message)
        if not message.ephemeral:
            channel.last_message_id = message.id
            channel.message_count += 1
        self.changes.notify()
        return message

    def edit_message(self, message: Message, body: Json, uploads: list[Upload],
                     prefix: tuple[str | int, ...] = ()) -> None:
        """Validate and apply an edit (fields absent from `body` are kept); edits never notify anyone."""
        flags = message.flags
        if "flags" in body and body["flags"] is not None:
            settable = (1 << 2) | (1 << 15)
            flags = (flags & ~settable) | (int(body["flags"]) & settable)
        merged = {
            "content": body.get("content", message.content),
            "embeds": body.get("embeds", message.embeds),
            "components": body.get("components", message.components),
            "flags": flags,
        }
        if "allowed_mentions" in body:
            merged["allowed_mentions"] = body["allowed_mentions"]
        errors = limits.check_message(merged, prefix=prefix)
        if errors:
            raise DiscordError(400, 50035, "Invalid Form Body", errors)
        attachments = self._attachments(body, uploads, message.attachments, prefix)
        content = merged["content"] or ""
        if message.loading and not (content or merged["embeds"] or merged["components"] or attachments):
            raise DiscordError(400, 50006, "Cannot send an empty message")
        message.content = content
        message.embeds = [{"type": "rich", **e} for e in copy.deepcopy(merged["embeds"] or [])]
        message.components = copy.deepcopy(merged["components"] or [])
        message.attachments = attachments
        if "content" in body:
            message.mentions, _ = self._mentions(content, body.get("allowed_mentions"), None)
        was_loading = message.loading
        message.flags = flags & ~LOADING
        if not was_loading:
            # Completing a deferred response (edit of @original or first followup) is no edit, but it notifies
            # nobody either: Discord pings only for mentions in a message as it is first created.
            message.edited_at = now_iso()
        message.edits += 1
        self.changes.notify()

    async def delete_message(self, message: Message) -> None:
        message.deleted = True
        self.changes.notify()
        if not message.ephemeral:
            data: Json = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
            await self.broadcast(message.guild_id, "MESSAGE_DELETE", data,
                                 intent=GUILD_MESSAGES if message.guild_id else DIRECT_MESSAGES)

    def messages(self, channel: Channel | int, *, include_ephemeral: bool = False,
                 include_deleted: bool = False) -> list[Message]:
        """The channel's messages, oldest first (ephemeral ones only on request: nobody else sees them)."""
        channel_id = channel if isinstance(channel, int) else channel.id
        return [m for m in self._channel_messages.get(channel_id, [])
                if (include_ephemeral or not m.ephemeral) and (include_deleted or not m.deleted)]

    def message(self, message_id: int) -> Message:
        return self.message_log[message_id]

    def last_message(self, channel: Channel | int) -> Message:
        found = self.messages(channel)
        if not found:
            raise LookupError(f"no messages in channel {channel!r}")
        return found[-1]

    def notifications(self, user: User) -> list[Message]:
        """Messages that notified `user` (mentioned on creation, not ephemeral, not @silent)."""
        return [m for m in self.message_log.values() if user.id in m.notified and not m.deleted]

    # -- gateway fan-out ----------------------------------------------------------------------------------------

    def sessions(self, *, connected: bool = True) -> list[GatewaySession]:
        return [s for s in self.gateway.sessions.values() if s.connected or not connected]

    def _subscribers(self, guild_id: int | None, intent: int | None) -> list[GatewaySession]:
        return [s for s in self.gateway.sessions.values()
                if not s.dead and s.owns_guild(guild_id) and s.wants(intent)]

    async def broadcast(self, guild_id: int | None, event: str, data: Json, *, intent: int | None) -> None:
        for session in self._subscribers(guild_id, intent):
            await session.dispatch(event, data)

    async def broadcast_message(self, event: str, message: Message) -> None:
        """MESSAGE_CREATE/UPDATE to the sessions that would get it (never for ephemeral messages)."""
        if message.ephemeral or (message.loading and event == "MESSAGE_UPDATE"):
            return
        if not self.bot_can_access(self.channels[message.channel_id]):
            return  # the bot is not in that channel: the gateway tells it nothing of it
        intent = GUILD_MESSAGES if message.guild_id is not None else DIRECT_MESSAGES
        base = message.payload(self)
        if message.guild_id is not None:
            member = self.guilds[message.guild_id].members.get(message.author.id)
            if member is not None:
                base["member"] = member.payload(with_user=False)
        for session in self._subscribers(message.guild_id, intent):
            data = base
            readable = (session.intents & MESSAGE_CONTENT or message.author is self.bot_user
                        or self.bot_user in message.mentions or message.guild_id is None)
            if not readable:
                data = {**base, "content": "", "embeds": [], "attachments": [], "components": []}
            await session.dispatch(event, data)

    async def wait_for_sessions(self, count: int = 1, timeout: float = 5.0) -> list[GatewaySession]:
        """Wait until `count` gateway sessions are connected and have received READY."""
        return await self.wait_until(lambda: (live if len(live := self.sessions()) >= count else None),
                                     timeout=timeout, what=f"{count} gateway session(s)")

    async def reconnect(self, session: GatewaySession) -> None:
        """Ask the client to reconnect (op 7); discord.py then RESUMEs."""
        if session.connection is not None:
            await session.connection.send({"op": 7, "d": None, "s": None, "t": None})

    async def drop(self, session: GatewaySession, code: int = 4000) -> None:
        """Close the session's websocket with `code` (4000 is resumable: discord.py reconnects and resumes)."""
        if session.connection is not None:
            await session.connection.close(code, "dropped by the test")

    # -- acting as users ----------------------------------------------------------------------------------------

    def _resolve_channel(self, channel: Channel | int) -> Channel:
        return channel if isinstance(channel, Channel) else self.channels[channel]

    def _find_command(self, name: str, guild_id: int | None) -> tuple[Json | None, int | None]:
        for scope in ((guild_id, None) if guild_id is not None else (None,)):
            for command in self.commands.get(scope, {}).values():
                if command["name"] == name and command.get("type", 1) == 1:
                    return command, scope
        return None, None

    def _option(self, name: str, value: OptionValue, schema: Json | None, resolved: Json, guild: Guild | None) -> Json:
        kind = None if schema is None else int(schema["type"])
        if kind == 7 and not isinstance(value, Channel):  # Discord's client offers only the server's channels there
            raise TypeError(f"option {name} takes a channel, not {value!r}")
        out: Any = value
        if isinstance(value, User):
            kind, out = kind or 6, str(value.id)
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            if guild is not None and value.id in guild.members:
                member = guild.members[value.id]
                resolved.setdefault("members", {})[str(value.id)] = member.payload(
                    with_user=False, permissions=guild.permissions_of(value.id))
        elif isinstance(value, Channel):
            kind, out = kind or 7, str(value.id)
            resolved.setdefault("channels", {})[str(value.id)] = {
                "id": str(value.id), "name": value.name, "type": value.type, "permissions": str(BOT_PERMISSIONS),
                **({"parent_id": str(value.parent_id), "thread_metadata": value.payload()["thread_metadata"]}
                   if value.is_thread else {})}
        elif isinstance(value, Role):
            kind, out = kind or 8, str(value.id)
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        elif isinstance(value, bool):
            kind = kind or 5
        elif isinstance(value, int):
            kind = kind or 4
        elif isinstance(value, float):
            kind = kind or 10
        else:
            kind = kind or 3
        if kind == 3:
            out = str(out)
        return {"name": name, "type": kind, "value": out}

    def _installs(self, user: User, channel: Channel, message: Message | None,
                  command: Json | None) -> tuple[dict[str, str], int]:
        """An interaction's `authorizing_integration_owners` and `context`, as Discord sets them: the guild install
        ("0": the guild's id, "0" in the bot's DM) where the bot is in, the user install ("1": the user's id) for a user
        who installed the app, each kept only where the command allows that install and context. A component's
        are those of the interaction that made its message. `LookupError` where the user could not use it (Discord's
        client does not offer the command there)."""
        guild = self.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        context = (GUILD_CONTEXT if guild is not None else BOT_DM_CONTEXT if self.bot_can_access(channel)
                   else PRIVATE_CHANNEL_CONTEXT)
        if message is not None and message.interaction is not None:
            return dict(message.interaction.owners), context
        owners: dict[str, str] = {}
        if guild is not None and guild.bot_member:
            owners[str(GUILD_INSTALL)] = str(guild.id)
        elif context == BOT_DM_CONTEXT:
            owners[str(GUILD_INSTALL)] = "0"
        if user.installed and message is None:
            owners[str(USER_INSTALL)] = str(user.id)
        if command is not None:
            contexts = command.get("contexts")
            if contexts is not None and context not in contexts:
                raise LookupError(f"/{command['name']} is not offered in context {context} ({channel!r}): "
                                  f"its contexts are {contexts}")
            installs = command.get("integration_types") or [GUILD_INSTALL]
            owners = {k: v for k, v in owners.items() if int(k) in installs}
        if not owners:
            why = "the command allows no user install" if user.installed else "they did not install it"
            raise LookupError(f"{user!r} cannot use the app in {channel!r}: the bot is not there and {why}")
        return owners, context

    def _interaction(self, kind: int, user: User, channel: Channel, data: Json, *, locale: str,
                     message: Message | None = None, command: Json | None = None) -> InteractionRecord:
        interaction_id = self.ids.next()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        guild = self.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        owners, context = self._installs(user, channel, message, command)
        payload: Json = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.payload(bot_id=self.bot_user.id),
            "token": token,
            "version": 1,
            "locale": locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": self.upload_limit,
            "authorizing_integration_owners": owners,
            "context": context,
        }
        forced_ephemeral = False
        if guild is not None:
            member = guild.members.get(user.id)
            if member is None:
                raise LookupError(f"{user!r} is not a member of {guild!r}: add_member() first")
            permissions = self.permissions_in(channel, user.id)
            if not permissions & VIEW_CHANNEL:
                raise LookupError(f"{user!r} cannot view {channel!r}: Discord shows them nothing of it")
            # where the bot is no member Discord does not say what `app_permissions` holds: here @everyone's
            app = self.permissions_in(channel, self.bot_user.id if guild.bot_member else 0)
            forced_ephemeral = str(GUILD_INSTALL) not in owners and not permissions & USE_EXTERNAL_APPS
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member=member.payload(permissions=permissions),
                app_permissions=str(app),
            )
        else:
            if context == PRIVATE_CHANNEL_CONTEXT and user not in channel.recipients:
                raise LookupError(f"{user!r} is not in {channel!r}")
            app = BOT_PERMISSIONS if context == BOT_DM_CONTEXT else PRIVATE_APP_PERMISSIONS
            payload.update(user=user.payload(), app_permissions=str(app))
        if message is not None:
            payload["message"] = message.payload(self)
        return InteractionRecord(id=interaction_id, token=token, type=kind, user=user, guild_id=channel.guild_id,
                                 channel_id=channel.id, data=data, payload=payload, standin=self, message=message,
                                 owners=owners, context=context, forced_ephemeral=forced_ephemeral)

    async def _dispatch_interaction(self, record: InteractionRecord) -> InteractionRecord:
        owners = [s for s in self.sessions() if s.owns_guild(record.guild_id)]
        if not owners:
            raise RuntimeError(f"no connected gateway session owns guild {record.guild_id}: is the bot running "
                               f"(with the right shards)? sessions: {self.sessions(connected=False)}")
        session = max(owners, key=lambda s: s.identified_at)
        self.interactions[record.id] = record
        self.interactions_by_token[record.token] = record
        record.shard_id = session.shard_id
        record.dispatched_at = time.monotonic()
        self._timers[record.id] = asyncio.get_running_loop().call_later(
            self.response_deadline, self._deadline_passed, record)
        await session.dispatch("INTERACTION_CREATE", record.payload)
        self.changes.notify()
        return record

    def _deadline_passed(self, record: InteractionRecord) -> None:
        self._timers.pop(record.id, None)
        if record.responded:
            return
        record.failed = True
        self.violation("unanswered", f"{record!r} got no response within {self.response_deadline} s "
                                     '(the user sees "This interaction failed")', interaction_id=record.id)

    def interaction_answered(self, record: InteractionRecord) -> None:
        handle = self._timers.pop(record.id, None)
        if handle is not None:
            handle.cancel()
        self.changes.notify()

    async def slash(self, user: User, channel: Channel | int, *names: str,
                    options: Mapping[str, OptionValue] | None = None, locale: str = "en-US") -> InteractionRecord:
        """`user` runs `/names[0] [names[1] [names[2]]]` in `channel` with `options`; returns the interaction record
        (await `.response()` for the bot's answer). Option types come from the synced command when there is one,
        otherwise from the Python values (str, int, float, bool, User, Channel, Role)."""
        if len(names) == 1 and " " in names[0]:
            names = tuple(names[0].split())
        if not 1 <= len(names) <= 3:
            raise ValueError("give the command, then an optional subcommand group and subcommand")
        target = self._resolve_channel(channel)
        command, scope = self._find_command(names[0], target.guild_id)
        if command is None and self.require_registered_commands:
            raise LookupError(f"/{names[0]} is not registered (globally or in guild {target.guild_id})")
        guild = self.guilds.get(target.guild_id) if target.guild_id is not None else None
        resolved: Json = {}
        schema_options: list[Json] | None = None if command is None else command.get("options", [])
        path: list[tuple[str, int]] = []
        for depth, name in enumerate(names[1:]):
            node = next((o for o in schema_options or [] if o["name"] == name), None) if command else None
            if command is not None and node is None:
                raise LookupError(f"/{' '.join(names[: depth + 2])} is not part of the registered command")
            kind = int(node["type"]) if node else (2 if len(names) == 3 and depth == 0 else 1)
            path.append((name, kind))
            schema_options = None if node is None else node.get("options", [])
        leaf: list[Json] = []
        for name, value in (options or {}).items():
            schema = next((o for o in schema_options or [] if o["name"] == name), None)
            if command is not None and schema is None:
                raise LookupError(f"option {name!r} is not an option of /{' '.join(names)}")
            leaf.append(self._option(name, value, schema, resolved, guild))
        nested = leaf
        for name, kind in reversed(path):
            nested = [{"name": name, "type": kind, "options": nested}]
        if command is not None:
            command_id = int(command["id"])
        else:
            command_id = self._synthetic_command_ids.setdefault(names[0], self.ids.next())
        data: Json = {"id": str(command_id), "name": names[0], "type": 1, "options": nested}
        if resolved:
            data["resolved"] = resolved
        if scope is not None:
            data["guild_id"] = str(scope)
        record = self._interaction(APPLICATION_COMMAND, user, target, data, locale=locale, command=command)
        return await self._dispatch_interaction(record)

    def _component(self, message: Message, custom_id: str | None, label: str | None) -> Json:
        for component in walk_components(message.components):
            if "custom_id" not in component:
                continue
            if (custom_id is None or component["custom_id"] == custom_id) and (
                    label is None or component.get("label") == label):
                return component
        raise LookupError(f"no component custom_id={custom_id!r} label={label!r} on {message!r}")

    def _check_clickable(self, user: User, message: Message | int) -> Message:
        found = message if isinstance(message, Message) else self.message_log[message]
        if found.deleted:
            raise LookupError(f"{found!r} was deleted")
        if found.ephemeral and (found.interaction is None or found.interaction.user is not user):
            raise LookupError(f"{user!r} cannot see the ephemeral {found!r}")
        return found

    async def click(self, user: User, message: Message | int, custom_id: str | None = None, *,
                    label: str | None = None, locale: str = "en-US") -> InteractionRecord:
        """`user` clicks a button (by custom_id or label) on `message`."""
        found = self._check_clickable(user, message)
        button = self._component(found, custom_id, label)
        if button.get("type") != 2:
            raise LookupError(f"{button} is not a button")
        if button.get("disabled"):
            raise LookupError(f"button {button.get('label')!r} is disabled: users cannot click it")
        data: Json = {"custom_id": button["custom_id"], "component_type": 2}
        if "id" in button:
            data["id"] = button["id"]
        record = self._interaction(MESSAGE_COMPONENT, user, self.channels[found.channel_id], data, locale=locale,
                                   message=found)
        return await self._dispatch_interaction(record)

    async def forged_click(self, user: User, message: Message | int, custom_id: str, *,
                           locale: str = "en-US") -> InteractionRecord:
        """A click on `message` carrying any `custom_id`, whether the message has that button or not, of any
        length: what a modified client could try (the fuzz test's garbage and over-long ids)."""
        found = self._check_clickable(user, message)
        data: Json = {"custom_id": custom_id, "component_type": 2}
        record = self._interaction(MESSAGE_COMPONENT, user, self.channels[found.channel_id], data, locale=locale,
                                   message=found)
        return await self._dispatch_interaction(record)

    async def select(self, user: User, message: Message | int, custom_id: str, values: Iterable[str], *,
                     locale: str = "en-US") -> InteractionRecord:
        """`user` picks `values` in the select menu `custom_id` on `message`."""
        found = self._check_clickable(user, message)
        menu = self._component(found, custom_id, None)
        if menu.get("type") not in limits.SELECT_TYPES:
            raise LookupError(f"{menu} is not a select menu")
        chosen = [str(v) for v in values]
        if menu.get("type") == 3:
            allowed = {o["value"] for o in menu.get("options", [])}
            if not set(chosen) <= allowed:
                raise LookupError(f"{chosen} are not all options of {custom_id!r}: {sorted(allowed)}")
        data: Json = {"custom_id": custom_id, "component_type": menu["type"], "values": chosen}
        record = self._interaction(MESSAGE_COMPONENT, user, self.channels[found.channel_id], data, locale=locale,
                                   message=found)
        return await self._dispatch_interaction(record)

    async def submit_modal(self, user: User, opened_by: InteractionRecord, values: Mapping[str, str | list[str]],
                           *, locale: str = "en-US") -> InteractionRecord:
        """`user` submits the modal the bot showed in answer to `opened_by`, with field values by custom_id."""
        modal = opened_by.modal
        if modal is None:
            raise LookupError(f"{opened_by!r} was not answered with a modal")

        def field(component: Json) -> Json:
            value = values.get(component.get("custom_id", ""), "")
            out: Json = {"type": component["type"], "custom_id": component.get("custom_id")}
            if "id" in component:
                out["id"] = component["id"]
            if component["type"] == 4:
                out["value"] = value if isinstance(value, str) else " ".join(value)
            else:
                out["values"] = [value] if isinstance(value, str) else list(value)
            return out

        components: list[Json] = []
        for top in modal.get("components", []):
            if top.get("type") == 1:
                components.append({"type": 1, "components": [field(c) for c in top.get("components", [])]})
            elif top.get("type") == 18:
                components.append({"type": 18, "component": field(top["component"])})
        data: Json = {"custom_id": modal["custom_id"], "components": components}
        record = self._interaction(MODAL_SUBMIT, user, self.channels[opened_by.channel_id], data, locale=locale,
                                   message=opened_by.message)
        return await self._dispatch_interaction(record)

    async def say(self, user: User, channel: Channel | int, content: str) -> Message:
        """`user` posts a plain message (MESSAGE_CREATE to the bot if it has the guild messages intent)."""
        target = self._resolve_channel(channel)
        message = self.create_message(target, {"content": content}, [], author=user)
        await self.broadcast_message("MESSAGE_CREATE", message)
        return message

    # -- waiting ------------------------------------------------------------------------------------------------

    async def wait_until(self, condition: Callable[[], T | None], *, timeout: float = 5.0,
                         what: str = "a condition") -> T:
        """Wait until `condition()` returns something truthy (re-checked on every change); return it."""
        deadline = time.monotonic() + timeout
        while True:
            result = condition()
            if result:
                return result
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out after {timeout} s waiting for {what}; violations: "
                                     f"{[str(v) for v in self.violations]}")
            await self.changes.wait(min(left, 0.25))

    async def wait_for_message(self, channel: Channel | int, predicate: Callable[[Message], bool] | None = None, *,
                               timeout: float = 5.0, include_existing: bool = False,
                               include_ephemeral: bool = False) -> Message:
        """Wait for a message in `channel` (created after this call unless include_existing) that satisfies
        `predicate` in its current state (later edits count)."""
        target = self._resolve_channel(channel)
        known = set() if include_existing else {m.id for m in self.messages(target, include_ephemeral=True,
                                                                            include_deleted=True)}

        def find() -> Message | None:
            for message in self.messages(target, include_ephemeral=include_ephemeral):
                if message.id not in known and not message.loading and (predicate is None or predicate(message)):
                    return message
            return None

        return await self.wait_until(find, timeout=timeout, what=f"a message in {target!r}; messages now: "
                                     f"{self.messages(target)}")

    async def wait_for_edit(self, message: Message, predicate: Callable[[Message], bool] | None = None, *,
                            timeout: float = 5.0) -> Message:
        """Wait until `message` is edited (after this call) and satisfies `predicate`."""
        edits = message.edits
        return await self.wait_until(
            lambda: message if message.edits > edits and (predicate is None or predicate(message)) else None,
            timeout=timeout, what=f"an edit of {message!r}")

    def describe(self) -> str:
        lines = [f"StandIn on {self.base_url}: {len(self.sessions())} live session(s)"]
        for guild in self.guilds.values():
            lines.append(f"  {guild!r}")
            for channel_id in guild.channel_ids:
                for message in self.messages(channel_id):
                    lines.append(f"    {message!r}")
        return "\n".join(lines)


__all__ = ["GUILD_MEMBERS", "StandIn"]
