"""The stand-in's world: users, guilds with their roles and members, channels, threads and DMs, the messages in them
and the application's registered commands; who may do what where (Discord's permission resolution); and the tests'
way to build it (`add_guild`, `add_user`, ...). Nothing here speaks HTTP or the gateway: the REST and gateway parts
read and change the world, and tell the bots of changes through the broadcaster (broadcast.py).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from .exchanges import Message
from .records import (
    BOT_PERMISSIONS,
    DISCORD_EPOCH_MS,
    DM,
    EVERYONE_PERMISSIONS,
    GROUP_DM,
    GUILD_TEXT,
    MANAGE_THREADS,
    MEMBER_OVERWRITE,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    ROLE_OVERWRITE,
    Channel,
    Guild,
    Json,
    Member,
    Overwrite,
    Role,
    User,
)
from .signals import Changes


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


class World:
    """Everything the stand-in's Discord holds. `changes` is told of what the tests may wait for."""

    def __init__(self, changes: Changes, *, default_guild: bool = True) -> None:
        self.changes = changes
        self.ids = Snowflakes()
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.message_log: dict[int, Message] = {}
        self.channel_log: dict[int, list[Message]] = {}
        """Every message of a channel by its id, oldest first, deleted and ephemeral ones too."""
        self.commands: dict[int | None, dict[int, Json]] = {}
        """Registered application commands by scope (None = global), then id: the payloads Discord stores."""
        self.bot_user = self._new_user("ludo-bot", bot=True)
        self.application_id = self.bot_user.id
        self.owner = self._new_user("app-owner")
        self._default_guild: Guild | None = self.add_guild("Test Guild") if default_guild else None

    # -- building ------------------------------------------------------------------------------------------------------

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

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.type == DM and channel.recipients == [user]:
                return channel
        channel = Channel(self.ids.next(), DM, None, recipients=[user])
        self.channels[channel.id] = channel
        return channel

    # -- changing it (the callers tell the bots: broadcast.py) ---------------------------------------------------------

    def overwrite(self, channel: Channel, target: Role | User, *, allow: int = 0, deny: int = 0) -> None:
        """Set the channel's permission overwrite for a role (the guild's own id: @everyone) or a member, replacing
        theirs."""
        kind = ROLE_OVERWRITE if isinstance(target, Role) else MEMBER_OVERWRITE
        channel.overwrites = [o for o in channel.overwrites if o.id != target.id]
        channel.overwrites.append(Overwrite(target.id, kind, allow, deny))

    def remove_channel(self, channel: Channel) -> None:
        """`channel` goes (a channel with its threads) and its messages with it."""
        gone = [channel] if channel.is_thread else [channel, *self.threads(channel)]
        for each in gone:
            self.channels.pop(each.id, None)
            if each.guild_id is not None:
                self.guilds[each.guild_id].channel_ids.remove(each.id)
            for message in self.channel_log.get(each.id, []):
                message.deleted = True

    # -- who may do what -----------------------------------------------------------------------------------------------

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

    def bot_can_access(self, channel: Channel) -> bool:
        """Whether the bot is in `channel` at all: a channel of a server it is a member of, or its own DMs."""
        if channel.type == GROUP_DM or (channel.type == DM and len(channel.recipients) > 1):
            return False
        if channel.guild_id is None:
            return True
        return self.guilds[channel.guild_id].bot_member

    # -- looking at it -------------------------------------------------------------------------------------------------

    def resolve_channel(self, channel: Channel | int) -> Channel:
        return channel if isinstance(channel, Channel) else self.channels[channel]

    def threads(self, channel: Channel | None = None) -> list[Channel]:
        return [c for c in self.channels.values() if c.is_thread and (channel is None or c.parent_id == channel.id)]

    def messages(self, channel: Channel | int, *, include_ephemeral: bool = False,
                 include_deleted: bool = False) -> list[Message]:
        """The channel's messages, oldest first (ephemeral ones only on request: nobody else sees them)."""
        channel_id = channel if isinstance(channel, int) else channel.id
        return [m for m in self.channel_log.get(channel_id, [])
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

    def direct_messages(self, user: User) -> list[Message]:
        """The messages of the bot's DM channel with `user`, oldest first (none if it was never opened)."""
        return [m for channel in self.channels.values() if channel.type == DM and channel.recipients == [user]
                for m in self.messages(channel)]
