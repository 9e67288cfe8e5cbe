"""Tokens that tell one write or claim from another (a retried script finds its own first write by them).

They need to be unique, not secret: nobody can choose them but the process that writes them. So they come from a
process-wide generator seeded once from the system's randomness, not from `secrets` at every call: two system
calls per click were 1.5 % of a bot process's busy time in `benchmarks.load`'s profile.
"""

from __future__ import annotations

import random
import secrets

_TOKENS = random.Random(secrets.randbits(128))


def token() -> str:
    """16 hex digits, fresh at every call.

    >>> len(token()), token() != token()
    (16, True)
    """
    return f"{_TOKENS.getrandbits(64):016x}"
