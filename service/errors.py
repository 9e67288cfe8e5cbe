"""The service's one error for players: a request the rules or the game's state do not allow."""

from __future__ import annotations

from service.i18n import Phrase


class Duplicate(Exception):
    """An interaction another bot process has claimed (Discord or a resumed gateway delivered it twice): it is
    theirs to answer, so it is left alone."""

    def __init__(self, interaction_id: int) -> None:
        super().__init__(f"interaction {interaction_id} is handled by another process")
        self.interaction_id = interaction_id


class Refused(Phrase):
    """A request the rules or the game's state do not allow; the message (a `Phrase`) is for the player."""
