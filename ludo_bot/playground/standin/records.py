"""Discord's numbers (message flags, channel, interaction and callback types, permission bits, install contexts) and
the world's plain records: users, roles, members, permission overwrites, channels and guilds, each with the JSON
Discord sends for it (`payload()`; what joins several records is in payloads.py). Messages, interactions and
violations are in exchanges.py.

Plain data: nothing here knows the stand-in. Ids are snowflakes (ints here, strings in payloads, as Discord sends
them).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

Json = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000

# Message flags
EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15
SUPPRESS_EMBEDS = 1 << 2
SUPPRESS_NOTIFICATIONS = 1 << 12
SETTABLE_FLAGS = EPHEMERAL | SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2
"""The flags a bot may set on a message it sends."""

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



def _opt_str(value: int | None) -> str | None:
    return None if value is None else str(value)
