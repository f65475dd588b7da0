"""What each view shows: the graph's :class:`~kg.index.GraphIndex` → nodes, edges, colours,
legend and tooltips. No HTML here; :mod:`kg.viz.render` turns a :class:`ViewData` into a page.

Every view is deterministic: the co-author groups are ``kg query communities``'s (the same
Louvain, resolution and seed, independent of hash order), and every ranking breaks ties by name,
so the same graph gives the same page. Names are resolved by the one resolver
(:mod:`kg.queries.names`), so ``kg viz author X`` and ``kg query coauthors -p name=X`` pick the
same person or refuse alike.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from kg.errors import ConfigError, NotFound
from kg.index import GraphIndex
from kg.queries import twins
from kg.queries.names import resolve_author, resolve_entity, resolve_paper, resolve_track
from kg.queries.registry import named_query
from kg.queries.twins import coauthor_edges_of, community_groups, louvain
from kg.schema import ENTITY_LABELS, ROLE_NAMES, NodeKey, node_key
from kg.store.base import GraphStore
from kg.viz.cache import ViewCache, source_digest
from kg.viz.info import Info, counted, info, years_of
from kg.viz.layout import place

EGO_KINDS: tuple[str, ...] = ("author", "paper", "entity", "track")
_LOUVAIN_CODE = source_digest(twins.__file__)  # changed community code: computed again
VIEWS: tuple[str, ...] = ("coauthors", "topics", *EGO_KINDS)
TOPIC_LABELS = tuple(label for label in ENTITY_LABELS if label != "Metric")

#: Default --max-nodes per view: the whole sample fits, and the corpus stays responsive.
DEFAULT_MAX_NODES = {"coauthors": 500, "topics": 300, "ego": 150}

#: Tableau 10: distinct on white, and mostly distinguishable with colour-vision deficiencies.
TYPE_COLORS = {
    "Paper": "#4e79a7",
    "Author": "#f28e2b",
    "Track": "#59a14f",
    "Method": "#e15759",
    "Dataset": "#76b7b2",
    "Benchmark": "#edc948",
    "Task": "#b07aa1",
    "Area": "#bab0ac",
}
TYPE_PLURALS = {
    "Paper": "papers",
    "Author": "authors",
    "Track": "tracks",
    "Method": "methods",
    "Dataset": "datasets",
    "Benchmark": "benchmarks",
    "Task": "tasks",
    "Area": "areas",
}
COMMUNITY_COLORS = (
    "#4e79a7",
    "#f28e2b",
    "#e15759",
    "#76b7b2",
    "#59a14f",
    "#edc948",
    "#b07aa1",
    "#ff9da7",
    "#9c755f",
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#17becf",
    "#bcbd22",
    "#ff7f0e",
    "#393b79",
    "#637939",
    "#8c6d31",
    "#843c39",
    "#7b4173",
    "#3182bd",
)
SOLO_COLOR = "#b8b8b8"  # authors with no co-author in view
OTHER_COLOR = (
    "#d9d4cc"  # the groups after the largest len(COMMUNITY_COLORS): one colour, no repeats
)
LEGEND_COMMUNITIES = len(COMMUNITY_COLORS)  # each colour once: the legend names every group drawn


@dataclass(slots=True)
class VNode:
    id: str  # the graph key, "Label:id"
    label: str  # drawn on the canvas, searchable
    kind: str  # the node label: Paper, Author, Track, Method…
    size: float  # papers
    color: str
    tracks: list[str]  # track names, for the track filter
    info: Info
    center: bool = False
    community: int = 0  # 1 = the largest (Louvain, seed 42); 0 = none computed
    years: list[int] = field(default_factory=list)  # of its papers, for the year filter
    # filled in by kg.viz.layout.place: where it is drawn, how big, and from which zoom on its
    # label shows (0: always)
    x: float = 0.0
    y: float = 0.0
    radius: float = 0.0
    label_zoom: float = 0.0


@dataclass(slots=True)
class VEdge:
    source: str
    target: str
    kind: str  # relationship type, or "TRACK_TOPIC" for the topic map's aggregate edges
    width: float
    title: str
    weight: float = 1.0  # joint papers (coauthors), papers (topics)


@dataclass(slots=True)
class LegendItem:
    label: str
    color: str
    count: int
    kind: str | None = None  # set for node-type entries: the legend doubles as the type filter


@dataclass(slots=True)
class Cluster:
    """A group's name, drawn at its centre while the picture is far out: from the zoom at which
    it covers no bigger group's name until the group fills most of the screen."""

    label: str
    color: str
    members: list[str]  # node ids
    x: float = 0.0
    y: float = 0.0
    from_zoom: float = 0.0
    until_zoom: float = 0.0


@dataclass(slots=True)
class ViewData:
    view: str
    title: str
    subtitle: str
    nodes: list[VNode]
    edges: list[VEdge]
    legend_title: str
    legend: list[LegendItem]
    total_nodes: int  # before --max-nodes
    notice: str = ""  # why the view is incomplete, shown above the graph
    focus: str | None = None  # the centre of an ego view
    clusters: list[Cluster] = field(default_factory=list)  # placed by kg.viz.layout.place

    @property
    def truncated(self) -> bool:
        return len(self.nodes) < self.total_nodes

    @property
    def tracks(self) -> list[str]:
        """The track names of the nodes shown, for the track filter."""
        return sorted({t for n in self.nodes for t in n.tracks}, key=str.casefold)


def short(text: str, limit: int = 42) -> str:
    """At most ``limit`` characters; a paper label keeps its " — Surname et al." tail."""
    if len(text) <= limit:
        return text
    head, sep, who = text.rpartition(" — ")
    if sep and len(who) < limit // 2:
        room = limit - len(who) - len(sep) - 1
        return head[:room].rstrip() + "…" + sep + who
    return text[: limit - 1].rstrip() + "…"


# --- views --------------------------------------------------------------------------------


#: A collaboration group of at least this many authors shown gets its name on the picture.
CLUSTER_MIN = 4


def coauthors_view(
    ix: GraphIndex,
    *,
    min_weight: int = 1,
    max_nodes: int | None = None,
    cache: ViewCache | None = None,
) -> ViewData:
    """Authors linked by joint papers: size = papers, colour = community, width = joint papers.

    The communities are those of ``kg query communities`` with its default resolution and seed,
    over the whole co-author graph; a view shows the members it keeps. ``min_weight`` keeps
    links with at least that many joint papers; above 1, authors left with no link are dropped
    too. ``max_nodes`` keeps the largest collaboration groups first. ``cache`` keeps the
    communities and the layout for the next time (:mod:`kg.viz.cache`).
    """
    max_nodes = max_nodes or DEFAULT_MAX_NODES["coauthors"]
    authors = ix.by_label.get("Author", [])
    if not authors:
        raise NotFound("the graph has no authors — build it first with `kg build`")
    H = nx.Graph()
    H.add_nodes_from(authors)
    for a, b, joint, _ in ix.coauthor_edges():
        if joint >= min_weight:
            H.add_edge(a, b, papers=joint)
    if min_weight > 1:
        H.remove_nodes_from([n for n in list(H) if H.degree(n) == 0])
    if not H:
        raise NotFound(
            f"no pair of authors shares {min_weight} or more papers — lower --min-weight"
        )
    total = H.number_of_nodes()
    papers = {a: len(ix.author_papers.get(a, ())) for a in H}
    # Whole collaboration groups first, biggest first, so a cut rarely splits a group.
    components = sorted(
        (sorted(c) for c in nx.connected_components(H)),
        key=lambda c: (-len(c), -sum(papers[a] for a in c), c[0]),
    )
    order = [
        a
        for comp in components
        for a in sorted(comp, key=lambda a: (-papers[a], ix.author_names[a].casefold(), a))
    ]
    keep = order[:max_nodes]
    S = H.subgraph(keep)
    communities = _communities(ix, keep, papers, cache)
    color: dict[str, str] = {}
    legend: list[LegendItem] = []
    solo = 0
    for number, members in enumerate(communities, 1):
        if len(members) == 1:
            color[members[0]] = SOLO_COLOR
            solo += 1
            continue
        shade = COMMUNITY_COLORS[number - 1] if number <= len(COMMUNITY_COLORS) else OTHER_COLOR
        for a in members:
            color[a] = shade
        if len(legend) < LEGEND_COMMUNITIES:
            lead = ix.author_names[members[0]]  # the most prolific member names the group
            label = f"{lead} and {counted(len(members) - 1, 'other')}"
            legend.append(LegendItem(label, shade, len(members)))
    grouped = sum(1 for m in communities if len(m) > 1)
    if grouped > len(legend):
        rest = sum(len(m) for m in communities if len(m) > 1) - sum(i.count for i in legend)
        legend.append(LegendItem(f"{grouped - len(legend)} smaller groups", OTHER_COLOR, rest))
    if solo:
        legend.append(LegendItem("no co-author shown", SOLO_COLOR, solo))
    community_of = {a: i for i, members in enumerate(communities, 1) for a in members}
    clusters = [
        Cluster(short(ix.author_names[m[0]], 30), color[m[0]], [node_key("Author", a) for a in m])
        for m in communities
        if len(m) >= CLUSTER_MIN
    ]
    nodes = []
    for a in keep:
        key = ("Author", a)
        about = info(ix, key)
        number = community_of[a]
        group = f"#{number} ({counted(len(communities[number - 1]), 'author')})"
        about.fields.insert(2, ("Group", group))
        name = short(ix.author_names[a])
        nodes.append(
            VNode(
                node_key(*key),
                name,
                "Author",
                papers[a],
                color[a],
                ix.track_names(key),
                about,
                community=number,
                years=years_of(ix, key),
            )
        )
    edges = [
        _link(ix, ("Author", a), ("Author", b), "COAUTHOR", d["papers"], "joint paper")
        for a, b, d in sorted((min(a, b), max(a, b), d) for a, b, d in S.edges(data=True))
    ]
    subtitle = (
        f"{counted(len(nodes), 'author')} · {counted(len(edges), 'co-author link')} · "
        f"{counted(grouped, 'collaboration group')} · from {counted(len(ix.papers), 'paper')}"
    )
    if min_weight > 1:
        subtitle += f" · links with ≥ {min_weight} joint papers"
    view = ViewData(
        view="coauthors",
        title="Co-author network",
        subtitle=subtitle,
        nodes=nodes,
        edges=edges,
        legend_title="Collaboration groups (Louvain, as kg query communities)",
        legend=legend,
        total_nodes=total,
        notice=_cut_notice(len(nodes), total, "authors", max_nodes, "the largest groups"),
        clusters=clusters,
    )
    place(view, groups={node_key("Author", a): str(community_of[a]) for a in keep}, cache=cache)
    return view


def topics_view(ix: GraphIndex, *, min_weight: int = 1, max_nodes: int | None = None) -> ViewData:
    """Tracks linked to the methods, datasets, benchmarks and tasks their papers mention.

    A link's width is the number of the track's papers that mention the entity; ``min_weight``
    drops thinner links. ``max_nodes`` keeps every track and the most-mentioned entities.
    """
    max_nodes = max_nodes or DEFAULT_MAX_NODES["topics"]
    links: Counter[tuple[NodeKey, NodeKey]] = Counter()
    for track, papers in ix.track_papers.items():
        for p in papers:
            for e in {e for _, e, _ in ix.paper_mentions.get(p, [])}:
                if e[0] in TOPIC_LABELS:
                    links[(("Track", track), e)] += 1
    links = Counter({k: n for k, n in links.items() if n >= min_weight})
    if not links:
        if not ix.tracks:
            raise NotFound("the graph has no tracks — build it first with `kg build`")
        raise NotFound(
            "no track shares an entity with "
            + (
                f"{min_weight} or more papers — lower --min-weight"
                if min_weight > 1
                else "any paper — were entities extracted? (`kg build`)"
            )
        )
    count = {k: len(ix.papers_with(k)) for k in {k for pair in links for k in pair}}
    tracks = sorted({t for t, _ in links}, key=lambda t: (-count[t], ix.name(t)))
    n_tracks = Counter(e for _, e in links)  # counted once: a scan per entity took minutes
    entities = sorted(
        n_tracks,
        key=lambda e: (-count[e], -n_tracks[e], ix.name(e).casefold(), node_key(*e)),
    )
    total = len(tracks) + len(entities)
    tracks = tracks[: max(1, max_nodes // 4)] if len(tracks) > max_nodes // 2 else tracks
    kept_tracks = set(tracks)
    entities = [e for e in entities if any((t, e) in links for t in kept_tracks)]
    entities = entities[: max(0, max_nodes - len(tracks))]
    kept = kept_tracks | set(entities)
    edges = [
        _link(ix, t, e, "TRACK_TOPIC", n, "paper")
        for (t, e), n in sorted(
            links.items(), key=lambda kv: (node_key(*kv[0][0]), node_key(*kv[0][1]))
        )
        if t in kept and e in kept
    ]
    linked = {x for edge in edges for x in (edge.source, edge.target)}
    nodes = [_typed_node(ix, k) for k in [*tracks, *entities] if node_key(*k) in linked]
    drawn = [
        (node_key(*t), ix.name(t), node_key(*e), ix.name(e), n, float(n))
        for (t, e), n in links.items()
        if t in kept and e in kept
    ]
    groups, _ = louvain(drawn, resolution=1.0, seed=42)
    community_of = {k: number for number, _, _, members in groups for k in members}
    for node in nodes:  # not drawn (the map is coloured by type); exports carry it
        node.community = community_of.get(node.id, 0)
    without_track = len(ix.papers) - len(ix.paper_track)
    subtitle = f"{_kind_summary(nodes)} · {counted(len(edges), 'link')}"
    if min_weight > 1:
        subtitle += f" · links with ≥ {min_weight} papers"
    notice = _cut_notice(
        len(nodes),
        total,
        "tracks and entities",
        max_nodes,
        "every track and the most-mentioned entities",
    )
    if without_track > 0:
        extra = f"{counted(without_track, 'paper')} without a track are not in this view."
        notice = f"{notice} {extra}".strip()
    return _typed_view(
        "topics",
        "Topic map: tracks and what their papers use",
        subtitle,
        nodes,
        edges,
        total=total,
        notice=notice,
    )


def ego_view(
    ix: GraphIndex, center: NodeKey, *, hops: int = 2, max_nodes: int | None = None
) -> ViewData:
    """Everything within ``hops`` of one author, paper, entity or track (papers are the hubs:
    author → papers → co-authors, tracks and entities)."""
    if center not in ix.nodes:
        raise NotFound(f"the graph has no node {node_key(*center)!r}")
    max_nodes = max_nodes or DEFAULT_MAX_NODES["ego"]
    dist = {center: 0}
    queue = deque([center])
    while queue:
        node = queue.popleft()
        if dist[node] >= hops:
            continue
        for nbr in ix.neighbours(node):
            if nbr not in dist:
                dist[nbr] = dist[node] + 1
                queue.append(nbr)
    total = len(dist)
    # Nearest first; within a ring, the nodes tied most to the ring inside it (a co-author by
    # joint papers), so a cut keeps what matters to the centre rather than global hubs.
    # How tied each node is to the ring inside it (a co-author by joint papers), not counting a
    # track as a tie unless the view is a track's: sharing a track says little about a paper.
    inward = {
        k: sum(
            1
            for n in ix.neighbours(k)
            if dist.get(n) == dist[k] - 1 and (n[0] != "Track" or n == center)
        )
        for k in dist
    }
    order = sorted(
        dist,
        key=lambda k: (
            _ego_tier(center, k, dist[k], inward[k]),
            -inward[k],
            -ix.degree[k],
            ix.name(k).casefold(),
            node_key(*k),
        ),
    )
    keep = order[:max_nodes]
    kept = set(keep)
    edges = []
    for a, b, rel, data in sorted(_ego_edges(ix, kept), key=lambda e: e[:3]):
        start, end = ix.name(a), ix.name(b)
        if rel in ROLE_NAMES:
            title = f"{start} {ROLE_NAMES[rel]} {end}"
            if data.get("evidence"):
                title += f"\n“{data['evidence']}”"
        elif rel == "AUTHORED":
            title = f"{start} wrote {end}"
        else:
            title = f"{start} is in {end}"
        edges.append(VEdge(node_key(*a), node_key(*b), rel, 1.5, title))
    edges += _summary_edges(ix, center, keep, dist, inward)
    nodes = [_typed_node(ix, k, center=k == center) for k in keep]
    subtitle = f"{_kind_summary(nodes)} · within {counted(hops, 'hop')}"
    return _typed_view(
        _KIND_OF.get(center[0], "entity"),
        f"{center[0]}: {ix.name(center)}",
        subtitle,
        nodes,
        edges,
        total=total,
        notice=_cut_notice(len(nodes), total, "nodes", max_nodes, "the nearest"),
        focus=node_key(*center),
    )


_KIND_OF = {"Author": "author", "Paper": "paper", "Track": "track"}


def _ego_tier(center: NodeKey, key: NodeKey, hops: int, inward: int) -> int:
    """What an ego view keeps first when it must cut: an author's co-authors, then their papers;
    a paper's authors and entities, then the papers sharing them (not merely its track); a
    track's recurring authors and entities, then its papers; else the nearest."""
    if hops == 0:
        return 0
    label = key[0]
    if center[0] == "Author":
        return 1 if label == "Author" else 2 if hops == 1 else 3
    if center[0] == "Paper":
        if hops == 1:
            return 1 if label != "Track" else 3
        return 2 if label == "Paper" and inward > 0 else 4
    if center[0] == "Track":
        return 1 if hops == 2 and inward >= 2 else 2 if hops == 1 else 3
    return hops


def _summary_edges(
    ix: GraphIndex,
    center: NodeKey,
    keep: list[NodeKey],
    dist: dict[NodeKey, int],
    inward: dict[NodeKey, int],
) -> list[VEdge]:
    """An author's co-authors and a track's authors and entities are linked to the centre
    directly when the view kept none of the papers between them (width: joint papers, or papers
    in the track), so a cut never leaves them floating."""
    if center[0] not in ("Author", "Track"):
        return []
    kept = set(keep)
    out = []
    for k in keep:
        if dist[k] != 2 or any(dist.get(n) == 1 and n in kept for n in ix.neighbours(k)):
            continue
        n = inward[k]
        if center[0] == "Author" and k[0] == "Author":
            kind, what = "COAUTHOR", counted(n, "joint paper")
        else:
            kind, what = "IN_TRACK_PAPERS", counted(n, "paper") + " in the track"
        title = f"{ix.name(center)} — {ix.name(k)}: {what}"
        out.append(VEdge(node_key(*center), node_key(*k), kind, _edge_width(n), title))
    return out


# --- helpers ------------------------------------------------------------------------------


def _ego_edges(
    ix: GraphIndex, kept: set[NodeKey]
) -> list[tuple[NodeKey, NodeKey, str, Mapping[str, Any]]]:
    """The relationships an ego view draws between the nodes it keeps, from their papers."""
    out: list[tuple[NodeKey, NodeKey, str, Mapping[str, Any]]] = []
    for label, pid in kept:
        if label != "Paper":
            continue
        paper = ("Paper", pid)
        out += [
            (("Author", a), paper, "AUTHORED", {})
            for a in ix.authors_of(pid)
            if ("Author", a) in kept
        ]
        track = ("Track", ix.paper_track.get(pid, ""))
        if track in kept:
            out.append((paper, track, "IN_TRACK", {}))
        out += [(paper, e, rel, d) for rel, e, d in ix.paper_mentions.get(pid, ()) if e in kept]
    return out


def _communities(
    ix: GraphIndex, shown: list[str], papers: dict[str, int], cache: ViewCache | None = None
) -> list[list[str]]:
    """The groups of ``kg query communities`` (its default resolution and seed), cut to the
    authors shown; an author with no co-author is a group of one. Numbered by size, members by
    papers."""
    defaults = {p.name: p.default for p in named_query("communities").spec.params}
    resolution, seed = defaults["resolution"], defaults["seed"]
    if cache is not None:  # Louvain over the whole graph: seconds, once per graph
        graph = cache.graph or sorted(coauthor_edges_of(ix))  # the file's digest, or the links
        ix.memo[("louvain", resolution, seed)] = cache.get(
            "communities",
            [_LOUVAIN_CODE, resolution, seed, graph],
            lambda: community_groups(ix, resolution=resolution, seed=seed),
            decode=lambda rows: [tuple(r) for r in rows],
        )
    groups = community_groups(ix, resolution=resolution, seed=seed)
    visible = set(shown)
    grouped = [[m for m in members if m in visible] for _, _, _, members in groups]
    found = [g for g in grouped if g]
    alone = visible - {m for g in found for m in g}
    found += [[a] for a in alone]
    members = [
        sorted(c, key=lambda a: (-papers[a], ix.author_names[a].casefold(), a)) for c in found
    ]
    return sorted(members, key=lambda m: (-len(m), ix.author_names[m[0]].casefold(), m[0]))


def _typed_node(ix: GraphIndex, key: NodeKey, *, center: bool = False) -> VNode:
    label = ix.name(key)
    subarea = ix.nodes[key].get("subarea") if key[0] == "Track" else None
    if subarea:
        label = str(subarea)  # the area is in the tooltip; keep the map legible
    return VNode(
        node_key(*key),
        short(label),
        key[0],
        len(ix.papers_with(key)),
        TYPE_COLORS.get(key[0], "#999999"),
        ix.track_names(key),
        info(ix, key),
        center,
        years=years_of(ix, key),
    )


def _kind_counts(nodes: list[VNode]) -> list[tuple[str, int]]:
    counts = Counter(n.kind for n in nodes)
    return [(k, counts[k]) for k in TYPE_COLORS if counts[k]]


def _kind_summary(nodes: list[VNode]) -> str:
    """ "3 tracks · 12 methods", in legend order."""
    return " · ".join(counted(c, TYPE_PLURALS[k][:-1]) for k, c in _kind_counts(nodes))


def _typed_view(
    view: str,
    title: str,
    subtitle: str,
    nodes: list[VNode],
    edges: list[VEdge],
    *,
    total: int,
    notice: str,
    focus: str | None = None,
) -> ViewData:
    """A view coloured by node type, whose legend doubles as the type filter."""
    legend = [
        LegendItem(TYPE_PLURALS[k].capitalize(), TYPE_COLORS[k], c, kind=k)
        for k, c in _kind_counts(nodes)
    ]
    data = ViewData(view, title, subtitle, nodes, edges, "Node types", legend, total, notice, focus)
    place(data)
    return data


def _link(ix: GraphIndex, a: NodeKey, b: NodeKey, kind: str, n: int, noun: str) -> VEdge:
    """An aggregate link of ``n`` joint papers (co-authors) or papers (topics)."""
    title = f"{ix.name(a)} — {ix.name(b)}: {counted(n, noun)}"
    return VEdge(node_key(*a), node_key(*b), kind, _edge_width(n), title, n)


def _edge_width(n: int) -> float:
    return round(1.0 + 1.5 * (min(n, 8) - 1), 2)


def _cut_notice(shown: int, total: int, what: str, max_nodes: int, first: str) -> str:
    if shown >= total:
        return ""
    return (
        f"Showing {shown:,} of {total:,} {what} (--max-nodes {max_nodes}), {first} first. "
        f"Raise --max-nodes or --min-weight to change what is shown."
    )


def make_view(
    store: GraphStore,
    view: str,
    arg: str | None = None,
    *,
    min_weight: int = 1,
    max_nodes: int | None = None,
    hops: int = 2,
) -> ViewData:
    """The view the CLI names: ``coauthors``, ``topics``, or an ego view centred on the author,
    paper, entity or track ``arg`` names (resolved like ``kg query`` resolves names)."""
    if view == "coauthors":
        return coauthors_view(
            store.index(),
            min_weight=min_weight,
            max_nodes=max_nodes,
            cache=ViewCache.beside(store),
        )
    if view == "topics":
        return topics_view(store.index(), min_weight=min_weight, max_nodes=max_nodes)
    if view in EGO_KINDS:
        if not arg:
            raise ConfigError(f"`kg viz {view}` needs a {_ARG_NAMES[view]}, e.g. {_EXAMPLES[view]}")
        center = resolve_center(store, view, arg)
        ix = store.index(around=center, hops=hops)
        return ego_view(ix, center, hops=hops, max_nodes=max_nodes)
    raise ConfigError(f"unknown view {view!r}: use one of {', '.join(VIEWS)}")


def resolve_center(store: GraphStore, kind: str, arg: str) -> NodeKey:
    """The node ``kg viz KIND ARG`` is centred on, found by the one resolver. An entity id that
    is several labels (a Dataset and a Benchmark) is the one more papers mention."""
    if kind == "author":
        return ("Author", resolve_author(store, arg))
    if kind == "paper":
        return ("Paper", resolve_paper(store, arg))
    if kind == "track":
        return ("Track", resolve_track(store, arg))
    id_ = resolve_entity(store, arg)
    keys = [(label, id_) for label in store.labels_with_id(ENTITY_LABELS, id_)]
    if len(keys) == 1:
        return keys[0]
    return min(keys, key=lambda k: (-len(store.index(around=k).papers_with(k)), k))


_ARG_NAMES = {"author": "name", "paper": "paper id", "entity": "name", "track": "name"}
_EXAMPLES = {
    "author": "kg viz author 'Murat Kocaoglu'",
    "paper": "kg viz paper b5de07fefc84d019",
    "entity": "kg viz entity transformers",
    "track": "kg viz track Causality",
}
