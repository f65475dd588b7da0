"""The Neo4j write lease's statements (:meth:`kg.store.neo4j.Neo4jStore.locked`): one kg writer
at a time, named by host and pid, with an expiry its holder renews while it runs."""

from __future__ import annotations

import os
import socket
import uuid
from typing import Any

from neo4j import ManagedTransaction

#: A lease not renewed for this long has lapsed: its holder was killed (renewed every third).
LEASE_SECONDS = 60.0
#: The label of the lease's one node (its uniqueness constraint makes taking it atomic).
LEASE_LABEL = "KgWriteLock"


def new_token() -> str:
    return uuid.uuid4().hex


# The write lease (Neo4jStore.locked). A no-op SET write-locks the lease node first, so the
# read after it sees what another taker committed, and two takers cannot both find it free.
# Expiry is the server's clock: kg processes on several machines need not agree on the time.
_LEASE = "MERGE (l:KgWriteLock {id: 'write'}) SET l.id = l.id"
_LEASE_HOLDER = (
    "MATCH (l:KgWriteLock {id: 'write'}) RETURN l.token AS token, l.host AS host, l.pid AS pid, "
    "coalesce(l.expires, 0) > timestamp() AS live"
)
_CLAIM_LEASE = (
    "MATCH (l:KgWriteLock {id: 'write'}) "
    "SET l.token = $token, l.host = $host, l.pid = $pid, l.expires = timestamp() + $ms"
)
_RENEW_LEASE = (
    "MATCH (l:KgWriteLock {id: 'write'}) WHERE l.token = $token "
    "SET l.expires = timestamp() + $ms RETURN count(l) AS n"
)
RELEASE_LEASE = (
    "MATCH (l:KgWriteLock {id: 'write'}) WHERE l.token = $token "
    "REMOVE l.token, l.host, l.pid, l.expires"
)
#: Tokens of leases this process could not release (Neo4j went down under a build).
ABANDONED: set[str] = set()


def claim_lease(tx: ManagedTransaction, token: str, stale: list[str]) -> dict[str, Any] | None:
    """Claim the lease unless another holder's is live (and not in ``stale``): None when
    claimed, else that holder (token, host, pid)."""
    tx.run(_LEASE).consume()
    row = tx.run(_LEASE_HOLDER).single(strict=True)
    if row["live"] and row["token"] not in (None, token, *stale):
        return row.data()
    tx.run(
        _CLAIM_LEASE,
        token=token,
        host=socket.gethostname(),
        pid=os.getpid(),
        ms=int(LEASE_SECONDS * 1000),
    ).consume()
    return None


def renew_lease(tx: ManagedTransaction, token: str) -> bool:
    row = tx.run(_RENEW_LEASE, token=token, ms=int(LEASE_SECONDS * 1000)).single(strict=True)
    return bool(row["n"])


def died_here(holder: dict[str, Any]) -> bool:
    """The lease's holder ran on this machine and its process is gone (POSIX: on Windows,
    os.kill would end the process it asks about)."""
    if os.name != "posix" or holder["host"] != socket.gethostname() or not holder["pid"]:
        return False
    try:
        os.kill(holder["pid"], 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, another user's
        return False
    return False
