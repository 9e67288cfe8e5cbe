"""Cooldowns on the expensive commands: after a replay, a verification, an export or a board, the same user waits a
while before the next one of that kind, in every bot process (the waits live in Redis, `storage.cooldowns`). The
refusal says when to come back. No Discord here.

A replay draws hundreds of pictures (or uploads megabytes); verify replays the whole game; export sends its file;
a board posts to the channel (and deletes): each a button away for anyone, so a script or an impatient member
could otherwise keep a bot process, or the channel's rate limits, busy on their own.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping

from ludo_bot.service.errors import Refused
from ludo_bot.storage import Storage

# Seconds a user waits between two uses of a command. A replay is kept once drawn, but each one still uploads
# megabytes; a repost is a channel message (Discord allows 5 per 5 s in a channel) and a delete. A review takes
# seconds of a worker process the first time (kept after), and posting one puts four pictures in the channel.
COOLDOWNS: Mapping[str, float] = {"replay": 30.0, "verify": 10.0, "export": 10.0, "board": 10.0, "review": 10.0,
                                  "review_post": 30.0}


class Cooldowns:
    """Per-user waits between uses of the expensive commands (0 seconds: that command has none)."""

    def __init__(self, storage: Storage, seconds: Mapping[str, float] | None = None) -> None:
        self.storage = storage
        self.seconds = {**COOLDOWNS, **(seconds or {})}

    async def take(self, user_id: int, command: str) -> None:
        """Start the user's wait on `command`, or `Refused` ("refused.wait_<command>", with the time when the wait
        ends) while one runs. Call it once the request is known to be served (a typo costs no wait)."""
        seconds = self.seconds.get(command, 0.0)
        if seconds <= 0:
            return
        left = await self.storage.cooldowns.take(user_id, command, seconds)
        if left > 0:
            raise Refused(f"refused.wait_{command}", at=math.ceil(time.time() + left), seconds=math.ceil(left))
