"""`ludo-bot playground [--port 8080] [--data-dir DIR]`: the playground until Ctrl-C.

Games are kept in an embedded Redis whose files go in a fresh temporary folder (removed at the end) unless
`--data-dir` names one; `REDIS_URL` is not used: the playground's games never go to an operator's server. (The
stand-in's world is new at every start, so games of an earlier run are not shown again.)
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

from playground.world import Playground


async def serve(port: int, data_dir: str | None = None) -> int:
    """Run the playground on 127.0.0.1:`port` until cancelled; print its address."""
    os.environ.pop("REDIS_URL", None)  # (storage.Storage.open falls back to it)
    with tempfile.TemporaryDirectory(prefix="ludo-playground-") as scratch:
        async with Playground(data_dir=Path(data_dir or scratch), port=port) as play:
            names = ", ".join(m.username for m in play.members)
            print(f"ludo-bot playground: open {play.url} (members: {names}; Ctrl-C stops it)", flush=True)
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                print("ludo-bot playground: stopping", file=sys.stderr, flush=True)
    return 0
