"""Replays through the service: drawn once and kept, shared by requests made at once, drawn one at a time per
process, and refused with a clear answer when too many different ones wait."""

from __future__ import annotations

import asyncio
import re
import threading

import pytest

from ludo_bot import engine
from ludo_bot.engine.actions import moves_made
from ludo_bot.engine.ai import choose
from ludo_bot.service import GameRecord, Refused, Service
from ludo_bot.service import replays as service_replays
from ludo_bot.service.cooldowns import Cooldowns
from ludo_bot.service.reviews import review_lines, shown_decisions
from ludo_bot.storage import Seat, Storage, new_game_id, new_record, play
from tests.service.captions import caption, frame_captions


def finished(seed: int) -> GameRecord:
    """A finished game of two AIs, with its log, as loaded from storage."""
    rules = engine.Rules.preset("star", turn_limit=4)
    record = new_record(new_game_id(), guild_id=1, channel_id=2, host_id=3, rules=rules, seed=seed,
                        seats=[Seat(seat=0, ai_level=1), Seat(seat=2, ai_level=1)])
    state, actions = engine.new_game(rules, (0, 2), seed), []
    while not state.over:
        action = choose(state, "greedy")
        state, _ = engine.apply(state, action)
        actions.append(action)
    played, texts, _ = play(record, actions)
    return played.model_copy(update={"version": 2, "log": texts, "log_length": len(texts)})


class Drawing:
    """`service_replays.draw` counted, and held back until the test lets it go."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.real = service_replays.draw
        self.calls: list[str] = []
        self.at_once = self.most = 0
        self.go = threading.Event()
        self.lock = threading.Lock()
        monkeypatch.setattr(service_replays, "draw", self)

    def __call__(self, record: GameRecord, lang: str, named: tuple[int, ...] = ()) -> bytes:
        with self.lock:
            self.calls.append(record.id)
            self.at_once += 1
            self.most = max(self.most, self.at_once)
        self.go.wait(10.0)
        try:
            return self.real(record, lang, named)
        finally:
            with self.lock:
                self.at_once -= 1


async def test_a_replay_is_drawn_once_for_everyone_asking_and_then_kept(storage: Storage,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    drawing = Drawing(monkeypatch)
    replays = Service(storage).replays
    record = finished(5)
    asked = [asyncio.ensure_future(replays.gif(record, "en-US")) for _ in range(20)]
    await asyncio.sleep(0.05)
    drawing.go.set()
    gifs = await asyncio.gather(*asked)
    assert drawing.calls == [record.id] and len(set(gifs)) == 1 and gifs[0].startswith(b"GIF8")
    assert await replays.gif(record, "en-GB") == gifs[0]  # kept: read, not drawn again
    assert drawing.calls == [record.id]
    assert await replays.gif(record, "de") != gifs[0]  # another language is another picture
    assert await replays.gif(record.model_copy(update={"version": 3}), "en") == gifs[0]  # a changed record: anew
    assert drawing.calls == [record.id] * 3
    await replays.close()


async def test_replays_are_drawn_one_at_a_time(storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    drawing = Drawing(monkeypatch)
    replays = Service(storage).replays
    records = [finished(seed) for seed in (1, 2, 3)]
    asked = [asyncio.ensure_future(replays.gif(record, "en")) for record in records]
    await asyncio.sleep(0.05)
    drawing.go.set()
    assert all(gif.startswith(b"GIF8") for gif in await asyncio.gather(*asked))
    assert drawing.most == 1 and sorted(drawing.calls) == sorted(r.id for r in records)
    await replays.close()


async def test_a_few_requests_hold_a_gif_at_once_and_a_full_queue_is_refused(storage: Storage) -> None:
    replays = service_replays.Replays(storage, queue=3, turns=2)
    inside = 0
    most = 0
    release = asyncio.Event()

    async def request() -> None:
        nonlocal inside, most
        async with replays.turn():
            inside += 1
            most = max(most, inside)
            await release.wait()
            inside -= 1

    waiting = [asyncio.ensure_future(request()) for _ in range(3)]
    await asyncio.sleep(0.01)
    with pytest.raises(Refused) as refused:
        replays.check()
    assert refused.value.key == "refused.replays_busy"
    with pytest.raises(Refused):
        async with replays.turn():
            pass
    release.set()
    await asyncio.gather(*waiting)
    assert most == 2
    replays.check()  # room again
    await replays.close()
    with pytest.raises(Refused):  # a stopping process takes no more
        replays.check()


async def test_a_waiter_going_away_does_not_stop_the_others(storage: Storage,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    drawing = Drawing(monkeypatch)
    replays = Service(storage).replays
    record = finished(6)
    first, second = (asyncio.ensure_future(replays.gif(record, "en")) for _ in range(2))
    await asyncio.sleep(0.05)
    first.cancel()
    drawing.go.set()
    assert (await second).startswith(b"GIF8") and first.cancelled()
    await replays.close()


async def test_cooldowns_refuse_with_the_time_to_come_back(storage: Storage) -> None:
    waits = Cooldowns(storage, {"verify": 20.0, "board": 0.0})
    await waits.take(1, "verify")
    with pytest.raises(Refused) as refused:
        await waits.take(1, "verify")
    assert refused.value.key == "refused.wait_verify" and 0 < int(str(refused.value.values["seconds"])) <= 20
    for _ in range(3):
        await waits.take(1, "board")  # 0 s: no wait


def long_finished(seed: int) -> GameRecord:
    """A long finished game of four random AIs (classic: about 500 moves), with its log, as loaded from storage."""
    rules = engine.Rules.preset("classic")
    record = new_record(new_game_id(), guild_id=1, channel_id=2, host_id=3, rules=rules, seed=seed,
                        seats=[Seat(seat=s, ai_level=0) for s in range(4)])
    state, actions = engine.new_game(rules, (0, 1, 2, 3), seed), []
    while not state.over:
        action = choose(state, "random")
        state, _ = engine.apply(state, action)
        actions.append(action)
    played, texts, _ = play(record, actions)
    return played.model_copy(update={"version": 2, "log": texts, "log_length": len(texts)})


async def test_the_review_names_moves_as_the_replay_counts_them_and_the_replay_shows_them(storage: Storage) -> None:
    """Issue 44: the replay said "move 77 of 227" while the review's costliest decision was "move 294" (a count of
    log entries, rolls included), which no frame showed. Now each decision the review lists is "move N" of the
    replay's count, and the replay (told in 64 frames) has the frame "move N of T"."""
    sessions = Service(storage)
    record = long_finished(10)
    total = moves_made(record.log)[-1]
    review = await sessions.reviews.review(record)
    gif = await sessions.replays.gif(record, "en")
    shown_captions = frame_captions(gif)
    assert len(shown_captions) == 64 and shown_captions[0] == caption(f"move 1 of {total}")
    listed = []
    for player in review.players:
        lines = review_lines(record, review, "en", player.seat, shown_decisions(record, review, player.seat), {})
        listed += [int(n) for n in re.findall(r"^\d\. move (\d+):", "\n".join(lines), re.MULTILINE)]
    assert len(listed) >= 6
    for move in listed:
        assert move <= total and caption(f"move {move} of {total}") in shown_captions, move
    sessions.reviews.close()
    await sessions.replays.close()
