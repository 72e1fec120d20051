"""Value types shared by every stage: the graph (Node, Relationship, Subgraph, Perturbation) and the result
(Explanation, Component, Cost). Nothing here touches Neo4j, a generator or an embedder."""

from xgrag.model.explanation import Component, Cost, Explanation
from xgrag.model.graph import Node, Perturbation, Relationship, Subgraph

__all__ = ["Component", "Cost", "Explanation", "Node", "Perturbation", "Relationship", "Subgraph"]
