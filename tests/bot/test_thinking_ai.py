"""An AI that thinks long (master) never holds up a person's answer: the click is answered at once, in place, and
the AI seats' moves follow as an update of the same message, played by a worker process."""

from __future__ import annotations

import asyncio
import time

from ludo_bot.bot.app import LudoBot
from ludo_bot.playground.standin import Message, StandIn
from tests.bot.helpers import TURN, board_messages, click, game_id_of, live_message, start_game, to_act

LEVEL = "master"


async def next_buttons(standin: StandIn, message: Message, edits: int, timeout: float = 20.0) -> Message | None:
    """The live message once the AI's moves are shown in `message` (its edits past `edits`); None at the game's
    end."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        live = live_message(standin, standin.channel)
        if live is not None and (live is not message or message.edits > edits):
            return live
        if any("Replay" in m.labels() for m in standin.messages(standin.channel)):
            return None
        await asyncio.sleep(0.02)
    raise AssertionError(f"no update within {timeout} s: {message.content!r}")


async def test_a_masters_turns_follow_in_the_same_message_after_the_answer(standin: StandIn, ludo: LudoBot) -> None:
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=2, ai_level=LEVEL, preset="classic", auto_single=False)
    if live is None:  # the AIs roll first: their turns come after the start
        live = await next_buttons(standin, board_messages(standin, standin.channel)[-1], 0)
    assert live is not None
    thought, waits = 0, []
    for _ in range(12):
        assert to_act(standin, live) is alice
        edits = live.edits
        record = await click(standin, ludo, alice, live, custom_id=live.custom_ids()[0])
        response = record.response_record
        assert response is not None and not response.ephemeral and not response.deferred
        waits.append(response.elapsed)
        assert response.message is live  # answered in place
        if "thinking" in live.content:  # the turn passed to an AI: no buttons until it has played
            thought += 1
            assert live.labels() == ["Spectate"]
            found = await next_buttons(standin, live, edits + 1)
            if found is None:
                break
            assert found is live, "the AI's moves are shown in the message the click was answered in"
            assert "AI" in live.content and TURN.search(live.content)
        else:
            found = live_message(standin, standin.channel)
            if found is None:
                break
        live = found
        assert len(board_messages(standin, standin.channel)) == 1
    assert thought >= 2
    assert sorted(waits)[int(0.95 * (len(waits) - 1))] <= 0.3  # the budget of a click against an AI (test_click_loop)



async def test_a_stored_game_with_a_master_seat_still_plays_to_the_next_human_turn(standin: StandIn,
                                                                                   ludo: LudoBot) -> None:
    """Master is offered no more (`service.seats.OFFERED_LEVELS`), but a game stored with a master seat loads, is
    played by it, and names it "AI (master)"."""
    alice = standin.add_user("alice")
    live = await start_game(standin, ludo, alice, ai=1, ai_level="expert", preset="classic", auto_single=False)
    assert live is not None and ludo.handlers is not None
    games = ludo.handlers.service.storage.games
    game_id = game_id_of(live)
    record = await games.load_game(game_id)
    seats = [s.model_copy(update={"ai_level": 3}) if s.is_ai else s for s in record.seats]  # as stored before
    await games.save_game(record.model_copy(update={"seats": seats}))
    for _ in range(30):
        edits = live.edits
        await click(standin, ludo, alice, live, custom_id=live.custom_ids()[0])
        if "thinking" in live.content:  # the turn passed to the master
            found = await next_buttons(standin, live, edits + 1)
            assert found is not None and to_act(standin, found) is alice  # the master played to alice's turn
            assert "AI (master)" in found.content
            record = await games.load_game(game_id, with_log=True)
            assert [s.ai_level for s in record.seats if s.is_ai] == [3]
            return
        found = live_message(standin, standin.channel)
        assert found is not None
        live = found
    raise AssertionError("the turn never passed to the master")
