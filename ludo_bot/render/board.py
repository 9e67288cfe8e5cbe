"""The board picture: the static board (drawn once per geometry and size) and one frame per position.

>>> from ludo_bot.engine.game import new_game
>>> from ludo_bot.engine.rules import Rules
>>> png = render_board(new_game(Rules.preset("star"), (0, 1, 2, 3), seed=7))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

from PIL import Image, ImageDraw

from ludo_bot.engine import events as ev
from ludo_bot.engine.actions import ChooseDie, tokens_moved
from ludo_bot.engine.events import Event
from ludo_bot.engine.moves import check_pair, check_single
from ludo_bot.engine.rules import MAX_SEATS, TOKENS, Rules
from ludo_bot.engine.state import YARD, GameState
from ludo_bot.render.geometry import (
    Box,
    Layout,
    Metrics,
    PixelBox,
    Place,
    Point,
    Shape,
    layout,
    metrics,
    place_box,
    place_centre,
    place_of,
    shape,
    shaped,
)
from ludo_bot.render.palette import SEAT_COLOURS, index, rgb, to_palette
from ludo_bot.render.panel import caption_height, draw_centre, draw_words
from ludo_bot.render.png import encode_png
from ludo_bot.render.sprites import Sprite, badge_height, badge_sprite, capture_sprite, dot_sprite, ring_sprite
from ludo_bot.render.tokens import draw_blocks, draw_tokens, number_box, placed_tokens, token_places, visible_seats
from ludo_bot.render.view import BoardView, text_size

SCALE = 3  # supersampling of the static board

MoveMark = tuple[int, int, int, int]  # seat, token, start step, end step
Capture = tuple[MoveMark, tuple[int, ...]]  # the move that captured, the captured tokens' ids


# -- the static board ------------------------------------------------------------------------------------------

def _star(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    cx, cy = centre
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def _arrow(centre: tuple[float, float], towards: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    cx, cy = centre
    dx, dy = towards[0] - cx, towards[1] - cy
    norm = math.hypot(dx, dy) or 1.0
    dx, dy = dx / norm, dy / norm
    px, py = -dy, dx
    return [(cx + dx * radius, cy + dy * radius),
            (cx - dx * radius * 0.55 + px * radius * 0.75, cy - dy * radius * 0.55 + py * radius * 0.75),
            (cx - dx * radius * 0.15, cy - dy * radius * 0.15),
            (cx - dx * radius * 0.55 - px * radius * 0.75, cy - dy * radius * 0.55 - py * radius * 0.75)]


def _draw_static(rules: Rules, g: Layout, m: Metrics) -> Image.Image:
    s = SCALE
    big = Image.new("RGB", (m.width * s, m.height * s), rgb("canvas"))
    d = ImageDraw.Draw(big)
    cell = m.cell * s
    line = s
    half = line // 2

    def box(b: Box) -> tuple[int, int, int, int]:
        return m.box_px(b, s)

    def pt(p: Point) -> tuple[int, int]:
        return m.px(p, s)

    board = box(Box(0, 0, g.n, g.n))
    d.rectangle(board, fill=rgb("cell"))
    # Yards: the colour, a light inner square, four slots.
    for seat, colour in enumerate(SEAT_COLOURS):
        d.rectangle(box(g.yards[seat]), fill=rgb(colour))
        inner = box(g.yard_inner[seat])
        d.rounded_rectangle(inner, cell // 3, fill=rgb("cell"), outline=rgb(f"{colour}_dark"), width=2 * s)
        r = cell * 0.52
        for x, y in (pt(p) for p in g.yard_slots[seat]):
            d.ellipse((x - r, y - r, x + r, y + r), fill=rgb(f"{colour}_light"), outline=rgb(colour), width=2 * s)
    # Track, home columns, the unused middle squares of the arms.
    starts = {sq: seat for seat, sq in enumerate(g.starts)}
    for sq, b in enumerate(g.track):
        fill = SEAT_COLOURS[starts[sq]] if sq in starts else "cell"
        d.rectangle(box(b), fill=rgb(fill))
    for seat, colour in enumerate(SEAT_COLOURS):
        for b in g.home[seat]:
            d.rectangle(box(b), fill=rgb(colour))
    # Centre: one triangle per colour, pointing in.
    for seat, colour in enumerate(SEAT_COLOURS):
        d.polygon([pt(p) for p in g.finish[seat]], fill=rgb(colour))
    # Grid lines, centred on the square edges so neighbours share one line.
    for b in (*g.track, *(h for col in g.home for h in col)):
        x0, y0, x1, y1 = box(b)
        d.rectangle((x0 - half, y0 - half, x1 + half, y1 + half), outline=rgb("line"), width=line)
    cx0, cy0, cx1, cy1 = box(g.centre)
    d.rectangle((cx0 - half, cy0 - half, cx1 + half, cy1 + half), outline=rgb("line"), width=line)
    for seat in range(4):
        d.line([pt(p) for p in (g.finish[seat][0], g.finish[seat][2])], fill=rgb("line"), width=line)
    # Safe squares: a star (white on a coloured start square). Other start squares: an arrow along the route.
    for sq, b in enumerate(g.track):
        centre = pt(b.centre)
        if rules.is_safe_square(sq):
            colour = "white" if sq in starts else "star"
            d.polygon(_star(centre, cell * 0.36), fill=rgb(colour), outline=rgb("line" if sq not in starts else colour))
        elif sq in starts:
            d.polygon(_arrow(centre, pt(g.track[(sq + 1) % len(g.track)].centre), cell * 0.32), fill=rgb("white"))
    # Where each colour turns into its home column: an arrow in its colour.
    for seat, colour in enumerate(SEAT_COLOURS):
        entry = g.track[g.entry[seat]]
        d.polygon(_arrow(pt(entry.centre), pt(g.home[seat][0].centre), cell * 0.3), fill=rgb(colour))
    d.rectangle((board[0] - s, board[1] - s, board[2] + s, board[3] + s), outline=rgb("ink"), width=2 * s)
    return to_palette(big.reduce(s))


@lru_cache(maxsize=16)
def _static(track_length: int, last_track_step: int, home_length: int, safe_offsets: tuple[int, ...],
            size: tuple[int, int]) -> Image.Image:
    rules = Rules(track_length=track_length, last_track_step=last_track_step, home_length=home_length,
                  safe_offsets=safe_offsets)
    g = layout(rules)
    return _draw_static(rules, g, metrics(g.n, size))


def static_board(rules: Rules, size: tuple[int, int]) -> Image.Image:
    """The empty board for `rules` in a picture of `size`: cached per geometry, safe squares and size. Shared: copy
    it before drawing on it."""
    return _static(*shape(rules), rules.safe_offsets, size)


IN_YARDS: dict[Place, list[int]] = {("yard", seat, token): [seat * TOKENS + token] for seat in range(MAX_SEATS)
                                    for token in range(TOKENS)}


@lru_cache(maxsize=16)
def _yards(key: Shape, safe_offsets: tuple[int, ...], size: tuple[int, int]
           ) -> tuple[Image.Image, tuple[tuple[int, Sprite, tuple[int, int]], ...]]:
    """The empty board with every token in its yard, and per token the piece of the empty board under it and where
    (a token's centre). A frame starts from it and puts the pieces back where a token is not at home: most pictures
    have many tokens in their yards, and pasting one through its mask took 1-3 µs, a piece 0.4."""
    empty = _static(*key, safe_offsets, size)
    rules = shaped(key)
    m = metrics(layout(rules).n, size)
    board = empty.copy()
    pieces = []
    for token in placed_tokens(rules, m, IN_YARDS):
        token.sprite.paste(board, token.centre)
        (w, h), (x, y) = token.sprite.size, token.centre
        x0, y0 = x - w // 2, y - h // 2  # where `Sprite.paste` puts the token
        pieces.append((token.tid, Sprite(empty.crop((x0, y0, x0 + w, y0 + h)), None), token.centre))
    return board, tuple(pieces)


def _at_home(state: GameState, captures: list[Capture]) -> frozenset[int]:
    """The drawn tokens in their yards, but those just captured (their ring goes under them)."""
    ringed = {victim for _move, victims in captures for victim in victims}
    return frozenset(tid for seat in visible_seats(state) for tid in range(seat * TOKENS, (seat + 1) * TOKENS)
                     if state.steps[tid] == YARD and tid not in ringed)


# -- one frame -------------------------------------------------------------------------------------------------

def move_marks(events: tuple[Event, ...]) -> list[MoveMark]:
    """The token moves among `events` (a pair's two tokens give two marks)."""
    return [(e.seat, e.token, e.start, e.end) for e in events if e.kind in (ev.MOVED, ev.ENTERED)]


def _captures(events: tuple[Event, ...]) -> list[Capture]:
    """(the move that captured, victim token ids) for each capture among `events`."""
    found: list[Capture] = []
    last: MoveMark | None = None
    for e in events:
        if e.kind in (ev.MOVED, ev.ENTERED):
            last = (e.seat, e.token, e.start, e.end)
        elif e.kind == ev.CAPTURED and last is not None:
            found.append((last, e.captured))
    return found


def _frame_box(draw: ImageDraw.ImageDraw, m: Metrics, b: Box, colour: str, width: int) -> None:
    x0, y0, x1, y1 = m.box_px(b)
    draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=index(colour), width=width)


def trails(marks: list[MoveMark]) -> list[MoveMark]:
    """Each moved token once: from where it stood before its first move among `marks` to where its last one took
    it, in the order of their last moves (a long turn of many moves gives one trail a token, not one a move)."""
    first: dict[tuple[int, int], int] = {}
    last: dict[tuple[int, int], int] = {}
    for seat, token, start, end in marks:
        first.setdefault((seat, token), start)
        last.pop((seat, token), None)
        last[(seat, token)] = end
    return [(seat, token, first[(seat, token)], end) for (seat, token), end in last.items()]


def _draw_last_moves(frame: Image.Image, state: GameState, m: Metrics, marks: list[MoveMark]) -> None:
    """Under the tokens: each moved token's trail, a small dot on every square it passed and a small ring where it
    came from; the square the last move ended on framed. Nothing of it covers a token: after a long turn the
    tokens stay as easy to find as the path they took."""
    rules = state.rules
    ring = ring_sprite(max(8, round(m.cell * 0.5)), "highlight", 0.18)
    dot = dot_sprite(max(4, round(m.cell * 0.18)), "highlight")
    key = shape(rules)
    for seat, token, start, end in trails(marks):
        came_from, passed = _trail(key, m, seat, token, start, end)
        if came_from is not None:
            ring.paste(frame, came_from)
        for centre in passed:
            dot.paste(frame, centre)
    if marks:
        seat, token, _start, end = marks[-1]
        _frame_box(ImageDraw.Draw(frame), m, place_box(rules, place_of(rules, seat, end, token)), "highlight",
                   max(2, m.cell // 14))


@lru_cache(maxsize=4096)
def _trail(key: Shape, m: Metrics, seat: int, token: int, start: int, end: int
           ) -> tuple[tuple[int, int] | None, tuple[tuple[int, int], ...]]:
    """The pixel centres of a trail's ring (None: it came from the yard) and of its dots: worked out once per trail
    (a trail's places were a tenth of a board's drawing)."""
    rules = shaped(key)
    came_from = None if start == YARD else m.px(place_centre(rules, place_of(rules, seat, start, token)))
    return came_from, tuple(m.px(place_centre(rules, place_of(rules, seat, step, token)))
                            for step in range(max(start, 0) + 1, end))


def _draw_captures(frame: Image.Image, state: GameState, m: Metrics, captures: list[Capture]) -> None:
    """Under the tokens: a cross in the corner of the square of a capture, a ring around the captured token back in
    its yard."""
    rules = state.rules
    mark = capture_sprite(max(10, round(m.cell * 0.4)))
    ring = ring_sprite(max(10, round(m.cell * 1.05)), "highlight", 0.08)
    for (seat, token, _start, end), victims in captures:
        b = place_box(rules, place_of(rules, seat, end, token))
        x0, y0, _x1, _y1 = m.box_px(b)
        mark.paste_at(frame, (x0 + 1, y0 + 1))
        for victim in victims:
            if state.steps[victim] == YARD:
                ring.paste(frame, m.px(place_centre(rules, place_of(rules, victim // TOKENS, YARD, victim % TOKENS))))


def label_places(state: GameState, view: BoardView) -> dict[Place, list[str]]:
    """Destination place -> the labels of the legal moves that end there."""
    found: dict[Place, list[str]] = {}
    if state.phase != "move" or not state.dice:
        return found
    rules, seat, die = state.rules, state.current, state.dice[0]
    cached = dict(state.choices) if state.choices else {}
    for action, label in view.sorted_labels():
        tids = tuple(seat * TOKENS + token for token in tokens_moved(action))
        if not tids:
            continue
        known = cached.get(action)
        landing = known if known is not None else (
            check_single(state, tids[0], die) if len(tids) == 1 else check_pair(state, (tids[0], tids[1]), die))
        if isinstance(landing, str):
            continue
        found.setdefault(place_of(rules, seat, landing[0], tids[0] % TOKENS), []).append(label)
    return found


def _draw_labels(frame: Image.Image, state: GameState, m: Metrics, targets: dict[Place, list[str]],
                 places: dict[Place, list[int]]) -> None:
    """A badge per destination: centred on an empty square, on a corner of an occupied one (`_corner`); its number as
    large as the picture's words (`text_size`)."""
    rules = state.rules
    least = label_height(m)
    numbers: list[PixelBox] | None = None
    for place, labels in sorted(targets.items()):
        if place in places:
            numbers = numbers if numbers is not None else [number_box(t) for t in placed_tokens(rules, m, places)]
            badge = badge_sprite("/".join(labels), least)
            badge.paste(frame, _corner(m, place_box(rules, place), badge.size, numbers))
        else:
            text = "/".join(labels)
            height = max(least, round(m.cell * (0.68 if len(text) == 1 else 0.5)))
            badge_sprite(text, height).paste(frame, m.px(place_centre(rules, place)))


def _corner(m: Metrics, b: Box, size: tuple[int, int], numbers: list[PixelBox]) -> tuple[int, int]:
    """The centre of an occupied square's badge: the first of its corners (top right, bottom right, top left, bottom
    left), kept on the board, where the badge covers no token's number, else the one where it covers the fewest. Over
    the greedy games of `benchmarks.legibility`'s presets a badge covered 1.5-2.6 % of the lone tokens' numbers
    right-aligned on its square's top edge, 0.1-0.8 % on the top right corner always."""
    w, h = size
    best: tuple[int, tuple[int, int]] | None = None
    for corner in ((b.x1, b.y0), (b.x1, b.y1), (b.x0, b.y0), (b.x0, b.y1)):
        x, y = m.px(corner)
        x = min(max(x, m.ox + w // 2), m.ox + m.board_px - w // 2 - 1)
        y = min(max(y, m.oy + h // 2), m.oy + m.board_px - h // 2 - 1)
        x0, y0 = x - w // 2, y - h // 2
        covered = sum(1 for n in numbers if n[0] < x0 + w and x0 < n[2] and n[1] < y0 + h and y0 < n[3])
        if not covered:
            return (x, y)
        if best is None or covered < best[0]:
            best = (covered, (x, y))
    assert best is not None
    return best[1]


def label_height(m: Metrics) -> int:
    """The least height of a badge whose text is `text_size`."""
    return badge_height(text_size(m.width))


def _draw_targets(frame: Image.Image, state: GameState, m: Metrics, targets: dict[Place, list[str]]) -> None:
    draw = ImageDraw.Draw(frame)
    width = max(2, m.cell // 14)
    for place in sorted(targets):
        _frame_box(draw, m, place_box(state.rules, place), "label", width)


def choose_die_labels(view: BoardView) -> dict[int, str]:
    """Die value -> label of its `ChooseDie` button."""
    return {action.value: label for action, label in view.sorted_labels() if isinstance(action, ChooseDie)}


def draw_board(state: GameState, view: BoardView | None = None) -> Image.Image:
    """The picture of `state` as a palette image (see `render_board`)."""
    view = view or BoardView()
    if view.caption:
        width, height = view.size
        view = replace(view, size=(width, max(height, width + caption_height(width))))
    frame, m = draw_position(state, view)
    draw_words(frame, state, view, m)
    return frame


def draw_position(state: GameState, view: BoardView) -> tuple[Image.Image, Metrics]:
    """The board of `state`: its tokens, the last moves, the moves on offer and the dice, without words. Marks go
    under the tokens, so no mark hides a token."""
    rules = state.rules
    g = layout(rules)
    m = metrics(g.n, view.size)
    board, pieces = _yards(shape(rules), rules.safe_offsets, view.size)
    frame = board.copy()
    captures = _captures(view.events)
    home = _at_home(state, captures)
    for tid, piece, centre in pieces:
        if tid not in home:
            piece.paste(frame, centre)
    places = token_places(state)
    targets = {} if view.ended else label_places(state, view)
    marks = move_marks(view.events)
    if not view.ended:  # (an ended game's middle stays bare: nobody rolls or moves any more)
        draw_centre(frame, state, m, choose_die_labels(view), label_height(m))
    _draw_last_moves(frame, state, m, marks)
    _draw_captures(frame, state, m, captures)
    _draw_targets(frame, state, m, targets)
    draw_blocks(frame, state, m, places)
    draw_tokens(frame, state, m, places, home)
    _draw_labels(frame, state, m, targets, places)
    return frame, m


def render_board(state: GameState, view: BoardView | None = None) -> bytes:
    """The board picture of `state` as PNG bytes: the board, the tokens, the last moves, the legal-move labels, the
    dice in the middle and every seat's name on its yard. Same state and view, same bytes."""
    return encode_png(draw_board(state, view))


THUMBNAIL_SIDE = 300  # pixels; at least the smallest picture's (render.geometry.MIN_SIDE: 240)


def render_thumbnail(state: GameState, view: BoardView | None = None, side: int = THUMBNAIL_SIDE) -> bytes:
    """A small square picture of `state`'s board, `side` pixels wide and high, as PNG bytes: for a notification,
    where names would be too small to read, so without them (`view.size` is not used). Same state, view and side,
    same bytes."""
    frame, _ = draw_position(state, replace(view or BoardView(), size=(side, side)))
    return encode_png(frame)
