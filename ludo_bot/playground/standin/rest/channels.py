"""The REST endpoints of channels: a channel and its edits, threads and their members, typing, and the messages in
a channel (listed, read, sent, edited, deleted one by one or in bulk, reacted to), each refused as Discord refuses it
where the bot lacks the permission."""

from __future__ import annotations

import time

from aiohttp import web

from .. import limits, payloads
from ..exchanges import Message
from ..gateway import GUILD_MESSAGES
from ..limits import FieldError
from ..records import (
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    DISCORD_EPOCH_MS,
    DM,
    EPHEMERAL,
    GUILD_TEXT,
    MANAGE_MESSAGES,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    SETTABLE_FLAGS,
    VIEW_CHANNEL,
    Channel,
)
from ..wire import DiscordError, Upload, json_response, no_content, read_body
from .handlers import Handlers

BULK_DELETE_MAX_AGE = 14 * 24 * 3600.0

class ChannelEndpoints(Handlers):
    """/channels: channels, threads, messages."""

    # -- channels and threads ------------------------------------------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request, viewed=False)  # (asking of a hidden channel is no violation)
        if channel.guild_id is not None and not self._bot_permissions(channel) & VIEW_CHANNEL:
            raise DiscordError(403, 50001, "Missing Access")
        return json_response(channel.payload(bot_id=self.world.bot_user.id))

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
        payload = channel.payload(bot_id=self.world.bot_user.id)
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        await self.broadcaster.broadcast(channel.guild_id, event, payload, intent=1)
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
        if channel.guild_id is not None and not self._bot_permissions(channel) & needed:
            raise self._refuse("forbidden", DiscordError(403, 50013, "Missing Permissions"), request)
        if message is not None and message.thread_id is not None:
            raise self._refuse("invalid-request", DiscordError(
                400, 160004, "A thread has already been created for this message"), request)
        thread = self.world.add_thread(channel, name, thread_type, message=message,
                                       auto_archive_duration=int(body.get("auto_archive_duration") or 1440))
        payload = thread.payload(bot_id=self.world.bot_user.id)
        await self.broadcaster.broadcast(channel.guild_id, "THREAD_CREATE", {**payload, "newly_created": True},
                                         intent=1)
        if message is not None:
            await self.broadcaster.broadcast_message("MESSAGE_UPDATE", message)
        return json_response(payload, status=201)

    async def get_thread_member(self, request: web.Request) -> web.Response:
        """A user's membership of a thread the bot can view (the members intent is not needed for one user): 404
        Unknown Member when they are not in it. (The stand-in keeps no time of joining: the thread's creation.)"""
        channel = self._channel(request)
        if not channel.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if not self._bot_permissions(channel) & VIEW_CHANNEL:
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
        user_id = self.world.bot_user.id if raw == "@me" else self._int(request, "user_id")
        if user_id not in self.world.users:
            raise DiscordError(404, 10013, "Unknown User")
        channel.member_ids.add(user_id)
        return no_content()

    async def remove_thread_member(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        raw = request.match_info["user_id"]
        user_id = self.world.bot_user.id if raw == "@me" else self._int(request, "user_id")
        channel.member_ids.discard(user_id)
        return no_content()

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    # -- channel messages ----------------------------------------------------------------------------------------------

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        messages = [m for m in self.world.messages(channel)]
        query = request.query
        if "before" in query:
            messages = [m for m in messages if m.id < int(query["before"])]
        if "after" in query:
            messages = [m for m in messages if m.id > int(query["after"])]
        limit = min(int(query.get("limit", 50)), 100)
        selected = messages[:limit] if "after" in query else messages[-limit:]
        selected.sort(key=lambda m: m.id, reverse=True)
        return json_response([payloads.message(self.world, m) for m in selected])

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return json_response(payloads.message(self.world, self._message(request, channel)))

    def _check_send_permission(self, channel: Channel, uploads: list[Upload], request: web.Request) -> None:
        if channel.type == DM:
            self._check_dm(channel)
            return
        if channel.guild_id is None:
            return
        perms = self._bot_permissions(channel)
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
            shares = any(user.id in guild.members for guild in self.world.guilds.values() if guild.bot_member)
            if user.dms != "open" or not shares:
                raise DiscordError(403, 50007, "Cannot send messages to this user")

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, uploads = await read_body(request)
        self._check_send_permission(channel, uploads, request)
        try:
            message = self.posting.create_message(channel, body, uploads, author=self.world.bot_user,
                                                  flags=int(body.get("flags") or 0) & (SETTABLE_FLAGS & ~EPHEMERAL))
        except DiscordError as error:
            raise self._refuse("invalid-body", error, request) from None
        if channel.is_thread and channel.archived:
            channel.archived = False
        await self.broadcaster.broadcast_message("MESSAGE_CREATE", message)
        return json_response(payloads.message(self.world, message))

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        body, uploads = await read_body(request)
        if message.author is not self.world.bot_user:
            raise self._refuse("forbidden", DiscordError(403, 50005, "Cannot edit a message authored by another user"),
                               request)
        try:
            self.posting.edit_message(message, body, uploads)
        except DiscordError as error:
            raise self._refuse("invalid-body", error, request) from None
        await self.broadcaster.broadcast_message("MESSAGE_UPDATE", message)
        return json_response(payloads.message(self.world, message))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        await self.posting.delete_message(message)
        return no_content()

    async def bulk_delete(self, request: web.Request) -> web.Response:
        """Discord: MANAGE_MESSAGES, 2 to 100 distinct ids, none older than 14 days; unknown ids are skipped."""
        channel = self._channel(request)
        body, _ = await read_body(request)
        if channel.guild_id is None:
            raise self._refuse("invalid-request", DiscordError(403, 50003, "Cannot execute action on a DM channel"),
                               request)
        if not self._bot_permissions(channel) & MANAGE_MESSAGES:
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
        gone = [m for m in (self.world.message_log.get(i) for i in ids)
                if m is not None and m.channel_id == channel.id and not m.deleted and not m.ephemeral]
        for message in gone:
            message.deleted = True
        self.world.changes.notify()
        if gone:
            await self.broadcaster.broadcast(channel.guild_id, "MESSAGE_DELETE_BULK",
                                             payloads.bulk_delete(channel, gone), intent=GUILD_MESSAGES)
        return no_content()

    async def add_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        message.reactions.setdefault(request.match_info["emoji"], set()).add(self.world.bot_user.id)
        return no_content()

    async def remove_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        message = self._message(request, channel)
        message.reactions.get(request.match_info["emoji"], set()).discard(self.world.bot_user.id)
        return no_content()
