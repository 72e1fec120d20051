"""The explanation engine: perturb the retrieved subgraph, ask again, score how far the answer moves.

explainer.py orchestrates; oracle.py (generate + cache + embed + cost); perturbers/ (one module per strategy,
one registry); schedulers/ (which probes are asked); solvers/ (surrogates); components.py, scoring.py and texts.py
turn answers into the Explanation.
"""

from xgrag.explain.explainer import Explainer
from xgrag.explain.settings import ExplainSettings

__all__ = ["ExplainSettings", "Explainer"]
