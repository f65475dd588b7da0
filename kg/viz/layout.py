"""Where each node of a view is drawn, computed once in Python: seeded, deterministic, and shipped
in the page, so the browser draws at once instead of simulating physics.

- Each connected piece is laid out on its own (ForceAtlas2's forces in numpy, seeded;
  networkx's ``forceatlas2_layout`` costs ~5 ms a step even on five nodes), then the pieces are
  packed in rows, largest first, so small islands neither overlap nor drift.
- Groups (the co-author communities) are pulled together: each group is laid out alone and
  becomes one disc; the discs are laid out by the links between groups. A community is then a
  cluster on screen, not a colour scattered over a disc.
- Nodes never overlap: sizes are in the drawing's units (a node's radius), and a last pass pushes
  apart any two discs that still touch.
- Labels are drawn by importance: :func:`label_scales` gives each node the zoom at which its label
  first fits without covering the label of a more important node.

Everything is in the units vis-network draws in (a radius of 10 is 10 pixels at zoom 1).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import networkx as nx
import numpy as np

from kg.viz.cache import ViewCache, source_digest

if TYPE_CHECKING:
    from kg.viz.views import ViewData

_CODE = source_digest(__file__)  # a changed layout lays out again

SEED = 42
GAP = 6.0  # space left between two discs
#: Above this many nodes a piece with no groups is split by Louvain before it is laid out:
#: the force step holds n × n matrices.
FLAT_LIMIT = 1200
ITERATIONS = 150
SMALL = 5  # pieces this small are drawn as a ring

Pos = dict[str, tuple[float, float]]


def node_radius(papers: float) -> float:
    """A node's radius from its papers on a log scale, uncapped: 1 paper 6, 8 papers 21,
    113 papers 41 — a busy node stands out without hiding its neighbours."""
    return round(6.0 + 5.0 * math.log2(max(papers, 1.0)), 1)


def layout(
    nodes: Sequence[str],
    edges: Iterable[tuple[str, str, float]],
    radius: Mapping[str, float],
    *,
    groups: Mapping[str, str] | None = None,
    seed: int = SEED,
) -> Pos:
    """Positions for ``nodes`` (drawn as discs of ``radius``) linked by weighted ``edges``;
    ``groups`` (node → group) pulls each group together. The same input gives the same output."""
    G = nx.Graph()
    G.add_nodes_from(nodes)
    for a, b, w in edges:
        if a != b:
            G.add_edge(a, b, weight=float(w))
    order = {n: i for i, n in enumerate(nodes)}
    pieces = sorted(
        (sorted(c, key=order.__getitem__) for c in nx.connected_components(G)),
        key=lambda c: (-len(c), order[c[0]]),
    )
    placed = [_piece(G.subgraph(c), radius, groups, seed) for c in pieces]
    out: Pos = {}
    for (local, _), (cx, cy) in zip(placed, _pack([r for _, r in placed]), strict=True):
        for n, (x, y) in local.items():
            out[n] = (round(float(x + cx), 1), round(float(y + cy), 1))
    return out


def label_scales(
    pos: Mapping[str, tuple[float, float]],
    ranked: Sequence[str],
    widths: Mapping[str, float],
    radius: Mapping[str, float],
    *,
    height: float,
) -> dict[str, float]:
    """For each node, the zoom from which its label (``widths`` × ``height`` pixels, centred
    below the node) covers no label of a node earlier in ``ranked``. The first label shows at
    any zoom (0.0); the rest appear as one zooms in."""
    if not ranked:
        return {}
    xy = np.array([pos[n] for n in ranked], dtype=float)
    xy[:, 1] += np.array([radius[n] for n in ranked]) + height / 2
    w = np.array([widths[n] for n in ranked], dtype=float)
    out = np.zeros(len(ranked))
    for i in range(1, len(ranked)):
        dx = np.abs(xy[:i, 0] - xy[i, 0])
        dy = np.abs(xy[:i, 1] - xy[i, 1])
        with np.errstate(divide="ignore"):
            need = np.minimum((w[:i] + w[i]) / (2 * dx), height / dy)  # zoom that separates them
        out[i] = float(need.max())
    return {n: float(s) for n, s in zip(ranked, out, strict=True)}


# --- pieces -------------------------------------------------------------------------------


def _piece(
    G: nx.Graph,
    radius: Mapping[str, float],
    groups: Mapping[str, str] | None,
    seed: int,
) -> tuple[dict[str, np.ndarray], float]:
    """One connected piece laid out around (0, 0), and the radius of the disc it fills."""
    if groups is None and len(G) > FLAT_LIMIT:
        found = nx.community.louvain_communities(G, weight="weight", seed=seed)
        groups = {n: min(map(str, c)) for c in found for n in c}
    members: dict[str, list[str]] = defaultdict(list)
    for n in G:
        members[groups.get(n, n) if groups else n].append(n)
    if len(members) <= 1 or len(members) == len(G):
        return _discs(G, {n: radius[n] for n in G}, seed)
    # each group alone, then the groups as discs linked by the links between them
    inner = {g: _discs(G.subgraph(m), {n: radius[n] for n in m}, seed) for g, m in members.items()}
    where = {n: g for g, m in members.items() for n in m}
    Q = nx.Graph()
    Q.add_nodes_from(members)
    for a, b, w in G.edges(data="weight"):
        ga, gb = where[a], where[b]
        if ga != gb:
            Q.add_edge(ga, gb, weight=Q.get_edge_data(ga, gb, {"weight": 0.0})["weight"] + w)
    centres, extent = _discs(Q, {g: r for g, (_, r) in inner.items()}, seed)
    out = {n: centres[g] + p for g, (local, _) in inner.items() for n, p in local.items()}
    return out, extent


def _discs(
    G: nx.Graph, radius: Mapping[str, float], seed: int
) -> tuple[dict[str, np.ndarray], float]:
    """ForceAtlas2 on discs of ``radius``, scaled so the discs fill about half the picture, then
    pushed apart where they still overlap; centred on (0, 0). Up to SMALL nodes sit on a ring
    (a piece that small is nearly always the authors of one paper)."""
    nodes = list(G)
    r = np.array([radius[n] for n in nodes], dtype=float)
    if len(nodes) == 1:
        return {nodes[0]: np.zeros(2)}, float(r[0])
    if len(nodes) <= SMALL:
        side = r.max() * 2 + GAP
        ring = side / (2 * math.sin(math.pi / len(nodes)))
        angle = np.pi / 2 + 2 * np.pi * np.arange(len(nodes)) / len(nodes)
        xy = ring * np.stack([np.cos(angle), np.sin(angle)], axis=1)
    else:
        index = {n: i for i, n in enumerate(nodes)}
        edges = list(G.edges(data="weight", default=1.0))
        links = np.array([(index[a], index[b]) for a, b, _ in edges], dtype=np.int64)
        weights = np.array([w for *_, w in edges])
        steps = min(ITERATIONS, 40 + 4 * len(nodes))
        xy = _forceatlas2(len(nodes), links.reshape(-1, 2), weights, seed, steps)
        xy -= xy.mean(axis=0)
        spread = np.sqrt((xy**2).sum(axis=1)).max() or 1.0
        target = math.sqrt(float(((r + GAP) ** 2).sum()) * 2.0)  # area: twice the discs'
        xy *= target / spread
        _separate(xy, r)
    xy -= (xy.max(axis=0) + xy.min(axis=0)) / 2
    extent = float((np.sqrt((xy**2).sum(axis=1)) + r).max())
    return dict(zip(nodes, xy, strict=True)), extent


def _forceatlas2(
    n: int, links: np.ndarray, weights: np.ndarray, seed: int, iterations: int = ITERATIONS
) -> np.ndarray:
    """ForceAtlas2's forces (Jacomy et al. 2014) for ``n`` nodes and weighted ``links`` (k × 2
    indices): LinLog attraction along links, repulsion between all pairs by degree + 1, gravity
    to the centre; each step moves a node at most a cooling distance, so the result settles in a
    fixed number of steps. Seeded start: the same input gives the same positions."""
    mass = np.bincount(links.ravel(), minlength=n).astype(np.float32) + 1.0
    rng = np.random.default_rng(seed)
    x, y = ((rng.random((2, n)) - 0.5) * math.sqrt(n) * 10).astype(np.float32)
    repel = np.outer(mass, mass) * np.float32(2.0)
    np.fill_diagonal(repel, 0.0)
    i, j = links[:, 0], links[:, 1]
    w = weights.astype(np.float32)
    start = math.sqrt(n) * 2.0
    for step in range(iterations):
        dx = x[:, None] - x[None, :]
        dy = y[:, None] - y[None, :]
        coef = repel / (dx * dx + dy * dy + np.float32(1e-4))
        fx = (coef * dx).sum(axis=1)
        fy = (coef * dy).sum(axis=1)
        # LinLog attraction along the links: log(1 + d) towards each other
        lx, ly = x[i] - x[j], y[i] - y[j]
        dist = np.sqrt(lx * lx + ly * ly) + np.float32(1e-6)
        pull = w * np.log1p(dist) / dist
        np.subtract.at(fx, i, pull * lx)
        np.add.at(fx, j, pull * lx)
        np.subtract.at(fy, i, pull * ly)
        np.add.at(fy, j, pull * ly)
        r = np.sqrt(x * x + y * y) + np.float32(1e-6)
        fx -= mass * x / r
        fy -= mass * y / r
        length = np.sqrt(fx * fx + fy * fy) + np.float32(1e-9)
        cap = start * (1.0 - step / iterations) + 0.05
        scale = np.minimum(length, cap) / length
        x += fx * scale
        y += fy * scale
    return np.stack([x, y], axis=1).astype(float)


def _separate(xy: np.ndarray, r: np.ndarray, rounds: int = 40) -> None:
    """Push overlapping discs apart in place (each moves half the overlap), a few rounds. Only
    discs in neighbouring grid cells are compared, so a piece of 15,000 nodes costs seconds."""
    n = len(xy)
    for k in range(rounds):
        i, j = _close_pairs(xy, float(2 * r.max() + GAP))
        d = xy[i] - xy[j]
        dist = np.sqrt((d**2).sum(axis=1))
        over = r[i] + r[j] + GAP - dist
        hit = over > 0
        if not hit.any():
            return
        i, j, d, dist, over = i[hit], j[hit], d[hit], dist[hit], over[hit]
        # coincident points: a fixed direction per pair, so the result stays deterministic
        same = dist < 1e-9
        if same.any():
            angle = i[same] * 2.399963 + j[same] * 0.7 + k
            d[same] = np.stack([np.cos(angle), np.sin(angle)], axis=1)
            dist[same] = 1.0
        push = d / dist[:, None] * (over / 2)[:, None]
        move = np.zeros((n, 2))
        np.add.at(move, i, push)
        np.subtract.at(move, j, push)
        xy += move


def _close_pairs(xy: np.ndarray, reach: float) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (i < j) of points in the same or a neighbouring square of side ``reach``: a
    superset of the pairs closer than ``reach``."""
    cell = np.floor(xy / reach).astype(np.int64)
    cell -= cell.min(axis=0)
    width = int(cell[:, 0].max()) + 3
    key = cell[:, 0] + 1 + (cell[:, 1] + 1) * width
    order = np.argsort(key, kind="stable")
    keys = key[order]
    found_i, found_j = [], []
    for dx, dy in ((0, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
        want = key + dx + dy * width
        lo = np.searchsorted(keys, want, side="left")
        hi = np.searchsorted(keys, want, side="right")
        count = hi - lo
        i = np.repeat(np.arange(len(xy)), count)
        start = np.repeat(lo - np.cumsum(count) + count, count)
        j = order[start + np.arange(int(count.sum()))]
        if dx == 0 and dy == 0:
            keep = i < j
            i, j = i[keep], j[keep]
        found_i.append(i)
        found_j.append(j)
    i, j = np.concatenate(found_i), np.concatenate(found_j)
    return np.minimum(i, j), np.maximum(i, j)


def _pack(radii: list[float]) -> list[tuple[float, float]]:
    """Centres for discs of ``radii`` (largest first) in centred rows about as wide as tall."""
    if not radii:
        return []
    area = sum((2 * r + GAP) ** 2 for r in radii)
    width = max(2 * radii[0] + GAP, math.sqrt(area) * 1.15)
    rows: list[list[int]] = [[]]
    used = 0.0
    for i, r in enumerate(radii):
        if rows[-1] and used + 2 * r + GAP > width:
            rows.append([])
            used = 0.0
        rows[-1].append(i)
        used += 2 * r + GAP
    out: list[tuple[float, float]] = [(0.0, 0.0)] * len(radii)
    y = 0.0
    for row in rows:
        tall = max(radii[i] for i in row)
        span = sum(2 * radii[i] + GAP for i in row)
        x = -span / 2
        for i in row:
            out[i] = (x + radii[i] + GAP / 2, y + tall)
            x += 2 * radii[i] + GAP
        y += 2 * tall + GAP
    return out


# --- views --------------------------------------------------------------------------------

#: Labels are drawn LABEL_PX pixels high at any zoom, each once the zoom is at least its
#: ``label_zoom``.
LABEL_PX = 13.0
SCREEN_FILL = 240.0  # a cluster's name goes once the cluster is this many pixels wide
CHAR_WIDTH = 0.58  # of the font size, for Inter/Helvetica: a little wide, never too narrow


def draw_radius(papers: float, *, center: bool = False, top: float = 0.0) -> float:
    """The radius a node is drawn with: by papers, and the centre of an ego view above all."""
    size = node_radius(papers)
    return round(max(size, top * 1.25, 24.0), 1) if center else size


def place(
    view: ViewData, groups: Mapping[str, str] | None = None, *, cache: ViewCache | None = None
) -> None:
    """Fill in each node's position, radius and label zoom (in place); ``cache`` keeps the
    positions and label zooms of a view (a whole graph takes half a minute) by its input."""
    top = max((node_radius(n.size) for n in view.nodes), default=0.0)
    radius = {n.id: draw_radius(n.size, center=n.center, top=top) for n in view.nodes}
    ranked = sorted(view.nodes, key=lambda n: (not n.center, -n.size, n.label.casefold(), n.id))
    widths = {n.id: CHAR_WIDTH * LABEL_PX * len(n.label) for n in view.nodes}
    edges = [(e.source, e.target, e.width) for e in view.edges]

    def compute() -> dict[str, list[float]]:
        pos = layout([n.id for n in view.nodes], edges, radius, groups=groups)
        zoom = label_scales(pos, [n.id for n in ranked], widths, radius, height=LABEL_PX * 1.3)
        return {n: [*pos[n], round(zoom[n], 4)] for n in pos}

    if cache is None:
        placed = compute()
    else:
        key = [_CODE, [(n.id, radius[n.id], widths[n.id]) for n in ranked], edges, groups]
        placed = cache.get("layout", key, compute)
    for n in view.nodes:
        n.x, n.y, n.label_zoom = placed[n.id]
        n.radius = radius[n.id]
    place_clusters(view, {k: (v[0], v[1]) for k, v in placed.items()}, radius)


def place_clusters(
    view: ViewData, pos: Mapping[str, tuple[float, float]], radius: Mapping[str, float]
) -> None:
    """Each cluster's name at its members' centre, shown from the zoom at which it covers no
    bigger cluster's name until the cluster is SCREEN_FILL pixels wide."""
    clusters = sorted(view.clusters, key=lambda c: -len(c.members))
    centre: Pos = {}
    for i, c in enumerate(clusters):
        xy = np.array([pos[m] for m in c.members])
        r = np.array([radius[m] for m in c.members])
        lo, hi = (xy - r[:, None]).min(axis=0), (xy + r[:, None]).max(axis=0)
        c.x, c.y = (round(float(v), 1) for v in (lo + hi) / 2)
        c.until_zoom = round(SCREEN_FILL / float((hi - lo).max()), 4)
        centre[str(i)] = (c.x, c.y)
    px = LABEL_PX + 4
    widths = {str(i): CHAR_WIDTH * px * len(c.label) for i, c in enumerate(clusters)}
    keys = [str(i) for i in range(len(clusters))]
    zoom = label_scales(centre, keys, widths, dict.fromkeys(keys, -px * 0.65), height=px * 1.3)
    for i, c in enumerate(clusters):
        c.from_zoom = round(zoom[str(i)], 4)
    view.clusters = [c for c in clusters if c.from_zoom < c.until_zoom]
