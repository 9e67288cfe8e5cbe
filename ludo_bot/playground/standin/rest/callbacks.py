"""The REST endpoints of an interaction: the callback (the bot's first response, within the deadline, of a type the
interaction allows) and the interaction's webhook (followups, and reading, editing or deleting @original and the
followups while the token lives)."""

from __future__ import annotations

import copy
import time

from aiohttp import web

from .. import limits, payloads
from ..exchanges import Message, Response
from ..interactions import InteractionRecord
from ..limits import FieldError
from ..records import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    EPHEMERAL,
    LOADING,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PING,
    SETTABLE_FLAGS,
    Json,
)
from ..wire import DiscordError, json_response, no_content, read_body
from .handlers import Handlers

FOLLOWUP_CAP = 5  # Discord: follow-ups per interaction authorized by a user install alone

# Callback types allowed for each interaction type.
ALLOWED_CALLBACKS: dict[int, set[int]] = {
    PING: {1},
    APPLICATION_COMMAND: {4, 5, 9, 12},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9, 12},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}


class CallbackEndpoints(Handlers):
    """/interactions/.../callback and /webhooks/{application}/{token}."""

    # -- the callback --------------------------------------------------------------------------------------------------

    async def interaction_callback(self, request: web.Request) -> web.Response:
        world = self.world
        record = self.interactions.records.get(self._int(request, "interaction_id"))
        if record is None or record.token != request.match_info["token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        body, uploads = await read_body(request)
        received = time.monotonic()
        if record.failed:
            raise self._refuse("late-response", DiscordError(404, 10062, "Unknown interaction"), request, record)
        if record.responded:
            raise self._refuse("already-acknowledged",
                               DiscordError(400, 40060, "Interaction has already been acknowledged."), request, record)
        kind = body.get("type")
        if not isinstance(kind, int) or kind not in ALLOWED_CALLBACKS.get(record.type, set()) or (
                kind in (6, 7) and record.message is None):
            raise self._refuse("invalid-response", DiscordError(400, 50035, "Invalid Form Body", [
                FieldError(("type",), "INTERACTION_RESPONSE_TYPE_INVALID",
                           f"Interaction response type {kind} is not valid for interaction type {record.type}")]),
                request, record)
        data: Json = body.get("data") or {}
        channel = world.channels[record.channel_id]
        flags = int(data.get("flags") or 0) | (EPHEMERAL if record.forced_ephemeral and kind in (4, 5) else 0)
        original: Message | None = None
        modal: Json | None = None
        created = False
        try:
            if kind == 4:
                original = self.posting.create_message(channel, data, uploads, author=world.bot_user,
                                                       interaction=record, flags=flags & SETTABLE_FLAGS,
                                                       prefix=("data",))
                created = True
            elif kind == 5:
                original = self.posting.create_message(channel, {}, [], author=world.bot_user, interaction=record,
                                                       flags=LOADING | (flags & EPHEMERAL), allow_empty=True)
                created = True
            elif kind == 6:
                original = record.message
            elif kind == 7:
                assert record.message is not None
                original = record.message
                self.posting.edit_message(original, data, uploads, prefix=("data",))
            elif kind == 9:
                errors = limits.check_modal(data)
                if errors:
                    raise DiscordError(400, 50035, "Invalid Form Body", errors)
                modal = copy.deepcopy(data)
        except DiscordError as error:
            raise self._refuse("invalid-body", error, request, record) from None
        record.original = original
        record.modal = modal
        record.response_record = Response(
            type=kind,
            elapsed=received - record.dispatched_at,
            ephemeral=bool(original is not None and original.ephemeral),
            content=None if original is None else original.content,
            embeds=[] if original is None else copy.deepcopy(original.embeds),
            components=[] if original is None else copy.deepcopy(original.components),
            files=[] if original is None else list(original.attachments),
            message=original,
            modal=modal,
        )
        self.interactions.answered(record)
        if original is not None and kind in (4, 5, 7):
            await self.broadcaster.broadcast_message("MESSAGE_CREATE" if created else "MESSAGE_UPDATE", original)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        return json_response(payloads.callback_answer(world, record, kind, original))

    def _webhook_record(self, request: web.Request, what: str) -> InteractionRecord:
        record = self.interactions.by_token.get(request.match_info["token"])
        if record is None or self._int(request, "app") != self.world.application_id:
            raise DiscordError(404, 10015, "Unknown Webhook")
        if time.monotonic() - record.dispatched_at > self.settings.token_lifetime:
            raise self._refuse("token-expired", DiscordError(401, 50027, "Invalid Webhook Token"), request, record)
        if not record.responded or record.response_type == 9:
            raise self._refuse("not-acknowledged", DiscordError(404, 10015, "Unknown Webhook"), request, record)
        return record

    def _webhook_message(self, request: web.Request, record: InteractionRecord) -> Message:
        raw = request.match_info["message_id"]
        if raw == "@original":
            message = record.original
        else:
            wanted = self._int(request, "message_id")
            candidates = [m for m in [record.original, *record.followups] if m is not None]
            message = next((m for m in candidates if m.id == wanted), None)
        if message is None or message.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    async def followup(self, request: web.Request) -> web.Response:
        world = self.world
        record = self._webhook_record(request, "followup")
        body, uploads = await read_body(request)
        channel = world.channels[record.channel_id]
        flags = int(body.get("flags") or 0) & SETTABLE_FLAGS | (EPHEMERAL if record.forced_ephemeral else 0)
        made = [m for m in record.followups if m is not record.original]
        if record.user_install_only and len(made) >= FOLLOWUP_CAP:  # (Discord documents the cap, not its answer)
            raise self._refuse("followup-cap", DiscordError(
                400, 0, f"An app installed by a user alone may send at most {FOLLOWUP_CAP} follow-ups per interaction"),
                request, record)
        original = record.original
        try:
            if record.response_type == 5 and original is not None and original.loading and not record.followups:
                # Discord: the first followup after a deferred message response replaces the "thinking" message.
                self.posting.edit_message(original, body, uploads)
                message = original
                created = False
            else:
                message = self.posting.create_message(channel, body, uploads, author=world.bot_user,
                                                      interaction=record, flags=flags)
                created = True
        except DiscordError as error:
            raise self._refuse("invalid-body", error, request, record) from None
        record.followups.append(message)
        self.world.changes.notify()
        await self.broadcaster.broadcast_message("MESSAGE_CREATE" if created else "MESSAGE_UPDATE", message)
        if request.query.get("wait") in ("0", "false", "False"):
            return no_content()
        return json_response(payloads.message(self.world, message))

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        record = self._webhook_record(request, "get")
        return json_response(payloads.message(self.world, self._webhook_message(request, record)))

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        record = self._webhook_record(request, "edit")
        message = self._webhook_message(request, record)
        body, uploads = await read_body(request)
        try:
            self.posting.edit_message(message, body, uploads)
        except DiscordError as error:
            raise self._refuse("invalid-body", error, request, record) from None
        await self.broadcaster.broadcast_message("MESSAGE_UPDATE", message)
        return json_response(payloads.message(self.world, message))

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        record = self._webhook_record(request, "delete")
        message = self._webhook_message(request, record)
        await self.posting.delete_message(message)
        return no_content()
