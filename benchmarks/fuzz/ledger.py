"""What the fuzz's checks hold on to: a `Failure`, the `Ledger` of what members did (as dispatched), and `patiently`,
a checker's read of Redis tried again while Redis is paused or restarting."""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from ludo_bot.bot.buttons.components import GameButton, LobbyButton, TourneyButton
from ludo_bot.playground.standin import InteractionRecord
from ludo_bot.storage import StorageUnavailable

T = TypeVar("T")
GROUP = 2  # a subcommand group's option type ("tournament")


@dataclass(frozen=True)
class Failure:
    invariant: str
    where: str
    detail: str

    def __str__(self) -> str:
        return f"[{self.invariant}] {self.where}: {self.detail}"


@dataclass
class Ledger:
    """What members did, as dispatched: who clicked which game button at which ply, who pressed a lobby's or a
    tournament's Start, who ran which command in which channel ("leave", "end", "tournament leave", ...), and every
    press of a tournament's sign-up buttons (with its answer, once it came)."""

    clicks: dict[tuple[str, int, str], set[int]] = field(default_factory=lambda: collections.defaultdict(set))
    starts: dict[str, set[int]] = field(default_factory=lambda: collections.defaultdict(set))
    commands: dict[tuple[str, int], set[int]] = field(default_factory=lambda: collections.defaultdict(set))
    signups: dict[str, list[tuple[str, InteractionRecord]]] = field(
        default_factory=lambda: collections.defaultdict(list))
    ended_members: set[tuple[int, int]] = field(default_factory=set)  # (who ran `/ludo end member:`, that member)

    def note(self, records: Iterable[InteractionRecord]) -> None:
        for record in records:
            custom_id = record.custom_id
            if custom_id is None:
                self.commands[(command_name(record), record.channel_id)].add(record.user.id)
                if (member := member_option(record)) is not None:
                    self.ended_members.add((record.user.id, member))
            elif found := GameButton.__discord_ui_compiled_template__.fullmatch(custom_id):
                self.clicks[(found["game"], int(found["ply"]), found["action"])].add(record.user.id)
            elif (found := LobbyButton.__discord_ui_compiled_template__.fullmatch(custom_id)) and \
                    found["verb"] == "start":
                self.starts[found["lobby"]].add(record.user.id)
            elif found := TourneyButton.__discord_ui_compiled_template__.fullmatch(custom_id):
                self.signups[found["tourney"]].append((found["verb"], record))
                if found["verb"] == "start":
                    self.starts[found["tourney"]].add(record.user.id)

    def ran(self, command: str) -> set[int]:
        """Who ran a command, in any channel."""
        return {user for (name, _), users in self.commands.items() if name == command for user in users}


def command_name(record: InteractionRecord) -> str:
    """The command an interaction ran: "leave", or a group's subcommand: "tournament leave"."""
    options = record.data.get("options") or [{}]
    name = str(options[0].get("name"))
    if options[0].get("type") == GROUP:
        name += " " + str((options[0].get("options") or [{}])[0].get("name"))
    return name


def member_option(record: InteractionRecord) -> int | None:
    """The member `/ludo end member:` names (every game of theirs in the server ends), if that is what ran."""
    options = record.data.get("options") or [{}]
    if options[0].get("name") != "end":
        return None
    found = [o.get("value") for o in options[0].get("options") or [] if o.get("name") == "member"]
    return int(found[0]) if found and str(found[0]).isdigit() else None


async def patiently(call: Callable[[], Awaitable[T]], within: float = 30.0) -> T:
    """A checker's read, tried again while Redis is paused or restarting."""
    deadline = time.monotonic() + within
    while True:
        try:
            return await call()
        except StorageUnavailable:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)
