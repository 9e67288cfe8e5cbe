"""Every Redis key the bot uses. Nothing outside this module spells a key.

All keys start with ``ludo:`` and carry a hash tag (the part in braces): keys that one atomic step
touches together share a tag, so they live in one Redis Cluster slot.

Every key has a bound, given under each table: an expiry (TTL), a trim or a cap, or it lives exactly as long as
something that has one. Redis runs with ``maxmemory-policy noeviction``: it never drops a key to make room (an
evicted game would be a lost game), so these bounds are what keeps its memory in check (docs/operators/redis.md;
``python -m benchmarks.memory`` measures the bytes per game). ``tests/storage/test_bounds.py`` and
``tests/service/test_bounds.py`` show each one.

Per game or lobby (tag = the id; a lobby's id becomes its game's id):

=============================  =======  =====================================================================
``ludo:{<id>}:game``           hash     ``v`` version, ``rec`` the GameRecord JSON (without version and log),
                                        ``w`` id of the last write (makes a retried write idempotent)
``ludo:{<id>}:log``            list     the action log, one action text per entry (``R``, ``M2``, ``D5`` ...)
``ludo:{<id>}:lobby``          hash     ``v``, ``rec`` (LobbyRecord JSON), ``w``; deleted when the game starts
``ludo:{<id>}:thread``         string   ``making`` while one Start of the lobby makes the game's thread, then its
                                        id (``-``: none); Discord makes one thread per message (storage.lobbies)
``ludo:{<id>}:clicks``         zset     interaction ids of the game's (or lobby's) button clicks, claimed once
                                        (score: when), each with ``<id>@<token>`` naming the claiming call;
                                        claims older than 15 minutes are dropped as new ones come
``ludo:{<id>}:inbox``          hash     interaction id -> ``<instance> <gateway payload JSON>``: the clicks a bot
                                        process is handling (see storage.interactions), kept seconds at most
``ludo:{<id>}:gif:<l>:<v>``    string   the finished game's replay GIF (bytes) in language ``l``, as of record
                                        version ``v``: drawn once, kept a week (see storage.replays)
``ludo:{<id>}:review:<v>``     string   the finished game's review (`engine.review.Review.to_text`) as of record
                                        version ``v``: computed once, kept a week (see storage.reviews)
=============================  =======  =====================================================================

Bounds: ``game`` and ``log`` of an active game have no expiry, but no game stays active without a person playing:
one nobody played for ``IDLE_END_DAYS`` (7 by default) ends as abandoned at its next turn time-out
(``service.deadlines``). A finished, ended or abandoned game's two keys expire after the retention
(``GAME_RETENTION_DAYS``, 30 by default; ``storage.games``); its log holds the game's actions. ``lobby``: 24 hours
after it opened (``storage.lobbies.LOBBY_TTL``; joining does not extend it). ``thread``: expires seconds after it is
set (``storage.lobbies.THREAD_CLAIM``). ``clicks``: expires 15 minutes after
the last claim and drops older entries at each claim. ``inbox``: expires 10 seconds after the last filing and drops
entries older than that at each claim. ``gif``: expires a week after it is drawn (``storage.replays.REPLAY_TTL``),
one per language and record version of a finished game someone replayed, 25 MB at most (``MAX_GIF``; 1-2 MB
as drawn).

The game hash also holds ``m``, the id of the game's live message: set by a script that keeps the newest (largest)
id and leaves the version alone, so remembering a message never conflicts with a move. The JSON's
``message_id`` counts until ``m`` is set (a new game's first message, records written before ``m`` existed).
A finished game's hash may hold ``r``, ``<lobby id> <epoch seconds>``: the lobby opened as its rematch and when it
was claimed (see storage.rematches), changed only by a compare-and-set of that field, also leaving the version alone.

A game update is one Lua script on ``game`` + ``log`` (+ ``lobby`` at creation): compare the version, append
the new log entries, write the record, and on finish set the retention expiry on both keys. On one server, a save
that changes the game's deadlines sets them in the same script (the ``dl`` keys below); on a Redis Cluster, whose
scripts keep to one slot, that is a step of its own after the save (see storage.games).

Indexes (each a single key, so no cross-slot step is needed):

=============================  =======  =====================================================================
``ludo:{c:<channel id>}``      string   id of the channel's (or thread's) active game or lobby
``ludo:{u:<user id>}:games``   set      ids of a user's active games (entries of finished games are dropped
                                        when listed)
``ludo:{i:<interaction id>}``  string   ``1``: the interaction was handled (SET NX, expires); game clicks are
                                        claimed in their game's ``clicks`` instead
``ludo:{u:<user>}:wait:<c>``   string   ``1`` while the user waits before using the expensive command ``c``
                                        again (replay, verify, export, board); expires when the wait ends
``ludo:{c:<channel>}:refused`` hash     what Discord refused the bot in the channel (or thread) for good:
                                        kind (``send``, ``thread``, ``edit``, ``delete``, ``all``) -> its
                                        code (50001, 50013, 10003); see storage.refusals
=============================  =======  =====================================================================

Bounds: a channel's claim is deleted when its game ends or its lobby is cancelled; a lobby's claim expires with
the lobby (2 minutes after it, ``storage.lobbies.HELD_LONGER``); a game's claim has no expiry (the game's end
releases it; one left by a crash is taken over by the channel's next lobby): at most one key per channel or thread
with a live game. A user's set loses a game's entry when the game ends (or the user hands their seat to an AI), and
is pruned when a new game would make it larger than 20 (``storage.indexes.USER_GAMES_PRUNE_AT``): at most 20
entries beyond the user's active games. ``i``: expires after 15 minutes. ``wait``: expires when the wait ends
(``service.cooldowns``: 30 seconds at most by default). ``refused``: expires a day after its last refusal
(``storage.refusals.REFUSAL_KEPT``), deleted when the gateway tells of a change there: at most one per channel or
thread the bot was refused in that day.

Bot processes (so that one can answer for another that died):

============================  =======  ======================================================================
``ludo:{procs}``              hash     process instance id -> the time of its last beat (epoch seconds)
``ludo:{in:<instance>}``      zset     the games (or lobbies) whose inbox may hold the process's clicks (score:
                                       when registered; a process registers a game again every 30 seconds)
============================  =======  ======================================================================

Bounds: ``procs`` holds one field per running process; a stopping process removes its own, and a silent one's is
removed by the process that adopts it (1.5 s later, or when a bot next starts). ``in``: entries older than 2 minutes
are trimmed by its process; the key is deleted when its process stops or is adopted.

Per guild (tag = ``g:<guild id>``, so recording a game's results, history and ratings is one script, and so is
admitting a lobby under the limits on opening lobbies):

===================================  =======  =================================================================
``ludo:{g:<guild>}:settings``        hash     ``v``, ``rec`` (GuildSettings JSON), ``w``
``ludo:{g:<guild>}:stats:<user>``    hash     counters: ``games``, ``wins``, ``p1``..``p4`` (places), ``captures``,
                                              ``preset:<name>`` (games per preset), ``tn`` and ``tw``
                                              (tournaments played and won); the skill rating ``mu`` and
                                              ``sigma`` (openskill, set once the player played a rated game)
``ludo:{g:<guild>}:board``           zset     leaderboard: member user id, score wins
``ludo:{g:<guild>}:rating``          zset     rating board: member user id, score the rating's ordinal
                                              (mu - 3 sigma)
``ludo:{g:<guild>}:history``         zset     finished games: member game id, score the finish time (epoch
                                              seconds); the newest entries are kept (see storage.stats)
``ludo:{g:<guild>}:counted:<id>``    string   marks a game's results as recorded (counted once), expires
``ludo:{g:<guild>}:open``            zset     the guild's open lobbies and active games: member the lobby (= game)
                                              id, score the time until which the entry is trusted without
                                              checking its record (epoch seconds; see storage.limits)
``ludo:{g:<guild>}:open:<user>``     zset     the open lobbies the user hosts in the guild (member and score as
                                              ``open``)
``ludo:{g:<guild>}:alone:<user>``    zset     the active games the user plays alone against AI seats in the
                                              guild (the one person still playing), which take the user's open
                                              places too (member and score as ``open``; 0 until first checked)
``ludo:{g:<guild>}:burst``           hash     the guild's token bucket for opening lobbies: ``tokens`` (a
                                              number, may have a fraction), ``at`` (epoch seconds they were
                                              counted); expires once it would be full again
``ludo:{g:<guild>}:burst:<user>``    hash     the user's token bucket in the guild (fields as ``burst``)
``ludo:{g:<guild>}:ssn:<season>``    hash     a season's ratings (``storage.seasons``): ``r:<user>`` the rating as
                                              ``<mu> <sigma>``, ``w:<user>`` wins and ``n:<user>`` games in it
``ludo:{g:<guild>}:ssn:<s>:rating``  zset     the season's rating board: member user id, score the ordinal
``ludo:{g:<guild>}:ssn:<s>:final``   string   the season's final top ten (JSON), written once by the worker that
                                              posts it (SET NX: the claim of the post)
===================================  =======  =================================================================

Bounds (``storage.stats`` holds the numbers): ``settings``: one per guild that saved ``/ludo settings``, kept (a
server's choices are not forgotten). ``stats:<user>``: a fixed set of fields; expires a year after the player's last
finished game in the guild (``STATS_KEPT``). ``board`` and ``rating``: the best 1000 players each
(``BOARD_KEEP``; the leaderboard shows 10 and reads 100; a player trimmed off comes back with their totals at their
next game). ``history``: the newest 500 games (``HISTORY_KEEP``; entries of games past their retention are
dropped when listed). ``counted``: expires after 90 days (``COUNTED_TTL``). ``open``: at most ``LOBBY_OPEN_GUILD``
entries plus admissions in flight (entries of closed lobbies and games leave when they close, leftovers when the
set is full); none with the limit off. ``open:<user>``: at most ``LOBBY_OPEN_USER`` entries, and the key expires
with the newest lobby it holds. ``alone:<user>``: the user's running games played alone (kept with the limit off too,
so that switching it on counts them), each leaving when its game ends (the idle end ends it within days), leftovers
when the user's count is full. ``burst``, ``burst:<user>``: expire once full again. ``ssn:<season>`` (a season
is ``2026-11`` for a month, ``2026-Q4`` for a quarter, in UTC), its ``rating`` and ``final``: expire
``SEASON_KEPT`` (two years) after the season's end, one set of three per season in which the guild finished a rated
game; ``ssn:<season>`` holds three fields per player of the season, and ``rating`` the best 1000 (``BOARD_KEEP``).

Per tournament (tag = the tournament's id; see storage.tournaments):

=============================  =======  =====================================================================
``ludo:{<id>}:tourney``        hash     ``v`` version, ``rec`` the TournamentRecord JSON (without version),
                                        ``w`` id of the last write
``ludo:{c:<channel>}:tourney`` string   id of the channel's running tournament (sign-up or rounds)
``ludo:{g:<guild>}:tourneys``  zset     the guild's tournaments: member the id, score when it was created
=============================  =======  =====================================================================

Bounds: ``tourney``: a sign-up expires 14 days after its last change (``storage.tournaments.SIGNUP_KEPT``), a running
tournament ``RUNNING_KEPT`` after its last change (longer than its longest round), a finished or cancelled one after
the retention of games (``GAME_RETENTION_DAYS``). ``c:<channel>:tourney``: expires with its tournament's record (its
expiry set again at each save), deleted when the tournament ends or is cancelled; one left by a crash is taken over
by the channel's next tournament. ``tourneys``: the newest 50 (``GUILD_TOURNEYS_KEPT``); entries whose record
expired are skipped when read. A tournament's entrants' counts of tournaments played and won are fields of their
``stats:<user>`` hash (``tn``, ``tw``), added once (its ``counted:<id>`` marker).

Deadlines (tag = ``dl``):

=======================  =======  ============================================================================
``ludo:{dl}:due``        zset     member ``<kind>:<game id>``, score the due time (epoch seconds); a claimed
                                  item's score is its lease end, so an item whose worker died falls due again
``ludo:{dl}:claims``     hash     member -> token of the current claim (completion checks it)
``ludo:{dl}:synced``     hash     game id -> the version of the game record whose deadlines ``due`` holds (a
                                  sync of an older one writes nothing); a game without deadlines has none
=======================  =======  ============================================================================

Bounds: ``due`` holds at most a reminder and a time-out per active game: an item leaves when handled, and one of a
game that ended or is gone is dropped when it falls due. A tournament's items are there too: ``tourney:<game id>``,
a table's end handed to its tournament (queued in the step that ends the table's game), ``round:<tournament id>``,
the running round's deadline, and ``show:<tournament id>``, its tables, standing and champion to show; each
leaves when handled. ``claims``: one field per item being handled.

Seasons' ends (tag = ``ssn``; claimed like the deadlines above, see storage.seasons):

=======================  =======  ============================================================================
``ludo:{ssn}:due``       zset     member ``end:<guild>:<season>``, score when its final top ten is due (the
                                  season's end and a grace); a claimed item's score is its lease end
``ludo:{ssn}:claims``    hash     member -> token of the current claim
=======================  =======  ============================================================================

Bounds: ``due`` holds one item per guild and season in which a rated game finished, until a worker posted its final
top ten (or found nothing to post). ``claims``: one field per item being handled.

Turn alerts by direct message (tag = ``nt``, so queueing, claiming and taking an alert are single scripts; see
storage.alerts):

=======================  =======  ============================================================================
``ludo:{nt}:users``      hash     user id -> ``on <locale>`` (the member wants alerts, in that language) or
                                  ``refused <locale>`` (Discord refused a DM: alerts are off, the member has not
                                  been told yet)
``ludo:{nt}:gen``        string   a counter bumped at every change of ``users`` (processes keep a copy of it)
``ludo:{nt}:queue``      zset     member ``<user>:<game>:<seat>.<turn>:<kind>``, score when it is due; a claimed
                                  alert's score is its lease end, so one whose worker died falls due again
``ludo:{nt}:claims``     hash     member -> token of the current claim (taking the alert checks it)
``ludo:{nt}:sent``       zset     member -> when it was sent or dropped, so that it is never queued again
``ludo:{nt}:spaced``     hash     user id -> the earliest time of their next DM (Discord: 5 messages per 5 s in
                                  a channel)
``ludo:{u:<user>}:dm``   string   the member's DM channel id
=======================  =======  ============================================================================

Bounds (``storage.alerts`` holds the numbers): ``users``: one field per member who turned alerts on, removed when
they turn them off or, after a refused DM, once they are told. ``gen``: one number. ``queue``: at most a turn's
alert and its reminder's per active game, for members who want alerts; an alert leaves as it is sent or dropped
(its turn over), and one that names no alert is taken out when claimed. ``claims``: one field per alert being sent.
``sent``: a day of alerts (``SENT_KEPT``; older entries are trimmed as new ones are taken). ``spaced``: the members
alerted in the last 1.25 seconds (``service.alerts.GAP``; passed entries are removed at each claim). ``dm``:
expires a day after it was learnt (``DM_CHANNEL_TTL``), one per member alerted. ``tests/storage/test_alerts.py``
shows them.
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


def lobby_thread(lobby_id: str) -> str:
    """Which Start of the lobby makes the game's thread, and whether it is made (string)."""
    return f"ludo:{{{lobby_id}}}:thread"


def clicks(game_id: str) -> str:
    """The game's claimed button clicks (sorted set)."""
    return f"ludo:{{{game_id}}}:clicks"


def channel(channel_id: int) -> str:
    """The id of the channel's (or thread's) active game or lobby."""
    return f"ludo:{{c:{channel_id}}}"


def channel_refused(channel_id: int) -> str:
    """What Discord refused the bot in a channel or thread for good (hash)."""
    return f"ludo:{{c:{channel_id}}}:refused"


def user_games(user_id: int) -> str:
    """The set of a user's active game ids."""
    return f"ludo:{{u:{user_id}}}:games"


def replay_gif(game_id: str, lang: str, version: int) -> str:
    """A finished game's replay GIF in a language, as of a record version (bytes)."""
    return f"ludo:{{{game_id}}}:gif:{lang}:{version}"


def review(game_id: str, version: int) -> str:
    """A finished game's review (`engine.review.Review.to_text`), as of a record version (text)."""
    return f"ludo:{{{game_id}}}:review:{version}"


def cooldown(user_id: int, command: str) -> str:
    """A user's wait before using an expensive command again."""
    return f"ludo:{{u:{user_id}}}:wait:{command}"


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


def alone_by_user(guild_id: int, user_id: int) -> str:
    """The active games a user plays alone against AI seats in a guild (sorted set by trusted-until time)."""
    return f"ludo:{{g:{guild_id}}}:alone:{user_id}"


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
DEADLINES_SYNCED = "ludo:{dl}:synced"


def dm_channel(user_id: int) -> str:
    """A member's DM channel id, cached (string with an expiry)."""
    return f"ludo:{{u:{user_id}}}:dm"


ALERT_USERS = "ludo:{nt}:users"
ALERT_GEN = "ludo:{nt}:gen"
ALERT_QUEUE = "ludo:{nt}:queue"
ALERT_CLAIMS = "ludo:{nt}:claims"
ALERT_SENT = "ludo:{nt}:sent"
ALERT_SPACED = "ludo:{nt}:spaced"


def season(guild_id: int, season_id: str) -> str:
    """A season's ratings, wins and games in a guild (hash)."""
    return f"ludo:{{g:{guild_id}}}:ssn:{season_id}"


def season_board(guild_id: int, season_id: str) -> str:
    """A season's players by skill rating (sorted set by ordinal)."""
    return f"ludo:{{g:{guild_id}}}:ssn:{season_id}:rating"


def season_final(guild_id: int, season_id: str) -> str:
    """A season's final top ten (JSON), written once."""
    return f"ludo:{{g:{guild_id}}}:ssn:{season_id}:final"


SEASONS_DUE = "ludo:{ssn}:due"
SEASONS_CLAIMS = "ludo:{ssn}:claims"


def tournament(tournament_id: str) -> str:
    """A tournament's record (hash)."""
    return f"ludo:{{{tournament_id}}}:tourney"


def channel_tournament(channel_id: int) -> str:
    """The id of the channel's running tournament."""
    return f"ludo:{{c:{channel_id}}}:tourney"


def guild_tournaments(guild_id: int) -> str:
    """A guild's tournaments (sorted set by creation time)."""
    return f"ludo:{{g:{guild_id}}}:tourneys"
