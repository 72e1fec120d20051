"""The pure geometry of the HTML report's drawing: node positions, label placement without collisions, and the
choice of what a large subgraph's collapsed drawing shows. No HTML here; html.py turns the results into SVG.

- `layout`: deterministic positions (BFS rings from the seeds, then Fruchterman-Reingold).
- `place_labels`: a greedy pass in priority order: each label tries its candidate positions (around its node, or
  along its edge), first with its full text, then shortened; it takes the first spot whose box overlaps no placed
  label and no obstacle (the node circles) and lies inside the canvas; a label with no free spot is left out (the
  page shows its full text on hover). Text widths are estimated from per-character widths on the wide side
  (DejaVu Sans-like), so the real glyphs fit inside the boxes.
- `focus_nodes`: for a large subgraph, the seeds, the top-k nodes by importance and the nodes that connect them
  (shortest paths from each top node to those chosen before it, plus the explanation's bridge nodes).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from xgrag.errors import UsageError

# -- positions ------------------------------------------------------------------------------------


def layout(nodes: Sequence[str], edges: Sequence[tuple[str, str]], seeds: Sequence[str] = (),
           width: float = 760.0, height: float = 500.0, margin: float = 70.0,
           iterations: int = 250) -> dict[str, tuple[float, float]]:
    """Deterministic positions inside [margin, width - margin] x [margin, height - margin].

    Rings by BFS distance from the seeds (unreached nodes on an outer ring), then Fruchterman-Reingold with a
    linear cooling schedule. Same input, same output: no randomness.
    """
    order = list(dict.fromkeys(nodes))
    n = len(order)
    if n == 0:
        return {}
    cx, cy = width / 2, height / 2
    if n == 1:
        return {order[0]: (cx, cy)}
    index = {nid: i for i, nid in enumerate(order)}
    adjacency: list[set[int]] = [set() for _ in range(n)]
    pairs: list[tuple[int, int]] = []
    for s, t in edges:
        if s in index and t in index and s != t:
            a, b = index[s], index[t]
            adjacency[a].add(b)
            adjacency[b].add(a)
            pairs.append((a, b))
    roots = [index[s] for s in seeds if s in index] or [max(range(n), key=lambda i: (len(adjacency[i]), -i))]
    depth = {r: 0 for r in roots}
    frontier = list(roots)
    rings: dict[int, list[int]] = {0: list(roots)}
    while frontier:
        nxt = []
        for u in frontier:
            for v in sorted(adjacency[u]):
                if v not in depth:
                    depth[v] = depth[u] + 1
                    nxt.append(v)
        if nxt:
            rings[depth[nxt[0]]] = nxt  # in visiting order: children sit beside their parent on the next ring
        frontier = nxt
    outer = max(depth.values()) + 1
    for i in range(n):
        if i not in depth:
            rings.setdefault(outer, []).append(i)
    pos = np.zeros((n, 2))
    for d, members in rings.items():
        radius = 0.0 if d == 0 and len(members) == 1 else (d + 0.6) / (outer + 0.6)
        for j, i in enumerate(members):
            angle = 2 * math.pi * j / len(members) + 0.35 * d
            pos[i] = (radius * math.cos(angle), radius * math.sin(angle))
    # Fruchterman-Reingold in the unit square around the origin.
    k = 1.6 / math.sqrt(n)
    temperature = 0.12
    edge_a = np.array([p[0] for p in pairs], dtype=int)
    edge_b = np.array([p[1] for p in pairs], dtype=int)
    for step in range(iterations):
        delta = pos[:, None, :] - pos[None, :, :]
        dist = np.linalg.norm(delta, axis=-1)
        np.fill_diagonal(dist, 1.0)
        dist = np.maximum(dist, 1e-3)
        disp = ((delta / dist[..., None]) * (k * k / dist)[..., None]).sum(axis=1)
        if len(pairs):
            d = pos[edge_a] - pos[edge_b]
            length = np.maximum(np.linalg.norm(d, axis=1), 1e-3)
            force = (d / length[:, None]) * (length * length / k)[:, None]
            np.add.at(disp, edge_a, -force)
            np.add.at(disp, edge_b, force)
        disp -= 0.08 * pos * n  # gravity keeps disconnected parts in view
        norm = np.maximum(np.linalg.norm(disp, axis=1), 1e-9)
        cooling = temperature * (1 - step / iterations) + 1e-3
        pos += (disp / norm[:, None]) * np.minimum(norm, cooling)[:, None]
    lo, hi = pos.min(axis=0), pos.max(axis=0)
    span = np.where(hi - lo < 1e-9, 1.0, hi - lo)
    unit = (pos - lo) / span
    unit[:, (hi - lo) < 1e-9] = 0.5
    xs = margin + unit[:, 0] * (width - 2 * margin)
    ys = margin * 0.7 + unit[:, 1] * (height - 1.6 * margin)
    return {nid: (round(float(xs[i]), 2), round(float(ys[i]), 2)) for nid, i in index.items()}


# -- labels ---------------------------------------------------------------------------------------

_NARROW = set("iljI.,:;'!|`()[]{} ft")
_WIDE = set("MWmw@%&")
_CELL = 48.0


def text_width(text: str, font_size: float) -> float:
    """A generous estimate of the rendered width of `text` (sans-serif at `font_size`), in the same units."""
    em = 0.0
    for ch in text:
        if ch in _WIDE:
            em += 0.95
        elif ch in _NARROW:
            em += 0.36
        elif ch.isupper():
            em += 0.74
        elif ch.isdigit():
            em += 0.64
        elif ord(ch) > 0x2E7F:  # CJK and other full-width scripts
            em += 1.0
        else:
            em += 0.62
    return em * font_size


def shorten(text: str, n: int) -> str:
    return text if len(text) <= n else text[: max(1, n - 1)].rstrip() + "…"


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box) -> bool:
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def inside(self, width: float, height: float) -> bool:
        return self.x0 >= 0 and self.y0 >= 0 and self.x1 <= width and self.y1 <= height


@dataclass(frozen=True)
class Spot:
    """A candidate position: the text's anchor point (x, baseline y) and its SVG text-anchor."""
    x: float
    y: float
    anchor: str  # "start" | "middle" | "end"


@dataclass(frozen=True)
class LabelRequest:
    key: str
    text: str
    spots: tuple[Spot, ...]
    font_size: float = 11.0
    shorter: tuple[int, ...] = (18, 11)  # lengths tried after the full text, in this order


@dataclass(frozen=True)
class PlacedLabel:
    key: str
    text: str  # what is drawn (possibly shortened)
    full: str
    spot: Spot
    box: Box
    font_size: float

    @property
    def shortened(self) -> bool:
        return self.text != self.full


def label_box(text: str, spot: Spot, font_size: float, pad: float = 1.5) -> Box:
    w = text_width(text, font_size)
    x0 = spot.x if spot.anchor == "start" else spot.x - w if spot.anchor == "end" else spot.x - w / 2
    return Box(x0 - pad, spot.y - 0.82 * font_size - pad, x0 + w + pad, spot.y + 0.26 * font_size + pad)


def node_spots(x: float, y: float, r: float, font_size: float = 11.0) -> tuple[Spot, ...]:
    """Right, left, above, below, then the four diagonals, then the same a little farther out."""
    up = 0.3 * font_size  # baseline offset that centres the text vertically on y
    out: list[Spot] = []
    for gap in (5.0, 15.0):
        g = r + gap
        out += [Spot(x + g, y + up, "start"), Spot(x - g, y + up, "end"),
                Spot(x, y - g, "middle"), Spot(x, y + g + 0.8 * font_size, "middle"),
                Spot(x + g * 0.75, y - g * 0.75, "start"), Spot(x + g * 0.75, y + g * 0.75 + 0.6 * font_size, "start"),
                Spot(x - g * 0.75, y - g * 0.75, "end"), Spot(x - g * 0.75, y + g * 0.75 + 0.6 * font_size, "end")]
    return tuple(out)


def edge_spots(mid: tuple[float, float], normal: tuple[float, float], font_size: float = 10.0) -> tuple[Spot, ...]:
    """On the edge's middle, then beside it on either side (along the normal)."""
    x, y = mid
    nx, ny = normal
    up = 0.3 * font_size
    return tuple(Spot(x + nx * d, y + ny * d + up, "middle") for d in (0.0, 9.0, -9.0, 16.0, -16.0))


class _Grid:
    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def _cells(self, b: Box) -> list[tuple[int, int]]:
        return [(i, j) for i in range(int(b.x0 // _CELL), int(b.x1 // _CELL) + 1)
                for j in range(int(b.y0 // _CELL), int(b.y1 // _CELL) + 1)]

    def add(self, b: Box) -> None:
        for c in self._cells(b):
            self.cells.setdefault(c, []).append(b)

    def hits(self, b: Box) -> bool:
        return any(b.overlaps(o) for c in self._cells(b) for o in self.cells.get(c, ()))


def place_labels(requests: Sequence[LabelRequest], obstacles: Sequence[Box], width: float, height: float,
                 limit: int | None = None) -> dict[str, PlacedLabel]:
    """Greedy placement in the order given (most important first). Placed label boxes never overlap each other
    or an obstacle and lie inside [0, width] x [0, height]; a label with no free spot is not in the result.
    `limit` caps how many labels are placed (a drawing of hundreds of nodes stays legible)."""
    placed: dict[str, PlacedLabel] = {}
    labels, blocked = _Grid(), _Grid()
    for o in obstacles:
        blocked.add(o)
    for req in requests:
        if limit is not None and len(placed) >= limit:
            break
        if req.key in placed or not req.text:
            continue
        variants = [req.text] + [shorten(req.text, n) for n in req.shorter if len(req.text) > n]
        found = None
        for text in dict.fromkeys(variants):
            for spot in req.spots:
                box = label_box(text, spot, req.font_size)
                if box.inside(width, height) and not labels.hits(box) and not blocked.hits(box):
                    found = PlacedLabel(req.key, text, req.text, spot, box, req.font_size)
                    break
            if found:
                break
        if found:
            placed[req.key] = found
            labels.add(found.box)
    return placed


def circle_box(x: float, y: float, r: float) -> Box:
    return Box(x - r, y - r, x + r, y + r)


# -- the collapsed drawing of a large subgraph ------------------------------------------------------


@dataclass(frozen=True)
class Focus:
    seeds: list[str]
    top: list[str]  # the k most important nodes that are not seeds, most important first
    connectors: list[str]  # nodes on the shortest paths joining them (and bridge nodes), not in seeds or top

    @property
    def nodes(self) -> list[str]:
        return self.seeds + self.top + self.connectors


def focus_nodes(nodes: Sequence[str], edges: Sequence[tuple[str, str]], priority: Mapping[str, float],
                seeds: Sequence[str], k: int, bridges: Sequence[str] = ()) -> Focus:
    """The seeds, the top-k other nodes by `priority` (ties: higher degree, then id) and the connectors: for
    each top node in order, the inner nodes of a shortest path (neighbours visited in id order) to the nodes
    already kept; then the given bridge nodes. Deterministic."""
    if k < 0:
        raise UsageError(f"k: {k} must not be negative (the number of most important nodes to keep)")
    ids = list(dict.fromkeys(nodes))
    present = set(ids)
    nbrs: dict[str, set[str]] = {n: set() for n in ids}
    for s, t in edges:
        if s in present and t in present and s != t:
            nbrs[s].add(t)
            nbrs[t].add(s)
    seed_list = [s for s in dict.fromkeys(seeds) if s in present]
    ranked = sorted((n for n in ids if n not in seed_list),
                    key=lambda n: (-float(priority.get(n, 0.0) or 0.0), -len(nbrs[n]), n))
    top = ranked[:k]
    kept = set(seed_list)
    connectors: list[str] = []
    for node in top:
        if kept:
            path = _path_to(node, kept, nbrs)
            for inner in path[1:-1]:
                if inner not in kept and inner not in top and inner not in connectors:
                    connectors.append(inner)
            kept.update(path)
        kept.add(node)
    for b in bridges:
        if b in present and b not in kept and b not in top and b not in connectors:
            connectors.append(b)
    return Focus(seed_list, top, connectors)


def _path_to(start: str, targets: set[str], nbrs: Mapping[str, set[str]]) -> list[str]:
    """A shortest path from `start` to the nearest node of `targets` (BFS, neighbours in id order); [] if none."""
    if start in targets:
        return [start]
    parent: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        v = queue.popleft()
        for w in sorted(nbrs[v]):
            if w in parent:
                continue
            parent[w] = v
            if w in targets:
                path = [w]
                cur: str | None = v
                while cur is not None:
                    path.append(cur)
                    cur = parent[cur]
                return path[::-1]
            queue.append(w)
    return []


__all__ = ["Box", "Focus", "LabelRequest", "PlacedLabel", "Spot", "circle_box", "edge_spots", "focus_nodes",
           "label_box", "layout", "node_spots", "place_labels", "shorten", "text_width"]
