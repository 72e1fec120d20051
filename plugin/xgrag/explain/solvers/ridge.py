"""KG-SMILE's surrogate: weighted ridge regression from binary keep-masks to answer similarity (kg-smile.txt §4)."""

from __future__ import annotations

import numpy as np

from xgrag.explain.solvers.base import Fit, check_inputs


def mask_surrogate(masks: np.ndarray, similarity: np.ndarray, distances: np.ndarray | None = None,
                   sigma: float = 0.25, alpha: float = 1e-3) -> tuple[np.ndarray, float]:
    """KG-SMILE: weighted ridge regression from binary keep-masks to answer similarity.

    masks: (n_samples, n_features) with 1 = triple kept; similarity: (n_samples,) cos to the baseline answer.
    Kernel weights pi = exp(-d^2 / sigma^2), d = fraction of triples removed (or `distances`).
    Returns (coefficients, weighted in-sample R^2). A positive coefficient means keeping the triple keeps
    the answer: its importance.
    """
    x = np.asarray(masks, dtype=float)
    y = np.asarray(similarity, dtype=float)
    d = 1.0 - x.mean(axis=1) if distances is None else np.asarray(distances, dtype=float)
    w = np.exp(-(d**2) / sigma**2)
    xa = np.hstack([x, np.ones((len(x), 1))])
    sw = np.sqrt(w)[:, None]
    reg = alpha * np.eye(xa.shape[1])
    reg[-1, -1] = 0.0  # no penalty on the intercept
    coef = np.linalg.solve((xa * sw).T @ (xa * sw) + reg, (xa * sw).T @ (y * sw[:, 0]))
    pred = xa @ coef
    ybar = np.average(y, weights=w)
    ss_tot = float(np.sum(w * (y - ybar) ** 2))
    r2 = 1.0 - float(np.sum(w * (y - pred) ** 2)) / ss_tot if ss_tot > 0 else 0.0
    return coef[:-1], r2


class Ridge:
    """The weighted ridge above as a registered solver (a fixed, tiny penalty: close to `linear` with enough
    masks, but defined when there are more facts than masks)."""

    name = "ridge"
    label = "weighted ridge (alpha 1e-3)"

    def __init__(self, alpha: float = 1e-3) -> None:
        self.alpha = alpha

    def fit(self, x: np.ndarray, y: np.ndarray, w: np.ndarray) -> Fit:
        x, y, w = check_inputs(x, y, w)
        xa = np.hstack([x, np.ones((len(x), 1))])
        sw = np.sqrt(w)[:, None]
        reg = self.alpha * np.eye(xa.shape[1])
        reg[-1, -1] = 0.0
        coef = np.linalg.solve((xa * sw).T @ (xa * sw) + reg, (xa * sw).T @ (y * sw[:, 0]))
        return Fit(coef[:-1], float(coef[-1]))
