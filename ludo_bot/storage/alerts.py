"""Turn alerts by direct message: who wants them, the queue of alerts to send, the members' DM channels (see
storage.keys for the layout and each key's bound).

An alert is queued once: `queue` refuses one that is queued, being sent, or was sent in the last day (the same
turn's alert of two racing saves, a retried step). A worker claims due alerts for a lease (`claim`), at most one
per member every `gap` seconds (Discord lets a bot post 5 messages per 5 s in a channel, a DM channel included), and
takes each out of the queue just before sending it (`take`): an alert whose worker died before that is claimed
again when its lease ends; one that was taken is never sent twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast

from ludo_bot.storage import keys, scripts
from ludo_bot.storage.client import Redis, guard
from ludo_bot.storage.lua import Lua
from ludo_bot.storage.tokens import token

TURN, REMIND = "turn", "remind"  # kinds of alert: the turn began; the turn's reminder
SENT_KEPT = 24 * 3600  # seconds a sent (or dropped) alert is remembered, so that it is never queued again
DM_CHANNEL_TTL = 24 * 3600  # seconds a member's DM channel id is kept
DEFAULT_LEASE = 60.0
State = Literal["on", "refused"]


@dataclass(frozen=True, slots=True)
class Alert:
    """One DM to send: `user_id` is to play `seat`'s turn `turn` (the seat's turns played before it) of a game."""

    user_id: int
    game_id: str
    seat: int
    turn: int
    kind: str

    @property
    def member(self) -> str:
        """The queue's member: the user first (spacing reads it), then what makes the alert one of a kind."""
        return f"{self.user_id}:{self.game_id}:{self.seat}.{self.turn}:{self.kind}"

    @classmethod
    def parse(cls, member: str) -> Alert:
        """Read a queue member (`ValueError` if it is not one)."""
        user, game_id, turn, kind = member.split(":")
        seat, _, number = turn.partition(".")
        return cls(int(user), game_id, int(seat), int(number), kind)


@dataclass(frozen=True, slots=True)
class AlertClaim:
    """A claimed alert: take it with `AlertStore.take` before `lease_until`."""

    alert: Alert
    token: str
    lease_until: float


@dataclass(frozen=True, slots=True)
class AlertSetting:
    """A member's alerts: `on`, or `refused` (switched off after Discord refused a DM; not told yet), and the
    locale their DMs speak."""

    state: State
    locale: str

    @property
    def value(self) -> str:
        return f"{self.state} {self.locale}"

    @classmethod
    def parse(cls, value: str) -> AlertSetting | None:
        """A stored value; None for one that is not (it counts as off)."""
        state, _, locale = value.partition(" ")
        if state not in ("on", "refused") or not locale:
            return None
        return cls(state, locale)  # type: ignore[arg-type]  # checked above


@dataclass(frozen=True, slots=True)
class Claimed:
    """What one claim brought: the alerts, the settings' generation, and when the queue's next alert is due."""

    claims: list[AlertClaim]
    generation: int
    next_due: float | None


class AlertStore:
    """The members' alert settings, the alert queue and the DM channels known."""

    def __init__(self, redis: Redis, *, lease: float = DEFAULT_LEASE) -> None:
        self.redis = redis
        self.lease = lease
        self._change: Lua = Lua(redis, scripts.CHANGE_ALERTS)
        self._queue: Lua = Lua(redis, scripts.QUEUE_ALERT)
        self._claim: Lua = Lua(redis, scripts.CLAIM_ALERTS)
        self._take: Lua = Lua(redis, scripts.TAKE_ALERT)

    # -- settings --------------------------------------------------------------------------------------------
    async def setting(self, user_id: int) -> AlertSetting | None:
        """A member's alert setting (None: off)."""
        async with guard("read alert setting"):
            value = cast(str | None, await self.redis.hget(keys.ALERT_USERS, str(user_id)))
        return AlertSetting.parse(value) if value else None

    async def settings(self) -> tuple[int, dict[int, AlertSetting]]:
        """Every member's setting, and the generation they are of (a change meanwhile shows as a newer one)."""
        async with guard("read alert settings"), self.redis.pipeline(transaction=True) as pipe:
            pipe.get(keys.ALERT_GEN)
            pipe.hgetall(keys.ALERT_USERS)
            generation, values = await pipe.execute()
        found = {int(user): setting for user, value in values.items()
                 if user.isdigit() and (setting := AlertSetting.parse(value)) is not None}
        return int(generation or 0), found

    async def change(self, user_id: int, new: AlertSetting | None, *, when: State | Literal["", "-"] = ""
                     ) -> tuple[bool, AlertSetting | None]:
        """Set (None: remove) a member's setting if its state is `when` ('' any, '-' none). Returns whether it
        changed and the setting before."""
        async with guard("change alert setting", key=keys.ALERT_USERS):
            found = await self._change(keys=[keys.ALERT_USERS, keys.ALERT_GEN],
                                       args=[user_id, when, new.value if new else ""])
        changed = bool(int(found[0]))
        return changed, (AlertSetting.parse(found[1]) if changed and found[1] else None)

    # -- the queue -------------------------------------------------------------------------------------------
    async def queue(self, alert: Alert, due_at: float) -> bool:
        """Queue an alert, unless it is queued or was sent already. True if queued."""
        async with guard("queue alert", key=keys.ALERT_QUEUE):
            added = await self._queue(keys=[keys.ALERT_QUEUE, keys.ALERT_SENT], args=[alert.member, due_at])
        return bool(added)

    async def claim(self, *, now: float, limit: int, gap: float, lease: float | None = None) -> Claimed:
        """Claim up to `limit` due alerts, at most one per member every `gap` seconds, each for `lease` seconds."""
        until = now + (self.lease if lease is None else lease)
        async with guard("claim alerts", key=keys.ALERT_QUEUE):
            flat: list[str] = await self._claim(
                keys=[keys.ALERT_CLAIMS, keys.ALERT_QUEUE, keys.ALERT_SPACED, keys.ALERT_GEN],
                args=[now, until, limit, token(), gap])
        claims = []
        for i in range(2, len(flat), 2):
            try:
                claims.append(AlertClaim(Alert.parse(flat[i]), flat[i + 1], until))
            except ValueError:  # not an alert (written by hand?): taken out, so that it does not come back
                await self._take_member(flat[i], flat[i + 1], now)
        return Claimed(claims, int(flat[0]), float(flat[1]) if flat[1] else None)

    async def take(self, claim: AlertClaim, *, now: float) -> bool:
        """Take a claimed alert out of the queue for good, as it is sent (or dropped). False if the claim was lost
        (its lease ended and another worker claimed it)."""
        return await self._take_member(claim.alert.member, claim.token, now)

    async def _take_member(self, member: str, token: str, now: float) -> bool:
        async with guard("take alert", key=keys.ALERT_QUEUE):
            taken = await self._take(keys=[keys.ALERT_CLAIMS, keys.ALERT_QUEUE, keys.ALERT_SENT],
                                     args=[member, token, now, SENT_KEPT])
        return bool(taken)

    async def waiting(self) -> list[tuple[Alert, float]]:
        """Every alert in the queue (due or claimed), with when it is due (or its lease ends), soonest first."""
        async with guard("read alerts"):
            found = cast(list[tuple[str, float]], await self.redis.zrange(keys.ALERT_QUEUE, 0, -1, withscores=True))
        return [(Alert.parse(member), score) for member, score in found if member.count(":") == 3]

    async def due_at(self, alert: Alert) -> float | None:
        """When a queued alert is due (or its lease ends); None if it is not queued."""
        async with guard("read alert"):
            score: float | None = await self.redis.zscore(keys.ALERT_QUEUE, alert.member)
        return score

    # -- DM channels -----------------------------------------------------------------------------------------
    async def dm_channel(self, user_id: int) -> int | None:
        """The member's DM channel id, if known."""
        async with guard("read DM channel"):
            found = cast(str | None, await self.redis.get(keys.dm_channel(user_id)))
        return int(found) if found and found.isdigit() else None

    async def remember_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        """Keep (None: forget) the member's DM channel id, for `DM_CHANNEL_TTL` seconds."""
        async with guard("write DM channel"):
            if channel_id is None:
                await self.redis.delete(keys.dm_channel(user_id))
            else:
                await self.redis.set(keys.dm_channel(user_id), channel_id, ex=DM_CHANNEL_TTL)
