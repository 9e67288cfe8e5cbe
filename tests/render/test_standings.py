"""The tournament's standings picture: a PNG as wide as asked and never much taller than wide, every text readable on
a phone, names in every script drawn as written, the state of the tournament (who went through, who left, the
champion, a cancellation) visible without colour, the largest fields summarised and the smallest drawn."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace

import pytest
from PIL import Image

from ludo_bot.render.banners import TROPHY
from ludo_bot.render.samples import ENTRANTS, SWISS_HEADERS, knockout_sample, swiss_sample
from ludo_bot.render.sprites import text_sprite, text_width
from ludo_bot.render.standings import (
    ROBOT,
    TALLEST,
    WIDTH,
    WORDS,
    Bracket,
    Round,
    Row,
    Seat,
    SwissTable,
    Table,
    bracket_png,
    header_rooms,
    swiss_png,
    word_rooms,
)
from ludo_bot.render.typeset import ELLIPSIS, PLACEHOLDER, clusters, recording, runs
from ludo_bot.render.view import PHONE, SMALLEST

SCRIPTS = ("Zoë Ştefan", "محمد علي", "अनन्या क्षत्रिय", "王芳", "👩🏽‍💻🎲", "𝓐𝓵𝓲𝓬𝓮", "김민준", "Дмитрий")
HEADERS = ("#", "Player", "Points", "Wins", "Played")


def picture(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png))


def drawn(make: Callable[[], bytes]) -> tuple[Image.Image, list[tuple[str, float]]]:
    """The picture `make` draws and every text on it, as (text, font size in px shown `PHONE` px wide)."""
    text_sprite.cache_clear()  # (a text drawn once is cached and not drawn again)
    with recording() as texts:
        image = picture(make())
    return image, [(text, size * PHONE / image.width) for text, size, _ in texts]


def two_tables(names: tuple[str, ...], **changes: object) -> Bracket:
    """A round of two tables of four, played: the first two of each through."""
    tables = tuple(Table(tuple(Seat(name, k + 1, k < 2, False) for k, name in enumerate(names[start:start + 4])))
                   for start in (0, 4))
    return replace(Bracket((Round("Round 1", tables),), None), **changes)  # type: ignore[arg-type]


def swiss(names: list[str], **changes: object) -> SwissTable:
    rows = tuple(Row(k, name, str(30 - k), 5 - k // 3, 5, False) for k, name in enumerate(names, start=1))
    return replace(SwissTable("Round 5 of 5", HEADERS, rows, None), **changes)  # type: ignore[arg-type]


CASES: dict[str, Callable[[], bytes]] = {
    "knockout of 2": lambda: bracket_png(knockout_sample(2)),
    "knockout of 8": lambda: bracket_png(knockout_sample(8)),
    "knockout of 16, round 2": lambda: bracket_png(knockout_sample(16, until=2)),
    "knockout of 64, round 1, cancelled": lambda: bracket_png(knockout_sample(64, until=1, cancelled=True)),
    "knockout of 64": lambda: bracket_png(knockout_sample(64)),
    "swiss of 2": lambda: swiss_png(swiss_sample(2, played=1, rounds=1)),
    "swiss of 16": lambda: swiss_png(swiss_sample(16, played=4, rounds=4, left=2)),
    "swiss of 64": lambda: swiss_png(swiss_sample(64, played=6, rounds=6, left=3)),
    "swiss of 64, cancelled": lambda: swiss_png(swiss_sample(64, played=2, rounds=6, cancelled=True)),
}


@pytest.mark.parametrize("case", CASES)
def test_a_picture_is_as_wide_as_asked_and_at_most_tallest_high(case: str) -> None:
    image = picture(CASES[case]())
    assert image.width == WIDTH
    assert 0.3 * WIDTH < image.height <= TALLEST * WIDTH
    assert image.mode == "P"  # the palette's colours, the project's PNG writer


@pytest.mark.parametrize("case", CASES)
def test_every_text_reads_at_11_px_on_a_phone(case: str) -> None:
    _, texts = drawn(CASES[case])
    smallest = min((size, text) for text, size in texts)
    assert smallest[0] >= SMALLEST, smallest


def test_a_narrower_picture_keeps_every_text_at_11_px_on_a_phone() -> None:
    image, texts = drawn(lambda: bracket_png(knockout_sample(16), width=360))
    assert image.width == 360
    assert min(size for _, size in texts) >= SMALLEST


@pytest.fixture
def bracket_texts() -> Iterator[list[str]]:
    _, texts = drawn(lambda: bracket_png(two_tables(SCRIPTS)))
    yield [text for text, _ in texts]


@pytest.mark.parametrize("name", SCRIPTS)
def test_a_name_in_any_script_is_drawn_whole_and_as_written(name: str, bracket_texts: list[str]) -> None:
    assert name in bracket_texts  # whole, not cut
    assert all(run.face is not None for run in runs(name)), f"{name} is drawn as placeholders"
    k = SCRIPTS.index(name)
    boxes = (*SCRIPTS[:k], PLACEHOLDER * len(clusters(name)), *SCRIPTS[k + 1:])
    assert bracket_png(two_tables(SCRIPTS)) != bracket_png(two_tables(boxes))


def test_names_in_every_script_are_drawn_in_a_swiss_table() -> None:
    _, texts = drawn(lambda: swiss_png(swiss(list(SCRIPTS))))
    assert set(SCRIPTS) <= {text for text, _ in texts}


def test_a_long_name_is_cut_between_clusters() -> None:
    long = "Nguyễn Thị Ánh " * 4 + "👩🏽‍💻"
    for make in (lambda: bracket_png(two_tables((long, *SCRIPTS[1:]))), lambda: swiss_png(swiss([long, "Bo"]))):
        image, texts = drawn(make)
        assert image.width == WIDTH
        cut = [text for text, _ in texts if text.endswith(ELLIPSIS) and long.startswith(text[:-1])]
        assert len(cut) == 1 and 4 < len(clusters(cut[0])) < len(clusters(long)), cut
        assert long not in [text for text, _ in texts]


def _grey(png: bytes) -> bytes:
    """The picture as a colour-blind reader might see it: lightness only."""
    return picture(png).convert("L").tobytes()


def test_who_went_through_shows_without_colour() -> None:
    played = two_tables(ENTRANTS[:8])
    tables = list(played.rounds[0].tables)
    tables[0] = Table(tuple(replace(seat, through=False) for seat in tables[0].seats))
    undecided = replace(played, rounds=(Round("Round 1", tuple(tables)),))
    assert _grey(bracket_png(played)) != _grey(bracket_png(undecided))


def test_a_table_still_playing_differs_from_a_played_one() -> None:
    playing = Bracket((Round("Final", (Table(tuple(Seat(n, None, False, False) for n in ENTRANTS[:4])),)),), None)
    played = Bracket((Round("Final", (Table(tuple(Seat(n, k + 1, False, False) for k, n in
                                                  enumerate(ENTRANTS[:4]))),)),), None)
    _, texts = drawn(lambda: bracket_png(played))
    assert {"1", "2", "3", "4"} <= {text for text, _ in texts}  # the places
    assert _grey(bracket_png(playing)) != _grey(bracket_png(played))


def test_an_ai_seat_is_marked() -> None:
    human = two_tables(ENTRANTS[:8])
    tables = list(human.rounds[0].tables)
    tables[1] = Table(tuple(replace(seat, ai=True) for seat in tables[1].seats))
    with_ai = replace(human, rounds=(Round("Round 1", tuple(tables)),))
    _, texts = drawn(lambda: bracket_png(with_ai))
    assert ROBOT in [text for text, _ in texts]
    _, texts = drawn(lambda: bracket_png(human))
    assert ROBOT not in [text for text, _ in texts]


@pytest.mark.parametrize("kind", ["knockout", "swiss"])
def test_the_champion_is_named_on_a_banner(kind: str) -> None:
    open_ = two_tables(ENTRANTS[:8]) if kind == "knockout" else swiss(list(ENTRANTS[:8]))
    won = replace(open_, champion=ENTRANTS[0])
    make: Callable[[Bracket | SwissTable], bytes] = lambda t: (  # noqa: E731
        bracket_png(t) if isinstance(t, Bracket) else swiss_png(t))
    image, texts = drawn(lambda: make(won))
    words = [text for text, _ in texts]
    assert TROPHY in words and WORDS["champion"] in words
    assert image.height > picture(make(open_)).height


@pytest.mark.parametrize("kind", ["knockout", "swiss"])
def test_a_cancelled_tournament_says_so_in_the_readers_language(kind: str) -> None:
    running = two_tables(ENTRANTS[:8]) if kind == "knockout" else swiss(list(ENTRANTS[:8]))
    cancelled = replace(running, cancelled=True)

    def make(t: Bracket | SwissTable, words: Mapping[str, str] = WORDS) -> bytes:
        return bracket_png(t, words=words) if isinstance(t, Bracket) else swiss_png(t, words=words)

    _, texts = drawn(lambda: make(cancelled, {"cancelled": "Abgebrochen", "champion": "Sieger"}))
    assert "Abgebrochen" in [text for text, _ in texts]
    assert _grey(make(cancelled)) != _grey(make(running))


def test_a_player_who_left_a_swiss_tournament_is_marked_without_colour() -> None:
    staying = swiss(list(ENTRANTS[:6]))
    rows = list(staying.rows)
    rows[2] = replace(rows[2], out=True)
    assert _grey(swiss_png(staying)) != _grey(swiss_png(replace(staying, rows=tuple(rows))))


def test_a_field_of_64_is_drawn_in_full_in_round_one() -> None:
    _, texts = drawn(lambda: bracket_png(knockout_sample(64, until=1)))
    words = {text for text, _ in texts}
    names = [seat.name for table in knockout_sample(64, until=1).rounds[0].tables for seat in table.seats]
    assert len(names) == 64
    # every entrant named, whole or cut to three columns' room (at least its first six clusters)
    assert all(name in words or any(w.endswith(ELLIPSIS) and len(clusters(w)) > 6 and name.startswith(w[:-1])
                                    for w in words) for name in names)


def test_a_field_of_64_at_its_end_summarises_its_first_rounds() -> None:
    bracket = knockout_sample(64)
    _, texts = drawn(lambda: bracket_png(bracket))
    words = {text for text, _ in texts}
    first, final = bracket.rounds[0], bracket.rounds[-1]
    out_first = [seat.name for table in first.tables for seat in table.seats if not seat.through]
    assert len(out_first) == 32 and not words & set(out_first)  # round one on a line, without its 64 names
    assert all(seat.name in words for seat in final.tables[0].seats)
    assert {r.title for r in bracket.rounds} <= words  # every round is there, in full or summed up


def test_a_small_field_is_drawn_in_full() -> None:
    bracket = knockout_sample(8)
    image, texts = drawn(lambda: bracket_png(bracket))
    words = {text for text, _ in texts}
    assert all(seat.name in words for r in bracket.rounds for table in r.tables for seat in table.seats)
    assert image.height < image.width  # a landscape picture: as large as the board on a desktop


def test_a_swiss_table_of_64_is_two_blocks_and_names_all() -> None:
    table = swiss_sample(64, played=6, rounds=6)
    image, texts = drawn(lambda: swiss_png(table))
    words = {text for text, _ in texts}
    assert all(row.name in words or any(w.endswith(ELLIPSIS) and row.name.startswith(w[:-1]) for w in words)
               for row in table.rows)
    assert image.height <= TALLEST * image.width  # (in one block its 64 rows would be 1000 px high at 360 wide)
    assert set(table.headers) <= words  # short headers drawn whole


def test_a_legend_of_the_short_headers_ends_the_titles_line_where_a_language_gives_one() -> None:
    """Hindi's "वि" and "खे" (wins, played: one letter, as two blocks leave them room for) are said in full on the
    title's line; a language without a legend draws none, and a long title is cut before the legend."""
    legend = "वि: विजय · खे: खेले गए"
    table = swiss_sample(64, played=6, rounds=6)
    image, texts = drawn(lambda: swiss_png(table, words={"legend": legend}))
    assert legend in {text for text, _ in texts} and image.height <= TALLEST * image.width
    _, plain = drawn(lambda: swiss_png(table))
    assert len(texts) == len(plain) + 1
    long = replace(table, title="Round 5 of 5 " * 6)
    _, texts = drawn(lambda: swiss_png(long, words={"legend": legend}))
    title = next(text for text, _ in texts if text.startswith("Round"))
    assert title.endswith(ELLIPSIS) and legend in {text for text, _ in texts}


def test_the_same_standings_give_the_same_bytes() -> None:
    assert bracket_png(knockout_sample(16)) == bracket_png(knockout_sample(16))
    assert swiss_png(swiss_sample(10, played=3, rounds=4)) == swiss_png(swiss_sample(10, played=3, rounds=4))


def test_bad_standings_are_refused_with_the_reason() -> None:
    crowded = Bracket((Round("Round 1", (Table(tuple(Seat(n, None, False, False) for n in ENTRANTS[:5])),)),), None)
    with pytest.raises(ValueError, match="5 seats"):
        bracket_png(crowded)
    with pytest.raises(ValueError, match="5 headers"):
        swiss_png(replace(swiss(["Ann"]), headers=HEADERS[:4]))
    with pytest.raises(ValueError, match="at most 64"):  # (a corrupted record: no picture of a thousand rows)
        swiss_png(swiss(["Ann"] * 65))
    with pytest.raises(ValueError, match="at most 64"):
        bracket_png(knockout_sample(68, until=1))
    with pytest.raises(ValueError, match="px wide"):
        bracket_png(knockout_sample(8), width=100)


def test_a_title_or_name_on_several_lines_is_drawn_on_one() -> None:
    _, texts = drawn(lambda: bracket_png(replace(two_tables(("Ann\nLee", *ENTRANTS[1:8])), champion=None)))
    words = [text for text, _ in texts]
    assert "Ann Lee" in words and not any("\n" in word for word in words)
    table = replace(swiss(["Bo"]), title="Round\n5", headers=("#", "Play\ner", *HEADERS[2:]))
    _, texts = drawn(lambda: swiss_png(table))
    assert {"Round 5", "Play er"} <= {text for text, _ in texts}


def test_a_tournament_cancelled_before_any_round_is_a_banner() -> None:
    image, texts = drawn(lambda: bracket_png(Bracket((), None, cancelled=True)))
    assert [text for text, _ in texts] == [WORDS["cancelled"]]
    assert image.height < image.width / 4



def test_the_banners_words_fit_their_rooms_and_a_longer_word_is_cut() -> None:
    for key, (size, room) in word_rooms().items():
        assert text_width(WORDS[key], size) <= room, key
    long = "Turnier abgebrochen " * 4
    _, texts = drawn(lambda: bracket_png(Bracket((), None, cancelled=True), words={"cancelled": long}))
    (word, _), = texts
    assert word.endswith(ELLIPSIS) and long.startswith(word[:-1]) and len(word) > 10


def test_short_headers_fit_two_blocks_and_a_long_one_is_cut() -> None:
    sizes = header_rooms()
    assert all(text_width(head, size) <= room for head, (size, room) in zip(SWISS_HEADERS, sizes, strict=True))
    table = swiss_sample(64, played=6, rounds=6)
    _, texts = drawn(lambda: swiss_png(replace(table, headers=("#", "Player", "Points", "W", "P"))))
    words = {text for text, _ in texts}
    assert "Points" not in words and any(w.endswith(ELLIPSIS) and "Points".startswith(w[:-1]) for w in words)
