"""Posting in the world: a message made, edited or deleted as Discord does it. Its body is checked against Discord's
limits (limits.py: a refusal is a `DiscordError`), its files kept, its mentions worked out (whom it pings and
notifies); made and edited messages are stored and the tests told, and the callers broadcast them (a deleted one is
broadcast here).
"""

from __future__ import annotations

import copy
import re

from . import limits, payloads
from .broadcast import Broadcaster
from .exchanges import Attachment, Interaction, Message
from .gateway import DIRECT_MESSAGES, GUILD_MESSAGES
from .limits import FieldError
from .records import APPLICATION_COMMAND, DM, EPHEMERAL, LOADING, MENTION_EVERYONE, Channel, Json, User, now_iso
from .settings import Settings
from .wire import DiscordError, Upload
from .world import World

MENTION = re.compile(r"<@!?(\d+)>")
EVERYONE = re.compile(r"@(everyone|here)\b")


class Posting:
    """Messages made, edited and deleted in the world, by the bot (through REST) or by a user (`say`)."""

    def __init__(self, world: World, broadcaster: Broadcaster, settings: Settings) -> None:
        self.world = world
        self.broadcaster = broadcaster
        self.settings = settings

    def _mentions(self, content: str, allowed: Json | None, reference: Json | None) -> tuple[list[User], set[int]]:
        mentioned: list[User] = []
        for match in MENTION.finditer(content):
            user = self.world.users.get(int(match.group(1)))
            if user is not None and user not in mentioned:
                mentioned.append(user)
        if allowed is None:
            pinged = list(mentioned)
        else:
            parse = allowed.get("parse") or []
            listed = {int(u) for u in allowed.get("users") or []}
            pinged = [u for u in mentioned if "users" in parse or u.id in listed]
        if reference is not None and (allowed is None or allowed.get("replied_user", True)):
            replied = self.world.message_log.get(int(reference.get("message_id", 0)))
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
        return bool(self.world.guilds[channel.guild_id].permissions_of(author.id) & MENTION_EVERYONE)

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
                    result.append(Attachment(self.world.ids.next(), entry.get("filename") or upload.filename,
                                             upload.data, upload.content_type, entry.get("description")))
                else:
                    raise DiscordError(400, 50035, "Invalid Form Body", [FieldError(
                        (*prefix, "attachments"), "ATTACHMENT_NOT_FOUND", f"Unknown attachment id {ident}")])
        else:
            result.extend(existing)
        for upload in uploads:
            if upload.index not in used:
                result.append(Attachment(self.world.ids.next(), upload.filename, upload.data, upload.content_type))
        if len(result) > limits.MAX_ATTACHMENTS:
            raise DiscordError(400, 50035, "Invalid Form Body", [FieldError(
                (*prefix, "attachments"), "BASE_TYPE_MAX_LENGTH",
                f"Must be {limits.MAX_ATTACHMENTS} or fewer in length.")])
        if sum(a.size for a in result) > self.settings.upload_limit:
            raise DiscordError(413, 40005, "Request entity too large")
        return result

    def create_message(self, channel: Channel, body: Json, uploads: list[Upload], *, author: User,
                       interaction: Interaction | None = None, flags: int = 0,
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
            notified |= {m for m, member in self.world.guilds[channel.guild_id].members.items() if not member.user.bot}
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
            id=self.world.ids.next(), channel_id=channel.id, guild_id=channel.guild_id, author=author, content=content,
            embeds=[{"type": "rich", **e} for e in embeds], components=components, attachments=attachments,
            flags=flags, type=msg_type, tts=bool(body.get("tts")),
            webhook_id=self.world.application_id if interaction is not None else None,
            application_id=self.world.application_id if interaction is not None else None,
            interaction=interaction, mentions=pinged, notified=notified, mention_everyone=everyone,
            reference=None if reference is None else {**reference, "channel_id": str(channel.id)},
        )
        self.world.message_log[message.id] = message
        self.world.channel_log.setdefault(channel.id, []).append(message)
        if not message.ephemeral:
            channel.last_message_id = message.id
            channel.message_count += 1
        self.world.changes.notify(channel.id)
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
        self.world.changes.notify(message.channel_id)

    async def delete_message(self, message: Message) -> None:
        """Delete `message` (MESSAGE_DELETE to the bots that saw it)."""
        message.deleted = True
        self.world.changes.notify()
        if not message.ephemeral:
            await self.broadcaster.broadcast(message.guild_id, "MESSAGE_DELETE", payloads.message_delete(message),
                                             intent=GUILD_MESSAGES if message.guild_id else DIRECT_MESSAGES)
