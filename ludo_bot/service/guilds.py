"""A guild's settings: as saved, else the operator's defaults; changed with a compare-and-set. Among them the language
its public messages speak (`service.words.i18n`, "Which language")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludo_bot import engine
from ludo_bot.service.errors import Refused
from ludo_bot.service.seats import lobby_rules
from ludo_bot.service.words.i18n import Term
from ludo_bot.service.words.languages import SPOKEN
from ludo_bot.storage import Conflict, GuildSettings, LobbyRecord, Storage


class Guilds:
    """Guild settings."""

    def __init__(self, storage: Storage, defaults: Mapping[str, Any] | None = None) -> None:
        self.storage = storage
        self.defaults = dict(defaults or {})  # guild settings for guilds that never saved any

    async def settings(self, guild_id: int) -> GuildSettings:
        """A guild's settings: as saved, else the operator's defaults."""
        saved = await self.storage.settings.load_settings(guild_id)
        return saved if saved.version else saved.model_copy(update=self.defaults)

    async def language(self, guild_id: int, discord_locale: str) -> str:
        """The language a guild's public messages speak: the one chosen in /ludo settings, else `discord_locale`
        (the guild's own)."""
        return (await self.settings(guild_id)).language or discord_locale

    async def start_rules(self, guild_id: int) -> engine.Rules:
        """The rules a `/ludo start` in this guild plays when it is given no preset nor rule options: its settings'
        preset (classic unless /ludo settings chose another) with their rule options."""
        current = await self.settings(guild_id)
        return lobby_rules(LobbyRecord(id="probe", guild_id=guild_id, channel_id=0, host_id=0, preset=current.preset,
                                       options=current.options))

    async def update(self, guild_id: int, changes: Mapping[str, Any]) -> GuildSettings:
        """Change some of a guild's settings (compare-and-set); `Refused` for impossible values."""
        current = await self.settings(guild_id)
        if "preset" in changes or "options" in changes:
            probe = LobbyRecord(id="probe", guild_id=guild_id, channel_id=0, host_id=0,
                                preset=changes.get("preset", current.preset), options=changes.get("options", {}))
            lobby_rules(probe)
        if changes.get("language") not in (None, *SPOKEN):
            raise Refused("refused.settings", error=Term("settings_error.language", {"value": changes["language"]}))
        try:
            updated = GuildSettings.model_validate({**current.model_dump(), **changes})
        except ValueError as error:  # pydantic's, in English: named by the first setting it names, for the player
            named = [name for name in changes if name in str(error)] or ["settings"]
            raise Refused("refused.settings", error=Term("settings_error.value", {"option": named[0]})) from error
        try:
            return await self.storage.settings.save_settings(updated)
        except Conflict as conflict:
            raise Refused("refused.settings_race") from conflict
