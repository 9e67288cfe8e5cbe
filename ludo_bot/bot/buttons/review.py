"""A finished game's review: the Review button on its final message and `/ludo review <game>` answer privately,
with a chart of the win chances, what the dice and the choices did, and the asker's (else the winner's) three
costliest decisions drawn; the private answer's Post button shows the same in the channel for everyone. A game the
member may not see (`bot.access`) is answered as one that does not exist.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from ludo_bot.bot.access import Access
from ludo_bot.bot.buttons.components import review_view
from ludo_bot.bot.clicks import Clicks
from ludo_bot.bot.messages import DRAWING, alt_text, text_names
from ludo_bot.bot.plumbing.translator import user_locale
from ludo_bot.engine.actions import after_move, moves_made
from ludo_bot.engine.review import Review
from ludo_bot.render import WORDS, BoardView, render_board, render_chances
from ludo_bot.service import GameRecord, Refused, Service
from ludo_bot.service.reviews import Shown, focus_seat, review_lines, shown_decisions
from ludo_bot.service.seats import picture_names
from ludo_bot.service.words.i18n import templates, translate, translate_for_picture
from ludo_bot.service.words.text import clip


class ReviewAnswers:
    """Review (privately) and Post (for the channel)."""

    def __init__(self, service: Service, clicks: Clicks, access: Access) -> None:
        self.service = service
        self.clicks = clicks
        self.access = access

    async def answer(self, interaction: discord.Interaction[Any], game_id: str, *, public: bool,
                     load: Callable[[], Awaitable[GameRecord]] | None = None) -> None:
        """The review of a game that is over: privately, with a Post button; or (`public`) for the channel. `load`:
        how the game is found (a command's: in this server by id), else the button's game in a visible channel."""
        async def work() -> None:
            found = await load() if load else await self.access.visible(
                interaction, await self.service.games.load(game_id, with_log=True), Refused("refused.no_game"))
            if found.active:
                raise Refused("refused.review_playing", id=found.id)
            self.service.reviews.check()
            await self.service.cooldowns.take(interaction.user.id, "review_post" if public else "review")
            if not interaction.response.is_done():  # computing a long game's review takes seconds
                await interaction.response.defer(thinking=True, ephemeral=not public)
            await self.clicks.unslotted(self._send(interaction, found, public=public))

        await self.clicks.guard(interaction, work, game_id=game_id)

    async def _send(self, interaction: discord.Interaction[Any], record: GameRecord, *, public: bool) -> None:
        review = await self.service.reviews.review(record)
        lang = user_locale(interaction)
        seat = focus_seat(record, review, interaction.user.id)
        shown = shown_decisions(record, review, seat)
        lines = review_lines(record, review, lang, seat, shown, text_names(record, lang))
        if public:
            lines.insert(0, translate(lang, "review.shared", user=interaction.user.id))
        files = await asyncio.get_running_loop().run_in_executor(DRAWING, pictures, record, review, lang, seat, shown)
        view = discord.ui.View(timeout=None) if public else review_view(record.id, lang)
        await interaction.followup.send(clip("\n".join(lines)), files=files, ephemeral=not public, view=view,
                                        allowed_mentions=discord.AllowedMentions.none())
        view.stop()  # discord.py gives a sent view a timeout task; the button is a dynamic item, found by its id


def pictures(record: GameRecord, review: Review, lang: str, seat: int, shown: list[Shown]) -> list[discord.File]:
    """The chart and the decisions' positions (CPU work: on the drawing thread)."""
    names = picture_names(record, lang)
    words = templates(lang, "board.", WORDS)
    legend = tuple(names.get(s, "") for s in range(4))  # (the legend's line and marker say the colour)
    made = moves_made(record.log)  # (the chart's axis counts moves as the replay and the list of decisions do)
    chart = render_chances(review.curve, [p.seat for p in review.players], names=legend, focus=seat,
                           marks=[after_move(made, item.move) for item in shown], words=words, made=made)
    files = [discord.File(io.BytesIO(chart), filename="chances.png",
                          description=alt_text(translate(lang, "review.chart_alt", id=record.id)))]
    for number, item in enumerate(shown, 1):
        labels = {item.best: translate(lang, "review.best_label"), item.played: translate(lang, "review.played_label")}
        view = BoardView(names=tuple(names.get(s, "") for s in range(4)), labels=labels, words=words,
                         caption=translate_for_picture(lang, "review.caption", n=number, move=item.move))
        files.append(discord.File(io.BytesIO(render_board(item.state, view)), filename=f"decision-{number}.png",
                                  description=alt_text(translate(lang, "review.decision_alt", n=number,
                                                                 move=item.move))))
    return files
