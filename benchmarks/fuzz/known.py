"""Failures the fuzz finds whose fixes belong to other work (issue #13): told apart from new ones, so that the short
fuzz test fails on anything new while these are open. Delete an entry once its fix is merged; with none left, the
test that wants no failure at all stops being an expected failure. (Fixed since they were found and so gone from
here: lobby threads asked twice or in a thread, /ludo leave twice, the deadline worker's traceback on an outage,
a claim retried after its reply came late left unanswered, /ludo board at the same moment as a click, boards left
with buttons by messages posted at the same moment and by buttons copied into another channel, and issue 43's
channels asked again after refusing the bot for good.)"""

from __future__ import annotations

from dataclasses import dataclass

from benchmarks.fuzz.ledger import Failure


@dataclass(frozen=True)
class Known:
    area: str  # the work that fixes it
    invariant: str
    text: str  # in the failure's detail
    reason: str

    def matches(self, failure: Failure) -> bool:
        return failure.invariant == self.invariant and self.text in failure.detail


KNOWN: tuple[Known, ...] = ()


def known(failure: Failure) -> Known | None:
    """The known bug a failure is, if any."""
    return next((entry for entry in KNOWN if entry.matches(failure)), None)
