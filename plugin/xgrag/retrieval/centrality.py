"""Degree, betweenness and PageRank (damping 0.85) through GDS, with a scipy fallback used only when GDS
is absent (announced in the result's `source`).

Both treat the graph as an undirected multigraph: parallel relationships (two facts about the same pair)
count separately, as they do in a GDS projection without aggregation.
"""

from __future__ import annotations

import uuid
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from scipy import sparse

from xgrag.errors import ServiceError
from xgrag.model import Subgraph
from xgrag.store.neo4j import Neo4jStore

DAMPING = 0.85
MAX_ITERATIONS = 200
TOLERANCE = 1e-10


@dataclass
class CentralityResult:
    scores: dict[str, dict[str, float]]  # node id -> {degree, betweenness, pagerank}
    source: Literal["gds", "scipy"]
    note: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"centrality": self.scores, "centrality_source": self.source, "centrality_note": self.note}


def edge_index(sub: Subgraph) -> tuple[list[str], list[tuple[int, int]]]:
    ids = sorted(sub.nodes)
    pos = {nid: i for i, nid in enumerate(ids)}
    edges = [(pos[r.source], pos[r.target]) for r in sub.sorted_relationships()
             if r.source in pos and r.target in pos]
    return ids, edges


# -- scipy fallback (pure functions) ------------------------------------------------------------

def degree_scores(n: int, edges: Sequence[tuple[int, int]]) -> np.ndarray:
    deg = np.zeros(n)
    for s, t in edges:
        deg[s] += 1
        deg[t] += 1
    return deg


def _adjacency(n: int, edges: Sequence[tuple[int, int]]) -> sparse.csr_matrix:
    rows = [s for s, t in edges] + [t for s, t in edges]
    cols = [t for s, t in edges] + [s for s, t in edges]
    return sparse.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(n, n))


def betweenness_scores(n: int, edges: Sequence[tuple[int, int]]) -> np.ndarray:
    """Brandes on the undirected multigraph; each unordered {s, t} pair counted once, as GDS does
    for undirected projections (and networkx with normalized=False)."""
    adj = _adjacency(n, edges)
    adj.sum_duplicates()
    nbrs = [(adj.indices[adj.indptr[i]:adj.indptr[i + 1]], adj.data[adj.indptr[i]:adj.indptr[i + 1]])
            for i in range(n)]
    bc = np.zeros(n)
    for s in range(n):
        stack: list[int] = []
        preds: list[list[int]] = [[] for _ in range(n)]
        sigma = np.zeros(n)
        sigma[s] = 1.0
        dist = np.full(n, -1)
        dist[s] = 0
        queue = deque([s])
        while queue:
            v = queue.popleft()
            stack.append(v)
            for w, mult in zip(*nbrs[v], strict=True):
                if w == v:
                    continue
                if dist[w] < 0:
                    dist[w] = dist[v] + 1
                    queue.append(w)
                if dist[w] == dist[v] + 1:
                    sigma[w] += sigma[v] * mult
                    preds[w].append(v)
        delta = np.zeros(n)
        while stack:
            w = stack.pop()
            for v in preds[w]:
                mult = adj[v, w]
                delta[v] += sigma[v] * mult / sigma[w] * (1 + delta[w])
            if w != s:
                bc[w] += delta[w]
    return bc / 2.0


def pagerank_scores(n: int, edges: Sequence[tuple[int, int]], damping: float = DAMPING,
                    max_iterations: int = MAX_ITERATIONS, tolerance: float = TOLERANCE) -> np.ndarray:
    """GDS's unnormalised PageRank: PR(v) = (1 - d) + d * sum_u PR(u) / outdeg(u); no dangling redistribution."""
    adj = _adjacency(n, edges)
    out_deg = np.asarray(adj.sum(axis=1)).ravel()
    inv = np.divide(1.0, out_deg, out=np.zeros(n), where=out_deg > 0)
    transition = adj.T.multiply(inv).tocsr()  # column u scaled by 1/outdeg(u)
    pr = np.full(n, 1.0 - damping)
    for _ in range(max_iterations):
        nxt = (1.0 - damping) + damping * (transition @ pr)
        if np.max(np.abs(nxt - pr)) < tolerance:
            pr = nxt
            break
        pr = nxt
    return pr


def scipy_centrality(sub: Subgraph, note: str | None = None) -> CentralityResult:
    ids, edges = edge_index(sub)
    n = len(ids)
    deg, bc, pr = degree_scores(n, edges), betweenness_scores(n, edges), pagerank_scores(n, edges)
    scores = {nid: {"degree": float(deg[i]), "betweenness": float(bc[i]), "pagerank": float(pr[i])}
              for i, nid in enumerate(ids)}
    return CentralityResult(scores, "scipy", note)


# -- GDS -----------------------------------------------------------------------------------------

def _unique_name(prefix: str) -> str:
    return f"xgrag_{prefix}_{uuid.uuid4().hex[:12]}"


def _run_gds(store: Neo4jStore, graph_name: str) -> dict[int, dict[str, float]]:
    row = store.read("gds_centrality", graph_name=graph_name, damping=DAMPING, max_iterations=MAX_ITERATIONS,
                     tolerance=TOLERANCE)[0]
    out: dict[int, dict[str, float]] = {}
    for key in ("degree", "betweenness", "pagerank"):
        column = {"degree": "degrees", "betweenness": "betweenness", "pagerank": "pagerank"}[key]
        for node_id, score in row[column]:
            out.setdefault(int(node_id), {})[key] = float(score)
    return out


def gds_centrality(store: Neo4jStore, sub: Subgraph) -> CentralityResult:
    """Project the (possibly deduplicated) subgraph from parameters, compute, always drop."""
    ids, edges = edge_index(sub)
    if not ids:
        return CentralityResult({}, "gds")
    touched = {i for e in edges for i in e}
    rows: list[list[int | None]] = [[s, t] for s, t in edges]
    rows += [[i, None] for i in range(len(ids)) if i not in touched]
    name = _unique_name("sub")
    try:
        store.read("gds_project_edges", graph_name=name, edges=rows)
        raw = _run_gds(store, name)
    finally:
        store.read("gds_drop", graph_name=name)
    return CentralityResult({ids[i]: raw[i] for i in range(len(ids))}, "gds")


def gds_graph_centrality(store: Neo4jStore) -> CentralityResult:
    """Centrality of every entity of the database, through the `graphdatascience` client (sharing the
    store's driver, Bolt only): Cypher-aggregation projection with a unique name, always dropped."""
    from graphdatascience import GraphDataScience

    gds = GraphDataScience(store.driver, database=store.database, arrow=False, show_progress=False)
    name = _unique_name("graph")
    graph = None
    try:
        graph = gds.graph.project.cypher(store.queries.get("gds_project_entities"), graph_name=name).graph
        kw: dict[str, Any] = {"concurrency": 4}
        degree = gds.degree.stream(graph, **kw)
        between = gds.betweenness.stream(graph, **kw)
        pagerank = gds.page_rank.stream(graph, damping_factor=DAMPING, max_iterations=MAX_ITERATIONS,
                                        tolerance=TOLERANCE, **kw)
    finally:
        if graph is not None:
            graph.drop()
        else:
            store.read("gds_drop", graph_name=name)
    raw: dict[int, dict[str, float]] = {}
    for key, frame in (("degree", degree), ("betweenness", between), ("pagerank", pagerank)):
        for node_id, score in zip(frame["nodeId"], frame["score"], strict=True):
            raw.setdefault(int(node_id), {})[key] = float(score)
    ids = {row["nid"]: row["id"] for row in store.read("gds_entity_ids", node_ids=sorted(raw))}
    return CentralityResult({str(ids[k]): v for k, v in raw.items()}, "gds", note="graphdatascience client")


def centrality(store: Neo4jStore | None, sub: Subgraph, prefer: Literal["auto", "gds", "scipy"] = "auto",
               ) -> CentralityResult:
    """GDS when the server has it; scipy only when it does not (or when asked), and then said so."""
    if prefer == "scipy":
        return scipy_centrality(sub, note="scipy requested")
    if store is not None and store.has_gds():
        return gds_centrality(store, sub)
    if prefer == "gds":
        raise ServiceError("GDS was requested but the server has no gds.version()")
    return scipy_centrality(sub, note="GDS is not installed on this server: scipy fallback used")
