"""Work shared by everyone asking for it at once: one task per key (a game's replay in a language, its review), which
each asker awaits; one asker going away does not stop it for the others."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Hashable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class SingleFlight(Generic[T]):
    """The tasks under way, by key."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._tasks: dict[Hashable, asyncio.Task[T]] = {}

    def __len__(self) -> int:
        return len(self._tasks)

    def has(self, key: Hashable) -> bool:
        """Whether work on `key` is under way."""
        return key in self._tasks

    async def result(self, key: Hashable, work: Callable[[], Coroutine[Any, Any, T]]) -> T:
        """The result of the work on `key`: the task under way, or `work()` started now."""
        task = self._tasks.get(key)
        if task is None:
            task = asyncio.create_task(work(), name=f"ludo-{self.name}-{key}")
            self._tasks[key] = task
            task.add_done_callback(lambda done: self._finished(key, done))
        return await asyncio.shield(task)

    def _finished(self, key: Hashable, task: asyncio.Task[T]) -> None:
        self._tasks.pop(key, None)
        if not task.cancelled():
            task.exception()  # read, so that a failure nobody waited for any more is not reported as unread

    async def cancel(self, timeout: float) -> None:
        """Stop the work under way (waiting `timeout` seconds at most for it to end)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)
