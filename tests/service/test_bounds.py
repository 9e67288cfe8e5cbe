"""Every key the bot writes has a bound (the table of `storage.keys`): after lobbies, games played to the end, left,
handed to an AI and left alone, every key either expires or is one of the few kept keys, each within its cap; and
once nobody has played for the idle time, no game key is left without an expiry."""

from __future__ import annotations

import pytest

from ludo_bot import engine
from ludo_bot.service import Service, seat_user
from ludo_bot.storage import GameRecord, GuildSettings, LobbyLimits, NotFound, Storage, keys
from ludo_bot.storage.indexes import USER_GAMES_PRUNE_AT
from ludo_bot.storage.interactions import Filing
from ludo_bot.storage.stats import BOARD_KEEP, HISTORY_KEEP
from ludo_bot.storage.tournaments import GUILD_TOURNEYS_KEPT
from tests.service.conftest import Clock
from tests.service.test_deadlines import DAY, HOUR, run_due
from tests.service.test_sessions import play_to_the_end

GUILD, HOST, GUEST, OTHER = 1, 100, 200, 300
LIMITS = LobbyLimits(open_per_user=3, open_per_guild=50, burst_user=12, refill_user=5.0, burst_guild=60,
                     refill_guild=2.0)


@pytest.fixture
async def sessions(storage: Storage) -> Service:
    seeds = iter(range(1, 10_000))
    service = Service(storage, clock=Clock(), new_seed=lambda: next(seeds), open_limits=LIMITS, idle_end=7 * DAY)
    await storage.settings.save_settings(GuildSettings(guild_id=GUILD, turn_deadline=HOUR, reminder_before=60))
    return service


async def new_game(sessions: Service, channel: int, *, preset: str = "classic", **options: object) -> GameRecord:
    lobby = await sessions.lobbies.open(guild_id=GUILD, channel_id=channel, host_id=HOST, preset=preset,
                                        options=dict(options))
    await sessions.lobbies.update(lobby.id, GUEST, "join")
    return (await sessions.lobbies.start(lobby.id, HOST)).record


async def active(storage: Storage, game_id: str) -> GameRecord | None:
    try:
        record = await storage.games.load_game(game_id)
    except NotFound:
        return None
    return record if record.active else None


async def unbounded_keys(storage: Storage) -> dict[str, str]:
    """The keys without an expiry that are not within their documented bound: key -> why."""
    redis, wrong = storage.redis, {}
    for key in sorted([str(k) async for k in redis.scan_iter("ludo:*")]):
        if await redis.ttl(key) > 0:
            continue
        tag, _, kind = key.removeprefix("ludo:{").partition("}")
        if kind in (":game", ":log"):  # an active game's: it ends when nobody plays, then expires
            if await active(storage, tag) is None:
                wrong[key] = "a game that is over, without its retention"
        elif tag.startswith("c:"):  # one channel, held by its live game
            holder = str(await redis.get(key))
            if await active(storage, holder) is None:
                wrong[key] = f"held by {holder}, no active game"
        elif tag.startswith("u:"):
            user = int(tag[2:])
            entries = [str(g) for g in await redis.smembers(key)]
            live = [g for g in entries if (record := await active(storage, g)) and user in record.user_ids]
            if len(entries) - len(live) > USER_GAMES_PRUNE_AT:
                wrong[key] = f"{len(entries) - len(live)} entries of games not the user's"
        elif tag.startswith("g:") and kind in (":board", ":rating", ":history", ":open", ":settings", ":tourneys"):
            most = {":board": BOARD_KEEP, ":rating": BOARD_KEEP, ":history": HISTORY_KEEP,
                    ":open": LIMITS.open_per_guild, ":tourneys": GUILD_TOURNEYS_KEPT}.get(kind)
            if most is not None and await redis.zcard(key) > most:
                wrong[key] = f"more than {most} entries"
        elif tag.startswith("g:") and kind.startswith(":alone:"):  # games played alone: each leaves as it ends
            if [g for g in await redis.zrange(key, 0, -1) if await active(storage, str(g)) is None]:
                wrong[key] = "a game that is over"
        elif tag == "dl":  # a reminder and a time-out per game at most (one of a game that ended goes when due)
            members = [str(m) for m in (await redis.zrange(keys.DEADLINES_DUE, 0, -1))]
            if len(members) != len(set(members)) or (kind == ":claims" and await redis.hlen(key) > len(members)):
                wrong[key] = "more than one item per deadline"
        elif tag == "procs" or (tag.startswith("in:") and await redis.hexists(keys.PROCESSES, tag[3:])):
            continue  # the running processes' own: a stopping or adopted process removes them
        else:
            wrong[key] = "no expiry and no bound"
    return wrong


async def test_every_key_is_bounded_and_an_idle_week_leaves_only_the_kept_ones(sessions: Service) -> None:
    storage, clock = sessions.storage, sessions.clock
    assert isinstance(clock, Clock)
    cancelled = await sessions.lobbies.open(guild_id=GUILD, channel_id=10, host_id=HOST, preset=None, options={})
    await sessions.lobbies.cancel(cancelled.id, HOST, can_manage=False)
    await sessions.lobbies.open(guild_id=GUILD, channel_id=11, host_id=OTHER, preset=None, options={})  # left open
    finished = await new_game(sessions, 12, preset="star", turn_limit=8)
    await play_to_the_end(sessions, finished.id)
    handed = await new_game(sessions, 13, ai_takeover=True)
    await sessions.games.leave(handed.id, GUEST)
    forfeited = await new_game(sessions, 14)
    await sessions.games.leave(forfeited.id, GUEST)
    playing = await new_game(sessions, 15)
    state = engine.from_text(playing.state)
    await sessions.games.act(playing.id, state.ply, "R", seat_user(playing, state.current),  # type: ignore[arg-type]
                             click=4242)
    await storage.claim_interaction(4343)
    await storage.inboxes.claim(playing.id, 4444, now=clock(), filing=Filing("proc-a", "{}", register=True))
    await storage.inboxes.beat("proc-a", clock())
    await sessions.replays.gif(await storage.games.load_game(finished.id, with_log=True), "en")  # a replay, kept
    await sessions.cooldowns.take(HOST, "replay")  # and its user's wait
    await sessions.replays.close()
    await sessions.tournaments.create(guild_id=GUILD, channel_id=16, organiser_id=HOST, locale="en-US",
                                      format="swiss")  # a sign-up left open, and one cancelled
    cup = await sessions.tournaments.create(guild_id=GUILD, channel_id=17, organiser_id=HOST, locale="en-US",
                                            format="knockout")
    await sessions.tournaments.cancel(cup.id, HOST, can_manage=False)

    assert await unbounded_keys(storage) == {}
    assert await active(storage, finished.id) is None and (await storage.games.load_game(finished.id)).status == \
        "finished"

    clock.now += 7 * DAY + HOUR  # nobody plays for a week: each game still going ends at its next time-out
    while await run_due(sessions):
        clock.now += HOUR
    for game in (handed, playing):
        assert (await storage.games.load_game(game.id)).status == "abandoned"
    await storage.inboxes.leave("proc-a")
    left = {str(k) async for k in storage.redis.scan_iter("ludo:*") if await storage.redis.ttl(k) == -1}
    assert left == {keys.guild_settings(GUILD), keys.leaderboard(GUILD), keys.rating_board(GUILD),
                    keys.history(GUILD), keys.open_in_guild(GUILD), keys.guild_tournaments(GUILD)}  # (capped;
    # `open` holds the lobby left open, and the open sign-up's channel claim expires with its record)
    assert await storage.redis.zcard(keys.open_in_guild(GUILD)) == 1


async def test_a_seat_handed_to_an_ai_leaves_its_players_index(sessions: Service) -> None:
    game = await new_game(sessions, 20, ai_takeover=True)
    assert [g.id for g in await sessions.storage.games.user_games(GUEST)] == [game.id]
    await sessions.games.leave(game.id, GUEST)
    assert await sessions.storage.redis.smembers(keys.user_games(GUEST)) == set()
    assert await sessions.storage.redis.smembers(keys.user_games(HOST)) == {game.id}
