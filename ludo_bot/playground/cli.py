"""`ludo-bot playground [--port 8080] [--host 127.0.0.1] [--members 4] [--data-dir DIR] [--redis-url URL]`: the
playground until Ctrl-C or SIGTERM (a clean stop; a second signal ends it at once, see `bot.plumbing.stopping`).

Games are kept in an embedded Redis whose files go in a fresh temporary folder (removed at the end) unless
`--data-dir` names one; `REDIS_URL` is not used: the playground's games never go to an operator's server unless
`--redis-url` names one. (The stand-in's world is new at every start, so games of an earlier run are not shown
again.) In a container, `--host 0.0.0.0` lets `docker run -p` publish the page.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

from ludo_bot.bot.plumbing.stopping import on_stop_signal
from ludo_bot.playground.world import MEMBERS, NAMES, Playground
from ludo_bot.storage.server import stop_started_at_once


async def serve(port: int, data_dir: str | None = None, *, host: str = "127.0.0.1",
                redis_url: str | None = None, members: int = len(MEMBERS)) -> int:
    """Run the playground on `host`:`port` with `members` members (2 to 8) until a stop signal or cancelled; print
    its address."""
    os.environ.pop("REDIS_URL", None)  # (storage.Storage.open falls back to it)
    stopping = asyncio.Event()
    with (on_stop_signal(stopping.set, before_exit=stop_started_at_once),
          tempfile.TemporaryDirectory(prefix="ludo-playground-") as scratch):
        async with Playground(data_dir=Path(data_dir or scratch), port=port, host=host, redis_url=redis_url,
                              members=NAMES[:members]) as play:
            names = ", ".join(m.username for m in play.members)
            print(f"ludo-bot playground: open {play.url} (members: {names}; Ctrl-C stops it)", flush=True)
            try:
                await stopping.wait()
            finally:
                print("ludo-bot playground: stopping", file=sys.stderr, flush=True)
    return 0
