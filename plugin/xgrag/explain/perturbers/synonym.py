"""XGRAG synonym injection: an entity is renamed everywhere it appears. The synonym comes from the knowledge
graph itself (an alias, persisted or found by dedup), else from the generator when it is a language model."""

from __future__ import annotations

from xgrag.explain.perturbers.base import AppliesTo, Planned, PlanOptions, SynonymFn, Unit
from xgrag.model import Perturbation, Subgraph


def alias_synonym(graph: Subgraph) -> SynonymFn:
    """A synonym from the knowledge graph itself: an alias of the entity (from the KG or from dedup)."""

    def pick(name: str, _type: str | None) -> tuple[str | None, str]:
        for node in graph.nodes.values():
            if node.name == name:
                for alias in sorted(node.aliases):
                    if alias.strip() and alias != name:
                        return alias, "kg-alias"
        return None, "none"

    return pick


class SynonymInjection:
    name = "synonym"
    unit: Unit = "node"
    label = "XGRAG synonym injection"
    skip_reason = "no alias in the graph, and a synonym is asked of the generator only when it is a language model"
    removes = False
    groupable = False
    applies_to: AppliesTo = "graph"
    nested_in: str | None = None

    def plan(self, graph: Subgraph, options: PlanOptions) -> tuple[list[Planned], list[str]]:
        """One rename per entity that has a synonym; the ids without one are returned as skipped."""
        from_kg = alias_synonym(graph)
        out, skipped = [], []
        for nid in sorted(graph.nodes):
            node = graph.nodes[nid]
            synonym, source = from_kg(node.name, node.type)
            if synonym is None and options.synonym_fallback is not None:
                synonym, source = options.synonym_fallback(node.name, node.type)
            if not synonym or synonym.strip().lower() == node.name.strip().lower():
                skipped.append(nid)
                continue
            renames = ((nid, synonym),)
            out.append(Planned(Perturbation(renames=renames, kind="synonym", target=nid), self.name, "node", nid,
                               renamed=renames, note={"synonym": synonym, "synonym_source": source}))
        return out, skipped
