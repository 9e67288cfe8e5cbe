"""The bot's settings, from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from service import LobbyLimits, limits
from service.cooldowns import COOLDOWNS


class BotSettings(BaseSettings):
    """Everything an operator sets. The token is a secret: it is never printed or logged."""

    # (an empty value, as .env.example leaves the optional ones, means unset)
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr | None = None
    redis_url: str | None = None  # none: an embedded Redis server keeps its data in ludo_data_dir
    ludo_data_dir: str = "./data"
    # the embedded server's memory limit (Redis's notation; 0: none): at the limit writes are refused, never a game
    # evicted (see README, "Sizing Redis"); with REDIS_URL, set maxmemory on that server
    redis_maxmemory: str = Field(default="512mb", pattern=r"(?i)^[0-9]+(b|k|kb|m|mb|g|gb)?$")
    # a game nobody played for this long ends as abandoned (no results), at its next turn time-out
    idle_end_days: float = Field(default=7.0, gt=0, le=365)
    # finished and ended games (their record and log: replays, /ludo verify and export) are kept this long
    game_retention_days: float = Field(default=30.0, gt=0, le=3650)
    dev_guild_id: int | None = None  # with it, commands are synced to that guild at start-up
    shard_count: int | None = None
    shard_ids: Annotated[list[int] | None, NoDecode] = None  # e.g. "0,1": the shards this process runs
    # defaults for guilds that never saved /ludo settings
    turn_deadline: int = Field(default=24 * 3600, ge=30)
    reminder_before: int = Field(default=3600, ge=0)
    timeout_action: Literal["ai", "skip", "forfeit"] = "ai"
    forfeit_after: int = Field(default=3, ge=1)
    # limits on opening lobbies (service.limits; 0 turns one off): open lobbies a user hosts in a guild at once, open
    # lobbies plus active games in a guild at once, and the token buckets (lobbies in a row, seconds per new token)
    lobby_open_user: int = Field(default=limits.OPEN_PER_USER, ge=0)
    lobby_open_guild: int = Field(default=limits.OPEN_PER_GUILD, ge=0)
    lobby_burst_user: int = Field(default=limits.BURST_USER, ge=0)
    lobby_refill_user: float = Field(default=limits.REFILL_USER, gt=0)
    lobby_burst_guild: int = Field(default=limits.BURST_GUILD, ge=0)
    lobby_refill_guild: float = Field(default=limits.REFILL_GUILD, gt=0)
    # button clicks one process handles at once; more wait (and are deferred in time). Keep it below the storage
    # client's 64 connections, which the deadline worker and commands share
    max_concurrent_clicks: int = Field(default=32, ge=1, le=60)
    # requests a second Discord allows the bot token across the API (its global limit; 50 unless Discord raised
    # it for this bot), split between processes by their share of the shards (see bot.outbox.Pacer.within);
    # interaction responses do not count against it
    discord_global_limit: float = Field(default=50.0, gt=0)
    # seconds a user waits between two uses of an expensive command (service.cooldowns; 0: no wait)
    cooldown_replay: float = Field(default=COOLDOWNS["replay"], ge=0)
    cooldown_verify: float = Field(default=COOLDOWNS["verify"], ge=0)
    cooldown_export: float = Field(default=COOLDOWNS["export"], ge=0)
    cooldown_board: float = Field(default=COOLDOWNS["board"], ge=0)
    cooldown_review: float = Field(default=COOLDOWNS["review"], ge=0)
    cooldown_review_post: float = Field(default=COOLDOWNS["review_post"], ge=0)
    # the HTTP endpoint of this process for Prometheus (/metrics) and health checks (/health): off when unset, 0
    # takes a free port; on 127.0.0.1 unless metrics_host says otherwise (0.0.0.0 for a scraper in another container)
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    metrics_host: str = "127.0.0.1"
    log_level: str = "INFO"

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        if isinstance(value, str):
            return [int(part) for part in value.replace(" ", "").split(",") if part]
        return value

    def guild_defaults(self) -> dict[str, object]:
        """The guild-settings fields an operator's environment overrides."""
        return {"turn_deadline": self.turn_deadline, "reminder_before": self.reminder_before,
                "timeout_action": self.timeout_action, "forfeit_after": self.forfeit_after}

    def maxmemory(self) -> str | None:
        """The embedded server's memory limit (None: no limit)."""
        return self.redis_maxmemory if int(self.redis_maxmemory.rstrip("bBkKmMgG")) else None

    def requests_per_second(self) -> float:
        """This process's share of the token's global limit."""
        share = len(self.shard_ids) / self.shard_count if self.shard_ids and self.shard_count else 1.0
        return self.discord_global_limit * share

    def open_limits(self) -> LobbyLimits:
        """The limits on opening lobbies."""
        return LobbyLimits(open_per_user=self.lobby_open_user, open_per_guild=self.lobby_open_guild,
                           burst_user=self.lobby_burst_user, refill_user=self.lobby_refill_user,
                           burst_guild=self.lobby_burst_guild, refill_guild=self.lobby_refill_guild)

    def cooldowns(self) -> dict[str, float]:
        """Seconds between two uses of each expensive command by one user."""
        return {command: float(getattr(self, f"cooldown_{command}")) for command in COOLDOWNS}
