"""Fixtures of the playground tests: `play`, a playground (stand-in, the real bot, the page on a free port) on the
tests' Redis, and `crowd`, one with six members (enough for a knockout of two rounds); `http`, a client of the page's
server; `chromium`, the browser's path. At teardown, anything Discord would have refused, an unclean bot shutdown or
an error the bot logged fails the test."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from ludo_bot.playground.world import NAMES, Playground
from ludo_bot.storage import Storage
from tests.playground.browser import CHROMIUM, browser_missing

CROWD = 6  # the members of `crowd`: a knockout with AI seats plays two tables of three (and an AI), then a final


@asynccontextmanager
async def playground(storage: Storage, tmp_path: Path, **options: Any) -> AsyncIterator[Playground]:
    started = Playground(data_dir=tmp_path / "data", port=0, storage=storage, **options)
    await started.start()
    try:
        yield started
    finally:
        problems = await started.stop()
    if problems:
        pytest.fail("the playground's bot went wrong:\n" + "\n".join(f"  {p}" for p in problems))


@pytest.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    """A client of the page's server."""
    async with aiohttp.ClientSession() as session:
        yield session


@pytest.fixture
async def play(storage: Storage, tmp_path: Path) -> AsyncIterator[Playground]:
    async with playground(storage, tmp_path) as started:
        yield started


@pytest.fixture
async def crowd(storage: Storage, tmp_path: Path) -> AsyncIterator[Playground]:
    async with playground(storage, tmp_path, members=NAMES[:CROWD]) as started:
        yield started


@pytest.fixture
def chromium() -> str:
    """The browser's path; skips the test without one, except on CI, where that fails it."""
    missing = browser_missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser test must run on CI: {missing}")
        pytest.skip(missing)
    return CHROMIUM
