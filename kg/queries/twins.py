"""Every named query's declaration (:func:`~kg.queries.registry.named`) and embedded
implementation, its "twin": the same columns, rows and order as its Cypher.

Each twin reads the :class:`~kg.index.GraphIndex` of the embedded graph and mirrors its
statement clause by clause — the ORDER BY of the .cypher file is the sort key here, always ending
in an id so ties break the same way on both stores. Floats are rounded with :func:`cypher_round`,
which rounds like Cypher's ``round(x, n)`` (half away from zero on the shortest decimal form),
so the two stores print the same digits.

Two queries are graph algorithms that plain Cypher cannot express (communities; central-authors
by betweenness): :func:`communities` and :func:`betweenness` take the co-author edge list, which
kg reads from either store, and run NetworkX on it for both (their ``on_neo4j`` hooks read the
edges with Cypher). :func:`community_groups` is also what ``kg viz coauthors`` colours by.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from kg import trends
from kg.errors import QueryError
from kg.index import EntityKey, GraphIndex
from kg.queries.registry import CypherRunner, named, named_query
from kg.queries.spec import get_query
from kg.schema import ROLE_NAMES, ROLE_RANK

if TYPE_CHECKING:
    import networkx as nx

Row = tuple[Any, ...]
Params = Mapping[str, Any]
#: (source id, source name, target id, target name, joint papers, weight), source < target.
Edge = tuple[str, str, str, str, int, float]

#: author-profile's facets: papers (0), tracks (1), then the roles in their order
_PROFILE_RANK = {rel: 2 + rank for rel, rank in ROLE_RANK.items()}
_OVERVIEW_RANK = {"Method": 2, "Dataset": 3, "Benchmark": 4, "Task": 5}


@lru_cache(maxsize=1 << 16)
def cypher_round(value: float, digits: int) -> float:
    """Cypher's ``round(value, digits)``: HALF_UP on the shortest decimal form of the float."""
    if math.isnan(value) or math.isinf(value):
        return value
    step = Decimal(1).scaleb(-digits)
    return float(Decimal(repr(float(value))).quantize(step, rounding=ROUND_HALF_UP))


# --- parameter checks and Neo4j plans (used in the declarations below) ----------------------


def _two_authors(typed: Params, sent: Params) -> None:
    if sent["source"] == sent["target"]:
        raise QueryError(
            f"source and target are the same author ({typed['source']!r}): "
            "give two different authors"
        )


def _edges(records: list[dict[str, Any]]) -> list[Edge]:
    return [
        (
            r["source"],
            r["source_name"],
            r["target"],
            r["target_name"],
            int(r["papers"]),
            float(r["weight"]),
        )
        for r in records
    ]


def _communities_on_neo4j(run: CypherRunner, p: Params) -> list[Row]:
    return communities(_edges(run(named_query("communities").spec.cypher, {})), p)


def _central_authors_on_neo4j(run: CypherRunner, p: Params) -> list[Row]:
    if p["measure"] == "betweenness":  # NetworkX on the co-author graph, as on the embedded store
        edges = run(named_query("coauthor-graph").spec.cypher, {"limit": 1 << 62})
        return betweenness(_edges(edges), p)
    spec = named_query("central-authors").spec
    return [tuple(r[c] for c in spec.columns) for r in run(spec.cypher, dict(p))]


#: collaboration-path's longest chain: the bound of its Cypher pattern (``*..10``), declared there
#: because Cypher takes no parameter for a pattern's length.
MAX_PATH_HOPS = int(re.findall(r"COAUTHOR\*\.\.(\d+)", get_query("collaboration-path").cypher)[0])


# --- co-authorship ------------------------------------------------------------------------


@named("coauthors", empty="{name} has no co-authors in the graph")
def coauthors(ix: GraphIndex, p: Params) -> list[Row]:
    rows = [
        (-papers, -cypher_round(weight, 3), cid, ix.author_names[cid], papers)
        for cid, (papers, weight) in ix.coauthors_of(p["name"]).items()
    ]
    rows.sort()
    return [(name, papers, -negw) for _, negw, _, name, papers in rows[: p["limit"]]]


@named("top-collaborations", empty="no pair of co-authors has at least {min_papers} joint papers")
def top_collaborations(ix: GraphIndex, p: Params) -> list[Row]:
    ranked = ix.memo.get("top_collaborations")
    if ranked is None:
        ranked = sorted(
            (-papers, -cypher_round(weight, 3), a, b, papers)
            for a, b, papers, weight in ix.coauthor_edges()
        )
        ix.memo["top_collaborations"] = ranked
    out: list[Row] = []
    for _negp, negw, a, b, papers in ranked:
        if len(out) >= p["limit"]:
            break
        if papers >= p["min_papers"]:
            out.append((ix.author_names[a], ix.author_names[b], papers, -negw))
    return out


@named(
    "collaboration-path",
    empty=f"no chain of co-authors of at most {MAX_PATH_HOPS} hops links {{source}} and {{target}}",
    check=_two_authors,
)
def collaboration_path(ix: GraphIndex, p: Params) -> list[Row]:
    """Of all shortest chains, the one with the smallest list of ids (allShortestPaths, ORDER BY
    the id list, LIMIT 1): BFS from the target, then from the source always step to the
    smallest-id neighbour one hop closer."""
    source, target = p["source"], p["target"]
    dist = {target: 0}
    frontier = [target]
    while frontier and source not in dist and dist[frontier[0]] < MAX_PATH_HOPS:
        nxt = []
        for node in frontier:
            for other in ix.coauthors.get(node, {}):
                if other not in dist:
                    dist[other] = dist[node] + 1
                    nxt.append(other)
        frontier = nxt
    if source not in dist:
        return []
    chain = [source]
    while chain[-1] != target:
        here = chain[-1]
        chain.append(min(o for o in ix.coauthors[here] if dist.get(o) == dist[here] - 1))
    rows: list[Row] = [(0, ix.author_names[source], None)]
    for step in range(1, len(chain)):
        papers = ix.coauthors[chain[step - 1]][chain[step]][0]
        rows.append((step, ix.author_names[chain[step]], papers))
    return rows


@named("author-profile")
def author_profile(ix: GraphIndex, p: Params) -> list[Row]:
    aid, per_facet = p["name"], p["per_facet"]
    papers = ix.author_papers.get(aid, [])
    keyed: list[tuple[Any, ...]] = []
    for pid in sorted(papers, key=lambda pid: (ix.papers[pid].get("name"), pid))[:per_facet]:
        name = ix.papers[pid].get("name")
        keyed.append((0, -1, name, pid, "paper", "Paper", name))
    tracks = Counter(ix.paper_track[pid] for pid in papers if pid in ix.paper_track)
    for tid, n in sorted(tracks.items(), key=lambda kv: (-kv[1], kv[0]))[:per_facet]:
        keyed.append((1, -n, tid, tid, "track", "Track", ix.tracks[tid]))
    by_role: dict[str, Counter[EntityKey]] = defaultdict(Counter)
    for pid in papers:
        for rel, ekey, _ in ix.paper_mentions.get(pid, ()):
            by_role[rel][ekey] += 1
    for rel, counts in by_role.items():
        top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0][1], kv[0][0]))[:per_facet]
        for (label, eid), n in top:
            name = ix.entities[(label, eid)].get("name")
            keyed.append((_PROFILE_RANK[rel], -n, eid, label, ROLE_NAMES[rel], label, name))
    keyed.sort(key=lambda k: k[:4])
    return [(facet, type_, name, -negn) for _, negn, _, _, facet, type_, name in keyed]


# --- who knows what ----------------------------------------------------------------------


@named("experts", empty="no paper in the graph relates to {entity}")
def experts(ix: GraphIndex, p: Params) -> list[Row]:
    papers: dict[str, set[str]] = defaultdict(set)
    proposed: dict[str, set[str]] = defaultdict(set)
    for ekey in ix.entity_keys(p["entity"], p["type"]):
        for rel, pid, _ in ix.entity_mentions.get(ekey, ()):
            for _, aid in ix.paper_authors.get(pid, ()):
                papers[aid].add(pid)
                if rel == "PROPOSES":
                    proposed[aid].add(pid)
    ranked = sorted(
        (-(len(ps) + 2 * len(proposed[aid])), -len(ps), aid, len(proposed[aid]))
        for aid, ps in papers.items()
    )
    return [
        (ix.author_names[aid], -negs, -negp, prop) for negs, negp, aid, prop in ranked[: p["limit"]]
    ]


@named("recommend-collaborators", empty="no candidate shares a co-author or a concept with {name}")
def recommend_collaborators(ix: GraphIndex, p: Params) -> list[Row]:
    aid = p["name"]
    known = ix.coauthors.get(aid, {})
    shared_coauthors: Counter[str] = Counter()
    by_coauthors: dict[str, float] = defaultdict(float)
    for z in known:
        if len(ix.coauthors[z]) < 2:  # z wrote only with the author: no one to introduce
            continue
        weight = 1.0 / math.log(len(ix.coauthors[z]))
        for c in ix.coauthors[z]:
            if c != aid and c not in known:
                shared_coauthors[c] += 1
                by_coauthors[c] += weight
    concepts = {
        ekey
        for pid in ix.author_papers.get(aid, ())
        for _, ekey, _ in ix.paper_mentions.get(pid, ())
    }
    shared_concepts: Counter[str] = Counter()
    by_concepts: dict[str, float] = defaultdict(float)
    for ekey in concepts:
        users = ix.entity_authors(ekey)
        if len(users) < 2:
            continue
        weight = 1.0 / math.log(len(users))
        for c in users:
            if c != aid and c not in known:
                shared_concepts[c] += 1
                by_concepts[c] += weight
    candidates = set(shared_coauthors) | set(shared_concepts)
    ranked = sorted(
        (
            -cypher_round(by_coauthors[c] + p["concept_weight"] * by_concepts[c], 4),
            -shared_coauthors[c],
            c,
        )
        for c in candidates
    )
    return [
        (ix.author_names[c], -negs, -negsc, shared_concepts[c])
        for negs, negsc, c in ranked[: p["limit"]]
    ]


@named("papers-using", empty="no paper in the graph relates to {entity}")
def papers_using(ix: GraphIndex, p: Params) -> list[Row]:
    keyed = []
    for ekey in ix.entity_keys(p["entity"], p["type"]):
        for rel, pid, _ in ix.entity_mentions.get(ekey, ()):
            paper = ix.papers[pid]
            year = paper.get("year")
            keyed.append(
                (
                    (ROLE_RANK[rel], -(year or 0), pid, ekey[0]),
                    (paper.get("name"), ROLE_NAMES[rel], ekey[0], paper.get("track"), year, pid),
                )
            )
    keyed.sort(key=lambda kv: kv[0])
    return [row for _, row in keyed[: p["limit"]]]


@named(
    "proposed-in",
    empty="no paper in the graph is recorded as proposing {entity} "
    "(try papers-using to see where it appears)",
)
def proposed_in(ix: GraphIndex, p: Params) -> list[Row]:
    keyed = []
    for ekey in ix.entity_keys(p["entity"], p["type"]):
        entity = ix.entities[ekey].get("name")
        for rel, pid, attrs in ix.entity_mentions.get(ekey, ()):
            if rel != "PROPOSES":
                continue
            paper = ix.papers[pid]
            year = paper.get("year")
            confidence = cypher_round(attrs.get("confidence", 0.0), 3)
            authors = [ix.author_names[aid] for _, aid in ix.paper_authors.get(pid, ())]
            keyed.append(
                (
                    (year if year is not None else 100000, -confidence, pid, ekey[0]),
                    (entity, ekey[0], paper.get("name"), authors, year, confidence, pid),
                )
            )
    keyed.sort(key=lambda kv: kv[0])
    return [row for _, row in keyed[: p["limit"]]]


# --- tracks and topics --------------------------------------------------------------------


@named("methods-by-track", empty="no paper of this track mentions a method")
def methods_by_track(ix: GraphIndex, p: Params) -> list[Row]:
    tracks = [p["track"]] if p["track"] else sorted(ix.track_papers)
    rows: list[Row] = []
    for tid in tracks:
        counts: Counter[str] = Counter()
        for pid in ix.track_papers.get(tid, ()):
            for mid in {
                ekey[1] for _, ekey, _ in ix.paper_mentions.get(pid, ()) if ekey[0] == "Method"
            }:
                counts[mid] += 1
        top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[: p["per_track"]]
        rows.extend((ix.tracks[tid], ix.entities[("Method", mid)].get("name"), n) for mid, n in top)
    return rows


@named("track-overview")
def track_overview(ix: GraphIndex, p: Params) -> list[Row]:
    tid, limit = p["track"], p["limit"]
    papers = ix.track_papers.get(tid, [])
    rows: list[Row] = [("papers", ix.tracks[tid], len(papers))]
    authors = Counter(aid for pid in papers for _, aid in ix.paper_authors.get(pid, ()))
    for aid, n in sorted(authors.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]:
        rows.append(("author", ix.author_names[aid], n))
    entities: Counter[EntityKey] = Counter()
    for pid in papers:
        for ekey in {
            ekey for _, ekey, _ in ix.paper_mentions.get(pid, ()) if ekey[0] in _OVERVIEW_RANK
        }:
            entities[ekey] += 1
    by_label: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for (label, eid), n in entities.items():
        by_label[label].append((-n, eid))
    for label in sorted(by_label, key=_OVERVIEW_RANK.__getitem__):
        for negn, eid in sorted(by_label[label])[:limit]:
            rows.append((label.lower(), ix.entities[(label, eid)].get("name"), -negn))
    return rows


@named("concept-cooccurrence", empty="no pair of entities shares at least {min_papers} papers")
def concept_cooccurrence(ix: GraphIndex, p: Params) -> list[Row]:
    if p["entity"]:
        counts: Counter[tuple[EntityKey, EntityKey]] = Counter()
        for anchor in ix.entity_keys(p["entity"], p["type"]):
            for _, pid, _ in ix.entity_mentions.get(anchor, ()):
                for other in {ekey for _, ekey, _ in ix.paper_mentions[pid]}:
                    if other != anchor:
                        counts[(anchor, other)] += 1
    elif "cooccurrence" in ix.memo:
        counts = ix.memo["cooccurrence"]
    else:
        counts = Counter()
        for mentions in ix.paper_mentions.values():
            keys = sorted(
                {f"{label}:{eid}": (label, eid) for _, (label, eid), _ in mentions}.items()
            )
            for i, (_, a) in enumerate(keys):
                for _, b in keys[i + 1 :]:
                    counts[(a, b)] += 1
        ix.memo["cooccurrence"] = counts
    ranked = sorted(
        (-n, f"{a[0]}:{a[1]}", f"{b[0]}:{b[1]}", a, b)
        for (a, b), n in counts.items()
        if n >= p["min_papers"]
    )
    return [
        (ix.entities[a].get("name"), a[0], ix.entities[b].get("name"), b[0], -negn)
        for negn, _, _, a, b in ranked[: p["limit"]]
    ]


# --- institutions ---------------------------------------------------------------------------


@named("top-institutions", empty="no matching paper gives its authors' affiliations")
def top_institutions(ix: GraphIndex, p: Params) -> list[Row]:
    if p["entity"]:
        papers = {
            pid
            for ekey in ix.entity_keys(p["entity"], p["type"])
            for _, pid, _ in ix.entity_mentions.get(ekey, ())
        }
    else:
        papers = set(ix.paper_institutions)
    if p["track"]:
        papers &= set(ix.track_papers.get(p["track"], ()))
    by_papers: dict[str, set[str]] = defaultdict(set)
    by_authors: dict[str, set[str]] = defaultdict(set)
    for pid in papers:
        for aid, iids in ix.paper_institutions.get(pid, ()):
            for iid in iids:
                if iid in ix.institutions:
                    by_papers[iid].add(pid)
                    by_authors[iid].add(aid)
    ranked = sorted((-len(ps), -len(by_authors[iid]), iid) for iid, ps in by_papers.items())
    return [
        (ix.institutions[iid].get("name"), ix.institutions[iid].get("country"), -negp, -nega)
        for negp, nega, iid in ranked[: p["limit"]]
    ]


@named(
    "institution-collaborations",
    empty="no pair of institutions shares at least {min_papers} papers",
)
def institution_collaborations(ix: GraphIndex, p: Params) -> list[Row]:
    anchor = p["institution"]
    counts: Counter[tuple[str, str]] = Counter()
    for entries in ix.paper_institutions.values():
        here = {iid for _, iids in entries for iid in iids}
        for a in here:
            for b in here:
                if a != b and ((not anchor and a < b) or a == anchor):
                    counts[(a, b)] += 1
    ranked = sorted(
        (-n, a, b)
        for (a, b), n in counts.items()
        if n >= p["min_papers"] and a in ix.institutions and b in ix.institutions
    )
    return [
        (ix.institutions[a].get("name"), ix.institutions[b].get("name"), -negn)
        for negn, a, b in ranked[: p["limit"]]
    ]


@named("coauthor-graph")
def coauthor_graph(ix: GraphIndex, p: Params) -> list[Row]:
    return [*coauthor_edges_of(ix, limit=p["limit"])]


def coauthor_edges_of(ix: GraphIndex, *, limit: int | None = None) -> list[Edge]:
    return [
        (a, ix.author_names[a], b, ix.author_names[b], papers, cypher_round(weight, 6))
        for a, b, papers, weight in ix.coauthor_edges()[:limit]
    ]


# --- graph algorithms (NetworkX on both stores) -------------------------------------------


def _coauthor_nx(edges: Iterable[Edge]) -> tuple[nx.Graph, dict[str, str]]:
    """The co-author graph with nodes and edges inserted in id order, so that a seeded algorithm
    sees the same graph — and gives the same answer — whichever store the edges came from."""
    edges = sorted(edges)
    names = {}
    for a, a_name, b, b_name, _, _ in edges:
        names[a] = a_name
        names[b] = b_name
    import networkx as nx  # slow to import: only the queries that run graph algorithms

    g = nx.Graph()
    g.add_nodes_from(sorted(names))
    for a, _, b, _, papers, weight in edges:
        g.add_edge(a, b, papers=papers, weight=weight)
    return g, names


def louvain(edges: list[Edge], *, resolution: float, seed: int) -> tuple[list[Row], dict[str, str]]:
    """[(number, size, joint papers inside, member ids by joint papers inside then id)], names.

    Numbered from 1 by size (largest first), ties by the smallest member id."""
    g, names = _coauthor_nx(edges)
    if g.number_of_nodes() == 0:
        return [], names
    # Louvain on integers numbered in id order: its sets of nodes then iterate the same way
    # whatever PYTHONHASHSEED is (strings hash differently in every process).
    ids = list(g)
    import networkx as nx

    numbered = nx.convert_node_labels_to_integers(g, ordering="default")
    found = nx.community.louvain_communities(
        numbered, weight="papers", resolution=resolution, seed=seed
    )
    groups = sorted(
        (sorted(ids[i] for i in c) for c in found), key=lambda members: (-len(members), members[0])
    )
    out: list[Row] = []
    for number, members in enumerate(groups, start=1):
        inside = set(members)
        strength = {m: sum(d["papers"] for o, d in g[m].items() if o in inside) for m in members}
        ranked = sorted(members, key=lambda m: (-strength[m], m))
        out.append((number, len(members), sum(strength.values()) // 2, ranked))
    return out, names


def communities(edges: list[Edge], p: Params) -> list[Row]:
    groups, names = louvain(edges, resolution=p["resolution"], seed=p["seed"])
    return _community_rows(groups, names, p)


def _community_rows(groups: list[Row], names: Mapping[str, str], p: Params) -> list[Row]:
    rows: list[Row] = []
    for number, size, papers, members in groups:
        if p["name"]:
            if p["name"] not in members:
                continue
        elif size < p["min_size"]:
            continue
        rows.append((number, size, papers, [names[m] for m in members[: p["show"]]]))
        if len(rows) >= p["limit"]:
            break
    return rows


def betweenness(edges: list[Edge], p: Params) -> list[Row]:
    g, names = _coauthor_nx(edges)
    n = g.number_of_nodes()
    if n == 0:
        return []
    k = p["samples"] if 0 < p["samples"] < n else None
    import networkx as nx

    scores = nx.betweenness_centrality(g, k=k, seed=p["seed"], normalized=True)
    rows = []
    for aid in g:
        links = g[aid].values()
        rows.append(
            (
                -cypher_round(scores[aid], 4),
                -len(links),
                aid,
                sum(d["papers"] for d in links),
                cypher_round(sum(d["weight"] for d in links), 3),
            )
        )
    rows.sort()
    return [
        (names[aid], -negc, joint, weighted, -negs)
        for negs, negc, aid, joint, weighted in rows[: p["limit"]]
    ]


@named("central-authors", on_neo4j=_central_authors_on_neo4j)
def central_authors(ix: GraphIndex, p: Params) -> list[Row]:
    """Whole-graph rankings are computed once per graph (and measure, samples, seed)."""
    if p["measure"] == "betweenness":
        sampled = ("betweenness", p["samples"], p["seed"])
        if sampled not in ix.memo:
            ix.memo[sampled] = betweenness(coauthor_edges_of(ix), {**p, "limit": 1 << 62})
        return ix.memo[sampled][: p["limit"]]  # type: ignore[no-any-return]
    ranking = ("central", p["measure"])
    if ranking not in ix.memo:
        ix.memo[ranking] = _degree_ranking(ix, p["measure"])
    return ix.memo[ranking][: p["limit"]]  # type: ignore[no-any-return]


def _degree_ranking(ix: GraphIndex, measure: str) -> list[Row]:
    denominator = ix.n_authors - 1 if ix.n_authors > 1 else 1
    ranked = []
    for aid, links in ix.coauthors.items():
        if not links:
            continue
        weighted = cypher_round(sum(w for _, w in links.values()), 3)
        degree = len(links)
        score = weighted if measure == "weighted" else cypher_round(degree / denominator, 4)
        joint = sum(n for n, _ in links.values())
        ranked.append((-score, -degree, aid, joint, weighted))
    ranked.sort()
    return [
        (ix.author_names[aid], -negc, joint, weighted, -negs)
        for negs, negc, aid, joint, weighted in ranked
    ]


@named(
    "communities",
    empty="no community matches (an author with no co-authors is in none)",
    on_neo4j=_communities_on_neo4j,
)
def communities_twin(ix: GraphIndex, p: Params) -> list[Row]:
    groups = community_groups(ix, resolution=p["resolution"], seed=p["seed"])
    return _community_rows(groups, ix.author_names, p)


def community_groups(ix: GraphIndex, *, resolution: float, seed: int) -> list[Row]:
    """The co-author communities of the whole graph, as :func:`louvain` numbers them — what
    ``kg query communities`` lists and ``kg viz coauthors`` colours. Louvain over the whole graph
    is the slow part: once per graph, resolution and seed."""
    memo_key = ("louvain", resolution, seed)
    if memo_key not in ix.memo:
        ix.memo[memo_key] = louvain(coauthor_edges_of(ix), resolution=resolution, seed=seed)[0]
    return ix.memo[memo_key]  # type: ignore[no-any-return]


def _trends_on_neo4j(run: CypherRunner, p: Params) -> list[Row]:
    """cypher/trends.cypher counts papers per year (rows without a label: all papers of a year)
    and per entity per year; slopes and bursts are ranked in Python, as on the embedded store."""
    records = run(get_query("trends").cypher, dict(p))
    counts = [
        (r["label"], r["id"], r["name"], r["year"], r["papers"]) for r in records if r["label"]
    ]
    totals = {r["year"]: r["papers"] for r in records if not r["label"]}
    return trends.trend_rows(counts, totals, p)


@named(
    "trends",
    empty="no paper with a year in the range asked (from {from}, to {to}; 0 is open) mentions "
    "{entity}, or no entity is in {min_papers} of them (an empty entity means any)",
    on_neo4j=_trends_on_neo4j,
)
def trends_twin(ix: GraphIndex, p: Params) -> list[Row]:
    """Papers per year, and per entity per year, as cypher/trends.cypher counts them."""
    years: dict[str, int] = {
        pid: a["year"] for pid, a in ix.papers.items() if trends.in_range(a.get("year"), p)
    }
    totals = Counter(years.values())
    per: Counter[tuple[EntityKey, int]] = Counter()
    for pid, year in years.items():
        for key in {e for _, e, _ in ix.paper_mentions.get(pid, ()) if e[0] in trends.LABELS}:
            if (p["entity"] and key[1] != p["entity"]) or (p["type"] and key[0] != p["type"]):
                continue
            per[(key, year)] += 1
    papers: Counter[EntityKey] = Counter()
    for (key, _), n in per.items():
        papers[key] += n
    counts = [
        (label, id_, ix.entities[(label, id_)].get("name") or id_, year, n)
        for ((label, id_), year), n in per.items()
        if p["entity"] or papers[(label, id_)] >= p["min_papers"]
    ]
    return trends.trend_rows(counts, totals, p)
