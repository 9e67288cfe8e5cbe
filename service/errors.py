"""The service's one error for players: a request the rules or the game's state do not allow."""

from __future__ import annotations

from service.i18n import Phrase


class Refused(Phrase):
    """A request the rules or the game's state do not allow; the message (a `Phrase`) is for the player."""
