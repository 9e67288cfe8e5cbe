"""Dice anyone can check: the seed commitment, the game file, and its verification.

At the start of a game the bot publishes `commitment(seed)`: the SHA-256 (hex) of the text
``ludo-seed:<seed>`` (the seed in decimal, UTF-8). The seed itself stays secret while the game
runs (it fixes every die, see `engine.dice`), and is revealed at the end in the game file, so
anyone can check that the dice were fixed before the first roll and followed from that seed.
The commitment hides the seed only because the seed is drawn at random from a large range
(the bot draws 63 random bits); a small or guessable seed could be found from its hash.

The game file (format ``ludo-game/1``) is JSON::

    {"format": "ludo-game/1", "rules": "<notation.rules_text>", "seats": [0, 2], "seed": 123,
     "commitment": "<hex>", "log": ["R", "M1", ...], "state": "<notation.to_text of the position>"}

`verify_game` checks, in order: the file's shape, that the commitment matches the seed, that the
rules and seats make a game, that the log replays from (rules, seats, seed) with the engine (the
first entry that is not an action's text, or not legal where it stands, is named), that every die
(the turn-order rolls and each roll of the log) is the die the seed gives at that point, recomputed
here with `engine.dice.die` independently of the replay, and that the replay reaches the stored
position. Run ``python -m ludo_bot.engine.verify FILE`` to check a file: it exits 0 when everything
checks out, 1 otherwise.

>>> from ludo_bot.engine.rules import Rules
>>> commitment(42)
'ca7aefd130a3d4af4fc403fe9f7e5f0aa1eb2bb1a57ce740aa02d73a5b8946e3'
>>> data = export_game(Rules.preset("classic"), (0, 2), 42, ["R", "M1", "R", "M1"])
>>> verify_game(data).ok
True
>>> verify_game(dict(data, seed=43)).problem
'commitment: sha256("ludo-seed:43") is 7f8e117c4b85..., not the published ca7aefd130a3...'
>>> verify_game(dict(data, log=["R", "zz"])).problem
"replay: log entry 2 ('zz') is not an action"
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludo_bot.engine import events as ev
from ludo_bot.engine.actions import Action, IllegalAction, InvalidAction, action_text, parse_action
from ludo_bot.engine.dice import die
from ludo_bot.engine.game import apply, new_game
from ludo_bot.engine.notation import NotationError, parse_rules, rules_text, to_text
from ludo_bot.engine.rules import Rules, RulesError, check_seats

FORMAT = "ludo-game/1"
_FIELDS: dict[str, type | tuple[type, ...]] = {
    "format": str, "rules": str, "seats": list, "seed": int, "commitment": str, "log": list, "state": str}


def commitment(seed: int) -> str:
    """The published commitment to a game's seed: SHA-256 hex of ``ludo-seed:<seed>``."""
    return hashlib.sha256(f"ludo-seed:{seed}".encode()).hexdigest()


def export_game(rules: Rules, seats: Sequence[int], seed: int, log: Sequence[Action | str]) -> dict[str, Any]:
    """The game file of a game: replays `log` (actions or their texts) to fill in the position.

    It reveals the seed, so export a game once it is over (or the rest of its dice are known).
    Raises `InvalidAction` for a log entry that is not an action, `IllegalAction` for one the rules
    forbid where it stands.

    >>> export_game(Rules.preset("classic"), (0, 2), 42, ["R", "M7"])
    Traceback (most recent call last):
    ...
    ludo_bot.engine.actions.InvalidAction: not an action: 'M7'
    """
    texts = [entry if isinstance(entry, str) else action_text(entry) for entry in log]
    state = new_game(rules, tuple(sorted(seats)), seed)
    for text in texts:
        state = apply(state, parse_action(text)).state
    return {"format": FORMAT, "rules": rules_text(rules), "seats": sorted(seats), "seed": seed,
            "commitment": commitment(seed), "log": texts, "state": to_text(state)}


@dataclass(frozen=True, slots=True)
class Check:
    """One check of a game file: its name, whether it passed, and what was found."""

    name: str
    ok: bool
    detail: str


@dataclass(slots=True)
class Report:
    """The checks made on a game file, in order; `problem` is the first that failed."""

    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every check passed (and there was something to check)."""
        return bool(self.checks) and all(check.ok for check in self.checks)

    @property
    def problem(self) -> str | None:
        """The first failed check as ``name: detail``, or None."""
        for check in self.checks:
            if not check.ok:
                return f"{check.name}: {check.detail}"
        return None

    def add(self, name: str, ok: bool, detail: str) -> bool:
        self.checks.append(Check(name, ok, detail))
        return ok

    def text(self) -> str:
        """A readable report: one line per check, then the verdict."""
        lines = [f"{'ok  ' if c.ok else 'FAIL'} {c.name}: {c.detail}" for c in self.checks]
        lines.append("verified: every check passed" if self.ok else f"NOT verified: {self.problem}")
        return "\n".join(lines)


def verify_game(data: Mapping[str, Any]) -> Report:
    """Check a game file (see the module docstring); never raises on a bad file."""
    report = Report()
    if not _check_shape(report, data):
        return report
    seed: int = data["seed"]
    expected = commitment(seed)
    published = data["commitment"].lower()
    report.add("commitment", expected == published,
               f'sha256("ludo-seed:{seed}") matches' if expected == published else
               f'sha256("ludo-seed:{seed}") is {expected[:12]}..., not the published {published[:12]}...')
    try:
        rules = parse_rules(data["rules"])
        seats = tuple(sorted(data["seats"]))
        check_seats(seats, rules)
    except (NotationError, RulesError, ValueError, TypeError) as error:
        report.add("rules and seats", False, str(error))
        return report
    report.add("rules and seats", True, f"{rules_text(rules)}, seats {', '.join(map(str, seats))}")

    state = new_game(rules, seats, seed)
    drawn = [v for rounds in state.order_rolls for _, v in rounds]
    counter = len(drawn)
    bad_die = _first_mismatch(seed, 0, drawn)
    rolls = 0
    for number, text in enumerate(data["log"], 1):
        try:
            state, events = apply(state, parse_action(text))
        except InvalidAction:
            report.add("replay", False, f"log entry {number} ({text!r}) is not an action")
            return report
        except IllegalAction as error:
            report.add("replay", False, f"log entry {number} ({text!r}) is illegal: {error}")
            return report
        for event in events:
            if event.kind == ev.ROLLED:
                rolls += 1
                if bad_die is None:
                    bad_die = _first_mismatch(seed, counter, event.dice, number)
                counter += len(event.dice)
    report.add("replay", True, f"{len(data['log'])} actions replay from the seed")
    if bad_die is None and counter != state.rolls:
        bad_die = f"the replay drew {state.rolls} dice, the rolls account for {counter}"
    report.add("dice", bad_die is None,
               bad_die or f"all {counter} dice ({len(drawn)} for the turn order, {rolls} rolls) follow from the seed")
    stored = data["state"]
    replayed = to_text(state)
    report.add("final state", replayed == stored,
               "the replay reaches the stored position" if replayed == stored else
               f"the replay reaches {replayed!r}, the file stores {stored!r}")
    return report


def _check_shape(report: Report, data: Mapping[str, Any]) -> bool:
    if not isinstance(data, Mapping):
        return report.add("format", False, "a game file is a JSON object")
    missing = [name for name in _FIELDS if name not in data]
    if missing:
        return report.add("format", False, f"missing {', '.join(missing)}")
    if data["format"] != FORMAT:
        return report.add("format", False, f"format {data['format']!r} is not {FORMAT!r}")
    for name, kind in _FIELDS.items():
        if not isinstance(data[name], kind) or (kind is int and isinstance(data[name], bool)):
            return report.add("format", False, f"{name} has the wrong type")
    if not all(isinstance(v, int) for v in data["seats"]) or not all(isinstance(t, str) for t in data["log"]):
        return report.add("format", False, "seats are numbers and log entries are texts")
    return report.add("format", True, FORMAT)


def _first_mismatch(seed: int, start: int, values: Sequence[int], entry: int = 0) -> str | None:
    """A description of the first of `values` (dice number `start` on) that the seed does not give."""
    for k, value in enumerate(values):
        expected = die(seed, start + k)
        if value != expected:
            where = f"log entry {entry}" if entry else "the turn-order roll"
            return f"{where}: die number {start + k} shows {value}, the seed gives {expected}"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ludo_bot.engine.verify FILE``: print the report; exit 0 if the game checks out, else 1."""
    parser = argparse.ArgumentParser(prog="python -m ludo_bot.engine.verify",
                                     description="Check a Ludo game file: seed commitment, every roll, final state.")
    parser.add_argument("file", help="the exported game file (JSON)")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError) as error:
        print(f"NOT verified: cannot read {args.file}: {error}")
        return 1
    report = verify_game(data)
    print(report.text())
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
