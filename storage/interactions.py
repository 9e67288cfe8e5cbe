"""Once-only handling of Discord interactions: several bot processes may receive the same one. And the inboxes
that let one process answer for another that died: each process files the interactions it is handling, and beats;
a process whose beat stopped is adopted by one other, which gets its unanswered interactions.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import cast

from redis.commands.core import AsyncScript

from storage import keys, scripts
from storage.client import Redis, guard

CLAIM_TTL = 15 * 60  # Discord interaction tokens live 15 minutes


async def claim_interaction(redis: Redis, interaction_id: int | str, ttl: int = CLAIM_TTL) -> bool:
    """True for the first caller only (SET NX with expiry)."""
    async with guard("claim interaction"):
        return bool(await redis.set(keys.interaction(interaction_id), "1", nx=True, ex=ttl))


class Inboxes:
    """The interactions each bot process instance is handling, and the instances' beats."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._forget: AsyncScript = redis.register_script(scripts.DELETE_FIELD_IF_EQUAL)

    async def claim(self, instance: str, interaction_id: int, payload: str) -> bool:
        """`claim_interaction`, and (in the same round trip) file the interaction in `instance`'s inbox. A
        claim lost to another process leaves nothing filed."""
        async with guard("claim interaction"), self.redis.pipeline(transaction=False) as pipe:
            pipe.set(keys.interaction(interaction_id), "1", nx=True, ex=CLAIM_TTL)
            pipe.hsetnx(keys.inbox(instance), str(interaction_id), payload)
            won, _ = await pipe.execute()
            if not won:
                await self.redis.hdel(keys.inbox(instance), str(interaction_id))
        return bool(won)

    async def file(self, instance: str, interaction_id: int, payload: str) -> None:
        """File an interaction in `instance`'s inbox (claimed elsewhere: a game click in its game's step)."""
        async with guard("file interaction"):
            await self.redis.hset(keys.inbox(instance), str(interaction_id), payload)

    async def unfile(self, instance: str, interaction_id: int) -> None:
        """Take an interaction out of `instance`'s inbox at once (another process has it)."""
        async with guard("unfile interaction"):
            await self.redis.hdel(keys.inbox(instance), str(interaction_id))

    async def beat(self, instance: str, now: float, answered: Collection[int] = ()) -> None:
        """`instance` is alive at `now`, and the `answered` interactions are out of its inbox (one round trip on
        one server: the two keys are in different slots, so no transaction)."""
        async with guard("beat"), self.redis.pipeline(transaction=False) as pipe:
            pipe.hset(keys.PROCESSES, instance, repr(now))
            if answered:
                pipe.hdel(keys.inbox(instance), *map(str, answered))
            await pipe.execute()

    async def adopt(self, instance: str, now: float, dead_after: float) -> list[str]:
        """Take over every other instance whose last beat is older than `dead_after` seconds: exactly one
        adopter wins each; returns the payloads of their unanswered interactions (their inboxes are emptied)."""
        async with guard("adopt processes"):
            beats = cast(dict[str, str], await self.redis.hgetall(keys.PROCESSES))
        payloads: list[str] = []
        for other, beat in beats.items():
            if other == instance or float(beat) > now - dead_after:
                continue
            async with guard("adopt process"):
                if not await self._forget(keys=[keys.PROCESSES], args=[other, beat]):
                    continue  # another process adopted it, or it beat again
                async with self.redis.pipeline(transaction=True) as pipe:
                    pipe.hvals(keys.inbox(other))
                    pipe.delete(keys.inbox(other))
                    found, _ = await pipe.execute()
            payloads += found
        return payloads

    async def leave(self, instance: str) -> None:
        """A clean stop: nothing to adopt."""
        async with guard("leave"):
            await self.redis.hdel(keys.PROCESSES, instance)
            await self.redis.delete(keys.inbox(instance))
