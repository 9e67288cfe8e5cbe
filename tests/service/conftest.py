"""Fixtures of the service tests: a clock the test moves by hand."""

from __future__ import annotations

import pytest


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()
