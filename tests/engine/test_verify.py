"""Dice anyone can check: the seed commitment, the exported game file, and its verification (and CLI)."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmarks import child_env
from ludo_bot.engine import Rules, action_text, apply, legal_actions, new_game, verify
from ludo_bot.engine.dice import die
from ludo_bot.engine.verify import FORMAT, commitment, export_game, main, verify_game

CHECKS = ["format", "commitment", "rules and seats", "replay", "dice", "final state"]


def played(rules: Rules, seats: tuple[int, ...], seed: int, limit: int = 100_000) -> list[str]:
    """The log of a random game (to its end, or `limit` actions)."""
    state = new_game(rules, seats, seed)
    log: list[str] = []
    chooser = random.Random(seed)
    while not state.over and len(log) < limit:
        action = chooser.choice(legal_actions(state))
        state = apply(state, action).state
        log.append(action_text(action))
    return log


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    rules = Rules.preset("star")
    return export_game(rules, (0, 1, 2, 3), 2**62 + 12345, played(rules, (0, 1, 2, 3), 2**62 + 12345))


def test_the_commitment_is_sha256_of_the_seed_text() -> None:
    assert commitment(7) == hashlib.sha256(b"ludo-seed:7").hexdigest()
    assert len(commitment(2**63 - 1)) == 64
    assert commitment(7) != commitment(8)


def test_an_exported_game_has_every_field(game: dict[str, Any]) -> None:
    assert set(game) == {"format", "rules", "seats", "seed", "commitment", "log", "state"}
    assert game["format"] == FORMAT and game["rules"] == "star" and game["seats"] == [0, 1, 2, 3]
    assert game["commitment"] == commitment(game["seed"])
    assert json.loads(json.dumps(game)) == game


@pytest.mark.parametrize("rules", [
    Rules.preset("classic"), Rules.preset("twodice"), Rules.preset("strict", dice=2),
    Rules.preset("classic", quick=True, kill_to_unlock=True, teams=True),
], ids=["classic", "twodice", "strict-2dice", "variants"])
def test_an_exported_random_game_verifies(rules: Rules) -> None:
    seats = (0, 1, 2, 3)
    report = verify_game(export_game(rules, seats, 99, played(rules, seats, 99)))
    assert report.ok, report.text()
    assert [c.name for c in report.checks] == CHECKS
    assert report.problem is None


def test_a_game_in_progress_verifies_too() -> None:
    rules = Rules.preset("classic")
    assert verify_game(export_game(rules, (0, 2), 5, played(rules, (0, 2), 5, limit=40))).ok


def test_the_finished_star_game_verifies(game: dict[str, Any]) -> None:
    report = verify_game(game)
    assert report.ok, report.text()
    assert "follow from the seed" in report.text()


def test_a_tampered_seed_fails_the_commitment(game: dict[str, Any]) -> None:
    report = verify_game(dict(game, seed=game["seed"] + 1))
    assert not report.ok
    assert report.problem is not None and report.problem.startswith("commitment:")


def test_a_tampered_commitment_fails(game: dict[str, Any]) -> None:
    report = verify_game(dict(game, commitment=commitment(1)))
    assert report.problem is not None and report.problem.startswith("commitment:")
    assert [c.ok for c in report.checks] == [True, False, True, True, True, True]  # the rest still checks out


def test_a_new_seed_with_its_own_commitment_does_not_replay_the_log(game: dict[str, Any]) -> None:
    seed = game["seed"] + 1
    report = verify_game(dict(game, seed=seed, commitment=commitment(seed)))
    assert report.problem is not None
    assert report.problem.startswith(("replay:", "final state:"))


def test_an_illegal_log_entry_is_named(game: dict[str, Any]) -> None:
    log = list(game["log"])
    i = log.index("R", 5)
    log[i] = "M4" if log[i + 1] != "M4" else "M3"  # a move when the dice must be rolled
    report = verify_game(dict(game, log=log))
    assert report.problem == (f"replay: log entry {i + 1} ({log[i]!r}) is illegal: roll the dice first")


def test_a_shortened_log_fails_the_final_state(game: dict[str, Any]) -> None:
    report = verify_game(dict(game, log=game["log"][:-3]))
    assert report.problem is not None and report.problem.startswith("final state:")


def test_a_tampered_state_fails(game: dict[str, Any]) -> None:
    state = game["state"].replace("star", "star,turn_limit=49", 1)
    report = verify_game(dict(game, state=state))
    assert report.problem is not None and report.problem.startswith("final state:")
    assert [c.name for c in report.checks if not c.ok] == ["final state"]


@pytest.mark.parametrize(("change", "problem"), [
    ({"format": "ludo-game/0"}, "format: format 'ludo-game/0' is not 'ludo-game/1'"),
    ({"seed": "12"}, "format: seed has the wrong type"),
    ({"log": ["R", 3]}, "format: seats are numbers and log entries are texts"),
    ({"rules": "classic,dice=3"}, "rules and seats: dice: must be 1 or 2, not 3"),
    ({"seats": [0, 0]}, "rules and seats: seats: seats are distinct numbers 0-3, not (0, 0)"),
])
def test_a_malformed_file_names_its_problem(game: dict[str, Any], change: dict[str, Any], problem: str) -> None:
    assert verify_game(dict(game, **change)).problem == problem


def test_a_missing_field_is_named(game: dict[str, Any]) -> None:
    data = {k: v for k, v in game.items() if k != "log"}
    assert verify_game(data).problem == "format: missing log"


def test_dice_that_do_not_follow_the_seed_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The verifier recomputes every die itself: where its dice and the replay's rolls differ, it says so."""
    rules = Rules.preset("classic")
    data = export_game(rules, (0, 2), 31, played(rules, (0, 2), 31, limit=60))
    real = die  # the function verify rolls with, patched there
    monkeypatch.setattr(verify, "die", lambda seed, n: real(seed, n) % 6 + 1 if n == 5 else real(seed, n))
    report = verify_game(data)
    assert report.problem is not None and report.problem.startswith("dice: log entry")
    assert "die number 5 shows" in report.problem and "the seed gives" in report.problem
    assert [c.name for c in report.checks if not c.ok] == ["dice"]


def test_the_turn_order_roll_is_checked_too(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules.preset("classic")
    data = export_game(rules, (0, 2), 31, [])
    real = die  # the function verify rolls with, patched there
    monkeypatch.setattr(verify, "die", lambda seed, n: real(seed, n) % 6 + 1 if n == 0 else real(seed, n))
    assert verify_game(data).problem == (
        f"dice: the turn-order roll: die number 0 shows {real(31, 0)}, the seed gives {real(31, 0) % 6 + 1}")


# -- the command line ------------------------------------------------------------------------------

def test_the_cli_exits_0_for_a_good_file(game: dict[str, Any], tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "verified: every check passed" in out and "commitment" in out


def test_the_cli_exits_1_for_a_tampered_file(game: dict[str, Any], tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(dict(game, seed=game["seed"] + 1)), encoding="utf-8")
    assert main([str(path)]) == 1
    assert "NOT verified: commitment" in capsys.readouterr().out


@pytest.mark.parametrize("content", [None, "{not json", "[1, 2]"])
def test_the_cli_exits_1_for_an_unreadable_file(content: str | None, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main([str(path)]) == 1
    assert "NOT verified" in capsys.readouterr().out


def test_python_m_engine_verify(game: dict[str, Any], tmp_path: Path) -> None:
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(game), encoding="utf-8")
    bad.write_text(json.dumps(dict(game, log=game["log"][:-1])), encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    for path, code in ((good, 0), (bad, 1)):
        done = subprocess.run([sys.executable, "-m", "ludo_bot.engine.verify", str(path)], cwd=root, env=child_env(),
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == code, done.stdout + done.stderr
