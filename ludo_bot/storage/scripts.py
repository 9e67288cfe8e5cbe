"""The Lua scripts: each one is a single atomic step on keys of one hash tag (one cluster slot).

They are called through `storage.lua.Lua`: with EVALSHA, falling back to loading the
script when the server does not know it (after a restart, or on a fresh server).
"""

from __future__ import annotations

# The compare-and-set of a versioned record: KEYS[1] record hash (fields v, rec, w), KEYS[2] log list (optional),
# `gone` a key deleted at creation (nil: none). ARGV[1] expected version (0: the record must not exist), ARGV[2]
# expected log length (-1: no log), ARGV[3] the record JSON, ARGV[4] write id, ARGV[5] expiry in seconds (0: none),
# ARGV[first..last] new log entries. Returns {'ok', new version} | {'conflict', found version} | {'corrupt', problem}
# (a write id found with the next version is this write's own, retried after its reply was lost: 'ok').
_CAS = """
local function cas(gone, first, last)
  local expected = tonumber(ARGV[1])
  local raw = redis.call('HGET', KEYS[1], 'v')
  local current = 0
  if raw then
    current = tonumber(raw)
    if not current then return {'corrupt', 'version field is not a number'} end
  end
  if current ~= expected then
    if current == expected + 1 and redis.call('HGET', KEYS[1], 'w') == ARGV[4] then
      return {'ok', current}
    end
    return {'conflict', current}
  end
  local wanted = tonumber(ARGV[2])
  if wanted >= 0 then
    local length = redis.call('LLEN', KEYS[2])
    if length ~= wanted then
      return {'corrupt', 'log has ' .. length .. ' entries, the record says ' .. wanted}
    end
    local i = first
    while i <= last do
      local upto = math.min(i + 499, last)
      redis.call('RPUSH', KEYS[2], unpack(ARGV, i, upto))
      i = upto + 1
    end
  end
  if expected == 0 and gone then redis.call('DEL', gone) end
  redis.call('HSET', KEYS[1], 'v', expected + 1, 'rec', ARGV[3], 'w', ARGV[4])
  local ttl = tonumber(ARGV[5])
  if ttl > 0 then
    redis.call('EXPIRE', KEYS[1], ttl)
    if wanted >= 0 then redis.call('EXPIRE', KEYS[2], ttl) end
  end
  return {'ok', expected + 1}
end
"""

# Setting a game's deadlines to those of its record: `due` zset, `claims` hash, `synced` hash (game id -> the
# version of the record whose deadlines the queue holds). ARGV[at] the game id, ARGV[at + 1 ..] pairs of member,
# due time ('' none), one per kind of deadline. Unless the queue holds a newer version's deadlines, each member is
# (re)scheduled or removed and its claim dropped; a game left without deadlines leaves `synced`. Returns 1, or 0
# (nothing written) for an older version.
_SYNC = """
local function sync(due, claims, synced, at, version)
  local game = ARGV[at]
  local known = tonumber(redis.call('HGET', synced, game))
  if known and known > version then return 0 end
  local left = false
  for i = at + 1, #ARGV, 2 do
    if ARGV[i + 1] == '' then
      redis.call('ZREM', due, ARGV[i])
    else
      redis.call('ZADD', due, ARGV[i + 1], ARGV[i])
      left = true
    end
    redis.call('HDEL', claims, ARGV[i])
  end
  if left then redis.call('HSET', synced, game, version) else redis.call('HDEL', synced, game) end
  return 1
end
"""

# After a written `_CAS` (result {'ok', version}): the log's entries ARGV[at]..ARGV[at + 1] (inclusive; '' none)
# appended to the result as a third element, so that a save that needs part of the log (what happened since a
# person's last turn) costs no second round trip.
_READ = """
local function read(result, at)
  if result[1] == 'ok' and ARGV[at] ~= '' then
    result[3] = redis.call('LRANGE', KEYS[2], tonumber(ARGV[at]), tonumber(ARGV[at + 1]))
  end
  return result
end
"""

# KEYS and ARGV as `_CAS` with `gone` KEYS[3] (optional), ARGV[6], ARGV[7] as `_READ`, the log entries ARGV[8..]
CAS_RECORD = _CAS + _READ + "return read(cas(KEYS[3], 8, #ARGV), 6)"

# KEYS[1] due zset, KEYS[2] claims hash, KEYS[3] synced hash. ARGV[1] the record's version, ARGV[2..] as `_SYNC`
SYNC_DUE = _SYNC + "return sync(KEYS[1], KEYS[2], KEYS[3], 2, tonumber(ARGV[1]))"

# A record's compare-and-set and, when it is written, its game's deadlines set in the same step (one server only:
# the deadline keys are in another cluster slot). KEYS[1], KEYS[2] as `_CAS`, KEYS[3..5] the deadlines' due,
# claims and synced keys, KEYS[6] deleted at creation (optional). ARGV[1..5] as `_CAS`, ARGV[6], ARGV[7] as `_READ`,
# ARGV[8] the number n of log entries, ARGV[9 .. 8 + n] the entries, ARGV[9 + n ..] as `_SYNC`. Returns as `_READ`.
SAVE_AND_SYNC = _CAS + _SYNC + _READ + """
local n = tonumber(ARGV[8])
local result = cas(KEYS[6], 9, 8 + n)
if result[1] == 'ok' then sync(KEYS[3], KEYS[4], KEYS[5], 9 + n, result[2]) end
return read(result, 6)
"""

# KEYS[1] a game's (or lobby's) claimed clicks (zset: interaction id -> when claimed, and '<id>@<token>' beside it:
# who claimed it), KEYS[2] its inbox (hash: interaction id -> '<instance> <payload>'), KEYS[3] (optional) the game
# hash, read in the same step. ARGV[1] the interaction id, ARGV[2] now, ARGV[3] seconds a claim is kept, ARGV[4]
# seconds an inbox entry is kept, ARGV[5] the claiming instance ('': file nothing), ARGV[6] the payload, ARGV[7] a
# token of this claim, ARGV[8..] the instance's clicks answered since (out of the inbox). Claims a click once (the
# first caller wins; the same call sent again, as redis-py does after a reply that timed out, finds its token and
# wins too), files it, reads the game. Returns {0} when the click was claimed by another call (nothing filed),
# else {1} or {1, v, rec, m} (false: missing).
CLAIM_CLICK = """
for i = 8, #ARGV do redis.call('HDEL', KEYS[2], ARGV[i]) end
local mine = ARGV[1] .. '@' .. ARGV[7]
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  if not redis.call('ZSCORE', KEYS[1], mine) then return {0} end
else
  local now, kept, filed = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - kept)
  for _, id in ipairs(redis.call('HKEYS', KEYS[2])) do
    local at = redis.call('ZSCORE', KEYS[1], id)
    if (not at) or tonumber(at) < now - filed then redis.call('HDEL', KEYS[2], id) end
  end
  redis.call('ZADD', KEYS[1], now, ARGV[1], now, mine)
  redis.call('EXPIRE', KEYS[1], kept)
  if ARGV[5] ~= '' then
    redis.call('HSET', KEYS[2], ARGV[1], ARGV[5] .. ' ' .. ARGV[6])
    redis.call('EXPIRE', KEYS[2], filed)
  end
end
if KEYS[3] then
  local found = redis.call('HMGET', KEYS[3], 'v', 'rec', 'm')
  return {1, found[1], found[2], found[3]}
end
return {1}
"""

# KEYS[1] the processes' beats (hash: instance -> epoch seconds). ARGV[1] an instance, ARGV[2] now. Records the
# instance's beat and returns every instance's last beat (flat: instance, beat ...).
BEAT = """
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return redis.call('HGETALL', KEYS[1])
"""

# KEYS[1] a game's inbox. ARGV[1] a process instance. Takes the instance's clicks out of the inbox and returns
# their payloads.
ADOPT_CLICKS = """
local prefix = ARGV[1] .. ' '
local flat = redis.call('HGETALL', KEYS[1])
local out = {}
for i = 1, #flat, 2 do
  if string.sub(flat[i + 1], 1, #prefix) == prefix then
    redis.call('HDEL', KEYS[1], flat[i])
    out[#out + 1] = string.sub(flat[i + 1], #prefix + 1)
  end
end
return out
"""

# KEYS[1] game hash. ARGV[1] a message id. Sets the live message field `m` unless it holds a newer (larger) id or the
# game is gone; no version change, so it never conflicts with a move. Returns {the id the field holds, the id it held
# before, the record's version} ('' none), so that whoever replaces a message learns which one it replaced, and
# whether the game moved on since what the message shows. The id replaced is kept (`mp`): asked again with the same id
# (a reply lost to a timeout after the write landed), it still names the message it replaced, which would otherwise
# keep its buttons beside the live one (found by the fuzz).
SET_MESSAGE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return {'', '', ''} end
local found = redis.call('HMGET', KEYS[1], 'm', 'v', 'mp')
local current, version = found[1] or '', found[2] or ''
if current == '' or tonumber(current) < tonumber(ARGV[1]) then
  redis.call('HSET', KEYS[1], 'm', ARGV[1], 'mp', current)
  return {ARGV[1], current, version}
end
if current == ARGV[1] then return {current, found[3] or '', version} end
return {current, current, version}
"""

# KEYS[1] the channel index key. ARGV[1] the claiming id, ARGV[2] a stale holder it may replace ('' none), ARGV[3]
# seconds the claim is kept (0: until released; a game's claim, which also drops its lobby's expiry)
# Returns '' when claimed (or already held by the same id), else the current holder.
CLAIM_CHANNEL = """
local holder = redis.call('GET', KEYS[1])
if (not holder) or holder == ARGV[1] or (ARGV[2] ~= '' and holder == ARGV[2]) then
  local ttl = tonumber(ARGV[3]) or 0
  if ttl > 0 then redis.call('SET', KEYS[1], ARGV[1], 'EX', ttl) else redis.call('SET', KEYS[1], ARGV[1]) end
  return ''
end
return holder
"""

# KEYS[1] a key, ARGV[1] the value it must hold to be deleted. Returns 1 if deleted.
DELETE_IF_EQUAL = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

# KEYS[1] due zset, KEYS[2] claims hash. ARGV[1] now, ARGV[2] lease end, ARGV[3] limit, ARGV[4] token prefix
# Claims up to `limit` items due at `now` (including items whose lease ended): each gets the lease end as
# its score and a fresh claim token. Returns a flat list: member, token, member, token ...
CLAIM_DUE = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
local out = {}
for i, member in ipairs(due) do
  local token = ARGV[4] .. ':' .. i
  redis.call('ZADD', KEYS[1], ARGV[2], member)
  redis.call('HSET', KEYS[2], member, token)
  out[#out + 1] = member
  out[#out + 1] = token
end
return out
"""

# KEYS[1] due zset, KEYS[2] claims hash. ARGV[1] member, ARGV[2] claim token, ARGV[3] (optional) the time it is due
# again. Removes a claimed item (or queues it at ARGV[3]) and drops the claim, if the claim is still held (a sync or
# another worker's claim since drops it). Returns 1 if done.
COMPLETE_DUE = """
if redis.call('HGET', KEYS[2], ARGV[1]) ~= ARGV[2] then return 0 end
if ARGV[3] then redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1]) else redis.call('ZREM', KEYS[1], ARGV[1]) end
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
"""

# KEYS[1] due zset, KEYS[2] synced hash. ARGV[1] an id (a game's or a tournament's), ARGV[2..] the members of every
# kind of item it may have. Forgets the version whose items the queue holds once none of them is left (a record whose
# last item was handled, not synced away). Returns 1 if forgotten.
FORGET_SYNCED = """
for i = 2, #ARGV do
  if redis.call('ZSCORE', KEYS[1], ARGV[i]) then return 0 end
end
return redis.call('HDEL', KEYS[2], ARGV[1])
"""

# KEYS[1] hash. ARGV[1] field, ARGV[2] value. Deletes the field only if it still holds that value (1 if deleted).
DELETE_FIELD_IF_EQUAL = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
"""

# KEYS[1] hash. ARGV[1] field, ARGV[2] the value it must hold now ('' none), ARGV[3] its new value ('' removes it).
# Changes the field only if the hash exists and the field holds ARGV[2]: a compare-and-set of one field that leaves
# the others (a record's version) alone. Returns {1} when changed, else {0, the value held ('' none)} (false: no hash).
SWAP_FIELD = """
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local current = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if current ~= ARGV[2] then return {0, current} end
if ARGV[3] == '' then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('HSET', KEYS[1], ARGV[1], ARGV[3]) end
return {1}
"""

# KEYS[1] due zset, KEYS[2] claims hash. ARGV: pairs of member, due time ('' removes the member). (Re)schedules
# or removes each member, dropping its claim.
SET_DUE = """
for i = 1, #ARGV, 2 do
  if ARGV[i + 1] == '' then
    redis.call('ZREM', KEYS[1], ARGV[i])
  else
    redis.call('ZADD', KEYS[1], ARGV[i + 1], ARGV[i])
  end
  redis.call('HDEL', KEYS[2], ARGV[i])
end
return 1
"""

# KEYS[1] counted marker, KEYS[2] leaderboard (wins), KEYS[3] history, KEYS[4] rating board, KEYS[5] the season's
# hash, KEYS[6] the season's rating board, KEYS[7..] stats hashes of the players. ARGV[1] marker expiry, ARGV[2] game
# id, ARGV[3] finish time, ARGV[4] history entries kept, ARGV[5] preset name ('' none), ARGV[6] when the season's keys
# expire (epoch seconds; '': no season, KEYS[5] and KEYS[6] are not touched), then per player 10 values: user id,
# place (1-4), won (0/1), captures, the rating the new one was computed from ('' none: compare-and-set), new mu and
# new sigma ('' both: not rated), then the same three for the season's rating.
# Adds a finished game's results once. Returns 1 if added, 0 if the game was counted before, -1 (nothing written)
# if a player's rating (all time or the season's) changed since it was read (the caller reads again and retries). A
# player's place on the wins board is their total (from the stats hash), so a player trimmed off the board comes back
# with every win.
RECORD_RESULTS = """
local season = ARGV[6] ~= ''
for i = 7, #KEYS do
  local a = (i - 7) * 10 + 7
  if ARGV[a + 5] ~= '' then
    local mu, sigma = unpack(redis.call('HMGET', KEYS[i], 'mu', 'sigma'))
    local found = ''
    if mu then found = mu .. ' ' .. sigma end
    if found ~= ARGV[a + 4] then return -1 end
  end
  if season and ARGV[a + 8] ~= '' then
    if (redis.call('HGET', KEYS[5], 'r:' .. ARGV[a]) or '') ~= ARGV[a + 7] then return -1 end
  end
end
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', tonumber(ARGV[1])) then return 0 end
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[2])
local keep = tonumber(ARGV[4])
if keep > 0 then redis.call('ZREMRANGEBYRANK', KEYS[3], 0, -keep - 1) end
for i = 7, #KEYS do
  local a = (i - 7) * 10 + 7
  local user, place, won, captures = ARGV[a], ARGV[a + 1], tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3])
  redis.call('HINCRBY', KEYS[i], 'games', 1)
  redis.call('HINCRBY', KEYS[i], 'p' .. place, 1)
  local wins = redis.call('HINCRBY', KEYS[i], 'wins', won)
  redis.call('HINCRBY', KEYS[i], 'captures', captures)
  if ARGV[5] ~= '' then redis.call('HINCRBY', KEYS[i], 'preset:' .. ARGV[5], 1) end
  redis.call('ZADD', KEYS[2], wins, user)
  if ARGV[a + 5] ~= '' then
    local mu, sigma = tonumber(ARGV[a + 5]), tonumber(ARGV[a + 6])
    redis.call('HSET', KEYS[i], 'mu', ARGV[a + 5], 'sigma', ARGV[a + 6])
    redis.call('ZADD', KEYS[4], mu - 3 * sigma, user)
  end
  if season then
    redis.call('HINCRBY', KEYS[5], 'n:' .. user, 1)
    redis.call('HINCRBY', KEYS[5], 'w:' .. user, won)
    if ARGV[a + 8] ~= '' then
      local mu, sigma = tonumber(ARGV[a + 8]), tonumber(ARGV[a + 9])
      redis.call('HSET', KEYS[5], 'r:' .. user, ARGV[a + 8] .. ' ' .. ARGV[a + 9])
      redis.call('ZADD', KEYS[6], mu - 3 * sigma, user)
    end
  end
end
if season then
  redis.call('EXPIREAT', KEYS[5], tonumber(ARGV[6]))
  if redis.call('EXISTS', KEYS[6]) == 1 then redis.call('EXPIREAT', KEYS[6], tonumber(ARGV[6])) end
end
return 1
"""

# KEYS[1] a tournament's counted marker, KEYS[2..] the stats hashes of its players (one guild: one slot). ARGV[1] the
# marker's expiry, ARGV[2] seconds a player's stats are kept, ARGV[3..] per player 1 for the champion, else 0. Adds a
# finished tournament to its players' counts of tournaments played (``tn``) and won (``tw``), once. Returns 1 if added,
# 0 if it was counted before.
COUNT_TOURNAMENT = """
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', tonumber(ARGV[1])) then return 0 end
for i = 2, #KEYS do
  redis.call('HINCRBY', KEYS[i], 'tn', 1)
  redis.call('HINCRBY', KEYS[i], 'tw', tonumber(ARGV[i + 1]))
  redis.call('EXPIRE', KEYS[i], tonumber(ARGV[2]))
end
return 1
"""

# KEYS[1] the guild's open set, KEYS[2] the user's open set, KEYS[3] the guild's bucket, KEYS[4] the user's bucket,
# KEYS[5] the user's games played alone, which take the user's open places too (one guild: one slot). ARGV[1] now,
# ARGV[2] the lobby id, ARGV[3] the new entries' score (trusted until), ARGV[4] most open lobbies (and games played
# alone) per user, ARGV[5] most open lobbies and games per guild, ARGV[6] the user bucket's capacity, ARGV[7] its
# seconds per token, ARGV[8] the guild bucket's capacity, ARGV[9] its seconds per token (a most or a capacity of 0:
# that limit is off, its key is neither read nor written), ARGV[10] seconds the user's set of lobbies is kept after
# an admission (its entries are lobbies, gone by then; 0: no expiry).
# Admits a lobby: takes a place in each open set and a token from each bucket, or writes nothing. Returns {'ok'} |
# {'full', 'guild_open', the set's entries trusted no longer (to check)...} | {'full', 'user_open', the games played
# alone counted, how many of the entries that follow are lobbies, the user's lobbies then games trusted no longer...}
# | {'burst', limit, seconds until a token}
ADMIT_LOBBY = """
local now = tonumber(ARGV[1])
local function stale(key) return redis.call('ZRANGEBYSCORE', key, '-inf', '(' .. ARGV[1]) end
local most = tonumber(ARGV[4])
local alone = most > 0 and redis.call('ZCARD', KEYS[5]) or 0
if most > 0 and redis.call('ZCARD', KEYS[2]) + alone >= most then
  local lobbies, games = stale(KEYS[2]), stale(KEYS[5])
  local out = {'full', 'user_open', tostring(alone), tostring(#lobbies)}
  for _, member in ipairs(lobbies) do out[#out + 1] = member end
  for _, member in ipairs(games) do out[#out + 1] = member end
  return out
end
local sets = {{KEYS[2], most, 'user_open'}, {KEYS[1], tonumber(ARGV[5]), 'guild_open'}}
if sets[2][2] > 0 and redis.call('ZCARD', KEYS[1]) >= sets[2][2] then
  local out = {'full', 'guild_open'}
  for _, member in ipairs(stale(KEYS[1])) do out[#out + 1] = member end
  return out
end
local buckets = {{KEYS[4], tonumber(ARGV[6]), tonumber(ARGV[7]), 'user_burst'},
                 {KEYS[3], tonumber(ARGV[8]), tonumber(ARGV[9]), 'guild_burst'}}
local level, stamp = {}, {}
for i, bucket in ipairs(buckets) do
  if bucket[2] > 0 then
    local tokens, at = unpack(redis.call('HMGET', bucket[1], 'tokens', 'at'))
    tokens, at = tonumber(tokens), tonumber(at)
    if not (tokens and at) then tokens, at = bucket[2], now end
    level[i] = math.min(bucket[2], tokens + math.max(0, now - at) / bucket[3])
    stamp[i] = math.max(now, at)
    if level[i] < 1 then return {'burst', bucket[4], tostring((1 - level[i]) * bucket[3])} end
  end
end
for i, bucket in ipairs(buckets) do
  if level[i] then
    redis.call('HSET', bucket[1], 'tokens', tostring(level[i] - 1), 'at', tostring(stamp[i]))
    redis.call('EXPIRE', bucket[1], math.ceil(bucket[2] * bucket[3]) + 1)
  end
end
for _, set in ipairs(sets) do
  if set[2] > 0 then redis.call('ZADD', set[1], ARGV[3], ARGV[2]) end
end
local kept = tonumber(ARGV[10]) or 0
if sets[1][2] > 0 and kept > 0 then redis.call('EXPIRE', KEYS[2], kept) end
return {'ok'}
"""

# KEYS as ADMIT_LOBBY. ARGV[1] the lobby id, ARGV[2] the user bucket's capacity, ARGV[3] the guild bucket's capacity.
# Undoes an admission whose lobby did not open: its places are freed and each bucket gets its token back (up to its
# capacity; a bucket whose key is gone is full already). Returns 1.
GIVE_BACK_LOBBY = """
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
local buckets = {{KEYS[4], tonumber(ARGV[2])}, {KEYS[3], tonumber(ARGV[3])}}
for _, bucket in ipairs(buckets) do
  local tokens = tonumber(redis.call('HGET', bucket[1], 'tokens'))
  if bucket[2] > 0 and tokens then
    redis.call('HSET', bucket[1], 'tokens', tostring(math.min(bucket[2], tokens + 1)))
  end
end
return 1
"""

# -- turn alerts by direct message (storage.alerts; every key tagged {nt}) -----------------------------------------
# KEYS[1] the alert settings hash (user -> '<state> <locale>'), KEYS[2] their generation counter. ARGV[1] a user,
# ARGV[2] the state the change needs ('' any, '-' none, else 'on' or 'refused'), ARGV[3] the new value ('' removes).
# Returns {1, the old value ('' none)} when changed (the counter bumped if the value differs), {0} when not.
CHANGE_ALERTS = """
local old = redis.call('HGET', KEYS[1], ARGV[1]) or ''
local state = string.match(old, '^(%S+)') or '-'
if ARGV[2] ~= '' and ARGV[2] ~= state then return {0} end
if ARGV[3] == '' then redis.call('HDEL', KEYS[1], ARGV[1]) else redis.call('HSET', KEYS[1], ARGV[1], ARGV[3]) end
if old ~= ARGV[3] then redis.call('INCR', KEYS[2]) end
return {1, old}
"""

# KEYS[1] the alert queue (zset member -> due), KEYS[2] the alerts sent (zset member -> when). ARGV[1] member,
# ARGV[2] due time. Queues an alert unless it is queued (or being sent) or was sent. Returns 1 if queued.
QUEUE_ALERT = """
if redis.call('ZSCORE', KEYS[2], ARGV[1]) then return 0 end
return redis.call('ZADD', KEYS[1], 'NX', ARGV[2], ARGV[1])
"""

# KEYS[1] the alert queue's claims (member -> token; named first, so storage.served counts the step as a worker's),
# KEYS[2] the alert queue, KEYS[3] the users' spacing (user -> the earliest time of their next alert), KEYS[4] the
# settings' generation counter. ARGV[1] now, ARGV[2] lease end, ARGV[3] most claimed, ARGV[4] token prefix, ARGV[5]
# seconds between two alerts to one user. Claims due alerts, at most one per user per spacing: another due alert of
# a user just claimed (or spaced) waits for the user's next time (a member that names no user is claimed, for the
# caller to take out). A claimed alert's score is its lease end (due again if its worker dies). Returns
# {generation, the earliest score left ('': none), member, token, member, token ...}.
CLAIM_ALERTS = """
local now, most, gap = tonumber(ARGV[1]), tonumber(ARGV[3]), tonumber(ARGV[5])
local spaced = redis.call('HGETALL', KEYS[3])
for i = 1, #spaced, 2 do
  if tonumber(spaced[i + 1]) <= now then redis.call('HDEL', KEYS[3], spaced[i]) end
end
local out = {redis.call('GET', KEYS[4]) or '0', ''}
local taken = 0
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, most * 4)) do
  local user = string.match(member, '^(%d+):')
  local next_at = user and tonumber(redis.call('HGET', KEYS[3], user))
  if next_at and next_at > now then
    redis.call('ZADD', KEYS[2], next_at, member)
  elseif taken < most then
    taken = taken + 1
    local token = ARGV[4] .. ':' .. taken
    if user then redis.call('HSET', KEYS[3], user, now + gap) end
    redis.call('ZADD', KEYS[2], ARGV[2], member)
    redis.call('HSET', KEYS[1], member, token)
    out[#out + 1] = member
    out[#out + 1] = token
  end
end
local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
if first[2] then out[2] = first[2] end
return out
"""

# KEYS[1] the alert queue's claims, KEYS[2] the alert queue, KEYS[3] the alerts sent. ARGV[1] member, ARGV[2] claim
# token, ARGV[3] now, ARGV[4] seconds a sent alert is remembered. Takes a claimed alert out of the queue into the sent
# ones (before it is sent: at most once), unless the claim was lost. Returns 1 if taken.
TAKE_ALERT = """
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then return 0 end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', tonumber(ARGV[3]) - tonumber(ARGV[4]))
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
return 1
"""
