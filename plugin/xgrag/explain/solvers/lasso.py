"""ContextCite's LASSO surrogate (Cohen-Wang et al. 2024, §3; context_cite/solver.py): L1-penalised least squares
on standardised masks, min (1 / 2n) sum_i w_i (y_i - b0 - x_i b)^2 + a ||b||_1 with w scaled to sum to n, by cyclic
coordinate descent (numpy; checked against scikit-learn's Lasso in the unit tests). Sparse: most facts of a
60-fact subgraph get exactly 0, which is what lets 32 masks fit 60 features.

ContextCite fixes a = 0.01 for responses that are logit-probabilities (a few units wide). xgrag's responses
differ in scale by measure (cosine ~1, Wasserstein ~0.01), so the penalty is relative: a = `alpha_ratio` *
a_max, a_max the smallest penalty that zeroes every coefficient."""

from __future__ import annotations

import numpy as np

from xgrag.explain.solvers.base import Fit, check_inputs


def lasso_cd(x: np.ndarray, y: np.ndarray, alpha: float, max_iter: int = 1000, tol: float = 1e-6) -> np.ndarray:
    """Coordinate descent for min (1/2n) ||y - X b||^2 + alpha ||b||_1 on centred X, y (no intercept)."""
    n, p = x.shape
    b = np.zeros(p)
    norms = np.sum(x**2, axis=0) / n
    r = y.copy()
    for _ in range(max_iter):
        largest = 0.0
        for j in range(p):
            if norms[j] == 0.0:
                continue
            old = b[j]
            rho = float(x[:, j] @ r) / n + norms[j] * old
            new = np.sign(rho) * max(abs(rho) - alpha, 0.0) / norms[j]
            if new != old:
                r -= x[:, j] * (new - old)
                b[j] = new
                largest = max(largest, abs(new - old))
        if largest < tol:
            break
    return b


class Lasso:
    name = "lasso"
    label = "LASSO (ContextCite)"

    def __init__(self, alpha_ratio: float = 0.05, alpha: float | None = None) -> None:
        self.alpha_ratio, self.alpha = alpha_ratio, alpha

    def fit(self, x: np.ndarray, y: np.ndarray, w: np.ndarray) -> Fit:
        x, y, w = check_inputs(x, y, w)
        n = x.shape[0]
        w = w * n / w.sum()
        xm = np.average(x, axis=0, weights=w)
        ym = float(np.average(y, weights=w))
        scale = np.sqrt(np.average((x - xm) ** 2, axis=0, weights=w))
        scale[scale == 0.0] = 1.0  # a fact kept (or removed) in every mask: its column is 0 after centring
        sw = np.sqrt(w)
        xs = (x - xm) / scale * sw[:, None]
        ys = (y - ym) * sw
        a_max = float(np.max(np.abs(xs.T @ ys))) / n if xs.size else 0.0
        alpha = self.alpha if self.alpha is not None else self.alpha_ratio * a_max
        coef = (lasso_cd(xs, ys, alpha) if a_max > 0 else np.zeros(x.shape[1])) / scale
        return Fit(coef, ym - float(xm @ coef))
