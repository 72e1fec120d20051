"""What a surrogate solver is (ContextCite's `BaseSolver`: passed in, never hard-wired), and the registry.

A solver fits y ~ intercept + X @ coef with sample weights w, X the binary keep-masks (n_masks x n_facts, 1 = the
fact was kept), y the response measure of each masked answer, w the kernel weights. Solvers are pure numpy: no
scikit-learn at runtime (it stays a dev dependency; the unit tests check these solvers against it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from xgrag.errors import UsageError


@dataclass(frozen=True)
class Fit:
    coef: np.ndarray
    intercept: float

    def predict(self, x: np.ndarray) -> np.ndarray:
        out: np.ndarray = np.asarray(x, dtype=float) @ self.coef + self.intercept
        return out


class Solver(Protocol):
    name: str
    label: str

    def fit(self, x: np.ndarray, y: np.ndarray, w: np.ndarray) -> Fit:
        ...


def check_inputs(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    xa, ya, wa = np.asarray(x, dtype=float), np.asarray(y, dtype=float).ravel(), np.asarray(w, dtype=float).ravel()
    if xa.ndim != 2 or xa.shape[0] != ya.size or wa.size != ya.size:
        raise ValueError(f"shapes do not fit: X {xa.shape}, y {ya.shape}, w {wa.shape}")
    if ya.size < 2:
        raise ValueError("a surrogate needs at least 2 masks")
    if np.any(wa < 0) or wa.sum() <= 0 or not np.all(np.isfinite(wa)):
        raise ValueError("weights must be finite, non-negative, with a positive sum")
    return xa, ya, wa


def weighted_center(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, float, np.ndarray, np.ndarray]:
    """(x_mean_w, y_mean_w, sqrt(w) * (x - x_mean_w), sqrt(w) * (y - y_mean_w)): scikit-learn's preprocessing of
    weighted linear models (weighted centering, then rows rescaled by sqrt(w))."""
    xm = np.average(x, axis=0, weights=w)
    ym = float(np.average(y, weights=w))
    sw = np.sqrt(w)
    return xm, ym, (x - xm) * sw[:, None], (y - ym) * sw


REGISTRY: dict[str, Solver] = {}


def register(solver: Solver) -> Solver:
    if solver.name in REGISTRY:
        raise ValueError(f"solver {solver.name!r} is registered twice")
    REGISTRY[solver.name] = solver
    return solver


def resolve_solvers(names: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    parts = [names] if isinstance(names, str) else [str(n) for n in names]
    items = [s.strip() for part in parts for s in part.split(",") if s.strip()]
    unknown = [s for s in items if s not in REGISTRY]
    if unknown or not items:
        raise UsageError(f"surrogate_solvers: unknown solver {unknown[0]!r}" if unknown else
                         "surrogate_solvers: none given", hint=f"choose from {', '.join(REGISTRY)}")
    return tuple(dict.fromkeys(items))
