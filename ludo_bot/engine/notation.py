"""A compact text form of a position that round-trips, like FEN in chess.

Ten space-separated fields:
rules (preset name, then ``,option=value`` for each option that differs from the preset),
turn order (seat digits), token steps (per seat in the game, ``/`` between seats, ``y`` =
yard), ``current:phase:dice:rolled:bonus``, consecutive sixes, turns taken and scores (four
numbers each, ``/`` between the two; with ``kill_to_unlock`` a third ``/`` part: each seat's
captures), ``finished/out/resigned`` seats, locked pairs
(token ids ``a.b``), ``seed:dice drawn:ply``, and the turn-order roll rounds
(``seat=value`` by ``,``, rounds by ``;``). An empty field or list is ``-``.

>>> from ludo_bot.engine.game import new_game
>>> from ludo_bot.engine.rules import Rules
>>> state = new_game(Rules.preset("classic"), (0, 2), seed=3)
>>> from_text(to_text(state)) == state
True
>>> to_text(state).split()[:3]
['classic', '20', 'y,y,y,y/y,y,y,y']
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from ludo_bot.engine.board import Board
from ludo_bot.engine.rules import PRESETS, TOKENS, Rules, RulesError, check_seats
from ludo_bot.engine.state import YARD, GameState

_PHASES = ("roll", "choose", "move", "over")


class NotationError(ValueError):
    """A text that is not a position."""


def _nums(values: tuple[int, ...], sep: str = ",") -> str:
    return sep.join(map(str, values)) if values else "-"


def _parse_nums(text: str, sep: str = ",") -> tuple[int, ...]:
    return () if text == "-" else tuple(int(v) for v in text.split(sep))


# Both directions are cached: every stored position names its rules, and building the preset to compare
# against took 1.6 % of a bot process's CPU under `benchmarks.load` before (a game has one rule set).
@functools.lru_cache(maxsize=256)
def rules_text(rules: Rules) -> str:
    """A preset name plus the options that differ from it: ``classic,game_end=all``."""
    base = Rules.preset(rules.name) if rules.name in PRESETS else Rules()
    parts = [rules.name]
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if f.name != "name" and value != getattr(base, f.name):
            if isinstance(value, bool):
                text = str(int(value))
            elif isinstance(value, tuple):
                text = ".".join(map(str, value))
            else:
                text = str(value)
            parts.append(f"{f.name}={text}")
    return ",".join(parts)


@functools.lru_cache(maxsize=256)
def parse_rules(text: str) -> Rules:
    """Read `rules_text` back."""
    name, *options = text.split(",")
    base = Rules.preset(name) if name in PRESETS else Rules(name=name)
    overrides: dict[str, Any] = {}
    for option in options:
        key, _, raw = option.partition("=")
        if key not in {f.name for f in dataclasses.fields(Rules)}:
            raise NotationError(f"unknown rules option {key!r}")
        kind = type(getattr(base, key))
        if kind is bool:
            overrides[key] = raw == "1"
        elif kind is tuple:
            overrides[key] = tuple(int(v) for v in raw.split(".")) if raw else ()
        elif kind is int:
            overrides[key] = int(raw)
        else:
            overrides[key] = raw
    return base.replace(**overrides)


def to_text(state: GameState) -> str:
    """The text form of `state`."""
    steps = "/".join(
        ",".join("y" if step == YARD else str(step) for step in state.tokens(seat)) for seat in state.seats)
    turn = f"{state.current}:{state.phase}:{_nums(state.dice)}:{_nums(state.rolled)}:{int(state.bonus)}"
    gone = "/".join(_nums(group, "") for group in (state.finished, state.out, state.resigned))
    locked = ",".join(f"{a}.{b}" for a, b in state.locked) or "-"
    rounds = ";".join(",".join(f"{s}={v}" for s, v in r) for r in state.order_rolls) or "-"
    counts = f"{_nums(state.turns)}/{_nums(state.scores)}"
    if state.rules.kill_to_unlock:
        counts += f"/{_nums(state.captures)}"
    return " ".join([
        rules_text(state.rules), "".join(map(str, state.order)), steps, turn, str(state.sixes),
        counts, gone, locked,
        f"{state.seed}:{state.rolls}:{state.ply}", rounds])


def from_text(text: str) -> GameState:
    """Read a position written by `to_text`; anything else raises `NotationError`."""
    try:
        return _parse(text)
    except NotationError:
        raise
    except (ValueError, IndexError, RulesError) as error:
        raise NotationError(f"not a position ({error})") from error


def _parse(text: str) -> GameState:
    fields = text.split(" ")
    if len(fields) != 10:
        raise NotationError(f"a position has 10 fields, not {len(fields)}")
    rules_f, order_f, steps_f, turn_f, sixes_f, counts_f, gone_f, locked_f, dice_f, rounds_f = fields
    rules = parse_rules(rules_f)
    order = tuple(int(c) for c in order_f)
    seats = tuple(sorted(order))
    steps = [YARD] * (4 * TOKENS)
    per_seat = steps_f.split("/")
    if len(per_seat) != len(seats):
        raise NotationError("token steps do not match the seats")
    for seat, group in zip(seats, per_seat, strict=True):
        values = [YARD if v == "y" else int(v) for v in group.split(",")]
        if len(values) != TOKENS or not all(YARD <= v <= rules.finish_step for v in values):
            raise NotationError(f"seat {seat} needs 4 steps from y to {rules.finish_step}")
        steps[seat * TOKENS:(seat + 1) * TOKENS] = values
    current, phase, dice, rolled, bonus = turn_f.split(":")
    if phase not in _PHASES:
        raise NotationError(f"unknown phase {phase!r}")
    counts = counts_f.split("/")
    if len(counts) != (3 if rules.kill_to_unlock else 2):
        raise NotationError("turns/scores (and, with kill_to_unlock, /captures) expected")
    turns, scores = _parse_nums(counts[0]), _parse_nums(counts[1])
    captures = _parse_nums(counts[2]) if rules.kill_to_unlock else (0, 0, 0, 0)
    finished, out, resigned = (tuple(int(c) for c in part if c != "-") for part in gone_f.split("/"))
    locked = () if locked_f == "-" else tuple(
        (int(a), int(b)) for a, b in (pair.split(".") for pair in locked_f.split(",")))
    seed, rolls, ply = (int(v) for v in dice_f.split(":"))
    rounds = () if rounds_f == "-" else tuple(
        tuple((int(s), int(v)) for s, v in (item.split("=") for item in r.split(","))) for r in rounds_f.split(";"))
    if int(current) not in seats or len(turns) != 4 or len(scores) != 4 or len(captures) != 4:
        raise NotationError("current seat, turns, scores or captures are out of range")
    check_seats(seats, rules)
    state = GameState(
        rules=rules, seats=seats, order=order, steps=tuple(steps), current=int(current),
        phase=phase,  # type: ignore[arg-type]  # checked against _PHASES above
        dice=_parse_nums(dice), rolled=_parse_nums(rolled), bonus=bonus == "1", sixes=int(sixes_f),
        turns=turns, scores=scores, finished=finished, out=out, resigned=resigned, locked=locked,
        seed=seed, rolls=rolls, ply=ply, order_rolls=rounds, captures=captures)
    return Board(state).freeze() if phase == "move" else state  # recompute the cached legal moves
