"""The explanation engine: perturb the retrieved subgraph, ask again, score how far the answer moves.

explainer.py orchestrates; oracle.py (generate + cache + embed + cost); perturbers/ (one module per strategy,
one registry); schedulers/ (which probes are asked); solvers/ (surrogates); components.py, scoring.py and texts.py
turn answers into the Explanation.

`Explainer` is imported on first use (PEP 562): the registries and `ExplainSettings` (what the CLI validates a
command line with) load without the engine's numerical and model dependencies.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["ExplainSettings", "Explainer"]

_EXPORTS = {"Explainer": "xgrag.explain.explainer", "ExplainSettings": "xgrag.explain.settings"}

if TYPE_CHECKING:  # pragma: no cover - for type checkers (the names are re-exported)
    from xgrag.explain.explainer import Explainer as Explainer
    from xgrag.explain.settings import ExplainSettings as ExplainSettings


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'xgrag.explain' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
