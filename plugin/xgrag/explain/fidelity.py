"""How well a surrogate explains the black box, as pure functions (numpy/scipy only).

KG-SMILE (kg-smile.txt §5.1, Eq. 15-22): the fidelity family — R^2, weighted R^2, adjusted R^2, L1/L2 losses,
their weighted forms and the mean loss. KG-SMILE computes them on the masks the surrogate was fitted on, where
with 10 features and 20 masks they are ~1 and say nothing; xgrag computes them on HELD-OUT masks (a seeded split,
`fidelity_report`), which is what a fidelity figure has to mean.
ContextCite (Cohen-Wang et al. 2024, §4): the linear datamodeling score LDS = Spearman rho between the
surrogate's predicted and the observed responses over held-out ablation masks.
Stability (KG-SMILE §5.4, Eq. 24): Jaccard index of the top-k facts of explanations that should agree — here the
surrogate's coefficients fitted from masks drawn with different seeds. Consistency (§5.5): agreement of repeated
runs with the same settings — here the mean pairwise Spearman rho of their coefficient vectors.

Notation: y = f(Z_i), the black box's response to mask i; yhat = g(Z_i), the surrogate's prediction; w = the
kernel weight pi_i = exp(-d_i^2 / sigma^2) of mask i (Eq. 12).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from scipy import stats


def _pair(y: Sequence[float] | np.ndarray, yhat: Sequence[float] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    a, b = np.asarray(y, dtype=float).ravel(), np.asarray(yhat, dtype=float).ravel()
    if a.size != b.size:
        raise ValueError(f"y and yhat differ in length: {a.size} vs {b.size}")
    if a.size == 0:
        raise ValueError("no samples")
    return a, b


def _weights(w: Sequence[float] | np.ndarray, n: int) -> np.ndarray:
    arr = np.asarray(w, dtype=float).ravel()
    if arr.size != n:
        raise ValueError(f"weights have length {arr.size}, expected {n}")
    if np.any(arr < 0) or arr.sum() <= 0:
        raise ValueError("weights must be non-negative with a positive sum")
    return arr


def _r2(y: np.ndarray, yhat: np.ndarray, w: np.ndarray) -> float:
    ybar = np.average(y, weights=w)
    ss_res = float(np.sum(w * (y - yhat) ** 2))
    ss_tot = float(np.sum(w * (y - ybar) ** 2))
    if ss_tot == 0.0:
        # constant target: scikit-learn's convention (force_finite): perfect -> 1, otherwise 0
        return 1.0 if ss_res == 0.0 else 0.0
    return 1.0 - ss_res / ss_tot


def r2(y: Sequence[float] | np.ndarray, yhat: Sequence[float] | np.ndarray) -> float:
    """KG-SMILE Eq. 15: R^2 = 1 - sum (f - g)^2 / sum (f - mean f)^2. A constant `y` gives 1.0 when
    predicted exactly and 0.0 otherwise (scikit-learn's r2_score convention). On held-out masks it can be
    negative: the surrogate then predicts worse than the held-out mean."""
    a, b = _pair(y, yhat)
    return _r2(a, b, np.ones_like(a))


def weighted_r2(y: Sequence[float] | np.ndarray, yhat: Sequence[float] | np.ndarray,
                w: Sequence[float] | np.ndarray) -> float:
    """KG-SMILE Eq. 20, weighted R^2 = 1 - sum w (f - g)^2 / sum w (f - mean_w f)^2, mean_w the weighted
    mean. Eq. 20 as printed drops w from the sums; we weight both, as scikit-learn's r2_score(sample_weight)
    does (otherwise the ratio mixes a weighted mean with unweighted sums)."""
    a, b = _pair(y, yhat)
    return _r2(a, b, _weights(w, a.size))


def adjusted_r2(r2: float, n: int, p: int) -> float:
    """KG-SMILE Eq. 21: 1 - (1 - R^2) (n - 1) / (n - p - 1), n samples (perturbations), p predictors
    (features). NaN when n - p - 1 <= 0: the surrogate has as many parameters as samples and the
    correction is undefined — the in-sample fit then says nothing."""
    if n - p - 1 <= 0:
        return float("nan")
    return 1.0 - (1.0 - float(r2)) * (n - 1) / (n - p - 1)


def l1_loss(y: Sequence[float] | np.ndarray, yhat: Sequence[float] | np.ndarray) -> float:
    """KG-SMILE Eq. 16: mean |f - g|."""
    a, b = _pair(y, yhat)
    return float(np.mean(np.abs(a - b)))


def l2_loss(y: Sequence[float] | np.ndarray, yhat: Sequence[float] | np.ndarray) -> float:
    """KG-SMILE Eq. 17: mean (f - g)^2."""
    a, b = _pair(y, yhat)
    return float(np.mean((a - b) ** 2))


def weighted_l1(y: Sequence[float] | np.ndarray, yhat: Sequence[float] | np.ndarray,
                w: Sequence[float] | np.ndarray) -> float:
    """KG-SMILE Eq. 18: (1/N) sum w |f - g| — divided by N, not by sum w, as the paper defines it."""
    a, b = _pair(y, yhat)
    return float(np.mean(_weights(w, a.size) * np.abs(a - b)))


def weighted_l2(y: Sequence[float] | np.ndarray, yhat: Sequence[float] | np.ndarray,
                w: Sequence[float] | np.ndarray) -> float:
    """KG-SMILE Eq. 19: (1/N) sum w (f - g)^2 — divided by N, not by sum w, as the paper defines it."""
    a, b = _pair(y, yhat)
    return float(np.mean(_weights(w, a.size) * (a - b) ** 2))


def mean_loss(y: Sequence[float] | np.ndarray, yhat: Sequence[float] | np.ndarray) -> float:
    """KG-SMILE Eq. 22: L_m = |mean f - mean g|."""
    a, b = _pair(y, yhat)
    return float(abs(a.mean() - b.mean()))


def lds(observed: Sequence[float] | np.ndarray, predicted: Sequence[float] | np.ndarray) -> float:
    """ContextCite's linear datamodeling score: Spearman rho between the observed responses and the surrogate's
    predictions over held-out masks (1 = the surrogate orders unseen masks exactly as the black box does).

    NaN when it is undefined: fewer than 3 masks (two points always correlate +-1), or either side constant
    (e.g. every held-out mask kept the answer: nothing to order)."""
    a, b = _pair(observed, predicted)
    # values equal up to float round-off are ties (a surrogate that predicts two equal responses exactly must
    # not be ranked by its last bit)
    a, b = np.round(a, 9), np.round(b, 9)
    if a.size < 3 or np.ptp(a) == 0.0 or np.ptp(b) == 0.0:
        return float("nan")
    return float(stats.spearmanr(a, b).statistic)


def top_k(coefficients: Mapping[str, float], k: int) -> set[str]:
    """The k facts with the largest coefficients (ties broken by id, so the set is deterministic)."""
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    return {fid for fid, _ in sorted(coefficients.items(), key=lambda kv: (-kv[1], kv[0]))[:k]}


def top_k_jaccard(a: Mapping[str, float], b: Mapping[str, float], k: int) -> float:
    """KG-SMILE Eq. 24, Jaccard(A, B) = |A ∩ B| / |A ∪ B|, for A and B the top-k facts of two coefficient maps
    ({fact id: coefficient}). 1.0 when both are empty."""
    sa, sb = top_k(a, k), top_k(b, k)
    union = sa | sb
    return len(sa & sb) / len(union) if union else 1.0


def _pairs_mean(values: list[float]) -> float:
    finite = [v for v in values if not math.isnan(v)]
    return float(np.mean(finite)) if finite else float("nan")


def stability(runs: Sequence[Mapping[str, float]], k: int = 3) -> float:
    """KG-SMILE §5.4 stability: mean top-k Jaccard (Eq. 24) over every pair of coefficient maps, one map per
    mask seed. NaN with fewer than two runs."""
    if len(runs) < 2:
        return float("nan")
    return _pairs_mean([top_k_jaccard(a, b, k) for a, b in itertools.combinations(runs, 2)])


def consistency(runs: Sequence[Mapping[str, float]]) -> float:
    """KG-SMILE §5.5 consistency across repeated runs with the same settings: mean pairwise Spearman rho of the
    coefficient vectors over the facts both runs scored (1 = every run ranks the facts identically). A pair
    whose vectors are constant has no rank order: it counts as 1.0 when the vectors are equal and is skipped
    otherwise. NaN with fewer than two runs."""
    if len(runs) < 2:
        return float("nan")
    values: list[float] = []
    for a, b in itertools.combinations(runs, 2):
        ids = sorted(set(a) & set(b))
        va = np.array([a[i] for i in ids], dtype=float)
        vb = np.array([b[i] for i in ids], dtype=float)
        if va.size < 2 or np.ptp(va) == 0.0 or np.ptp(vb) == 0.0:
            values.append(1.0 if np.array_equal(va, vb) else float("nan"))
        else:
            values.append(float(stats.spearmanr(va, vb).statistic))
    return _pairs_mean(values)


def holdout_split(n: int, fraction: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """A seeded split of n masks into (fit, held-out) index arrays, each sorted; round(fraction * n) masks are
    held out, at least one, and at least two are left to fit (fewer than 3 masks: nothing is held out)."""
    if not 0.0 < fraction < 1.0:
        raise ValueError(f"fraction must be in (0, 1), got {fraction}")
    if n < 3:
        return np.arange(n), np.arange(0)
    held = min(max(1, round(fraction * n)), n - 2)
    order = np.random.default_rng([seed, 0x5EED]).permutation(n)
    return np.sort(order[held:]), np.sort(order[:held])


def _clean(v: float) -> float | None:
    return None if v is None or math.isnan(v) or math.isinf(v) else round(float(v), 6)


def fidelity_report(y: np.ndarray, yhat: np.ndarray, w: np.ndarray, features: int) -> dict[str, Any]:
    """The whole family on one set of masks (pass HELD-OUT masks): r2, weighted_r2, adjusted_r2 (of the weighted
    R^2, Eq. 21 with p = `features`), l1, l2, weighted_l1, weighted_l2, mean_loss, lds; undefined values as None."""
    wr2 = weighted_r2(y, yhat, w)
    return {"n": int(len(y)), "r2": _clean(r2(y, yhat)), "weighted_r2": _clean(wr2),
            "adjusted_r2": _clean(adjusted_r2(wr2, len(y), features)),
            "l1": _clean(l1_loss(y, yhat)), "l2": _clean(l2_loss(y, yhat)),
            "weighted_l1": _clean(weighted_l1(y, yhat, w)), "weighted_l2": _clean(weighted_l2(y, yhat, w)),
            "mean_loss": _clean(mean_loss(y, yhat)), "lds": _clean(lds(y, yhat))}
