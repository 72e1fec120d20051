"""XGRAG node removal: a node and its incident edges leave the context (with their property facts)."""

from __future__ import annotations

from xgrag.explain.perturbers.base import AppliesTo, Planned, PlanOptions, Unit
from xgrag.model import Perturbation, Subgraph


class NodeRemoval:
    name = "node"
    unit: Unit = "node"
    label = "XGRAG node removal"
    removes = True
    groupable = True
    applies_to: AppliesTo = "graph"
    nested_in: str | None = None

    def plan(self, graph: Subgraph, options: PlanOptions) -> tuple[list[Planned], list[str]]:
        out = []
        for nid in sorted(graph.nodes):
            rels = frozenset(r.id for r in graph.relationships.values() if nid in (r.source, r.target))
            props = frozenset(f.id for f in graph.properties.values() if f.owner == nid or f.owner in rels)
            out.append(Planned(Perturbation(frozenset({nid}), frozenset(), kind="node", target=nid),
                               self.name, "node", nid, frozenset({nid}), rels, removed_properties=props))
        return out, []
