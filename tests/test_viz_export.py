"""`kg viz --png/--svg`: pictures of a view through headless Chromium. A module of its own because
export starts its own Playwright, which cannot run while another module's browser is open."""

from __future__ import annotations

import os
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from test_viz import EVIL_NAME, evil_records, store_graph
from typer.testing import CliRunner

from kg.cli import app
from kg.graph import GraphData, build_graph
from kg.store.networkx import NetworkXStore
from kg.viz import make_view, write_html
from kg.viz.export import chromium_path, export_svg

pytestmark = pytest.mark.browser

if chromium_path() is None and not os.environ.get("KG_REQUIRE_SERVICES"):
    pytest.skip(
        "Chromium not found at /usr/bin/chromium (apt-get install -y chromium chromium-driver)",
        allow_module_level=True,
    )


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_kg_viz_png_and_svg(sample_graph: GraphData, tmp_path: Path) -> None:
    NetworkXStore(tmp_path / "kg").write(sample_graph)
    png, svg = tmp_path / "out" / "team.png", tmp_path / "out" / "team.svg"
    result = CliRunner().invoke(
        app,
        ["viz", "coauthors", "-o", str(tmp_path / "team.html"), "--png", str(png),
         "--svg", str(svg), "--store", str(tmp_path / "kg"), "--backend", "networkx"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert str(png) in result.stdout and str(svg) in result.stdout
    assert png_size(png) == (1600, 1000)
    assert png.stat().st_size > 40_000  # a blank 1600×1000 picture compresses to a few KB
    root = ET.parse(svg).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    authors = sum(1 for n in sample_graph.nodes if n.label == "Author")
    legend = len(make_view(NetworkXStore(tmp_path / "kg"), "coauthors").legend)
    assert len(root.findall(".//s:circle", ns)) == authors + legend
    assert len(root.findall(".//s:line", ns)) > 1_000  # the co-author links


def test_svg_escapes_names(tmp_path: Path) -> None:
    G = store_graph(build_graph(evil_records()), tmp_path)
    data = make_view(G, "coauthors")
    svg = export_svg(write_html(data, tmp_path / "evil.html"), tmp_path / "evil.svg")
    root = ET.parse(svg).getroot()  # well-formed: every name was escaped
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert any(t.startswith(EVIL_NAME[:20]) for t in texts)
    assert b"<img" not in svg.read_bytes()
