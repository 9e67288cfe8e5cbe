"""What Discord's JSON looks like where it joins several records: a message (with its thread and the bot's
reactions), a guild as GUILD_CREATE lists it, a registered command, an interaction as INTERACTION_CREATE carries it
(with its resolved options), READY, the application, the callback's answer and the delete events. One record's own
JSON is its `payload()` (records.py, exchanges.py).
"""

from __future__ import annotations

import copy
from typing import Any

from .exchanges import Interaction, Message
from .records import APPLICATION_COMMAND, BOT_PERMISSIONS, Channel, Guild, Json, Member, Role, User
from .settings import Settings
from .world import World

OptionValue = str | int | float | bool | User | Channel | Role
"""What a test may give as a slash command's option."""


def message(world: World, message: Message) -> Json:
    data: Json = {
        "id": str(message.id),
        "channel_id": str(message.channel_id),
        "type": message.type,
        "content": message.content,
        "author": message.author.payload(),
        "attachments": [a.payload(message.channel_id) for a in message.attachments],
        "embeds": message.embeds,
        "mentions": [u.payload() for u in message.mentions],
        "mention_roles": [],
        "mention_everyone": message.mention_everyone,
        "pinned": message.pinned,
        "tts": message.tts,
        "timestamp": message.created_at,
        "edited_timestamp": message.edited_at,
        "flags": message.flags,
        "components": message.components,
    }
    if message.guild_id is not None:
        data["guild_id"] = str(message.guild_id)
    if message.webhook_id is not None:
        data["webhook_id"] = str(message.webhook_id)
    if message.application_id is not None:
        data["application_id"] = str(message.application_id)
    if message.reference is not None:
        data["message_reference"] = message.reference
    if message.reactions:
        data["reactions"] = [
            {"emoji": {"id": None, "name": name}, "count": len(users), "me": world.bot_user.id in users,
             "count_details": {"burst": 0, "normal": len(users)}, "burst_colors": [], "me_burst": False,
             "burst_me": False, "burst_count": 0}
            for name, users in message.reactions.items() if users
        ]
    if message.interaction is not None:
        record = message.interaction
        data["interaction_metadata"] = {
            "id": str(record.id),
            "type": record.type,
            "user": record.user.payload(),
            "authorizing_integration_owners": dict(record.owners),
        }
        if record.type == APPLICATION_COMMAND:
            data["interaction_metadata"]["name"] = record.command_name
    if message.thread_id is not None:
        thread = world.channels.get(message.thread_id)
        if thread is not None:
            data["thread"] = thread.payload(bot_id=world.bot_user.id)
    return data


def guild(world: World, guild: Guild, *, all_members: bool) -> Json:
    """The guild as GUILD_CREATE gives it; without `all_members` only the bot's member is listed (Discord without
    the presences intent)."""
    members = [m for m in guild.members.values() if all_members or m.user.id == world.bot_user.id]
    channels = [world.channels[c] for c in guild.channel_ids]
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
        "threads": [c.payload(bot_id=world.bot_user.id) for c in channels if c.is_thread and not c.archived],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "embedded_activities": [],
        "lazy": True,
    }


def command(world: World, command: Json, guild_id: int | None, command_id: int | None) -> Json:
    """A command as Discord stores it once registered (a new id unless it replaces `command_id`)."""
    stored = copy.deepcopy(command)
    stored.setdefault("type", 1)
    stored.setdefault("options", [])
    stored.update(id=str(command_id or world.ids.next()), application_id=str(world.application_id),
                  version=str(world.ids.next()))
    if guild_id is not None:
        stored["guild_id"] = str(guild_id)
    return stored


def bot_user(world: World) -> Json:
    """The bot's own user, as READY and GET /users/@me give it."""
    return {**world.bot_user.payload(), "verified": True, "mfa_enabled": False, "email": None}


def ready(world: World, settings: Settings, session_id: str, shard: tuple[int, int], guilds: list[Guild]) -> Json:
    return {
        "v": 10,
        "user": bot_user(world),
        "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
        "session_id": session_id,
        "session_type": "normal",
        "resume_gateway_url": settings.gateway_url,
        "shard": list(shard),
        "application": {"id": str(world.application_id), "flags": settings.application_flags},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": ["local"],
        "user_settings": {},
        "auth": {},
        "_trace": ["[\"standin\"]"],
    }


def application(world: World, settings: Settings) -> Json:
    return {
        "id": str(world.application_id),
        "name": world.bot_user.username,
        "icon": None,
        "description": "Ludo bot under test",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": settings.application_flags,
        "owner": world.owner.payload(),
        "team": None,
        "bot": world.bot_user.payload(),
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "approximate_guild_count": len(world.guilds),
        "tags": [],
        "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
        "integration_types_config": {"0": {}},
    }


def option(name: str, value: OptionValue, schema: Json | None, resolved: Json, guild: Guild | None) -> Json:
    """One option of a slash command as the interaction carries it; users, members, channels and roles it names go
    into `resolved`. Its type is the registered command's (`schema`), else the Python value's."""
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


def interaction(world: World, settings: Settings, *, interaction_id: int, token: str, kind: int, channel: Channel,
                data: Json, locale: str, owners: dict[str, str], context: int) -> Json:
    """INTERACTION_CREATE's data before who and where (`in_guild`, `in_private`) and the message it is about."""
    return {
        "id": str(interaction_id),
        "application_id": str(world.application_id),
        "type": kind,
        "data": data,
        "channel_id": str(channel.id),
        "channel": channel.payload(bot_id=world.bot_user.id),
        "token": token,
        "version": 1,
        "locale": locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "attachment_size_limit": settings.upload_limit,
        "authorizing_integration_owners": owners,
        "context": context,
    }


def in_guild(guild: Guild, member: Member, permissions: int, app_permissions: int) -> Json:
    """An interaction's part in a server: the guild, the member with their permissions in the channel, the app's."""
    return {
        "guild_id": str(guild.id),
        "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
        "guild_locale": guild.locale,
        "member": member.payload(permissions=permissions),
        "app_permissions": str(app_permissions),
    }


def in_private(user: User, app_permissions: int) -> Json:
    """An interaction's part in a DM or group DM: the user and the app's permissions there."""
    return {"user": user.payload(), "app_permissions": str(app_permissions)}


def callback_answer(world: World, record: Interaction, kind: int, original: Message | None) -> Json:
    """The callback's answer when asked `with_response`."""
    answer: Json = {"interaction": {
        "id": str(record.id),
        "type": record.type,
        "response_message_loading": kind == 5,
        "response_message_ephemeral": bool(original is not None and original.ephemeral),
    }}
    if original is not None and kind != 6:
        answer["interaction"]["response_message_id"] = str(original.id)
    if kind in (4, 5, 7) and original is not None:
        answer["resource"] = {"type": kind, "message": message(world, original)}
    elif kind == 9:
        answer["resource"] = {"type": kind}
    return answer


def thread_delete(thread: Channel) -> Json:
    return {"id": str(thread.id), "guild_id": str(thread.guild_id), "parent_id": str(thread.parent_id),
            "type": thread.type}


def message_delete(message: Message) -> Json:
    data: Json = {"id": str(message.id), "channel_id": str(message.channel_id)}
    if message.guild_id is not None:
        data["guild_id"] = str(message.guild_id)
    return data


def bulk_delete(channel: Channel, gone: list[Message]) -> Json:
    return {"ids": [str(m.id) for m in gone], "channel_id": str(channel.id), "guild_id": str(channel.guild_id)}
