"""Playing through Discord: button clicks, posting game messages, the deadline worker.

A click is claimed once (several processes may receive it), applied through `Sessions`, and
answered by editing the clicked message. When a human player's turn starts, the clicked message
keeps its picture and loses its buttons, and a new message mentions that player (Discord does not
notify for mentions added by an edit); its id is remembered as the game's live message.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import discord

import engine
from bot.errors import ALREADY_ANSWERED, UNKNOWN_INTERACTION, answer_privately, guarded, in_time, time_to_defer
from bot.i18n import templates, translate
from bot.messages import (
    ALT_LIMIT,
    Post,
    alt_text,
    board_alt,
    game_post,
    lobby_post,
    order_text,
    outcome_post,
    spectator_post,
)
from bot.sessions import REMIND, Outcome, Refused, Sessions, seat_names
from bot.takeover import Takeover
from bot.translator import user_locale
from render import WORDS, render_replay
from storage import GameRecord, NotFound, StorageUnavailable
from storage.replay import state_of

logger = logging.getLogger(__name__)
IDLE_POLL = 5.0  # seconds the deadline worker sleeps at most between two looks
CATCH_UP, CATCH_UP_POLL = 30.0, 0.5  # seconds a click that met unavailable storage is looked at again, and how often
STALE_AFTER = 5.0  # seconds after a game's last save when a live message showing an older position is stale


class Play:
    """The button handlers (see `bot.components.Handlers`) and the game-message plumbing."""

    def __init__(self, client: discord.Client, sessions: Sessions, *, concurrency: int = 32) -> None:
        self.client = client
        self.sessions = sessions
        self.takeover = Takeover(sessions.storage)
        self._slots = asyncio.Semaphore(concurrency)  # clicks handled at once (below the storage pool's size)
        self._busy = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._idle = asyncio.Event()
        self._idle.set()

    async def guard(self, interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]], *,
                    game_id: str | None = None) -> None:
        """Run a handler inside the one error path, counted as work in flight (see `drain`)."""
        self._busy += 1
        self._idle.clear()
        try:
            await guarded(interaction, lambda: self._in_turn(interaction, work), game_id=game_id)
            await self.takeover.done(interaction.id)
        finally:
            self._busy -= 1
            if not self._busy:
                self._idle.set()

    async def _in_turn(self, interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]]) -> None:
        """Run a click's `work` in one of the `concurrency` slots. A click still waiting for a slot when its time
        to answer runs short is deferred first (invisibly: its answer edits the message or follows privately), so
        a burst of clicks is answered in full instead of timing out in the queue for storage connections."""
        if interaction.type is not discord.InteractionType.component:
            await work()  # commands are few, and how to defer one depends on whether it answers privately
            return
        if interaction.id in self.takeover.adopted:  # a dead process's click: deferring tells if it was answered
            try:
                await interaction.response.defer()
            except discord.HTTPException as error:
                if error.code != ALREADY_ANSWERED:
                    raise
                logger.info("interaction %s was answered before its process died", interaction.id)
                return
        slot = asyncio.ensure_future(self._slots.acquire())
        try:
            done, _ = await asyncio.wait({slot}, timeout=time_to_defer(interaction))
            if not done and not interaction.response.is_done():
                await interaction.response.defer()
            await slot
        except BaseException:
            if slot.done() and not slot.cancelled() and slot.exception() is None:
                self._slots.release()
            slot.cancel()
            raise
        try:
            await work()
        finally:
            self._slots.release()

    async def drain(self, timeout: float) -> None:
        """Wait (at most `timeout` seconds) for handlers in flight, so a shutdown does not cut one short."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await self._idle.wait()

    async def close(self, timeout: float) -> None:
        """At shutdown: let handlers in flight finish (`drain`), then end background steps, which are only
        second looks (a click on the game message brings it back too, see `_revive`)."""
        await self.drain(timeout)
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.takeover.leave()

    # -- clicks ---------------------------------------------------------------------------------------
    async def lobby_click(self, interaction: discord.Interaction[Any], lobby_id: str, verb: str) -> None:
        async def work() -> None:
            if not await self._first(interaction):
                return
            user = interaction.user
            if verb == "start":
                channel_id = await self._game_channel(interaction, lobby_id)
                outcome = await in_time(interaction, self.sessions.start_game(lobby_id, user.id, channel_id))
                started = translate(outcome.record.locale, "lobby.started",
                                    order=order_text(outcome.record, outcome.state))
                await edit_clicked(interaction, content=started, view=None)
                await self.post_game(outcome.record, await outcome_post(outcome, notify=True))
            elif verb == "cancel":
                manager = bool(interaction.permissions.manage_channels)
                lobby = await self.sessions.cancel_lobby(lobby_id, user.id, can_manage=manager)
                await edit_clicked(interaction, content=translate(lobby.locale, "lobby.cancelled"), view=None)
            else:
                change, level = ("add_ai", int(verb[2])) if verb.startswith("ai") else (verb, 1)
                lobby = await self.sessions.update_lobby(lobby_id, user.id, change, level, name=user.display_name)
                post = lobby_post(lobby)
                await edit_clicked(interaction, content=post.content, view=post.view)

        await self.guard(interaction, work, game_id=lobby_id)

    async def _game_channel(self, interaction: discord.Interaction[Any], lobby_id: str) -> int | None:
        """With the lobby option `thread`, the game moves into a new thread under the lobby message."""
        lobby = await self.sessions.load_lobby(lobby_id)
        if not lobby.options.get("thread") or interaction.message is None or interaction.user.id != lobby.host_id:
            return None
        thread = await interaction.message.create_thread(name=f"Ludo {lobby.preset} {lobby.id}")
        return thread.id

    async def game_click(self, interaction: discord.Interaction[Any], game_id: str, ply: int, action: str) -> None:
        async def work() -> None:
            if not await self._first(interaction):
                return

            async def act() -> tuple[Outcome, Post]:
                outcome = await self.sessions.act(game_id, ply, action, interaction.user.id)
                return outcome, await outcome_post(outcome, notify=outcome.turn_started)

            try:
                outcome, post = await in_time(interaction, act())
            except Refused as refused:
                if refused.key == "refused.moved_on" and await self._revive(interaction, game_id):
                    raise Refused("refused.moved_on_reposted") from refused
                raise
            except StorageUnavailable:  # a save that timed out may have landed all the same: look again later
                self._background(self._catch_up(interaction, game_id, ply, action))
                raise
            if outcome.turn_started and outcome.player_to_act() is not None:
                # the new message before the clicked one loses its buttons: if this process dies in between,
                # the clicked message keeps buttons, and a click on one brings the game back (`_revive`)
                clicked = interaction.message.id if interaction.message else None
                await in_time(interaction, self.post_game(outcome.record, post, cleared=clicked))
                await edit_clicked(interaction, content=post.settled, view=None)
            else:
                await edit_clicked(interaction, post=post)

        await self.guard(interaction, work, game_id=game_id)

    async def _revive(self, interaction: discord.Interaction[Any], game_id: str) -> bool:
        """Post the live game message again when a process died between saving a click and showing it: the
        clicked message is the game's live message, offers an older position, and the game has not changed for
        `STALE_AFTER` seconds (so no answer that would update the message can still be on its way), or the click
        was adopted from a dead process (whose answer will not come)."""
        record = await self.sessions.load_game(game_id)
        fresh = time.time() - record.updated_at < STALE_AFTER and interaction.id not in self.takeover.adopted
        if not record.active or interaction.message is None or interaction.message.id != record.message_id or fresh:
            return False
        logger.warning("game %s: live message %s was left behind (a crash after a save?); posting it again",
                       game_id, record.message_id)
        await self.post_game(record, await in_time(interaction, game_post(record)))
        return True

    async def _catch_up(self, interaction: discord.Interaction[Any], game_id: str, ply: int, action: str) -> None:
        """After a click that met unavailable storage: once storage answers again (within `CATCH_UP` seconds), if
        the click was saved after all and its message still shows the older position, post the live game
        message again and tell the player privately."""
        for _ in range(int(CATCH_UP / CATCH_UP_POLL)):
            await asyncio.sleep(CATCH_UP_POLL)
            try:
                record = await self.sessions.storage.games.load_game(game_id, with_log=True)
            except StorageUnavailable:
                continue
            clicked = interaction.message.id if interaction.message else None
            if record.log[ply:ply + 1] != [action] or record.message_id != clicked or not record.active:
                return  # not saved (the player's retry applies it), or shown already
            logger.warning("game %s: a click saved despite a storage timeout; posting the game message again",
                           game_id)
            await self.post_game(record, await game_post(record))
            await interaction.followup.send(translate(user_locale(interaction), "reply.saved_after_all"),
                                            ephemeral=True)
            return

    def _background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` after the handler returns (its errors logged); `close` ends what is left of it."""
        async def run() -> None:
            try:
                await work
            except Exception:
                logger.exception("background step failed")

        task = asyncio.create_task(run())
        self._tasks.add(task)  # a reference, so the task is not collected before it ends
        task.add_done_callback(self._tasks.discard)

    async def replay_click(self, interaction: discord.Interaction[Any], game_id: str) -> None:
        async def work() -> None:
            try:  # before deferring, so that an unknown game is answered at once
                record = await self.sessions.storage.games.load_game(game_id, with_log=True)
            except NotFound as missing:
                raise Refused("refused.no_game") from missing
            if not interaction.response.is_done():  # (a click deferred in a burst is already)
                await interaction.response.defer(thinking=True, ephemeral=True)
            locale = user_locale(interaction)
            gif = await replay_gif(record, locale)
            await interaction.followup.send(translate(locale, "replay.private", id=game_id), ephemeral=True,
                                            file=replay_file(record, gif, locale))

        await self.guard(interaction, work, game_id=game_id)

    async def spectate_click(self, interaction: discord.Interaction[Any], game_id: str, *, refresh: bool) -> None:
        """Spectate: a private view of the live board for anyone; Refresh: that view brought up to date.
        Neither touches the players' message."""
        async def work() -> None:
            if not await self._first(interaction):
                return
            try:
                record = await self.sessions.storage.games.load_game(game_id)
            except NotFound as missing:
                raise Refused("refused.no_game") from missing
            post = await in_time(interaction, spectator_post(record, self.sessions.clock(), user_locale(interaction)),
                                 thinking=not refresh, ephemeral=True)
            if refresh:
                await edit_clicked(interaction, post=post)
            elif interaction.response.is_done():  # deferred: the followup completes the "thinking..." message
                await interaction.followup.send(post.content, files=post.files(), view=post.view, ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())
            else:
                await interaction.response.send_message(post.content, files=post.files(), view=post.view,
                                                        ephemeral=True,
                                                        allowed_mentions=discord.AllowedMentions.none())
            post.view.stop()  # discord.py gives a private message's view a timeout task; the buttons are
            # dynamic items, dispatched by their custom id without it

        await self.guard(interaction, work, game_id=game_id)

    async def unknown_click(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            await answer_privately(interaction, translate(user_locale(interaction), "error.outdated"))

        await self.guard(interaction, work)

    async def _first(self, interaction: discord.Interaction[Any]) -> bool:
        """True for the one bot process that handles this interaction (a repeat delivery is ignored)."""
        return await self.takeover.claim(interaction.id)

    # -- posting --------------------------------------------------------------------------------------
    async def post_game(self, record: GameRecord, post: Post, *, cleared: int | None = None) -> GameRecord:
        """Send a new live game message, take the buttons off the previous one (unless it is `cleared`
        already), and remember the new one."""
        channel = self.client.get_partial_messageable(record.channel_id)
        message = await channel.send(post.content, files=post.files(), view=post.view,
                                     allowed_mentions=post.allowed_mentions)
        if record.message_id and record.message_id not in (message.id, cleared):
            with contextlib.suppress(discord.HTTPException):  # gone or not ours any more: nothing to take off
                await channel.get_partial_message(record.message_id).edit(view=None)
        return await self.sessions.set_message(record, message.id)

    async def announce(self, kind: str, outcome: Outcome) -> None:
        """Tell the channel about a reminder or a timed-out turn."""
        record = outcome.record
        if kind == REMIND:
            user = outcome.player_to_act()
            if user is None or record.turn_deadline is None:
                return
            channel = self.client.get_partial_messageable(record.channel_id)
            await channel.send(translate(record.locale, "game.remind", user=user, id=record.id,
                                         at=int(record.turn_deadline)),
                               allowed_mentions=discord.AllowedMentions(users=[discord.Object(user)]))
            return
        sleeper = outcome.steps[0].seat if outcome.steps else outcome.state.current
        late = translate(record.locale, "game.timed_out", who=seat_names(record, record.locale).get(sleeper, ""))
        post = await outcome_post(outcome, notify=outcome.turn_started)
        post.content = f"{late}\n{post.content}"[:2000]
        await self.post_game(record, post)

    # -- deadlines ----------------------------------------------------------------------------------------
    async def run_deadlines(self) -> None:
        """Claim due deadlines and act on them, for as long as the bot runs (one of any number of workers)."""
        queue = self.sessions.storage.deadlines
        task = asyncio.current_task()
        while True:
            try:
                for claim in await queue.claim_due(now=self.sessions.clock(), limit=20):
                    try:
                        result = await self.sessions.on_deadline(claim)
                        if result is not None:
                            await self.announce(*result)
                    except Exception:  # one bad game must not stop the others' deadlines
                        logger.exception("deadline %s failed", claim.deadline.member)
                next_due = await queue.next_due()
                now = self.sessions.clock()  # the clock deadlines were set by
                wait = IDLE_POLL if next_due is None else min(max(next_due - now, 0.05), IDLE_POLL)
            except StorageUnavailable as error:
                logger.warning("deadline worker: %s", error)
                wait = IDLE_POLL
            if task is not None and task.cancelling():  # on Python 3.11 redis-py's use of asyncio.wait_for
                raise asyncio.CancelledError  # can swallow a cancellation: stop all the same
            await asyncio.sleep(wait)


async def replay_gif(record: GameRecord, lang: str) -> bytes:
    """The animated replay of a game (loaded with its log) in a language, drawn off the event loop."""
    names = seat_names(record, lang)
    return await asyncio.to_thread(
        render_replay, engine.notation.parse_rules(record.rules), record.seat_numbers, record.seed,
        [engine.parse_action(text) for text in record.log], tuple(names.get(s, "") for s in range(4)),
        words=templates(lang, "board.", WORDS))


def replay_file(record: GameRecord, gif: bytes, lang: str) -> discord.File:
    """A replay GIF as an attachment whose description (alt text) tells the game and its final position."""
    told = translate(lang, "replay.alt", id=record.id, actions=record.log_length)
    return discord.File(io.BytesIO(gif), filename=f"ludo-{record.id}.gif",
                        description=alt_text(told + board_alt(record, state_of(record), lang,
                                                              limit=ALT_LIMIT - len(told) - 4)))


async def edit_clicked(interaction: discord.Interaction[Any], *, post: Post | None = None,
                       content: str | None = None, view: discord.ui.View | None = None) -> None:
    """Edit the message whose button was clicked, as the interaction's response (or after a deferral);
    `view=None` takes the buttons off."""
    fields: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
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


async def repost(play: Play, interaction: discord.Interaction[Any], record: GameRecord) -> None:
    """`/ludo board`: the live game message again, here; the old one loses its buttons."""
    post = await in_time(interaction, game_post(record), thinking=True, ephemeral=False)
    fields: dict[str, Any] = {"files": post.files(), "view": post.view,
                              "allowed_mentions": discord.AllowedMentions.none()}
    message: discord.Message
    if interaction.response.is_done():  # deferred: the first followup completes the "thinking..." message
        message = await interaction.followup.send(post.content, wait=True, **fields)
    else:
        await interaction.response.send_message(post.content, **fields)
        message = await interaction.original_response()
    if record.message_id and record.message_id != message.id:
        channel = play.client.get_partial_messageable(record.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(record.message_id).edit(view=None)
    await play.sessions.set_message(record, message.id)
