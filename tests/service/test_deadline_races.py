"""Clicks racing deadline workers as deadlines fall due: however the steps interleave, every turn is acted on once
(a timeout only once its deadline has come), and afterwards every active game has exactly its current turn's
deadlines queued, unclaimed."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from ludo_bot import engine
from ludo_bot.service import REMIND, TIMEOUT, Outcome, Refused, Service, seat_user, state_of
from ludo_bot.storage import Deadline, GameRecord, GuildSettings, Storage, keys
from tests.service.conftest import GUEST, GUILD, HOST, Clock

GAMES, ROUNDS = 3, 30


class Ticking(Clock):
    """Time that passes a little with every look at it, so that racing steps set different deadlines."""

    def __call__(self) -> float:
        self.now += 0.01
        return self.now


def jittered(rng: random.Random, step: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """`step` with a seeded random pause before and after it, so that concurrent operations interleave their
    storage steps differently from run to run of the seeds."""
    async def paused(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(rng.choice((0, 0, 0.0005, 0.002)))
        result = await step(*args, **kwargs)
        await asyncio.sleep(rng.choice((0, 0, 0.0005, 0.002)))
        return result
    return paused


class Race:
    """Games, clicks and two deadline workers on one service, with what each accepted operation acted on."""

    def __init__(self, service: Service, clock: Clock, rng: random.Random) -> None:
        self.service, self.clock, self.rng = service, clock, rng
        self.timed_out: list[tuple[str, tuple[int, ...]]] = []  # game, state.turns: per timeout applied
        self.acted: list[tuple[str, int]] = []  # game, version acted on: per operation saved

    def watch(self, monkeypatch: pytest.MonkeyPatch) -> None:
        games, storage = self.service.games, self.service.storage
        for owner, name in ((storage.games, "load_game"), (storage.games, "save_and_read"),
                            (storage.deadlines, "claim_due"), (storage.deadlines, "complete")):
            monkeypatch.setattr(owner, name, jittered(self.rng, getattr(owner, name)))
        commit = games.commit

        async def noted(record: GameRecord, state: engine.GameState, steps: list[Any], **kwargs: Any) -> Outcome:
            outcome = await commit(record, state, steps, **kwargs)
            self.acted.append((record.id, record.version))
            if steps and steps[0].by == "timeout":
                assert record.turn_deadline is not None and record.turn_deadline <= self.clock()  # not early
                self.timed_out.append((record.id, state_of(record).turns))
            return outcome

        monkeypatch.setattr(games, "commit", noted)

    async def click(self, game_id: str) -> None:
        """The player to act clicks a legal action of the position they see (which may be gone by then)."""
        record = await self.service.games.load(game_id)
        state = state_of(record)
        user = seat_user(record, state.current)
        if not record.active or user is None:
            return
        action = self.rng.choice(engine.legal_actions(state))
        await asyncio.sleep(self.rng.choice((0, 0.001, 0.003)))
        try:
            await self.service.games.act(game_id, state.ply, engine.action_text(action), user)
        except Refused as refused:  # lost to a timeout or the other worker's act: nothing happened
            assert refused.key in ("refused.moved_on", "refused.act_race", "refused.over"), refused.key

    async def work(self) -> int:
        """One worker's round: claim what is due and handle it; the number claimed."""
        claims = await self.service.deadlines.due()
        for claim in claims:
            await self.service.deadlines.handle(claim)
        return len(claims)


async def open_games(service: Service) -> list[str]:
    ids = []
    for n in range(GAMES):
        lobby = await service.lobbies.open(guild_id=GUILD, channel_id=100 + n, host_id=HOST, preset="classic",
                                           options={})
        await service.lobbies.update(lobby.id, GUEST, "join")
        ids.append((await service.lobbies.start(lobby.id, HOST)).record.id)
    return ids


async def check_queue(storage: Storage, record: GameRecord) -> None:
    """The game's deadlines are queued exactly as its record says, and nobody holds a claim on them."""
    for kind, wanted in ((TIMEOUT, record.turn_deadline), (REMIND, record.reminder_at)):
        deadline = Deadline(kind, record.id)
        assert await storage.deadlines.due_at(deadline) == wanted, (kind, record.id)
        assert not await storage.redis.hexists(keys.DEADLINES_CLAIMS, deadline.member)


@pytest.mark.parametrize("seed", range(4))
async def test_clicks_racing_firing_deadlines_leave_each_turn_its_deadline_and_act_on_it_once(
        storage: Storage, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    rng = random.Random(seed)
    clock = Ticking()
    service = Service(storage, clock=clock, new_seed=lambda: rng.randrange(1 << 40))
    await storage.settings.save_settings(GuildSettings(guild_id=GUILD, turn_deadline=60, reminder_before=20,
                                                       timeout_action="ai" if seed % 2 else "skip"))
    game_ids = await open_games(service)
    race = Race(service, clock, rng)
    race.watch(monkeypatch)
    for _ in range(ROUNDS):
        clock.now += rng.choice((5.0, 25.0, 41.0, 61.0, 70.0))  # reminders and timeouts fall due
        clicks = [race.click(game_id) for game_id in game_ids if rng.random() < 0.7]
        await asyncio.gather(*clicks, race.work(), race.work())
        while await race.work():  # what is still due now is handled
            pass
        for game_id in game_ids:
            record = await storage.games.load_game(game_id)
            if record.active:
                await check_queue(storage, record)
    assert len(set(race.acted)) == len(race.acted)  # no version of a game was acted on twice
    assert len(set(race.timed_out)) == len(race.timed_out)  # no turn timed out twice
    assert race.timed_out and len(race.acted) > len(race.timed_out)  # both raced
    for game_id in game_ids:
        await storage.games.verify_game(game_id)  # the log replays to the stored position
