"""The board picture: tokens where their steps say, labels where the moves go, valid deterministic PNGs."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from ludo_bot.engine import events as ev
from ludo_bot.engine.actions import ChooseDie, Move, Resign
from ludo_bot.engine.ai import choose
from ludo_bot.engine.events import Event
from ludo_bot.engine.game import apply, legal_actions, new_game
from ludo_bot.engine.position import position
from ludo_bot.engine.rules import COLOURS, Rules
from ludo_bot.engine.state import YARD, GameState
from ludo_bot.render import (
    DEFAULT_SIZE,
    BoardView,
    default_labels,
    draw_board,
    render_board,
    render_thumbnail,
    square_centre,
    static_board,
)
from ludo_bot.render.board import draw_position
from ludo_bot.render.fonts import SANS, font
from ludo_bot.render.geometry import layout, metrics, place_box, place_of
from ludo_bot.render.palette import rgb
from ludo_bot.render.sprites import badge_sprite, tag_sprite, text_sprite
from ludo_bot.render.typeset import recording
from ludo_bot.render.view import PHONE, SMALLEST, WORDS
from tests.render.helpers import GEOMETRIES, cell_px, majority, region


def lone_token(rules: Rules, seat: int, token: int, step: int) -> GameState:
    """A position where only `seat`'s token `token` is off its yard (an opponent sits opposite)."""
    steps = [YARD] * 4
    steps[token] = step
    other = (seat + 2) % 4
    return position(rules, {seat: tuple(steps), other: (YARD,) * 4}, current=seat)


def steps_to_check(rules: Rules) -> list[int]:
    last, finish = rules.last_track_step, rules.finish_step
    return [YARD, 0, 1, rules.quarter - 1, rules.quarter, 2 * rules.quarter + 3, last, last + 1, finish - 1, finish]


@pytest.mark.parametrize("name", sorted(GEOMETRIES))
def test_a_token_is_drawn_on_its_square(name: str) -> None:
    rules = GEOMETRIES[name]
    cell = cell_px(rules)
    empty = static_board(rules, DEFAULT_SIZE)
    for seat in range(4):
        colour = COLOURS[seat]
        for i, step in enumerate(steps_to_check(rules)):
            token = i % 4
            image = draw_board(lone_token(rules, seat, token, step))
            centre = square_centre(rules, seat, step, token=token)
            radius = cell // 8 if step == rules.finish_step else cell // 5
            pixels = region(image, centre, radius)
            where = f"{name} seat {seat} step {step}"
            assert majority(pixels) == rgb(colour), where
            assert pixels != region(empty, centre, radius), where
            rim_radius = cell // 4 if step == rules.finish_step else cell * 2 // 5
            assert rgb(f"{colour}_dark") in region(image, centre, rim_radius), where


@pytest.mark.parametrize("name", sorted(GEOMETRIES))
def test_a_yard_shows_exactly_the_tokens_at_home(name: str) -> None:
    """Every slot of every yard shows a token when one of a seat in the game is at home there, else the empty
    board: seats not playing, a token out on the track or home, a seat that resigned (its tokens are not drawn)."""
    rules = GEOMETRIES[name]
    state = position(rules, {0: (YARD, 3, YARD, rules.finish_step), 1: (YARD,) * 4, 3: (YARD, YARD, 7, YARD)},
                     current=0)
    state = apply(state, Resign(seat=1))[0]
    image, empty = draw_board(state), static_board(rules, DEFAULT_SIZE)
    radius = cell_px(rules) // 5
    for seat in range(4):
        for token in range(4):
            centre = square_centre(rules, seat, YARD, token=token)
            home = seat in (0, 3) and state.steps[seat * 4 + token] == YARD
            assert (region(image, centre, radius) != region(empty, centre, radius)) == home, (seat, token)


def test_tokens_sharing_a_square_all_show() -> None:
    rules = GEOMETRIES["strict5"]
    state = position(rules, {0: (5, 5, 5, YARD), 2: (YARD,) * 4}, current=0)
    image = draw_board(state)
    centre = square_centre(rules, 0, 5)
    pixels = region(image, centre, cell_px(rules) // 2 - 2)
    assert pixels.count(rgb("red")) > 3 * pixels.count(rgb("red_dark")) // 4
    assert rgb(COLOURS[0]) in pixels


def test_a_block_is_framed() -> None:
    rules = GEOMETRIES["star"]
    block = draw_board(position(rules, {0: (3, 3, YARD, YARD), 2: (YARD,) * 4}, current=0))
    single = draw_board(position(rules, {0: (3, YARD, YARD, YARD), 2: (YARD,) * 4}, current=0))
    m = metrics(layout(rules).n, DEFAULT_SIZE)
    x0, _y0, _x1, y1 = m.box_px(place_box(rules, place_of(rules, 0, 3)))
    edge = [(x0 + k, y1 - k) for k in range(1, m.cell // 6)]  # the bottom-left corner, clear of the tokens
    assert rgb("red_dark") in [block.convert("RGB").getpixel(p) for p in edge]
    assert rgb("red_dark") not in [single.convert("RGB").getpixel(p) for p in edge]


def test_resigned_and_out_seats_have_no_tokens() -> None:
    rules = GEOMETRIES["star"]
    state = position(rules, {0: (10, YARD, YARD, YARD), 1: (4, YARD, YARD, YARD), 2: (YARD,) * 4}, current=0)
    state, _ = apply(state, Resign(1))
    empty = static_board(rules, DEFAULT_SIZE)
    image = draw_board(state)
    cell = cell_px(rules)
    for token in range(4):
        centre = square_centre(rules, 1, YARD, token=token)
        assert region(image, centre, cell // 4) == region(empty, centre, cell // 4)
    out = state._replace(steps=(*state.steps[:8], rules.finish_step, *state.steps[9:]), out=(2,))
    centre = square_centre(rules, 2, rules.finish_step, token=0)
    assert region(draw_board(out), centre, cell // 8) == region(draw_board(state), centre, cell // 8)
    assert region(draw_board(out._replace(out=())), centre, cell // 8) != region(draw_board(state), centre, cell // 8)


def test_move_labels_are_drawn_at_the_destination() -> None:
    rules = GEOMETRIES["star"]
    state = position(rules, {0: (10, 20, YARD, YARD), 2: (YARD,) * 4}, current=0, dice=(4,))
    assert state.phase == "move"
    plain = draw_board(state, BoardView())
    labelled = draw_board(state, BoardView(labels={Move(0): "1"}))
    bbox = ImageChops.difference(plain, labelled).getbbox()
    assert bbox is not None
    m = metrics(layout(rules).n, DEFAULT_SIZE)
    x0, y0, x1, y1 = m.box_px(place_box(rules, place_of(rules, 0, 14)))
    assert x0 <= bbox[0] and y0 <= bbox[1] and bbox[2] <= x1 + 1 and bbox[3] <= y1 + 1
    assert rgb("label") in region(labelled, square_centre(rules, 0, 14), cell_px(rules) // 4)


def test_labels_for_every_legal_move_and_die_choice() -> None:
    rules = GEOMETRIES["twodice"]
    state = position(rules, {0: (10, 20, YARD, YARD), 2: (5, YARD, YARD, YARD)}, current=0, dice=(3, 5))
    assert state.phase == "choose"
    labels = default_labels(legal_actions(state))
    assert labels == {ChooseDie(3): "3", ChooseDie(5): "5"}  # a die's button says its number, which the die shows
    dice = draw_board(state, BoardView(labels=labels))
    m = metrics(layout(rules).n, DEFAULT_SIZE)
    middle = m.px(layout(rules).centre.centre)  # the dice stand in the board's middle, on the colour of the player
    assert rgb("white") in region(dice, middle, m.cell // 2) and rgb("red") in region(dice, middle, m.cell)
    state, _ = apply(state, ChooseDie(5))
    moves = default_labels(legal_actions(state))
    assert moves == {Move(0): "1", Move(1): "2"}
    picture = draw_board(state, BoardView(labels=moves))
    for step in (15, 25):
        assert rgb("label") in region(picture, square_centre(rules, 0, step), cell_px(rules) // 4)


def test_output_is_a_png_of_the_stated_size() -> None:
    state = lone_token(GEOMETRIES["classic"], 0, 0, 12)
    for size in (DEFAULT_SIZE, (800, 800), (360, 360)):
        image = Image.open(io.BytesIO(render_board(state, BoardView(size=size))))
        assert image.format == "PNG" and image.size == size
        image.load()
        captioned = Image.open(io.BytesIO(render_board(state, BoardView(size=size, caption="move 3 of 9"))))
        assert captioned.width == size[0] and captioned.height > size[1]  # the caption's line under the board


@pytest.mark.parametrize("size", [(800, 600), (200, 200)])
def test_bad_size_is_refused(size: tuple[int, int]) -> None:
    with pytest.raises(ValueError):
        render_board(lone_token(GEOMETRIES["classic"], 0, 0, 12), BoardView(size=size))


def test_same_input_same_bytes() -> None:
    rules = GEOMETRIES["star"]
    a = position(rules, {0: (10, 20, 3, YARD), 1: (7, 7, YARD, YARD), 2: (YARD,) * 4}, current=0, dice=(4,))
    b = position(rules, {0: (10, 20, 3, YARD), 1: (7, 7, YARD, YARD), 2: (YARD,) * 4}, current=0, dice=(4,))
    events = (Event(ev.ROLLED, 0, dice=(4,)), Event(ev.MOVED, 1, 1, 3, 7))
    labels = default_labels(legal_actions(a))
    first = render_board(a, BoardView(names=("Ann", "Bob"), events=events, labels=labels))
    second = render_board(b, BoardView(names=("Ann", "Bob"), events=events, labels=dict(reversed(labels.items()))))
    assert first == second


def test_last_move_and_capture_are_marked() -> None:
    rules = GEOMETRIES["classic"]
    state = position(rules, {0: (12, YARD, YARD, YARD), 2: (YARD,) * 4}, current=2)
    events = (Event(ev.MOVED, 0, 0, 8, 12), Event(ev.CAPTURED, 0, captured=(8,)))
    plain = draw_board(state)
    moved = draw_board(state, BoardView(events=events[:1]))
    captured = draw_board(state, BoardView(events=events))
    cell = cell_px(rules)
    start = square_centre(rules, 0, 8)
    assert rgb("highlight") in region(moved, (start[0], start[1] - cell * 23 // 100), cell // 20 + 1)
    assert rgb("highlight") not in region(plain, (start[0], start[1] - cell * 23 // 100), cell // 20 + 1)
    corner = square_centre(rules, 0, 12)
    corner = (corner[0] - cell // 4, corner[1] - cell // 4)
    assert rgb("ink") in region(captured, corner, cell // 8)
    assert rgb("ink") not in region(moved, corner, cell // 8)


def test_the_font_is_scalable() -> None:
    small, large = font(SANS, 10).getbbox("Ludo"), font(SANS, 40).getbbox("Ludo")
    assert large[2] - large[0] > 3 * (small[2] - small[0])


def test_a_finished_game_draws_its_ranking() -> None:
    rules = GEOMETRIES["classic"]
    finish = rules.finish_step
    state = position(rules, {0: (finish,) * 4, 1: (3, YARD, YARD, YARD)}, current=1)
    state = state._replace(phase="over", finished=(0,))
    image = Image.open(io.BytesIO(render_board(state, BoardView(names=("Ann", "Bob")))))
    assert image.size == DEFAULT_SIZE
    cell = cell_px(rules)
    for token in range(4):  # all four red tokens stand in red's triangle: a red disc, its white number
        x, y = square_centre(rules, 0, finish, token=token)
        side = [image.convert("RGB").getpixel((x + dx, y)) for dx in (-8, -7, 7, 8)]
        assert side.count(rgb("red")) >= 3, (token, side)
        assert rgb("white") in region(image, (x, y), 4) and rgb("red_dark") in region(image, (x, y), cell // 3)


@pytest.mark.parametrize("teams", [False, True], ids=["quick", "quick_teams"])
def test_a_quick_finish_is_told_as_a_first_token_home(teams: bool) -> None:
    # quick rules: the first token home finishes its player; the picture once said "Bob has all four home"
    rules = Rules.preset("classic", quick=True, teams=teams)
    others = {seat: (YARD,) * 4 for seat in ((1, 2, 3) if teams else (2,))}
    state = position(rules, {0: (rules.finish_step - 1, YARD, YARD, YARD), **others}, current=0, dice=(1,))
    after, events = apply(state, Move(0))
    assert 0 in after.finished and ev.PLAYER_FINISHED in [e.kind for e in events]

    def picture(**words: str) -> bytes:
        view = BoardView(names=("Bob", "Ann", "Cy", "Di"), events=events, words={**WORDS, **words})
        return draw_board(after, view).tobytes()

    told = picture()
    assert picture(placed="{colour} ?") != told  # placed first, with one token home


def test_the_static_board_is_drawn_once_per_geometry_and_size() -> None:
    star, classic = GEOMETRIES["star"], GEOMETRIES["classic"]
    assert static_board(star, DEFAULT_SIZE) is static_board(Rules.preset("star", turn_limit=20), DEFAULT_SIZE)
    assert static_board(star, DEFAULT_SIZE) is not static_board(classic, DEFAULT_SIZE)  # stars differ
    assert static_board(star, DEFAULT_SIZE) is not static_board(star, (800, 800))


@pytest.mark.parametrize("side", [240, 300, 420])
def test_a_thumbnail_is_the_board_alone_in_a_small_square(side: int) -> None:
    state = position(Rules.preset("star"), {0: (5, 12, YARD, YARD), 2: (30, YARD, YARD, YARD)}, current=0)
    view = BoardView(names=("Ann", "", "Bea", ""), caption="game x")
    png = render_thumbnail(state, view, side)
    assert png == render_thumbnail(state, view, side)  # the same bytes for the same input
    picture = Image.open(io.BytesIO(png))
    assert picture.size == (side, side)
    board, _ = draw_position(state, BoardView(size=(side, side)))
    assert ImageChops.difference(picture.convert("RGB"), board.convert("RGB")).getbbox() is None  # no names


def test_a_thumbnail_smaller_than_the_smallest_picture_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 240 wide"):
        render_thumbnail(position(Rules.preset("classic"), {0: (YARD,) * 4, 2: (YARD,) * 4}, current=0), side=200)


def long_ai_turn() -> tuple[GameState, tuple[Event, ...]]:
    """The position after the longest turn of a two-dice game between computer players (14 moves: seven rolls of
    a double or a six), and that turn's events."""
    state = new_game(GEOMETRIES["twodice"], (0, 1, 2, 3), 10)
    turn: list[Event] = []
    while not state.over:
        state, events = apply(state, choose(state, "greedy"))
        turn.extend(events)
        if any(e.kind == ev.TURN_PASSED for e in events):
            if sum(1 for e in turn if e.kind in (ev.MOVED, ev.ENTERED)) >= 12:
                return state, tuple(turn)
            turn = []
    raise AssertionError("no long turn")


MARKS_AT_MOST = 0.02  # of the board's area (benchmarks.legibility: 0.8 % after this turn; 3.9 % before)


def test_after_a_long_turn_the_marks_cover_little_and_hide_no_token() -> None:
    state, turn = long_ai_turn()
    marked = draw_board(state, BoardView(events=turn)).convert("RGB")
    bare = draw_board(state).convert("RGB")
    m = metrics(layout(state.rules).n, DEFAULT_SIZE)
    board = (m.ox, m.oy, m.ox + m.board_px, m.oy + m.board_px)
    changed = ImageChops.difference(marked, bare).crop(board).convert("L").point(lambda v: 255 if v else 0)
    assert changed.histogram()[255] <= MARKS_AT_MOST * m.board_px ** 2
    # every pixel of a token (where the bare picture differs from the empty board) is as it was without the marks
    tokens = ImageChops.difference(bare, static_board(state.rules, DEFAULT_SIZE).convert("RGB")).convert("L")
    tokens = tokens.point(lambda v: 255 if v else 0).crop(board)
    hidden = ImageChops.multiply(tokens, changed)
    assert hidden.getbbox() is None


def test_every_text_reads_at_11_px_on_a_phone() -> None:
    state, turn = long_ai_turn()
    names = ("अनन्या क्षत्रिय 🎲✨", "محمد عبد الرحمن 🇵🇰", "AI (master)", "Александра Иванова 👩‍💻")
    for clear in (text_sprite.cache_clear, tag_sprite.cache_clear, badge_sprite.cache_clear):
        clear()
    with recording() as texts:
        picture = draw_board(state, BoardView(names=names, events=turn, labels=default_labels(legal_actions(state))))
    drawn = [(size * PHONE / picture.width, text, what) for text, size, what in texts]
    assert {text for _, text, what in drawn if what == "words"} >= {"AI (master)", "Blue · home 0/4"}
    assert sum(1 for *_, what in drawn if what != "words") == 16  # every token's number (those home included)
    assert min(drawn)[0] >= SMALLEST, min(drawn)
