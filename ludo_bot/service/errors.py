"""The service's two errors: `Refused`, the one for players (a request the rules or the game's state do not allow,
in their words: `reason` words the engine's refusals), and `Duplicate`, an interaction another process answers."""

from __future__ import annotations

from ludo_bot import engine
from ludo_bot.service.words.i18n import COLOUR_KEYS, Phrase, Term


class Duplicate(Exception):
    """An interaction another bot process has claimed (Discord or a resumed gateway delivered it twice): it is
    theirs to answer, so it is left alone."""

    def __init__(self, interaction_id: int) -> None:
        super().__init__(f"interaction {interaction_id} is handled by another process")
        self.interaction_id = interaction_id


class Refused(Phrase):
    """A request the rules or the game's state do not allow; the message (a `Phrase`) is for the player."""


def reason(error: engine.RulesError | engine.IllegalAction) -> Term:
    """The engine's reason for a refusal in the player's words: one catalogue sentence per code (`rules_error.<code>`,
    `illegal.<code>`) filled with the error's values, never its English, which stays in its `str()` for the logs. A
    seat is named by its colour, the tokens of a refused move as the sentence names them ("token 2", "pair 1+2")."""
    values = dict(error.values)
    if isinstance(error, engine.RulesError):
        return Term(f"rules_error.{error.code}", values)
    if "moving" in values:
        values["what"] = Term(f"illegal.what_{values.pop('moving')}", {"tokens": values.pop("tokens")})
    if "seat" in values or error.code in ("pass_block", "land_block"):
        seat = values.pop("seat", values.get("detail", 0))
        values["colour"] = Term(COLOUR_KEYS[seat if isinstance(seat, int) else 0])
    return Term(f"illegal.{error.code}", values)
