"""What an operation on a game returns: the saved record, its state, and the actions played on the way."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ludo_bot import engine
from ludo_bot.service.seats import seat_user
from ludo_bot.storage import GameRecord

By = Literal["player", "ai", "auto", "timeout"]


@dataclass(frozen=True, slots=True)
class Step:
    """One action played, by whom, and what it caused."""

    seat: int
    action: engine.Action
    by: By
    events: tuple[engine.Event, ...]


@dataclass(slots=True)
class Outcome:
    """A game after an operation: the saved record, its state, and the steps played on the way."""

    record: GameRecord
    state: engine.GameState
    steps: list[Step] = field(default_factory=list)
    counted: bool = False  # a finished game's results are recorded (or cannot be: see `Games.count`)
    told: list[engine.Event] | None = None  # when the turn passed to another person: what happened since their
    # turn last ended, for the message that tells them (`service.recap`)

    @property
    def events(self) -> list[engine.Event]:
        """Every event of the steps, in order."""
        return [event for step in self.steps for event in step.events]

    def player_to_act(self) -> int | None:
        """The Discord user whose turn it is, if a human must act."""
        if self.state.over or not self.record.active:
            return None
        return seat_user(self.record, self.state.current)
