"""The words on the picture and whose turn it is: every seat's name and status on tags in the margins of its yard
(who is who: a name in its colour's corner), the player to act (or the winner) on a light tag and in the colour of
the board's centre, where the dice are, and an optional caption under the board.

The picture is read on phones, about `PHONE` px wide: every text is drawn at `text_size` (`SMALLEST` px there).
What needs more words (what happened, the rules, the game's id) is in the message text, which Discord draws at the
reader's own size.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image

from ludo_bot.engine.rules import TOKENS, Rules
from ludo_bot.engine.state import GameState
from ludo_bot.render.geometry import Layout, Metrics, PixelBox, Shape, layout, shape, shaped
from ludo_bot.render.palette import SEAT_COLOURS
from ludo_bot.render.sprites import Sprite, badge_sprite, die_sprite, star_sprite, tag_sprite, text_sprite, tile_sprite
from ludo_bot.render.view import BoardView, text_size


class Bands(NamedTuple):
    """Where a seat's words go, in pixels: the yard's margin on the picture's edge (the name) and the one towards
    the board's middle (the status)."""

    name: PixelBox
    status: PixelBox


def bands(g: Layout, m: Metrics, seat: int) -> Bands:
    """The two margins of `seat`'s yard, above and below its inner square."""
    x0, y0, x1, y1 = m.box_px(g.yards[seat])
    _, iy0, _, iy1 = m.box_px(g.yard_inner[seat])
    above, below = (x0, y0, x1, iy0), (x0, iy1, x1, y1)
    return Bands(above, below) if y0 <= m.oy else Bands(below, above)


def _pad(m: Metrics) -> int:
    """A tag's padding beside its text, and the gap between two tags."""
    return max(3, m.cell // 8)


def room(m: Metrics, box: PixelBox) -> int:
    """The widest text a tag in `box` holds (a pixel kept each side of the tag: the yard's edge shows)."""
    return box[2] - box[0] - 2 * _pad(m) - 2


def _put(m: Metrics, box: PixelBox, tags: list[Sprite]) -> list[tuple[Sprite, tuple[int, int]]]:
    """Tags side by side, centred in `box`: each with its top-left corner."""
    gap = _pad(m)
    total = sum(t.size[0] for t in tags) + gap * (len(tags) - 1)
    x = (box[0] + box[2] - total) // 2
    placed = []
    for tag in tags:
        placed.append((tag, (x, (box[1] + box[3] - tag.size[1]) // 2)))
        x += tag.size[0] + gap
    return placed


def _status(state: GameState, seat: int, view: BoardView) -> str:
    """Colour, then: left / finished / out, or the tokens home (unless a score fills the line)."""
    colour = view.colour(seat).capitalize()
    if seat in state.resigned:
        return view.word("left", colour=colour)
    if seat in state.finished:
        return view.word("placed", colour=colour, place=view.word(f"place{state.finished.index(seat) + 1}"))
    if seat in state.out:
        return view.word("out", colour=colour)
    return colour if state.rules.scoring else view.word("home_count", colour=colour, home=state.home_count(seat),
                                                        tokens=TOKENS)


def draw_centre(frame: Image.Image, state: GameState, m: Metrics, die_labels: dict[int, str], badge: int) -> None:
    """The board's middle in the colour of the player to act, the dice rolled on it (those played greyed, a die's
    label beside it where it is not the die's own number); the winner's colour and a star once the game is over.
    Drawn before the tokens: a token that reached its home stands on top."""
    g = layout(state.rules)
    seat = state.ranking[0] if state.over else state.current
    cx, cy = m.px(g.centre.centre)
    tile = tile_sprite(round(m.cell * 2.3), SEAT_COLOURS[seat])
    tile.paste(frame, (cx, cy))
    if state.over:
        star_sprite(round(m.cell * 1.3)).paste(frame, (cx, cy))
        return
    if state.phase not in ("move", "choose"):
        return
    rolled = state.rolled
    side = round(m.cell * (1.2 if len(rolled) == 1 else 0.95))
    gap = max(2, m.cell // 10)
    x = cx - (len(rolled) * side + (len(rolled) - 1) * gap) // 2
    remaining = list(state.dice)
    labels = dict(die_labels) if state.phase == "choose" else {}
    for value in rolled:
        active = value in remaining
        if active:
            remaining.remove(value)
        die_sprite(value, side, active).paste_at(frame, (x, cy - side // 2))
        label = labels.pop(value, "") if active else ""
        if label and label != str(value):
            badge_sprite(label, badge).paste(frame, (x + side, cy - side // 2))
        x += side + gap


class SeatWords(NamedTuple):
    """What a seat's yard says: its name (on a light tag for the player to act or the winner, dimmed for one who
    left), its status and its score."""

    seat: int
    name: str
    acting: bool
    gone: bool
    status: str
    points: str


def draw_words(frame: Image.Image, state: GameState, view: BoardView, m: Metrics) -> None:
    """Every seat's name and status on its yard, and the caption under the board."""
    acting = state.ranking[0] if state.over else None if view.ended else state.current
    rules = state.rules
    seats = tuple(SeatWords(seat, view.name(seat), seat == acting, seat in state.resigned or seat in state.out,
                            _status(state, seat, view),
                            view.word("points", score=state.scores[seat]) if rules.scoring else "")
                  for seat in state.seats)
    for sprite, corner in _placed(m, shape(rules), seats):
        sprite.paste_at(frame, corner)
    if view.caption:
        line = text_sprite(view.caption, text_size(m.width), "text", "canvas", m.width - 4 * _pad(m))
        line.paste(frame, (m.width // 2, (m.oy + m.board_px + m.height) // 2))


@lru_cache(maxsize=1024)
def _placed(m: Metrics, key: Shape, seats: tuple[SeatWords, ...]
            ) -> tuple[tuple[Sprite, tuple[int, int]], ...]:
    """The tags of `seats` and where they go: worked out once for a game's few different yards (a click changes
    the player to act, seldom a status)."""
    g = layout(shaped(key))
    size, pad = text_size(m.width), _pad(m)
    placed: list[tuple[Sprite, tuple[int, int]]] = []
    for seat, name, acting, gone, status, points in seats:
        where = bands(g, m, seat)
        fg, bg = ("ink", "white") if acting else ("muted" if gone else "text", "panel")
        yard = SEAT_COLOURS[seat]
        placed += _put(m, where.name, [tag_sprite(name, size, fg, bg, room(m, where.name), pad, yard)])
        score = tag_sprite(points, size, "text", "panel", points_room(m, where.status), pad, yard) if points else None
        status_room = room(m, where.status) - (score.size[0] + pad if score else 0)
        tag = tag_sprite(status, size, "text", "panel", status_room, pad, yard)
        placed += _put(m, where.status, [tag, score] if score else [tag])
    return tuple(placed)


def points_room(m: Metrics, box: PixelBox) -> int:
    """The room of a seat's score, beside its status."""
    return room(m, box) // 2


def caption_height(width: int) -> int:
    """The height a caption adds under the board."""
    return 2 * text_size(width)


def name_room(m: Metrics, rules: Rules | None = None) -> int:
    """The widest name drawn whole at `m` (a longer one is cut with "…" between grapheme clusters)."""
    g = layout(rules or Rules())
    return min(room(m, bands(g, m, seat).name) for seat in range(4))


def word_rooms(m: Metrics, rules: Rules | None = None) -> dict[str, tuple[int, int]]:
    """The font size and the room in pixels of each line of `WORDS` the picture shows, at `m`. A line longer than
    its room is cut with "…"; the words of every language must fit whole (tests/service/test_picture_words.py)."""
    g = layout(rules or Rules())
    size = text_size(m.width)
    status = min(room(m, bands(g, m, seat).status) for seat in range(4))
    return {
        **dict.fromkeys(("left", "placed", "out", "home_count"), (size, status)),
        "points": (size, min(points_room(m, bands(g, m, seat).status) for seat in range(4))),
        "replay_caption": (size, m.width - 4 * _pad(m)),
    }
