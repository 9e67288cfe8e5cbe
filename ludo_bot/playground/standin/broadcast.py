"""The broadcaster: tells the gateway sessions that would hear of it what changed in the world (each session owns
the guilds Discord routes to its shard, and hears only the events of the intents it asked for)."""

from __future__ import annotations

from . import payloads
from .exchanges import Message
from .gateway import DIRECT_MESSAGES, GUILD_MESSAGES, MESSAGE_CONTENT, Gateway, GatewaySession
from .records import Json
from .world import World


class Broadcaster:
    """The world's events to the gateway sessions that would hear of them."""

    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway

    def sessions(self, *, connected: bool = True) -> list[GatewaySession]:
        return [s for s in self.gateway.sessions.values() if s.connected or not connected]

    def _subscribers(self, guild_id: int | None, intent: int | None) -> list[GatewaySession]:
        return [s for s in self.gateway.sessions.values()
                if not s.dead and s.owns_guild(guild_id) and s.wants(intent)]

    async def broadcast(self, guild_id: int | None, event: str, data: Json, *, intent: int | None) -> None:
        for session in self._subscribers(guild_id, intent):
            await session.dispatch(event, data)

    async def broadcast_message(self, event: str, message: Message) -> None:
        """MESSAGE_CREATE/UPDATE to the sessions that would get it (never for ephemeral messages)."""
        world = self.world
        if message.ephemeral or (message.loading and event == "MESSAGE_UPDATE"):
            return
        if not world.bot_can_access(world.channels[message.channel_id]):
            return  # the bot is not in that channel: the gateway tells it nothing of it
        intent = GUILD_MESSAGES if message.guild_id is not None else DIRECT_MESSAGES
        base = payloads.message(world, message)
        if message.guild_id is not None:
            member = world.guilds[message.guild_id].members.get(message.author.id)
            if member is not None:
                base["member"] = member.payload(with_user=False)
        for session in self._subscribers(message.guild_id, intent):
            data = base
            readable = (session.intents & MESSAGE_CONTENT or message.author is world.bot_user
                        or world.bot_user in message.mentions or message.guild_id is None)
            if not readable:
                data = {**base, "content": "", "embeds": [], "attachments": [], "components": []}
            await session.dispatch(event, data)
