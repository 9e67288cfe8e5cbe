"""Turn alerts by direct message, without Discord: members opt in (`set`); an alert is queued when a turn passes to a
member who wants one (`turn_passed`, from `Games.commit`) and at a turn's reminder (`reminded`); the bot's alert
worker claims due alerts (`due`), takes each one that is still current (`take`) and sends it.

Choices written down here:
- An alert goes to the person to act when the turn passed to them from someone else, or when a game begins with
  someone other than its host to act: the rule of the channel's new message that mentions them. Nobody is alerted
  about a turn they keep (a bonus roll, AI seats played in between) and AI seats never are. The reminder is an
  alert of its own kind, so a turn brings at most one of each.
- An alert is due `DELAY` seconds after its turn began: by then the live message it links to is out, and one whose
  turn is over by then (the player was watching and acted) is dropped.
- This process keeps a copy of every member's setting, loaded when first needed and again when their generation
  changes (the worker looks at every poll): a save queues an alert only for a member the copy says wants one, so
  the clicks of all others cost no storage step. A member who opted in through another process is known here
  within a poll (`bot.workers.alerts.POLLING`); the worker reads the stored setting before sending, so one who
  opted out gets nothing.
- A member whose DMs Discord refuses (code 50007) is switched off (`refused`) and told once, privately, the next
  time they use the bot (`take_refused`; see bot.alerts).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from ludo_bot import engine
from ludo_bot.service.outcome import Outcome
from ludo_bot.service.seats import seat_user
from ludo_bot.storage import (
    Alert,
    AlertClaim,
    AlertSetting,
    CorruptRecord,
    GameRecord,
    NotFound,
    Storage,
    StorageError,
)
from ludo_bot.storage.alerts import REMIND, TURN
from ludo_bot.storage.game_log import state_of

logger = logging.getLogger(__name__)
DELAY = 2.0  # seconds from a turn's start (or reminder) to its alert
GAP = 1.25  # seconds at least between two alerts to one member: Discord allows 5 messages per 5 s in a DM channel
CLAIMED_AT_ONCE = 10  # alerts a worker claims in one go


def turn_alert(record: GameRecord, before: engine.GameState, outcome: Outcome, *, new: bool) -> Alert | None:
    """The alert a save calls for: `record` and `before` as the game was (a `new` game: its host started it),
    `outcome` as it is saved. None when nobody is to be alerted."""
    user = outcome.player_to_act()
    if user is None:
        return None
    state = outcome.state
    if not new and state.current == before.current and state.turns == before.turns:
        return None  # the same turn goes on (a bonus roll, a second die)
    if user == (record.host_id if new else seat_user(record, before.current)):
        return None  # the turn came back to whoever had it (AI seats played in between)
    return Alert(user, outcome.record.id, state.current, state.turns[state.current], TURN)


def current(record: GameRecord, state: engine.GameState, alert: Alert) -> bool:
    """Whether the alert's turn is still being waited for."""
    return (record.active and not state.over and state.current == alert.seat
            and state.turns[alert.seat] == alert.turn and seat_user(record, alert.seat) == alert.user_id)


@dataclass(frozen=True, slots=True)
class Ready:
    """An alert to send now: its game as it is, and the language of the member's DMs."""

    alert: Alert
    record: GameRecord
    state: engine.GameState
    locale: str

    @property
    def reminder(self) -> bool:
        """Whether it is the turn's reminder (else the turn began)."""
        return self.alert.kind == REMIND


class Alerts:
    """Members' alert settings, queueing alerts, and what the alert worker claims and takes."""

    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        self._settings: dict[int, AlertSetting] | None = None  # this process's copy (None: not loaded yet)
        self._generation = -1

    # -- settings ----------------------------------------------------------------------------------------------
    async def set(self, user_id: int, on: bool, locale: str) -> bool:
        """Turn a member's alerts on (DMs in `locale`) or off. True when they had been switched off because Discord
        refused a DM and had not been told: the caller tells them now."""
        setting = AlertSetting("on", locale) if on else None
        _, before = await self.storage.alerts.change(user_id, setting)
        self._keep(user_id, setting)
        return before is not None and before.state == "refused"

    def wants(self, user_id: int) -> bool:
        """Whether the member wants alerts, as far as this process knows."""
        found = self._settings.get(user_id) if self._settings is not None else None
        return found is not None and found.state == "on"

    def untold(self, user_id: int) -> bool:
        """Whether the member's alerts were switched off by a refused DM and they were not told, as far as this
        process knows."""
        found = self._settings.get(user_id) if self._settings is not None else None
        return found is not None and found.state == "refused"

    async def refused(self, user_id: int, locale: str) -> None:
        """Discord refused to DM the member: switch their alerts off, to be told (unless they changed them)."""
        setting = AlertSetting("refused", locale)
        changed, _ = await self.storage.alerts.change(user_id, setting, when="on")
        if changed:
            self._keep(user_id, setting)

    async def take_refused(self, user_id: int) -> AlertSetting | None:
        """The member is being told that their alerts were switched off: the setting it was, or None when they
        were told already (by another interaction, maybe in another process)."""
        changed, before = await self.storage.alerts.change(user_id, None, when="refused")
        self._keep(user_id, None)
        return before if changed else None

    async def restore_refused(self, user_id: int, setting: AlertSetting) -> None:
        """Telling the member failed: they are told next time (unless they changed their alerts meanwhile)."""
        changed, _ = await self.storage.alerts.change(user_id, setting, when="-")
        if changed:
            self._keep(user_id, setting)

    def _keep(self, user_id: int, setting: AlertSetting | None) -> None:
        if self._settings is not None:
            if setting is None:
                self._settings.pop(user_id, None)
            else:
                self._settings[user_id] = setting

    # -- queueing ----------------------------------------------------------------------------------------------
    async def turn_passed(self, record: GameRecord, before: engine.GameState, outcome: Outcome, *,
                          new: bool) -> None:
        """After a save: queue the turn's alert, if it calls for one that the member wants."""
        alert = turn_alert(record, before, outcome, new=new)
        if alert is not None:
            await self._queue(alert)

    async def reminded(self, outcome: Outcome) -> None:
        """At a turn's reminder: queue the reminder's alert, if the member wants alerts."""
        user = outcome.player_to_act()
        if user is not None:
            state = outcome.state
            await self._queue(Alert(user, outcome.record.id, state.current, state.turns[state.current], REMIND))

    async def _queue(self, alert: Alert) -> None:
        """Queue an alert the member wants. Storage trouble loses the alert, not the save before it."""
        try:
            if self._settings is None:  # (a process that just started)
                await self._load()
            if self.wants(alert.user_id):
                await self.storage.alerts.queue(alert, self.clock() + DELAY)
        except StorageError as error:
            logger.warning("alert %s not queued: %s", alert.member, error)

    async def _load(self) -> None:
        self._generation, self._settings = await self.storage.alerts.settings()

    # -- the worker's side -------------------------------------------------------------------------------------
    async def due(self) -> tuple[list[AlertClaim], float | None]:
        """Claim the alerts due now (one per member per `GAP`), and when the next one is due; the copy of the
        settings is reloaded when they changed."""
        claimed = await self.storage.alerts.claim(now=self.clock(), limit=CLAIMED_AT_ONCE, gap=GAP)
        if claimed.generation != self._generation:
            await self._load()
        return claimed.claims, claimed.next_due

    async def take(self, claim: AlertClaim) -> Ready | None:
        """Take a claimed alert out of the queue for good, as it is sent: what to send, or None when there is
        nothing to send (the member turned alerts off, the turn is over, the claim was lost)."""
        setting = await self.storage.alerts.setting(claim.alert.user_id)
        ready = await self._ready(claim.alert, setting.locale) if setting and setting.state == "on" else None
        taken = await self.storage.alerts.take(claim, now=self.clock())
        return ready if taken else None

    async def _ready(self, alert: Alert, locale: str) -> Ready | None:
        try:
            record = await self.storage.games.load_game(alert.game_id)
        except NotFound:
            return None
        except CorruptRecord as error:
            logger.warning("alert %s dropped: %s", alert.member, error)
            return None
        state = state_of(record)
        return Ready(alert, record, state, locale) if current(record, state, alert) else None

    async def dm_channel(self, user_id: int) -> int | None:
        """The member's DM channel id, if known."""
        return await self.storage.alerts.dm_channel(user_id)

    async def remember_dm_channel(self, user_id: int, channel_id: int | None) -> None:
        """Keep (None: forget) the member's DM channel id."""
        await self.storage.alerts.remember_dm_channel(user_id, channel_id)
