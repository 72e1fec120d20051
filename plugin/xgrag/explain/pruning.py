"""Importance-guided context construction (Ex-GraphRAG §5, Table 3): can the retrieved context be pruned to the
entities an explanation scored highest, and what must be kept?

- `top_nodes(ex, graph, k)`: the k entities with the largest importance (node-unit components, else the facts'
  ends; ties broken by `tiebreak` when given, e.g. the names' similarity to the question, then by id);
- `pruned(graph, keep)`: the subgraph induced by the kept entities (facts whose both ends are kept);
- `with_bridges(graph, keep)`: the kept entities plus the bridges between them (entities on a shortest path
  between two kept ones), which Ex-GraphRAG found pruning must not drop;
- `importance_order(ex, graph)`: the facts, most important first, for a full context re-ordered (`render(...,
  first=...)`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from xgrag.explain.bridges import core_pair_betweenness, neighbours, node_importance
from xgrag.model import Explanation, Subgraph


def node_ranking(ex: Explanation, graph: Subgraph, tiebreak: Mapping[str, float] | None = None) -> list[str]:
    """Every entity of `graph`, most important first."""
    importance, _ = node_importance(ex.components, graph)
    second = tiebreak or {}
    return sorted(graph.nodes, key=lambda n: (-importance.get(n, 0.0), -second.get(n, 0.0), n))


def top_nodes(ex: Explanation, graph: Subgraph, k: int, tiebreak: Mapping[str, float] | None = None) -> list[str]:
    return node_ranking(ex, graph, tiebreak)[:max(0, k)]


def pruned(graph: Subgraph, keep: Iterable[str]) -> Subgraph:
    kept = set(keep) & set(graph.nodes)
    out = Subgraph(seeds=[s for s in graph.seeds if s in kept], truncated=graph.truncated, mode=graph.mode,
                   fallback=graph.fallback, reason=graph.reason)
    for nid in sorted(kept):
        out.add_node(graph.nodes[nid])
    for rel in graph.sorted_relationships():
        if rel.source in kept and rel.target in kept:
            out.add_relationship(rel)
    out.alias_map = {a: c for a, c in graph.alias_map.items() if a in kept and c in kept}
    out.paths = [[r for r in p if r in out.relationships] for p in graph.paths]
    return out


def bridges_between(graph: Subgraph, keep: Iterable[str]) -> list[str]:
    """Entities not in `keep` on a shortest path between two kept entities."""
    kept = sorted(set(keep) & set(graph.nodes))
    through = core_pair_betweenness(kept, neighbours(graph))
    return sorted(n for n, v in through.items() if v > 0 and n not in set(kept))


def with_bridges(graph: Subgraph, keep: Iterable[str]) -> Subgraph:
    kept = set(keep)
    return pruned(graph, kept | set(bridges_between(graph, kept)))


def importance_order(ex: Explanation, graph: Subgraph) -> list[str]:
    """Relationship ids, facts touching the most important entities first (the largest end importance)."""
    importance, _ = node_importance(ex.components, graph)
    score = {r.id: max(importance.get(r.source, 0.0), importance.get(r.target, 0.0))
             for r in graph.relationships.values()}
    return [r.id for r in sorted(graph.sorted_relationships(), key=lambda r: -score[r.id])]
