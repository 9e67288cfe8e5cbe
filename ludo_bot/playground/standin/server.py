"""`StandIn`: a local Discord (REST API + gateway) for end-to-end tests of a discord.py bot.

Usage (see tests/bot/conftest.py for the fixtures):

    async with StandIn() as discord_:              # serves on 127.0.0.1, points discord.py at itself
        alice = discord_.add_user("alice")
        ...start a bot with token discord_.token...
        interaction = await discord_.slash(alice, discord_.channel, "ludo", "start", options={"preset": "classic"})
        response = await interaction.response()      # type, content, components, files, ephemeral, elapsed
        click = await discord_.click(alice, response.message, label="Join")
        assert not discord_.take_violations()

`StandIn` serves and composes the parts, and lends the tests their methods under one name: the world (world.py),
posting in it (posting.py), the broadcaster (broadcast.py), the gateway (gateway.py), the interactions
(interactions.py) and the users acting (acting.py), the waits (waits.py), the REST API (rest/).
"""

from __future__ import annotations

import secrets
from types import TracebackType
from typing import Generic, TypeVar, overload

import yarl
from aiohttp import web

from . import limits, payloads
from .acting import Acting
from .broadcast import Broadcaster
from .exchanges import Violation
from .gateway import GUILDS, Gateway
from .interactions import Interactions
from .posting import Posting
from .ratelimits import BucketSpec, Limiter, RateLimitHit, default_buckets
from .records import Channel, Guild, Role, User
from .rest.api import RequestLog, RestApi
from .settings import Settings
from .signals import Changes, Violations
from .waits import Waits
from .world import World

T = TypeVar("T")


class Setting(Generic[T]):
    """A `StandIn` attribute kept in the settings its parts share: read and set through it."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, standin: None, owner: type) -> Setting[T]: ...

    @overload
    def __get__(self, standin: StandIn, owner: type) -> T: ...

    def __get__(self, standin: StandIn | None, owner: type) -> Setting[T] | T:
        if standin is None:
            return self
        value: T = getattr(standin.settings, self.name)
        return value

    def __set__(self, standin: StandIn, value: T) -> None:
        setattr(standin.settings, self.name, value)


class StandIn:
    """A fake Discord: world state, REST + gateway server, and the API tests use to act as users."""

    token = Setting[str]()
    response_deadline = Setting[float]()
    token_lifetime = Setting[float]()
    upload_limit = Setting[int]()
    full_member_lists = Setting[bool]()
    require_registered_commands = Setting[bool]()
    recommended_shards = Setting[int]()
    patch_discord = Setting[bool]()
    application_flags = Setting[int]()
    rate_limits = Setting[bool]()
    schema_checks = Setting[bool]()
    invalid_request_limit = Setting[int]()
    invalid_request_window = Setting[float]()
    port = Setting[int]()

    def __init__(
        self,
        *,
        token: str | None = None,
        response_deadline: float = 3.0,
        upload_limit: int = limits.DEFAULT_UPLOAD_LIMIT,
        full_member_lists: bool = True,
        require_registered_commands: bool = False,
        recommended_shards: int = 1,
        default_guild: bool = True,
        patch_discord: bool = True,
        rate_limits: bool = True,
        schema_checks: bool = True,
    ) -> None:
        """
        response_deadline: seconds a bot has for its first response to an interaction (Discord: 3).
        full_member_lists: GUILD_CREATE lists every member (convenient); False behaves like Discord without the
            presences intent (only the bot; the rest via member chunking when the bot has the members intent).
        require_registered_commands: `slash()` refuses commands the bot has not synced (Discord would not show them).
        patch_discord: point discord.py's REST base and default gateway at this stand-in while it runs.
        rate_limits: enforce Discord's rate limits (ratelimits.py; change `buckets` entries to tighten or loosen
            them). Off, requests are still counted (`request_counts`, `max_global_per_second`).
        schema_checks: refuse request bodies that Discord's OpenAPI description does not allow (openapi.py).
        """
        self.settings = Settings(
            token=token or f"standin.{secrets.token_urlsafe(24)}", response_deadline=response_deadline,
            upload_limit=upload_limit, full_member_lists=full_member_lists,
            require_registered_commands=require_registered_commands, recommended_shards=recommended_shards,
            patch_discord=patch_discord, rate_limits=rate_limits, schema_checks=schema_checks)
        self.changes = Changes()
        self._violations = Violations(self.changes)
        self.world = World(self.changes, default_guild=default_guild)
        self.gateway = Gateway(self.world, self.settings, self._violations)
        self.broadcaster = Broadcaster(self.world, self.gateway)
        self.posting = Posting(self.world, self.broadcaster, self.settings)
        self.waits = Waits(self.changes, self._violations, self.world, self.broadcaster)
        self.ledger = Interactions(self.broadcaster, self.changes, self._violations, self.waits, self.settings)
        self.acting = Acting(self.world, self.posting, self.broadcaster, self.ledger, self.settings)
        self.limiter = Limiter(default_buckets())
        self.rest = RestApi(self.world, self.posting, self.broadcaster, self.ledger, self._violations, self.settings,
                            self.limiter)
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None

        # The parts' state and methods, under the names the tests know.
        world = self.world
        self.ids = world.ids
        self.users, self.guilds, self.channels = world.users, world.guilds, world.channels
        self.message_log, self.commands = world.message_log, world.commands
        self.bot_user, self.owner, self.application_id = world.bot_user, world.owner, world.application_id
        self.text_channel, self.add_guild, self.add_channel = world.text_channel, world.add_guild, world.add_channel
        self.add_role, self.add_user, self.add_member = world.add_role, world.add_user, world.add_member
        self.add_thread, self.threads, self.install_app = world.add_thread, world.threads, world.install_app
        self.add_group_dm, self.add_dm, self.dm_channel = world.add_group_dm, world.add_dm, world.dm_channel
        self.permissions_in, self.bot_can_access = world.permissions_in, world.bot_can_access
        self.messages, self.message, self.last_message = world.messages, world.message, world.last_message
        self.notifications, self.direct_messages = world.notifications, world.direct_messages
        self.create_message, self.edit_message = self.posting.create_message, self.posting.edit_message
        self.delete_message = self.posting.delete_message
        self.sessions, self.broadcast = self.broadcaster.sessions, self.broadcaster.broadcast
        self.broadcast_message = self.broadcaster.broadcast_message
        self.reconnect, self.drop = self.gateway.reconnect, self.gateway.drop
        self.interactions, self.interactions_by_token = self.ledger.records, self.ledger.by_token
        self.slash, self.click, self.forged_click = self.acting.slash, self.acting.click, self.acting.forged_click
        self.select, self.submit_modal, self.say = self.acting.select, self.acting.submit_modal, self.acting.say
        self.wait_until, self.wait_for_message = self.waits.wait_until, self.waits.wait_for_message
        self.wait_for_edit, self.wait_for_sessions = self.waits.wait_for_edit, self.waits.wait_for_sessions
        self.violation, self.take_violations = self._violations.record, self._violations.take

    # -- lifecycle -----------------------------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return self.settings.base_url

    @property
    def gateway_url(self) -> str:
        return self.settings.gateway_url

    async def start(self) -> None:
        app = web.Application(middlewares=[self.rest.middleware], client_max_size=1024**3)
        app.router.add_get("/", self.gateway.handle)
        app.router.add_routes(self.rest.routes())
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.settings.port = self._runner.addresses[0][1]
        if self.settings.patch_discord:
            self._patch()

    async def stop(self) -> None:
        self.ledger.stop()
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self._unpatch()

    async def __aenter__(self) -> StandIn:
        await self.start()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.stop()

    def _patch(self) -> None:
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = self.base_url
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def _unpatch(self) -> None:
        if self._saved is None:
            return
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
        self._saved = None

    # -- the world, as the tests build it ------------------------------------------------------------------------------

    @property
    def guild(self) -> Guild:
        """The default guild ("Test Guild")."""
        return self.world.guild

    @property
    def channel(self) -> Channel:
        """The default guild's #general."""
        return self.world.channel

    async def set_overwrite(self, channel: Channel, target: Role | User, *, allow: int = 0, deny: int = 0) -> None:
        """Set the channel's permission overwrite for a role (the guild's own id: @everyone) or a member, replacing
        theirs; a running bot hears of it (CHANNEL_UPDATE), as from Discord."""
        self.world.overwrite(channel, target, allow=allow, deny=deny)
        await self.broadcaster.broadcast(channel.guild_id, "CHANNEL_UPDATE", channel.payload(), intent=GUILDS)

    async def delete_channel(self, channel: Channel) -> None:
        """A member who manages `channel` deletes it (a channel's threads go with it) or a thread: its messages go,
        a running bot hears of it (CHANNEL_DELETE, THREAD_DELETE for a thread), as from Discord, and every request
        about it is answered 404 Unknown Channel (code 10003) from then on."""
        self.world.remove_channel(channel)
        if channel.is_thread:
            await self.broadcaster.broadcast(channel.guild_id, "THREAD_DELETE", payloads.thread_delete(channel),
                                             intent=GUILDS)
        else:  # (Discord tells of the channel only: its threads go with it in the clients too)
            await self.broadcaster.broadcast(channel.guild_id, "CHANNEL_DELETE", channel.payload(), intent=GUILDS)
        self.changes.notify()

    # -- what the tests read -------------------------------------------------------------------------------------------

    @property
    def violations(self) -> list[Violation]:
        """The breaches of Discord's rules found so far (`take_violations` takes the expected ones)."""
        return self._violations.found

    @property
    def requests(self) -> list[RequestLog]:
        """Every REST request, in order."""
        return self.rest.requests

    @requests.setter
    def requests(self, log: list[RequestLog]) -> None:
        self.rest.requests = log

    @property
    def buckets(self) -> dict[str, BucketSpec]:
        """Rate limit buckets by name ("global", "channel_create", ..., "default"): set an entry to change one
        (its open windows start afresh)."""
        return self.limiter.buckets

    @property
    def rate_limited(self) -> list[RateLimitHit]:
        """Every 429 given (not a violation: discord.py waits and retries)."""
        return self.limiter.hits

    def traffic_mark(self) -> int:
        """A mark for `request_counts` and `max_global_per_second`: only requests after it count."""
        return self.limiter.traffic.mark()

    def request_counts(self, since: int = 0) -> dict[str, int]:
        """Requests by kind: callback, channel_create, channel_edit, channel_delete, webhook, other."""
        return self.limiter.traffic.counts(since)

    def max_global_per_second(self, since: int = 0) -> int:
        """The most requests that took a token of the global bucket within any one second."""
        return self.limiter.traffic.max_global_per_window(since, 1.0)

    def describe(self) -> str:
        lines = [f"StandIn on {self.base_url}: {len(self.sessions())} live session(s)"]
        for guild in self.guilds.values():
            lines.append(f"  {guild!r}")
            for channel_id in guild.channel_ids:
                for message in self.messages(channel_id):
                    lines.append(f"    {message!r}")
        return "\n".join(lines)
