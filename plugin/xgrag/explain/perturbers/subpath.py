"""KGRAG-Ex sub-path removal: a triple leaves the context, with any endpoint left without relationships."""

from __future__ import annotations

from xgrag.explain.perturbers.base import AppliesTo, Planned, PlanOptions, Unit
from xgrag.model import Perturbation, Subgraph


class SubpathRemoval:
    name = "subpath"
    unit: Unit = "edge"
    label = "KGRAG-Ex sub-path removal"
    removes = True
    groupable = True
    applies_to: AppliesTo = "graph"
    nested_in: str | None = None

    def plan(self, graph: Subgraph, options: PlanOptions) -> tuple[list[Planned], list[str]]:
        degree = graph.degree()
        out = []
        for r in graph.sorted_relationships():
            orphans = frozenset(n for n in (r.source, r.target) if degree[n] == 1)
            out.append(Planned(Perturbation(orphans, frozenset({r.id}), kind="subpath", target=r.id),
                               self.name, "edge", r.id, orphans, frozenset({r.id})))
        return out, []
