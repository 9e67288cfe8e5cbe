"""The bot's settings, from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from ludo_bot.service import LobbyLimits, limits
from ludo_bot.service.cooldowns import COOLDOWNS


def _wait(command: str, uses: str) -> Any:
    """The field of an expensive command's per-user wait (service.cooldowns)."""
    return Field(default=COOLDOWNS[command], ge=0,
                 description=f"Seconds one user waits between two {uses}, across every process (`0`: no wait).")


class BotSettings(BaseSettings):
    """Everything an operator sets. The token is a secret: it is never printed or logged."""

    # (an empty value, as .env.example leaves the optional ones, means unset)
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True)

    discord_token: SecretStr | None = Field(
        default=None, description="The bot's token from the Discord developer portal (Bot, then Reset Token). "
        "A secret: never printed or logged.")
    redis_url: str | None = Field(
        default=None, description="Where Redis is: `redis://host:6379/0`, `rediss://...` (TLS) or "
        "`unix:///path/redis.sock` for one server; `redis+cluster://host1:6379,host2:6379` (or `rediss+cluster://`) "
        "for a Redis Cluster, listing the nodes to start from. Unset: the bot runs an embedded Redis server with its "
        "data in `LUDO_DATA_DIR`.")
    ludo_data_dir: str = Field(
        default="./data", description="The folder of the embedded Redis server's data and of the health file that "
        "`ludo-bot health` reads.")
    # at the limit writes are refused, never a game evicted (docs/operators/redis.md)
    redis_maxmemory: str = Field(
        default="512mb", pattern=r"(?i)^[0-9]+(b|k|kb|m|mb|g|gb)?$",
        description="The embedded Redis server's memory limit, in Redis's notation (`512mb`, `1gb`; `0`: none). At "
        "the limit Redis refuses writes (players are asked to try again) and never drops a game. With `REDIS_URL`, "
        "set `maxmemory` on that server instead.")
    idle_end_days: float = Field(
        default=7.0, gt=0, le=365, description="A game nobody plays ends as abandoned (no results) at its first turn "
        "time-out this many days after a person last acted in it.")
    game_retention_days: float = Field(
        default=30.0, gt=0, le=3650, description="Days a finished, ended or abandoned game is kept after it ends "
        "(for replays, reviews, `/ludo verify` and `/ludo export`).")
    dev_guild_id: int | None = Field(
        default=None, description="Development: the commands are synced to this server at start-up, where they show "
        "at once.")
    shard_count: int | None = Field(
        default=None, description="The total number of shards, when several processes share the bot.")
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        default=None, description="The shards this process runs, separated by commas (e.g. `0,1`); with "
        "`SHARD_COUNT`.")
    turn_deadline: int = Field(
        default=24 * 3600, ge=30, description="Default seconds a turn may take, for servers that never used "
        "`/ludo settings`.")
    reminder_before: int = Field(
        default=3600, ge=0, description="Default seconds before the deadline at which the player is reminded (`0`: "
        "never), for servers that never used `/ludo settings`.")
    timeout_action: Literal["ai", "skip", "forfeit"] = Field(
        default="ai", description="Default for what happens at a turn's deadline: an AI plays the turn, the turn is "
        "skipped, or the player forfeits after `FORFEIT_AFTER` missed turns.")
    forfeit_after: int = Field(
        default=3, ge=1, description="Default missed turns in a row before a player forfeits, with `TIMEOUT_ACTION` "
        "`forfeit`.")
    # limits on opening lobbies (service.limits; 0 turns one off)
    lobby_open_user: int = Field(
        default=limits.OPEN_PER_USER, ge=0, description="Open lobbies one user may host in a server at once (not "
        "started, cancelled or expired), counting the games they play alone against AI seats (`0`: no limit).")
    lobby_open_guild: int = Field(
        default=limits.OPEN_PER_GUILD, ge=0, description="Open lobbies plus active games in one server at once "
        "(`0`: no limit).")
    lobby_burst_user: int = Field(
        default=limits.BURST_USER, ge=0, description="Lobbies one user may open in a row in a server before "
        "`LOBBY_REFILL_USER` paces them (`0`: no limit).")
    lobby_refill_user: float = Field(
        default=limits.REFILL_USER, gt=0, description="Seconds until a user who used up `LOBBY_BURST_USER` may open "
        "one more lobby.")
    lobby_burst_guild: int = Field(
        default=limits.BURST_GUILD, ge=0, description="Lobbies a whole server may open in a row before "
        "`LOBBY_REFILL_GUILD` paces them (`0`: no limit).")
    lobby_refill_guild: float = Field(
        default=limits.REFILL_GUILD, gt=0, description="Seconds until a server that used up `LOBBY_BURST_GUILD` "
        "may open one more lobby.")
    # kept below the storage client's 64 connections, which the deadline worker and commands share
    max_concurrent_clicks: int = Field(
        default=32, ge=1, le=60, description="Button clicks one process handles at once; more wait their turn (and "
        "are deferred in time, so they are still answered).")
    # split between processes by their share of the shards (bot.plumbing.pacing.Pacer.within)
    discord_global_limit: float = Field(
        default=50.0, gt=0, description="Requests a second Discord allows the bot token (50 unless Discord raised "
        "it for this bot). Each process uses its share of the shards of it, at most 60 % in any second; "
        "interaction responses do not count.")
    cooldown_replay: float = _wait("replay", "replays (the command or the button)")
    cooldown_verify: float = _wait("verify", "uses of `/ludo verify`")
    cooldown_export: float = _wait("export", "uses of `/ludo export`")
    cooldown_board: float = _wait("board", "uses of `/ludo board`")
    cooldown_review: float = _wait("review", "reviews (the button or `/ludo review`)")
    cooldown_review_post: float = _wait("review_post", "reviews posted in the channel")
    metrics_port: int | None = Field(
        default=None, ge=0, le=65535, description="The port of this process's HTTP endpoint for Prometheus "
        "(`/metrics`) and health checks (`/health`). Unset: no endpoint; `0`: a free port.")
    metrics_host: str = Field(
        default="127.0.0.1", description="The address the metrics endpoint listens on; `0.0.0.0` lets a Prometheus "
        "in another container or host scrape it.")
    log_level: str = Field(
        default="INFO", description="How much the bot logs: `DEBUG`, `INFO`, `WARNING` or `ERROR`.")

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
