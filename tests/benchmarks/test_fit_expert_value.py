"""The experts' value's fitting script: its record of games goes on where it stopped, a line cut short is played
again, and the calibration covers every seat of every held-out position."""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.fit_chances import fit
from benchmarks.fit_expert_value import calibration, record, samples_of
from ludo_bot.engine.chances import FEATURES


def test_the_record_goes_on_where_it_stopped(tmp_path: Path) -> None:
    first = record("classic", 2, 5_000_000, 0.5, tmp_path, 1)
    assert sorted(int(str(line["seed"])) for line in first) == [5_000_000, 5_000_001]
    path = tmp_path / "classic.jsonl"
    path.write_text(path.read_text() + '{"seed": 5000002, "winner"')  # stopped while writing a third game
    lines = record("classic", 3, 5_000_000, 0.5, tmp_path, 1)
    assert sorted(int(str(line["seed"])) for line in lines) == [5_000_000, 5_000_001, 5_000_002]
    again = [json.loads(text) for text in path.read_text().splitlines()[:2]]
    assert again == first  # the games already recorded were not played again
    samples = samples_of(lines)
    assert samples and all(len(row) == len(FEATURES) for rows, _, _ in samples for row in rows)
    bins = calibration(samples, fit(samples), bins=4)
    assert sum(count for _, _, count in bins) == sum(len(rows) for rows, _, _ in samples)
    assert [mean for mean, _, _ in bins] == sorted(mean for mean, _, _ in bins)
