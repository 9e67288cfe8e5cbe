"""Failures the fuzz finds whose fixes are being made in other branches (issue #13): told apart from new ones,
so that the short fuzz test fails on anything new while these are open. Delete an entry once its fix is merged;
with none left, the test that wants no failure at all stops being an expected failure."""

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


_THREAD_TWICE = ("a lobby with the thread option whose Start is pressed again after its thread was made (the first "
                 "Start failed after creating it, or two at once) asks Discord for a second thread of the lobby "
                 "message (400, code 160004): an unexpected error, and the lobby never starts")
_THREAD_IN_THREAD = ("/ludo start thread:True run inside a game's thread: Start asks Discord for a thread of a "
                     "message in a thread (400, code 50024): an unexpected error, and the lobby never starts")
_CLAIM = ("a click whose claim reply does not come within the 0.4 s read timeout (swallowed after the script "
          "ran, a connection cut, Redis paused, or just a busy event loop) is sent again by redis-py; the retry "
          "finds the click claimed, by this very process, and takes it for another's (`Duplicate`, or a lobby "
          "click's claim False): nobody answers it (repro: proxy.swallow(commands={'EVALSHA'}, times=1), then "
          "click Roll)")
_ANNOUNCE = ("a reminder or time-out shown while Redis does not answer (the new message's id not saved: "
             "`LiveMessages.replaced`) is logged as an error with a traceback ('deadline ... failed'): the "
             "deadline worker takes a storage outage in `announce` for a bug")
KNOWN = (
    Known("lobby threads", "discord", "A thread has already been created for this message", _THREAD_TWICE),
    Known("lobby threads", "traceback", "A thread has already been created for this message", _THREAD_TWICE),
    Known("lobby threads", "discord", "Cannot execute action on this channel type (code 50024)", _THREAD_IN_THREAD),
    Known("lobby threads", "traceback", "Cannot execute action on this channel type", _THREAD_IN_THREAD),
    Known("/ludo leave twice", "traceback", "is not playing",
          "/ludo leave by a member who already left the game: engine.IllegalAction 'seat N is not playing', "
          "answered as an unexpected error"),
    Known("claim idempotency", "answered", " click ludo:", _CLAIM),
    Known("worker error survival", "traceback", "bot.deadline_worker ERROR: deadline ", _ANNOUNCE),
)


def known(failure: Failure) -> Known | None:
    """The known bug a failure is, if any."""
    return next((entry for entry in KNOWN if entry.matches(failure)), None)
