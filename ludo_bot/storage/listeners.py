"""Whose is a localhost port: whether a given process of this user listens on it, as the system reports it (Linux's
/proc), so that the embedded server's password goes only to the server the bot started, never to a stranger that
took the port while that server was down.

>>> holds_port(os.getpid(), 6379)       # doctest: +SKIP
False
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

_PROC = Path("/proc")
_LISTEN = "0A"  # a TCP socket's state in /proc/net/tcp: listening


def _listening_inodes(port: int) -> set[str] | None:
    """The inodes of the sockets listening on TCP `port` (IPv4 and IPv6), or None where the system does not say."""
    found: set[str] = set()
    tables = [_PROC / "net" / name for name in ("tcp", "tcp6")]
    if not tables[0].exists():
        return None
    for table in tables:
        try:
            lines = table.read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) > 9 and fields[3] == _LISTEN and int(fields[1].rsplit(":", 1)[1], 16) == port:
                found.add(fields[9])
    return found


def _alive_and_ours(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # (refused for another user's process, unless this one is root)
    except OSError:
        return False
    return True


def holds_port(pid: int, port: int) -> bool:
    """True if process `pid` runs as this user and holds the socket listening on TCP `port`. Without /proc (macOS)
    it can only be told that `pid` is alive and this user's: a stranger can listen on the port only once the process
    that held it has ended."""
    if pid <= 0 or not _alive_and_ours(pid):
        return False
    inodes = _listening_inodes(port)
    if inodes is None:
        return True
    try:
        if (_PROC / str(pid)).stat().st_uid != os.getuid():  # (root may read every process's descriptors)
            return False
        entries = list((_PROC / str(pid) / "fd").iterdir())
    except OSError:
        return False
    wanted = {f"socket:[{inode}]" for inode in inodes}
    for entry in entries:
        with contextlib.suppress(OSError):  # (a descriptor closed meanwhile)
            if os.readlink(entry) in wanted:
                return True
    return False
