"""The tests' users acting: a slash command, a click (a real one, or a forged one as a modified client could send),
a pick in a select menu, a submitted modal, a plain message. Each interaction is checked as Discord's client would
(the user must see the channel and be able to use the app there), built as Discord sends it (payloads.py) and
dispatched (interactions.py); the caller gets its `InteractionRecord` back.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping

from . import limits, payloads
from .broadcast import Broadcaster
from .exchanges import Message, walk_components
from .interactions import InteractionRecord, Interactions
from .payloads import OptionValue
from .posting import Posting
from .records import (
    APPLICATION_COMMAND,
    BOT_DM_CONTEXT,
    BOT_PERMISSIONS,
    GUILD_CONTEXT,
    GUILD_INSTALL,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PRIVATE_APP_PERMISSIONS,
    PRIVATE_CHANNEL_CONTEXT,
    USE_EXTERNAL_APPS,
    USER_INSTALL,
    VIEW_CHANNEL,
    Channel,
    Json,
    User,
)
from .settings import Settings
from .world import World


class Acting:
    """The users' side of Discord's client, for the tests (`standin.slash`, `click`, ...)."""

    def __init__(self, world: World, posting: Posting, broadcaster: Broadcaster, interactions: Interactions,
                 settings: Settings) -> None:
        self.world = world
        self.posting = posting
        self.broadcaster = broadcaster
        self.interactions = interactions
        self.settings = settings
        self._synthetic_command_ids: dict[str, int] = {}

    async def slash(self, user: User, channel: Channel | int, *names: str,
                    options: Mapping[str, OptionValue] | None = None, locale: str = "en-US") -> InteractionRecord:
        """`user` runs `/names[0] [names[1] [names[2]]]` in `channel` with `options`; returns the interaction record
        (await `.response()` for the bot's answer). Option types come from the synced command when there is one,
        otherwise from the Python values (str, int, float, bool, User, Channel, Role)."""
        if len(names) == 1 and " " in names[0]:
            names = tuple(names[0].split())
        if not 1 <= len(names) <= 3:
            raise ValueError("give the command, then an optional subcommand group and subcommand")
        target = self.world.resolve_channel(channel)
        command, scope = self._find_command(names[0], target.guild_id)
        if command is None and self.settings.require_registered_commands:
            raise LookupError(f"/{names[0]} is not registered (globally or in guild {target.guild_id})")
        guild = self.world.guilds.get(target.guild_id) if target.guild_id is not None else None
        resolved: Json = {}
        schema_options: list[Json] | None = None if command is None else command.get("options", [])
        path: list[tuple[str, int]] = []
        for depth, name in enumerate(names[1:]):
            node = next((o for o in schema_options or [] if o["name"] == name), None) if command else None
            if command is not None and node is None:
                raise LookupError(f"/{' '.join(names[: depth + 2])} is not part of the registered command")
            kind = int(node["type"]) if node else (2 if len(names) == 3 and depth == 0 else 1)
            path.append((name, kind))
            schema_options = None if node is None else node.get("options", [])
        leaf: list[Json] = []
        for name, value in (options or {}).items():
            schema = next((o for o in schema_options or [] if o["name"] == name), None)
            if command is not None and schema is None:
                raise LookupError(f"option {name!r} is not an option of /{' '.join(names)}")
            leaf.append(payloads.option(name, value, schema, resolved, guild))
        nested = leaf
        for name, kind in reversed(path):
            nested = [{"name": name, "type": kind, "options": nested}]
        if command is not None:
            command_id = int(command["id"])
        else:
            command_id = self._synthetic_command_ids.setdefault(names[0], self.world.ids.next())
        data: Json = {"id": str(command_id), "name": names[0], "type": 1, "options": nested}
        if resolved:
            data["resolved"] = resolved
        if scope is not None:
            data["guild_id"] = str(scope)
        record = self._interaction(APPLICATION_COMMAND, user, target, data, locale=locale, command=command)
        return await self.interactions.dispatch(record)

    def _component(self, message: Message, custom_id: str | None, label: str | None) -> Json:
        for component in walk_components(message.components):
            if "custom_id" not in component:
                continue
            if (custom_id is None or component["custom_id"] == custom_id) and (
                    label is None or component.get("label") == label):
                return component
        raise LookupError(f"no component custom_id={custom_id!r} label={label!r} on {message!r}")

    def _check_clickable(self, user: User, message: Message | int) -> Message:
        found = message if isinstance(message, Message) else self.world.message_log[message]
        if found.deleted:
            raise LookupError(f"{found!r} was deleted")
        if found.ephemeral and (found.interaction is None or found.interaction.user is not user):
            raise LookupError(f"{user!r} cannot see the ephemeral {found!r}")
        return found

    async def click(self, user: User, message: Message | int, custom_id: str | None = None, *,
                    label: str | None = None, locale: str = "en-US") -> InteractionRecord:
        """`user` clicks a button (by custom_id or label) on `message`."""
        found = self._check_clickable(user, message)
        button = self._component(found, custom_id, label)
        if button.get("type") != 2:
            raise LookupError(f"{button} is not a button")
        if button.get("disabled"):
            raise LookupError(f"button {button.get('label')!r} is disabled: users cannot click it")
        data: Json = {"custom_id": button["custom_id"], "component_type": 2}
        if "id" in button:
            data["id"] = button["id"]
        record = self._interaction(MESSAGE_COMPONENT, user, self.world.channels[found.channel_id], data, locale=locale,
                                   message=found)
        return await self.interactions.dispatch(record)

    async def forged_click(self, user: User, message: Message | int, custom_id: str, *,
                           locale: str = "en-US") -> InteractionRecord:
        """A click on `message` carrying any `custom_id`, whether the message has that button or not, of any
        length: what a modified client could try (the fuzz test's garbage and over-long ids)."""
        found = self._check_clickable(user, message)
        data: Json = {"custom_id": custom_id, "component_type": 2}
        record = self._interaction(MESSAGE_COMPONENT, user, self.world.channels[found.channel_id], data, locale=locale,
                                   message=found)
        return await self.interactions.dispatch(record)

    async def select(self, user: User, message: Message | int, custom_id: str, values: Iterable[str], *,
                     locale: str = "en-US") -> InteractionRecord:
        """`user` picks `values` in the select menu `custom_id` on `message`."""
        found = self._check_clickable(user, message)
        menu = self._component(found, custom_id, None)
        if menu.get("type") not in limits.SELECT_TYPES:
            raise LookupError(f"{menu} is not a select menu")
        chosen = [str(v) for v in values]
        if menu.get("type") == 3:
            allowed = {o["value"] for o in menu.get("options", [])}
            if not set(chosen) <= allowed:
                raise LookupError(f"{chosen} are not all options of {custom_id!r}: {sorted(allowed)}")
        data: Json = {"custom_id": custom_id, "component_type": menu["type"], "values": chosen}
        record = self._interaction(MESSAGE_COMPONENT, user, self.world.channels[found.channel_id], data, locale=locale,
                                   message=found)
        return await self.interactions.dispatch(record)

    async def submit_modal(self, user: User, opened_by: InteractionRecord, values: Mapping[str, str | list[str]],
                           *, locale: str = "en-US") -> InteractionRecord:
        """`user` submits the modal the bot showed in answer to `opened_by`, with field values by custom_id."""
        modal = opened_by.modal
        if modal is None:
            raise LookupError(f"{opened_by!r} was not answered with a modal")

        def field(component: Json) -> Json:
            value = values.get(component.get("custom_id", ""), "")
            out: Json = {"type": component["type"], "custom_id": component.get("custom_id")}
            if "id" in component:
                out["id"] = component["id"]
            if component["type"] == 4:
                out["value"] = value if isinstance(value, str) else " ".join(value)
            else:
                out["values"] = [value] if isinstance(value, str) else list(value)
            return out

        components: list[Json] = []
        for top in modal.get("components", []):
            if top.get("type") == 1:
                components.append({"type": 1, "components": [field(c) for c in top.get("components", [])]})
            elif top.get("type") == 18:
                components.append({"type": 18, "component": field(top["component"])})
        data: Json = {"custom_id": modal["custom_id"], "components": components}
        record = self._interaction(MODAL_SUBMIT, user, self.world.channels[opened_by.channel_id], data, locale=locale,
                                   message=opened_by.message)
        return await self.interactions.dispatch(record)

    async def say(self, user: User, channel: Channel | int, content: str) -> Message:
        """`user` posts a plain message (MESSAGE_CREATE to the bot if it has the guild messages intent)."""
        target = self.world.resolve_channel(channel)
        message = self.posting.create_message(target, {"content": content}, [], author=user)
        await self.broadcaster.broadcast_message("MESSAGE_CREATE", message)
        return message

    def _find_command(self, name: str, guild_id: int | None) -> tuple[Json | None, int | None]:
        for scope in ((guild_id, None) if guild_id is not None else (None,)):
            for command in self.world.commands.get(scope, {}).values():
                if command["name"] == name and command.get("type", 1) == 1:
                    return command, scope
        return None, None

    def _installs(self, user: User, channel: Channel, message: Message | None,
                  command: Json | None) -> tuple[dict[str, str], int]:
        """An interaction's `authorizing_integration_owners` and `context`, as Discord sets them: the guild install
        ("0": the guild's id, "0" in the bot's DM) where the bot is in, the user install ("1": the user's id) for a user
        who installed the app, each kept only where the command allows that install and context. A component's
        are those of the interaction that made its message. `LookupError` where the user could not use it (Discord's
        client does not offer the command there)."""
        guild = self.world.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        context = (GUILD_CONTEXT if guild is not None else BOT_DM_CONTEXT if self.world.bot_can_access(channel)
                   else PRIVATE_CHANNEL_CONTEXT)
        if message is not None and message.interaction is not None:
            return dict(message.interaction.owners), context
        owners: dict[str, str] = {}
        if guild is not None and guild.bot_member:
            owners[str(GUILD_INSTALL)] = str(guild.id)
        elif context == BOT_DM_CONTEXT:
            owners[str(GUILD_INSTALL)] = "0"
        if user.installed and message is None:
            owners[str(USER_INSTALL)] = str(user.id)
        if command is not None:
            contexts = command.get("contexts")
            if contexts is not None and context not in contexts:
                raise LookupError(f"/{command['name']} is not offered in context {context} ({channel!r}): "
                                  f"its contexts are {contexts}")
            installs = command.get("integration_types") or [GUILD_INSTALL]
            owners = {k: v for k, v in owners.items() if int(k) in installs}
        if not owners:
            why = "the command allows no user install" if user.installed else "they did not install it"
            raise LookupError(f"{user!r} cannot use the app in {channel!r}: the bot is not there and {why}")
        return owners, context

    def _interaction(self, kind: int, user: User, channel: Channel, data: Json, *, locale: str,
                     message: Message | None = None, command: Json | None = None) -> InteractionRecord:
        interaction_id = self.world.ids.next()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        guild = self.world.guilds.get(channel.guild_id) if channel.guild_id is not None else None
        owners, context = self._installs(user, channel, message, command)
        payload = payloads.interaction(self.world, self.settings, interaction_id=interaction_id, token=token,
                                       kind=kind, channel=channel, data=data, locale=locale, owners=owners,
                                       context=context)
        forced_ephemeral = False
        if guild is not None:
            member = guild.members.get(user.id)
            if member is None:
                raise LookupError(f"{user!r} is not a member of {guild!r}: add_member() first")
            permissions = self.world.permissions_in(channel, user.id)
            if not permissions & VIEW_CHANNEL:
                raise LookupError(f"{user!r} cannot view {channel!r}: Discord shows them nothing of it")
            # where the bot is no member Discord does not say what `app_permissions` holds: here @everyone's
            app = self.world.permissions_in(channel, self.world.bot_user.id if guild.bot_member else 0)
            forced_ephemeral = str(GUILD_INSTALL) not in owners and not permissions & USE_EXTERNAL_APPS
            payload.update(payloads.in_guild(guild, member, permissions, app))
        else:
            if context == PRIVATE_CHANNEL_CONTEXT and user not in channel.recipients:
                raise LookupError(f"{user!r} is not in {channel!r}")
            app = BOT_PERMISSIONS if context == BOT_DM_CONTEXT else PRIVATE_APP_PERMISSIONS
            payload.update(payloads.in_private(user, app))
        if message is not None:
            payload["message"] = payloads.message(self.world, message)
        return InteractionRecord(id=interaction_id, token=token, type=kind, user=user, guild_id=channel.guild_id,
                                 channel_id=channel.id, data=data, payload=payload, message=message, owners=owners,
                                 context=context, forced_ephemeral=forced_ephemeral, ledger=self.interactions)

