"""A game's one live message: where a click's answer goes, and how the channel keeps one board at rest.

Choices (see docs/maintainers/channel.md):
- A click is answered by its own interaction response, which Discord does not count against the bot's global
  limit. While the clicker acts next (a bonus roll, a second die, AI seats played in between, forced moves), or
  nobody does (the game is over), the response updates the clicked message in place: nothing else is sent.
- When the turn passes to another person, the response is a new message (the board, their buttons, a mention):
  Discord notifies for mentions in a new message only. The clicked message then goes: it is deleted through the
  outbox, after the answer (deletes have the most generous bucket, 5 a second per channel, and leave no trail).
- Messages sent without an interaction (the deadline worker's reminders and time-outs, a game posted anew) go
  through the outbox too; the old live message is deleted only once its successor is out, so a failed send
  never loses the game's buttons.
- The game remembers its live message's id; ids grow with time, so the newest message shown wins
  (`Games.replace_message`), whichever of two racing answers saves it first.
- A game delivered through interactions (`bot.plumbing.delivery`: a group DM, a server without the bot) makes no channel
  call: when the turn passes to another person, the clicked message loses its buttons as the click's response and the
  new message is the click's follow-up; the turns of an AI that thinks follow through the webhook of the interaction
  that passed it the turn (`follow`); superseded boards stay, without buttons; nothing is posted later (no reminders, no
  time-outs: see `service.deadlines`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from ludo_bot.bot.errors import UNKNOWN_INTERACTION
from ludo_bot.bot.messages import NO_PINGS, Post, game_post
from ludo_bot.bot.plumbing.outbox import Outbox
from ludo_bot.service import GameRecord, Outcome, Refused, Service, StorageError, StorageUnavailable, state_of
from ludo_bot.service.words.i18n import translate

logger = logging.getLogger(__name__)
T = TypeVar("T")
ANSWERED_WITHIN = 5.0  # seconds after a click's save by which its answer has reached the game's message (Discord
# gives an answer 3 s): a message showing an older position after that is stale, none can still be on its way
WEBHOOK_LIFETIME = 14 * 60.0  # seconds an interaction's token is used for (Discord: valid 15 minutes)
REMEMBER_TRIES, REMEMBER_AFTER = 6, 0.5  # asking storage again for a new message's id: 0.5 s, doubled, ~30 s in all


def next_person(outcome: Outcome, before: int | None) -> int | None:
    """The person who must now be told it is their turn: the player to act, unless that is `before` (the user
    who just acted or was to act) or nobody."""
    user = outcome.player_to_act()
    return user if user is not None and user != before else None


def posts_itself(record: GameRecord) -> bool:
    """Whether the bot posts, edits and deletes a game's messages itself (else only interactions answer)."""
    return record.delivery == "channel"


def message_fields(post: Post) -> dict[str, Any]:
    """discord.py's arguments to change a message into `post` (a new picture each time: a File is consumed)."""
    return {"content": post.content, "view": post.view, "attachments": post.files(), "allowed_mentions": NO_PINGS}


async def asked_again(ask: Callable[[], Awaitable[T]]) -> T:
    """`ask()`, asked again while storage does not answer: after 0.5 s, doubled, `REMEMBER_TRIES` times in all
    (about 30 s); then its `StorageUnavailable`."""
    for attempt in range(REMEMBER_TRIES - 1):
        try:
            return await ask()
        except StorageUnavailable:
            await asyncio.sleep(REMEMBER_AFTER * 2 ** attempt)
    return await ask()


class LiveMessages:
    """Showing games: answers to clicks, and the live message's replacement and removal."""

    def __init__(self, service: Service, outbox: Outbox) -> None:
        self.service = service
        self.outbox = outbox

    async def answer(self, interaction: discord.Interaction[Any], record: GameRecord, post: Post, *,
                     new: bool, clicked_becomes: dict[str, Any] | None = None) -> None:
        """Answer a click with `post`: in place, or (`new`) as a new message that mentions `post.mention`, after
        which the clicked message is deleted (or edited to `clicked_becomes`) and the new one remembered (both
        after the answer). A click in place on a message already replaced by a newer one (a reminder's board posted,
        the clicked one's removal not out yet) shows `post` in the live message too before returning: else that
        one would offer the old position, for good when the click ended the game (its follow-up is settled after
        the answer). (A clicked message newer than the live one is the next live one: its remembering is on its way.)"""
        clicked = interaction.message
        if not new:
            await edit_clicked(interaction, post=post)
            if clicked is not None and record.message_id is not None and record.message_id > clicked.id:
                await self.show(record, post, tell=False, sent=True)  # see below
            return
        if not posts_itself(record):
            await self._follow_up(interaction, record, post, clicked_becomes or {"view": None})
            return
        fields: dict[str, Any] = {"files": post.files(), "view": post.view, "allowed_mentions": post.allowed_mentions}
        message_id: int | None
        try:
            if interaction.response.is_done():  # deferred: a follow-up is the new message
                message_id = (await interaction.followup.send(post.content, wait=True, **fields)).id
            else:
                message_id = (await interaction.response.send_message(post.content, **fields)).message_id
        except discord.NotFound as gone:
            if gone.code != UNKNOWN_INTERACTION:
                raise
            # too late to answer (an overloaded bot): the game is still shown, through the outbox
            self.outbox.later(self.post(record.model_copy(update={"message_id": clicked and clicked.id}), post))
            raise
        if message_id is not None:
            self.outbox.later(self.remember(record, message_id, clicked=clicked.id if clicked else None))
        if clicked is None or clicked.id == message_id:
            return
        channel_id = clicked.channel.id if clicked.channel else record.channel_id
        if clicked_becomes is None:
            self.outbox.delete(channel_id, clicked.id, bulk=interaction.app_permissions.manage_messages)
        else:
            self.outbox.edit(channel_id, clicked.id, lambda: clicked_becomes)

    async def _follow_up(self, interaction: discord.Interaction[Any], record: GameRecord, post: Post,
                         clicked_becomes: dict[str, Any]) -> None:
        """`answer` without channel calls: the clicked message becomes `clicked_becomes` (by default loses its
        buttons) as the click's response, and `post` is its follow-up, a new message that notifies."""
        if interaction.response.is_done():
            await interaction.edit_original_response(**clicked_becomes)
        else:
            await interaction.response.edit_message(**clicked_becomes)
        message = await interaction.followup.send(post.content, wait=True, files=post.files(), view=post.view,
                                                  allowed_mentions=post.allowed_mentions)
        self.outbox.later(self.remember(record, message.id))

    async def follow(self, record: GameRecord, post: Post) -> GameRecord:
        """A game delivered through interactions, moved on without a click (the turns of an AI that thinks): `post` is
        a follow-up through the webhook of the interaction that moved it last (`GameRecord.webhook`, valid 15
        minutes); a player's `/ludo board` shows the game again should that fail."""
        client = self.outbox.client
        if (record.webhook is None or record.webhook_at is None or client.application_id is None
                or self.service.clock() - record.webhook_at > WEBHOOK_LIFETIME):
            logger.warning("game %s: no interaction to show its new position through (gone, or expired)", record.id)
            return record
        webhook = discord.Webhook.partial(client.application_id, record.webhook, client=client)
        try:
            message = await webhook.send(post.content, wait=True, files=post.files(), view=post.view,
                                         allowed_mentions=post.allowed_mentions)
        except discord.HTTPException as error:  # e.g. the interaction expired meanwhile: /ludo board shows it
            logger.warning("game %s: its new position could not be shown: %s", record.id, error)
            return record
        return await self.remember(record, message.id)

    async def remember(self, record: GameRecord, message_id: int, *, clicked: int | None = None) -> GameRecord:
        """`replaced`, for a message just sent (a click's answer, a repost, a post); storage that does not answer is
        asked again for a while. A message that could not be remembered then goes, unless it answered a click on
        `clicked` (which it replaced on the screen: its buttons stay the game's, and the next new message replaces
        it); a message sent and never remembered would otherwise keep its buttons beside the next live one."""
        try:
            return await asked_again(lambda: self.replaced(record, message_id, clicked=clicked))
        except StorageUnavailable as error:
            logger.warning("game %s: message %s not remembered%s: %s", record.id, message_id,
                           "" if clicked else ", so it goes", error)
            if clicked is None and posts_itself(record):
                self.outbox.delete(record.channel_id, message_id)
            return record

    async def post(self, record: GameRecord, post: Post) -> GameRecord:
        """Send `post` as the game's new live message (through the outbox, paced), then delete the old one and
        remember the new one (`remember`). A send that fails leaves the old message as it is. Nothing for a game
        delivered through interactions (the bot cannot post there)."""
        if not posts_itself(record):
            return record
        message = await self.outbox.send(record.channel_id, lambda: {
            "content": post.content, "files": post.files(), "view": post.view,
            "allowed_mentions": post.allowed_mentions})
        return await self.remember(record, message.id)

    async def replaced(self, record: GameRecord, message_id: int, *, clicked: int | None = None) -> GameRecord:
        """`message_id` now shows the game as `record` has it: remember it, and delete the messages it replaces
        (the one `record` names, and one remembered since: a message posted at the same moment), `clicked` aside
        (its caller deletes or edits it). When a newer message is remembered already, this one goes instead; when
        the game was saved since `record`, this one is brought up to date. So two messages posted at the same
        moment (a click's answer, a reminder, a time-out) leave one board, showing the game as it is."""
        saved, before, moved_on = await self.service.games.replace_message(record, message_id)
        if not posts_itself(record):  # the messages it replaced lost their buttons as they were replaced
            return saved
        if saved.message_id != message_id:
            if saved.message_id is not None:  # (None: the game is gone, its messages stay as they are)
                self.outbox.delete(record.channel_id, message_id)
            return saved
        for old in {m for m in (record.message_id, before) if m is not None} - {message_id, clicked}:
            self.outbox.delete(record.channel_id, old)
        if moved_on:
            self.outbox.later(self._bring_up_to_date(record, message_id))
        return saved

    async def _bring_up_to_date(self, posted: GameRecord, message_id: int) -> None:
        """The game was saved between `posted`, which message `message_id` shows, and the message's remembering:
        the message shows the game as it is now, while it is the live one (storage that does not answer is asked
        again for a while: should the game have ended meanwhile, its follow-up may be settled already)."""
        try:
            record = await asked_again(lambda: self.service.games.load(posted.id))
        except (Refused, StorageError) as error:
            logger.warning("game %s: message %s shows an older position: %s", posted.id, message_id, error)
            return
        if record.message_id == message_id:
            self.update(record, await game_post(record))

    async def show_change(self, change: GameRecord | Outcome, post: Post | None = None, *, tell: bool = False) -> None:
        """Show a change made without a click on the game, and the game again `ANSWERED_WITHIN` seconds later: a click
        saved just before the change may still be answered in place after it is shown, with its older picture and
        buttons (putting back the moves of the position it saved); the second showing is the game as it is then (an
        ended game's follow-up is settled then). The change is shown
        - for a record and its `post` (`/ludo leave`, `/ludo tournament leave`): as `show` does (a new live message
          when someone must be told, `tell`);
        - for a record alone (`/ludo end`, and `end member:`): the live message, if the game has one, edited in place
          to say the game ended, without buttons (after the caller returns);
        - for an `Outcome` (a table ended by its round's deadline or its tournament's cancelling): its final board in
          place, then its follow-up settled (`show_end`).
        An error showing the change is raised, and the game is not shown again."""
        if isinstance(change, Outcome):
            await self.show_end(change)
            record = change.record
        elif post is None:
            record = change
            self.update(record, await game_post(record))
        else:
            record = change
            await self.show(record, post, tell=tell)
        self.outbox.later(self._show_again(record.id))

    async def _show_again(self, game_id: str) -> None:
        await asyncio.sleep(ANSWERED_WITHIN)
        try:
            record = await self.service.games.load(game_id)
        except (Refused, StorageError) as error:
            logger.warning("game %s: its message is not shown again after a change: %s", game_id, error)
            return
        if record.active:
            self.update(record, await game_post(record))
        else:
            await self.show_end(Outcome(record, state_of(record)))

    async def by_clicks(self, record: GameRecord, *, gone: bool) -> None:
        """Discord refuses the bot the game's channel for good: the game goes on through clicks alone, or ends as
        abandoned where the channel is `gone` (`service.refusals`), and its live message says so where the bot may
        still edit it."""
        moved = await self.service.refusals.by_clicks(record, gone=gone)
        logger.warning("game %s: its channel refuses the bot: %s", record.id,
                       "none" if moved is None else "ended" if gone else "played through clicks from now on")
        if moved is None or gone or moved.message_id is None:
            return
        post = await game_post(moved, note=translate(moved.locale, "game.by_clicks"))
        await self.outbox.edit(moved.channel_id, moved.message_id, lambda: message_fields(post))

    async def channel_refused(self, channel_id: int, kind: str, gone: bool) -> None:
        """The outbox has just learnt that Discord refuses the bot posts or edits in the channel for good (`kind`
        "send", "edit" or "all"): its game goes on through clicks at once, not at its next reminder (which would
        then find it out without asking Discord), so that every process answers it so from now on."""
        if kind not in ("send", "edit", "all"):  # (a thread or a bulk delete refused leaves the game shown)
            return
        try:
            record = await self.service.archive.channel_game(channel_id)
        except Refused:  # no game there (a lobby, a tournament's standing)
            return
        await self.by_clicks(record, gone=gone)

    async def show_end(self, outcome: Outcome) -> None:
        """An ended game's final board in its live message, in place; once that is out (or refused for good: the
        channel is gone), its follow-up leaves the deadline queue (`Games.settled`). A process dying before leaves
        the follow-up to another's deadline worker."""
        record = outcome.record
        try:
            await self.show(record, await game_post(record, outcome.state), tell=False, sent=True)
        except discord.HTTPException as error:  # not tried again
            logger.warning("game %s: the final board could not be shown: %s", record.id, error)
        await self.service.games.settled(outcome)

    def update(self, record: GameRecord, post: Post) -> asyncio.Future[None] | None:
        """Change the live message into `post` in place (after the caller returns; coalesced): the outbox's future
        of the edit (done once it is sent, replaced or dropped), if there is a live message the bot may edit."""
        if record.message_id and posts_itself(record):
            return self.outbox.edit(record.channel_id, record.message_id, lambda: message_fields(post))
        return None

    async def show(self, record: GameRecord, post: Post, *, tell: bool, sent: bool = False) -> GameRecord:
        """After a change made without a click on the game (a deadline, a command): a new live message when
        someone must be told (`tell`), else the live message updated in place (with `sent`, returning once the
        edit is out). Nothing for a game delivered through interactions (shown by its commands' answers)."""
        if not posts_itself(record):
            return record
        if tell or not record.message_id:
            return await self.post(record, post)
        edited = self.update(record, post)
        if sent and edited is not None:
            await edited
        return record


async def edit_clicked(interaction: discord.Interaction[Any], *, post: Post | None = None,
                       content: str | None = None, view: discord.ui.View | None = None) -> None:
    """Edit the message whose button was clicked, as the interaction's response (or after a deferral);
    `view=None` takes the buttons off."""
    fields: dict[str, Any] = {"allowed_mentions": NO_PINGS}
    if post is not None:
        fields.update(content=post.content, view=post.view, attachments=post.files())
    else:
        fields.update(content=content, view=view)
    try:
        if interaction.response.is_done():
            await interaction.edit_original_response(**fields)
        else:
            await interaction.response.edit_message(**fields)
    except discord.NotFound as gone:
        message = interaction.message
        if gone.code != UNKNOWN_INTERACTION or message is None or message.flags.ephemeral:
            raise
        await message.edit(**fields)  # too late to answer: the bot still edits its own message (and says why)
        raise
