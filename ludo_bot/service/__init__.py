"""The game service: lobbies, turns, AI seats, deadlines, ratings, limits and the words players read, over
`storage` and `render`, without Discord. It is bot/'s only way to storage: the records and errors ludo_bot/bot/ handles
are re-exported here. The game operations and the pure decisions they take sit at the top; `tournaments/`, `words/`
(the words players read) and `runtime/` (the process plumbing) are rooms of their own.

>>> service = await Service.open()                                      # doctest: +SKIP
>>> outcome = await service.games.act("k3x9...", 12, "M2", user_id=42)  # doctest: +SKIP
"""

from ludo_bot.service.deadlines import ABANDONED, THOUGHT
from ludo_bot.service.errors import Duplicate, Refused
from ludo_bot.service.games import FINISH, REMIND, TIMEOUT, TOURNEY
from ludo_bot.service.outcome import Outcome, Step
from ludo_bot.service.seats import OFFERED_LEVELS, level_name, lobby_rules, seat_names, seat_of, seat_user
from ludo_bot.service.service import Service
from ludo_bot.service.tournaments.organise import ROUND, SHOW
from ludo_bot.storage import (
    AlertClaim,
    Claim,
    CorruptRecord,
    GameRecord,
    GuildSettings,
    LobbyLimits,
    LobbyRecord,
    NotFound,
    Round,
    Standing,
    StorageError,
    StorageUnavailable,
    Table,
    TournamentRecord,
    WriteUncertain,
)
from ludo_bot.storage.game_log import state_of

TOURNAMENT_KINDS = frozenset({TOURNEY, ROUND, SHOW})  # the deadline queue's items a tournament worker handles

__all__ = [
    "ABANDONED",
    "FINISH",
    "OFFERED_LEVELS",
    "REMIND",
    "ROUND",
    "SHOW",
    "THOUGHT",
    "TIMEOUT",
    "TOURNAMENT_KINDS",
    "TOURNEY",
    "AlertClaim",
    "Claim",
    "CorruptRecord",
    "Duplicate",
    "GameRecord",
    "GuildSettings",
    "LobbyLimits",
    "LobbyRecord",
    "NotFound",
    "Outcome",
    "Refused",
    "Round",
    "Service",
    "Standing",
    "Step",
    "StorageError",
    "StorageUnavailable",
    "Table",
    "TournamentRecord",
    "WriteUncertain",
    "level_name",
    "lobby_rules",
    "seat_names",
    "seat_of",
    "seat_user",
    "state_of",
]
