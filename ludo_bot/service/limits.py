"""Limits on opening lobbies: the numbers the bot uses unless its settings say otherwise, and the refusal a player
reads. The counting is storage's (`storage.limits`), shared by every bot process. No Discord here.

They limit what is open at one moment and how fast lobbies are opened, never how many someone opened lately: a
player who opens, cancels and reopens a lobby to try options, or plays one quick game after another, is not
refused, while a few accounts can neither hold a server's games nor flood it with lobbies.

- Open at once: a user hosts at most `OPEN_PER_USER` open lobbies in a guild (not started, cancelled or expired),
  counting the games they play alone against AI seats there, as the one person still playing
  (`storage.playing_alone`): AI seats play every turn that times out, so such a game holds a guild's place for days,
  played or not, and one member needs nobody to start fifty of them (a game with other people needs them to join).
  A guild has at most `OPEN_PER_GUILD` open lobbies plus active games. A lobby or game frees its place when it is
  cancelled, started (the host's place, unless they play it alone), finishes or is ended; one that expired, whose
  release was lost, or that no longer counts (its person left it) is found gone the next time the count is full. A
  member with Manage Server ends every game and lobby one member holds at once (`service.moderation`). A channel
  holds one lobby or game anyway (`ChannelBusy`).
- Bursts: a token bucket per user in a guild and one per guild. Opening a lobby takes a token; the bucket refills
  one token per refill period up to its capacity.
- Only a lobby that opens counts: a refused attempt (by a limit, a busy channel, impossible options) takes nothing.
- 0 turns a limit off (the benchmarks do).
"""

from __future__ import annotations

import math

from ludo_bot.service.words.i18n import Phrase
from ludo_bot.storage import LobbyLimits, OverLimit

# A host needs one lobby at a time, two or three when they set up games in several channels or threads at once;
# more is someone holding channels rather than waiting for players.
OPEN_PER_USER = 3
# A busy community server runs a dozen games at once; 50 leaves room for events while bounding what a few accounts
# can hold (each lobby or game is a live message with buttons and deadlines the bot serves).
OPEN_PER_GUILD = 50
# 12 in a row: a player cycling open/cancel ten times, even instantly, still has tokens to spare. One more every
# 5 s (12 a minute) is faster than anyone opens lobbies by hand (typing the command, choosing options, looking at
# the lobby), while a script or macro opening as fast as Discord lets it is stopped after 12.
BURST_USER, REFILL_USER = 12, 5.0
# A guild's bucket holds more than its open places, so an event can fill every place at once; 30 a minute go on
# (one per 2 s), far above what people in one server open, so only several accounts flooding together meet it.
BURST_GUILD, REFILL_GUILD = 60, 2.0

DEFAULT_LIMITS = LobbyLimits(open_per_user=OPEN_PER_USER, open_per_guild=OPEN_PER_GUILD, burst_user=BURST_USER,
                             refill_user=REFILL_USER, burst_guild=BURST_GUILD, refill_guild=REFILL_GUILD)


def refusal(over: OverLimit) -> Phrase:
    """What a player reads when a limit refuses their lobby: which limit, and what to close (open lobbies or
    games) or when to try again (bursts: `at`, whole epoch seconds, which the text shows as a Discord timestamp)."""
    if over.limit == "user_open":
        return Phrase("refused.user_alone" if over.alone else "refused.user_open", most=over.most)
    if over.limit == "guild_open":
        return Phrase("refused.guild_open", most=over.most)
    at = math.ceil(over.retry_at or 0.0)
    if over.limit == "user_burst":
        return Phrase("refused.user_burst", at=at)
    return Phrase("refused.guild_burst", at=at)
