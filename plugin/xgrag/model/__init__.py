"""Value types shared by every stage: the graph (Node, Relationship, Subgraph, Perturbation) and the result
(Explanation, Component, Cost, Reproduction) and the units of a stack's context
(ContextUnit). Nothing here touches Neo4j, a generator or an embedder."""

from xgrag.model.context import ContextUnit, UnitKind
from xgrag.model.explanation import Component, Cost, Explanation, Reproduction
from xgrag.model.graph import Node, Perturbation, Relationship, Subgraph

__all__ = ["Component", "ContextUnit", "Cost", "Explanation", "Node", "Perturbation", "Relationship",
           "Reproduction", "Subgraph", "UnitKind"]
