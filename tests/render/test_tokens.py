"""Token numbers on a phone: every number as large as the picture's words, whole and on its own square, however
crowded the square (stacks of two to six, a home column's square, every token home)."""

from __future__ import annotations

import pytest
from PIL import Image

from ludo_bot.engine.position import position
from ludo_bot.engine.rules import Rules
from ludo_bot.engine.state import YARD, GameState
from ludo_bot.render import DEFAULT_SIZE, BoardView, draw_board
from ludo_bot.render.geometry import layout, metrics, place_box
from ludo_bot.render.tokens import Placed, number_box, placed_tokens, token_places
from ludo_bot.render.typeset import recording
from ludo_bot.render.view import PHONE, SMALLEST
from tests.render.helpers import GEOMETRIES


def step_onto(rules: Rules, seat: int, square: int) -> int:
    """The step at which `seat`'s tokens stand on track square `square`."""
    return next(step for step in range(rules.last_track_step + 1) if rules.square(seat, step) == square)


def crowd(rules: Rules, counts: tuple[int, ...], square: int = 9) -> GameState:
    """`counts[seat]` tokens of each seat on track square `square`, the others in their yards."""
    return position(rules, {seat: tuple([step_onto(rules, seat, square)] * n + [YARD] * (4 - n))
                            for seat, n in enumerate(counts)}, current=0)


def crowded_positions(rules: Rules) -> dict[str, GameState]:
    """Stacks of one colour and of several, two neighbouring squares of four each, a home column's square of two and
    of four, every token home, and every token in its yard."""
    home, finish = rules.last_track_step + 2, rules.finish_step
    found = {f"{n} of a colour": crowd(rules, (n, 0)) for n in (2, 3, 4)}
    found |= {"2 colours": crowd(rules, (1, 1)), "4 colours": crowd(rules, (1, 1, 1, 1)),
              "5 of 4 colours": crowd(rules, (2, 1, 1, 1)), "6 of 4 colours": crowd(rules, (2, 1, 2, 1))}
    found["4 beside 4"] = position(rules, {0: (step_onto(rules, 0, 5),) * 4, 1: (step_onto(rules, 1, 6),) * 4},
                                   current=0)
    found["home column"] = position(rules, {0: (home, home, YARD, home + 1), 2: (home,) * 4}, current=0)
    found["all home"] = position(rules, {seat: (finish,) * 4 for seat in range(4)}, current=0)
    found["all in yards"] = position(rules, {seat: (YARD,) * 4 for seat in range(4)}, current=0)
    return found


CASES = [(geometry, arrangement) for geometry in sorted(GEOMETRIES) for arrangement in crowded_positions(
    GEOMETRIES[geometry])]


@pytest.mark.parametrize(("geometry", "arrangement"), CASES)
def test_every_token_number_reads_at_11_px_on_a_phone(geometry: str, arrangement: str) -> None:
    state = crowded_positions(GEOMETRIES[geometry])[arrangement]
    with recording() as texts:
        picture = draw_board(state, BoardView())
    numbers = sorted((drawn.size * PHONE / picture.width, drawn.text, drawn.what) for drawn in texts
                     if drawn.what != "words")
    assert len(numbers) == sum(len(tids) for tids in token_places(state).values())  # every token's number, once
    assert numbers[0][0] >= SMALLEST, numbers[0]


def as_drawn(token: Placed) -> tuple[Image.Image, Image.Image]:
    """`token`'s sprite as it is pasted, on a blank canvas at its place, and the mask of its pixels there."""
    canvas = Image.new("P", DEFAULT_SIZE, 0)
    canvas.putpalette(token.sprite.image.getpalette() or [])
    mask = Image.new("1", DEFAULT_SIZE, 0)
    token.sprite.paste(canvas, token.centre)
    w, h = token.sprite.size
    mask.paste(token.sprite.mask or 1, (token.centre[0] - w // 2, token.centre[1] - h // 2))
    return canvas, mask


def number_shown(picture: Image.Image, token: Placed) -> bool:
    """Whether the picture shows `token`'s number as its sprite has it: no pixel of the token around its number
    covered by anything drawn after it (another token, a label)."""
    canvas, mask = as_drawn(token)
    box = number_box(token)
    own = [i for i, v in enumerate(mask.crop(box).convert("L").tobytes()) if v]
    seen, drawn = picture.crop(box).tobytes(), canvas.crop(box).tobytes()
    return len(own) > 0 and all(seen[i] == drawn[i] for i in own)


@pytest.mark.parametrize(("geometry", "arrangement"), CASES)
def test_every_token_number_is_whole_and_on_its_own_square(geometry: str, arrangement: str) -> None:
    rules = GEOMETRIES[geometry]
    state = crowded_positions(rules)[arrangement]
    picture = draw_board(state, BoardView())
    m = metrics(layout(rules).n, DEFAULT_SIZE)
    centre = m.box_px(layout(rules).centre)
    places = token_places(state)
    tokens = placed_tokens(state.rules, m, places)
    squares = {tid: place for place, tids in places.items() for tid in tids}
    for token in tokens:
        assert number_shown(picture, token), (arrangement, token.tid)
        kind = squares[token.tid][0]
        if kind in ("track", "home"):  # a stack stays on its square (a pixel over its lines at most)
            x0, y0, x1, y1 = m.box_px(place_box(rules, squares[token.tid]))
        elif kind == "finish":  # home: in the board's middle
            x0, y0, x1, y1 = centre
        else:
            continue
        drawn = as_drawn(token)[1].getbbox()
        assert drawn is not None
        assert x0 - 2 <= drawn[0] and y0 - 2 <= drawn[1] and drawn[2] <= x1 + 2 and drawn[3] <= y1 + 2, \
            (arrangement, token.tid, drawn, (x0, y0, x1, y1))


def test_a_crowd_of_seven_or_more_keeps_every_number_whole() -> None:
    # never seen in play (137,028 positions of 300 star games: at most five on a square), drawn all the same
    rules = GEOMETRIES["star"]
    state = crowd(rules, (2, 2, 2, 2))
    m = metrics(layout(rules).n, DEFAULT_SIZE)
    picture = draw_board(state, BoardView())
    tokens = placed_tokens(state.rules, m, token_places(state))
    assert [token.what for token in tokens].count("5+ on a square") == 8
    for token in tokens:
        assert number_shown(picture, token), token.tid
