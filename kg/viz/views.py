"""What each view shows: the graph (as ``store.to_networkx()`` gives it) → nodes, edges, colours,
legend and tooltips. No HTML here; :mod:`kg.viz.render` turns a :class:`ViewData` into a page.

Every view is deterministic: communities come from Louvain with a fixed seed, and every ranking
breaks ties by name, so the same graph gives the same page.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from kg.errors import ConfigError, NotFound
from kg.graph import ENTITY_LABELS, coauthor_pairs
from kg.model import fold

EGO_KINDS: tuple[str, ...] = ("author", "paper", "entity", "track")
VIEWS: tuple[str, ...] = ("coauthors", "topics", *EGO_KINDS)
TOPIC_LABELS = ("Method", "Dataset", "Benchmark", "Task")
ROLE_TYPES = {
    "PROPOSES": "proposes",
    "USES": "uses",
    "EVALUATED_ON": "evaluated on",
    "ADDRESSES": "addresses",
}
#: Relationships an ego view walks along. COAUTHOR is left out (a shared paper already links two
#: authors), and so is IN_AREA (every track of an area would be two hops from any paper).
EGO_RELS = frozenset({"AUTHORED", "IN_TRACK", *ROLE_TYPES})

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
LEGEND_COMMUNITIES = 12
TOOLTIP_ITEMS = 8


@dataclass(slots=True)
class Info:
    """What a tooltip and the details panel show about a node, as plain text."""

    heading: str
    kind: str
    fields: list[tuple[str, str]] = field(default_factory=list)
    items_title: str = ""
    items: list[dict[str, str]] = field(default_factory=list)  # {"name", "note", "quote"}
    abstract: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "heading": self.heading,
            "kind": self.kind,
            "fields": [list(f) for f in self.fields],
            "items_title": self.items_title,
            "items": self.items,
            "abstract": self.abstract,
        }


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

    @property
    def truncated(self) -> bool:
        return len(self.nodes) < self.total_nodes

    @property
    def tracks(self) -> list[str]:
        """The track names of the nodes shown, for the track filter."""
        return sorted({t for n in self.nodes for t in n.tracks}, key=str.casefold)


# --- reading the graph --------------------------------------------------------------------


class GraphIndex:
    """One pass over a ``to_networkx()`` graph into the lookups every view needs."""

    def __init__(self, G: nx.MultiDiGraph) -> None:
        self.G = G
        self.attrs: dict[str, dict[str, Any]] = dict(G.nodes(data=True))
        self.by_label: dict[str, list[str]] = {}
        for key in self.attrs:
            self.by_label.setdefault(self.kind(key), []).append(key)
        for keys in self.by_label.values():
            keys.sort()
        self.paper_authors: dict[str, list[tuple[int, str]]] = {}
        self.author_papers: dict[str, list[str]] = {}
        self.paper_track: dict[str, str] = {}
        self.track_papers: dict[str, list[str]] = {}
        self.paper_entities: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
        self.entity_papers: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
        self.coauthors: dict[tuple[str, str], dict[str, Any]] = {}
        for a, b, rel, data in G.edges(keys=True, data=True):
            if rel == "AUTHORED":
                self.paper_authors.setdefault(b, []).append((int(data.get("position", 0)), a))
                self.author_papers.setdefault(a, []).append(b)
            elif rel == "IN_TRACK":
                self.paper_track[a] = b
                self.track_papers.setdefault(b, []).append(a)
            elif rel in ROLE_TYPES:
                self.paper_entities.setdefault(a, []).append((b, rel, data))
                self.entity_papers.setdefault(b, []).append((a, rel, data))
            elif rel == "COAUTHOR":
                self.coauthors[(a, b) if a < b else (b, a)] = data
        for pairs in self.paper_authors.values():
            pairs.sort()
        for lists in (self.author_papers, self.track_papers):
            for papers in lists.values():
                papers.sort()

    def name(self, key: str) -> str:
        data = self.attrs[key]
        if self.kind(key) == "Paper":
            return self._paper_name(key)
        return str(data.get("name") or data.get("id") or key)

    def kind(self, key: str) -> str:
        """The node label. Keys are "Label:id" in every store's to_networkx(); the key is read
        rather than the ``label`` attribute because a Paper's ``label`` property (its readable
        name) and the node label share that attribute name."""
        label, sep, _ = key.partition(":")
        return label if sep else str(self.attrs[key].get("label", ""))

    def _paper_name(self, key: str) -> str:
        data = self.attrs[key]
        # Papers carry their readable label (kg.graph.paper_label) as ``name``.
        for readable in (data.get("name"), data.get("label")):
            if readable and readable != "Paper":
                return str(readable)
        title = data.get("title")
        if title:
            head = short(str(title), 60)
        else:
            words = str(data.get("abstract") or "").split()
            head = " ".join(words[:6]) + ("…" if len(words) > 6 else "")
        authors = self.authors_of(key)
        if not authors:
            return head or str(data.get("id", key))
        surname = self.name(authors[0]).split()[-1]
        return f"{head} — {surname}{' et al.' * (len(authors) > 1)}"

    def authors_of(self, paper: str) -> list[str]:
        return [a for _, a in self.paper_authors.get(paper, [])]

    def track_name(self, track: str) -> str:
        return str(self.attrs[track].get("name") or track)

    def tracks_of(self, key: str) -> list[str]:
        """Track names a node belongs to, for the track filter."""
        kind = self.kind(key)
        if kind == "Track":
            papers: Iterable[str] = self.track_papers.get(key, [])
            return [self.track_name(key)]
        if kind == "Paper":
            papers = [key]
        elif kind == "Author":
            papers = self.author_papers.get(key, [])
        else:
            papers = [p for p, _, _ in self.entity_papers.get(key, [])]
        tracks = {self.paper_track[p] for p in papers if p in self.paper_track}
        return sorted(self.track_name(t) for t in tracks)

    def papers_of(self, key: str) -> int:
        kind = self.kind(key)
        if kind == "Paper":
            return 1
        if kind == "Author":
            return len(self.author_papers.get(key, []))
        if kind == "Track":
            return len(self.track_papers.get(key, []))
        return len({p for p, _, _ in self.entity_papers.get(key, [])})

    # --- tooltips -------------------------------------------------------------------------

    def info(self, key: str) -> Info:
        kind = self.kind(key)
        if kind == "Paper":
            return self._paper_info(key)
        if kind == "Author":
            return self._author_info(key)
        if kind == "Track":
            return self._track_info(key)
        return self._entity_info(key)

    def _paper_info(self, key: str) -> Info:
        data = self.attrs[key]
        info = Info(heading=self.name(key), kind="Paper", abstract=str(data.get("abstract") or ""))
        if data.get("title"):
            info.fields.append(("Title", str(data["title"])))
        authors = [self.name(a) for a in self.authors_of(key)]
        if authors:
            more = " …" if data.get("authors_truncated") else ""
            info.fields.append(("Authors", ", ".join(authors) + more))
        if key in self.paper_track:
            info.fields.append(("Track", self.track_name(self.paper_track[key])))
        elif data.get("track"):
            info.fields.append(("Track", str(data["track"])))
        for label, prop in (("Year", "year"), ("Venue", "venue")):
            if data.get(prop):
                info.fields.append((label, str(data[prop])))
        info.fields.append(("Paper id", str(data.get("id", key))))
        mentions = sorted(
            self.paper_entities.get(key, []),
            key=lambda m: (_ROLE_ORDER.get(m[1], 9), self.kind(m[0]), self.name(m[0]).casefold()),
        )
        if mentions:
            info.items_title = "Extracted entities"
            info.items = [
                {
                    "name": self.name(e),
                    "note": f"{self.kind(e)}, {ROLE_TYPES[rel]}",
                    "quote": str(d.get("evidence") or ""),
                }
                for e, rel, d in mentions
            ]
        return info

    def _author_info(self, key: str) -> Info:
        data = self.attrs[key]
        papers = self.author_papers.get(key, [])
        coauthors = {a for p in papers for a in self.authors_of(p)} - {key}
        info = Info(heading=self.name(key), kind="Author")
        info.fields.append(("Papers", str(len(papers))))
        info.fields.append(("Co-authors", str(len(coauthors))))
        tracks = self.tracks_of(key)
        if tracks:
            info.fields.append(("Tracks", "; ".join(tracks)))
        variants = [v for v in data.get("variants") or [] if v != data.get("name")]
        if variants:
            info.fields.append(("Also written", "; ".join(variants)))
        info.items_title = "Papers"
        info.items = [
            {"name": self.name(p), "note": self._track_of(p), "quote": ""}
            for p in papers[:TOOLTIP_ITEMS]
        ]
        _more(info, len(papers))
        return info

    def _track_info(self, key: str) -> Info:
        data = self.attrs[key]
        papers = self.track_papers.get(key, [])
        info = Info(heading=self.name(key), kind="Track")
        if data.get("area"):
            info.fields.append(("Area", str(data["area"])))
        info.fields.append(("Papers", str(len(papers))))
        topics = Counter(
            e for p in papers for e, _, _ in self.paper_entities.get(p, []) if e in self.attrs
        )
        if topics:
            info.items_title = "Most mentioned"
            ranked = sorted(topics.items(), key=lambda t: (-t[1], self.name(t[0]).casefold()))
            info.items = [
                {"name": self.name(e), "note": f"{self.kind(e)}, {_n(n, 'paper')}", "quote": ""}
                for e, n in ranked[:TOOLTIP_ITEMS]
            ]
            _more(info, len(ranked))
        return info

    def _entity_info(self, key: str) -> Info:
        data = self.attrs[key]
        mentions = self.entity_papers.get(key, [])
        info = Info(heading=self.name(key), kind=self.kind(key))
        info.fields.append(("Papers", str(self.papers_of(key))))
        aliases = [a for a in data.get("aliases") or [] if a != data.get("name")]
        if aliases:
            info.fields.append(("Also called", "; ".join(aliases)))
        tracks = self.tracks_of(key)
        if tracks:
            info.fields.append(("Tracks", "; ".join(tracks)))
        ranked = sorted(mentions, key=lambda m: (_ROLE_ORDER.get(m[1], 9), self.name(m[0])))
        info.items_title = "Evidence"
        info.items = [
            {"name": self.name(p), "note": ROLE_TYPES[rel], "quote": str(d.get("evidence") or "")}
            for p, rel, d in ranked[:TOOLTIP_ITEMS]
        ]
        _more(info, len(ranked))
        return info

    def _track_of(self, paper: str) -> str:
        track = self.paper_track.get(paper)
        return self.track_name(track) if track else ""


_ROLE_ORDER = {"PROPOSES": 0, "EVALUATED_ON": 1, "USES": 2, "ADDRESSES": 3}


def _more(info: Info, total: int) -> None:
    if total > len(info.items):
        rest = total - len(info.items)
        info.items.append({"name": f"… and {rest} more", "note": "", "quote": ""})


def _n(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'s' * (count != 1)}"


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


def coauthors_view(
    G: nx.MultiDiGraph, *, min_weight: int = 1, max_nodes: int | None = None
) -> ViewData:
    """Authors linked by joint papers: size = papers, colour = community, width = joint papers.

    ``min_weight`` keeps links with at least that many joint papers; above 1, authors left with
    no link are dropped too. ``max_nodes`` keeps the largest collaboration groups first.
    """
    max_nodes = max_nodes or DEFAULT_MAX_NODES["coauthors"]
    idx = GraphIndex(G)
    authors = idx.by_label.get("Author", [])
    if not authors:
        raise NotFound("the graph has no authors — build it first with `kg build`")
    H = nx.Graph()
    H.add_nodes_from(authors)
    pairs = idx.coauthors or _pairs_from_papers(idx)
    for (a, b), data in sorted(pairs.items()):
        joint = int(data.get("papers", 1))
        if joint >= min_weight:
            H.add_edge(a, b, papers=joint, weight=float(data.get("weight", joint)))
    if min_weight > 1:
        H.remove_nodes_from([n for n in list(H) if H.degree(n) == 0])
    if not H:
        raise NotFound(
            f"no pair of authors shares {min_weight} or more papers — lower --min-weight"
        )
    total = H.number_of_nodes()
    # Whole collaboration groups first, biggest first, so a cut rarely splits a group.
    components = sorted(
        (sorted(c) for c in nx.connected_components(H)),
        key=lambda c: (-len(c), -sum(idx.papers_of(a) for a in c), c[0]),
    )
    order = [
        a
        for comp in components
        for a in sorted(comp, key=lambda a: (-idx.papers_of(a), idx.name(a).casefold(), a))
    ]
    keep = order[:max_nodes]
    S = H.subgraph(keep).copy()
    communities = _communities(S, idx)
    color: dict[str, str] = {}
    legend: list[LegendItem] = []
    solo = 0
    for number, members in enumerate(communities, 1):
        if len(members) == 1:
            color[members[0]] = SOLO_COLOR
            solo += 1
            continue
        shade = COMMUNITY_COLORS[(number - 1) % len(COMMUNITY_COLORS)]
        for a in members:
            color[a] = shade
        if len(legend) < LEGEND_COMMUNITIES:
            lead = idx.name(members[0])  # the most prolific member names the group
            label = f"{lead} and {_n(len(members) - 1, 'other')}"
            legend.append(LegendItem(label, shade, len(members)))
    grouped = sum(1 for m in communities if len(m) > 1)
    if grouped > len(legend):
        rest = sum(len(m) for m in communities if len(m) > 1) - sum(i.count for i in legend)
        legend.append(
            LegendItem(f"{grouped - len(legend)} more groups (colours repeat)", "#dddddd", rest)
        )
    if solo:
        legend.append(LegendItem("no co-author shown", SOLO_COLOR, solo))
    community_of = {a: i for i, members in enumerate(communities, 1) for a in members}
    nodes = []
    for a in keep:
        info = idx.info(a)
        number = community_of[a]
        group = f"#{number} ({_n(len(communities[number - 1]), 'author')})"
        info.fields.insert(2, ("Group", group))
        name, papers, tracks = short(idx.name(a)), idx.papers_of(a), idx.tracks_of(a)
        nodes.append(VNode(a, name, "Author", papers, color[a], tracks, info, community=number))
    edges = [
        _link(idx, a, b, "COAUTHOR", d["papers"], "joint paper")
        for a, b, d in sorted(S.edges(data=True))
    ]
    papers = len(idx.by_label.get("Paper", []))
    subtitle = (
        f"{_n(len(nodes), 'author')} · {_n(len(edges), 'co-author link')} · "
        f"{_n(grouped, 'collaboration group')} · from {_n(papers, 'paper')}"
    )
    if min_weight > 1:
        subtitle += f" · links with ≥ {min_weight} joint papers"
    return ViewData(
        view="coauthors",
        title="Co-author network",
        subtitle=subtitle,
        nodes=nodes,
        edges=edges,
        legend_title="Collaboration groups (Louvain)",
        legend=legend,
        total_nodes=total,
        notice=_cut_notice(len(nodes), total, "authors", max_nodes, "the largest groups"),
    )


def topics_view(
    G: nx.MultiDiGraph, *, min_weight: int = 1, max_nodes: int | None = None
) -> ViewData:
    """Tracks linked to the methods, datasets, benchmarks and tasks their papers mention.

    A link's width is the number of the track's papers that mention the entity; ``min_weight``
    drops thinner links. ``max_nodes`` keeps every track and the most-mentioned entities.
    """
    max_nodes = max_nodes or DEFAULT_MAX_NODES["topics"]
    idx = GraphIndex(G)
    links: Counter[tuple[str, str]] = Counter()
    for track, papers in idx.track_papers.items():
        for p in papers:
            for e in {e for e, _, _ in idx.paper_entities.get(p, [])}:
                if idx.kind(e) in TOPIC_LABELS:
                    links[(track, e)] += 1
    links = Counter({k: n for k, n in links.items() if n >= min_weight})
    if not links:
        if not idx.by_label.get("Track"):
            raise NotFound("the graph has no tracks — build it first with `kg build`")
        raise NotFound(
            "no track shares an entity with "
            + (
                f"{min_weight} or more papers — lower --min-weight"
                if min_weight > 1
                else "any paper — were entities extracted? (`kg build`)"
            )
        )
    tracks = sorted({t for t, _ in links}, key=lambda t: (-idx.papers_of(t), idx.name(t)))
    n_tracks = Counter(e for _, e in links)  # counted once: a scan per entity took minutes
    entities = sorted(
        n_tracks,
        key=lambda e: (-idx.papers_of(e), -n_tracks[e], idx.name(e).casefold(), e),
    )
    total = len(tracks) + len(entities)
    tracks = tracks[: max(1, max_nodes // 4)] if len(tracks) > max_nodes // 2 else tracks
    kept_tracks = set(tracks)
    entities = [e for e in entities if any((t, e) in links for t in kept_tracks)]
    entities = entities[: max(0, max_nodes - len(tracks))]
    kept = kept_tracks | set(entities)
    edges = [
        _link(idx, t, e, "TRACK_TOPIC", n, "paper")
        for (t, e), n in sorted(links.items())
        if t in kept and e in kept
    ]
    S = nx.Graph((edge.source, edge.target, {"weight": edge.weight}) for edge in edges)
    community_of = {k: i for i, members in enumerate(_communities(S, idx), 1) for k in members}
    nodes = [_typed_node(idx, k) for k in [*tracks, *entities] if k in S]
    for node in nodes:  # not drawn (the map is coloured by type); exports carry it
        node.community = community_of[node.id]
    without_track = len(idx.by_label.get("Paper", [])) - len(idx.paper_track)
    subtitle = f"{_kind_summary(nodes)} · {_n(len(edges), 'link')}"
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
        extra = f"{_n(without_track, 'paper')} without a track are not in this view."
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
    G: nx.MultiDiGraph,
    kind: str,
    arg: str,
    *,
    hops: int = 2,
    max_nodes: int | None = None,
) -> ViewData:
    """Everything within ``hops`` of one author, paper, entity or track (papers are the hubs:
    author → papers → co-authors, tracks and entities)."""
    if kind not in EGO_KINDS:
        raise ConfigError(f"unknown ego view {kind!r}: use one of {', '.join(EGO_KINDS)}")
    max_nodes = max_nodes or DEFAULT_MAX_NODES["ego"]
    idx = GraphIndex(G)
    center = resolve(idx, kind, arg)
    dist = {center: 0}
    queue = deque([center])
    while queue:
        node = queue.popleft()
        if dist[node] >= hops:
            continue
        for nbr in _ego_neighbours(G, node):
            if nbr not in dist:
                dist[nbr] = dist[node] + 1
                queue.append(nbr)
    total = len(dist)
    # Nearest first; within a ring, the nodes tied most to the ring inside it (a co-author by
    # joint papers), so a cut keeps what matters to the centre rather than global hubs.
    inward = {k: sum(1 for n in _ego_neighbours(G, k) if dist.get(n) == dist[k] - 1) for k in dist}
    order = sorted(
        dist, key=lambda k: (dist[k], -inward[k], -G.degree(k), idx.name(k).casefold(), k)
    )
    keep = order[:max_nodes]
    edges = []
    for a, b, rel, data in sorted(G.subgraph(keep).edges(keys=True, data=True)):
        if rel not in EGO_RELS:
            continue
        if rel in ROLE_TYPES:
            title = f"{idx.name(a)} {ROLE_TYPES[rel]} {idx.name(b)}"
            if data.get("evidence"):
                title += f"\n“{data['evidence']}”"
        elif rel == "AUTHORED":
            title = f"{idx.name(a)} wrote {idx.name(b)}"
        else:
            title = f"{idx.name(a)} is in {idx.name(b)}"
        edges.append(VEdge(a, b, rel, 1.5, title))
    nodes = [_typed_node(idx, k, center=k == center) for k in keep]
    what = {"author": "Author", "paper": "Paper", "entity": idx.kind(center), "track": "Track"}
    subtitle = f"{_kind_summary(nodes)} · within {_n(hops, 'hop')}"
    return _typed_view(
        kind,
        f"{what[kind]}: {idx.name(center)}",
        subtitle,
        nodes,
        edges,
        total=total,
        notice=_cut_notice(len(nodes), total, "nodes", max_nodes, "the nearest"),
        focus=center,
    )


def resolve(idx: GraphIndex, kind: str, arg: str) -> str:
    """The node key an ego view is centred on, or NotFound with the closest names."""
    wanted = fold(arg)
    labels = {
        "author": ("Author",),
        "paper": ("Paper",),
        "entity": ENTITY_LABELS,
        "track": ("Track",),
    }[kind]
    candidates = [k for label in labels for k in idx.by_label.get(label, [])]
    if not candidates:
        raise NotFound(f"the graph has no {kind}s — build it first with `kg build`")
    exact: list[str] = []
    for key in candidates:
        data = idx.attrs[key]
        names = [idx.name(key), str(data.get("id", "")), key]
        names += list(data.get("variants") or []) + list(data.get("aliases") or [])
        if kind == "track" and data.get("subarea"):
            names.append(str(data["subarea"]))
        if arg in names or wanted in {fold(n) for n in names if n}:
            exact.append(key)
    if kind == "author" and len(exact) > 1:  # people who share a name: say so, never guess
        by_id = [k for k in exact if idx.attrs[k].get("id") == wanted]
        if by_id:
            return by_id[0]
        who = "; ".join(f"{idx.name(k)} (id {idx.attrs[k].get('id')!r})" for k in sorted(exact))
        raise NotFound(f"{arg!r} is several authors: {who} — pass one of the ids")
    if exact:
        # An entity name can be both a Dataset and a Benchmark: take the one more papers mention.
        return min(exact, key=lambda k: (-idx.papers_of(k), k))
    from rapidfuzz import fuzz, process

    choices = {key: idx.name(key) for key in candidates}
    near = process.extract(arg, choices, scorer=fuzz.WRatio, limit=3, score_cutoff=60)
    hint = "; ".join(f"{name!r}" for name, _, _ in near)
    message = f"no {kind} named {arg!r} in the graph"
    if kind == "paper":
        message = f"no paper with id or label {arg!r} in the graph"
    raise NotFound(message + (f" — did you mean {hint}?" if hint else ""))


# --- helpers ------------------------------------------------------------------------------


def _ego_neighbours(G: nx.MultiDiGraph, node: str) -> list[str]:
    out = [b for _, b, rel in G.out_edges(node, keys=True) if rel in EGO_RELS]
    out += [a for a, _, rel in G.in_edges(node, keys=True) if rel in EGO_RELS]
    return sorted(set(out))


def _communities(S: nx.Graph, idx: GraphIndex) -> list[list[str]]:
    """Louvain (seed 42) on joint-paper weights; numbered by size, members by papers."""
    found = nx.community.louvain_communities(S, weight="weight", seed=42) if S else []
    members = [
        sorted(c, key=lambda a: (-idx.papers_of(a), idx.name(a).casefold(), a)) for c in found
    ]
    return sorted(members, key=lambda m: (-len(m), idx.name(m[0]).casefold(), m[0]))


def _pairs_from_papers(idx: GraphIndex) -> dict[tuple[str, str], dict[str, Any]]:
    """COAUTHOR from AUTHORED, for a graph written without materialized co-author links."""
    pairs = coauthor_pairs(
        [idx.authors_of(p) for p in idx.paper_authors if idx.attrs[p].get("coauthor_pairs", True)]
    )
    return {k: {"papers": n, "weight": w} for k, (n, w) in pairs.items()}


def _typed_node(idx: GraphIndex, key: str, *, center: bool = False) -> VNode:
    kind = idx.kind(key)
    label = idx.name(key)
    if kind == "Track" and idx.attrs[key].get("subarea"):
        label = str(idx.attrs[key]["subarea"])  # the area is in the tooltip; keep the map legible
    return VNode(
        key,
        short(label),
        kind,
        idx.papers_of(key),
        TYPE_COLORS.get(kind, "#999999"),
        idx.tracks_of(key),
        idx.info(key),
        center,
    )


def _kind_counts(nodes: list[VNode]) -> list[tuple[str, int]]:
    counts = Counter(n.kind for n in nodes)
    return [(k, counts[k]) for k in TYPE_COLORS if counts[k]]


def _kind_summary(nodes: list[VNode]) -> str:
    """ "3 tracks · 12 methods", in legend order."""
    return " · ".join(_n(c, TYPE_PLURALS[k][:-1]) for k, c in _kind_counts(nodes))


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
    return ViewData(view, title, subtitle, nodes, edges, "Node types", legend, total, notice, focus)


def _link(idx: GraphIndex, a: str, b: str, kind: str, n: int, noun: str) -> VEdge:
    return VEdge(a, b, kind, _edge_width(n), f"{idx.name(a)} — {idx.name(b)}: {_n(n, noun)}", n)


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
    G: nx.MultiDiGraph,
    view: str,
    arg: str | None = None,
    *,
    min_weight: int = 1,
    max_nodes: int | None = None,
    hops: int = 2,
) -> ViewData:
    """The view the CLI names: ``coauthors``, ``topics``, or an ego view with its argument."""
    if view == "coauthors":
        return coauthors_view(G, min_weight=min_weight, max_nodes=max_nodes)
    if view == "topics":
        return topics_view(G, min_weight=min_weight, max_nodes=max_nodes)
    if view in EGO_KINDS:
        if not arg:
            raise ConfigError(f"`kg viz {view}` needs a {_ARG_NAMES[view]}, e.g. {_EXAMPLES[view]}")
        return ego_view(G, view, arg, hops=hops, max_nodes=max_nodes)
    raise ConfigError(f"unknown view {view!r}: use one of {', '.join(VIEWS)}")


_ARG_NAMES = {"author": "name", "paper": "paper id", "entity": "name", "track": "name"}
_EXAMPLES = {
    "author": "kg viz author 'Murat Kocaoglu'",
    "paper": "kg viz paper b5de07fefc84d019",
    "entity": "kg viz entity transformers",
    "track": "kg viz track Causality",
}
