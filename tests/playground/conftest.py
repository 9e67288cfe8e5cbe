"""Fixtures of the playground tests: `play`, a playground (stand-in, the real bot, the page on a free port) on the
tests' Redis. At teardown, anything Discord would have refused, an unclean bot shutdown or an error the bot logged
fails the test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from playground.world import Playground
from storage import Storage


@pytest.fixture
async def play(storage: Storage, tmp_path: Path) -> AsyncIterator[Playground]:
    playground = Playground(data_dir=tmp_path / "data", port=0, storage=storage)
    await playground.start()
    try:
        yield playground
    finally:
        problems = await playground.stop()
    if problems:
        pytest.fail("the playground's bot went wrong:\n" + "\n".join(f"  {p}" for p in problems))
