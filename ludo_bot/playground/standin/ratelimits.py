"""Discord's rate limits, enforced by the stand-in so that discord.py's own waiting and retrying is what runs.

Buckets (`StandIn.buckets`, a dict of `BucketSpec`; a test may set an entry: its windows start afresh):
    global               50 per 1 s per bot token; every request counts except the interaction callback.
                         Requests through an interaction's webhook (follow-ups, @original and follow-up
                         get/edit/delete) count too: Discord leaves them out, but a bot under the stricter reading
                         is under Discord's as well.
    channel_create       POST   /channels/{channel_id}/messages               5 per 5 s per channel (a DM channel
                         too: a bot's messages to one user share its bucket)
    channel_edit         PATCH  /channels/{channel_id}/messages/{message_id}  5 per 5 s per channel
    channel_delete       DELETE /channels/{channel_id}/messages/{message_id}  5 per 1 s per channel
    bulk_delete          POST   /channels/{channel_id}/messages/bulk-delete   1 per 1 s per channel (our choice: Discord
                         publishes no figure; one bulk delete replaces up to 100 single ones)
    interaction_webhook  every /webhooks/{application}/{token}... route       5 per 2 s per interaction token
    default              every other route, per route and major parameter      5 per 1 s (our choice: generous enough
                         that start-up, command sync and thread calls never wait in tests, yet a loop that
                         hammers one route does; the callback gets it too, keyed by its interaction; opening DM
                         channels, POST /users/@me/channels, gets it for every user together: Discord publishes no
                         figure)

A window starts at a bucket's first request and closes `per` seconds later; X-RateLimit-Remaining counts down, and
once it is 0 the next request gets a 429 until the window closes. Responses of limited routes carry
X-RateLimit-Limit, -Remaining, -Reset (epoch seconds), -Reset-After (seconds), -Bucket (one opaque hash per route
kind, the same for every channel); 429s add -Scope ("user" or "global"), X-RateLimit-Global for the global bucket,
Retry-After, `Via` (without it discord.py takes a 429 for a Cloudflare ban and gives up) and Discord's JSON body.
The global bucket is checked first: a request its route bucket refuses has taken a global token (it reached the
API), one the global bucket refuses has taken none. A 429 is no violation (discord.py copes); 10,000 responses of
401/403/429 within 10 minutes are (Discord bans the address then). Every request's time, kind and whether it took
a global token are kept for the benchmarks (`StandIn.request_counts`, `StandIn.max_global_per_second`), also with
the limits switched off.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from array import array
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass

from aiohttp import web

API_PREFIX = "/api/v{version}"
KINDS = ("callback", "channel_create", "channel_edit", "channel_delete", "webhook", "other")
"""Kinds of requests counted for the benchmarks (bulk deletes count as channel_delete)."""


@dataclass
class BucketSpec:
    limit: int
    per: float
    """Seconds from a window's first request to its reset."""


DEFAULT_BUCKETS: dict[str, BucketSpec] = {
    "global": BucketSpec(50, 1.0),
    "channel_create": BucketSpec(5, 5.0),
    "channel_edit": BucketSpec(5, 5.0),
    "channel_delete": BucketSpec(5, 1.0),
    "bulk_delete": BucketSpec(1, 1.0),
    "interaction_webhook": BucketSpec(5, 2.0),
    "default": BucketSpec(5, 1.0),
}


def default_buckets() -> dict[str, BucketSpec]:
    return {name: BucketSpec(spec.limit, spec.per) for name, spec in DEFAULT_BUCKETS.items()}


@dataclass(frozen=True)
class RouteRule:
    """How one route (method + path template) is limited and counted."""

    kind: str
    bucket: str
    """The entry of `buckets` that gives the numbers."""
    name: str
    """What the windows are keyed by, with the major parameters: the bucket for a named one, else the route."""
    majors: tuple[str, ...]
    """Path parameters that key the bucket (one bucket per channel, per interaction token, ...)."""
    counts_global: bool
    hash: str


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def classify(method: str, template: str) -> RouteRule:
    """The rule for a route of the stand-in's REST API (`template` as aiohttp spells it, with the /api prefix)."""
    path = template.removeprefix(API_PREFIX)
    if path == "/interactions/{interaction_id}/{token}/callback":
        route = f"{method} {path}"
        return RouteRule("callback", "default", route, ("interaction_id", "token"), False, _hash(route))
    if path.startswith("/webhooks/{app}/{token}"):
        return RouteRule("webhook", "interaction_webhook", "interaction_webhook", ("token",), True,
                         _hash("interaction_webhook"))
    named = {
        ("POST", "/channels/{channel_id}/messages"): ("channel_create", "channel_create"),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}"): ("channel_edit", "channel_edit"),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}"): ("channel_delete", "channel_delete"),
        ("POST", "/channels/{channel_id}/messages/bulk-delete"): ("channel_delete", "bulk_delete"),
    }.get((method, path))
    if named is not None:
        return RouteRule(named[0], named[1], named[1], ("channel_id",), True, _hash(named[1]))
    majors = next(((m,) for m in ("channel_id", "guild_id") if "{" + m + "}" in path), ())
    route = f"{method} {path}"
    return RouteRule("other", "default", route, majors, True, _hash(route))


@dataclass
class RateLimitHit:
    """A 429 the stand-in gave."""

    at: float
    """time.monotonic() of the refused request."""
    bucket: str
    """The bucket's key: "global", or the bucket (or for the default one, the route) and its major parameters:
    "channel_create:123", "GET /channels/{channel_id}:123"."""
    is_global: bool
    route: str
    retry_after: float


@dataclass
class _Window:
    spec: BucketSpec
    started: float
    used: int = 0

    def reset_at(self) -> float:
        return self.started + self.spec.per

    @property
    def limit(self) -> int:
        return self.spec.limit


class Traffic:
    """Every request in compact arrays (the load benchmark makes 100k of them): when, what kind, and whether it
    took a token of the global bucket."""

    def __init__(self) -> None:
        self._at = array("d")
        self._kind = bytearray()
        self._global = bytearray()

    def record(self, at: float, kind: str, counted: bool) -> None:
        self._at.append(at)
        self._kind.append(KINDS.index(kind))
        self._global.append(counted)

    def mark(self) -> int:
        return len(self._kind)

    def counts(self, since: int = 0) -> dict[str, int]:
        kinds = self._kind[since:]
        return {name: kinds.count(index) for index, name in enumerate(KINDS)}

    def max_global_per_window(self, since: int = 0, window: float = 1.0) -> int:
        """The most global-bucket requests in any `window` seconds (sliding, not Discord's fixed windows)."""
        times = [t for t, counted in zip(self._at[since:], self._global[since:], strict=True) if counted]
        best, start = 0, 0
        for end, at in enumerate(times):
            while at - times[start] >= window:
                start += 1
            best = max(best, end - start + 1)
        return best


class Limiter:
    """The buckets of one bot token, the 429s given, the request tally and the 401/403/429 count."""

    def __init__(self, buckets: dict[str, BucketSpec]) -> None:
        self.buckets = buckets
        self.windows: dict[str, _Window] = {}
        self.rules: dict[tuple[str, str], RouteRule] = {}
        self.hits: list[RateLimitHit] = []
        self.traffic = Traffic()
        self.invalid: deque[float] = deque()
        self.banned = False

    def rule(self, method: str, template: str) -> RouteRule:
        found = self.rules.get((method, template))
        if found is None:
            found = self.rules[(method, template)] = classify(method, template)
        return found

    def _window(self, key: str, bucket: str, now: float) -> _Window:
        """The open window of a bucket: a new one once the last reset, or once a test set new numbers."""
        spec = self.buckets[bucket]
        window = self.windows.get(key)
        if window is None or window.spec is not spec or now >= window.reset_at():
            window = self.windows[key] = _Window(spec, now)
        return window

    def admit(self, rule: RouteRule, params: Mapping[str, str], route: str, *, enforce: bool,
              now: float | None = None) -> tuple[dict[str, str], web.Response | None]:
        """Count a request; with `enforce`, take its tokens. Returns the rate limit headers for its response and,
        when a bucket is empty, the 429 to answer instead."""
        now = time.monotonic() if now is None else now
        if not enforce:
            self.traffic.record(now, rule.kind, rule.counts_global)
            return {}, None
        key = ":".join((rule.name, *(params.get(m, "") for m in rule.majors)))
        window = self._window(key, rule.bucket, now)
        if rule.counts_global:
            glob = self._window("global", "global", now)
            if glob.used >= glob.limit:
                self.traffic.record(now, rule.kind, False)
                return {}, self._refuse("global", glob, rule, window, route, now)
            glob.used += 1
        self.traffic.record(now, rule.kind, rule.counts_global)
        if window.used >= window.limit:
            return {}, self._refuse(key, window, rule, window, route, now)
        window.used += 1
        return _headers(rule, window, now), None

    def _refuse(self, key: str, full: _Window, rule: RouteRule, window: _Window, route: str,
                now: float) -> web.Response:
        retry_after = _ceil_ms(full.reset_at() - now)
        is_global = key == "global"
        self.hits.append(RateLimitHit(now, key, is_global, route, retry_after))
        body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global, "code": 0}
        response = web.Response(body=json.dumps(body).encode(), status=429, content_type="application/json")
        response.headers.update(_headers(rule, window, now))
        response.headers.update({
            "X-RateLimit-Scope": "global" if is_global else "user",
            "Retry-After": str(math.ceil(retry_after)),
            "Via": "1.1 google",
        })
        if is_global:
            response.headers["X-RateLimit-Global"] = "true"
        return response

    def note_status(self, status: int, now: float, *, limit: int, window: float) -> bool:
        """Count a 401/403/429 answer; True the moment more than `limit` fell within `window` seconds."""
        if status not in (401, 403, 429):
            return False
        self.invalid.append(now)
        while self.invalid and now - self.invalid[0] > window:
            self.invalid.popleft()
        over = len(self.invalid) > limit
        crossed = over and not self.banned
        self.banned = over
        return crossed


def _ceil_ms(seconds: float) -> float:
    """Rounded up to whole milliseconds, so that a client waiting this long finds the window reset."""
    return max(math.ceil(seconds * 1000) / 1000, 0.001)


def _headers(rule: RouteRule, window: _Window, now: float) -> dict[str, str]:
    reset_after = _ceil_ms(window.reset_at() - now)
    return {
        "X-RateLimit-Limit": str(window.limit),
        "X-RateLimit-Remaining": str(max(window.limit - window.used, 0)),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": rule.hash,
    }
