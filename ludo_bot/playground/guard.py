"""What the page's server answers: its own page only. Any web page the browser opens elsewhere can send requests to
127.0.0.1, and a page whose name is made to resolve to 127.0.0.1 (DNS rebinding) can read the answers too, so:

- the Host a request names must be an IP address, `localhost`, or the host the server was told to serve (`--host`):
  a rebinding page's requests name the rebinding page's own domain, never an address;
- an Origin, which browsers send with every cross-site request and every POST, must be the page's own (the scheme
  and the Host the request names);
- an action (POST) must say its body is JSON: a form or a `text/plain` body is what another site may send without
  asking the browser first (a JSON one is asked about first, and this server answers no such question).

Each refusal is JSON saying why, as every refusal of the page's API is.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Callable

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

WILDCARDS = ("", "0.0.0.0", "::")  # (listening on every address names no host)


def host_name(host: str) -> str:
    """The name in a Host header, without its port or an IPv6 address's brackets, lower-case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def host_allowed(host: str, told: str) -> bool:
    """Whether a request naming `host` (its Host header) reaches this page, which serves on `told` (`--host`)."""
    name = host_name(host)
    if not name:
        return False
    if name == "localhost" or (told not in WILDCARDS and name == host_name(told)):
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def refused(error: type[web.HTTPError], reason: str) -> web.HTTPError:
    """An HTTP error whose JSON says why, as every refusal of the page's API does."""
    return error(text=json.dumps({"error": reason}), content_type="application/json")


def guard(told: Callable[[], str]) -> Middleware:
    """The middleware that refuses what is not the page's own request; `told()`: the host the server serves on."""

    @web.middleware
    async def checked(request: web.Request, handler: Handler) -> web.StreamResponse:
        host = request.headers.get("Host", "")
        if not host_allowed(host, told()):
            raise refused(web.HTTPForbidden, f"this page answers at its own address only, not {host!r}")
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() != f"{request.scheme}://{host}".lower():
            raise refused(web.HTTPForbidden, f"requests from another page ({origin}) are not answered")
        if request.method == "POST" and request.content_type != "application/json":
            raise refused(web.HTTPUnsupportedMediaType, "an action's body must be JSON (application/json)")
        return await handler(request)

    return checked
