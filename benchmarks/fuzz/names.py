"""The fuzz's display names, and the invariant that no name breaks a message or a picture.

Each member of a lane gets a server nickname put together from pieces (`PIECES`): names in the scripts players write
(Devanagari, Bengali, Arabic and Urdu, Hebrew, Thai, Cyrillic, Greek, Vietnamese, Chinese, Japanese, Korean), emoji
sequences, Discord's markdown, mentions of someone outside the game and of everyone, zero-width, direction and
combining characters; at most 32 characters, as Discord allows.

A name breaks a message when its markup works there: so, for a name with markup, the name as typed must never stand
in a message's text (the bot shows it escaped); nobody outside the lane may be notified; every picture the bot sends
must open, and every member's name fit the panel's room when drawn.
"""

from __future__ import annotations

import io
import random
import unicodedata
from collections.abc import Callable

import discord
from PIL import Image

from benchmarks.world_names import EMOJI, SCRIPTS
from ludo_bot.playground.standin import Message, User

LIMIT = 32  # characters in a Discord nickname
MARKUP = ("**", "__", "*", "_", "~~", "||", "`", "```", "> ", "# ", "-# ", "[x](https://example.com)", "@everyone",
          "@here", "<#1>", "<@&1>", "<:e:1>", "\\", "{owner}")
INVISIBLE = ("\u200b", "\u200c", "\u200d", "\u2066", "\u202e", "\u2069", "\ufeff", "\u00ad")
COMBINING = ("\u0301", "\u0308", "\u0336", "\u20e3", "\u0489", "\u0e49")
PIECES = (SCRIPTS, EMOJI, MARKUP, INVISIBLE, COMBINING)


def display_name(rng: random.Random, owner: int) -> str:
    """A nickname of 1-5 pieces (a piece of markup or a script's name in most); `owner`: a user whose mention it
    may hold (not a member of the lane)."""
    parts = []
    for _ in range(rng.randint(1, 5)):
        piece = rng.choice(rng.choice(PIECES))
        parts.append(piece.replace("{owner}", f"<@{owner}>"))
    name = "".join(parts)[:LIMIT].strip()
    return name or rng.choice(SCRIPTS)


def has_markup(name: str) -> bool:
    """Whether Discord would read markup or a mention in `name` shown as typed, and the name is told apart from the
    message's own markup by a letter ("*" alone is found in every "**bold**")."""
    return any(unicodedata.category(c).startswith("L") for c in name) and discord.utils.escape_mentions(
        discord.utils.escape_markdown(name)) != name


def message_text(message: Message) -> str:
    """The text of a message Discord reads markup in: its content and its embeds' descriptions and fields."""
    parts = [message.content]
    for embed in message.embeds:
        parts.append(str(embed.get("description") or ""))
        parts += [str(f.get("value") or "") for f in embed.get("fields") or []]
    return "\n".join(parts)


def broken(message: Message, names: list[str], members: set[int], fits: Callable[[str], bool]) -> list[str]:
    """What `message` shows wrong of `names` (the lane's members' names; `members`: their ids and the bots'): a name
    with markup as typed, someone else notified, a picture that does not open, a name too wide for the panel."""
    found = []
    text = message_text(message)
    for name in names:
        if has_markup(name) and name in text.replace(discord.utils.escape_markdown(name), ""):
            found.append(f"message {message.id} shows the name {name!r} unescaped: {text[:300]!r}")
        if not fits(name):
            found.append(f"the name {name!r} overflows the panel's room")
    outside = set(message.notified) - members
    if outside:
        found.append(f"message {message.id} notified {sorted(outside)}, who play no part: {text[:300]!r}")
    for attachment in message.attachments:
        if attachment.filename.endswith((".png", ".gif")):
            try:
                with Image.open(io.BytesIO(attachment.data)) as image:
                    image.load()
            except (OSError, ValueError) as error:
                found.append(f"message {message.id}: picture {attachment.filename} does not open: {error}")
    return found


def nicknames(users: list[User], number: int, owner: int) -> dict[int, str]:
    """The nicknames of a lane's members (drawn from the lane's number: the same in every run)."""
    rng = random.Random(f"names:{number}")
    return {user.id: display_name(rng, owner) for user in users}
