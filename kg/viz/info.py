"""What a node's tooltip and the details panel say about it, as plain text (the page puts it
on screen through textContent only)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from kg.index import GraphIndex
from kg.schema import ROLE_NAMES, ROLE_RANK, NodeKey

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


def info(ix: GraphIndex, key: NodeKey) -> Info:
    """What the tooltip and details panel of a node say."""
    label = key[0]
    if label == "Paper":
        return _paper_info(ix, key[1])
    if label == "Author":
        return _author_info(ix, key[1])
    if label == "Track":
        return _track_info(ix, key[1])
    return _entity_info(ix, key)


def _paper_info(ix: GraphIndex, pid: str) -> Info:
    data = ix.papers[pid]
    info = Info(ix.name(("Paper", pid)), "Paper", abstract=str(data.get("abstract") or ""))
    if data.get("title"):
        info.fields.append(("Title", str(data["title"])))
    authors = [ix.author_names[a] for a in ix.authors_of(pid)]
    if authors:
        more = " …" if data.get("authors_truncated") else ""
        info.fields.append(("Authors", ", ".join(authors) + more))
    if pid in ix.paper_track:
        info.fields.append(("Track", ix.tracks[ix.paper_track[pid]]))
    elif data.get("track"):
        info.fields.append(("Track", str(data["track"])))
    for label, prop in (("Year", "year"), ("Venue", "venue")):
        if data.get(prop):
            info.fields.append((label, str(data[prop])))
    info.fields.append(("Paper id", pid))
    mentions = sorted(
        ix.paper_mentions.get(pid, []),
        key=lambda m: (ROLE_RANK[m[0]], m[1][0], ix.name(m[1]).casefold()),
    )
    if mentions:
        info.items_title = "Extracted entities"
        info.items = [
            {
                "name": ix.name(e),
                "note": f"{e[0]}, {ROLE_NAMES[rel]}",
                "quote": str(d.get("evidence") or ""),
            }
            for rel, e, d in mentions
        ]
    return info


def _author_info(ix: GraphIndex, aid: str) -> Info:
    data = ix.nodes[("Author", aid)]
    papers = ix.papers_with(("Author", aid))
    coauthors = {a for p in papers for a in ix.authors_of(p)} - {aid}
    info = Info(ix.author_names[aid], "Author")
    info.fields.append(("Papers", str(len(papers))))
    info.fields.append(("Co-authors", str(len(coauthors))))
    tracks = ix.track_names(("Author", aid))
    if tracks:
        info.fields.append(("Tracks", "; ".join(tracks)))
    variants = [v for v in data.get("variants") or [] if v != data.get("name")]
    if variants:
        info.fields.append(("Also written", "; ".join(variants)))
    info.items_title = "Papers"
    info.items = [
        {"name": ix.name(("Paper", p)), "note": _track_of(ix, p), "quote": ""}
        for p in papers[:TOOLTIP_ITEMS]
    ]
    _more(info, len(papers))
    return info


def _track_info(ix: GraphIndex, tid: str) -> Info:
    data = ix.nodes[("Track", tid)]
    papers = ix.papers_with(("Track", tid))
    info = Info(ix.tracks[tid], "Track")
    if data.get("area"):
        info.fields.append(("Area", str(data["area"])))
    info.fields.append(("Papers", str(len(papers))))
    topics = Counter(e for p in papers for _, e, _ in ix.paper_mentions.get(p, []))
    if topics:
        info.items_title = "Most mentioned"
        ranked = sorted(topics.items(), key=lambda t: (-t[1], ix.name(t[0]).casefold()))
        info.items = [
            {"name": ix.name(e), "note": f"{e[0]}, {counted(n, 'paper')}", "quote": ""}
            for e, n in ranked[:TOOLTIP_ITEMS]
        ]
        _more(info, len(ranked))
    return info


def _entity_info(ix: GraphIndex, key: NodeKey) -> Info:
    data = ix.nodes[key]
    info = Info(ix.name(key), key[0])
    info.fields.append(("Papers", str(len(ix.papers_with(key)))))
    aliases = [a for a in data.get("aliases") or [] if a != data.get("name")]
    if aliases:
        info.fields.append(("Also called", "; ".join(aliases)))
    tracks = ix.track_names(key)
    if tracks:
        info.fields.append(("Tracks", "; ".join(tracks)))
    per_year = Counter(
        ix.papers[p]["year"] for p in ix.papers_with(key) if ix.papers.get(p, {}).get("year")
    )
    if per_year:
        info.fields.append(
            ("By year", " · ".join(f"{y}: {n}" for y, n in sorted(per_year.items())))
        )
        # the page is offline and runs nothing: it says which command draws the trend
        info.fields.append(("Trend", f'kg viz trends "{ix.name(key)}"'))
    ranked = sorted(
        ix.entity_mentions.get(key, []),
        key=lambda m: (ROLE_RANK[m[0]], ix.name(("Paper", m[1]))),
    )
    info.items_title = "Evidence"
    info.items = [
        {
            "name": ix.name(("Paper", p)),
            "note": ROLE_NAMES[rel],
            "quote": str(d.get("evidence") or ""),
        }
        for rel, p, d in ranked[:TOOLTIP_ITEMS]
    ]
    _more(info, len(ranked))
    return info


def _track_of(ix: GraphIndex, paper: str) -> str:
    track = ix.paper_track.get(paper)
    return ix.tracks[track] if track else ""


def _more(info: Info, total: int) -> None:
    if total > len(info.items):
        rest = total - len(info.items)
        info.items.append({"name": f"… and {rest} more", "note": "", "quote": ""})


def counted(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'s' * (count != 1)}"


def years_of(ix: GraphIndex, key: NodeKey) -> list[int]:
    """The years of a node's papers (that have one), sorted."""
    found = {ix.papers.get(p, {}).get("year") for p in ix.papers_with(key)}
    return sorted(
        int(y) for y in found if isinstance(y, int) or (isinstance(y, str) and y.isdigit())
    )
