"""Guild settings: defaults for new games (preset, options, turn deadline, timeout action)."""

from __future__ import annotations

from ludo_bot.storage import keys
from ludo_bot.storage.client import Redis
from ludo_bot.storage.errors import NotFound
from ludo_bot.storage.records import GuildSettings, read_record
from ludo_bot.storage.versioned import VersionedHashes


class SettingsStore:
    """Load (defaults when none are stored) and compare-and-set save guild settings."""

    def __init__(self, redis: Redis) -> None:
        self.records = VersionedHashes(redis)

    async def load_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings; the defaults (version 0) if it never saved any."""
        key = keys.guild_settings(guild_id)
        try:
            version, raw = await self.records.read(key)
        except NotFound:
            return GuildSettings(guild_id=guild_id)
        return read_record(GuildSettings, key, raw, version=version)

    async def save_settings(self, settings: GuildSettings) -> GuildSettings:
        """Compare-and-set on `settings.version`; `Conflict` if another admin saved meanwhile."""
        version = await self.records.write(keys.guild_settings(settings.guild_id), settings.stored_json(),
                                           settings.version)
        return settings.model_copy(update={"version": version})
