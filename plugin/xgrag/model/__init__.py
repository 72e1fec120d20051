"""Value types shared by every stage: the graph (Node, Relationship, PropertyFact, Subgraph, Perturbation), the
result (Explanation, Component, Cost, Reproduction) and the units of a stack's context (ContextUnit). Nothing here
touches Neo4j, a generator or an embedder."""

from xgrag.model.context import ContextUnit, UnitKind
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
from xgrag.model.linking import LinkedMention, Linking
from xgrag.model.provenance import FactProvenance, SourceEntry, fact_provenance
from xgrag.model.records import (
    Bridges,
    ComponentNote,
    DedupRecord,
    Evidence,
    ExplainConfig,
    GroupTesting,
    Incomplete,
    Reproduction,
    StackRecord,
    SubgraphRecord,
    Surrogate,
    UnitRecord,
)

__all__ = [
    "FACT_KINDS", "UNIT_KINDS", "Bridges", "Component", "ComponentNote", "ContextUnit", "Cost", "DedupRecord",
    "Evidence", "ExplainConfig", "Explanation", "FactProvenance", "GroupTesting", "Incomplete", "LinkedMention",
    "Linking", "Node",
    "Perturbation",
    "StackRecord", "SubgraphRecord", "Surrogate", "UnitRecord",
    "PropertyFact", "Relationship", "Reproduction", "SourceEntry", "Subgraph", "UnitKind", "fact_provenance",
    "key_text", "property_fact_id",
    "split_property_fact_id", "value_text",
]
