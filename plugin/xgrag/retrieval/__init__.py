"""Retrieval: question -> subgraph through Cypher (linking, k-hop, shortest paths), alias merging (dedup),
centrality (GDS). Reads only; a Perturbation is applied by the same Cypher (or, equivalently, in memory)."""

from xgrag.retrieval.linking import LinkedEntity
from xgrag.retrieval.retriever import MODES, Mode, Retriever, apply_in_memory

__all__ = ["MODES", "LinkedEntity", "Mode", "Retriever", "apply_in_memory"]
