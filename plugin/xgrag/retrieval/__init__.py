"""Retrieval: question -> subgraph through Cypher (linking, k-hop, shortest paths), alias merging (dedup),
centrality (GDS). Reads only; a Perturbation is applied by the same Cypher (or, equivalently, in memory).

Names are imported on first use (PEP 562): `MODES` and `check_question` load without the Neo4j driver.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["MODES", "LinkedEntity", "Mode", "Retriever", "apply_in_memory"]

_EXPORTS = {"MODES": "xgrag.retrieval.modes", "Mode": "xgrag.retrieval.modes",
            "LinkedEntity": "xgrag.retrieval.linking", "Retriever": "xgrag.retrieval.retriever",
            "apply_in_memory": "xgrag.retrieval.retriever"}

if TYPE_CHECKING:  # pragma: no cover - for type checkers (the names are re-exported)
    from xgrag.retrieval.linking import LinkedEntity as LinkedEntity
    from xgrag.retrieval.modes import MODES as MODES
    from xgrag.retrieval.modes import Mode as Mode
    from xgrag.retrieval.retriever import Retriever as Retriever
    from xgrag.retrieval.retriever import apply_in_memory as apply_in_memory


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'xgrag.retrieval' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
