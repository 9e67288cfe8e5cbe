"""Failures the fuzz finds whose fixes belong to other work (issue #13): told apart from new ones, so that the short
fuzz test fails on anything new while these are open. Delete an entry once its fix is merged; with none left, the
test that wants no failure at all stops being an expected failure. (Fixed since they were found and so gone from
here: lobby threads asked twice or in a thread, /ludo leave twice, the deadline worker's traceback on an outage,
a claim retried after its reply came late left unanswered, /ludo board at the same moment as a click.)"""

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


_BOARDS = ("boards left with buttons, so a channel does not come to rest with one board per game (README, 'What the "
           "channel shows'): at the end of a run a game that is over still offers its buttons on an older message "
           "('This game is over' to every click on it), or a game in play on two; seen with clicks at the same "
           "moment, time-outs and reminders posting new messages, and Redis faults. The live message's bookkeeping "
           "(bot/live.py) is not this branch's work: found here, left for whoever owns it")
KNOWN = (
    Known("live message bookkeeping", "rest", "offer buttons of game", _BOARDS),
)


def known(failure: Failure) -> Known | None:
    """The known bug a failure is, if any."""
    return next((entry for entry in KNOWN if entry.matches(failure)), None)
