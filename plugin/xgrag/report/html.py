"""A self-contained HTML report of explanations: the retrieved subgraph drawn as SVG with nodes and edges
coloured by importance (XGRAG Figure 6, KG-SMILE), a colour bar, a ranked table, the user-facing and technical
explanations and the cost. Hovering or clicking a node, edge or table row shows its provenance (document,
chunk, line) and the counterfactual answer.

The page makes no requests: CSS, SVG and the small script are inline, there are no fonts, images or CDNs, and
a Content-Security-Policy (`default-src 'none'`, the script allowed by its hash only) enforces it. Every text
from the data (questions, entity names, answers, provenance) is escaped; the per-component details travel as a
JSON data block (`<`, `>`, `&` escaped) and are written into the page with `textContent` only.

The layout is deterministic: BFS rings from the question's seed entities, refined by a fixed number of
Fruchterman-Reingold iterations, computed here in Python.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from xgrag.errors import UsageError
from xgrag.explain.surrogate import surrogate_line
from xgrag.explain.texts import incomplete_summary
from xgrag.model import Component, Explanation
from xgrag.report.console import bridge_line, fact_labels, provenance_entries, provenance_text
from xgrag.report.graph_layout import (
    Box,
    Focus,
    LabelRequest,
    PlacedLabel,
    circle_box,
    edge_spots,
    focus_nodes,
    layout,
    node_spots,
    place_labels,
)

DEFAULT_TITLE = "xgrag explanations"
WIDTH, HEIGHT, SMALL_HEIGHT = 760, 500, 380
NODE_R, SEED_R = 10.0, 13.0
NODE_FONT, EDGE_FONT = 11.5, 10.5
# A subgraph of more than COLLAPSE_AT entities is drawn as its FOCUS_K most important entities, the seeds and the
# entities connecting them; the rest is collapsed behind a "+N more entities" control that shows the full drawing.
COLLAPSE_AT, FOCUS_K = 60, 25
FULL_WIDTH = 1400
MORE_STRIP = 36  # height of the collapsed drawing's bottom strip holding the "+N more" control
UNSCORED = "#eceef1"  # drawn with a dashed outline / dashed line
# Sequential, low to high: a visible blue-grey at 0 (stays legible on white), then ColorBrewer YlOrRd.
_STOPS = ((0.0, (168, 184, 201)), (0.2, (254, 217, 118)), (0.45, (253, 141, 60)), (0.7, (227, 26, 28)),
          (1.0, (128, 0, 38)))
NODE_KINDS = {"node"}  # node and synonym components are kind "node"
EDGE_KINDS = {"edge"}  # edge and subpath components are kind "edge"


# -- colour -----------------------------------------------------------------------------------------

def colour(value: float | None) -> str:
    """Hex colour of an importance in [0, 1] (clipped); grey when not scored."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return UNSCORED
    v = min(1.0, max(0.0, float(value)))
    for (x0, c0), (x1, c1) in zip(_STOPS, _STOPS[1:], strict=False):
        if v <= x1:
            t = 0.0 if x1 == x0 else (v - x0) / (x1 - x0)
            rgb = tuple(round(a + (b - a) * t) for a, b in zip(c0, c1, strict=True))
            return "#" + "".join(f"{c:02x}" for c in rgb)
    return "#" + "".join(f"{c:02x}" for c in _STOPS[-1][1])


def _text_colour(fill: str) -> str:
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#ffffff" if 0.299 * r + 0.587 * g + 0.114 * b < 140 else "#1d232b"


# -- data -------------------------------------------------------------------------------------------

def _num(v: float | None, digits: int = 3) -> str:
    return "–" if v is None else f"{v:.{digits}f}"


def _score(c: Component) -> dict[str, Any]:
    return {"strategy": c.strategy, "importance": c.importance, "normalized": c.normalized_importance,
            "rank": c.rank, "changed": c.answer_changed, "counterfactual": c.counterfactual_answer,
            "evaluated": c.evaluated, "below_noise_floor": c.below_noise_floor,
            "synonym": c.note.get("synonym") if c.note else None}


def _best(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return max(present) if present else None


class _Figure:
    """Everything one explanation's section needs: positions, colours, keys, the details JSON."""

    def __init__(self, ex: Explanation, focus_k: int = FOCUS_K) -> None:
        sub = ex.subgraph or {}
        self.nodes = sorted(sub.get("nodes", []), key=lambda n: (str(n.get("name")), str(n.get("id"))))
        self.rels = sorted(sub.get("relationships", []), key=lambda r: str(r.get("id")))
        node_ids = {n["id"] for n in self.nodes}
        self.rels = [r for r in self.rels if r.get("source") in node_ids and r.get("target") in node_ids]
        self.seeds = [s for s in sub.get("seeds", []) if s in node_ids]
        self.names = {n["id"]: str(n.get("name") if n.get("name") is not None else n["id"]) for n in self.nodes}
        self.types = {n["id"]: str(n.get("type") or "entity") for n in self.nodes}
        self.node_key = {n["id"]: f"n{i}" for i, n in enumerate(self.nodes)}
        self.edge_key = {r["id"]: f"e{i}" for i, r in enumerate(self.rels)}
        self.scored = [c for c in ex.components if c.kind in ("node", "edge") and c.importance is not None]
        self.by_node: dict[str, list[Component]] = {}
        self.by_edge: dict[str, list[Component]] = {}
        for c in self.scored:
            (self.by_node if c.kind in NODE_KINDS else self.by_edge).setdefault(c.id, []).append(c)
        evidence = {e.get("id") for e in (ex.generator_evidence or [])}
        self.edge_value = {r["id"]: _best([c.importance for c in self.by_edge.get(r["id"], [])]) for r in self.rels}
        self.node_value: dict[str, float | None] = {}
        self.node_derived: dict[str, bool] = {}
        for n in self.nodes:
            own = _best([c.importance for c in self.by_node.get(n["id"], [])])
            if own is None:  # no node score: colour by the strongest scored relationship it ends
                own = _best([self.edge_value[r["id"]] for r in self.rels if n["id"] in (r["source"], r["target"])])
                self.node_derived[n["id"]] = own is not None
            else:
                self.node_derived[n["id"]] = False
            self.node_value[n["id"]] = own
        degree = {n["id"]: 0 for n in self.nodes}
        for r in self.rels:
            if r["source"] != r["target"]:
                degree[r["source"]] += 1
                degree[r["target"]] += 1
        self.degree = degree
        # how much a node matters for the drawing: its own score or its strongest relationship's
        self.priority = {n["id"]: max([v for v in [self.node_value[n["id"]], *(
            self.edge_value[r["id"]] for r in self.rels if n["id"] in (r["source"], r["target"]))]
            if v is not None], default=0.0) for n in self.nodes}
        b = ex.bridges or {}
        self.bridges = [n for n in b.get("bridges") or [] if n in node_ids]
        self.core = [n for n in b.get("core") or [] if n in node_ids]
        node_list = [n["id"] for n in self.nodes]
        edge_list = [(r["source"], r["target"]) for r in self.rels]
        self.focus: Focus | None = None
        self.drawings: list[_Drawing] = []
        if len(self.nodes) > COLLAPSE_AT:
            focus = focus_nodes(node_list, edge_list, self.priority, self.seeds, focus_k, self.bridges)
            if len(focus.nodes) < len(self.nodes):
                self.focus = focus
        if self.focus is not None:
            self.drawings.append(_Drawing(self, "collapsed", self.focus.nodes, WIDTH, HEIGHT))
            n = len(self.nodes)
            self.drawings.append(_Drawing(self, "full", node_list, FULL_WIDTH, int(min(1100, max(640, 5.2 * n)))))
        else:
            self.drawings.append(_Drawing(self, "whole", node_list, WIDTH,
                                          HEIGHT if len(self.nodes) > 12 else SMALL_HEIGHT))
        drawn = set(self.drawings[0].ids)
        self.hidden_neighbours = {nid: 0 for nid in node_list}
        if self.focus is not None:
            for r in self.rels:
                s_, t_ = r["source"], r["target"]
                if s_ in drawn and t_ not in drawn:
                    self.hidden_neighbours[s_] += 1
                elif t_ in drawn and s_ not in drawn:
                    self.hidden_neighbours[t_] += 1
        self.details: dict[str, Any] = {}
        for n in self.nodes:
            comps = sorted(self.by_node.get(n["id"], []), key=lambda c: (-(c.importance or 0), c.strategy))
            # an entity's provenance: where the facts it appears in come from (document, chunk, line)
            prov: Mapping[str, Any] | None = {"documents": [r.get("provenance") or {} for r in self.rels
                                                            if n["id"] in (r["source"], r["target"])]}
            if not provenance_entries(prov):
                prov = next((c.provenance for c in comps if c.provenance), None)
            self.details[self.node_key[n["id"]]] = {
                "kind": "entity", "title": self.names[n["id"]],
                "subtitle": f"{n.get('type') or 'entity'} · id {n['id']}",
                "badges": (["seed entity of the question"] if n["id"] in self.seeds else [])
                + (["bridge: connects the important entities (Ex-GraphRAG)"] if n["id"] in self.bridges else [])
                + (["semantic core (Ex-GraphRAG)"] if n["id"] in self.core else [])
                + (["colour from its strongest relationship (no node score)"] if self.node_derived[n["id"]] else [])
                + ([f"{self.hidden_neighbours[n['id']]} neighbours only in the full drawing"]
                   if self.hidden_neighbours[n["id"]] and n["id"] in drawn else []),
                "scores": [_score(c) for c in comps], "provenance": provenance_entries(prov)}
        for r in self.rels:
            comps = sorted(self.by_edge.get(r["id"], []), key=lambda c: (-(c.importance or 0), c.strategy))
            self.details[self.edge_key[r["id"]]] = {
                "kind": "relationship",
                "title": f"{self.names[r['source']]} -{r.get('label')}-> {self.names[r['target']]}",
                "subtitle": f"relationship id {r['id']}",
                "badges": ["used by the generator (its reported evidence)"] if r["id"] in evidence else [],
                "scores": [_score(c) for c in comps],
                "provenance": provenance_entries(r.get("provenance") or (comps[0].provenance if comps else None))}

    def key_of(self, c: Component) -> str | None:
        return (self.node_key if c.kind in NODE_KINDS else self.edge_key).get(c.id)


# -- HTML pieces ------------------------------------------------------------------------------------

def _e(value: Any) -> str:
    return escape("" if value is None else str(value), quote=True)


def _json_block(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False, default=str, sort_keys=True)
    for ch, rep in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"), ("\u2028", "\\u2028"),
                    ("\u2029", "\\u2029")):
        text = text.replace(ch, rep)
    return text


def _short(text: str, n: int = 22) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _edge_geometry(p1: tuple[float, float], p2: tuple[float, float], offset: float, r1: float,
                   r2: float) -> tuple[str, list[tuple[float, float]], tuple[float, float]]:
    """Path data (straight or quadratic), arrowhead polygon at the target, label anchor."""
    (x1, y1), (x2, y2) = p1, p2
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    cx, cy = (x1 + x2) / 2 + nx * offset * 2, (y1 + y2) / 2 + ny * offset * 2

    def unit(ax: float, ay: float, bx: float, by: float) -> tuple[float, float]:
        d = math.hypot(bx - ax, by - ay) or 1.0
        return (bx - ax) / d, (by - ay) / d

    sx, sy = unit(x1, y1, cx, cy) if offset else (dx / length, dy / length)
    ex, ey = unit(cx, cy, x2, y2) if offset else (dx / length, dy / length)
    start = (x1 + sx * r1, y1 + sy * r1)
    tip = (x2 - ex * (r2 + 1.5), y2 - ey * (r2 + 1.5))
    base = (tip[0] - ex * 9, tip[1] - ey * 9)
    arrow = [tip, (base[0] + ey * 4.5, base[1] - ex * 4.5), (base[0] - ey * 4.5, base[1] + ex * 4.5)]
    if offset:
        d = f"M{start[0]:.1f},{start[1]:.1f} Q{cx:.1f},{cy:.1f} {base[0]:.1f},{base[1]:.1f}"
        mid = (0.25 * x1 + 0.5 * cx + 0.25 * x2, 0.25 * y1 + 0.5 * cy + 0.25 * y2)
    else:
        d = f"M{start[0]:.1f},{start[1]:.1f} L{base[0]:.1f},{base[1]:.1f}"
        mid = ((x1 + x2) / 2, (y1 + y2) / 2)
    return d, arrow, mid


class _Drawing:
    """One SVG of a figure: which nodes and relationships it shows, where, and which labels fit.

    kind: "whole" (the subgraph), "collapsed" (the focus of a large subgraph) or "full" (all of it, shown on
    request)."""

    def __init__(self, fig: _Figure, kind: str, node_ids: Sequence[str], width: int, height: int) -> None:
        self.kind, self.width, self.height = kind, width, height
        keep = set(node_ids)
        self.ids = [n["id"] for n in fig.nodes if n["id"] in keep]
        self.rels = [r for r in fig.rels if r["source"] in keep and r["target"] in keep]
        dense = len(self.ids) > 80
        self.node_r, self.seed_r = (7.0, 11.0) if dense else (NODE_R, SEED_R)
        self.area = height - (MORE_STRIP if kind == "collapsed" else 0)  # the nodes' and labels' room
        self.pos = layout(self.ids, [(r["source"], r["target"]) for r in self.rels], fig.seeds, width=width,
                          height=self.area, margin=80.0 if dense else 70.0)
        self.radius = {nid: self.seed_r if nid in fig.seeds else self.node_r for nid in self.ids}
        # what a label must keep clear of: the circle, and the dashed ring around a bridge node
        self.clearance = {nid: self.radius[nid] + (5.0 if nid in fig.bridges else 1.0) for nid in self.ids}
        groups: dict[frozenset[str], list[dict[str, Any]]] = {}
        for r in self.rels:
            groups.setdefault(frozenset((r["source"], r["target"])), []).append(r)
        # per relationship: path data, arrowhead, label anchor and the normal at it
        self.geometry: dict[str, tuple[str, list[tuple[float, float]], tuple[float, float], tuple[float, float]]] = {}
        for r in self.rels:
            r1, r2 = self.radius[r["source"]], self.radius[r["target"]]
            if r["source"] == r["target"]:
                x, y = self.pos[r["source"]]
                d = (f"M{x - 6:.1f},{y - r1:.1f} C{x - 30:.1f},{y - 48:.1f} {x + 30:.1f},{y - 48:.1f} "
                     f"{x + 6:.1f},{y - r1:.1f}")
                self.geometry[r["id"]] = (d, [(x + 6, y - r1), (x + 9, y - r1 - 9), (x + 15, y - r1 - 4)],
                                          (x, y - 44), (0.0, -1.0))
                continue
            group = groups[frozenset((r["source"], r["target"]))]
            offset = (group.index(r) - (len(group) - 1) / 2) * 22.0
            if group[0]["source"] != r["source"]:
                offset = -offset  # reversed direction: keep the same side
            (x1, y1), (x2, y2) = self.pos[r["source"]], self.pos[r["target"]]
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            d, arrow, mid = _edge_geometry((x1, y1), (x2, y2), offset, r1, r2)
            self.geometry[r["id"]] = (d, arrow, mid, (-(y2 - y1) / length, (x2 - x1) / length))
        self.labels = self._place(fig)

    def _place(self, fig: _Figure) -> dict[str, PlacedLabel]:
        """Node names and relation names that fit without overlapping each other or a node; the most important
        first (seeds, then nodes and relationships by importance)."""
        def node_order(nid: str) -> tuple[int, float, int, str]:
            return (0 if nid in fig.seeds else 1, -fig.priority[nid], -fig.degree[nid], fig.names[nid])

        nodes = sorted(self.ids, key=node_order)
        rels = sorted(self.rels, key=lambda r: (-(fig.edge_value[r["id"]] or 0.0), fig.edge_key[r["id"]]))

        def node_req(nid: str) -> LabelRequest:
            x, y = self.pos[nid]
            return LabelRequest(fig.node_key[nid], fig.names[nid], node_spots(x, y, self.clearance[nid], NODE_FONT),
                                NODE_FONT)

        def edge_req(r: dict[str, Any]) -> LabelRequest:
            _, _, mid, normal = self.geometry[r["id"]]
            return LabelRequest(fig.edge_key[r["id"]], str(r.get("label") or ""), edge_spots(mid, normal, EDGE_FONT),
                                EDGE_FONT, (16,))

        head = 10 if self.kind != "full" else 25
        requests = [node_req(n) for n in nodes[:head]]
        requests += [edge_req(r) for r in rels if (fig.edge_value[r["id"]] or 0.0) > 0.0]
        requests += [node_req(n) for n in nodes[head:]]
        if self.kind != "full":  # in the full drawing of a large subgraph only the scored relations are named
            requests += [edge_req(r) for r in rels if not (fig.edge_value[r["id"]] or 0.0) > 0.0]
        obstacles = [circle_box(*self.pos[n], self.clearance[n]) for n in self.ids]
        limit = 90 if self.kind == "full" else None
        return place_labels(requests, obstacles, self.width, self.area, limit=limit)

    def boxes(self) -> list[Box]:
        """The boxes of the labels drawn visible (no hover needed): never overlapping."""
        return [p.box for p in self.labels.values()]


def _svg(fig: _Figure, drawing: _Drawing, index: int) -> str:
    suffix = "" if drawing.kind in ("whole", "collapsed") else "-full"
    shown = {"collapsed": "the most important entities", "full": "every entity", "whole": "the retrieved subgraph"}
    parts = [f'<svg class="graph {drawing.kind}" id="graph-{index}{suffix}" viewBox="0 0 {drawing.width} '
             f'{drawing.height}" role="img" aria-label="{shown[drawing.kind]}, coloured by importance" '
             'xmlns="http://www.w3.org/2000/svg">', '<g class="edges">']
    for r in drawing.rels:
        key = fig.edge_key[r["id"]]
        value = fig.edge_value[r["id"]]
        fill = colour(value)
        width = (1.4 if drawing.kind != "full" else 1.0) + 3.2 * min(1.0, max(0.0, value or 0.0))
        title = fig.details[key]["title"] + (f" · importance {value:.3f}" if value is not None else " · not scored")
        d, arrow, mid, normal = drawing.geometry[r["id"]]
        pts = " ".join(f"{px:.1f},{py:.1f}" for px, py in arrow)
        placed = drawing.labels.get(key)
        if placed:
            label = (f'<text class="edge-label" x="{placed.spot.x:.1f}" y="{placed.spot.y:.1f}">'
                     f"{_e(placed.text)}</text>")
        else:  # no free spot: shown by the "every relation name" switch and on hover
            label = (f'<text class="edge-label extra" x="{mid[0]:.1f}" y="{mid[1] + 0.3 * EDGE_FONT:.1f}">'
                     f'{_e(_short(str(r.get("label")), 26))}</text>')
        dash = ' stroke-dasharray="4 3"' if value is None else ""
        stroke = fill if value is not None else "#9aa3ad"
        parts.append(
            f'<g class="edge{" unscored" if value is None else ""}" data-key="{key}" tabindex="0" '
            f'data-importance="{_num(value, 6)}"><title>{_e(title)}</title>'
            f'<path class="edge-line" d="{d}" stroke="{stroke}" '
            f'stroke-width="{width:.2f}" fill="none"{dash}/>'
            f'<polygon class="edge-arrow" points="{pts}" fill="{stroke}"/>'
            f'<path class="edge-hit" d="{d}"/>{label}</g>')
    parts.append('</g><g class="nodes">')
    bridges = set(fig.bridges)
    for nid in drawing.ids:
        key = fig.node_key[nid]
        x, y = drawing.pos[nid]
        value = fig.node_value[nid]
        fill = colour(value)
        radius = drawing.radius[nid]
        cls = "node seed" if nid in fig.seeds else "node"
        if nid in bridges:
            cls += " bridge"
        if fig.node_derived[nid]:
            cls += " derived"
        if value is None:
            cls += " unscored"
        title = f"{fig.names[nid]} ({fig.types[nid]})" + (
            f" · importance {value:.3f}" if value is not None else " · not scored") + (
            " · bridge node" if nid in bridges else "")
        ring = (f'<circle class="bridge-ring" cx="{x:.1f}" cy="{y:.1f}" r="{radius + 4:.0f}" fill="none"/>'
                if nid in bridges else "")
        placed = drawing.labels.get(key)
        label = ""
        if placed:
            short = " short" if placed.shortened else ""
            label = (f'<text class="node-label{short}" x="{placed.spot.x:.1f}" y="{placed.spot.y:.1f}" '
                     f'text-anchor="{placed.spot.anchor}">{_e(placed.text)}</text>')
        if not placed or placed.shortened:  # the full name on hover, beside the node
            spot = placed.spot if placed else node_spots(x, y, drawing.clearance[nid], NODE_FONT)[0]
            label += (f'<text class="node-label hover" x="{spot.x:.1f}" y="{spot.y:.1f}" '
                      f'text-anchor="{spot.anchor}">{_e(fig.names[nid])}</text>')
        parts.append(
            f'<g class="{cls}" data-key="{key}" tabindex="0" data-importance="{_num(value, 6)}">'
            f"<title>{_e(title)}</title>{ring}"
            f'<circle class="dot" cx="{x:.1f}" cy="{y:.1f}" r="{radius:.0f}" fill="{fill}"/>{label}</g>')
    parts.append("</g>")
    if drawing.kind == "collapsed":
        hidden = len(fig.nodes) - len(drawing.ids)
        text = f"+{hidden} more entities: show all {len(fig.nodes)}"
        w = 14 + 7.2 * len(text)
        x0, y0 = (drawing.width - w) / 2, drawing.height - MORE_STRIP + 6
        parts.append(f'<g class="more" role="button" tabindex="0" aria-label="{_e(text)}">'
                     f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{w:.1f}" height="24" rx="12"/>'
                     f'<text x="{drawing.width / 2:.1f}" y="{y0 + 16:.1f}">{_e(text)}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def _drawings(fig: _Figure, index: int) -> str:
    """The drawing(s) of a figure; a collapsed one with its expand control and the hidden full drawing."""
    if not fig.nodes:
        return '<p class="empty">No subgraph was retrieved for this question.</p>'
    toggle = (f'<div class="controls"><label><input type="checkbox" class="rel-toggle" id="rel-{index}"> every '
              'relation name</label>')
    if fig.focus is None:
        return (toggle + '</div><div class="drawings"><div class="drawing whole">'
                + _svg(fig, fig.drawings[0], index) + "</div></div>")
    n, shown = len(fig.nodes), len(fig.drawings[0].ids)
    button = (f'<button type="button" class="expand" aria-expanded="false" data-more="Show all {n} entities" '
              f'data-less="Show the {shown} most important only">Show all {n} entities</button>')
    return (toggle + button + '</div><div class="drawings">'
            f'<div class="drawing collapsed">{_svg(fig, fig.drawings[0], index)}</div>'
            f'<div class="drawing full" hidden>{_svg(fig, fig.drawings[1], index)}</div></div>')


def _legend() -> str:
    def sample(body: str) -> str:
        return (f'<svg class="legend-mark" viewBox="0 0 30 30" xmlns="http://www.w3.org/2000/svg" '
                f'aria-hidden="true">{body}</svg>')

    return ('<p class="legend">'
            + sample('<circle cx="15" cy="15" r="10" fill="#fdae61" stroke="#1d232b" stroke-width="3"/>')
            + ' seed entity · '
            + sample('<circle cx="15" cy="15" r="13" fill="none" stroke="#0b63ce" stroke-width="2" '
                     'stroke-dasharray="4 3"/><circle cx="15" cy="15" r="8" fill="#fdae61" stroke="#4a525c"/>')
            + ' bridge node (low importance, connects important ones) · '
            + sample('<circle cx="15" cy="15" r="9" fill="#eceef1" stroke="#7b8591" stroke-dasharray="3 2"/>')
            + " dashed outline: not scored, or coloured by its strongest relationship</p>")


def _colour_bar(index: int) -> str:
    stops = "".join(f'<stop offset="{x:.2f}" stop-color="{colour(x)}"/>' for x, _ in _STOPS)
    ticks = "".join(
        f'<line x1="{10 + 260 * t:.0f}" y1="24" x2="{10 + 260 * t:.0f}" y2="28" stroke="#5b6470"/>'
        f'<text x="{10 + 260 * t:.0f}" y="40" text-anchor="middle">{t:.2f}</text>'
        for t in (0.0, 0.25, 0.5, 0.75, 1.0))
    return (f'<p class="bar-title">Importance 1 − cos(E(a₀), E(aₚ)): how far the answer moved</p>'
            f'<svg class="colour-bar" viewBox="0 0 460 46" role="img" aria-label="importance colour scale" '
            f'xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="grad-{index}">{stops}</linearGradient>'
            f'</defs><rect x="10" y="8" width="260" height="16" fill="url(#grad-{index})" stroke="#9aa3ad" '
            f'stroke-width="0.5"/>{ticks}<rect x="290" y="8" width="16" height="16" fill="{UNSCORED}" '
            f'stroke="#7b8591" stroke-width="1" stroke-dasharray="3 2"/><text x="312" y="20">not scored</text>'
            f'</svg>')


def _table(ex: Explanation, fig: _Figure) -> str:
    rows = sorted(fig.scored, key=lambda c: (-(c.importance or 0.0), c.strategy, c.rank or 0, c.id))
    body = []
    for i, c in enumerate(rows, 1):
        key = fig.key_of(c)
        attr = f' data-key="{key}" tabindex="0"' if key else ""
        fill = colour(c.importance)
        changed = "yes" if c.answer_changed else ("no" if c.answer_changed is not None else "–")
        flag = ""
        if c.evaluated == "conditional":
            flag = ' <span class="flag" title="measured after removing redundant alternatives">conditional</span>'
        elif c.importance_from == "estimated":
            flag = (' <span class="flag estimated" title="estimated: cleared as part of a group whose removal did '
                    'not move the answer; not removed on its own">estimated</span>')
        elif c.below_noise_floor:
            flag = ' <span class="flag" title="at or below the noise floor">noise</span>'
        body.append(
            f'<tr class="component"{attr}><td class="num">{i}</td><td>{_e(c.strategy)}</td>'
            f'<td class="label"><span class="swatch" style="background:{fill}"></span>{_e(c.label)}</td>'
            f'<td class="num importance">{_num(c.importance)}{flag}</td><td class="num">{_e(c.rank)}</td>'
            f'<td>{changed}</td><td class="cf">{_e(c.counterfactual_answer)}</td>'
            f'<td class="prov">{_e(provenance_text(c.provenance))}</td></tr>')
    skipped = [c for c in ex.components if c.kind in ("node", "edge") and c.importance is None]
    masks = [c for c in ex.components if c.kind == "mask"]
    notes = []
    estimated = sum(c.importance_from == "estimated" for c in rows)
    if estimated:
        notes.append(f"{len(rows) - estimated} verified by their own removal, {estimated} estimated by group tests "
                     "(marked estimated).")
    if skipped:
        notes.append(f"{len(skipped)} components not evaluated (budget).")
    if masks:
        notes.append(f"{len(masks)} random masks (KG-SMILE) are summarised by the surrogate, not listed.")
    note = f'<p class="note">{_e(" ".join(notes))}</p>' if notes else ""
    if not body:
        return '<p class="empty">No component was scored.</p>' + note
    return ('<div class="table-wrap"><table class="ranked"><thead><tr><th>#</th><th>strategy</th>'
            '<th>component</th><th>importance</th><th title="rank within its strategy">rank</th><th>changed</th>'
            '<th>counterfactual answer</th><th>provenance</th></tr></thead><tbody>'
            + "".join(body) + "</tbody></table></div>" + note)


def _cost(ex: Explanation) -> str:
    c = ex.cost
    cfg = ex.config or {}
    items = [("generator calls", c.generator_calls), ("prompt tokens", c.prompt_tokens),
             ("completion tokens", c.completion_tokens), ("cache hits", c.cache_hits),
             ("perturbations", c.perturbations), ("scored probes", c.scored_probes),
             ("wall time", f"{c.seconds:.2f} s"),
             ("generator", f"{c.generator_seconds:.2f} s"), ("embedder", f"{c.embedder_seconds:.2f} s"),
             ("retrieval", f"{c.retrieval_seconds:.2f} s")]
    config = [("strategies", ", ".join(ex.strategies)), ("mode", cfg.get("mode")), ("hops", cfg.get("hops")),
              ("apply", cfg.get("apply")), ("dedup", cfg.get("dedup")), ("θ_sim", cfg.get("theta_sim")),
              ("noise runs", cfg.get("noise_runs")), ("max calls", cfg.get("max_calls")),
              ("group testing", cfg.get("group_testing"))]
    return ('<div class="cost"><h4>Cost</h4><dl>'
            + "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in items)
            + '</dl></div><div class="config"><h4>Configuration</h4><dl>'
            + "".join(f"<dt>{_e(k)}</dt><dd>{_e(_scalar(v))}</dd>" for k, v in config)
            + "</dl></div>")


def _bridges(ex: Explanation, fig: _Figure) -> str:
    """Ex-GraphRAG's bridge nodes: the console's sentence, then one row per bridge (hover shows its details)."""
    if not fig.bridges:
        return ""
    b = ex.bridges or {}
    through = b.get("core_pair_betweenness") or {}
    articulation = set(b.get("articulation") or [])
    rows = "".join(
        f'<tr class="bridge-row" data-key="{fig.node_key[n]}" tabindex="0"><td>{_e(fig.names[n])}</td>'
        f'<td class="num">{_e(_scalar(through.get(n)))}</td><td>{"yes" if n in articulation else "no"}</td>'
        f'<td class="num">{_num(fig.node_value[n])}</td></tr>' for n in fig.bridges)
    return (f'<div class="bridges"><h3>Bridge nodes</h3><p class="bridge-line">{_e(bridge_line(ex))}</p>'
            '<table class="bridge-table"><thead><tr><th>entity</th><th title="core-pair shortest paths through it">'
            'core-pair paths</th><th title="its removal alone separates two core entities">articulation</th>'
            f'<th>importance</th></tr></thead><tbody>{rows}</tbody></table></div>')


def _section(ex: Explanation, index: int, focus_k: int = FOCUS_K) -> str:
    fig = _Figure(ex, focus_k)
    evidence = ""
    if ex.generator_evidence:
        evidence = ('<p class="evidence"><b>Generator evidence:</b> '
                    + "; ".join(_e(e.get("triple")) for e in ex.generator_evidence) + "</p>")
    sub = ex.subgraph or {}
    facts = (f"{len(fig.nodes)} entities, {len(fig.rels)} relationships"
             + (", truncated" if sub.get("truncated") else "")
             + (f"; {sub.get('fallback')}" if sub.get("fallback") else "")
             + (f"; {ex.dedup.get('merged')} aliases merged" if ex.dedup.get("merged") else ""))
    if fig.focus is not None:
        f = fig.focus
        facts += (f". Drawn: the {len(f.top)} most important entities, {len(f.seeds)} seed"
                  f"{'s' if len(f.seeds) != 1 else ''} and {len(f.connectors)} connecting them; "
                  f"{len(fig.nodes) - len(f.nodes)} more in the full drawing")
    incomplete = ""
    if ex.incomplete:
        incomplete = (f'<p class="incomplete" role="alert"><b>Incomplete explanation:</b> '
                      f'{_e(incomplete_summary(ex.incomplete))}; the others are marked not evaluated.</p>')
    surrogate = ""
    if ex.surrogate:
        surrogate = f'<p class="note">{_e(surrogate_line(ex.surrogate, fact_labels(ex)))}</p>'
    return f"""
<section class="explanation" id="ex-{index}">
  <header>
    <h2><span class="qlabel">Q</span> {_e(ex.question)}</h2>
    <p class="answer"><span class="qlabel">A</span> {_e(ex.answer)}</p>
    <p class="meta">{_e(ex.generator)} · strategy {_e(ex.strategy)} · response score {_e(ex.response_score)} ·
      noise floor {ex.noise_floor:.3f} ·
      {_e(ex.created_at)} · id {_e(ex.id)}</p>
    {incomplete}
  </header>
  <div class="grid">
    <figure class="figure">
      {_drawings(fig, index)}
      <figcaption>{_e(facts)}. Hover or click a node, a relationship or a table row.</figcaption>
      {_legend()}
      {_colour_bar(index)}
      <div class="details" aria-live="polite"><p class="hint">Hover or click a node, a relationship or a table
        row to see its provenance and the counterfactual answer.</p></div>
    </figure>
    <div class="side">
      <h3>Ranked components</h3>
      {_table(ex, fig)}
      {_bridges(ex, fig)}
    </div>
  </div>
  <div class="texts">
    <p class="user-explanation"><b>For the user:</b> {_e(ex.user_explanation)}</p>
    <p class="technical-explanation"><b>Technical:</b> {_e(ex.technical_explanation)}</p>
    {evidence}{surrogate}
  </div>
  <div class="facts">{_cost(ex)}</div>
  <script type="application/json" class="xgrag-data">{_json_block(fig.details)}</script>
</section>"""


def _value_html(value: Any, depth: int = 0) -> str:
    if isinstance(value, Mapping):
        if not value:
            return "–"
        return ('<table class="kv">' + "".join(f"<tr><th>{_e(k)}</th><td>{_value_html(v, depth + 1)}</td></tr>"
                                               for k, v in value.items()) + "</table>")
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, Mapping) for v in value):
            cols = list(dict.fromkeys(k for v in value for k in v))
            head = "".join(f"<th>{_e(c)}</th>" for c in cols)
            rows = "".join("<tr>" + "".join(f"<td>{_value_html(v.get(c), depth + 1)}</td>" for c in cols) + "</tr>"
                           for v in value)
            return f'<table class="rows"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'
        return _e(", ".join(_scalar(v) for v in value))
    return _e(_scalar(value))


def _scalar(v: Any) -> str:
    if v is None:
        return "–"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, (Mapping, list, tuple)):
        return json.dumps(v, default=str)
    return str(v)


_CSS = """
.incomplete { background: #fdecea; border-left: 4px solid #c0392b; padding: 6px 10px; }
:root { --ink:#1d232b; --muted:#5b6470; --line:#e2e6eb; --panel:#f6f8fa; --accent:#b3001b; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial,
  sans-serif; color: var(--ink); background: #fff; }
main { max-width: 1480px; margin: 0 auto; padding: 18px 24px 40px; }
h1 { font-size: 22px; margin: 4px 0 2px; } h2 { font-size: 17px; margin: 0 0 4px; }
h3 { font-size: 14px; margin: 0 0 8px; } h4 { font-size: 13px; margin: 0 0 6px; }
.sub { color: var(--muted); margin: 0 0 14px; }
.toc { margin: 8px 0 18px; padding-left: 20px; } .toc a { color: var(--ink); }
.summary { margin: 6px 0 20px; } .summary table { border-collapse: collapse; }
.summary th, .summary td { border: 1px solid var(--line); padding: 3px 8px; text-align: left;
  vertical-align: top; font-weight: normal; } .summary th { color: var(--muted); background: var(--panel); }
section.explanation { border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; margin: 0 0 22px; }
.qlabel { display: inline-block; min-width: 20px; padding: 0 5px; margin-right: 4px; border-radius: 4px;
  background: var(--ink); color: #fff; font-size: 12px; text-align: center; }
.answer { font-size: 16px; font-weight: 600; margin: 2px 0; } .meta { color: var(--muted); margin: 2px 0 10px;
  font-size: 12px; }
.grid { display: grid; grid-template-columns: minmax(420px, 1.05fr) minmax(380px, 1fr); gap: 18px; }
@media (max-width: 980px) { .grid { grid-template-columns: 1fr; } }
figure { margin: 0; } figcaption { color: var(--muted); font-size: 12px; margin: 2px 0 4px; }
svg.graph { width: 100%; height: auto; background: #fbfcfd; border: 1px solid var(--line); border-radius: 6px; }
svg.colour-bar { width: 460px; max-width: 100%; height: auto; font-size: 10px; fill: var(--muted); }
.edge-line { stroke-linecap: round; } .edge-hit { stroke: transparent; stroke-width: 12; fill: none;
  pointer-events: stroke; cursor: pointer; }
.edge-label { font-size: 10.5px; fill: #3d4650; text-anchor: middle; pointer-events: none;
  paint-order: stroke; stroke: #fbfcfd; stroke-width: 3px; font-style: italic; }
.edge-label.extra { display: none; }
.rels-on .edge-label.extra, .edge:hover .edge-label.extra, .edge.active .edge-label.extra,
.edge:focus .edge-label.extra { display: inline; }
.node-label.hover { display: none; }
.node:hover .node-label.hover, .node.active .node-label.hover, .node:focus .node-label.hover { display: inline; }
.node:hover .node-label.short, .node.active .node-label.short, .node:focus .node-label.short { display: none; }
.bridge-ring { stroke: #0b63ce; stroke-width: 2; stroke-dasharray: 4 3; }
g.more { cursor: pointer; } g.more rect { fill: #eaf2ff; stroke: #0b63ce; stroke-width: 1; }
g.more text { font-size: 12px; fill: #0b3f86; text-anchor: middle; }
g.more:hover rect, g.more:focus rect { fill: #d5e5ff; }
.controls { display: flex; gap: 14px; align-items: center; margin: 0 0 6px; font-size: 12px; color: var(--muted); }
.controls button { font: inherit; color: #0b3f86; background: #eaf2ff; border: 1px solid #0b63ce;
  border-radius: 12px; padding: 2px 10px; cursor: pointer; }
.grid.expanded { grid-template-columns: 1fr; }
.legend { color: var(--muted); font-size: 12px; margin: 2px 0; }
.legend-mark { width: 15px; height: 15px; vertical-align: -3px; }
.bridges { margin-top: 12px; } .bridge-line { font-size: 12px; margin: 0 0 6px; }
table.bridge-table { border-collapse: collapse; font-size: 12px; }
table.bridge-table th, table.bridge-table td { text-align: left; padding: 2px 8px;
  border-bottom: 1px solid var(--line); }
table.bridge-table tr { cursor: pointer; } table.bridge-table tr.active td { background: #eaf2ff; }
.node { cursor: pointer; } .node circle { stroke: #4a525c; stroke-width: 1.2; }
.node.seed circle { stroke: var(--ink); stroke-width: 3; } .node.derived circle { stroke-dasharray: 3 2; }
.node.unscored circle { stroke: #7b8591; stroke-dasharray: 3 2; }
.bar-title { color: var(--muted); font-size: 11px; margin: 6px 0 0; }
.node-label { font-size: 11.5px; fill: var(--ink); paint-order: stroke; stroke: #fbfcfd; stroke-width: 3px;
  pointer-events: none; }
.node.active circle.dot, .node:focus circle.dot { stroke: #0b63ce; stroke-width: 4; }
.edge.active .edge-line, .edge:focus .edge-line { stroke-width: 6; filter: drop-shadow(0 0 2px #0b63ce); }
g:focus { outline: none; }
.details { margin-top: 8px; background: var(--panel); border: 1px solid var(--line); border-radius: 6px;
  padding: 10px 12px; min-height: 96px; } .details .hint { color: var(--muted); margin: 0; }
.details h4 { margin: 0 0 2px; font-size: 14px; } .details .subtitle { color: var(--muted); font-size: 12px;
  margin: 0 0 6px; } .details .badge { display: inline-block; background: #e8eefb; color: #21407a;
  border-radius: 10px; padding: 0 8px; font-size: 11px; margin: 0 4px 6px 0; }
.details table { border-collapse: collapse; width: 100%; margin: 4px 0 6px; font-size: 12px; }
.details th, .details td { text-align: left; border-bottom: 1px solid var(--line); padding: 2px 6px; }
.details ul { margin: 2px 0 0; padding-left: 18px; font-size: 12px; }
.table-wrap { max-height: 560px; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
table.ranked { border-collapse: collapse; width: 100%; font-size: 12px; }
table.ranked th { position: sticky; top: 0; background: var(--panel); text-align: left; padding: 5px 6px;
  border-bottom: 1px solid var(--line); }
table.ranked td { padding: 4px 6px; border-bottom: 1px solid var(--line); vertical-align: top; }
table.ranked tr.component { cursor: pointer; } table.ranked tr.active td { background: #eaf2ff; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.cf, td.label { max-width: 220px; overflow-wrap: anywhere; }
td.prov { color: var(--muted); max-width: 190px; overflow-wrap: anywhere; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px;
  border: 1px solid #9aa3ad; vertical-align: -1px; }
.flag.estimated { color: #8a4b00; border-color: #e0b070; }
.flag { font-size: 10px; color: var(--muted); border: 1px solid var(--line); border-radius: 3px; padding: 0 3px; }
.note, .empty { color: var(--muted); font-size: 12px; }
.texts { margin-top: 12px; } .texts p { margin: 4px 0; }
.facts { display: flex; flex-wrap: wrap; gap: 28px; margin-top: 8px; }
.facts dl { display: grid; grid-template-columns: auto auto; gap: 0 12px; margin: 0; font-size: 12px; }
.facts dt { color: var(--muted); } .facts dd { margin: 0; font-variant-numeric: tabular-nums; }
footer { color: var(--muted); font-size: 12px; margin-top: 18px; }
"""

_JS = """
(function () {
  "use strict";
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function num(v) { return (v === null || v === undefined) ? "\\u2013" : Number(v).toFixed(3); }
  function where(p) {
    var parts = [];
    if (p.doc_id !== undefined) { parts.push("document " + p.doc_id); }
    if (p.chunk_index !== undefined) { parts.push("chunk " + p.chunk_index); }
    else if (p.chunk_id !== undefined) { parts.push("chunk " + p.chunk_id); }
    if (p.line !== undefined) { parts.push("line " + p.line); }
    if (p.source !== undefined && p.source !== p.doc_id) { parts.push("source " + p.source); }
    if (p.extractor !== undefined) { parts.push("extractor " + p.extractor); }
    return parts.join(" \\u00b7 ");
  }
  document.querySelectorAll("section.explanation").forEach(function (sec) {
    var data = JSON.parse(sec.querySelector("script.xgrag-data").textContent);
    var rels = sec.querySelector("input.rel-toggle");
    var drawings = sec.querySelector(".drawings");
    if (rels && drawings) {
      rels.addEventListener("change", function () { drawings.classList.toggle("rels-on", rels.checked); });
    }
    var expand = sec.querySelector("button.expand");
    function setExpanded(on) {
      sec.querySelector(".drawing.collapsed").hidden = on;
      sec.querySelector(".drawing.full").hidden = !on;
      sec.querySelector(".grid").classList.toggle("expanded", on);
      expand.setAttribute("aria-expanded", on ? "true" : "false");
      expand.textContent = expand.getAttribute(on ? "data-less" : "data-more");
    }
    if (expand) {
      expand.addEventListener("click", function () {
        setExpanded(expand.getAttribute("aria-expanded") !== "true");
      });
      sec.querySelectorAll("g.more").forEach(function (m) {
        m.addEventListener("click", function () { setExpanded(true); });
        m.addEventListener("keydown", function (ev) {
          if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); setExpanded(true); }
        });
      });
    }
    var panel = sec.querySelector(".details");
    var initial = Array.prototype.slice.call(panel.childNodes);
    var pinned = null;
    function mark(key) {
      sec.querySelectorAll("[data-key]").forEach(function (x) {
        x.classList.toggle("active", key !== null && x.getAttribute("data-key") === key);
      });
    }
    function show(key) {
      var d = data[key];
      if (!d) { return; }
      panel.replaceChildren();
      panel.setAttribute("data-shown", key);
      panel.appendChild(el("h4", "title", d.title));
      panel.appendChild(el("p", "subtitle", d.kind + " \\u00b7 " + d.subtitle));
      d.badges.forEach(function (b) { panel.appendChild(el("span", "badge", b)); });
      if (d.scores.length) {
        var t = el("table", "scores");
        var head = el("tr");
        ["strategy", "importance", "rank", "changed", "counterfactual answer"].forEach(function (h) {
          head.appendChild(el("th", null, h));
        });
        t.appendChild(head);
        d.scores.forEach(function (s) {
          var tr = el("tr");
          var strategy = s.strategy + (s.synonym ? " (as \\u201c" + s.synonym + "\\u201d)" : "");
          tr.appendChild(el("td", null, strategy));
          var how = s.evaluated === "conditional" ? " (conditional)"
            : (s.evaluated === "group" ? " (estimated by a group test)" : "");
          tr.appendChild(el("td", null, num(s.importance) + how));
          tr.appendChild(el("td", null, s.rank === null ? "\\u2013" : s.rank));
          tr.appendChild(el("td", null, s.changed === null ? "\\u2013" : (s.changed ? "yes" : "no")));
          tr.appendChild(el("td", "counterfactual", s.counterfactual === null ? "\\u2013" : s.counterfactual));
          t.appendChild(tr);
        });
        panel.appendChild(t);
      } else {
        panel.appendChild(el("p", "unscored", "Not scored by the strategies of this explanation."));
      }
      panel.appendChild(el("b", null, "Provenance"));
      var ul = el("ul", "provenance");
      if (!d.provenance.length) { ul.appendChild(el("li", null, "none recorded")); }
      d.provenance.forEach(function (p) { ul.appendChild(el("li", null, where(p))); });
      panel.appendChild(ul);
      mark(key);
    }
    function reset() {
      panel.replaceChildren.apply(panel, initial);
      panel.removeAttribute("data-shown");
      mark(null);
    }
    sec.querySelectorAll("[data-key]").forEach(function (x) {
      var key = x.getAttribute("data-key");
      x.addEventListener("mouseenter", function () { show(key); });
      x.addEventListener("mouseleave", function () { if (pinned) { show(pinned); } else { reset(); } });
      x.addEventListener("focus", function () { show(key); });
      x.addEventListener("click", function () {
        pinned = (pinned === key) ? null : key;
        if (pinned) { show(pinned); } else { reset(); }
      });
      x.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); x.click(); }
      });
    });
  });
})();
"""


def _csp() -> str:
    digest = base64.b64encode(hashlib.sha256(_JS.encode("utf-8")).digest()).decode("ascii")
    return (f"default-src 'none'; script-src 'sha256-{digest}'; style-src 'unsafe-inline'; img-src data:; "
            "base-uri 'none'; form-action 'none'")


def render_html(explanations: Sequence[Explanation] | Explanation, title: str = DEFAULT_TITLE,
                summary: Mapping[str, Any] | None = None, focus_k: int = FOCUS_K) -> str:
    """One self-contained page (no external requests) for one or more explanations. A subgraph of more than
    COLLAPSE_AT entities is drawn as its `focus_k` most important entities, the seeds and the entities connecting
    them, with the full drawing one click away."""
    if focus_k < 1:
        raise UsageError(f"focus_k: {focus_k} must be at least 1 (the number of entities drawn before expanding)")
    from xgrag import __version__

    items = [explanations] if isinstance(explanations, Explanation) else list(explanations)
    toc = ""
    if len(items) > 1:
        toc = ('<ol class="toc">' + "".join(
            f'<li><a href="#ex-{i}">{_e(ex.question)}</a> — {_e(ex.answer)}</li>' for i, ex in enumerate(items))
            + "</ol>")
    summary_html = f'<div class="summary"><h3>Summary</h3>{_value_html(summary)}</div>' if summary else ""
    sections = ("".join(_section(ex, i, focus_k) for i, ex in enumerate(items))
                or '<p class="empty">No explanations.</p>')
    n = len(items)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{_csp()}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="xgrag {_e(__version__)}">
<title>{_e(title)}</title>
<style>{_CSS}</style>
</head>
<body>
<main>
<h1>{_e(title)}</h1>
<p class="sub">{n} explanation{'s' if n != 1 else ''} · importance = 1 − cos(E(a₀), E(aₚ)): how far the answer
moved when the component was perturbed (XGRAG) · generated by xgrag {_e(__version__)}</p>
{summary_html}{toc}{sections}
<footer>Self-contained report: no external resources. Layout: BFS rings from the seed entities refined by
Fruchterman-Reingold (deterministic); labels placed greedily, most important first, where they overlap nothing
(a name that does not fit shows on hover).</footer>
</main>
<script>{_JS}</script>
</body>
</html>
"""


def write_html(path: str | Path, explanations: Sequence[Explanation] | Explanation, title: str = DEFAULT_TITLE,
               summary: Mapping[str, Any] | None = None, focus_k: int = FOCUS_K) -> Path:
    """Write `render_html(...)` to `path` (parent folders created). Returns the path."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render_html(explanations, title=title, summary=summary, focus_k=focus_k), encoding="utf-8")
    return target
