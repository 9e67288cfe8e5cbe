"""The live game message: a click on one of its buttons (a move), the message posted again when a click finds it
left behind or a save that timed out landed after all, and `/ludo board` posting it here (by a player).

A click is claimed once (several processes may receive it), applied through `Service`, and answered by its
interaction response alone: in place while the clicker acts next, else with a new message that mentions the
next player. Every other Discord call (the old message's removal, reminders, time-outs) goes through the
process's `Outbox`, after the answer and paced under the bot's global limit (see `bot.live`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import discord

from ludo_bot.bot.clicks import Clicks
from ludo_bot.bot.errors import in_time, shown
from ludo_bot.bot.live import ANSWERED_WITHIN, LiveMessages, edit_clicked, next_person, posts_itself
from ludo_bot.bot.messages import Post, game_post, outcome_post, text_names
from ludo_bot.bot.plumbing.outbox import Outbox
from ludo_bot.bot.plumbing.translator import user_locale
from ludo_bot.service import ABANDONED, GameRecord, Outcome, Refused, Service, StorageUnavailable, WriteUncertain
from ludo_bot.service.words.i18n import translate

logger = logging.getLogger(__name__)
CATCH_UP, CATCH_UP_POLL = 30.0, 0.5  # seconds a click that met unavailable storage is looked at again, and how often
REPOST_SETTLE = 3.0  # seconds a reposted game's old message stays: a click made on it is answered there meanwhile


class GameMessage:
    """A game's live message: clicks on its buttons (see `bot.buttons.components.GameButton`), and posting it again."""

    def __init__(self, service: Service, clicks: Clicks, live: LiveMessages, outbox: Outbox) -> None:
        self.service = service
        self.clicks = clicks
        self.live = live
        self.outbox = outbox

    async def click(self, interaction: discord.Interaction[Any], game_id: str, ply: int, action: str) -> None:
        async def work() -> None:
            async def act() -> tuple[Outcome, Post, bool]:  # the click is claimed with the game's load
                outcome = await self.service.games.act(game_id, ply, action, interaction.user.id,
                                                       click=interaction.id, channel_id=interaction.channel_id,
                                                       reply=interaction.token)
                tell = next_person(outcome, interaction.user.id) is not None
                return outcome, await outcome_post(outcome, notify=tell), tell

            try:  # (a `Duplicate`, a click another bot process answers, is left alone by `Clicks.guard`)
                outcome, post, tell = await in_time(interaction, act())
            except Refused as refused:
                if refused.key == "refused.moved_on" and await self._revive(interaction, game_id):
                    raise Refused("refused.moved_on_reposted") from refused
                raise
            except WriteUncertain:  # a save that timed out may have landed all the same: look again later
                self.outbox.later(self._catch_up(interaction, game_id, ply, action))
                raise
            await shown(self.live.answer(interaction, outcome.record, post, new=tell), "reply.move_not_shown")
            if outcome.state.over:  # the final board is out: the game's follow-up is not needed
                await self.service.games.settled(outcome)

        await self.clicks.guard(interaction, work, game_id=game_id)

    async def late(self, interaction: discord.Interaction[Any], game_id: str, ply: int) -> None:
        """Time's up, pressed by someone in a game delivered through interactions: past the turn's deadline, its
        timeout action plays and is answered like a move (the next person told in a new message); before it, a
        private answer says when the turn ends (`service.deadlines.Deadlines.late`)."""
        async def work() -> None:
            if not await self.clicks.first(interaction, game_id):
                return
            kind, outcome = await in_time(interaction, self.service.deadlines.late(game_id, ply, interaction.user.id,
                                                                                    reply=interaction.token))
            record = outcome.record
            if kind == ABANDONED:
                await edit_clicked(interaction, post=await game_post(record, outcome.state))
                return
            lang = record.locale
            sleeper = outcome.steps[0].seat if outcome.steps else outcome.state.current
            note = translate(lang, "game.timed_out", who=text_names(record, lang).get(sleeper, ""))
            tell = next_person(outcome, interaction.user.id) is not None
            post = await in_time(interaction, outcome_post(outcome, notify=tell, note=note))
            await shown(self.live.answer(interaction, record, post, new=tell), "reply.move_not_shown")
            if outcome.state.over:
                await self.service.games.settled(outcome)

        await self.clicks.guard(interaction, work, game_id=game_id)

    async def repost(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """`/ludo board` by a player: the live game message again, here. The old one goes `REPOST_SETTLE` seconds
        later (see `_settle`)."""
        post = await in_time(interaction, game_post(record), thinking=True, ephemeral=False)
        fields: dict[str, Any] = {"files": post.files(), "view": post.view, "allowed_mentions": post.allowed_mentions}
        message_id: int | None
        if interaction.response.is_done():  # deferred: the first followup completes the "thinking..." message
            message_id = (await interaction.followup.send(post.content, wait=True, **fields)).id
        else:
            message_id = (await interaction.response.send_message(post.content, **fields)).message_id
        if message_id is not None:
            self.outbox.later(self._settle(record, message_id))

    async def _settle(self, posted: GameRecord, message_id: int) -> None:
        """After a repost, once a click made on an old message just before it has been answered there: the repost
        becomes the live message as any new one does (`LiveMessages.replaced`: the old messages go, the repost is
        brought up to date if a click moved the game on meanwhile, or goes itself if a newer message shows the
        game). So a move made at the moment of a repost is shown, and the channel comes to rest with one board."""
        await asyncio.sleep(REPOST_SETTLE)
        await self.live.remember(posted, message_id)

    async def _revive(self, interaction: discord.Interaction[Any], game_id: str) -> bool:
        """Post the live game message again when a process died between saving a click and showing it: the
        clicked message is the game's live message, offers an older position, and the game has not changed for
        `ANSWERED_WITHIN` seconds (so no answer that would update the message can still be on its way), or the click
        was adopted from a dead process (whose answer will not come)."""
        record = await self.service.games.load(game_id)
        adopted = interaction.id in self.service.takeover.adopted
        fresh = time.time() - record.updated_at < ANSWERED_WITHIN and not adopted
        if (not posts_itself(record) or not record.active or interaction.message is None
                or interaction.message.id != record.message_id or fresh):
            return False
        logger.warning("game %s: live message %s was left behind (a crash after a save?); posting it again",
                       game_id, record.message_id)
        await in_time(interaction, self._post_again(record))
        return True

    async def _post_again(self, record: GameRecord) -> None:
        """The live game message posted anew, mentioning the player to act (the old one goes)."""
        await self.live.post(record, await game_post(record, notify=True))

    async def _catch_up(self, interaction: discord.Interaction[Any], game_id: str, ply: int, action: str) -> None:
        """After a click that met unavailable storage: once storage answers again (within `CATCH_UP` seconds), if
        the click was saved after all and its message still shows the older position, post the live game
        message again and tell the player privately."""
        for _ in range(int(CATCH_UP / CATCH_UP_POLL)):
            await asyncio.sleep(CATCH_UP_POLL)
            try:
                record = await self.service.games.load(game_id, with_log=True)
            except StorageUnavailable:
                continue
            clicked = interaction.message.id if interaction.message else None
            if (record.log[ply:ply + 1] != [action] or record.message_id != clicked or not record.active
                    or not posts_itself(record)):
                return  # not saved (the player's retry applies it), or shown already
            logger.warning("game %s: a click saved despite a storage timeout; posting the game message again",
                           game_id)
            await self._post_again(record)
            await interaction.followup.send(translate(user_locale(interaction), "reply.saved_after_all"),
                                            ephemeral=True)
            return
