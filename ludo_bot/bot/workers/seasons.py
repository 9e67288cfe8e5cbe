"""The season worker: when a guild's rating season has ended it posts the season's final top ten in the guild's
`season_channel` (every bot process runs one; `service.seasons` keeps each final once, and only the worker that kept
it posts it). A season with no rated game posts nothing; a guild with no `season_channel` keeps its final (shown by
`/ludo leaderboard season:previous`) without a post. A post Discord refuses (the channel gone, the bot without access
to it) is logged and not tried again: the final stays readable all the same. Storage trouble waits the pulse's
backoff; an end claimed but not seen through is claimed again when its lease ends.
"""

from __future__ import annotations

import logging

import discord

from ludo_bot.bot.messages import NO_PINGS, standings_text
from ludo_bot.bot.plumbing.outbox import Outbox
from ludo_bot.bot.plumbing.pacing import SEND
from ludo_bot.bot.plumbing.translator import GUILD_DEFAULT
from ludo_bot.service import Service
from ludo_bot.service.runtime.workers import PolledWorker, Polling
from ludo_bot.service.seasons import Ended
from ludo_bot.service.words.i18n import translate

logger = logging.getLogger(__name__)
POLLING = Polling(idle=1.0, backoff_first=0.5, backoff_cap=30.0, stale_after=300.0)  # a look every second at least
# (two round trips: as cheap as the alerts'); dead after 5 minutes without a look that did its work


class SeasonWorker(PolledWorker):
    """Seasons' final top tens, for as long as the bot runs (`run`)."""

    name = "seasons"

    def __init__(self, client: discord.Client, service: Service, outbox: Outbox, polling: Polling = POLLING) -> None:
        super().__init__(service.clock, polling)  # (the clock seasons are told by)
        self.client = client
        self.service = service
        self.outbox = outbox

    async def step(self) -> float | None:
        for ended in await self.service.seasons.ended():
            await self.post(ended)
            await self.service.seasons.done(ended)
        return await self.service.seasons.next_end()

    async def post(self, ended: Ended) -> None:
        """Post a kept final in the guild's season channel, in the guild's language (never raises but for storage
        trouble: the final is kept either way)."""
        if ended.channel_id is None:
            return
        guild = self.client.get_guild(ended.guild_id)
        lang = ended.language or (guild.preferred_locale.value if guild is not None else GUILD_DEFAULT)
        text = (translate(lang, "season.over", season=ended.season_id) + "\n"
                + standings_text(lang, ended.standings))
        channel = self.client.get_partial_messageable(ended.channel_id, guild_id=ended.guild_id)
        try:
            await self.outbox.call(SEND, lambda: channel.send(text, allowed_mentions=NO_PINGS),
                                   channel_id=ended.channel_id)  # (a channel that refuses the bot: not asked)
        except discord.HTTPException as error:
            logger.warning("season %s of guild %s: the final top ten was kept but not posted: %s", ended.season_id,
                           ended.guild_id, error)
