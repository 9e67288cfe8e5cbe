"""An AI that thinks long (master) never holds up a person's answer: the click is answered at once, in place, and
the AI seats' moves follow as an update of the same message, played by a worker process."""

from __future__ import annotations

import asyncio
import time

from bot.app import LudoBot
from playground.standin import Message, StandIn
from tests.bot.helpers import TURN, board_messages, click, live_message, start_game, to_act

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

