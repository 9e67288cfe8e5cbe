"""The game message's words, built without Discord traffic."""

from __future__ import annotations

import engine
from bot.messages import outcome_post
from service import Outcome, Step
from storage import Seat, new_record


async def test_a_forced_move_played_for_the_player_is_said_so() -> None:
    record = new_record("g1", guild_id=1, channel_id=2, host_id=3, rules=engine.Rules.preset("classic"),
                        seats=[Seat(seat=0, user_id=3, name="Ann"), Seat(seat=2, ai_level=1)], seed=5)
    state = engine.position(engine.Rules.preset("classic"), {0: (10, -1, -1, -1), 2: (-1,) * 4}, current=0,
                            dice=(3,))
    after, events = engine.apply(state, engine.Move(0))
    forced = Outcome(record, after, [Step(0, engine.Move(0), "auto", events)])
    assert "Ann had only one possible move, so the bot played it." in (await outcome_post(forced, notify=False)).content
    chosen = Outcome(record, after, [Step(0, engine.Move(0), "player", events)])
    assert "only one possible move" not in (await outcome_post(chosen, notify=False)).content
