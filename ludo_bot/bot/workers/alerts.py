"""The alert worker: sends the turn alerts `service.alerts` queued, as direct messages (every bot process runs one;
each alert is claimed by one of them).

Discord's limits for a DM: opening the DM channel (POST /users/@me/channels) and each message in it (POST
/channels/{dm}/messages: 5 per 5 s per channel) count against the bot's 50 requests a second. So:
- alerts to one member are spaced (`service.alerts.GAP`, when they are claimed: across processes);
- a member's DM channel id is kept in storage for a day, so most alerts are one request;
- every request goes through the outbox, at the lowest priority (a DM repeats what the channel's new message says
  already), paced under the process's share of the global limit, tried again after a 429 or a server error;
- Discord refusing the DM (code 50007: the member's settings, or they blocked the bot) switches their alerts off,
  to be told (see bot.alerts); one refusal per member, so refusals never approach the limit on invalid requests.
An alert is taken out of the queue for good just before it is sent (at most once): one whose send fails is lost,
and logged. Storage trouble stops the worker for a while (the pulse's backoff, see `service.runtime.workers`), never for
good; the supervisor starts the loop again should anything else escape it.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from ludo_bot.bot.alerts import alert_post
from ludo_bot.bot.messages import NO_PINGS
from ludo_bot.bot.plumbing.outbox import Outbox
from ludo_bot.bot.plumbing.pacing import DELETE
from ludo_bot.service import AlertClaim, Service, StorageError
from ludo_bot.service.runtime.workers import PolledWorker, Polling

logger = logging.getLogger(__name__)
POLLING = Polling(idle=1.0, backoff_first=1.0, backoff_cap=30.0, stale_after=300.0)  # a look at the queue every
# second at least; dead after 5 minutes without a look that did its work (a look may send 10 alerts, each waiting
# for its turn under the global limit)
ALERT = DELETE + 1  # the outbox priority of an alert's requests: after every call that keeps a channel right
CANNOT_DM = 50007  # Discord: "Cannot send messages to this user"
UNKNOWN_CHANNEL = 10003


class AlertWorker(PolledWorker):
    """Turn alerts, for as long as the bot runs (`run`): it claims due alerts and sends them (one of any number of
    workers). A storage error waits the pulse's backoff and tries again (a claimed alert is claimed again once its
    lease ends)."""

    name = "alerts"

    def __init__(self, client: discord.Client, service: Service, outbox: Outbox, polling: Polling = POLLING) -> None:
        super().__init__(service.clock, polling)  # (the clock alerts are queued by)
        self.client = client
        self.service = service
        self.outbox = outbox

    async def step(self) -> float | None:
        claims, next_due = await self.service.alerts.due()
        for result in await asyncio.gather(*(self._one(c) for c in claims), return_exceptions=True):
            if isinstance(result, BaseException):
                raise result
        return next_due

    async def _one(self, claim: AlertClaim) -> None:
        """Send one alert; anything but storage trouble is logged here (one bad alert must not stop the others)."""
        try:
            await self._send(claim)
        except StorageError:
            raise
        except Exception:
            logger.exception("alert %s failed", claim.alert.member)

    async def _send(self, claim: AlertClaim) -> None:
        ready = await self.service.alerts.take(claim)
        if ready is None:  # the turn is over, or the member turned alerts off
            return
        user = ready.alert.user_id
        try:
            channel_id = await self._dm_channel(user)
            post = await alert_post(ready)
            channel = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
            await self.outbox.call(ALERT, lambda: channel.send(post.content, files=post.files(),
                                                               allowed_mentions=NO_PINGS))
        except discord.HTTPException as error:
            if error.code == CANNOT_DM:
                logger.info("user %s does not accept direct messages: their turn alerts are switched off", user)
                await self.service.alerts.refused(user, ready.locale)
                return
            if error.code == UNKNOWN_CHANNEL:  # the DM channel kept is gone: the next alert opens it again
                await self.service.alerts.remember_dm_channel(user, None)
            logger.warning("alert %s not sent: %s", ready.alert.member, error)

    async def _dm_channel(self, user_id: int) -> int:
        """The member's DM channel: kept in storage, else opened (and kept)."""
        known = await self.service.alerts.dm_channel(user_id)
        if known is None:
            opened = await self.outbox.call(ALERT, lambda: self.client.create_dm(discord.Object(user_id)))
            known = opened.id
            await self.service.alerts.remember_dm_channel(user_id, known)
        return known
