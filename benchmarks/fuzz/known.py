"""Failures the fuzz finds whose fixes belong to other work (issue #13): told apart from new ones, so that the short
fuzz test fails on anything new while these are open. Delete an entry once its fix is merged; with none left, the
test that wants no failure at all stops being an expected failure. (Fixed since they were found and so gone from
here: lobby threads asked twice or in a thread, /ludo leave twice, the deadline worker's traceback on an outage,
a claim retried after its reply came late left unanswered, /ludo board at the same moment as a click, boards left
with buttons by messages posted at the same moment and by buttons copied into another channel.)"""

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


REFUSALS = "issue 43, the bot's side of refusals (branch refusals)"
KNOWN: tuple[Known, ...] = (
    Known(REFUSALS, "refusals", "asked again what waiting will not change",
          "a channel that refused the bot is asked again: the outbox remembers no refusal, the deadline worker posts "
          "reminders and time-outs into it, a tournament's tables are tried every 30 s"),
    Known(REFUSALS, "refusals", "neither moved to answering by interaction only nor ended",
          "a game whose channel refused the bot goes on posting there"),
    Known(REFUSALS, "rest", "neither opened nor settled, its channel refusing the bot",
          "a table whose thread Discord refuses is tried again until its round's deadline"),
    Known(REFUSALS, "traceback", "Forbidden: 403 Forbidden (error code: 500",
          "the deadline worker logs a refused post with a traceback"),
    Known(REFUSALS, "traceback", "NotFound: 404 Not Found (error code: 10003)",
          "the deadline worker logs a post to a deleted channel with a traceback"),
)


def known(failure: Failure) -> Known | None:
    """The known bug a failure is, if any."""
    return next((entry for entry in KNOWN if entry.matches(failure)), None)
