"""Once-only handling of Discord interactions (several bot processes may receive the same one), and the inboxes
that let one process answer for another that died.

A click on a game's (or lobby's) buttons is claimed in the game's own slot, together with filing its gateway
payload in the game's inbox and, for a move, loading the game (`scripts.CLAIM_CLICK`): one command. So that an
adopter can find those inboxes, each process keeps a registry of the games it filed clicks in, written in the same
round trip when a game is not registered recently (`REGISTER_EVERY`). Answered clicks leave the inbox with the next
claim on the game (the process passes their ids), and any entry leaves once it is too old to answer. Interactions
that belong to no game (commands) are claimed with a key of their own and filed nowhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from redis.asyncio.cluster import RedisCluster
from redis.exceptions import NoScriptError

from ludo_bot.storage import keys, scripts
from ludo_bot.storage.client import Redis, guard
from ludo_bot.storage.lua import Lua
from ludo_bot.storage.tokens import token

CLAIM_TTL = 15 * 60  # seconds a claim is kept: Discord interaction tokens live 15 minutes
INBOX_KEPT = 10  # seconds a click stays in its game's inbox at most (an adopter answers within 3 seconds)
REGISTRY_KEPT = 120  # seconds a game stays in a process's registry (it is registered again every REGISTER_EVERY)
REGISTER_EVERY = 30  # seconds between two registrations of one game by one process


async def claim_interaction(redis: Redis, interaction_id: int | str, ttl: int = CLAIM_TTL) -> bool:
    """True for the first caller only (SET NX with expiry): for interactions that belong to no game."""
    async with guard("claim interaction"):
        return bool(await redis.set(keys.interaction(interaction_id), "1", nx=True, ex=ttl))


@dataclass(frozen=True, slots=True)
class Filing:
    """A click's gateway payload filed by a process instance in the game's inbox as it is claimed."""

    instance: str
    payload: str
    register: bool = False  # the game goes into the instance's registry in the same round trip
    answered: Sequence[int] = ()  # the instance's clicks on this game answered since (out of the inbox)


class Inboxes:
    """Claims of clicks, the games' inboxes, the processes' registries and beats."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._claim: Lua = Lua(redis, scripts.CLAIM_CLICK)
        self._adopt: Lua = Lua(redis, scripts.ADOPT_CLICKS)
        self._forget: Lua = Lua(redis, scripts.DELETE_FIELD_IF_EQUAL)
        self._beat: Lua = Lua(redis, scripts.BEAT)

    async def claim(self, game_id: str, interaction_id: int, *, now: float, filing: Filing | None = None,
                    read_game: bool = False) -> list[Any] | None:
        """Claim a click on a game's (or lobby's) buttons: None when it was claimed before (the click is another
        process's, or a repeated delivery's), else [] or, with `read_game`, the game hash's fields v, rec, m (None for
        a missing one). A retry of this call after a lost reply finds the claim its own."""
        claim_keys = [keys.clicks(game_id), keys.click_inbox(game_id)] + ([keys.game(game_id)] if read_game else [])
        args: list[Any] = [interaction_id, now, CLAIM_TTL, INBOX_KEPT]
        # a token of this call: redis-py sends a command again when its reply timed out, and the claim that landed
        # the first time is then this call's own, not another delivery's
        mine = token()
        args += [filing.instance, filing.payload, mine, *filing.answered] if filing else ["", "", mine]
        async with guard(f"claim a click on {game_id}", key=claim_keys[0]):
            if filing is not None and filing.register:  # the registry first, in the same round trip
                reply = await self._registered_claim(filing.instance, game_id, now, claim_keys, args)
            else:
                reply = await self._claim(keys=claim_keys, args=args)
        if not int(reply[0]):
            return None
        return [value or None for value in reply[1:]]

    async def _registered_claim(self, instance: str, game_id: str, now: float, claim_keys: list[str],
                                args: list[Any]) -> list[Any]:
        if isinstance(self.redis, RedisCluster):  # redis-py's cluster pipelines refuse scripts: one step after the
            await self.redis.zadd(keys.registry(instance), {game_id: now})  # other (a game registers every 30 s)
            return cast(list[Any], await self._claim(keys=claim_keys, args=args))
        for attempt in range(2):
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    pipe.zadd(keys.registry(instance), {game_id: now})
                    pipe.evalsha(self._claim.sha, len(claim_keys), *claim_keys, *args)
                    _, reply = await pipe.execute()
                return cast(list[Any], reply)
            except NoScriptError:  # a restarted server: load the script, once
                if attempt:
                    raise
                await self.redis.script_load(scripts.CLAIM_CLICK)
        raise AssertionError("unreachable")

    async def beat(self, instance: str, now: float) -> dict[str, str]:
        """`instance` is alive at `now`: returns every instance's last beat (one command)."""
        async with guard("beat"):
            flat = cast(list[str], await self._beat(keys=[keys.PROCESSES], args=[instance, repr(now)]))
        return dict(zip(flat[::2], flat[1::2], strict=True))

    async def trim(self, instance: str, now: float) -> None:
        """Games registered too long ago leave `instance`'s registry."""
        async with guard("trim registry"):
            await self.redis.zremrangebyscore(keys.registry(instance), "-inf", now - REGISTRY_KEPT)

    async def adopt(self, instance: str, now: float, dead_after: float,
                    beats: dict[str, str] | None = None) -> list[str]:
        """Take over every other instance whose last beat (in `beats`, as `beat` returns them, else read) is older
        than `dead_after` seconds: exactly one adopter wins each; returns the payloads of their unanswered clicks
        (taken out of the inboxes)."""
        if beats is None:
            async with guard("adopt processes"):
                beats = cast(dict[str, str], await self.redis.hgetall(keys.PROCESSES))
        payloads: list[str] = []
        for other, beat in beats.items():
            if other == instance or float(beat) > now - dead_after:
                continue
            async with guard("adopt process"):
                if not await self._forget(keys=[keys.PROCESSES], args=[other, beat]):
                    continue  # another process adopted it, or it beat again
                games = cast(list[str], await self.redis.zrange(keys.registry(other), 0, -1))
                for game_id in games:
                    payloads += await self._adopt(keys=[keys.click_inbox(game_id)], args=[other])
                await self.redis.delete(keys.registry(other))
        return payloads

    async def leave(self, instance: str) -> None:
        """A clean stop: nothing to adopt."""
        async with guard("leave"):
            await self.redis.hdel(keys.PROCESSES, instance)
            await self.redis.delete(keys.registry(instance))
