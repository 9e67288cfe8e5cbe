"""Failures the fuzz finds whose fixes belong to other work (issue #13): told apart from new ones, so that the short
fuzz test fails on anything new while these are open. Delete an entry once its fix is merged; with none left, the
test that wants no failure at all stops being an expected failure."""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks.fuzz.checks import Failure


@dataclass(frozen=True)
class Known:
    area: str  # the work that fixes it
    invariant: str
    text: str  # in the failure's detail
    reason: str

    def matches(self, failure: Failure) -> bool:
        return failure.invariant == self.invariant and self.text in failure.detail


_CLAIM = ("a click whose claim reply does not come within the 0.4 s read timeout (swallowed after the script "
          "ran, a connection cut, Redis paused, or just a busy event loop) is sent again by redis-py; the retry "
          "finds the click claimed, by this very process, and takes it for another's (`Duplicate`, or a lobby "
          "click's claim False): nobody answers it (repro: proxy.swallow(commands={'EVALSHA'}, times=1), then "
          "click Roll)")

_BOARDS = ("boards with buttons left behind, so a channel does not come to rest with one board per game (README, "
           "'What the channel shows'): `/ludo board` at the same moment as a click posts two boards, each deleting "
           "only the message it replaced or that was clicked (repro: gather a click on the live message and "
           "/ludo board, then two messages keep buttons); a /ludo end that reads the game before the new message "
           "a click just posted is remembered edits the old message, and the new one keeps its buttons under an "
           "ended game ('This game is over' to every click on it)")
KNOWN = (
    Known("claim idempotency", "answered", " click ludo:", _CLAIM),
    Known("/ludo board repost (and the live message's bookkeeping)", "rest", "offer buttons of game", _BOARDS),
)


def known(failure: Failure) -> Known | None:
    """The known bug a failure is, if any."""
    return next((entry for entry in KNOWN if entry.matches(failure)), None)
