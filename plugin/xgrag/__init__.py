"""xgrag: explain GraphRAG answers over Neo4j by perturbing the retrieved subgraph.

The small public API; everything else is importable from its module.
"""

import os

# torch's OpenMP threads spin while idle by default, which makes a 2-core machine several times slower
# whenever Neo4j or another process is busy; must be set before torch is first imported.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from xgrag.config import GraphSchema, Settings, load_settings, schema_preset
from xgrag.model import Node, Perturbation, Relationship, Subgraph
from xgrag.retrieve import Retriever
from xgrag.store.neo4j import Neo4jStore

__version__ = "0.1.0"

__all__ = [
    "GraphSchema", "Neo4jStore", "Node", "Perturbation", "Relationship", "Retriever", "Settings", "Subgraph",
    "load_settings", "schema_preset", "__version__",
]
