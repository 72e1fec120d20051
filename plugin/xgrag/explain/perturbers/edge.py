"""XGRAG / KGRAG-Ex edge removal: one relationship leaves the context, its endpoints stay."""

from __future__ import annotations

from xgrag.explain.perturbers.base import AppliesTo, Planned, PlanOptions, Unit
from xgrag.model import Perturbation, Subgraph


class EdgeRemoval:
    name = "edge"
    unit: Unit = "edge"
    label = "XGRAG edge removal"
    removes = True
    groupable = True
    applies_to: AppliesTo = "graph"
    nested_in: str | None = None

    def plan(self, graph: Subgraph, options: PlanOptions) -> tuple[list[Planned], list[str]]:
        return [Planned(Perturbation(frozenset(), frozenset({r.id}), kind="edge", target=r.id),
                        self.name, "edge", r.id, frozenset(), frozenset({r.id}))
                for r in graph.sorted_relationships()], []
