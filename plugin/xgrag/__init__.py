"""xgrag: explain GraphRAG answers over Neo4j by perturbing the retrieved subgraph.

The small public API; everything else is importable from its module.
"""

from xgrag.config import GraphSchema, Settings, load_settings, schema_preset
from xgrag.model import Node, Perturbation, Relationship, Subgraph
from xgrag.retrieve import Retriever
from xgrag.store.neo4j import Neo4jStore

__version__ = "0.1.0"

__all__ = [
    "GraphSchema", "Neo4jStore", "Node", "Perturbation", "Relationship", "Retriever", "Settings", "Subgraph",
    "load_settings", "schema_preset", "__version__",
]
