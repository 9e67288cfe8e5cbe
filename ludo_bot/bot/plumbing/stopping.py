"""Stopping on a signal: SIGTERM (`docker stop`, a service manager) or SIGINT (Ctrl-C) asks for a clean stop, and
a second one ends the process at once.

A container's main process is PID 1, for which a signal without a handler does nothing: without these handlers
`docker stop` waited its 10 s and killed the bot.

What must still happen before such an abrupt end (stopping the embedded Redis servers the process started) is passed
in by the wiring (`bot.cli`, the playground): ludo_bot/bot/ reaches storage only through the service and that
wiring.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import time
from collections.abc import Callable, Iterator

logger = logging.getLogger(__name__)
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


@contextlib.contextmanager
def on_stop_signal(stop: Callable[[], object], *, before_exit: Callable[[], object]) -> Iterator[None]:
    """While inside, the first SIGTERM or SIGINT calls `stop()` (which starts the clean stop and returns); a second
    calls `before_exit()` (which must not wait: e.g. ask the embedded Redis servers this process started to stop,
    they save their data on their own) and ends the process at once. Outside the main thread, or where the loop
    cannot take signal handlers, nothing is installed."""
    loop = asyncio.get_running_loop()
    received: list[int] = []
    since = 0.0

    def handle(signum: int) -> None:
        nonlocal since
        received.append(signum)
        name = signal.Signals(signum).name
        if len(received) == 1:
            since = time.monotonic()
            logger.warning("%s: stopping cleanly (a second signal ends the process at once)", name)
            stop()
            return
        logger.error("%s, a second signal: ending the process at once", name)
        before_exit()
        logging.shutdown()
        os._exit(128 + signum)

    installed = []
    for number in STOP_SIGNALS:
        try:
            loop.add_signal_handler(number, handle, number)
        except (NotImplementedError, RuntimeError, ValueError):  # (Windows; not the main thread)
            continue
        installed.append(number)
    try:
        yield
    finally:
        for number in installed:
            loop.remove_signal_handler(number)
        if received:
            logger.info("stopped cleanly %.2f s after %s", time.monotonic() - since, signal.Signals(received[0]).name)
