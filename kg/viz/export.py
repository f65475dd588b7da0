"""Static pictures of a view for slides and papers: PNG (a screenshot) and SVG (vector, drawn
here from the node positions the browser computed), both through headless Chromium driven by
Playwright, with every http(s) request refused."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from kg.errors import ConfigError, KGError

#: How kg starts Chromium: headless, no sandbox (CI runs as root), and nothing that phones home.
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
READY_TIMEOUT_MS = 60_000


def chromium_path() -> str | None:
    """KG_CHROMIUM, else Debian's /usr/bin/chromium, else chromium on PATH."""
    for candidate in (os.environ.get("KG_CHROMIUM"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    return shutil.which("chromium") or shutil.which("chromium-browser")


@contextmanager
def browser_page(*, width: int = 1600, height: int = 1000) -> Iterator[Any]:
    """A Playwright page in headless Chromium whose http(s) requests are all aborted."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        raise ConfigError(
            "image export needs Playwright: pip install playwright (kg's dev extra has it)"
        ) from exc
    executable = chromium_path()
    if executable is None:
        raise ConfigError(
            "image export needs Chromium: apt-get install -y chromium "
            "(or set KG_CHROMIUM to a Chromium binary)"
        )
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=list(CHROMIUM_ARGS))
        try:
            context = browser.new_context(
                viewport={"width": width, "height": height}, device_scale_factor=1
            )
            context.route("http://**/*", lambda route: route.abort())
            context.route("https://**/*", lambda route: route.abort())
            yield context.new_page()
        finally:
            browser.close()


def open_view(page: Any, html: Path, *, export: bool = False) -> None:
    """Load a view page and wait until its layout has settled and been drawn."""
    url = html.resolve().as_uri() + ("#export" if export else "")
    page.goto(url)
    try:
        # A selector, not wait_for_function: the page's CSP forbids the eval that one needs.
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=READY_TIMEOUT_MS)
    except Exception as exc:  # Playwright's TimeoutError; its module is imported lazily
        raise KGError(f"the view {html} did not finish its layout in time: {exc}") from exc


def export_png(html: Path, out: Path, *, width: int = 1600, height: int = 1000) -> Path:
    """A screenshot of the view (graph plus a compact legend, without the page controls)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with browser_page(width=width, height=height) as page:
        open_view(page, html, export=True)
        page.evaluate("window.kgView.draw.fit(null, false)")
        page.wait_for_timeout(150)
        page.screenshot(path=str(out))
    return out


def export_svg(html: Path, out: Path, *, width: int = 1600, height: int = 1000) -> Path:
    """The view as a vector drawing: nodes, edges, labels and legend at the browser's layout."""
    with browser_page(width=width, height=height) as page:
        open_view(page, html)
        snap = page.evaluate("window.kgView.snapshot()")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(snapshot_svg(snap), encoding="utf-8")
    return out


def snapshot_svg(snap: dict[str, Any], *, margin: float = 40.0) -> str:
    """An SVG document from ``kgView.snapshot()``; every text is XML-escaped."""
    nodes = snap["nodes"]
    if nodes:
        xs = [n["x"] for n in nodes]
        ys = [n["y"] for n in nodes]
        pad = max(n["r"] for n in nodes) + margin
        x0, y0 = min(xs) - pad, min(ys) - pad
        w, h = max(xs) - min(xs) + 2 * pad + 120, max(ys) - min(ys) + 2 * pad
    else:
        x0 = y0 = 0.0
        w = h = 200.0
    legend = snap.get("legend") or []
    legend_h = 22 + 18 * len(legend)
    h = max(h, legend_h + 20)
    at = {n["id"]: n for n in nodes}
    shown = min(w, 1600.0)  # the layout's own units can be thousands wide; viewBox keeps it all
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}" '
        f'width="{shown:.0f}" height="{h * shown / w:.0f}" '
        'font-family="Helvetica, Arial, sans-serif">',
        f"<title>{escape(snap.get('title', ''))}</title>",
        f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{w:.1f}" height="{h:.1f}" fill="#ffffff"/>',
        '<g stroke="#9aa4b1" stroke-opacity="0.7" fill="none">',
    ]
    for e in snap["edges"]:
        a, b = at[e["from"]], at[e["to"]]
        parts.append(
            f'<line x1="{a["x"]:.1f}" y1="{a["y"]:.1f}" x2="{b["x"]:.1f}" y2="{b["y"]:.1f}" '
            f'stroke-width="{e["width"]:.2f}"/>'
        )
    parts.append("</g><g>")
    for n in nodes:
        stroke = 3 if n["center"] else 1
        parts.append(
            f'<circle cx="{n["x"]:.1f}" cy="{n["y"]:.1f}" r="{n["r"]:.1f}" '
            f"fill={quoteattr(n['color'])} stroke={quoteattr(n['border'])} "
            f'stroke-width="{stroke}"/>'
        )
    parts.append(
        '</g><g fill="#1f2328" text-anchor="middle" stroke="#ffffff" '
        'stroke-width="3" paint-order="stroke">'
    )
    for n in (n for n in nodes if n["label"]):
        size = n.get("fontSize") or 14
        parts.append(
            f'<text x="{n["x"]:.1f}" y="{n["y"] + n["r"] + size:.1f}" '
            f'font-size="{size:.0f}">{escape(n["label"])}</text>'
        )
    parts.append("</g>")
    if legend:
        lx, ly = x0 + w - 230, y0 + 12
        parts.append(f'<g font-size="12" transform="translate({lx:.1f},{ly:.1f})">')
        parts.append(f'<text x="0" y="10" font-weight="bold">{escape(snap["legendTitle"])}</text>')
        for i, item in enumerate(legend):
            y = 28 + 18 * i
            parts.append(
                f'<circle cx="6" cy="{y - 4}" r="5.5" fill={quoteattr(item["color"])}/>'
                f'<text x="18" y="{y}">{escape(item["label"])} ({item["count"]})</text>'
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
