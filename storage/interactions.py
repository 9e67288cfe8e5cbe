"""Once-only handling of Discord interactions: several bot processes may receive the same one."""

from __future__ import annotations

from storage import keys
from storage.client import Redis, guard

CLAIM_TTL = 15 * 60  # Discord interaction tokens live 15 minutes


async def claim_interaction(redis: Redis, interaction_id: int | str, ttl: int = CLAIM_TTL) -> bool:
    """True for the first caller only (SET NX with expiry)."""
    async with guard("claim interaction"):
        return bool(await redis.set(keys.interaction(interaction_id), "1", nx=True, ex=ttl))
