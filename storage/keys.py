"""Every Redis key the bot uses. Nothing outside this module spells a key.

All keys start with ``ludo:`` and carry a hash tag (the part in braces): keys that one atomic step
touches together share a tag, so they live in one Redis Cluster slot.

Per game or lobby (tag = the id; a lobby's id becomes its game's id):

=============================  =======  =====================================================================
``ludo:{<id>}:game``           hash     ``v`` version, ``rec`` the GameRecord JSON (without version and log),
                                        ``w`` id of the last write (makes a retried write idempotent)
``ludo:{<id>}:log``            list     the action log, one action text per entry (``R``, ``M2``, ``D5`` ...)
``ludo:{<id>}:lobby``          hash     ``v``, ``rec`` (LobbyRecord JSON), ``w``; deleted when the game starts
``ludo:{<id>}:clicks``         zset     interaction ids of the game's (or lobby's) button clicks, claimed once
                                        (score: when); claims older than 15 minutes are dropped as new ones come
``ludo:{<id>}:inbox``          hash     interaction id -> ``<instance> <gateway payload JSON>``: the clicks a bot
                                        process is handling (see storage.interactions), kept seconds at most
=============================  =======  =====================================================================

The game hash also holds ``m``, the id of the game's live message: set by a script that keeps the newest (largest)
id and leaves the version alone, so remembering a message never conflicts with a move. The JSON's
``message_id`` counts until ``m`` is set (a new game's first message, records written before ``m`` existed).

A game update is one Lua script on ``game`` + ``log`` (+ ``lobby`` at creation): compare the version, append
the new log entries, write the record, and on finish set the retention expiry on both keys.

Indexes (each a single key, so no cross-slot step is needed):

=============================  =======  =====================================================================
``ludo:{c:<channel id>}``      string   id of the channel's (or thread's) active game or lobby
``ludo:{u:<user id>}:games``   set      ids of a user's active games (entries of finished games are dropped
                                        when listed)
``ludo:{i:<interaction id>}``  string   ``1``: the interaction was handled (SET NX, expires); game clicks are
                                        claimed in their game's ``clicks`` instead
=============================  =======  =====================================================================

Bot processes (so that one can answer for another that died):

============================  =======  ======================================================================
``ludo:{procs}``              hash     process instance id -> the time of its last beat (epoch seconds)
``ludo:{in:<instance>}``      zset     the games (or lobbies) whose inbox may hold the process's clicks (score:
                                       when registered; a process registers a game again every 30 seconds)
============================  =======  ======================================================================

Per guild (tag = ``g:<guild id>``, so recording a game's results, history and ratings is one script, and so is
admitting a lobby under the limits on opening lobbies):

=================================  =======  =================================================================
``ludo:{g:<guild>}:settings``      hash     ``v``, ``rec`` (GuildSettings JSON), ``w``
``ludo:{g:<guild>}:stats:<user>``  hash     counters: ``games``, ``wins``, ``p1``..``p4`` (places), ``captures``,
                                            ``preset:<name>`` (games per preset); the skill rating ``mu`` and
                                            ``sigma`` (openskill, set once the player played a rated game)
``ludo:{g:<guild>}:board``         zset     leaderboard: member user id, score wins
``ludo:{g:<guild>}:rating``        zset     rating board: member user id, score the rating's ordinal
                                            (mu - 3 sigma)
``ludo:{g:<guild>}:history``       zset     finished games: member game id, score the finish time (epoch
                                            seconds); the newest entries are kept (see storage.stats)
``ludo:{g:<guild>}:counted:<id>``  string   marks a game's results as recorded (counted once), expires
``ludo:{g:<guild>}:open``          zset     the guild's open lobbies and active games: member the lobby (= game)
                                            id, score the time until which the entry is trusted without
                                            checking its record (epoch seconds; see storage.limits)
``ludo:{g:<guild>}:open:<user>``   zset     the open lobbies the user hosts in the guild (member and score as
                                            ``open``)
``ludo:{g:<guild>}:burst``         hash     the guild's token bucket for opening lobbies: ``tokens`` (a
                                            number, may have a fraction), ``at`` (epoch seconds they were
                                            counted); expires once it would be full again
``ludo:{g:<guild>}:burst:<user>``  hash     the user's token bucket in the guild (fields as ``burst``)
=================================  =======  =================================================================

Deadlines (tag = ``dl``):

=======================  =======  ============================================================================
``ludo:{dl}:due``        zset     member ``<kind>:<game id>``, score the due time (epoch seconds); a claimed
                                  item's score is its lease end, so an item whose worker died falls due again
``ludo:{dl}:claims``     hash     member -> token of the current claim (completion checks it)
=======================  =======  ============================================================================

Turn alerts by direct message (tag = ``nt``, so queueing, claiming and taking an alert are single scripts; see
storage.notify). Each key has a bound:

=======================  =======  ============================================================================
``ludo:{nt}:users``      hash     user id -> ``on <locale>`` (the member wants alerts, in that language) or
                                  ``refused <locale>`` (Discord refused a DM: alerts are off, the member has not
                                  been told yet). Bound: one field per member who turned alerts on, removed when
                                  they turn them off or are told
``ludo:{nt}:gen``        string   a counter bumped at every change of ``users`` (processes keep a copy of it)
``ludo:{nt}:queue``      zset     member ``<user>:<game>:<seat>.<turn>:<kind>``, score when it is due; a claimed
                                  alert's score is its lease end. Bound: one per queued turn or reminder of a
                                  member who wants alerts; taken out as it is sent or dropped
``ludo:{nt}:claims``     hash     member -> token of the current claim. Bound: the alerts being sent
``ludo:{nt}:sent``       zset     member -> when it was sent or dropped, so it is never queued again; entries
                                  older than a day are removed as new ones come. Bound: a day of alerts
``ludo:{nt}:spaced``     hash     user id -> the earliest time of their next DM (Discord: 5 messages per 5 s in
                                  a channel); removed once passed. Bound: members alerted in the last seconds
``ludo:{u:<user>}:dm``   string   the member's DM channel id. Bound: one per member alerted in the last day
                                  (it expires after a day)
=======================  =======  ============================================================================
"""

from __future__ import annotations

PREFIX = "ludo:"


def game(game_id: str) -> str:
    """The game record (hash)."""
    return f"ludo:{{{game_id}}}:game"


def log(game_id: str) -> str:
    """The game's action log (list)."""
    return f"ludo:{{{game_id}}}:log"


def lobby(lobby_id: str) -> str:
    """The lobby record (hash); the lobby id becomes the game id."""
    return f"ludo:{{{lobby_id}}}:lobby"


def clicks(game_id: str) -> str:
    """The game's claimed button clicks (sorted set)."""
    return f"ludo:{{{game_id}}}:clicks"


def channel(channel_id: int) -> str:
    """The id of the channel's (or thread's) active game or lobby."""
    return f"ludo:{{c:{channel_id}}}"


def user_games(user_id: int) -> str:
    """The set of a user's active game ids."""
    return f"ludo:{{u:{user_id}}}:games"


def interaction(interaction_id: int | str) -> str:
    """The once-only claim of an interaction."""
    return f"ludo:{{i:{interaction_id}}}"


def guild_settings(guild_id: int) -> str:
    """A guild's settings record (hash)."""
    return f"ludo:{{g:{guild_id}}}:settings"


def player_stats(guild_id: int, user_id: int) -> str:
    """A player's counters in a guild (hash)."""
    return f"ludo:{{g:{guild_id}}}:stats:{user_id}"


def leaderboard(guild_id: int) -> str:
    """A guild's leaderboard (sorted set by wins)."""
    return f"ludo:{{g:{guild_id}}}:board"


def rating_board(guild_id: int) -> str:
    """A guild's players by skill rating (sorted set by ordinal)."""
    return f"ludo:{{g:{guild_id}}}:rating"


def history(guild_id: int) -> str:
    """A guild's finished games (sorted set by finish time)."""
    return f"ludo:{{g:{guild_id}}}:history"


def counted(guild_id: int, game_id: str) -> str:
    """Marker: this game's results were added to the guild's stats."""
    return f"ludo:{{g:{guild_id}}}:counted:{game_id}"


def open_in_guild(guild_id: int) -> str:
    """A guild's open lobbies and active games (sorted set by trusted-until time)."""
    return f"ludo:{{g:{guild_id}}}:open"


def open_by_user(guild_id: int, user_id: int) -> str:
    """The open lobbies a user hosts in a guild (sorted set by trusted-until time)."""
    return f"ludo:{{g:{guild_id}}}:open:{user_id}"


def guild_bucket(guild_id: int) -> str:
    """A guild's token bucket for opening lobbies (hash)."""
    return f"ludo:{{g:{guild_id}}}:burst"


def user_bucket(guild_id: int, user_id: int) -> str:
    """A user's token bucket for opening lobbies in a guild (hash)."""
    return f"ludo:{{g:{guild_id}}}:burst:{user_id}"


def click_inbox(game_id: str) -> str:
    """The clicks on a game's buttons that bot processes are handling (hash)."""
    return f"ludo:{{{game_id}}}:inbox"


REGISTRY_PREFIX = "ludo:{in:"


def registry(instance: str) -> str:
    """The games whose inbox may hold a bot process instance's clicks (sorted set)."""
    return f"{REGISTRY_PREFIX}{instance}}}"


PROCESSES = "ludo:{procs}"
DEADLINES_DUE = "ludo:{dl}:due"
DEADLINES_CLAIMS = "ludo:{dl}:claims"


def dm_channel(user_id: int) -> str:
    """A member's DM channel id, cached (string with an expiry)."""
    return f"ludo:{{u:{user_id}}}:dm"


ALERT_USERS = "ludo:{nt}:users"
ALERT_GEN = "ludo:{nt}:gen"
ALERT_QUEUE = "ludo:{nt}:queue"
ALERT_CLAIMS = "ludo:{nt}:claims"
ALERT_SENT = "ludo:{nt}:sent"
ALERT_SPACED = "ludo:{nt}:spaced"
