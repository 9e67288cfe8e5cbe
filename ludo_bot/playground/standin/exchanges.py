"""The plain records of what the bot and the users exchange: messages (with their attachments), interactions (with
the bot's response) and the violations the stand-in found.

Plain data: nothing here knows the stand-in or waits (the records tests wait on are `InteractionRecord`s,
interactions.py). The JSON of a message is built in payloads.py (it needs the world: its thread, the bot's reactions).
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from .records import (
    APPLICATION_COMMAND,
    CALLBACK_NAMES,
    EPHEMERAL,
    LOADING,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Json,
    User,
    now_iso,
)


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
    interaction: Interaction | None = None
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
class Interaction:
    """One interaction the stand-in dispatched, and what the bot did with it (the REST side fills in the response,
    the original message and the followups)."""

    id: int
    token: str
    type: int
    user: User
    guild_id: int | None
    channel_id: int
    data: Json
    payload: Json
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

