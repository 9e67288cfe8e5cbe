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


def _lines_in_order(content: str, *parts: str) -> bool:
    lines = content.split("\n")
    found = [next(i for i, line in enumerate(lines) if part in line) for part in parts]
    return found == sorted(found)


async def test_the_move_that_ends_a_game_is_told_before_the_game_over() -> None:
    # a quick game: Ann rolls and her only move brings a token home, which wins it; the message once said
    # "Game over: Ann wins!" before "Ann had only one possible move, so the bot played it"
    rules = engine.Rules.preset("classic", quick=True)
    record = new_record("g1", guild_id=1, channel_id=2, host_id=3, rules=rules,
                        seats=[Seat(seat=0, user_id=3, name="Ann"), Seat(seat=2, ai_level=1)], seed=5)
    state = engine.position(rules, {0: (rules.finish_step - 2, -1, -1, -1), 2: (-1,) * 4}, current=0)
    rolled, roll = engine.roll_with(state, (2,))
    after, moved = engine.apply(rolled, engine.Move(0))
    assert after.over
    forced = Outcome(record, after, [Step(0, engine.Roll(), "player", roll), Step(0, engine.Move(0), "auto", moved)])
    content = (await outcome_post(forced, notify=False)).content
    assert _lines_in_order(content, "Ann rolled 2", "only one possible move", "token 1 is home", "Game over")
    # so is a time-out before what it caused (the AI playing Ann's turn, which ends the game)
    late = Outcome(record, after, [Step(0, engine.Roll(), "timeout", roll), Step(0, engine.Move(0), "timeout", moved)])
    content = (await outcome_post(late, notify=False, note="⌛ Ann ran out of time.")).content
    assert _lines_in_order(content, "ran out of time", "Ann rolled 2", "token 1 is home", "Game over")
