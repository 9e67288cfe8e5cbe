"""Playing through Discord: button clicks, the game's live message (see `bot.live`), the deadline worker.

A click is claimed once (several processes may receive it), applied through `Service`, and answered by its
interaction response alone: in place while the clicker acts next, else with a new message that mentions the
next player. Every other Discord call (the old message's removal, reminders, time-outs) goes through the
process's `Outbox`, after the answer and paced under the bot's global limit.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord

import engine
from bot.errors import ALREADY_ANSWERED, answer_privately, guarded, in_time, time_to_defer
from bot.live import LiveMessages, edit_clicked, next_person
from bot.messages import (
    ALT_LIMIT,
    NO_PINGS,
    Post,
    alt_text,
    board_alt,
    game_post,
    lobby_post,
    order_text,
    outcome_post,
    spectator_post,
)
from bot.outbox import Outbox
from bot.translator import user_locale
from render import WORDS, render_replay
from service import (
    REMIND,
    Duplicate,
    GameRecord,
    Outcome,
    Refused,
    Service,
    StorageUnavailable,
    WriteUncertain,
    seat_names,
    seat_user,
    state_of,
)
from service.i18n import templates, translate

logger = logging.getLogger(__name__)
IDLE_POLL = 5.0  # seconds the deadline worker sleeps at most between two looks
CATCH_UP, CATCH_UP_POLL = 30.0, 0.5  # seconds a click that met unavailable storage is looked at again, and how often
STALE_AFTER = 5.0  # seconds after a game's last save when a live message showing an older position is stale


class Play:
    """The button handlers (see `bot.components.Handlers`) and the game-message plumbing."""

    def __init__(self, client: discord.Client, service: Service, *, concurrency: int = 32) -> None:
        self.client = client
        self.service = service
        self.takeover = service.takeover
        self.outbox = Outbox(client)
        self.live = LiveMessages(service, self.outbox)
        self._slots = asyncio.Semaphore(concurrency)  # clicks handled at once (below the storage pool's size)
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def guard(self, interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]], *,
                    game_id: str | None = None) -> None:
        """Run a handler inside the one error path, counted as work in flight (see `drain`)."""
        self._busy += 1
        self._idle.clear()
        try:
            await guarded(interaction, lambda: self._in_turn(interaction, work), game_id=game_id)
            self.takeover.done(interaction.id)
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
        """Wait (at most `timeout` seconds) for handlers in flight and for what they left to the outbox, so a
        shutdown does not cut one short."""
        started = time.monotonic()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await self._idle.wait()
        await self.outbox.drain(max(0.0, timeout - (time.monotonic() - started)))

    async def close(self, timeout: float) -> None:
        """At shutdown: let handlers in flight finish and the outbox empty (`drain`), then end what is left
        (second looks only: a click on the game message brings it back too, see `_revive`)."""
        await self.drain(timeout)
        await self.outbox.close(0.0)
        await self.takeover.leave()

    # -- clicks ---------------------------------------------------------------------------------------
    async def lobby_click(self, interaction: discord.Interaction[Any], lobby_id: str, verb: str) -> None:
        async def work() -> None:
            if not await self._first(interaction):
                return
            user = interaction.user
            if verb == "start":
                await self._start(interaction, lobby_id)
            elif verb == "cancel":
                manager = bool(interaction.permissions.manage_channels)
                lobby = await self.service.lobbies.cancel(lobby_id, user.id, can_manage=manager)
                await edit_clicked(interaction, content=translate(lobby.locale, "lobby.cancelled"), view=None)
            else:
                change, level = ("add_ai", int(verb[2])) if verb.startswith("ai") else (verb, 1)
                lobby = await self.service.lobbies.update(lobby_id, user.id, change, level, name=user.display_name)
                post = lobby_post(lobby)
                await edit_clicked(interaction, content=post.content, view=post.view)

        await self.guard(interaction, work, game_id=lobby_id)

    async def _start(self, interaction: discord.Interaction[Any], lobby_id: str) -> None:
        """The host starts the game. Its first message is the lobby's, answered in place, when the host acts
        first or nobody needs telling; a new message when another player must be told (the lobby message then
        keeps the turn-order roll, without buttons); in a thread of its own, a message there."""
        channel_id = await self._game_channel(interaction, lobby_id)
        clicked = interaction.message.id if interaction.message and channel_id is None else None
        outcome = await in_time(interaction, self.service.lobbies.start(lobby_id, interaction.user.id, channel_id,
                                                                      message_id=clicked))
        record = outcome.record
        order = order_text(record, outcome.state)
        started = translate(record.locale, "lobby.started", order=order)
        tell = next_person(outcome, interaction.user.id)
        post = await in_time(interaction, outcome_post(outcome, notify=tell is not None, note=order))
        if clicked is not None and tell is None:
            await edit_clicked(interaction, post=post)
            return
        if channel_id is not None:  # the thread's first message, through the outbox
            await edit_clicked(interaction, content=started, view=None)
            await self.live.post(record.model_copy(update={"message_id": None}), post)
        else:
            await self.live.answer(interaction, record, post, new=True,
                                   clicked_becomes={"content": started, "view": None, "allowed_mentions": NO_PINGS})

    async def _game_channel(self, interaction: discord.Interaction[Any], lobby_id: str) -> int | None:
        """With the lobby option `thread`, the game moves into a new thread under the lobby message."""
        lobby = await self.service.lobbies.load(lobby_id)
        if not lobby.options.get("thread") or interaction.message is None or interaction.user.id != lobby.host_id:
            return None
        thread = await interaction.message.create_thread(name=f"Ludo {lobby.preset} {lobby.id}")
        return thread.id

    async def game_click(self, interaction: discord.Interaction[Any], game_id: str, ply: int, action: str) -> None:
        async def work() -> None:
            async def act() -> tuple[Outcome, Post, bool]:  # the click is claimed with the game's load
                outcome = await self.service.games.act(game_id, ply, action, interaction.user.id,
                                                       click=interaction.id)
                tell = next_person(outcome, interaction.user.id) is not None
                return outcome, await outcome_post(outcome, notify=tell), tell

            try:
                outcome, post, tell = await in_time(interaction, act())
            except Duplicate:  # another bot process answers it
                return
            except Refused as refused:
                if refused.key == "refused.moved_on" and await self._revive(interaction, game_id):
                    raise Refused("refused.moved_on_reposted") from refused
                raise
            except WriteUncertain:  # a save that timed out may have landed all the same: look again later
                self.outbox.later(self._catch_up(interaction, game_id, ply, action))
                raise
            await self.live.answer(interaction, outcome.record, post, new=tell)

        await self.guard(interaction, work, game_id=game_id)

    async def _revive(self, interaction: discord.Interaction[Any], game_id: str) -> bool:
        """Post the live game message again when a process died between saving a click and showing it: the
        clicked message is the game's live message, offers an older position, and the game has not changed for
        `STALE_AFTER` seconds (so no answer that would update the message can still be on its way), or the click
        was adopted from a dead process (whose answer will not come)."""
        record = await self.service.games.load(game_id)
        fresh = time.time() - record.updated_at < STALE_AFTER and interaction.id not in self.takeover.adopted
        if not record.active or interaction.message is None or interaction.message.id != record.message_id or fresh:
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
            if record.log[ply:ply + 1] != [action] or record.message_id != clicked or not record.active:
                return  # not saved (the player's retry applies it), or shown already
            logger.warning("game %s: a click saved despite a storage timeout; posting the game message again",
                           game_id)
            await self._post_again(record)
            await interaction.followup.send(translate(user_locale(interaction), "reply.saved_after_all"),
                                            ephemeral=True)
            return

    async def replay_click(self, interaction: discord.Interaction[Any], game_id: str) -> None:
        async def work() -> None:
            record = await self.service.games.load(game_id, with_log=True)  # before deferring: an unknown game
            # is answered at once
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
            record = await self.service.games.load(game_id)
            post = await in_time(interaction, spectator_post(record, self.service.clock(), user_locale(interaction)),
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

    # -- deadlines ----------------------------------------------------------------------------------------
    async def announce(self, kind: str, outcome: Outcome) -> None:
        """Show a deadline's outcome. A reminder posts the live message anew, mentioning the player (the turn's
        one reminder; the message is the live one, so it goes when the turn ends). A timed-out turn is told in
        the next turn's message: a new one when another person must be told, else the live message in place."""
        record = outcome.record
        if kind == REMIND:
            user = outcome.player_to_act()
            if user is None or record.turn_deadline is None:
                return
            note = translate(record.locale, "game.remind", user=user, id=record.id, at=int(record.turn_deadline))
            await self.live.post(record, await game_post(record, outcome.state, notify=True, note=note))
            return
        sleeper = outcome.steps[0].seat if outcome.steps else outcome.state.current
        late = translate(record.locale, "game.timed_out", who=seat_names(record, record.locale).get(sleeper, ""))
        tell = next_person(outcome, seat_user(record, sleeper))
        post = await outcome_post(outcome, notify=tell is not None, note=late)
        await self.live.show(record, post, tell=tell is not None)

    async def run_deadlines(self) -> None:
        """Claim due deadlines and act on them, for as long as the bot runs (one of any number of workers)."""
        task = asyncio.current_task()
        while True:
            try:
                for claim in await self.service.deadlines.due():
                    try:
                        result = await self.service.deadlines.handle(claim)
                        if result is not None:
                            await self.announce(*result)
                    except Exception:  # one bad game must not stop the others' deadlines
                        logger.exception("deadline %s failed", claim.deadline.member)
                next_due = await self.service.deadlines.next_due()
                now = self.service.clock()  # the clock deadlines were set by
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


async def repost(play: Play, interaction: discord.Interaction[Any], record: GameRecord) -> None:
    """`/ludo board`: the live game message again, here; the old one is deleted."""
    post = await in_time(interaction, game_post(record), thinking=True, ephemeral=False)
    fields: dict[str, Any] = {"files": post.files(), "view": post.view, "allowed_mentions": post.allowed_mentions}
    message_id: int | None
    if interaction.response.is_done():  # deferred: the first followup completes the "thinking..." message
        message_id = (await interaction.followup.send(post.content, wait=True, **fields)).id
    else:
        message_id = (await interaction.response.send_message(post.content, **fields)).message_id
    if message_id is not None:
        await play.live.replaced(record, message_id)
