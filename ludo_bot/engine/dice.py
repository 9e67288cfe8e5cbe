"""The game's dice: a counter-based generator anyone can recompute from the seed.

Die number `n` of a game (0, 1, 2, ... in the order the dice were rolled, turn-order rolls
first) is read from SHA-512 of the text ``"ludo:<seed>:<n // 16>"``: its bytes are taken in
order, bytes of 252 or more are skipped (so every face is equally likely), and the k-th kept
byte gives die ``16 * block + k`` as ``byte % 6 + 1``. A block that keeps fewer than 16
bytes is extended with SHA-512 of the previous digest. The state stores only the seed and
how many dice were drawn, so a saved game goes on with exactly the dice it would have had.

>>> [die(7, n) for n in range(8)]
[2, 6, 2, 2, 2, 5, 5, 5]
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

BLOCK = 16


_FACES = bytes(b % 6 + 1 for b in range(256))  # byte -> face, as a translation table
_SKIPPED = bytes(range(252, 256))  # bytes that would make some faces likelier


@lru_cache(maxsize=4096)
def _block(seed: int, block: int) -> tuple[int, ...]:
    digest = hashlib.sha512(f"ludo:{seed}:{block}".encode()).digest()
    faces = digest.translate(_FACES, _SKIPPED)
    while len(faces) < BLOCK:
        digest = hashlib.sha512(digest).digest()
        faces += digest.translate(_FACES, _SKIPPED)
    return tuple(faces[:BLOCK])


def die(seed: int, index: int) -> int:
    """The value 1-6 of die number `index` of the game with this seed."""
    return _block(seed, index // BLOCK)[index % BLOCK]


def dice(seed: int, start: int, count: int) -> tuple[int, ...]:
    """`count` dice starting at number `start`."""
    return tuple(die(seed, i) for i in range(start, start + count))
