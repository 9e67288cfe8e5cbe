"""The stand-in's settings, one object shared by its parts: a test changes one on the `StandIn` (`standin.token_lifetime
= 0.0`) and every part sees it at once."""

from __future__ import annotations

from dataclasses import dataclass

from . import limits


@dataclass
class Settings:
    token: str
    response_deadline: float = 3.0
    """Seconds a bot has for its first response to an interaction (Discord: 3)."""
    token_lifetime: float = 15 * 60.0
    """Seconds an interaction token stays valid for followups and edits (Discord: 15 minutes)."""
    upload_limit: int = limits.DEFAULT_UPLOAD_LIMIT
    full_member_lists: bool = True
    """GUILD_CREATE lists every member (convenient); False behaves like Discord without the presences intent (only
    the bot; the rest via member chunking when the bot has the members intent)."""
    require_registered_commands: bool = False
    """`slash()` refuses commands the bot has not synced (Discord would not show them)."""
    recommended_shards: int = 1
    patch_discord: bool = True
    """Point discord.py's REST base and default gateway at the stand-in while it runs."""
    application_flags: int = (1 << 19) | (1 << 23)  # the message content and members intents, "limited"
    rate_limits: bool = True
    """Enforce Discord's rate limits (ratelimits.py). Off, requests are still counted."""
    schema_checks: bool = True
    """Refuse request bodies that Discord's OpenAPI description does not allow (openapi.py)."""
    invalid_request_limit: int = 10_000
    """More 401/403/429 answers than this within `invalid_request_window` seconds is a violation (Discord bans the
    address)."""
    invalid_request_window: float = 600.0
    port: int = 0
    """The port the stand-in serves on, once started."""

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"
