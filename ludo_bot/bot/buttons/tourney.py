"""A tournament's sign-up buttons (Join, Leave, Start): each click edits the clicked message into the tournament as
it is now. Start is checked for the channel's permissions first (`bot.plumbing.channel_rights.StartChecked`)."""

from __future__ import annotations

from typing import Any

import discord

from ludo_bot.bot.clicks import Clicks
from ludo_bot.bot.live import edit_clicked
from ludo_bot.bot.tourney_posts import standing_post
from ludo_bot.service import Service


class TourneyButtons:
    """Clicks on a sign-up's buttons (see `bot.buttons.components.TourneyButton`)."""

    def __init__(self, service: Service, clicks: Clicks) -> None:
        self.service = service
        self.clicks = clicks

    async def click(self, interaction: discord.Interaction[Any], tournament_id: str, version: int, verb: str) -> None:
        async def work() -> None:
            if not await self.clicks.first(interaction, tournament_id):
                return
            user = interaction.user
            tournaments = self.service.tournaments
            if verb == "join":
                record = await tournaments.join(tournament_id, version, user.id, user.display_name)
            elif verb == "leave":
                record = await tournaments.withdraw(tournament_id, version, user.id)
            else:
                record = await tournaments.start(tournament_id, version, user.id)
            post = standing_post(record, None)  # (a started one's picture follows with its tables)
            await edit_clicked(interaction, content=post.content, view=post.view)

        await self.clicks.guard(interaction, work, game_id=tournament_id)
