"""The stand-in's world: users, guilds, channels, messages and interactions, plus their Discord JSON payloads.

Everything here is plain data. Ids are snowflakes (ints here, strings in payloads, as Discord sends them).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .server import StandIn

Json = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000

# Message flags
EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15

# Channel types
GUILD_TEXT = 0
DM = 1
GROUP_DM = 3
GUILD_CATEGORY = 4
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)

# Interaction types
PING = 1
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Interaction callback types
CALLBACK_NAMES = {
    1: "PONG",
    4: "CHANNEL_MESSAGE_WITH_SOURCE",
    5: "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
    6: "DEFERRED_UPDATE_MESSAGE",
    7: "UPDATE_MESSAGE",
    8: "APPLICATION_COMMAND_AUTOCOMPLETE_RESULT",
    9: "MODAL",
    10: "PREMIUM_REQUIRED",
    12: "LAUNCH_ACTIVITY",
}

# Permission bits (the ones a game bot cares about) and a generous default set for members.
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
ADD_REACTIONS = 1 << 6
USE_APPLICATION_COMMANDS = 1 << 31
USE_EXTERNAL_APPS = 1 << 50
MANAGE_EVENTS = 1 << 33
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 53) - 1
EVERYONE_PERMISSIONS = (
    VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS | USE_APPLICATION_COMMANDS | CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS
    | USE_EXTERNAL_APPS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | MANAGE_MESSAGES | MANAGE_THREADS | CREATE_PRIVATE_THREADS
# Discord: an app's permissions in a DM or group DM with other users (the interaction's `app_permissions`)
PRIVATE_APP_PERMISSIONS = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE

# Installation contexts (application integration types) and interaction contexts
GUILD_INSTALL, USER_INSTALL = 0, 1
GUILD_CONTEXT, BOT_DM_CONTEXT, PRIVATE_CHANNEL_CONTEXT = 0, 1, 2


def now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


class Snowflakes:
    """Monotonic snowflake ids; `for_shard` picks one whose guild routes to a given shard."""

    def __init__(self) -> None:
        self._last_ms = 0
        self._increment = 0

    def _make(self, ms: int) -> int:
        if ms > self._last_ms:
            self._last_ms, self._increment = ms, 0
        else:
            self._increment += 1
            if self._increment >= 4096:
                self._last_ms, self._increment = self._last_ms + 1, 0
        return (self._last_ms << 22) | (1 << 17) | (1 << 12) | self._increment

    def next(self) -> int:
        return self._make(int(time.time() * 1000) - DISCORD_EPOCH_MS)

    def for_shard(self, shard_id: int, shard_count: int) -> int:
        ms = max(int(time.time() * 1000) - DISCORD_EPOCH_MS, self._last_ms + 1)
        while ms % shard_count != shard_id:
            ms += 1
        return self._make(ms)


def shard_for(guild_id: int, shard_count: int) -> int:
    """Discord's routing rule: the shard that receives a guild's events."""
    return (guild_id >> 22) % shard_count


@dataclass(eq=False)
class User:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    dms: str = "open"
    """Whether the bot may DM the user: "open"; "closed" (their privacy settings refuse DMs from server members:
    the DM channel is made, a message in it is refused, 403 code 50007); "blocked" (they blocked the bot: making the
    DM channel is refused already, 400 code 50007)."""
    installed: bool = False
    """Whether the user installed the app to their account (a user install: its commands follow them to group DMs,
    DMs and servers that allow external apps)."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> Json:
        data: Json = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "avatar_decoration_data": None,
            "banner": None,
            "accent_color": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def __repr__(self) -> str:
        return f"<User {self.username} {self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "name": self.name,
            "description": None,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }


@dataclass(eq=False)
class Member:
    user: User
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=now_iso)

    def payload(self, *, with_user: bool = True, permissions: int | None = None) -> Json:
        data: Json = {
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in self.role_ids],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


ROLE_OVERWRITE, MEMBER_OVERWRITE = 0, 1


@dataclass(eq=False)
class Overwrite:
    """A channel's permission overwrite for a role (`ROLE_OVERWRITE`; the guild's id is @everyone) or a member."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> Json:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


@dataclass(eq=False)
class Channel:
    id: int
    type: int
    name: str | None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    recipients: list[User] = field(default_factory=list)
    member_ids: set[int] = field(default_factory=set)
    message_count: int = 0
    last_message_id: int | None = None
    created_at: str = field(default_factory=now_iso)
    overwrites: list[Overwrite] = field(default_factory=list)  # a thread has none: its parent's count

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self, *, bot_id: int | None = None) -> Json:
        if self.type == GROUP_DM:
            return {
                "id": str(self.id),
                "type": GROUP_DM,
                "name": self.name,
                "icon": None,
                "owner_id": _opt_str(self.owner_id),
                "last_message_id": _opt_str(self.last_message_id),
                "recipients": [u.payload() for u in self.recipients],
                "flags": 0,
            }
        if self.type == DM:
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": _opt_str(self.last_message_id),
                "recipients": [u.payload() for u in self.recipients],
                "flags": 0,
            }
        data: Json = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": _opt_str(self.guild_id),
            "name": self.name,
            "parent_id": _opt_str(self.parent_id),
            "last_message_id": _opt_str(self.last_message_id),
            "rate_limit_per_user": 0,
            "flags": 0,
            "nsfw": False,
        }
        if self.is_thread:
            data.update(
                owner_id=_opt_str(self.owner_id),
                message_count=self.message_count,
                total_message_sent=self.message_count,
                member_count=len(self.member_ids),
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.created_at,
                    "locked": self.locked,
                    "invitable": True,
                    "create_timestamp": self.created_at,
                },
            )
            if bot_id is not None and bot_id in self.member_ids:
                data["member"] = {"id": str(self.id), "user_id": str(bot_id), "join_timestamp": self.created_at,
                                  "flags": 1}
        else:
            data.update(position=self.position, permission_overwrites=[o.payload() for o in self.overwrites],
                        topic=None)
        return data

    def __repr__(self) -> str:
        return f"<Channel #{self.name} {self.id} type={self.type}>"


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    locale: str = "en-US"
    joined_at: str = field(default_factory=now_iso)
    bot_member: bool = True
    """Whether the bot is a member (the app is installed to the server with the bot scope); without it the app only
    answers the interactions of members who installed it themselves, and every channel endpoint is refused."""

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def permissions_of(self, user_id: int) -> int:
        """Guild-level permissions (without a channel's overwrites: `permissions_in`)."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        value = self.everyone.permissions
        if member is not None:
            for role_id in member.role_ids:
                role = self.roles.get(role_id)
                if role is not None:
                    value |= role.permissions
        return ALL_PERMISSIONS if value & ADMINISTRATOR else value

    def permissions_in(self, user_id: int, overwrites: list[Overwrite]) -> int:
        """Permissions in a channel with these overwrites, as Discord computes them: the guild-level ones (all of
        them for the owner and administrators, whom overwrites do not restrict), then @everyone's overwrite, then
        the member's roles' overwrites together (denies, then allows), then the member's own; without View
        Channel nothing in the channel is allowed."""
        value = self.permissions_of(user_id)
        if value == ALL_PERMISSIONS:
            return value
        member = self.members.get(user_id)
        roles = set(member.role_ids) if member is not None else set()
        for overwrite in overwrites:
            if overwrite.type == ROLE_OVERWRITE and overwrite.id == self.id:
                value = (value & ~overwrite.deny) | overwrite.allow
        allow = deny = 0
        for overwrite in overwrites:
            if overwrite.type == ROLE_OVERWRITE and overwrite.id in roles:
                allow, deny = allow | overwrite.allow, deny | overwrite.deny
        value = (value & ~deny) | allow
        for overwrite in overwrites:
            if overwrite.type == MEMBER_OVERWRITE and overwrite.id == user_id:
                value = (value & ~overwrite.deny) | overwrite.allow
        return value if value & VIEW_CHANNEL else 0

    def __repr__(self) -> str:
        return f"<Guild {self.name} {self.id}>"


@dataclass(eq=False)
class Attachment:
    """A file the bot uploaded; `data` holds its bytes exactly as received."""

    id: int
    filename: str
    data: bytes
    content_type: str = "application/octet-stream"
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self, channel_id: int) -> Json:
        url = f"https://cdn.discordapp.com/attachments/{channel_id}/{self.id}/{self.filename}"
        data: Json = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url.replace("cdn.discordapp.com", "media.discordapp.net"),
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.data.startswith(b"\x89PNG\r\n\x1a\n") and len(self.data) >= 24:
            data["width"] = int.from_bytes(self.data[16:20], "big")
            data["height"] = int.from_bytes(self.data[20:24], "big")
        return data


def walk_components(components: list[Json]) -> Iterator[Json]:
    """Every component, depth first, including those nested in rows, sections and containers."""
    for component in components:
        yield component
        children = component.get("components")
        if isinstance(children, list):
            yield from walk_components(children)
        for key in ("accessory", "component"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


@dataclass(eq=False)
class Message:
    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    tts: bool = False
    created_at: str = field(default_factory=now_iso)
    edited_at: str | None = None
    edits: int = 0
    deleted: bool = False
    webhook_id: int | None = None
    application_id: int | None = None
    interaction: InteractionRecord | None = None
    mentions: list[User] = field(default_factory=list)
    notified: set[int] = field(default_factory=set)
    """Users Discord would notify: mentioned when the message was created (edits never notify, and neither does
    completing a deferred "thinking" response)."""
    mention_everyone: bool = False
    reference: Json | None = None
    thread_id: int | None = None
    reactions: dict[str, set[int]] = field(default_factory=dict)
    pinned: bool = False

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def all_components(self) -> list[Json]:
        return list(walk_components(self.components))

    def buttons(self) -> list[Json]:
        return [c for c in walk_components(self.components) if c.get("type") == 2]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if "custom_id" in c]

    def button(self, label: str | None = None, custom_id: str | None = None) -> Json:
        for b in self.buttons():
            if (label is None or b.get("label") == label) and (custom_id is None or b.get("custom_id") == custom_id):
                return b
        raise LookupError(f"no button label={label!r} custom_id={custom_id!r} in {self!r}: {self.buttons()}")

    def labels(self) -> list[str]:
        return [str(b.get("label")) for b in self.buttons()]

    def file(self, filename: str) -> Attachment:
        for a in self.attachments:
            if a.filename == filename:
                return a
        raise LookupError(f"no attachment {filename!r} in {self!r}")

    def payload(self, standin: StandIn) -> Json:
        data: Json = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.type,
            "content": self.content,
            "author": self.author.payload(),
            "attachments": [a.payload(self.channel_id) for a in self.attachments],
            "embeds": self.embeds,
            "mentions": [u.payload() for u in self.mentions],
            "mention_roles": [],
            "mention_everyone": self.mention_everyone,
            "pinned": self.pinned,
            "tts": self.tts,
            "timestamp": self.created_at,
            "edited_timestamp": self.edited_at,
            "flags": self.flags,
            "components": self.components,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.reference is not None:
            data["message_reference"] = self.reference
        if self.reactions:
            data["reactions"] = [
                {"emoji": {"id": None, "name": name}, "count": len(users), "me": standin.bot_user.id in users,
                 "count_details": {"burst": 0, "normal": len(users)}, "burst_colors": [], "me_burst": False,
                 "burst_me": False, "burst_count": 0}
                for name, users in self.reactions.items() if users
            ]
        if self.interaction is not None:
            record = self.interaction
            data["interaction_metadata"] = {
                "id": str(record.id),
                "type": record.type,
                "user": record.user.payload(),
                "authorizing_integration_owners": dict(record.owners),
            }
            if record.type == APPLICATION_COMMAND:
                data["interaction_metadata"]["name"] = record.command_name
        if self.thread_id is not None:
            thread = standin.channels.get(self.thread_id)
            if thread is not None:
                data["thread"] = thread.payload(bot_id=standin.bot_user.id)
        return data

    def __repr__(self) -> str:
        text = self.content if len(self.content) <= 60 else self.content[:57] + "..."
        return f"<Message {self.id} in {self.channel_id} {text!r} flags={self.flags} buttons={self.labels()}>"


@dataclass
class Violation:
    """A breach of Discord's rules by the bot, as Discord would have refused or punished it."""

    kind: str
    detail: str
    route: str | None = None
    interaction_id: int | None = None

    def __str__(self) -> str:
        where = f" [{self.route}]" if self.route else ""
        return f"{self.kind}: {self.detail}{where}"


@dataclass
class Response:
    """The bot's initial response to an interaction, as it looked when it arrived."""

    type: int
    elapsed: float
    """Seconds between dispatching the interaction and receiving this response."""
    ephemeral: bool
    content: str | None = None
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    files: list[Attachment] = field(default_factory=list)
    message: Message | None = None
    """The message this response created or updated (live: later edits show here); None for modals."""
    modal: Json | None = None

    @property
    def type_name(self) -> str:
        return CALLBACK_NAMES.get(self.type, str(self.type))

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)


_interaction_counter = itertools.count(1)


@dataclass(eq=False)
class InteractionRecord:
    """One interaction the stand-in dispatched, and what the bot did with it."""

    id: int
    token: str
    type: int
    user: User
    guild_id: int | None
    channel_id: int
    data: Json
    payload: Json
    standin: StandIn
    message: Message | None = None
    """For component interactions: the message whose component was used."""
    dispatched_at: float = field(default_factory=time.monotonic)
    shard_id: int | None = None
    response_record: Response | None = None
    original: Message | None = None
    """The message `@original` refers to once the bot responded (None for modals and before a response)."""
    followups: list[Message] = field(default_factory=list)
    modal: Json | None = None
    failed: bool = False
    """True when no response arrived within the deadline: the user saw "This interaction failed"."""
    refused: list[str] = field(default_factory=list)
    """Requests about this interaction that the stand-in refused (error messages)."""
    serial: int = field(default_factory=lambda: next(_interaction_counter))
    owners: dict[str, str] = field(default_factory=dict)
    """`authorizing_integration_owners`: "0" (the guild install: the guild's id, "0" in the bot's DM) and/or "1" (the
    user install: the installing user's id)."""
    context: int = 0
    """Where it was triggered: 0 a server, 1 the bot's DM, 2 a group DM or a DM between users."""
    forced_ephemeral: bool = False
    """Discord makes every answer private: a user install's app in a server that denies the member Use External
    Apps (and where the app is not installed)."""

    @property
    def user_install_only(self) -> bool:
        """Authorized by a user install alone: at most `FOLLOWUP_CAP` follow-ups."""
        return "0" not in self.owners

    @property
    def command_name(self) -> str:
        return str(self.data.get("name", ""))

    @property
    def custom_id(self) -> str | None:
        value = self.data.get("custom_id")
        return None if value is None else str(value)

    @property
    def responded(self) -> bool:
        return self.response_record is not None

    @property
    def response_type(self) -> int | None:
        return None if self.response_record is None else self.response_record.type

    async def response(self, timeout: float = 5.0) -> Response:
        """Wait for the bot's initial response (callback) to this interaction."""
        await self.standin.wait_until(lambda: self.response_record is not None or self.failed, timeout=timeout,
                                      what=f"a response to {self!r}")
        if self.response_record is None:
            raise AssertionError(f"{self!r} was not answered within {self.standin.response_deadline} s")
        return self.response_record

    async def result(self, timeout: float = 5.0) -> Message | None:
        """Wait until the interaction's outcome is visible: the response message, or for a deferred response the
        edit of the original message / the first followup. Returns that message (None for a modal)."""
        response = await self.response(timeout=timeout)
        if response.type in (4, 7):
            return response.message
        if response.type == 9:
            return None
        edits_before = response.message.edits if response.type == 6 and response.message else 0

        def done() -> Message | None:
            if self.followups:
                return self.followups[0]
            original = self.original
            if original is None:
                return None
            if response.type == 5 and not original.loading:
                return original
            if response.type == 6 and original.edits > edits_before:
                return original
            return None

        return await self.standin.wait_until(done, timeout=timeout, what=f"the outcome of deferred {self!r}")

    async def wait_followup(self, count: int = 1, timeout: float = 5.0) -> Message:
        """Wait until the bot sent at least `count` followups; returns the `count`-th."""
        await self.standin.wait_until(lambda: len(self.followups) >= count, timeout=timeout,
                                      what=f"followup #{count} to {self!r}")
        return self.followups[count - 1]

    def describe(self) -> str:
        if self.type == APPLICATION_COMMAND:
            parts = [self.command_name]
            options = self.data.get("options", [])
            while options and options[0].get("type") in (1, 2):
                parts.append(options[0]["name"])
                options = options[0].get("options", [])
            return "/" + " ".join(parts)
        if self.type == MESSAGE_COMPONENT:
            return f"click {self.custom_id}"
        if self.type == MODAL_SUBMIT:
            return f"modal {self.custom_id}"
        return f"type {self.type}"

    def __repr__(self) -> str:
        return f"<Interaction #{self.serial} {self.describe()} by {self.user.username}>"


def _opt_str(value: int | None) -> str | None:
    return None if value is None else str(value)


Waiter = Callable[[], Any]


class Changes:
    """A broadcast 'something changed' signal for the waiting helpers."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def notify(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def wait(self, timeout: float) -> None:
        event = self._event
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)
