"""The game message's words, built without Discord traffic."""

from __future__ import annotations

import io

from PIL import Image

from ludo_bot import engine
from ludo_bot.bot.messages import game_post, outcome_post
from ludo_bot.render import DEFAULT_SIZE, BoardView, render_board, square_centre
from ludo_bot.service import Outcome, Step
from ludo_bot.storage import Seat, new_record


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


async def test_tokens_in_the_yard_are_one_button_that_says_so_and_matches_the_picture() -> None:
    rules = engine.Rules.preset("classic")
    record = new_record("g1", guild_id=1, channel_id=2, host_id=3, rules=rules,
                        seats=[Seat(seat=0, user_id=3, name="Ann"), Seat(seat=2, user_id=4, name="Bob")], seed=5)
    record = record.model_copy(update={"auto_single": False})  # else the bot plays the one choice itself
    state = engine.position(rules, {0: (-1,) * 4, 2: (30, -1, -1, -1)}, current=0, dice=(6,))
    post = await game_post(record, state)
    buttons = [(b["label"], b["custom_id"]) for row in post.view.to_components() for b in row["components"]]
    assert [label for label, _ in buttons] == ["Enter a token (1/2/3/4)", "Spectate"]  # once four "Enter token n"
    assert buttons[0][1].endswith(f":{state.ply}:M1")  # a click plays token 1
    # the picture draws "1/2/3/4" at the start square, where the token enters: the marks the button names

    def start_square(png: bytes) -> bytes:
        x, y = square_centre(rules, 0, 0, size=DEFAULT_SIZE)
        with Image.open(io.BytesIO(png)) as image:
            return image.convert("RGB").crop((x - 30, y - 30, x + 30, y + 30)).tobytes()

    assert post.board is not None
    drawn = start_square(post.board)
    assert drawn == start_square(render_board(state, BoardView(labels={engine.Move(0): "1/2/3/4"}, size=DEFAULT_SIZE)))
    assert drawn != start_square(render_board(state, BoardView(labels={engine.Move(0): "1"}, size=DEFAULT_SIZE)))
