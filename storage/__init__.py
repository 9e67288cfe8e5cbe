"""Storage: games, lobbies, settings, stats, deadlines and the counts behind the limits on opening lobbies, in
Redis (see storage.keys for the layout).

Imports the engine only (plus redis-py and pydantic). Every write is a compare-and-set; connection
trouble is `StorageUnavailable`, a stale write `Conflict`, an unreadable record `CorruptRecord`.
"""

from storage.client import make_client
from storage.cooldowns import CooldownStore
from storage.deadlines import Claim, Deadline, DeadlineQueue
from storage.errors import (
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
from storage.games import GameStore, new_game_id
from storage.interactions import claim_interaction
from storage.limits import LimitStore, LobbyLimits, playing_alone
from storage.lobbies import LobbyStore
from storage.notify import Alert, AlertClaim, AlertSetting, AlertStore
from storage.records import GameRecord, GuildSettings, LobbyRecord, LobbySeat, PlayerStats, Rating, Seat, TableOf
from storage.rematches import RematchClaim, RematchStore
from storage.replay import check_replay, new_record, play, replay
from storage.replays import ReplayStore
from storage.reviews import ReviewStore
from storage.seasons import SEASON_KEPT, SeasonStore, Standing, of_end
from storage.server import EmbeddedRedis
from storage.settings import SettingsStore
from storage.stats import PlayerResult, RatingsChanged, SeasonResults, StatsStore, results_of
from storage.store import Storage
from storage.tournaments import TournamentStore
from storage.tourney_records import Entrant, Round, Table, TableSeat, TournamentRecord

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
