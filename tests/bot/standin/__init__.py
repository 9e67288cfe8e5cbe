"""A local stand-in for Discord's HTTP API and gateway, for end-to-end tests of the discord.py bot.

See `server.StandIn` for the driving API and `tests/bot/conftest.py` for the fixtures.
"""

from .gateway import GatewaySession
from .limits import FieldError
from .records import (
    EPHEMERAL,
    Attachment,
    Channel,
    Guild,
    InteractionRecord,
    Member,
    Message,
    Response,
    Role,
    User,
    Violation,
    shard_for,
)
from .rest import RequestLog
from .runner import BotRunner, RunningBot
from .server import StandIn

__all__ = [
    "EPHEMERAL",
    "Attachment",
    "BotRunner",
    "Channel",
    "FieldError",
    "GatewaySession",
    "Guild",
    "InteractionRecord",
    "Member",
    "Message",
    "RequestLog",
    "Response",
    "Role",
    "RunningBot",
    "StandIn",
    "User",
    "Violation",
    "shard_for",
]
