"""The side panel: whose turn it is and the dice, then every seat with its name, colour, tokens home
and score, then what just happened."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine import events as ev
from engine.events import Event
from engine.rules import TOKENS, Rules
from engine.state import GameState
from render.fonts import BOLD, SANS, font
from render.geometry import Metrics
from render.palette import SEAT_COLOURS, index, palette_image, rgb
from render.sprites import (
    Sprite,
    badge_sprite,
    die_sprite,
    disc_sprite,
    dot_sprite,
    ring_sprite,
    text_sprite,
)
from render.typeset import cut, note, width
from render.typeset import line as drawn_line
from render.view import BoardView


class _Panel:
    """Panel coordinates: `u` is one unit of a 720-pixel-high picture."""

    def __init__(self, m: Metrics) -> None:
        self.m = m
        self.u = m.height / 720
        self.x0 = m.panel_x
        self.x1 = m.width - m.oy
        self.pad = round(16 * self.u)
        self.left = self.x0 + self.pad
        self.inner = self.x1 - self.pad - self.left

    def __call__(self, value: float) -> int:
        return round(value * self.u)


def draw_panel_static(big: Image.Image, rules: Rules, m: Metrics, scale: int, heading: tuple[str, str]) -> None:
    """The panel's card and title, onto the supersampled static board; `heading` holds the templates of
    the rules line and the players' title (`WORDS` "rules_line" and "players")."""
    p = _Panel(m)
    d = ImageDraw.Draw(big)
    top, bottom = m.oy, m.oy + m.board_px
    d.rounded_rectangle((p.x0 * scale, top * scale, p.x1 * scale, bottom * scale), p(14) * scale,
                        fill=rgb("panel"), outline=rgb("panel_line"), width=scale)
    note("LUDO", p(30))
    d.text((p.left * scale, (top + p(14)) * scale), "LUDO", font=font(SANS, p(30) * scale, weight=BOLD),
           fill=rgb("text"))
    geometry = heading[0].format(rules=rules.name, squares=rules.track_length)
    _write(big, geometry, (p.left * scale, (top + p(50)) * scale), p(14) * scale, "muted", p.inner * scale, scale)
    d.line(((p.left) * scale, (top + p(78)) * scale, (p.x1 - p.pad) * scale, (top + p(78)) * scale),
           fill=rgb("panel_line"), width=scale)
    _write(big, heading[1], (p.left * scale, (top + p(234)) * scale), p(13) * scale, "muted", p.inner * scale, scale)


def _write(big: Image.Image, text: str, corner: tuple[int, int], size: int, colour: str, room: int,
           scale: int) -> None:
    """`text` (cut to `room`) onto the supersampled static board, its line box's top-left corner at `corner`."""
    note(text, size / scale)
    if width(text, size) > room:
        text = cut(text, size, room)
    drawn = drawn_line(text, size, rgb(colour))
    big.paste(drawn, corner, drawn)


Block = Image.Image


def _block(p: _Panel, height: int) -> Block:
    """An empty panel-coloured block as wide as the card's inside."""
    image = Image.new("P", (p.x1 - p.x0 - 2, height), index("panel"))
    image.putpalette(palette_image().getpalette() or [])
    return image


def _text(block: Block, p: _Panel, text: str, x: int, y: int, size: float, fg: str = "text",
          max_width: int = 0) -> int:
    """Write `text` at (x, y) of `block` (panel coordinates: x counts from the card's left edge)."""
    sprite = text_sprite(text, p(size), fg, "panel", max_width)
    sprite.paste_at(block, (x - p.x0 - 1, y))
    return sprite.size[0]


def _paste(block: Block, p: _Panel, sprite: Sprite, x: int, y: int, centred: bool = False) -> None:
    if centred:
        sprite.paste(block, (x - p.x0 - 1, y))
    else:
        sprite.paste_at(block, (x - p.x0 - 1, y))


def _phase_line(state: GameState, view: BoardView) -> str:
    key = {"roll": "to_roll", "choose": "picks_die", "move": "moves_token", "over": "game_over"}[state.phase]
    return view.word(key, colour=view.colour(state.current))


DieSpec = tuple[int, bool, str]  # value, still to play, label


class TurnSpec(NamedTuple):
    """Everything the turn block shows."""

    seat: int
    name: str
    line: str
    dice: tuple[DieSpec, ...] = ()
    bonus: str = ""  # "+ roll again", when the player rolls again
    last_roll: tuple[int, ...] = ()
    last_by: str = ""  # "last roll: ...", beside `last_roll`


TURN_BLOCK = 140  # its height: name, what they do, the dice, and a line under them (in 720)


@lru_cache(maxsize=512)
def _turn_block(m: Metrics, spec: TurnSpec) -> Block:
    """Whose turn (or who won) beside the colour's disc; under them, what they do, the dice, and under the dice the
    line of a roll again or of the last roll (the whole width: "+ noch einmal würfeln" has no room beside two
    dice)."""
    seat, name, line, dice, bonus, last_roll, last_by = spec
    p = _Panel(m)
    block = _block(p, p(TURN_BLOCK))
    colour = SEAT_COLOURS[seat]
    _paste(block, p, disc_sprite(p(30), colour, f"{colour}_dark"), p.left, 0)
    _text(block, p, name, p.left + p(40), p(2), 21, max_width=p.inner - p(40))
    _text(block, p, line, p.left, p(32), 15, "muted", max_width=p.inner)
    size, gap, y = p(46), p(12), p(62)
    x = p.left
    for value, active, label in dice:
        _paste(block, p, die_sprite(value, size, active), x, y)
        if label:
            _paste(block, p, badge_sprite(label, p(22)), x + size, y + p(3), centred=True)
        x += size + gap
    for value in last_roll:
        _paste(block, p, die_sprite(value, p(34), False), x, y + p(6))
        x += p(34) + p(8)
    note = bonus or last_by
    if note:
        _text(block, p, note, p.left, p(112), 14, "muted", max_width=p.inner)
    return block


def _turn(state: GameState, view: BoardView, die_labels: dict[int, str]) -> TurnSpec:
    """What the turn block shows for this picture."""
    if state.over:
        winner = state.ranking[0]
        return TurnSpec(winner, view.name(winner), view.word("wins", colour=view.colour(winner)))
    seat = state.current
    dice: list[DieSpec] = []
    last_roll: tuple[int, ...] = ()
    last_by = ""
    if state.phase in ("move", "choose"):
        remaining = list(state.dice)
        labels = dict(die_labels) if state.phase == "choose" else {}
        for value in state.rolled:
            active = value in remaining
            if active:
                remaining.remove(value)
            dice.append((value, active, labels.pop(value, "") if active else ""))
    else:
        rolls = [e for e in view.events if e.kind == ev.ROLLED]
        if rolls:
            last_roll = rolls[-1].dice
            last_by = view.word("last_roll", who=view.word("you") if rolls[-1].seat == seat
                                else view.name(rolls[-1].seat))
    bonus = view.word("roll_again") if state.bonus and state.phase != "roll" else ""
    return TurnSpec(seat, view.name(seat), _phase_line(state, view), tuple(dice), bonus,
                    last_roll, last_by)


def _status(state: GameState, seat: int, view: BoardView) -> str:
    """Colour, then: left / finished / out, or the tokens home (unless a score fills the line)."""
    colour = view.colour(seat)
    if seat in state.resigned:
        return view.word("left", colour=colour)
    if seat in state.finished:
        return view.word("placed", colour=colour, place=view.word(f"place{state.finished.index(seat) + 1}"))
    if seat in state.out:
        return view.word("out", colour=colour)
    return colour if state.rules.scoring else view.word("home_count", colour=colour, home=state.home_count(seat),
                                                        tokens=TOKENS)


ROW = 74  # a seat's height (in 720): name; status; tokens home and score


@lru_cache(maxsize=512)
def _seat_row(m: Metrics, seat: int, name: str, status: str, score: str, home: int, current: bool,
              dim: bool) -> Block:
    """One seat: colour disc and name (the whole width: names in some scripts and with emoji are long), the status
    line, then the tokens home as pips and the score."""
    p = _Panel(m)
    block = _block(p, p(ROW))
    colour = SEAT_COLOURS[seat]
    if current:
        ImageDraw.Draw(block).rounded_rectangle((p(3), p(0), p(8), p(ROW) - p(8)), p(2), fill=index("highlight"))
    _paste(block, p, disc_sprite(p(26), colour, f"{colour}_dark"), p.left, p(4))
    right = p.x1 - p.pad
    text_x = p.left + p(36)
    _text(block, p, name, text_x, p(2), 18, "muted" if dim else "text", max_width=right - text_x)
    _text(block, p, status, text_x, p(27), 13, "muted", max_width=right - text_x)
    pip = max(5, p(10))
    for k in range(TOKENS):
        sprite = dot_sprite(pip, colour) if k < home else ring_sprite(pip, "muted", 0.2)
        _paste(block, p, sprite, text_x + k * (pip + p(4)) + pip // 2, p(56), centred=True)
    if score:
        score_x = text_x + TOKENS * (pip + p(4)) + p(8)
        _text(block, p, score, score_x, p(47), 13, "text", max_width=right - score_x)
    return block


@lru_cache(maxsize=256)
def _footer(m: Metrics, lines: tuple[str, ...], caption: str) -> Block:
    p = _Panel(m)
    line_h = p(21)
    block = _block(p, line_h * (len(lines) + bool(caption)))
    y = 0
    for line in lines:
        _text(block, p, line, p.left, y, 14, "muted", max_width=p.inner)
        y += line_h
    if caption:
        _text(block, p, caption, p.left, y, 14, "text", max_width=p.inner)
    return block


def describe(events: tuple[Event, ...], view: BoardView) -> list[str]:
    """Short lines for the notable events (captures, tokens home, players out, forfeited dice...).

    >>> describe((Event(ev.DIE_FORFEITED, 3, dice=(2,)), Event(ev.DIE_FORFEITED, 3, dice=(2,))), BoardView())
    ['Blue: no move with 2, 2']
    """
    lines: list[str] = []
    forfeits: list[str] = []
    for i, e in enumerate(events):
        who = view.name(e.seat)
        if e.kind == ev.DIE_FORFEITED:
            forfeits.extend(str(v) for v in e.dice)
            following = events[i + 1] if i + 1 < len(events) else None
            if following is None or following.kind != ev.DIE_FORFEITED or following.seat != e.seat:
                lines.append(view.word("no_move", who=who, dice=", ".join(forfeits)))
                forfeits = []
        elif e.kind == ev.CAPTURED:
            victims = ", ".join(view.word("victim", colour=view.colour(t // TOKENS), token=t % TOKENS + 1)
                                for t in e.captured)
            lines.append(view.word("captured", who=who, victims=victims))
        elif e.kind == ev.TOKEN_HOME:
            lines.append(view.word("token_home", who=who, token=e.token + 1))
        elif e.kind == ev.PLAYER_FINISHED:
            lines.append(view.word("all_home", who=who))
        elif e.kind == ev.OUT_OF_TURNS:
            lines.append(view.word("out_of_turns", who=who))
        elif e.kind == ev.RESIGNED:
            lines.append(view.word("resigned", who=who))
        elif e.kind == ev.THIRD_SIX:
            lines.append(view.word("third_six", who=who))
        elif e.kind == ev.SKIPPED:
            lines.append(view.word("skipped", who=who))
        elif e.kind == ev.BONUS_ROLL:
            lines.append(view.word("rolls_again", who=who))
    return lines


def draw_panel(frame: Image.Image, state: GameState, view: BoardView, m: Metrics, die_labels: dict[int, str]) -> None:
    """The dynamic part of the panel: cached blocks pasted into place."""
    p = _Panel(m)
    x = p.x0 + 1
    frame.paste(_turn_block(m, _turn(state, view, die_labels)), (x, m.oy + p(92)))
    top = m.oy + p(236)
    ranks = {s: i for i, s in enumerate(state.ranking)} if state.over else {}
    y = top + p(24)
    for seat in state.ranking if state.over else state.order:
        name = view.name(seat)
        if seat in ranks:
            name = f"{view.word(f'place{ranks[seat] + 1}')}  {name}"
        home = 0 if seat in state.resigned else state.home_count(seat)
        score = view.word("points", score=state.scores[seat]) if state.rules.scoring else ""
        row = _seat_row(m, seat, name, _status(state, seat, view), score, home,
                        seat == state.current and not state.over, seat in state.resigned)
        frame.paste(row, (x, y - p(4)))
        y += row.size[1]
    bottom = m.oy + m.board_px - p.pad
    line_h = p(21)
    room = max(0, (bottom - y) // line_h - bool(view.caption))
    lines = tuple(describe(view.events, view)[-room:]) if room else ()
    footer = _footer(m, lines, view.caption)
    frame.paste(footer, (x, bottom - footer.size[1]))


def word_rooms(m: Metrics) -> dict[str, tuple[int, int]]:
    """The font size and the room in pixels of each line of `WORDS` the panel shows, at `m`. A line longer than its
    room is cut with "…"; the words of every language must fit whole (tests/service/test_picture_words.py)."""
    p = _Panel(m)
    status = (p(13), p.x1 - p.pad - (p.left + p(36)))
    footer = (p(14), p.inner)
    return {
        **dict.fromkeys(("to_roll", "picks_die", "moves_token", "game_over", "wins"), (p(15), p.inner)),
        **dict.fromkeys(("roll_again", "last_roll"), (p(14), p.inner)),
        **dict.fromkeys(("left", "placed", "out", "home_count"), status),
        "points": (p(13), status[1] - TOKENS * (max(5, p(10)) + p(4)) - p(8)),
        **dict.fromkeys(("no_move", "captured", "token_home", "all_home", "out_of_turns", "resigned", "third_six",
                         "skipped", "rolls_again", "replay_caption"), footer),
        "rules_line": (p(14), p.inner), "players": (p(13), p.inner),
    }
