"""The Neo4j store: the same graph as the embedded store, in a Neo4j 5 server over Bolt.

Every write is a batch, ``UNWIND $rows AS row … MERGE`` on ``(label, id)`` behind a uniqueness
constraint (cypher/schema.cypher, applied before the first write), inside a managed transaction
(``execute_write``), so a transient error or a cluster leader switch is retried by the driver and a
rebuild is idempotent. Labels and relationship types are the only parts of a statement not passed
as parameters: they come from the fixed vocabulary in kg.graph, never from input.

``neo4j://`` URIs route, so a cluster or Aura is only a different NEO4J_URI. The password is held
by the driver alone and scrubbed from any error message that reaches the user.

One kg writer at a time: :meth:`Neo4jStore.locked` holds a lease, a ``KgWriteLock`` node naming
its holder and an expiry the holder renews while it runs (so the lease of a killed build lapses
after ``LEASE_SECONDS``). A build holds it from reading the stored author positions to its last
write, so a second build resolves who is who over the first one's papers too, and never deletes
author positions it did not read.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import networkx as nx
from neo4j import Driver, GraphDatabase, ManagedTransaction, NotificationDisabledClassification
from neo4j import exceptions as neo4j_errors
from neo4j.graph import Node as Neo4jNode
from neo4j.graph import Path as Neo4jPath
from neo4j.graph import Relationship as Neo4jRelationship

from kg import __version__
from kg.config import DEFAULT_LOCK_TIMEOUT, Settings
from kg.errors import (
    ConfigError,
    QueryError,
    StoreAuthError,
    StoreBusy,
    StoreError,
    StoreUnavailable,
)
from kg.graph import EntityLink, GraphData, Node, Rel
from kg.identity import AuthorMention
from kg.index import NAME_QUERIES, GraphIndex, NameEntry, build_index, entry_of_row, index_for
from kg.schema import (
    AUTHOR_LABELS,
    AUTHOR_RELS,
    LIST_PROPS,
    NODE_LABELS,
    REL_TYPES,
    NodeKey,
)
from kg.store.base import Counts, Progress, stored_mentions
from kg.store.lease import (
    ABANDONED,
    LEASE_LABEL,
    LEASE_SECONDS,
    RELEASE_LEASE,
    claim_lease,
    died_here,
    new_token,
    renew_lease,
)
from kg.store.neo4j_fresh import chunks as _chunks
from kg.store.neo4j_fresh import drop_schema_queries, node_row, storable, write_fresh
from kg.store.neo4j_read import entity_links, neighbourhood, whole_graph
from kg.store.neo4j_statements import (
    AUTHORS_OF_PAPERS,
    CREATE_COAUTHORS,
    DELETE_COAUTHORS,
    LOCK_AUTHORS,
    ident,
    merge_nodes_query,
    merge_rels_query,
    schema_statements,
)

if TYPE_CHECKING:
    from kg.queries.registry import NamedQuery

# The driver logs a lost routing table or connection as a warning before raising; kg reports the
# raised error itself, so without logging configured the same news should not print twice.
logging.getLogger("neo4j").addHandler(logging.NullHandler())

# kg/cypher links to the top-level cypher/ folder, so wheels ship the queries too

#: Rows per write transaction. Papers carry their abstracts (~1–2 kB), so 1,000 rows is a
#: transaction of a few MB: large enough that Bolt round trips don't dominate, small enough
#: for a 512 MB heap.
BATCH_SIZE = 1000
#: Nodes or relationships removed per transaction by ``fresh``.
DELETE_BATCH = 10_000
#: Authors whose COAUTHOR relationships are recomputed per transaction.
COAUTHOR_BATCH = 2000


#: Bolt schemes only: ``+s`` verifies TLS, ``+ssc`` accepts self-signed certificates; ``neo4j``
#: routes (clusters, Aura), ``bolt`` talks to one server.
URI_SCHEMES = frozenset({"bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc"})

T = TypeVar("T")

_UNAVAILABLE = (
    neo4j_errors.ServiceUnavailable,
    neo4j_errors.SessionExpired,
    neo4j_errors.ConnectionAcquisitionTimeoutError,
    neo4j_errors.DatabaseUnavailable,
    neo4j_errors.IncompleteCommit,
    OSError,
)


class Neo4jUnavailable(StoreUnavailable):
    """Neo4j did not answer; ``reason`` is the short cause ("Connection refused")."""

    def __init__(self, message: str, *, location: str, reason: str) -> None:
        super().__init__(message)
        self.location = location
        self.reason = reason


class Neo4jStore:
    backend = "neo4j"

    def __init__(
        self,
        driver: Driver,
        *,
        location: str,
        user: str,
        database: str | None = None,
        batch_size: int = BATCH_SIZE,
        secret: str | None = None,
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
    ) -> None:
        self._driver = driver
        self.location = location
        self.user = user
        self.database = database
        self.batch_size = batch_size
        self.lock_timeout = lock_timeout
        self._secret = secret
        self._schema_applied = False
        self._lease_depth = 0  # locked() is re-entrant

    def __repr__(self) -> str:
        return f"Neo4jStore({self.location!r}, user={self.user!r})"

    @classmethod
    def connect(
        cls,
        settings: Settings,
        *,
        batch_size: int = BATCH_SIZE,
        retry_seconds: float = 30.0,
        timeout: float = 10.0,
    ) -> Neo4jStore:
        """Open a driver and check that the server answers and accepts the credentials.

        ``retry_seconds`` bounds how long a write transaction is retried on transient errors
        (lost connection, leader switch, deadlock) before the write fails.
        """
        if not settings.neo4j_uri:
            raise ConfigError("no Neo4j URI: pass --neo4j-uri or set NEO4J_URI")
        location = redact_uri(settings.neo4j_uri)
        scheme = settings.neo4j_uri.partition("://")[0].lower()
        if scheme not in URI_SCHEMES or "://" not in settings.neo4j_uri:
            raise ConfigError(
                f"cannot use the Neo4j URI {location}: the scheme must be one of "
                f"{', '.join(sorted(URI_SCHEMES))} (e.g. bolt://localhost:7687, or "
                "neo4j+s://<id>.databases.neo4j.io for Aura)"
            )
        if location != settings.neo4j_uri:
            raise ConfigError(
                f"the Neo4j URI {location} carries credentials: remove them from the URI and "
                "set NEO4J_USER / NEO4J_PASSWORD instead"
            )
        auth = (
            (settings.neo4j_user, settings.neo4j_password)
            if settings.neo4j_password is not None
            else None
        )
        try:
            driver = GraphDatabase.driver(
                settings.neo4j_uri,
                auth=auth,
                connection_timeout=timeout,
                connection_acquisition_timeout=timeout * 2,
                max_transaction_retry_time=retry_seconds,
                user_agent=f"kg/{__version__}",
                # "label / property does not exist" depends on the data (an empty graph, papers
                # without a year), not on the query: not news for a user. Deprecation and
                # performance notes stay on, so tests can keep the Cypher free of them.
                notifications_disabled_classifications=[
                    NotificationDisabledClassification.UNRECOGNIZED
                ],
            )
        except (ValueError, neo4j_errors.ConfigurationError) as exc:
            reason = _first_line(exc)
            if settings.neo4j_password:
                reason = reason.replace(settings.neo4j_password, "***")
            raise ConfigError(
                f"cannot use the Neo4j URI {location}: {reason} "
                "(expected e.g. bolt://localhost:7687 or neo4j+s://<id>.databases.neo4j.io)"
            ) from None
        store = cls(
            driver,
            location=location,
            user=settings.neo4j_user,
            database=settings.neo4j_database,
            batch_size=batch_size,
            secret=settings.neo4j_password,
            lock_timeout=settings.lock_timeout,
        )
        try:
            with store._translate_errors("connect to"):
                driver.verify_connectivity()
        except StoreError:
            driver.close()
            raise
        return store

    # --- the GraphStore contract ------------------------------------------------------------

    def write(
        self, graph: GraphData, *, fresh: bool = False, progress: Progress | None = None
    ) -> None:
        written = 0
        total = len(graph.nodes) + len(graph.rels)

        def advance(n: int) -> None:
            nonlocal written
            written += n
            if progress:
                progress(n)

        try:
            with self._translate_errors("write to"), self.locked():
                if fresh:  # nothing of kg's left: CREATE what Python de-duplicated
                    self._write_fresh(graph, advance)
                    return
                before = self._author_layer() if graph.authors_complete and not fresh else None
                # An author layer resolved again replaces what its nodes and relationships say
                # (a merge's reasons change as evidence grows), as the embedded store does.
                renew = AUTHOR_LABELS + AUTHOR_RELS if graph.authors_complete else ()
                for label, nodes in graph.nodes_by_label().items():
                    self._write_nodes(label, nodes, advance, replace=label in renew)
                for (type_, start, end), rels in graph.rels_by_type().items():
                    self._write_rels(type_, start, end, rels, advance, replace=type_ in renew)
                if before is not None:
                    self._drop_stale_authors(before, graph)
                self._delete_nodes(graph.removed)
                papers = sorted({rel.end[1] for rel in graph.rels if rel.type == "AUTHORED"})
                self._recompute_coauthors(papers)
        except Neo4jUnavailable as exc:
            raise Neo4jUnavailable(
                f"lost Neo4j at {self.location} during the write ({exc.reason}) after "
                f"{written:,} of {total:,} nodes and relationships. Rerun the same command once "
                "Neo4j is back: writes MERGE on ids, so the rerun completes the graph without "
                "duplicates.",
                location=self.location,
                reason=exc.reason,
            ) from None

    def entity_links(self, ids: Collection[str]) -> list[EntityLink]:
        return entity_links(self.run, sorted(set(ids)), self.batch_size)

    def counts(self) -> Counts:
        def work(tx: ManagedTransaction) -> Counts:
            # Per-label and per-type counts come from Neo4j's count store: no scan.
            nodes = {
                label: tx.run(f"MATCH (n:{ident(label)}) RETURN count(n) AS n").single(strict=True)[
                    "n"
                ]
                for label in NODE_LABELS
            }
            rels = {
                type_: tx.run(f"MATCH ()-[r:{ident(type_)}]->() RETURN count(r) AS n").single(
                    strict=True
                )["n"]
                for type_ in REL_TYPES
            }
            return Counts(
                nodes={k: v for k, v in nodes.items() if v},
                rels={k: v for k, v in rels.items() if v},
            )

        with self._translate_errors("read from"):
            return self._read(work)

    def coauthor_weights(self) -> dict[tuple[str, str], tuple[int, float]]:
        rows = self.run(
            "MATCH (a:Author)-[r:COAUTHOR]->(b:Author) "
            "RETURN a.id AS a, b.id AS b, r.papers AS papers, r.weight AS weight"
        )
        return {(r["a"], r["b"]): (r["papers"], r["weight"]) for r in rows}

    def author_mentions(self) -> list[AuthorMention]:
        papers = {
            row["id"]: row
            for row in self.run(
                "MATCH (p:Paper) WHERE EXISTS { (p)<-[:AUTHORED]-() } "
                "RETURN p.id AS id, p.title AS title, p.abstract AS abstract, "
                "p.venue AS venue, p.year AS year"
            )
        }
        rows = self.run(
            "MATCH (a:Author)-[r:AUTHORED]->(p:Paper) "
            "RETURN p.id AS paper, r {.*, author_name: a.name} AS r"
        )
        institutions = {
            row["id"]: row["name"]
            for row in self.run("MATCH (i:Institution) RETURN i.id AS id, i.name AS name")
        }
        return stored_mentions(papers, [(row["paper"], row["r"]) for row in rows], institutions)

    def to_networkx(self) -> nx.MultiDiGraph:
        """The whole kg graph in the embedded store's layout (nulls absent: Neo4j stores none)."""
        return whole_graph(self.run)

    def close(self) -> None:
        self._driver.close()

    # --- reading ------------------------------------------------------------------------------

    def index(self, *, around: NodeKey | None = None, hops: int = 0) -> GraphIndex:
        if around is None:
            return index_for(self.to_networkx())
        graph, degrees = neighbourhood(self.run, around, hops)  # what an ego view shows and says
        ix = build_index(graph)
        ix.degree = Counter(degrees)  # every relationship, as the whole graph would count
        return ix

    def run_query(self, query: NamedQuery, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        return query.on_cypher(self.run, params)

    def run_cypher(
        self, cypher: str, params: Mapping[str, Any] | None = None, *, write: bool = False
    ) -> list[dict[str, Any]]:
        return self.run(cypher, dict(params or {}), write=write)

    def name_entries(self, labels: Sequence[str]) -> list[NameEntry]:
        return [entry_of_row(lab, row) for lab in labels for row in self.run(NAME_QUERIES[lab])]

    def labels_with_id(self, labels: Sequence[str], id_: str) -> list[str]:
        # one label at a time: each lookup uses that label's id constraint
        query = "MATCH (n:{} {{id: $id}}) RETURN count(n) AS n"
        return [lab for lab in labels if self.run(query.format(ident(lab)), {"id": id_})[0]["n"]]

    def run(
        self, cypher: str, params: dict[str, Any] | None = None, *, write: bool = False
    ) -> list[dict[str, Any]]:
        """Run one statement in a managed transaction; rows as plain dicts (nodes and
        relationships become dicts of their properties)."""

        def work(tx: ManagedTransaction) -> list[dict[str, Any]]:
            result = tx.run(cypher, params or {})
            return [{key: plain(value) for key, value in record.items()} for record in result]

        with self._translate_errors("query"):
            return self._write(work) if write else self._read(work)

    # --- one writer at a time -----------------------------------------------------------------

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold kg's write lease on this database (waiting up to ``lock_timeout`` s for another
        holder); renewed every ``LEASE_SECONDS / 3`` s until released."""
        if self._lease_depth:
            self._lease_depth += 1
            try:
                yield
            finally:
                self._lease_depth -= 1
            return
        token = self._take_lease()
        lost = threading.Event()
        stop = threading.Event()

        def renew() -> None:
            while not stop.wait(LEASE_SECONDS / 3):
                try:
                    if not self._write(renew_lease, token):
                        lost.set()
                except Exception:  # Neo4j gone: the write under the lease fails and says so
                    pass

        heartbeat = threading.Thread(target=renew, name="kg-neo4j-lease", daemon=True)
        heartbeat.start()
        self._lease_depth = 1
        done = False
        try:
            yield
            done = True
        finally:
            self._lease_depth = 0
            stop.set()
            heartbeat.join()
            try:
                with self._translate_errors("write to"):
                    self._write(_consume, RELEASE_LEASE, {"token": token})
            except StoreError:
                ABANDONED.add(token)  # a later build in this process need not wait for it
                if done:
                    raise  # else the error on its way out says what failed
        if lost.is_set():
            raise StoreBusy(
                f"this build's write lease on Neo4j at {self.location} lapsed while it ran (was "
                f"it stopped for over {LEASE_SECONDS:g} s?), so another build may have written "
                "at the same time. Run it again: writes MERGE on ids, so the rerun completes "
                "the graph."
            )

    def _take_lease(self) -> str:
        """Claim the write lease, waiting while another holder's is live; the token that
        renews and releases it. A lease whose holder died on this machine, or that this process
        could not release, is taken at once instead of after it lapses."""
        token = new_token()
        stale = set(ABANDONED)
        with self._translate_errors("write to"):
            self.apply_schema()  # the lease's uniqueness constraint makes taking it atomic
            deadline = time.monotonic() + self.lock_timeout
            while (other := self._write(claim_lease, token, sorted(stale))) is not None:
                if died_here(other):
                    stale.add(other["token"])
                    continue
                if time.monotonic() >= deadline:
                    raise StoreBusy(
                        f"another kg process (pid {other['pid']} on {other['host']}) is writing "
                        f"Neo4j at {self.location}; waited {self.lock_timeout:g} s. Run this "
                        "again when it has finished (KG_LOCK_TIMEOUT sets how long to wait)."
                    )
                time.sleep(0.2)
        return token

    def _write_fresh(self, graph: GraphData, advance: Progress) -> None:
        """Delete kg's graph and its indexes, CREATE ``graph`` (kg.store.neo4j_fresh), and
        create the schema again in a second thread while the relationships are written: the
        server fills the indexes on its other core meanwhile."""
        self.delete_all()
        for query in drop_schema_queries(schema_statements(), keep=LEASE_LABEL):
            self._write(_consume, query, {})
        self._schema_applied = False
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="kg-neo4j-schema") as pool:
            schema: list[Future[None]] = []
            write_fresh(
                graph,
                lambda query, rows: self._write(_values, query, {"rows": rows}),
                advance,
                batch_size=self.batch_size,
                nodes_written=lambda: schema.append(pool.submit(self.apply_schema, wait=False)),
            )
            for done in schema:
                done.result()
        self.apply_schema()  # waits until every index is online

    # --- schema and deletion --------------------------------------------------------------------

    def check_writable(self) -> None:
        """Apply the schema now: a server that is down, or a user who may not write, is found
        before a build spends time extracting."""
        with self._translate_errors("write to"):
            self.apply_schema()

    def apply_schema(self, *, wait: bool = True) -> None:
        """Create kg's constraints and indexes (cypher/schema.cypher); a no-op once they exist.
        ``wait=False`` returns while the server still fills new indexes (a fresh build writes
        relationships meanwhile); the next call waits."""
        if self._schema_applied:
            return
        for statement in schema_statements():
            # Schema commands cannot share a transaction with writes, and are idempotent (IF NOT
            # EXISTS): each in its own managed transaction, which the driver retries when two
            # builds starting at once deadlock on the schema.
            try:
                self._write(_consume, statement, {})
            except neo4j_errors.ClientError as exc:
                if exc.code != "Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists":
                    raise  # else another build created it after IF NOT EXISTS looked: done
        if wait:
            self._read(_consume, "CALL db.awaitIndexes(300)", {})
            self._schema_applied = True

    def delete_all(self) -> None:
        """Remove kg's own nodes and relationships (its labels only), in batches so a large
        graph never needs one huge transaction."""
        for type_ in REL_TYPES:
            self._delete_batches(
                f"MATCH ()-[r:{ident(type_)}]->() WITH r LIMIT $limit DELETE r RETURN count(*) AS n"
            )
        for label in NODE_LABELS:
            self._delete_batches(
                f"MATCH (n:{ident(label)}) WITH n LIMIT $limit DETACH DELETE n RETURN count(*) AS n"
            )

    def _author_layer(self) -> dict[str, set[Any]]:
        """The author layer's keys as stored: Author and Institution ids, AUTHORED and
        AFFILIATED_WITH (start id, end id) pairs."""
        layer: dict[str, set[Any]] = {}
        for label in AUTHOR_LABELS:
            rows = self._read(_rows, f"MATCH (n:{ident(label)}) RETURN n.id AS id", {})
            layer[label] = {r["id"] for r in rows}
        for type_ in AUTHOR_RELS:
            query = f"MATCH (a)-[:{ident(type_)}]->(b) RETURN a.id AS a, b.id AS b"
            layer[type_] = {(r["a"], r["b"]) for r in self._read(_rows, query, {})}
        return layer

    def _drop_stale_authors(self, before: dict[str, set[Any]], graph: GraphData) -> None:
        """After a write whose author layer is complete: delete what it no longer holds. Done
        after the new layer is written, so a write cut off midway loses no author position (a
        rerun reads the old and new copies of each, which say the same, and completes)."""
        now: dict[str, set[Any]] = {k: set() for k in before}
        for node in graph.nodes:
            if node.label in now:
                now[node.label].add(node.id)
        for rel in graph.rels:
            if rel.type in now:
                now[rel.type].add((rel.start[1], rel.end[1]))
        for type_, start, end in (
            ("AUTHORED", "Author", "Paper"),
            ("AFFILIATED_WITH", "Author", "Institution"),
        ):
            stale = sorted(before[type_] - now[type_])
            query = (
                f"UNWIND $rows AS row MATCH (:{ident(start)} {{id: row[0]}})"
                f"-[r:{ident(type_)}]->(:{ident(end)} {{id: row[1]}}) DELETE r"
            )
            for chunk in _chunks(stale, DELETE_BATCH):
                self._write(_consume, query, {"rows": [list(pair) for pair in chunk]})
        self._delete_nodes(
            [(label, id_) for label in AUTHOR_LABELS for id_ in sorted(before[label] - now[label])]
        )

    def _delete_batches(self, query: str) -> None:
        def work(tx: ManagedTransaction) -> int:
            n: int = tx.run(query, limit=DELETE_BATCH).single(strict=True)["n"]
            return n

        while self._write(work):
            pass

    # --- batched MERGE ---------------------------------------------------------------------

    def _write_nodes(
        self, label: str, nodes: Sequence[Node], advance: Progress, *, replace: bool = False
    ) -> None:
        list_props = sorted({key for n in nodes for key in n.props if key in LIST_PROPS})
        query = merge_nodes_query(label, list_props, replace=replace)
        # In id order, as everywhere: two builds lock shared nodes in one order, not deadlock
        for chunk in _chunks(sorted(nodes, key=lambda n: n.id), self.batch_size):
            rows = [node_row(node, list_props) for node in chunk]
            self._write(_consume, query, {"rows": rows})
            advance(len(rows))

    def _write_rels(
        self,
        type_: str,
        start: str,
        end: str,
        rels: Sequence[Rel],
        advance: Progress,
        *,
        replace: bool = False,
    ) -> None:
        query = merge_rels_query(type_, start, end, replace=replace)
        for chunk in _chunks(sorted(rels, key=lambda r: (r.start[1], r.end[1])), self.batch_size):
            rows = [
                {"start": r.start[1], "end": r.end[1], "props": storable(r.props)} for r in chunk
            ]
            self._write(_consume, query, {"rows": rows})
            advance(len(rows))

    def _delete_nodes(self, nodes: Sequence[NodeKey]) -> None:
        """DETACH DELETE nodes by (label, id): authors no longer in the graph, entities that now
        have another label."""
        by_label: dict[str, list[str]] = {}
        for label, id_ in nodes:
            by_label.setdefault(label, []).append(id_)
        for label, ids in by_label.items():
            query = f"UNWIND $ids AS id MATCH (n:{ident(label)} {{id: id}}) DETACH DELETE n"
            for chunk in _chunks(ids, DELETE_BATCH):
                self._write(_consume, query, {"ids": chunk})

    def _recompute_coauthors(self, papers: Sequence[str]) -> None:
        """Recompute COAUTHOR for every author of the papers just written (kg.graph.coauthor_pairs).

        A pair changes only through a joint paper, and both ends of a pair on a written paper are
        its authors, so recomputing these authors' outgoing COAUTHOR relationships (lower id →
        higher id) is exact — and, for a full build, covers every author.
        """
        authors: set[str] = set()
        for chunk in _chunks(papers, COAUTHOR_BATCH * 5):
            rows = self._read(_rows, AUTHORS_OF_PAPERS, {"ids": chunk})
            authors.update(row["id"] for row in rows)
        for chunk in _chunks(sorted(authors), COAUTHOR_BATCH):
            self._write(_coauthors_tx, chunk)

    # --- transactions and errors -----------------------------------------------------------

    def _read(self, work: Callable[..., T], *args: Any) -> T:
        with self._driver.session(database=self.database) as session:
            return session.execute_read(work, *args)

    def _write(self, work: Callable[..., T], *args: Any) -> T:
        """One managed write transaction: the driver retries ``work`` on transient errors."""
        with self._driver.session(database=self.database) as session:
            return session.execute_write(work, *args)

    @contextmanager
    def _translate_errors(self, action: str) -> Iterator[None]:
        """Driver errors → KGError with the URI (never the password) and what to do."""
        try:
            yield
        except neo4j_errors.AuthError as exc:
            raise StoreAuthError(
                f"Neo4j at {self.location} refused the credentials of user {self.user!r} "
                f"({self._scrub(_message(exc))}). "
                + (
                    "Check NEO4J_USER and NEO4J_PASSWORD."
                    if self._secret is not None
                    else "No password was given: set NEO4J_PASSWORD."
                )
            ) from None
        except neo4j_errors.Forbidden as exc:
            raise StoreAuthError(
                f"user {self.user!r} may not {action} Neo4j at {self.location}: "
                f"{self._scrub(_message(exc))}"
            ) from None
        except _UNAVAILABLE as exc:
            reason = self._scrub(_first_line(exc))
            raise Neo4jUnavailable(
                f"cannot {action} Neo4j at {self.location}: {reason}. "
                "Is the server running (`docker compose up -d`)? "
                "Or use the embedded store: --backend networkx",
                location=self.location,
                reason=reason,
            ) from None
        except neo4j_errors.TransientError as exc:
            reason = self._scrub(_message(exc))
            raise Neo4jUnavailable(
                f"Neo4j at {self.location} kept failing transiently ({reason}). Try again.",
                location=self.location,
                reason=reason,
            ) from None
        except (neo4j_errors.CypherSyntaxError, neo4j_errors.CypherTypeError) as exc:
            raise QueryError(f"Cypher error: {self._scrub(_message(exc))}") from None
        except neo4j_errors.ClientError as exc:
            if action == "query":
                raise QueryError(f"Cypher error: {self._scrub(_message(exc))}") from None
            raise StoreError(
                f"Neo4j at {self.location} rejected a request: {self._scrub(_message(exc))}"
            ) from None
        except neo4j_errors.Neo4jError as exc:
            raise StoreError(
                f"Neo4j at {self.location} failed: {self._scrub(_message(exc))}"
            ) from None
        except neo4j_errors.DriverError as exc:
            raise StoreError(
                f"the Neo4j driver failed talking to {self.location}: "
                f"{self._scrub(_first_line(exc))}"
            ) from None

    def _scrub(self, text: str) -> str:
        return text.replace(self._secret, "***") if self._secret else text


class _Batch(list[Any]):
    """A list parameter that the driver's log line shows by its length. The driver formats
    ``repr`` of every RUN's parameters for a DEBUG line even when DEBUG logging is off; for a
    batch of rows that costs about as much CPU as packing it (issue 14), and with DEBUG on it
    would copy abstracts into the log."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<{len(self)} values>"


def _quiet(params: dict[str, Any]) -> dict[str, Any]:
    return {k: _Batch(v) if type(v) is list else v for k, v in params.items()}


def _consume(tx: ManagedTransaction, query: str, params: dict[str, Any]) -> None:
    tx.run(query, _quiet(params)).consume()  # type: ignore[arg-type]


def _values(tx: ManagedTransaction, query: str, params: dict[str, Any]) -> list[list[Any]]:
    return [record.values() for record in tx.run(query, _quiet(params))]  # type: ignore[arg-type]


def _rows(tx: ManagedTransaction, query: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    return [record.data() for record in tx.run(query, _quiet(params))]  # type: ignore[arg-type]


def _coauthors_tx(tx: ManagedTransaction, ids: list[str]) -> None:
    tx.run(LOCK_AUTHORS, ids=ids).consume()
    tx.run(DELETE_COAUTHORS, ids=ids).consume()
    tx.run(CREATE_COAUTHORS, ids=ids).consume()


# --- values -----------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """A driver value as plain Python: nodes and relationships → dicts of their properties."""
    if isinstance(value, Neo4jNode | Neo4jRelationship):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, Neo4jPath):
        return {
            "nodes": [plain(n) for n in value.nodes],
            "relationships": [plain(r) for r in value.relationships],
        }
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if hasattr(value, "iso_format"):  # neo4j.time.Date / DateTime / Duration
        return value.iso_format()
    return value


def redact_uri(uri: str) -> str:
    """The URI without any user:password@ part, for messages and ``location``."""
    parts = urlsplit(uri)
    if parts.username is None and parts.password is None:
        return uri
    host = parts.hostname or ""
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit(parts._replace(netloc=netloc))


def _first_line(exc: BaseException) -> str:
    """The gist of a driver error: its socket-level reason if it has one, else its first line."""
    text = str(exc).strip()
    if not text:
        return type(exc).__name__
    if reason := re.search(r"\(reason ([^)]*)\)", text):
        return reason.group(1)
    return text.splitlines()[0].rstrip(":")


def _message(exc: neo4j_errors.Neo4jError) -> str:
    return exc.message or _first_line(exc)
