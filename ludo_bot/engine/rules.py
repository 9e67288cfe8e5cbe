"""The rules model: one field per option of RULES.md, and the named presets.

>>> rules = Rules.preset("star")
>>> rules.finish_step, rules.safe_offsets
(56, (0, 8))
>>> Rules.preset("strict", end_path=4).track_length
44
>>> Rules.preset("classic", dice=3)
Traceback (most recent call last):
...
ludo_bot.engine.rules.RulesError: dice: must be 1 or 2, not 3
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

Stacking = Literal["forbidden", "allowed", "block"]
TurnOrder = Literal["clockwise", "by_roll"]
GameEnd = Literal["first", "all"]

PRESETS = ("classic", "star", "strict", "twodice")
COLOURS = ("red", "green", "yellow", "blue")
TOKENS = 4
MAX_SEATS = 4


class RulesError(ValueError):
    """An impossible rules combination; the message (English, for logs) starts with the option's name.

    `code` names the problem and `values` its numbers and names (`option` among them), for a message in the
    player's language: the service's catalogue has one sentence per code (`rules_error.<code>`).

    >>> error = RulesError("dice", "must be 1 or 2, not 3", "value", value=3)
    >>> error.code, error.values
    ('value', {'option': 'dice', 'value': 3})
    """

    def __init__(self, option: str, problem: str, code: str, **values: object) -> None:
        super().__init__(f"{option}: {problem}")
        self.option, self.problem, self.code = option, problem, code
        self.values: dict[str, object] = {"option": option, **values}

    def __reduce__(self) -> tuple[Callable[..., RulesError], tuple[str, str, str, dict[str, object]]]:
        # pickled (a worker process's) with its code: an exception pickles by its message alone, which `__init__`
        # would not take
        return _rules_error, (self.option, self.problem, self.code, self.values)


def _rules_error(option: str, problem: str, code: str, values: dict[str, object]) -> RulesError:
    return RulesError(option, problem, code, **{k: v for k, v in values.items() if k != "option"})


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of RULES.md. Build one with `Rules.preset(name, **overrides)`.

    Steps are per colour: 0 is the start square, `last_track_step` the last track square,
    then `home_length` home-column squares, then the finish at `finish_step`.

    Quick variants (issue 7), off in every preset, any preset may turn them on:

    - `quick`: a player finishes with their first token home (not all four). Without teams the
      game ends then, whatever `game_end` says; that player wins and the rest are ranked by
      tokens home, then progress (by score when `scoring`).
    - `kill_to_unlock`: a token may not move past `last_track_step` into its home column until
      its player has captured at least one opponent token in this game (any of the player's
      tokens unlocks all four). Reading: a locked token goes round the track again instead (from
      `last_track_step` on to its start square, step 0, and on), so it can still capture; were it to
      stop at the end of the track, locked tokens would wall each other in and some games could
      never end. Blocks and safe squares apply on the way round as anywhere.
    - `teams`: 2 against 2, which needs all four seats; seats 0+2 (red and yellow) play against
      1+3 (green and blue). Reading: a partner is never an opponent. A partner's token is never
      captured: landing on it shares the square, as on a safe square (also where own tokens may not
      stack); a partner's block does not block you (pass it, land on it). A player with every token
      home stops playing. The team wins as soon as both partners (every partner still in the game,
      if one left or ran out of turns) are home, whatever `game_end` says; both winners rank first,
      in finish order. If only one team is left playing (without scoring), the game ends and is
      ranked as usual. With `quick`, "home" is the first token home (that player's other tokens
      then leave the track, as they would never move again).
    """

    name: str = "classic"
    track_length: int = 52
    last_track_step: int = 50
    home_length: int = 5
    dice: int = 1
    enter_on: int = 6
    bonus_on_six: bool = True
    third_six_ends_turn: bool = True
    capture_bonus: bool = False
    safe_offsets: tuple[int, ...] = ()
    stacking: Stacking = "forbidden"
    pair_moves: bool = False
    turn_order: TurnOrder = "clockwise"
    game_end: GameEnd = "first"
    turn_limit: int = 0
    scoring: bool = False
    reroll_six_no_move: bool = False
    quick: bool = False
    kill_to_unlock: bool = False
    teams: bool = False

    def __post_init__(self) -> None:
        self._check()

    @property
    def finish_step(self) -> int:
        """The step of the finish: one square after the home column."""
        return self.last_track_step + self.home_length + 1

    @property
    def quarter(self) -> int:
        """Track squares between two neighbouring seats' start squares."""
        return self.track_length // MAX_SEATS

    def start_square(self, seat: int) -> int:
        """Absolute track square of a seat's start square (step 0)."""
        return seat * self.quarter

    def square(self, seat: int, step: int) -> int | None:
        """The absolute track square of `seat`'s token at `step`, or None off the shared track (in the
        yard, the home column or at the finish). Every step-to-square question of the project asks this.

        >>> rules = Rules.preset("classic")
        >>> rules.square(1, 0), rules.square(1, 45), rules.square(1, 51), rules.square(1, -1)
        (13, 6, None, None)
        """
        if 0 <= step <= self.last_track_step:
            return (self.start_square(seat) + step) % self.track_length
        return None

    def route(self, seat: int) -> tuple[int, ...]:
        """The squares of `seat`'s track steps 0 to `last_track_step` in order (`square` of each).

        >>> Rules.preset("strict", end_path=4).route(3)[:4], Rules.preset("strict", end_path=4).route(3)[-1]
        ((33, 34, 35, 36), 31)
        """
        squares = (self.square(seat, step) for step in range(self.last_track_step + 1))
        return tuple(square for square in squares if square is not None)

    def is_safe_square(self, square: int) -> bool:
        """True when `square` (absolute) is safe: an offset of `safe_offsets` after some start square."""
        return square % self.quarter in self.safe_offsets

    def replace(self, **overrides: Any) -> Rules:
        """A copy with single options changed, validated like any other."""
        unknown = sorted(set(overrides) - {f.name for f in dataclasses.fields(self)})
        if unknown:
            raise RulesError(unknown[0], "no such option", "unknown_option")
        if "safe_offsets" in overrides:
            overrides["safe_offsets"] = tuple(sorted(set(overrides["safe_offsets"])))
        for option in _FLAGS & set(overrides):  # before a compiled build's typed fields would raise TypeError
            _check_flag(option, overrides[option])
        return dataclasses.replace(self, **overrides)

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Rules:
        """The named preset of RULES.md with options overridden.

        `strict` also takes `end_path` (4 or 5), which sets the whole geometry.
        """
        if name not in PRESETS:
            raise RulesError("preset", f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}", "unknown_preset",
                            value=name, presets=", ".join(PRESETS))
        base: dict[str, Any] = {"name": name}
        if name == "star":
            base.update(capture_bonus=True, safe_offsets=(0, 8), stacking="block", pair_moves=True,
                        game_end="all", turn_limit=50, scoring=True)
        elif name == "strict":
            end_path = overrides.pop("end_path", 5)
            if end_path not in (4, 5):
                raise RulesError("end_path", f"must be 4 or 5, not {end_path}", "value", value=end_path)
            track = (2 * end_path + 3) * 4
            base.update(track_length=track, last_track_step=track - 2, home_length=end_path,
                        bonus_on_six=False, third_six_ends_turn=False, stacking="allowed",
                        turn_order="by_roll")
        elif name == "twodice":
            base.update(track_length=48, last_track_step=47, dice=2, third_six_ends_turn=False,
                        stacking="block", reroll_six_no_move=True)
        if "end_path" in overrides:
            raise RulesError("end_path", "only the strict preset takes an end path length", "strict_only")
        return cls(**base).replace(**overrides)

    def _check(self) -> None:
        if self.track_length < 8 or self.track_length % MAX_SEATS:
            raise RulesError("track_length",
                             f"must be a multiple of 4 and at least 8, not {self.track_length}",
                             "value", value=self.track_length)
        if not self.track_length - 4 <= self.last_track_step < self.track_length:
            raise RulesError("last_track_step",
                             f"must lie in the last 4 squares of the track, not {self.last_track_step}", "value",
                             value=self.last_track_step)
        if not 1 <= self.home_length <= 10:
            raise RulesError("home_length", f"must be 1 to 10, not {self.home_length}", "value", value=self.home_length)
        if self.dice not in (1, 2):
            raise RulesError("dice", f"must be 1 or 2, not {self.dice}", "value", value=self.dice)
        if not 1 <= self.enter_on <= 6:
            raise RulesError("enter_on", f"must be a die value 1 to 6, not {self.enter_on}", "value",
                             value=self.enter_on)
        for offset in self.safe_offsets:
            if not 0 <= offset < self.quarter:
                raise RulesError("safe_offsets", f"{offset} is off the track (offsets run 0 to {self.quarter - 1})",
                                 "value", value=offset)
        if self.stacking not in ("forbidden", "allowed", "block"):
            raise RulesError("stacking", f"must be forbidden, allowed or block, not {self.stacking!r}", "value",
                             value=self.stacking)
        if self.pair_moves and self.stacking != "block":
            raise RulesError("pair_moves", "pairs need stacking='block'", "pairs_need_blocks")
        if self.turn_order not in ("clockwise", "by_roll"):
            raise RulesError("turn_order", f"must be clockwise or by_roll, not {self.turn_order!r}", "value",
                             value=self.turn_order)
        if self.game_end not in ("first", "all"):
            raise RulesError("game_end", f"must be first or all, not {self.game_end!r}", "value", value=self.game_end)
        if self.turn_limit < 0:
            raise RulesError("turn_limit", f"must be 0 (none) or more, not {self.turn_limit}", "value",
                             value=self.turn_limit)
        if self.reroll_six_no_move and self.dice != 2:
            raise RulesError("reroll_six_no_move", "applies to two dice only", "two_dice_only")
        for option in _FLAGS:
            _check_flag(option, getattr(self, option))

    def __reduce__(self) -> tuple[type[Rules], tuple[Any, ...]]:
        # Pickled (a review's worker process) and copied through the constructor. The `__setstate__` that
        # dataclasses gives a slotted class assigns field by field, which the compiled build's frozen class
        # refuses (FrozenInstanceError): `pip install .` compiles this module with mypyc.
        return Rules, tuple(getattr(self, field.name) for field in dataclasses.fields(self))

    def partner(self, seat: int) -> int | None:
        """The seat playing on `seat`'s side with `teams` (the one opposite), else None."""
        return (seat + 2) % MAX_SEATS if self.teams else None


_FLAGS = frozenset(f.name for f in dataclasses.fields(Rules) if isinstance(f.default, bool))


def _check_flag(option: str, value: object) -> None:
    if not isinstance(value, bool):
        raise RulesError(option, f"must be true or false, not {value!r}", "value", value=value)


def check_seats(seats: tuple[int, ...], rules: Rules | None = None) -> None:
    """Seats must be 2 to 4 distinct numbers 0-3 (all four with `rules.teams`).

    >>> check_seats((0, 1, 2, 3, 4))
    Traceback (most recent call last):
    ...
    ludo_bot.engine.rules.RulesError: seats: a game has 2 to 4 seats, not 5
    >>> check_seats((0, 2), Rules(teams=True))
    Traceback (most recent call last):
    ...
    ludo_bot.engine.rules.RulesError: teams: two against two needs all 4 seats, not 2
    """
    if not 2 <= len(seats) <= MAX_SEATS:
        raise RulesError("seats", f"a game has 2 to 4 seats, not {len(seats)}", "seat_count", seats=len(seats),
                         most=MAX_SEATS)
    if len(set(seats)) != len(seats) or not all(0 <= s < MAX_SEATS for s in seats):
        raise RulesError("seats", f"seats are distinct numbers 0-3, not {seats}", "seat_numbers")
    if rules is not None and rules.teams and len(seats) != MAX_SEATS:
        raise RulesError("teams", f"two against two needs all 4 seats, not {len(seats)}", "teams_seats",
                         seats=len(seats))


def default_seats(players: int) -> tuple[int, ...]:
    """Seats for a player count: two players sit opposite (0 and 2)."""
    if players == 2:
        return (0, 2)
    seats = tuple(range(players))
    check_seats(seats)
    return seats
