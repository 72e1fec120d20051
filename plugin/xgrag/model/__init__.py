"""Value types shared by every stage: the graph (Node, Relationship, PropertyFact, Subgraph, Perturbation) and the
result (Explanation, Component, Cost). Nothing here touches Neo4j, a generator or an embedder."""

from xgrag.model.explanation import FACT_KINDS, UNIT_KINDS, Component, Cost, Explanation
from xgrag.model.graph import (
    Node,
    Perturbation,
    PropertyFact,
    Relationship,
    Subgraph,
    key_text,
    property_fact_id,
    split_property_fact_id,
    value_text,
)

__all__ = [
    "FACT_KINDS", "UNIT_KINDS", "Component", "Cost", "Explanation", "Node", "Perturbation", "PropertyFact",
    "Relationship", "Subgraph", "key_text", "property_fact_id", "split_property_fact_id", "value_text",
]
