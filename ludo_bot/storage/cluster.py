"""A local Redis Cluster for tests and benchmarks: `nodes` primaries (no replicas) on free localhost ports, each
an `EmbeddedRedis` (same binary, same persistence) with cluster mode on, the 16384 slots split evenly.

>>> cluster = LocalCluster("./cluster")    # doctest: +SKIP
>>> url = cluster.start()                  # 'redis+cluster://127.0.0.1:41234,127.0.0.1:41235,...'  # doctest: +SKIP
>>> cluster.stop()                         # doctest: +SKIP

The slot map lives in each node's nodes.conf, written for the ports of one start: use a fresh folder each time.
The nodes listen on localhost ports, so they require a password (one for all, kept in the folder, see
`storage.server`); the URL carries it.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import cast

import redis

from ludo_bot.storage.client import CLUSTER_SCHEMES
from ludo_bot.storage.server import EmbeddedRedis, EmbeddedRedisError, _free_port, folder_password

SLOTS = 16384
BUS_OFFSET = 10000  # Redis 6.2 puts the cluster bus on port + 10000 (no cluster-port setting before 7.0)
CLUSTER_CONFIG = "cluster-enabled yes\ncluster-config-file nodes.conf\n"


def _port_pair(taken: set[int]) -> int:
    """A free port whose bus port is free too, clear of the ports (and their bus ports) in `taken`."""
    for _ in range(200):
        port = _free_port()
        if port + BUS_OFFSET > 65535 or {port, port + BUS_OFFSET} & (taken | {p + BUS_OFFSET for p in taken}):
            continue
        with contextlib.suppress(OSError):
            _free_port(port + BUS_OFFSET)
            return port
    raise EmbeddedRedisError("no free port pair for a cluster node")


class LocalCluster:
    """`nodes` cluster-mode redis-server child processes with their data under `folder`/node-<n>."""

    def __init__(self, folder: str | os.PathLike[str], nodes: int = 3) -> None:
        self.folder = Path(folder).resolve()
        self.count = nodes
        self.nodes: list[EmbeddedRedis] = []
        self.password = ""

    @property
    def url(self) -> str:
        """The storage URL of the cluster (with its password): every node as a startup node."""
        return f"{CLUSTER_SCHEMES[0]}://:{self.password}@" + ",".join(f"127.0.0.1:{node.port}" for node in self.nodes)

    def start(self, timeout: float = 10.0) -> str:
        """Start the nodes, assign the slots, join them into one cluster, wait until every node serves it."""
        taken: set[int] = set()
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.password = folder_password(self.folder)
        try:
            for n in range(self.count):
                port = _port_pair(taken)
                taken.add(port)
                node = EmbeddedRedis(self.folder / f"node-{n}", port=port, password=self.password,
                                     extra_config=CLUSTER_CONFIG)
                self.nodes.append(node)
                node.start(timeout)
            self._form(timeout)
        except BaseException:
            self.stop()
            raise
        return self.url

    def _form(self, timeout: float) -> None:
        clients = [redis.Redis.from_url(node.url, socket_timeout=timeout, decode_responses=True) for node in self.nodes]
        try:
            for n, client in enumerate(clients):
                # distinct epochs up front: no epoch collision to resolve, the slot map settles at once
                client.cluster("SET-CONFIG-EPOCH", n + 1)
                client.cluster("ADDSLOTS", *range(n * SLOTS // self.count, (n + 1) * SLOTS // self.count))
            for node in self.nodes[1:]:
                clients[0].cluster("MEET", "127.0.0.1", node.port)
            deadline = time.monotonic() + timeout
            while not all(_serving(client, self.count) for client in clients):
                if time.monotonic() > deadline:
                    raise EmbeddedRedisError(f"the cluster did not form within {timeout} s")
                time.sleep(0.05)
        finally:
            for client in clients:
                client.close()

    def stop(self) -> None:
        """Stop every node (cleanly: each writes its append-only file)."""
        nodes, self.nodes = self.nodes, []
        for node in nodes:
            node.stop()

    def __enter__(self) -> LocalCluster:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _serving(client: redis.Redis, count: int) -> bool:
    info = cast(dict[str, str], client.cluster("INFO"))
    return info["cluster_state"] == "ok" and int(info["cluster_known_nodes"]) == count
