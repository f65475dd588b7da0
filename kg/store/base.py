"""The contract both graph stores keep; the same tests run against each."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import networkx as nx

from kg.graph import GraphData

Progress = Callable[[int], None]


@dataclass(slots=True)
class Counts:
    nodes: dict[str, int] = field(default_factory=dict)  # label -> count
    rels: dict[str, int] = field(default_factory=dict)  # relationship type -> count

    def node(self, label: str) -> int:
        return self.nodes.get(label, 0)

    def rel(self, type_: str) -> int:
        return self.rels.get(type_, 0)


class GraphStore(Protocol):
    backend: str  # "networkx" or "neo4j"
    location: str  # a path or a URI, never with credentials

    def write(
        self, graph: GraphData, *, fresh: bool = False, progress: Progress | None = None
    ) -> None:
        """MERGE the graph in (``fresh``: drop kg's own nodes first), then recompute COAUTHOR.

        Idempotent: writing the same graph twice leaves the store as after the first write.
        ``progress(n)`` is called with the number of nodes + relationships just written.
        """

    def check_writable(self) -> None:
        """Raise StoreError now if :meth:`write` could not write at all (a file where the folder
        should be, a read-only folder, a server that is down or refuses the user), so that a
        build fails before it spends time extracting."""

    def counts(self) -> Counts: ...

    def coauthor_weights(self) -> dict[tuple[str, str], tuple[int, float]]:
        """{(lower author id, higher author id): (papers, weight)} — for parity checks."""
        ...

    def to_networkx(self) -> nx.MultiDiGraph:
        """The whole graph in the embedded layout (node keys "Label:id", edge keys = types)."""
        ...

    def close(self) -> None: ...
