"""What the caller tells the renderer besides the game state."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from ludo_bot.engine.actions import Action, ChooseDie, Move, MovePair, action_text
from ludo_bot.engine.events import Event
from ludo_bot.engine.rules import COLOURS

# The picture is a square, the board filling it (a caption adds a line under it). Discord's mobile client shows a
# picture as wide as the chat column, about `PHONE` px: landscape 960x720 with a side panel gave its board 270 px of
# those and its words 5 px; the square gives the board all 360 and leaves no panel, as the names sit in the yards of
# their colours. On a desktop (a picture at most about 520 px wide and 390 high) the square's board is as large as
# the landscape's or larger. 600 px: every text of at least 19 px is 11 px on a phone; fewer pixels than 800x600, so a
# cheaper PNG (docs/proof/render.md has the figures).
DEFAULT_SIZE = (600, 600)
PHONE = 360  # px: the width Discord's mobile client shows a picture at
SMALLEST = 11  # px: the least font size of a text on the picture shown `PHONE` px wide (Discord's small print: 12)
WORDS: Mapping[str, str] = MappingProxyType({  # every word the picture shows: str.format templates
    # (only what a player reads at a glance: the game message's text says the rest, at the reader's own size)
    "red": "red", "green": "green", "yellow": "yellow", "blue": "blue",
    "left": "{colour} \u00b7 left", "placed": "{colour} \u00b7 {place} home", "out": "{colour} \u00b7 out",
    "home_count": "{colour} \u00b7 home {home}/{tokens}", "points": "{score} pts",
    "place1": "1st", "place2": "2nd", "place3": "3rd", "place4": "4th",
    "replay_caption": "move {n} of {total}",
    "chart_title": "win chances over {moves} moves", "chart_move": "move", "chart_percent": "{value} %",
})


@dataclass(frozen=True, slots=True)
class BoardView:
    """How to draw one picture of a game.

    - `names`: display name per seat (index = seat 0-3); missing or empty names show the colour.
    - `events`: what happened since the previous picture (the events of the last action, or of a
      whole turn). Every token move among them is highlighted (where from, the squares passed,
      where to) and captures are marked.
    - `labels`: legal action -> the label of its button. A `Move`/`MovePair` label is drawn at
      the move's destination, a `ChooseDie` label beside its die. Other actions are ignored.
    - `size`: (width, height) in pixels: the board is the square on top, as wide as the picture; a picture higher
      than wide has canvas under the board.
    - `caption`: an optional line under the board (e.g. "move 12 of 80"): the picture grows by its line.
    - `words`: templates replacing those of `WORDS` (the picture in another language).
    - `ended`: the game was ended before its end (nobody is to act): no dice, no moves on offer, nobody's name lit.
    """

    names: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    labels: Mapping[Action, str] = field(default_factory=lambda: MappingProxyType({}))
    size: tuple[int, int] = DEFAULT_SIZE
    caption: str = ""
    words: Mapping[str, str] = field(default_factory=lambda: WORDS)
    ended: bool = False

    def word(self, key: str, **values: object) -> str:
        """A word or line of the picture, from `words` (else English)."""
        return self.words.get(key, WORDS[key]).format(**values)

    def colour(self, seat: int) -> str:
        """A seat's colour name."""
        return self.word(COLOURS[seat])

    def name(self, seat: int) -> str:
        """The display name of a seat, on one line: line breaks, tabs and other controls become spaces; the
        invisible characters that shape letters (joiners of emoji and Indic letters, variation selectors, an emoji
        flag's tags) stay.

        >>> BoardView(names=("  Ann\\n\\tLee ", "\\u200b\\u200d")).name(0), BoardView(names=("", "\\u200b")).name(1)
        ('Ann Lee', 'Green')
        """
        name = one_line(self.names[seat]) if seat < len(self.names) else ""
        return name or self.colour(seat).capitalize()

    def sorted_labels(self) -> list[tuple[Action, str]]:
        """The labels in a fixed order (so the picture never depends on the mapping's order)."""
        return sorted(self.labels.items(), key=lambda item: (action_text(item[0]), item[1]))


@lru_cache(maxsize=1024)
def one_line(name: str) -> str:
    """`name` on one line (see `BoardView.name`), or "" for one of invisible characters only: worked out once a name,
    not once a picture."""
    name = " ".join("".join(c if c.isprintable() or unicodedata.category(c) == "Cf" else " " for c in name).split())
    return name if any(unicodedata.category(c) != "Cf" for c in name) else ""


def text_size(width: int) -> int:
    """The font size, in pixels, of the picture's words at `width`: `SMALLEST` px when shown `PHONE` px wide.

    >>> text_size(600), text_size(360)
    (19, 11)
    """
    return -(-SMALLEST * width // PHONE)


def default_labels(actions: list[Action]) -> dict[Action, str]:
    """Labels matching the numbers on the picture: "2" for token 2, "1+2" for a pair, a die's own number for a die."""
    labels: dict[Action, str] = {}
    for action in actions:
        if isinstance(action, Move):
            labels[action] = str(action.token + 1)
        elif isinstance(action, MovePair):
            labels[action] = f"{action.tokens[0] + 1}+{action.tokens[1] + 1}"
        elif isinstance(action, ChooseDie):
            labels[action] = str(action.value)
    return labels
