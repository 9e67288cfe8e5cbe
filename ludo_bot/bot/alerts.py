"""Turn alerts by direct message, the Discord side of `service.alerts`: the answer to `/ludo notify`, telling a member
once that their alerts were switched off, and the alert DM itself (`alert_post`; the alert worker sends it).

Telling a member: Discord refused a DM to them (code 50007), so their alerts were switched off. After the next
interaction of theirs that this process answered, a click or a command (`bot.clicks.Clicks` calls `after`), they get
one private follow-up that says so and how to turn alerts on again. A follow-up fits every answer the bot gives (a
new message, the clicked message updated, a deferral, a private refusal) without changing it, and it goes after the
answer, through the outbox, so it never delays one. `/ludo notify` says it in its own private answer instead.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from ludo_bot.bot.messages import Post, board_alt, draw_thumbnail
from ludo_bot.bot.plumbing.delivery import jump_link
from ludo_bot.bot.plumbing.outbox import Outbox
from ludo_bot.bot.plumbing.translator import user_locale
from ludo_bot.service.alerts import Alerts, Ready
from ludo_bot.service.words.i18n import translate

logger = logging.getLogger(__name__)


async def alert_post(ready: Ready) -> Post:
    """The DM of an alert, in the member's language: whose turn in which game, the link to the game's live message,
    a small picture of the board, and how to stop these messages."""
    record, state, lang = ready.record, ready.state, ready.locale
    values: dict[str, Any] = {"id": record.id, "rules": state.rules.name, "link": jump_link(record)}
    deadline = int(record.turn_deadline) if record.turn_deadline else None
    if ready.reminder and deadline is not None:
        lines = [translate(lang, "alert.remind", at=deadline, **values)]
    else:
        lines = [translate(lang, "alert.turn", **values)]
        if deadline is not None:
            lines.append(translate(lang, "alert.deadline", at=deadline))
    lines.append(translate(lang, "alert.stop"))
    alt = translate(lang, "alert.alt", id=record.id) + board_alt(record, state, lang)
    return Post("\n".join(lines), discord.ui.View(timeout=None), await draw_thumbnail(record, state, lang), alt=alt)


class Notices:
    """`/ludo notify`, and telling a member once that Discord's refusal switched their alerts off."""

    def __init__(self, alerts: Alerts, outbox: Outbox) -> None:
        self.alerts = alerts
        self.outbox = outbox

    async def command(self, interaction: discord.Interaction[Any], on: bool) -> None:
        """`/ludo notify`: turn the member's alerts on (their DMs speak the language they use now) or off."""
        lang = user_locale(interaction)
        untold = await self.alerts.set(interaction.user.id, on, lang)
        lines = [translate(lang, "alert.refused")] if untold else []
        lines.append(translate(lang, "notify.on" if on else "notify.off"))
        await interaction.response.send_message("\n\n".join(lines), ephemeral=True)

    def after(self, interaction: discord.Interaction[Any]) -> None:
        """After an interaction this process answered: tell its member, if their alerts were switched off."""
        if interaction.response.is_done() and self.alerts.untold(interaction.user.id):
            self.outbox.later(self._tell(interaction))

    async def _tell(self, interaction: discord.Interaction[Any]) -> None:
        user = interaction.user.id
        setting = await self.alerts.take_refused(user)
        if setting is None:  # told already, by another interaction
            return
        try:
            await interaction.followup.send(translate(user_locale(interaction), "alert.refused"), ephemeral=True)
        except discord.HTTPException:
            await self.alerts.restore_refused(user, setting)  # told next time instead
            raise
        logger.info("user %s told that their turn alerts were switched off", user)
