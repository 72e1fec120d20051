"""KGRAG-Ex's analyses (kgrag-ex.txt §5.1-5.2) as pure functions over saved explanations.

- impact per perturbation type (RQ1, Table 4);
- normalised position of critical perturbations along the shortest paths (RQ2, Fig. 3);
- node labels of critical nodes (RQ3, Fig. 4);
- relative rank of important nodes by degree, edges by edge betweenness, sub-paths by
  betweenness(edge) / (deg(u) + deg(v)) (RQ4, Fig. 5-7, Eq. 1);
- cost of the graph explainer vs the RAG-Ex text baseline (§5.2, Table 5).

A perturbation is *critical* when it changed the answer (`Component.answer_changed`). Edge betweenness is
computed here (Brandes, pure Python) because GDS has no edge betweenness.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, Literal

import numpy as np
from scipy import stats

from xgrag.explain.perturbers import ABLATION_STRATEGY
from xgrag.model import Explanation

# -- RQ1: impact per perturbation type -------------------------------------------------------------


def impact_by_strategy(explanations: Iterable[Explanation]) -> dict[str, dict[str, float]]:
    """Per strategy, over all explanations:

    - components: evaluated components (answer_changed is known);
    - changed: of those, how many changed the answer; change_rate = changed / components (NaN if none);
    - mean_importance: mean Imp over components with an importance (NaN if none);
    - questions / questions_changed: explanations with an evaluated component of this strategy / with at
      least one that changed the answer;
    - most_impactful: KGRAG-Ex Table 4 — per explanation, the strategy with the most answer changes gets 1
      (shared equally on ties); explanations where nothing changed credit no strategy.
    """
    acc: dict[str, dict[str, Any]] = {}
    for exp in explanations:
        changes: dict[str, int] = {}
        for c in exp.components:
            s = acc.setdefault(c.strategy, {"components": 0, "changed": 0, "importances": [], "questions": 0,
                                             "questions_changed": 0, "most_impactful": 0.0})
            if c.importance is not None:
                s["importances"].append(float(c.importance))
            if c.answer_changed is None:
                continue
            s["components"] += 1
            s["changed"] += int(c.answer_changed)
            changes[c.strategy] = changes.get(c.strategy, 0) + int(c.answer_changed)
        for strategy, n in changes.items():
            acc[strategy]["questions"] += 1
            acc[strategy]["questions_changed"] += int(n > 0)
        top = max(changes.values(), default=0)
        if top > 0:
            winners = [name for name, n in changes.items() if n == top]
            for name in winners:
                acc[name]["most_impactful"] += 1.0 / len(winners)
    out: dict[str, dict[str, float]] = {}
    for strategy in sorted(acc):
        s = acc[strategy]
        out[strategy] = {
            "components": s["components"],
            "changed": s["changed"],
            "change_rate": s["changed"] / s["components"] if s["components"] else float("nan"),
            "mean_importance": float(np.mean(s["importances"])) if s["importances"] else float("nan"),
            "questions": s["questions"],
            "questions_changed": s["questions_changed"],
            "most_impactful": s["most_impactful"],
        }
    return out


# -- paths ----------------------------------------------------------------------------------------


def _ends(explanation: Explanation) -> dict[str, tuple[str, str]]:
    return {r.id: (r.source, r.target) for r in explanation.subgraph.relationships}


def path_nodes(path: Sequence[str], ends: Mapping[str, tuple[str, str]],
               seeds: Collection[str] = ()) -> list[str] | None:
    """The node sequence v0..vm of a path given as relationship ids e1..em (relationships are undirected
    along a path: retrieval matches `(a)-[*]-(b)`). v0 is the end of e1 not shared with e2; for a one-edge
    path, the seed end (both seeds: the smaller id, as retrieval pairs seeds in sorted order). None when the
    ids do not form a chain in `ends` (e.g. a relationship dropped or merged by dedup)."""
    if not path or any(r not in ends for r in path):
        return None
    s, t = ends[path[0]]
    if len(path) == 1:
        if (t in seeds and s not in seeds) or (s in seeds and t in seeds and t < s):
            s, t = t, s
        return [s, t]
    nxt = set(ends[path[1]])
    if (s in nxt) == (t in nxt):
        return None  # e1 and e2 share no endpoint, or both (parallel edges): no unique start
    nodes = [t if s in nxt else s]
    for rid in path:
        a, b = ends[rid]
        if nodes[-1] == a:
            nodes.append(b)
        elif nodes[-1] == b:
            nodes.append(a)
        else:
            return None
    return nodes


def _edge_position(j: int, m: int, scheme: Literal["index", "midpoint"]) -> float:
    if scheme == "midpoint":
        return (j + 0.5) / m
    return j / (m - 1) if m > 1 else 0.5


def critical_position_records(explanation: Explanation, strategies: Collection[str] | None = None,
                              edge_position: Literal["index", "midpoint"] = "index") -> list[dict[str, Any]]:
    """One record {strategy, kind, id, path, position} per critical component per path it lies on.

    Along a path with nodes v0..vm and edges e0..e(m-1) (v0 = the path's start, see path_nodes):
    - node vi: i / m, so the start entity is 0 and the end entity 1;
    - edge or sub-path (the triple around an edge) ej, scheme "index" (default): j / (m - 1), so the first
      edge is 0 and the last 1, i.e. positioned among the edges as KGRAG-Ex positions every element kind from
      start (0) to end (1); a one-edge path is both, and is placed at 0.5 so it biases neither end;
      scheme "midpoint": (j + 0.5) / m, the edge's midpoint on the node scale (nodes and edges comparable).
    Components off every path (k-hop subgraphs, masks) have no position and yield no record.
    """
    ends = _ends(explanation)
    seeds = set(explanation.subgraph.seeds)
    critical = [c for c in explanation.components if c.answer_changed and c.kind in ("node", "edge")
                and (strategies is None or c.strategy in strategies)]
    out: list[dict[str, Any]] = []
    for p_index, path in enumerate(explanation.paths):
        nodes = path_nodes(path, ends, seeds)
        if nodes is None:
            continue
        m = len(path)
        node_at = {n: i for i, n in enumerate(nodes)}
        edge_at = {r: j for j, r in enumerate(path)}
        for c in critical:
            if c.kind == "node" and c.id in node_at:
                pos = node_at[c.id] / m
            elif c.kind == "edge" and c.id in edge_at:
                pos = _edge_position(edge_at[c.id], m, edge_position)
            else:
                continue
            out.append({"strategy": c.strategy, "kind": c.kind, "id": c.id, "path": p_index, "position": pos})
    return out


def critical_positions(explanation: Explanation, strategies: Collection[str] | None = None,
                       edge_position: Literal["index", "midpoint"] = "index") -> list[float]:
    """KGRAG-Ex RQ2 (Fig. 3): the normalised position (0 = start, 1 = end of the shortest path) of every
    critical (answer_changed) node, edge or sub-path perturbation, once per path it lies on. See
    critical_position_records for how nodes and edges are positioned."""
    return [r["position"] for r in critical_position_records(explanation, strategies, edge_position)]


# -- RQ3: labels of critical nodes --------------------------------------------------------------------


def critical_node_labels(explanations: Iterable[Explanation],
                         strategies: Collection[str] | None = (ABLATION_STRATEGY,)) -> Counter[str]:
    """KGRAG-Ex RQ3 (Fig. 4): how often each node label (entity type) appears among critical node
    perturbations — node removals by default (`strategies=None`: any node perturbation, e.g. synonyms too).
    A node without a type counts as "Unknown", as in KGRAG-Ex Table 3."""
    counts: Counter[str] = Counter()
    for exp in explanations:
        types = {n.id: n.type for n in exp.subgraph.nodes}
        for c in exp.components:
            if c.kind == "node" and c.answer_changed and (strategies is None or c.strategy in strategies):
                counts[types.get(c.id) or "Unknown"] += 1
    return counts


# -- RQ4: centrality of important elements ---------------------------------------------------------------


def relative_ranks(important_ids: Iterable[str], ranking_values: Mapping[str, float],
                   missing: Literal["raise", "skip"] = "raise") -> list[float]:
    """KGRAG-Ex Fig. 5-7: the rank of each important element among all elements of `ranking_values` by
    descending value, normalised to 0 (highest value) .. 1 (lowest).

    Ties share their average rank, so elements with equal degree get equal relative ranks; a single element,
    or all tied, is at 0.5. An id missing from `ranking_values` raises KeyError (or is skipped).
    """
    ids = list(ranking_values)
    n = len(ids)
    if n == 0:
        ranks: dict[str, float] = {}
    else:
        r0 = stats.rankdata([-float(ranking_values[i]) for i in ids], method="average") - 1.0
        ranks = {i: (float(r) / (n - 1) if n > 1 else 0.5) for i, r in zip(ids, r0, strict=True)}
    out = []
    for i in important_ids:
        if i not in ranks:
            if missing == "skip":
                continue
            raise KeyError(f"{i!r} is not among the ranked elements")
        out.append(ranks[i])
    return out


def _edge_triples(edges: Iterable[Any]) -> list[tuple[str, str, str]]:
    out = []
    for e in edges:
        if isinstance(e, Mapping):
            out.append((str(e["id"]), str(e["source"]), str(e["target"])))
        elif hasattr(e, "source") and hasattr(e, "target"):
            out.append((str(e.id), str(e.source), str(e.target)))
        else:
            rid, u, v = e
            out.append((str(rid), str(u), str(v)))
    return out


def edge_betweenness(nodes: Iterable[str], edges: Iterable[Any], normalized: bool = False) -> dict[str, float]:
    """Edge betweenness (Brandes 2001/2008) of an undirected multigraph: for every edge, the sum over
    unordered node pairs {s, t} of the fraction of shortest s-t paths that use it.

    `edges`: (id, u, v) tuples, Relationship objects or `{"id", "source", "target"}` dicts; endpoints are
    added to `nodes`. Parallel edges are distinct paths (each carries its share), as parallel relationships
    count separately in xgrag's node betweenness (centrality.py) — networkx instead counts a node pair once
    and splits it evenly over the parallel edges, which agrees on simple graphs only. Self-loops score 0.
    `normalized=True` divides by n(n-1)/2, the number of pairs (networkx's normalisation).
    """
    triples = _edge_triples(edges)
    node_list = list(dict.fromkeys([*nodes, *(x for _, u, v in triples for x in (u, v))]))
    adj: dict[str, dict[str, list[str]]] = {n: {} for n in node_list}
    for rid, u, v in triples:
        if u != v:
            adj[u].setdefault(v, []).append(rid)
            adj[v].setdefault(u, []).append(rid)
    eb = {rid: 0.0 for rid, _, _ in triples}
    for s in node_list:
        stack: list[str] = []
        preds: dict[str, list[str]] = {n: [] for n in node_list}
        sigma = dict.fromkeys(node_list, 0.0)
        sigma[s] = 1.0
        dist = {s: 0}
        queue = [s]
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            stack.append(v)
            for w, parallel in adj[v].items():
                if w not in dist:
                    dist[w] = dist[v] + 1
                    queue.append(w)
                if dist[w] == dist[v] + 1:
                    sigma[w] += sigma[v] * len(parallel)
                    preds[w].append(v)
        delta = dict.fromkeys(node_list, 0.0)
        while stack:
            w = stack.pop()
            for v in preds[w]:
                per_edge = sigma[v] / sigma[w] * (1.0 + delta[w])
                for rid in adj[v][w]:
                    eb[rid] += per_edge
                delta[v] += per_edge * len(adj[v][w])
    n = len(node_list)
    # every unordered pair was counted from both ends
    scale = (1.0 / (n * (n - 1)) if n > 1 else 1.0) if normalized else 0.5
    return {rid: value * scale for rid, value in eb.items()}


def subpath_score(edge_betweenness: float, degree: Mapping[str, float], u: str, v: str) -> float:
    """KGRAG-Ex Eq. 1: betweenness(edge) / (deg(u) + deg(v)) for the triple (u, edge, v)."""
    denom = float(degree[u]) + float(degree[v])
    if denom <= 0:
        raise ValueError(f"the endpoints {u!r} and {v!r} of an edge cannot both have degree 0")
    return float(edge_betweenness) / denom


def subgraph_degree(explanation: Explanation) -> dict[str, float]:
    """Degree of every node in the explanation's subgraph (parallel relationships count separately)."""
    deg = {n.id: 0.0 for n in explanation.subgraph.nodes}
    for r in explanation.subgraph.relationships:
        for end in (r.source, r.target):
            deg[end] = deg.get(end, 0.0) + 1.0
    return deg


def path_relative_ranks(explanation: Explanation, element: Literal["node", "edge", "subpath"],
                        degree: Mapping[str, float] | None = None,
                        betweenness: Mapping[str, float] | None = None) -> list[float]:
    """KGRAG-Ex Fig. 5-7 for one explanation: per shortest path, the relative rank (relative_ranks) of each
    critical component of the `element` strategy among the path's elements of that kind, ranked by

    - node: degree (default: in the explanation's subgraph; pass GDS degrees for degree in the whole KG);
    - edge: edge betweenness (default: edge_betweenness over the explanation's subgraph);
    - subpath: subpath_score(betweenness, degree, u, v).
    """
    deg = dict(degree) if degree is not None else subgraph_degree(explanation)
    rels = explanation.subgraph.relationships
    eb = dict(betweenness) if betweenness is not None else \
        edge_betweenness([n.id for n in explanation.subgraph.nodes], rels)
    ends = _ends(explanation)
    seeds = set(explanation.subgraph.seeds)
    critical = {c.id for c in explanation.components if c.strategy == element and c.answer_changed}
    out: list[float] = []
    for path in explanation.paths:
        nodes = path_nodes(path, ends, seeds)
        if nodes is None:
            continue
        if element == "node":
            values = {n: deg[n] for n in nodes}
        elif element == "edge":
            values = {r: eb[r] for r in path}
        else:
            values = {r: subpath_score(eb[r], deg, *ends[r]) for r in path}
        out += relative_ranks([i for i in values if i in critical], values)
    return out


# -- cost (KGRAG-Ex §5.2, Table 5) -------------------------------------------------------------------

# scored_probes: forward passes scoring a0 (response_score "logprob"); 0 for generated answers and for RAG-Ex
_COST_FIELDS = ("generator_calls", "scored_probes", "cache_hits", "prompt_tokens", "completion_tokens", "seconds",
                "perturbations")


def _cost_dict(cost: Any) -> dict[str, float]:
    if hasattr(cost, "cost") and not isinstance(cost, Mapping):
        cost = cost.cost  # an Explanation or a RagExResult
    data = cost if isinstance(cost, Mapping) else cost.model_dump() if hasattr(cost, "model_dump") else vars(cost)
    row = {k: float(data.get(k) or 0.0) for k in _COST_FIELDS}
    row["tokens"] = row["prompt_tokens"] + row["completion_tokens"]
    # the calls the method makes, whether or not the response cache then served them
    row["calls_including_cache"] = row["generator_calls"] + row["scored_probes"] + row["cache_hits"]
    return row


def _summary(costs: Any) -> dict[str, Any]:
    items = [costs] if not isinstance(costs, Sequence) or isinstance(costs, Mapping) else list(costs)
    rows = [_cost_dict(c) for c in items]
    keys = [*_COST_FIELDS, "tokens", "calls_including_cache"]
    total = {k: float(sum(r[k] for r in rows)) for k in keys}
    mean = {k: (total[k] / len(rows) if rows else float("nan")) for k in keys}
    return {"runs": len(rows), "mean": mean, "total": total}


def cost_comparison(xgrag_costs: Any, ragex_costs: Any) -> dict[str, Any]:
    """KGRAG-Ex Table 5: average generator calls and tokens (and seconds, cache hits) per question for the
    graph explainer and the RAG-Ex baseline, with the difference (RAG-Ex - xgrag) and ratio (RAG-Ex / xgrag)
    of the means.

    Each side is one or a sequence of `Cost` (pydantic), dicts with Cost's fields, or objects with a `.cost`
    (Explanation, RagExResult). `calls_including_cache` counts cache hits as calls, which is what the method
    itself needs independent of a warm cache. A ratio over a zero mean is None.
    """
    x, r = _summary(xgrag_costs), _summary(ragex_costs)
    keys = list(x["mean"])
    diff = {k: r["mean"][k] - x["mean"][k] for k in keys}
    ratio = {k: (r["mean"][k] / x["mean"][k] if x["mean"][k] and not math.isnan(x["mean"][k]) else None)
             for k in keys}
    return {"xgrag": x, "rag_ex": r, "difference": diff, "ratio": ratio}


__all__ = [
    "critical_node_labels", "critical_position_records", "critical_positions", "cost_comparison",
    "edge_betweenness", "impact_by_strategy", "path_nodes", "path_relative_ranks", "relative_ranks",
    "subgraph_degree", "subpath_score",
]
