"""xgrag: explain GraphRAG answers over Neo4j by perturbing the retrieved subgraph.

The small public API (see README "Explain from Python"):

    from xgrag import Explainer, ExplainSettings, Neo4jStore, load_settings, make_generator
    settings = load_settings()
    with Neo4jStore.from_settings(settings) as store:
        explainer = Explainer.from_settings(settings, store, generator=make_generator("extractive"))
        explanation = explainer.explain("who directed Out to Sea")

Names are imported on first use (PEP 562), so `import xgrag` stays cheap for the CLI and changes nothing in the
process (no environment variables, no threads).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# public name -> module that defines it: the one place the public API is listed
_EXPORTS = {
    "Explainer": "xgrag.explain", "ExplainSettings": "xgrag.explain",
    "Explanation": "xgrag.model", "Component": "xgrag.model", "Cost": "xgrag.model",
    "Node": "xgrag.model", "Relationship": "xgrag.model", "Subgraph": "xgrag.model", "Perturbation": "xgrag.model",
    "Retriever": "xgrag.retrieval", "Neo4jStore": "xgrag.store.neo4j",
    "make_generator": "xgrag.generate.factory", "make_embedder": "xgrag.generate.factory",
    "default_embedder": "xgrag.embed",
    "Settings": "xgrag.config", "GraphSchema": "xgrag.config", "load_settings": "xgrag.config",
    "schema_preset": "xgrag.config", "XgragError": "xgrag.errors",
}

__all__ = sorted(_EXPORTS) + ["__version__"]

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only (the names are re-exported)
    # ruff: noqa: F401
    from xgrag.config import GraphSchema, Settings, load_settings, schema_preset
    from xgrag.embed import default_embedder
    from xgrag.errors import XgragError
    from xgrag.explain import Explainer, ExplainSettings
    from xgrag.generate.factory import make_embedder, make_generator
    from xgrag.model import Component, Cost, Explanation, Node, Perturbation, Relationship, Subgraph
    from xgrag.retrieval import Retriever
    from xgrag.store.neo4j import Neo4jStore


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'xgrag' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__
