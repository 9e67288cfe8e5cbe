"""What every REST endpoint of the stand-in shares: the parts it works on (the world, posting, the broadcaster, the
interactions, the violations, the settings) and the look-ups and refusals of a request (a path's snowflake, its
channel or message, a refusal recorded as a violation)."""

from __future__ import annotations

from aiohttp import web

from ..broadcast import Broadcaster
from ..exchanges import Interaction, Message
from ..interactions import Interactions
from ..limits import FieldError
from ..posting import Posting
from ..records import VIEW_CHANNEL, Channel
from ..settings import Settings
from ..signals import Violations
from ..wire import DiscordError
from ..world import World


class Handlers:
    """The parts an endpoint works on, and its look-ups and refusals."""

    def __init__(self, world: World, posting: Posting, broadcaster: Broadcaster, interactions: Interactions,
                 violations: Violations, settings: Settings) -> None:
        self.world = world
        self.posting = posting
        self.broadcaster = broadcaster
        self.interactions = interactions
        self.violations = violations
        self.settings = settings

    def _int(self, request: web.Request, key: str) -> int:
        try:
            return int(request.match_info[key])
        except ValueError as exc:
            raise DiscordError(400, 50035, "Invalid Form Body",
                               [FieldError((key,), "NUMBER_TYPE_COERCE", "Value is not snowflake.")]) from exc

    def _channel(self, request: web.Request, *, viewed: bool = True) -> Channel:
        """The channel of a channel endpoint. One the bot is not in (a group DM, a server that never added it) is
        refused whatever the request: 403 Missing Access (code 50001), a "missing-access" violation; so is (with
        `viewed`) a server's channel the bot may not view (a thread: its parent's overwrites), a "forbidden" one. One
        that does not exist (deleted) is 404 Unknown Channel."""
        channel = self.world.channels.get(self._int(request, "channel_id"))
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        if not self.world.bot_can_access(channel):
            raise self._refuse("missing-access", DiscordError(403, 50001, "Missing Access"), request)
        if viewed and channel.guild_id is not None and not self._bot_permissions(channel) & VIEW_CHANNEL:
            raise self._refuse("forbidden", DiscordError(403, 50001, "Missing Access"), request)
        return channel

    def _bot_permissions(self, channel: Channel) -> int:
        return self.world.permissions_in(channel, self.world.bot_user.id)

    def _message(self, request: web.Request, channel: Channel) -> Message:
        message = self.world.message_log.get(self._int(request, "message_id"))
        if message is None or message.deleted or message.channel_id != channel.id or message.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    def _refuse(self, kind: str, error: DiscordError, request: web.Request,
                record: Interaction | None = None) -> DiscordError:
        self.violations.record(kind, error.describe(), route=f"{request.method} {request.path}",
                               interaction_id=None if record is None else record.id)
        if record is not None:
            record.refused.append(error.describe())
        return error
