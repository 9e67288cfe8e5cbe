"""What the page shows, as JSON: a channel's messages as one member sees them, the channels and threads, and the
commands the bot registered with the stand-in (with their options), plus typing a command's options back.

    member_view(standin, user)        -> {"id", "name", "username", "bot", "manages"}
    state(standin, channel, viewer)   -> {"channel", "channels", "messages", "interactions", "violations"}
                                         (a channel: {"id", "name", "thread", "group", "parent", "pings",
                                         "called"})
    commands(standin, guild_id)       -> [{"command": "ludo", "path": ["start"], "options": [...]}, ...]
    option_values(standin, command, {"seats": "2", "thread": "true"})  -> {"seats": 2, "thread": True}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludo_bot.playground.standin import Channel, InteractionRecord, Message, OptionValue, StandIn, User
from ludo_bot.playground.standin.posting import MENTION
from ludo_bot.playground.standin.records import APPLICATION_COMMAND, GROUP_DM, GUILD_TEXT, MANAGE_GUILD

Json = dict[str, Any]

SUBCOMMAND, GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
RECENT_INTERACTIONS = 8  # a member's latest interactions whose fate the page shows (thinking, failed)


def user_view(user: User) -> Json:
    return {"id": str(user.id), "name": user.global_name or user.username, "username": user.username,
            "bot": user.bot}


def member_view(standin: StandIn, user: User) -> Json:
    """A member the page lets one act as, and whether they may manage the server (and so use /ludo settings)."""
    manages = bool(standin.guild.permissions_of(user.id) & MANAGE_GUILD)
    return {**user_view(user), "manages": manages}


def file_url(message: Message, attachment_id: int) -> str:
    return f"/files/{message.id}/{attachment_id}"


def visible_to(message: Message, viewer: User) -> bool:
    """Whether `viewer` sees `message` in the channel: everyone sees public ones; an ephemeral one only the member
    whose interaction it answers."""
    if message.deleted:
        return False
    return not message.ephemeral or (message.interaction is not None and message.interaction.user is viewer)


def message_view(standin: StandIn, message: Message) -> Json:
    """A message as the page draws it: its JSON fields as Discord's client gets them, plus file URLs on the page's
    server (Discord's CDN is not there) and what the client shows around it."""
    record = message.interaction
    used = None
    if record is not None:
        used = {"user": user_view(record.user),
                "command": record.describe() if record.type == APPLICATION_COMMAND else None}
    thread = standin.channels.get(message.thread_id) if message.thread_id is not None else None
    return {
        "id": str(message.id),
        "rev": message.edits,
        "author": user_view(message.author),
        "timestamp": message.created_at,
        "edited": message.edited_at is not None,
        "content": message.content,
        "embeds": message.embeds,
        "components": message.components,
        "attachments": [{"id": str(a.id), "filename": a.filename, "url": file_url(message, a.id),
                         "content_type": a.content_type, "description": a.description, "size": a.size,
                         **{k: v for k, v in a.payload(message.channel_id).items() if k in ("width", "height")}}
                        for a in message.attachments],
        "ephemeral": message.ephemeral,
        "loading": message.loading,
        "interaction": used,
        "thread": None if thread is None else {"id": str(thread.id), "name": thread.name,
                                                "count": thread.message_count},
    }


def pings(standin: StandIn, channel: Channel) -> dict[str, str]:
    """Whom the channel's messages notified (a mention in a new message, as Discord notifies): each member's id, and
    the newest message that notified them. The page badges a channel, and a member, with a mention they have not
    seen (a table's turn waiting in another thread)."""
    newest: dict[str, str] = {}
    for message in standin.messages(channel):
        for user_id in message.notified:
            newest[str(user_id)] = str(message.id)
    return newest


# the custom ids of a game's legal actions (ludo_bot/bot/buttons/components.py): Roll, each move
GAME_ACTION = "ludo:g:"


def called(standin: StandIn, channel: Channel) -> list[str]:
    """Whose turn it is in the channel: the members mentioned by a message that carries a game's action buttons (the
    live game message, "It is @Alice's turn"), newest first. Not whom it notified: the turn of a member who has just
    clicked is told by editing their message, which notifies nobody. The page marks them on a phone."""
    found: list[str] = []
    for message in reversed(standin.messages(channel)):
        actions = [b for b in message.buttons() if str(b.get("custom_id", "")).startswith(GAME_ACTION)]
        if any(not b.get("disabled") for b in actions):
            found.extend(user for user in MENTION.findall(message.content) if user not in found)
    return found


def channel_view(standin: StandIn, channel: Channel) -> Json:
    return {"id": str(channel.id), "name": channel.name, "thread": channel.is_thread,
            "group": channel.type == GROUP_DM, "parent": None if channel.parent_id is None else str(channel.parent_id),
            "pings": pings(standin, channel), "called": called(standin, channel)}


def channels(standin: StandIn, guild_id: int, viewer: User | None = None) -> list[Json]:
    """The guild's text channels, each followed by its threads (oldest first), as the sidebar lists them, then the
    group DMs `viewer` is in."""
    guild = standin.guilds[guild_id]
    listed: list[Json] = []
    for channel_id in guild.channel_ids:
        channel = standin.channels[channel_id]
        if channel.type == GUILD_TEXT:
            listed.append(channel_view(standin, channel))
            listed.extend(channel_view(standin, t) for t in standin.threads(channel))
    listed.extend(channel_view(standin, c) for c in standin.channels.values()
                  if c.type == GROUP_DM and viewer is not None and viewer in c.recipients)
    return listed


def interaction_view(record: InteractionRecord) -> Json:
    status = "failed" if record.failed else "answered" if record.responded else "waiting"
    return {"id": str(record.id), "what": record.describe(), "status": status, "channel": str(record.channel_id)}


def state(standin: StandIn, channel: Channel, viewer: User) -> Json:
    """Everything the page shows for `viewer` looking at `channel`."""
    mine = [r for r in standin.interactions.values() if r.user is viewer][-RECENT_INTERACTIONS:]
    return {
        "channel": channel_view(standin, channel),
        "channels": channels(standin, channel.guild_id or standin.guild.id, viewer),
        "messages": [message_view(standin, m) for m in standin.messages(channel, include_ephemeral=True)
                     if visible_to(m, viewer)],
        "interactions": [interaction_view(r) for r in mine],
        "violations": [str(v) for v in standin.violations[-5:]],
    }


def _option_view(option: Json) -> Json:
    keys = ("name", "description", "type", "required", "choices", "min_value", "max_value", "min_length",
            "max_length", "channel_types", "autocomplete")
    return {k: option[k] for k in keys if k in option}


def commands(standin: StandIn, guild_id: int) -> list[Json]:
    """Every chat command the bot registered (globally or in the guild), one entry per subcommand, with its
    options: what Discord's command picker offers."""
    found: list[Json] = []
    for scope in (guild_id, None):
        for command in standin.commands.get(scope, {}).values():
            if command.get("type", 1) != 1:
                continue
            found.extend(_leaves(command["name"], [], command))
    found.sort(key=lambda c: (c["command"], c["path"]))
    return found


def _leaves(name: str, path: list[str], node: Json) -> list[Json]:
    options: list[Json] = node.get("options") or []
    nested = [o for o in options if o.get("type") in (SUBCOMMAND, GROUP)]
    if not nested:
        return [{"command": name, "path": path, "description": node.get("description", ""),
                 "options": [_option_view(o) for o in options]}]
    return [leaf for o in nested for leaf in _leaves(name, [*path, o["name"]], o)]


def find_command(standin: StandIn, guild_id: int, name: str, path: list[str]) -> Json:
    for command in commands(standin, guild_id):
        if command["command"] == name and command["path"] == path:
            return command
    raise ValueError(f"/{' '.join([name, *path])} is not a command of this server")


def option_values(standin: StandIn, command: Json, raw: Mapping[str, Any]) -> dict[str, OptionValue]:
    """The page's option fields (text) typed as the command's options say, checked as Discord's client checks
    them before sending (required, choices, ranges); empty fields are left out."""
    schemas = {o["name"]: o for o in command["options"]}
    values: dict[str, OptionValue] = {}
    for name, text in raw.items():
        if name not in schemas:
            raise ValueError(f"{name} is not an option of this command")
        if text is None or str(text).strip() == "":
            continue
        values[name] = _typed(standin, schemas[name], str(text).strip())
    missing = [o["name"] for o in command["options"] if o.get("required") and o["name"] not in values]
    if missing:
        raise ValueError(f"missing: {', '.join(missing)}")
    return values


def _typed(standin: StandIn, schema: Json, text: str) -> OptionValue:
    kind, name = int(schema["type"]), schema["name"]
    value: OptionValue
    try:
        if kind == BOOLEAN:
            if text.lower() not in ("true", "false"):
                raise ValueError(text)
            return text.lower() == "true"
        if kind in (USER, MENTIONABLE):
            return standin.users[int(text)]
        if kind == CHANNEL:
            return standin.channels[int(text)]
        if kind == ROLE:
            return next(r for g in standin.guilds.values() for r in g.roles.values() if r.id == int(text))
        value = int(text) if kind == INTEGER else float(text) if kind == NUMBER else text
    except (ValueError, KeyError, StopIteration):
        raise ValueError(f"{name}: {text!r} is not a valid value") from None
    choices = schema.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise ValueError(f"{name}: choose one of {', '.join(str(c['value']) for c in choices)}")
    low, high = schema.get("min_value"), schema.get("max_value")
    if isinstance(value, int | float) and ((low is not None and value < low) or (high is not None and value > high)):
        raise ValueError(f"{name}: between {low} and {high}")
    return value
