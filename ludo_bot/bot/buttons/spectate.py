"""Watching a game: Spectate on the live game message (a private view of the board for anyone who can see the
game's channel) and that view's Refresh, and a finished game's animated replay (its button; the GIF and file
`/ludo replay` posts too). A game the member may not see (`bot.access`) is answered as one that does not exist."""

from __future__ import annotations

import io
from typing import Any

import discord

from ludo_bot.bot.access import Access
from ludo_bot.bot.clicks import Clicks
from ludo_bot.bot.errors import in_time
from ludo_bot.bot.live import edit_clicked
from ludo_bot.bot.messages import ALT_LIMIT, alt_text, board_alt, spectator_post
from ludo_bot.bot.plumbing.translator import user_locale
from ludo_bot.service import GameRecord, Refused, Service, state_of
from ludo_bot.service.words.i18n import translate


class Watching:
    """Clicks on Spectate, Refresh and Replay (see `bot.buttons.components.SpectateButton` and `AfterButton`)."""

    def __init__(self, service: Service, clicks: Clicks, access: Access) -> None:
        self.service = service
        self.clicks = clicks
        self.access = access

    async def _visible(self, interaction: discord.Interaction[Any], game_id: str, *,
                       with_log: bool = False) -> GameRecord:
        return await self.access.visible(interaction, await self.service.games.load(game_id, with_log=with_log),
                                         Refused("refused.no_game"))

    async def spectate(self, interaction: discord.Interaction[Any], game_id: str, *, refresh: bool) -> None:
        """Spectate: a private view of the live board for anyone; Refresh: that view brought up to date.
        Neither touches the players' message."""
        async def work() -> None:
            if not await self.clicks.first(interaction, game_id):
                return
            await self.show_privately(interaction, await self._visible(interaction, game_id), refresh=refresh)

        await self.clicks.guard(interaction, work, game_id=game_id)

    async def show_privately(self, interaction: discord.Interaction[Any], record: GameRecord, *,
                             refresh: bool = False) -> None:
        """The game's board as a private message with a Refresh button (`refresh`: the clicked one, updated)."""
        post = await in_time(interaction, spectator_post(record, self.service.clock(), user_locale(interaction)),
                             thinking=not refresh, ephemeral=True)
        if refresh:
            await edit_clicked(interaction, post=post)
        elif interaction.response.is_done():  # deferred: the followup completes the "thinking..." message
            await interaction.followup.send(post.content, files=post.files(), view=post.view, ephemeral=True,
                                            allowed_mentions=discord.AllowedMentions.none())
        else:
            await interaction.response.send_message(post.content, files=post.files(), view=post.view,
                                                    ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
        post.view.stop()  # discord.py gives a private message's view a timeout task; the buttons are
        # dynamic items, dispatched by their custom id without it

    async def replay(self, interaction: discord.Interaction[Any], game_id: str) -> None:
        async def work() -> None:
            record = await self._visible(interaction, game_id, with_log=True)  # before deferring: an unknown
            # game, a running one or a user who must wait is answered at once
            if record.active:
                raise Refused("refused.still_playing", id=record.id)
            self.service.replays.check()
            await self.service.cooldowns.take(interaction.user.id, "replay")
            if not interaction.response.is_done():  # (a click deferred in a burst is already)
                await interaction.response.defer(thinking=True, ephemeral=True)
            await self.clicks.unslotted(self.send_replay(interaction, record, user_locale(interaction)))

        await self.clicks.guard(interaction, work, game_id=game_id)

    async def send_replay(self, interaction: discord.Interaction[Any], record: GameRecord, lang: str, *,
                          public: bool = False) -> None:
        """Follow a deferred answer with the game's replay GIF: privately (the button), or for the channel (`public`,
        /ludo replay), in its turn (`service.replays.Replays.turn`: a few GIFs held at once)."""
        async with self.service.replays.turn():
            gif = await self.service.replays.gif(record, lang)
            await interaction.followup.send(translate(lang, "replay.public" if public else "replay.private",
                                                      id=record.id),
                                            ephemeral=not public, file=replay_file(record, gif, lang))


def replay_file(record: GameRecord, gif: bytes, lang: str) -> discord.File:
    """A replay GIF as an attachment whose description (alt text) tells the game and its final position."""
    told = translate(lang, "replay.alt", id=record.id, actions=record.log_length)
    return discord.File(io.BytesIO(gif), filename=f"ludo-{record.id}.gif",
                        description=alt_text(told + board_alt(record, state_of(record), lang,
                                                              limit=ALT_LIMIT - len(told) - 4)))
