"""Storage: games, lobbies, settings, stats, deadlines and the counts behind the limits on opening lobbies, in
Redis (see storage.keys for the layout).

Imports the engine only (plus redis-py and pydantic). Every write is a compare-and-set; connection
trouble is `StorageUnavailable`, a stale write `Conflict`, an unreadable record `CorruptRecord`.
"""

from ludo_bot.storage.alerts import Alert, AlertClaim, AlertSetting, AlertStore
from ludo_bot.storage.client import make_client
from ludo_bot.storage.cooldowns import CooldownStore
from ludo_bot.storage.deadlines import Claim, Deadline, DeadlineQueue
from ludo_bot.storage.errors import (
    ChannelBusy,
    Conflict,
    CorruptRecord,
    NotFound,
    OverLimit,
    ReplayMismatch,
    StorageError,
    StorageUnavailable,
    WriteUncertain,
)
from ludo_bot.storage.game_log import check_replay, new_record, play, replay
from ludo_bot.storage.games import GameStore, new_game_id
from ludo_bot.storage.interactions import claim_interaction
from ludo_bot.storage.limits import LimitStore, LobbyLimits, playing_alone
from ludo_bot.storage.lobbies import LobbyStore
from ludo_bot.storage.records import (
    GameRecord,
    GuildSettings,
    LobbyRecord,
    LobbySeat,
    PlayerStats,
    Rating,
    Seat,
    TableOf,
)
from ludo_bot.storage.rematches import RematchClaim, RematchStore
from ludo_bot.storage.replays import ReplayStore
from ludo_bot.storage.reviews import ReviewStore
from ludo_bot.storage.seasons import SEASON_KEPT, SeasonStore, Standing, of_end
from ludo_bot.storage.server import EmbeddedRedis
from ludo_bot.storage.settings import SettingsStore
from ludo_bot.storage.stats import PlayerResult, RatingsChanged, SeasonResults, StatsStore, results_of
from ludo_bot.storage.store import Storage
from ludo_bot.storage.tournaments import TournamentStore
from ludo_bot.storage.tourney_records import Entrant, Round, Table, TableSeat, TournamentRecord

__all__ = [
    "SEASON_KEPT",
    "Alert",
    "AlertClaim",
    "AlertSetting",
    "AlertStore",
    "ChannelBusy",
    "Claim",
    "Conflict",
    "CooldownStore",
    "CorruptRecord",
    "Deadline",
    "DeadlineQueue",
    "EmbeddedRedis",
    "Entrant",
    "GameRecord",
    "GameStore",
    "GuildSettings",
    "LimitStore",
    "LobbyLimits",
    "LobbyRecord",
    "LobbySeat",
    "LobbyStore",
    "NotFound",
    "OverLimit",
    "PlayerResult",
    "PlayerStats",
    "Rating",
    "RatingsChanged",
    "RematchClaim",
    "RematchStore",
    "ReplayMismatch",
    "ReplayStore",
    "ReviewStore",
    "Round",
    "SeasonResults",
    "SeasonStore",
    "Seat",
    "SettingsStore",
    "Standing",
    "StatsStore",
    "Storage",
    "StorageError",
    "StorageUnavailable",
    "Table",
    "TableOf",
    "TableSeat",
    "TournamentRecord",
    "TournamentStore",
    "WriteUncertain",
    "check_replay",
    "claim_interaction",
    "make_client",
    "new_game_id",
    "new_record",
    "of_end",
    "play",
    "playing_alone",
    "replay",
    "results_of",
]
