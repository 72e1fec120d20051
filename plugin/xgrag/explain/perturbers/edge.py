"""XGRAG / KGRAG-Ex edge removal: one fact leaves the context. A fact is a relationship (its endpoints stay; its
own property facts go with it) or, under a general mapping, a fact stored in a property (its element stays):
both are ranked together, as the facts of one context."""

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
        edges = [Planned(Perturbation(frozenset(), frozenset({r.id}), kind="edge", target=r.id),
                         self.name, "edge", r.id, frozenset(), frozenset({r.id}),
                         removed_properties=frozenset(f.id for f in graph.properties_of(r.id)))
                 for r in graph.sorted_relationships()]
        props = [Planned(Perturbation(kind="property", target=f.id, excluded_property_ids=frozenset({f.id})),
                         self.name, "property", f.id, removed_properties=frozenset({f.id}))
                 for f in graph.sorted_properties()]
        return edges + props, []
