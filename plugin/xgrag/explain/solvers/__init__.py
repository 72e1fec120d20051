"""Surrogate solvers: from (mask, response) samples to per-component importances."""

from xgrag.explain.solvers.ridge import mask_surrogate

__all__ = ["mask_surrogate"]
