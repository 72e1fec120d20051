"""Surrogate solvers (ContextCite's solver interface): from (masks, responses, kernel weights) to per-fact
coefficients. One module per solver, registered here; `ExplainSettings.surrogate_solvers` names the ones a run
fits (each judged on the same held-out masks)."""

from xgrag.explain.solvers.base import REGISTRY, Fit, Solver, register, resolve_solvers
from xgrag.explain.solvers.bayes import BayesianRidge
from xgrag.explain.solvers.lasso import Lasso
from xgrag.explain.solvers.linear import WeightedLinear
from xgrag.explain.solvers.ridge import Ridge, mask_surrogate

for _solver in (WeightedLinear(), BayesianRidge(), Lasso(), Ridge()):
    register(_solver)

__all__ = ["REGISTRY", "BayesianRidge", "Fit", "Lasso", "Ridge", "Solver", "WeightedLinear", "mask_surrogate",
           "register", "resolve_solvers"]
