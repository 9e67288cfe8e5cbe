"""The win-chance chart of a game review (issue 15): a PNG of each seat's line, where its chances put it, told apart
by colour and dash, a legend with names cut to fit, numbered marks on the focus line, from 1 to 2000 points."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from ludo_bot.render import CHART_SIZE, WORDS, chart_area, render_chances
from ludo_bot.render.chart import DASHES, SHAPES, downsampled
from ludo_bot.render.palette import RGB, SEAT_COLOURS, rgb
from ludo_bot.render.sprites import badge_sprite, text_sprite
from ludo_bot.render.typeset import recording
from tests.render.helpers import region

RED, GREEN, YELLOW, BLUE = (rgb(c) for c in SEAT_COLOURS)


def picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def cold() -> None:
    """Empty the caches of drawn words (a word drawn once is not drawn, nor noted, again)."""
    for clear in (text_sprite.cache_clear, badge_sprite.cache_clear):
        clear()


def flat(chances: tuple[float, ...], points: int = 100) -> list[tuple[float, ...]]:
    return [chances] * points


def near(image: Image.Image, centre: tuple[float, float], radius: int = 3) -> set[RGB]:
    return set(region(image, (round(centre[0]), round(centre[1])), radius))


def test_a_png_of_the_asked_size_the_same_bytes_for_the_same_game() -> None:
    curve = [(0.25 + k / 400, 0.25 - k / 400, 0.25, 0.25) for k in range(100)]
    png = render_chances(curve, (0, 1, 2, 3), names=("Ann", "Bob"), focus=0, marks=(10, 50))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    assert image.size == CHART_SIZE and image.mode == "P"
    assert render_chances(curve, (0, 1, 2, 3), names=("Ann", "Bob"), focus=0, marks=(10, 50)) == png
    assert render_chances(curve, (0, 1, 2, 3), names=("Ann", "Bob"), focus=1, marks=(10, 50)) != png
    assert picture(render_chances(curve, (0, 2), size=(1200, 960))).size == (1200, 960)
    assert picture(render_chances(curve, (0, 2), size=(360, 300))).size == (360, 300)
    with pytest.raises(ValueError):
        render_chances(curve, (0, 2), size=(320, 240))  # too small for its words
    with pytest.raises(ValueError):
        render_chances(curve, (0, 2), size=(1200, 500))  # too low for a plot under its words


def test_a_sure_winner_runs_along_the_top_and_a_sure_loser_along_the_bottom() -> None:
    area = chart_area()
    image = picture(render_chances(flat((1.0, 0.0, 0.0, 0.0)), (0, 1)))
    for x in range(area.left + 20, area.right - 20, 37):
        assert RED in near(image, (x, area.top), 2) and RED not in near(image, (x, area.bottom), 4)
    # green is dashed: somewhere on every stretch of 20 pixels along the bottom, never near the top
    for x in range(area.left, area.right - 20, 20):
        assert any(GREEN in near(image, (x + dx, area.bottom), 2) for dx in range(0, 20, 2))
        assert GREEN not in near(image, (x, area.top), 4)
    middle = (area.top + area.bottom) / 2
    assert not {RED, GREEN} & near(image, ((area.left + area.right) / 2, middle), 30)


def test_seats_differ_by_dash_not_only_colour() -> None:
    """Red's line is solid; green's, yellow's and blue's have gaps (colour-blind players tell them apart)."""
    area = chart_area()
    assert len(set(DASHES)) == len(set(SHAPES)) == 4 and DASHES[0] == ()
    for seat, colour in enumerate((RED, GREEN, YELLOW, BLUE)):
        chances = tuple(0.5 if s == seat else 0.0 for s in range(4))
        image = picture(render_chances(flat(chances), (seat,)))
        y = round(area.top + (area.bottom - area.top) / 2)
        row = [image.getpixel((x, y)) for x in range(area.left + 5, area.right - 5)]
        gaps = sum(1 for pixel in row if pixel != colour)  # (a marker's thin rim makes a gap of 2 pixels)
        assert (gaps < len(row) // 20) if seat == 0 else (gaps > len(row) // 6), SEAT_COLOURS[seat]


def test_the_focus_line_is_in_full_colour_on_top_and_the_others_dimmer() -> None:
    area = chart_area()
    curve = flat((0.5, 0.5, 0.0, 0.0))
    centre = ((area.left + area.right) / 2, (area.top + area.bottom) / 2)
    plain = picture(render_chances(curve, (0, 1)))
    assert {RED, GREEN} <= near(plain, centre, 20), "both lines in full colour"
    on_green = picture(render_chances(curve, (0, 1), focus=1))
    assert GREEN in near(on_green, centre) and RED not in near(on_green, centre, 40)
    red_low = picture(render_chances(flat((0.2, 0.5, 0.0, 0.0)), (0, 1), focus=1))
    dim = near(red_low, (centre[0], area.bottom - 0.2 * (area.bottom - area.top)), 1)
    assert RED not in dim and dim - {rgb("panel")}, "a dimmer red line is drawn"


def test_marks_are_numbered_badges_on_the_focus_line() -> None:
    area = chart_area()
    curve = [(k / 99, 1 - k / 99, 0.0, 0.0) for k in range(100)]
    bare = picture(render_chances(curve, (0, 1), focus=0))
    marked = picture(render_chances(curve, (0, 1), focus=0, marks=(30, 70)))
    changed = ImageChops.difference(bare, marked).getbbox()
    assert changed is not None
    spots = [(area.left + (area.right - area.left) * i / 99, area.bottom - (area.bottom - area.top) * i / 99)
             for i in (30, 70)]
    half = 20  # half a badge, as high as the chart's words need (29 px), and its ring
    assert changed[0] >= spots[0][0] - half and changed[2] <= spots[1][0] + half
    assert changed[1] >= spots[1][1] - half and changed[3] <= spots[0][1] + half
    for spot in spots:  # a badge: its dark face and white ring and number
        assert {rgb("label"), rgb("white")} <= near(marked, spot, 6)
    # marks on neighbouring moves: the second badge moves clear of the first rather than cover it
    first = picture(render_chances(curve, (0, 1), focus=0, marks=(30,)))
    both = picture(render_chances(curve, (0, 1), focus=0, marks=(30, 31)))
    badge = (spots[0][0] - 9, spots[0][1] - 9, spots[0][0] + 9, spots[0][1] + 9)
    assert first.crop(badge).tobytes() == both.crop(badge).tobytes() and both.tobytes() != first.tobytes()
    swapped = picture(render_chances(curve, (0, 1), focus=0, marks=(70, 30)))
    assert ImageChops.difference(marked, swapped).getbbox() is not None, "the numbers follow the marks' order"


def test_long_names_are_cut_to_fit_the_legend_and_the_final_chance_stays() -> None:
    area = chart_area()
    curve = flat((0.62, 0.38, 0.0, 0.0))
    short, longer, longest = (picture(render_chances(curve, (0, 1), names=(name, "Bob")))
                              for name in ("Al", "Alexandra" * 20, "Alexandra" * 40))
    half = CHART_SIZE[0] // 2
    legend = (0, area.legend - 4, half, area.legend + 30)  # red's entry, the first of the row under the plot
    assert ImageChops.difference(short.crop(legend), longer.crop(legend)).getbbox() is not None
    assert longer.tobytes() == longest.tobytes(), "both cut to the same start"
    # the entry's right end (the final chance, "62 %") is the same whatever the name
    chance = (half - 70, area.legend - 4, half, area.legend + 30)
    assert short.crop(chance).tobytes() == longer.crop(chance).tobytes()
    assert rgb("text") in {colour for _, colour in short.crop(chance).getcolors() or []}, "the chance is written"


def test_every_word_of_the_chart_reads_at_11_px_on_a_phone() -> None:
    """Shown 360 px wide (a phone's chat column), the title, the axes' numbers, the legend and the marks' numbers are
    at least 11 px (at 800x400 the axis labels were 4 px there and the legend 6 px)."""
    curve = [(0.25 + k / 800, 0.25 - k / 800, 0.25, 0.25) for k in range(200)]
    cold()
    with recording() as texts:
        png = render_chances(curve, (0, 1, 2, 3), names=("Ann", "AI (expert)", "Cat", "Dan"), focus=1,
                             marks=(50, 120, 121))
    shown = 360 / picture(png).width
    said = {text for text, _, _ in texts}
    assert {"Ann", "AI (expert)", "100 %", "1", "2", "3", "move"} <= said
    assert min(size for _, size, _ in texts) * shown >= 11


def test_the_axis_counts_moves_as_the_replay_does() -> None:
    """With the moves each point made (`engine.actions.moves_made`), the title and the last tick count moves, not
    log entries, and a point sits at its move: two log entries a move here, so point 100 is at move 50."""
    curve = [(0.0, 0.0, 0.0, 0.0)] * 201
    curve[100] = (1.0, 0.0, 0.0, 0.0)
    made = [i // 2 for i in range(201)]
    cold()
    with recording() as texts:
        image = picture(render_chances(curve, (0, 1), made=made))
    said = {text for text, _, _ in texts}
    assert "win chances over 100 moves" in said and "100" in said and "200" not in said
    area = chart_area()
    assert RED in near(image, (area.left + (area.right - area.left) * 50 / 100, area.top), 2)


def test_one_point_and_two_thousand_points() -> None:
    area = chart_area()
    one = picture(render_chances([(0.0, 1.0, 0.0, 0.0)], (0, 1)))
    assert GREEN in near(one, (area.left, area.top)) and RED in near(one, (area.left, area.bottom))
    # a single move's spike among 2000 points, and the last point, survive the reduction to the plot's width
    curve = [(0.0, 0.0, 0.0, 0.0)] * 2000
    curve[777] = (1.0, 0.0, 0.0, 0.0)
    curve[-1] = (0.0, 0.0, 1.0, 0.0)
    long = picture(render_chances(curve, (0, 2)))
    assert RED in near(long, (area.left + (area.right - area.left) * 777 / 1999, area.top), 2)
    assert YELLOW in near(long, (area.right, area.top), 3)
    assert YELLOW not in near(long, ((area.left + area.right) / 2, area.top), 30)


def test_downsampling_keeps_every_columns_extremes_and_the_exact_ends() -> None:
    values = [((k * 7919) % 1000) / 1000 for k in range(2000)]
    kept = downsampled(values, 480)
    assert kept[0] == (0, values[0]) and kept[-1] == (1999, values[-1])
    assert len(kept) <= 4 * 480 and [i for i, _ in kept] == sorted({i for i, _ in kept})
    assert max(v for _, v in kept) == max(values) and min(v for _, v in kept) == min(values)


def test_the_words_come_from_the_templates() -> None:
    curve = flat((0.25, 0.25, 0.25, 0.25))
    english = render_chances(curve, (0, 1, 2, 3))
    german = {**WORDS, "chart_title": "Gewinnchancen über {moves} Züge", "chart_move": "Zug", "red": "Rot"}
    assert render_chances(curve, (0, 1, 2, 3), words=german) != english
    assert render_chances(curve, (0, 1, 2, 3), words=dict(WORDS)) == english


@pytest.mark.parametrize(("curve", "seats", "focus", "marks"), [
    ([], (0,), None, ()),
    (flat((0.5, 0.5, 0.0, 0.0)), (4,), None, ()),
    (flat((0.5, 0.5, 0.0, 0.0)), (0, 1, 0), None, ()),
    ([(0.5, 0.5)], (0, 3), None, ()),
    (flat((0.5, 0.5, 0.0, 0.0)), (0, 1), 2, ()),
    (flat((0.5, 0.5, 0.0, 0.0)), (0, 1), 0, (100,)),
])
def test_a_curve_it_cannot_draw_is_refused(curve: list[tuple[float, ...]], seats: tuple[int, ...],
                                           focus: int | None, marks: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        render_chances(curve, seats, focus=focus, marks=marks)
