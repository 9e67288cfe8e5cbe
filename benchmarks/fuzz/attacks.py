"""The attacker lane (issue 43): a member who manages a lane's channel takes the bot's permissions there away in the
middle of its games and tournaments, gives some back later, and deletes channels, as anyone with Manage Channels may.

Every `ATTACK_GAPS` rounds (drawn from the run's seed) one of:
- deny: a channel overwrite for the bot in a lane's channel that denies one or more of View Channel, Send Messages,
  Create Public Threads and Attach Files (the lane's tournament tables, threads of that channel, lose them too: a
  thread has its parent's permissions); given back (the overwrite removed) `GIVEN_BACK` rounds later, or never;
- delete: a table's thread deleted, or the lane's channel itself (with its threads); the lane's members then go on
  in a new channel of the server.

What the bot must do about it (DESIGN.md, "A refusal that waiting will not change"): after Discord refused it in a
channel (403, or 404 to a call that posts, edits or deletes), ask nothing more of that channel until it changes
(`refusals`: a refusal more than `IN_FLIGHT` seconds after the channel's first since its last change is a failure;
the calls already on their way then are not);
a game whose channel refuses it is moved to answering by interaction only or ended (`Checks.at_rest`).

The most refused requests in any 10 minutes (`most_refused`) count every 401, 403 and 429 the stand-in answered
(the budget Discord bans an address for), by the stand-in's clock, which is the run's own time: the service clock's
jumps (turn deadlines falling due) take no time there, so a run's minutes hold more than Discord would see in them.
"""

from __future__ import annotations

import collections
import functools
import random
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from benchmarks.fuzz.ledger import patiently
from benchmarks.fuzz.world import Lane, World
from ludo_bot.playground.standin import Channel, RequestLog
from ludo_bot.playground.standin.records import ATTACH_FILES, CREATE_PUBLIC_THREADS, SEND_MESSAGES, VIEW_CHANNEL
from ludo_bot.storage import CorruptRecord, NotFound

ATTACK_GAPS = (8, 30)  # rounds between two attacks, at least and at most
GIVEN_BACK = (2, 25)  # rounds until a denial is given back ...
KEPT = 0.25  # ... or, this often, never
DELETES = 0.2  # an attack's chance of being a deletion (of a table's thread when there is one, else the channel)
DENIABLE = (VIEW_CHANNEL, SEND_MESSAGES, CREATE_PUBLIC_THREADS, ATTACH_FILES)
INVALID = (401, 403, 429)  # the responses Discord counts against an address
WINDOW = 600.0  # seconds: Discord bans an address after 10,000 of them within this
UNKNOWN_MESSAGE = 10008  # Discord's code for a message that is gone (a 404 that says nothing of the channel)
MISSING_ACCESS, UNKNOWN_CHANNEL = 50001, 10003  # Discord's codes that refuse every request of a channel
IN_FLIGHT = 5.0  # seconds after a channel's first refusal in which calls already on their way may be refused too
CHANNEL = re.compile(r"/channels/(\d+)")


@dataclass
class Attacked:
    """A channel the attacker changed: when (the stand-in's clock), and whether it refuses the bot now."""

    changed: float
    refusing: bool
    deleted: bool = False
    lane: int = -1
    times: int = 1
    before: int = 0
    """The newest message id of the stand-in at the change: a board made before it that the bot could not clean up
    then is left as it is (nothing is asked again of a channel that refused)."""


@dataclass
class Attacks:
    """The run's attacker: its schedule and what it did."""

    world: World
    seed: int
    rng: random.Random = field(init=False)
    made: collections.Counter[str] = field(default_factory=collections.Counter)
    channels: dict[int, Attacked] = field(default_factory=dict)
    """Every channel (or thread) the attacker changed, by id."""
    _back: dict[int, int] = field(default_factory=dict)  # lane -> the round its channel's denial is given back
    _wait: int = 0
    _looked: int = 0  # requests of the stand-in's log looked at (`refusals`)
    _first: dict[int, float] = field(default_factory=dict)  # channel -> its first refusal since its last change
    # (channel, kind of request) -> its first refusal since the channel's last change: Missing Permissions for one
    # kind (a thread) says nothing of another (a post), so the bot learns each kind once; Missing Access or Unknown
    # Channel refuses every kind ("all")
    _first_kind: dict[tuple[int, str], float] = field(default_factory=dict)
    _told: set[tuple[int, int]] = field(default_factory=set)  # (channel, change) reported already: once each

    def __post_init__(self) -> None:
        self.rng = random.Random(f"{self.seed}:attacks")
        self._wait = self.rng.randint(*ATTACK_GAPS)

    @property
    def count(self) -> int:
        return sum(self.made.values())

    async def step(self, number: int) -> None:
        """Before round `number`: give back what is due, and attack when the schedule says so."""
        for lane_number, due in list(self._back.items()):
            if due <= number:
                del self._back[lane_number]
                await self._give_back(self.world.lanes[lane_number])
        self._wait -= 1
        if self._wait > 0:
            return
        self._wait = self.rng.randint(*ATTACK_GAPS)
        lane = self.rng.choice(self.world.lanes)
        if self.rng.random() < DELETES:
            await self._delete(lane)
        else:
            await self._deny(lane, number)

    async def _deny(self, lane: Lane, number: int) -> None:
        bits = 0
        while not bits:
            bits = sum(bit for bit in DENIABLE if self.rng.random() < 0.4)
        standin = self.world.standin
        await standin.set_overwrite(lane.channel, standin.bot_user, deny=bits)
        self._changed(lane.channel, refusing=True, lane=lane.number)
        self.made["deny " + "+".join(_names(bits))] += 1
        if self.rng.random() >= KEPT:
            self._back[lane.number] = number + self.rng.randint(*GIVEN_BACK)

    async def _give_back(self, lane: Lane) -> None:
        standin = self.world.standin
        await standin.set_overwrite(lane.channel, standin.bot_user)
        self._changed(lane.channel, refusing=False, lane=lane.number)
        self.made["given back"] += 1

    async def _delete(self, lane: Lane) -> None:
        standin = self.world.standin
        threads = standin.threads(lane.channel)
        if threads:
            thread = self.rng.choice(threads)
            await standin.delete_channel(thread)
            self._changed(thread, refusing=True, deleted=True, lane=lane.number)
            self.made["delete a table's thread"] += 1
            return
        old = lane.channel
        for thread in threads:
            self._changed(thread, refusing=True, deleted=True, lane=lane.number)
        await standin.delete_channel(old)
        self._changed(old, refusing=True, deleted=True, lane=lane.number)
        self._back.pop(lane.number, None)
        lane.move(await self.world.new_channel(lane))
        self.made["delete the lane's channel"] += 1

    def _changed(self, channel: Channel, *, refusing: bool, deleted: bool = False, lane: int) -> None:
        before = self.channels.get(channel.id)
        self.channels[channel.id] = Attacked(time.monotonic(), refusing, deleted, lane,
                                             before.times + 1 if before else 1,
                                             max(self.world.standin.message_log, default=0))
        self._first.pop(channel.id, None)
        for known in [key for key in self._first_kind if key[0] == channel.id]:
            del self._first_kind[known]
        if not channel.is_thread:  # its threads change with it
            for thread in self.world.standin.threads(channel):
                self._changed(thread, refusing=refusing, lane=lane)

    # -- what the bot did about it ----------------------------------------------------------------------------
    def attacked(self, channel_id: int) -> bool:
        """Whether the attacker ever changed this channel (or thread), or the channel a thread is in: a thread has
        its parent's permissions, so a post in a lobby's or a table's thread is refused when its parent is."""
        if channel_id in self.channels:
            return True
        channel = self.world.standin.world.channels.get(channel_id)
        return channel is not None and channel.is_thread and (channel.parent_id or 0) in self.channels

    def refusing(self, channel_id: int) -> bool:
        """Whether the channel refuses the bot now (denied and not given back, or deleted)."""
        found = self.channels.get(channel_id)
        return found is not None and found.refusing

    def left_over(self, channel_id: int, message_id: int) -> bool:
        """Whether a message of this channel is one the bot may have been refused to clean up, and is not meant to
        go back for: the channel refuses the bot now, or the message was made before the attacker's last change
        (a board answered by an interaction while the channel refused the bot, whose removal was refused)."""
        found = self.channels.get(channel_id)
        return found is not None and (found.refusing or message_id <= found.before)

    def knows(self, channel_id: int) -> bool:
        """Whether the channel refuses the bot now and Discord told the bot so since (a refusal there)."""
        return self.refusing(channel_id) and self.refused_since_change(channel_id)

    def refused_since_change(self, channel_id: int) -> bool:
        """Whether Discord refused the bot in this channel since the attacker last changed it (the bot knows)."""
        return channel_id in self._first

    def refusals(self) -> list[str]:
        """Refusals of channels the attacker changed that came after the bot had been refused there (beyond the
        calls already on their way, `IN_FLIGHT`): the bot asked again what waiting would not change."""
        problems: list[str] = []
        requests = self.world.standin.requests
        for entry in requests[self._looked:]:
            if entry.status not in (403, 404) or (entry.status == 404 and entry.method == "GET"):
                continue  # (a look at a deleted channel costs nothing: `bot.access` remembers it per process)
            if entry.code == UNKNOWN_MESSAGE:
                continue  # (a message already gone, in a channel the bot may still see: nothing about the channel)
            found = CHANNEL.search(entry.path)
            if found is None or int(found[1]) not in self.channels:  # (a thread is judged in its own right)
                continue
            channel = int(found[1])
            attacked = self.channels[channel]
            if entry.at < attacked.changed:
                continue
            self._first.setdefault(channel, entry.at)
            kind = "all" if entry.code in (MISSING_ACCESS, UNKNOWN_CHANNEL) else _kind(entry)
            first = min(self._first_kind.setdefault((channel, kind), entry.at),
                        self._first_kind.get((channel, "all"), entry.at))
            if entry.at - first > IN_FLIGHT and (channel, attacked.times) not in self._told:
                self._told.add((channel, attacked.times))
                what = "deleted" if attacked.deleted else "closed to the bot"
                problems.append(f"{entry} {entry.at - first:.1f} s after the first refusal in channel {channel} "
                                f"(lane {attacked.lane}, {what} {entry.at - attacked.changed:.1f} s before): asked "
                                "again what waiting will not change")
        self._looked = len(requests)
        return problems

    async def still_played(self, lane: Lane) -> list[str]:
        """The lane's games still played through a channel that refuses the bot, which the bot was told (at rest:
        each must be over, or answered by interaction only)."""
        problems: list[str] = []
        for game_id in sorted(lane.games):
            try:
                record = await patiently(functools.partial(self.world.checker.games.load_game, game_id))
            except (NotFound, CorruptRecord):
                continue
            attacked = self.channels.get(record.channel_id)
            if attacked is None or attacked.lane != lane.number or not self.knows(record.channel_id):
                continue
            if record.active and record.delivery == "channel":
                what = "deleted" if attacked.deleted else "closed to the bot"
                problems.append(f"game {game_id} is still played through channel {record.channel_id}, {what} and "
                                "refused since: neither moved to answering by interaction only nor ended")
        return problems

    def report(self) -> str:
        return f"attacks: {dict(sorted(self.made.items())) or 'none'}"


def most_refused(requests: Sequence[RequestLog], window: float = WINDOW) -> int:
    """The most responses of 401, 403 or 429 (`INVALID`) within any `window` seconds of the requests' times."""
    times = sorted(r.at for r in requests if r.status in INVALID)
    best, start = 0, 0
    for end, at in enumerate(times):
        while at - times[start] > window:
            start += 1
        best = max(best, end - start + 1)
    return best


def _names(bits: int) -> list[str]:
    names = {VIEW_CHANNEL: "view", SEND_MESSAGES: "send", CREATE_PUBLIC_THREADS: "threads", ATTACH_FILES: "attach"}
    return [name for bit, name in names.items() if bits & bit]


def _kind(entry: RequestLog) -> str:
    """The kind of request, as the bot remembers refusals (`bot.plumbing.refusals`): a thread, a post, an edit, a
    delete."""
    if "/threads" in entry.path:
        return "thread"
    if entry.method == "POST" and entry.path.endswith("/messages"):
        return "send"
    if entry.method == "PATCH":
        return "edit"
    if entry.method == "DELETE" or entry.path.endswith("/bulk-delete"):
        return "delete"
    return entry.method
