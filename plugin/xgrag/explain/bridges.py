"""Ex-GraphRAG's semantic-structural mismatch (ex-graphrag.txt §6): the nodes that matter for the answer (the
semantic core) are often held together by nodes that matter little on their own (bridges); pruning the context to
the top-scored nodes removes the bridges and the reasoning chain with them.

Given the deduplicated subgraph and the explanation's node importances:
- core: importance above the noise floor and at least `core_share` of the largest importance;
- bridge: not core, and either on a shortest path between two core nodes (betweenness restricted to core
  pairs > 0) or an articulation point whose removal disconnects two core nodes;
- periphery: everything else.
The mismatch: how many connected core pairs are connected only through bridges (they fall apart when the bridges
are removed), and Spearman's rho between node importance and (whole-subgraph) betweenness.

Node importances come from node-unit components (node removal, synonym injection; the largest per node) when the
explanation has them, else from fact components (a node gets the largest importance of the facts it ends).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from scipy import stats

from xgrag.model import Component, Subgraph
from xgrag.model.records import Bridges
from xgrag.retrieval.centrality import betweenness_scores, edge_index


def node_importance(components: Iterable[Component], graph: Subgraph) -> tuple[dict[str, float], str]:
    """Per node: the largest importance of its node-unit components, else of the facts it ends."""
    comps = [c for c in components if c.importance is not None]
    nodes: dict[str, float] = {}
    for c in comps:
        if c.kind == "node" and c.id in graph.nodes:
            nodes[c.id] = max(nodes.get(c.id, 0.0), float(c.importance or 0.0))
    if nodes:
        return nodes, "node"
    for c in comps:
        if c.kind == "edge" and c.id in graph.relationships:
            r = graph.relationships[c.id]
            for n in (r.source, r.target):
                nodes[n] = max(nodes.get(n, 0.0), float(c.importance or 0.0))
    return nodes, ("edge" if nodes else "none")


def neighbours(graph: Subgraph) -> dict[str, set[str]]:
    nbrs: dict[str, set[str]] = {n: set() for n in graph.nodes}
    for r in graph.relationships.values():
        if r.source in nbrs and r.target in nbrs and r.source != r.target:
            nbrs[r.source].add(r.target)
            nbrs[r.target].add(r.source)
    return nbrs


def _component_of(start: str, nbrs: Mapping[str, set[str]], removed: set[str]) -> set[str]:
    seen = {start}
    queue = deque([start])
    while queue:
        v = queue.popleft()
        for w in nbrs[v]:
            if w not in seen and w not in removed:
                seen.add(w)
                queue.append(w)
    return seen


def _connected_pairs(core: list[str], nbrs: Mapping[str, set[str]], removed: set[str]) -> set[tuple[str, str]]:
    pairs: set[tuple[str, str]] = set()
    for i, u in enumerate(core):
        if u in removed:
            continue
        reach = _component_of(u, nbrs, removed)
        pairs.update((u, v) for v in core[i + 1:] if v in reach)
    return pairs


def core_pair_betweenness(core: list[str], nbrs: Mapping[str, set[str]]) -> dict[str, float]:
    """Brandes' dependency accumulation with sources and targets restricted to core nodes: for every node, the
    (fractional) number of core-pair shortest paths through it, each unordered pair counted once."""
    score = {n: 0.0 for n in nbrs}
    targets = set(core)
    for s in core:
        sigma = {s: 1.0}
        dist = {s: 0}
        preds: dict[str, list[str]] = {}
        order: list[str] = []
        queue = deque([s])
        while queue:
            v = queue.popleft()
            order.append(v)
            for w in sorted(nbrs[v]):
                if w not in dist:
                    dist[w] = dist[v] + 1
                    queue.append(w)
                if dist[w] == dist[v] + 1:
                    sigma[w] = sigma.get(w, 0.0) + sigma[v]
                    preds.setdefault(w, []).append(v)
        delta = {v: 0.0 for v in order}
        for w in reversed(order):
            own = 1.0 if (w in targets and w != s) else 0.0
            for v in preds.get(w, []):
                delta[v] += sigma[v] / sigma[w] * (own + delta[w])
            if w != s:
                score[w] += delta[w]
    return {n: v / 2.0 for n, v in score.items()}


def classify(graph: Subgraph, importance: Mapping[str, float], floor: float = 0.0, core_share: float = 0.5,
             importance_from: str = "node") -> Bridges:
    """The report as Explanation.bridges records it."""
    report = Bridges(importance_from=importance_from)
    top = max(importance.values(), default=0.0)
    core = sorted(n for n, v in importance.items() if n in graph.nodes and v > floor and top > 0
                  and v >= core_share * top)
    nbrs = neighbours(graph)
    report.core = core
    ids, edges = edge_index(graph)
    if len(ids) >= 3 and len(importance) >= 3:
        bc = betweenness_scores(len(ids), edges)
        xs = [importance.get(n, 0.0) for n in ids]
        if len(set(xs)) > 1 and len(set(bc.tolist())) > 1:
            rho, p = stats.spearmanr(xs, bc)
            report.spearman_importance_betweenness = round(float(rho), 6)
            report.spearman_p = float(p)
    if len(core) < 2:
        report.periphery = len(graph.nodes) - len(core)
        return report
    through = core_pair_betweenness(core, nbrs)
    on_paths = {n for n, v in through.items() if v > 0 and n not in core}
    connected = _connected_pairs(core, nbrs, set())
    articulation = set()
    for n in sorted(set(graph.nodes) - set(core)):
        if len(nbrs[n]) >= 2 and _connected_pairs(core, nbrs, {n}) != connected:
            articulation.add(n)
    bridges = sorted(on_paths | articulation)
    report.bridges = bridges
    report.articulation = sorted(articulation)
    report.core_pair_betweenness = {n: round(through[n], 6) for n in bridges}
    report.core_pairs = len(connected)
    report.pairs_only_via_bridges = len(connected - _connected_pairs(core, nbrs, set(bridges)))
    report.periphery = len(graph.nodes) - len(core) - len(bridges)
    return report


def bridge_report(components: Iterable[Component], graph: Subgraph, floor: float,
                  core_share: float = 0.5) -> Bridges:
    importance, source = node_importance(components, graph)
    return classify(graph, importance, floor, core_share, source)


__all__ = ["bridge_report", "classify", "core_pair_betweenness", "node_importance"]
