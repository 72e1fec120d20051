"""The explanation engine: perturb the retrieved subgraph, ask again, score how far the answer moves."""

from xgrag.explain.explainer import Explainer, ExplainSettings

__all__ = ["ExplainSettings", "Explainer"]
