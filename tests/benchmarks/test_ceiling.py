"""The ceiling benchmark: its rollouts give every candidate the same dice per seat and turn, its decisions follow the
rollouts, and a stopped run goes on where it stopped without searching again."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from benchmarks.ceiling import decide, die, rollout, run
from ludo_bot.engine import Move, Rules, apply, legal_actions, position

BONUS_ON_CAPTURE = Rules.preset("classic", capture_bonus=True)


def test_a_bonus_roll_after_one_candidate_shifts_no_other_seats_dice() -> None:
    # Red's token 1 (step 12) captures green's (square 15) with a 3 and so rolls again; token 2 (step 30) does not.
    state = position(BONUS_ON_CAPTURE, {0: (12, 30, -1, -1), 1: (2, 25, -1, -1)}, current=0, dice=(3,))
    capture, quiet = apply(state, Move(0)).state, apply(state, Move(1)).state
    assert capture.current == 0 and quiet.current == 1  # the capture earned a bonus roll
    by_capture: list[tuple[int, int, int, tuple[int, ...]]] = []
    by_quiet: list[tuple[int, int, int, tuple[int, ...]]] = []
    rollout(capture, 7, by_capture)
    rollout(quiet, 7, by_quiet)
    first = {(s, t, r): v for s, t, r, v in by_capture}
    second = {(s, t, r): v for s, t, r, v in by_quiet}
    shared = first.keys() & second.keys()
    assert (1, 0, 0) in shared  # green's first turn comes in both
    assert all(first[k] == second[k] for k in shared)
    assert by_capture[0][:3] == (0, 0, 0) and by_quiet[0][:3] == (1, 0, 0)


def test_the_dice_are_fair_and_a_rollout_repeats() -> None:
    faces = Counter(die(12345, seat, turn, 0, 0) for seat in range(4) for turn in range(1500))
    assert set(faces) == {1, 2, 3, 4, 5, 6} and all(900 < n < 1100 for n in faces.values())
    state = position(Rules.preset("classic"), {0: (20, 10, -1, -1), 2: (20, 10, -1, -1)}, current=0)
    assert rollout(state, 3) == rollout(state, 3)
    assert len({rollout(state, key).ranking[0] for key in range(12)}) > 1


def test_a_decision_follows_the_rollouts() -> None:
    # Red's last token is 3 from home with a 3: finishing wins at once, which every rollout sees.
    state = position(Rules.preset("classic"), {0: (56, 56, 56, 53), 1: (40, 45, 50, 30)}, current=0, dice=(3,))
    found = decide(state, 4, key=1)
    assert found["action"] == "M4" and found["searched"] is False  # one distinct action: no search
    state = position(Rules.preset("classic"), {0: (56, 56, 52, 53), 1: (40, 45, 50, 30)}, current=0, dice=(3,))
    found = decide(state, 6, key=1)
    assert found["searched"] is True and len(legal_actions(state)) == 2
    assert max(found["wins"]) == 6  # type: ignore[call-overload]


def test_a_stopped_run_goes_on_where_it_stopped(tmp_path: Path) -> None:
    run(["star"], 1, 300_000, 1, tmp_path)  # (star's short games: 18 decisions, 1.5 s; strict's took 12 s)
    decisions = (tmp_path / "star.decisions.jsonl").read_text()
    result = json.loads((tmp_path / "star.games.jsonl").read_text())
    assert result["game"] == 0 and decisions
    (tmp_path / "star.games.jsonl").unlink()  # as if stopped after its last decision
    run(["star"], 1, 300_000, 1, tmp_path)
    assert (tmp_path / "star.decisions.jsonl").read_text() == decisions  # replayed, not searched again
    assert json.loads((tmp_path / "star.games.jsonl").read_text()) == result
