"""Evaluation metrics as pure functions (numpy/scipy only).

XGRAG (xgrag.txt §4.2-4.3, appendix D.3):
- ground truth: rel(p) = sim(a0, p), the cosine between the embedding of the baseline answer and of the
  component's rendered text; positive when rel(p) > theta_r (0.5);
- prediction: important when Imp_norm(p) > theta_imp (0.5); scored with F1 (precision, recall);
- ranking: MRR of the top ground-truth item, P@k% for k in {10, 30, 50};
- structure: Spearman rho (+ p-value) between node importance and degree / PageRank, bucketed as
  weak (|rho| <= 0.4), moderate (0.4 < |rho| < 0.6), strong (|rho| >= 0.6).
KG-SMILE (kg-smile.txt §5.1, Eq. 15-22): surrogate fidelity R^2 (weighted, adjusted), L1/L2 losses (weighted)
and mean loss; accuracy as ROC AUC against ground-truth nodes (§5.2).

Ranking conventions shared by every function here: items are ordered by descending score, ties keep the
input order (a stable sort), and a missing score (None or NaN) ranks after every real score.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
from scipy import stats

# KG-SMILE's fidelity family (kg-smile.txt §5.1, Eq. 15-22), LDS, stability and consistency live in
# xgrag.explain.fidelity (the explainer reports held-out fidelity itself, and imports point from evaluate to
# explain, never back); re-exported here so every metric is importable from this module.
from xgrag.explain.fidelity import (
    adjusted_r2 as adjusted_r2,
)
from xgrag.explain.fidelity import (
    consistency as consistency,
)
from xgrag.explain.fidelity import (
    fidelity_report as fidelity_report,
)
from xgrag.explain.fidelity import (
    l1_loss as l1_loss,
)
from xgrag.explain.fidelity import (
    l2_loss as l2_loss,
)
from xgrag.explain.fidelity import (
    lds as lds,
)
from xgrag.explain.fidelity import (
    mean_loss as mean_loss,
)
from xgrag.explain.fidelity import (
    r2 as r2,
)
from xgrag.explain.fidelity import (
    stability as stability,
)
from xgrag.explain.fidelity import (
    top_k_jaccard as top_k_jaccard,
)
from xgrag.explain.fidelity import (
    weighted_l1 as weighted_l1,
)
from xgrag.explain.fidelity import (
    weighted_l2 as weighted_l2,
)
from xgrag.explain.fidelity import (
    weighted_r2 as weighted_r2,
)

Strength = Literal["weak", "moderate", "strong"]

# XGRAG Figure 5: Weak (|rho| <= 0.4), Moderate (0.4 < |rho| < 0.6), Strong (|rho| >= 0.6).
WEAK_MAX = 0.4
STRONG_MIN = 0.6


# -- helpers -------------------------------------------------------------------------------------


def _scores(scores: Sequence[float | None]) -> np.ndarray:
    """Float array with None/NaN mapped to -inf, so missing scores rank last."""
    out = np.array([-np.inf if s is None else float(s) for s in scores], dtype=float)
    out[np.isnan(out)] = -np.inf
    return out


def _order(scores: Sequence[float | None]) -> np.ndarray:
    """Indices by descending score, ties in input order."""
    return np.argsort(-_scores(scores), kind="stable")


def _bools(values: Sequence[bool] | Sequence[float] | np.ndarray, name: str) -> np.ndarray:
    arr = np.asarray(values)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {arr.shape}")
    return arr.astype(bool)


def _is_graded(relevant: Sequence[bool] | Sequence[float] | np.ndarray) -> bool:
    """Boolean labels (bool dtype) vs graded relevance scores (any numeric dtype) — see mrr()."""
    arr = np.asarray(relevant)
    return arr.size > 0 and arr.dtype != bool


def _same_length(a: Sequence[Any] | np.ndarray, b: Sequence[Any] | np.ndarray, names: str) -> None:
    if len(a) != len(b):
        raise ValueError(f"{names} differ in length: {len(a)} vs {len(b)}")


# -- ground truth and classification (XGRAG §4.2, §4.3 "Explanation Accuracy") ------------------


def relevance_scores(answer_vec: np.ndarray, component_vecs: np.ndarray) -> np.ndarray:
    """XGRAG rel(p) = sim(a0, p): cosine between the baseline answer's embedding and each row of
    `component_vecs` (embeddings of the components' rendered text). Rows need not be unit length."""
    a = np.asarray(answer_vec, dtype=float).ravel()
    m = np.asarray(component_vecs, dtype=float)
    if m.size == 0:
        return np.zeros(0)
    if m.ndim != 2 or m.shape[1] != a.shape[0]:
        raise ValueError(f"component_vecs must be (n, {a.shape[0]}), got {m.shape}")
    norms = np.linalg.norm(m, axis=1) * np.linalg.norm(a)
    if np.any(norms == 0):
        raise ValueError("zero vector: the cosine to the answer is undefined")
    scores: np.ndarray = (m @ a) / norms
    return scores


def relevance_ground_truth(answer_vec: np.ndarray, component_vecs: np.ndarray, theta_r: float = 0.5,
                           inclusive: bool = False) -> np.ndarray:
    """XGRAG's binary ground truth (§4.2, theta_r = 0.5 in D.3): component p is a positive when
    rel(p) = cos(E(a0), E(p)) > theta_r. The paper's inequality is strict; `inclusive=True` uses >=.

    Returns one bool per row of `component_vecs`.
    """
    rel = relevance_scores(answer_vec, component_vecs)
    return rel >= theta_r if inclusive else rel > theta_r


def predict_important(normalized: Sequence[float | None], theta_imp: float = 0.5) -> np.ndarray:
    """XGRAG §4.3: component p is predicted important when Imp_norm(p) > theta_imp (0.5 in D.3).
    A component without a score (None: not evaluated, or NaN) is predicted not important."""
    return _scores(normalized) > theta_imp


def precision_recall(y_true: Sequence[bool] | np.ndarray, y_pred: Sequence[bool] | np.ndarray,
                     zero_division: float = 0.0) -> tuple[float, float]:
    """(precision, recall) of the positive class. A ratio with an empty denominator (nothing predicted,
    or no positives) is `zero_division`, as scikit-learn's precision_score/recall_score(zero_division=0)."""
    t, p = _bools(y_true, "y_true"), _bools(y_pred, "y_pred")
    _same_length(t, p, "y_true and y_pred")
    tp = int(np.sum(t & p))
    predicted, actual = int(p.sum()), int(t.sum())
    precision = tp / predicted if predicted else float(zero_division)
    recall = tp / actual if actual else float(zero_division)
    return float(precision), float(recall)


def f1_score(y_true: Sequence[bool] | np.ndarray, y_pred: Sequence[bool] | np.ndarray,
             zero_division: float = 0.0) -> float:
    """XGRAG §4.3 "Explanation Accuracy": F1 = 2PR / (P + R) of predicted-important vs ground truth.

    Computed as 2TP / (2TP + FP + FN); when that denominator is 0 (no positives at all, predicted or true)
    the result is `zero_division` — scikit-learn's f1_score(zero_division=0) behaves the same.
    """
    t, p = _bools(y_true, "y_true"), _bools(y_pred, "y_pred")
    _same_length(t, p, "y_true and y_pred")
    tp = int(np.sum(t & p))
    denom = 2 * tp + int(np.sum(~t & p)) + int(np.sum(t & ~p))
    return float(2 * tp / denom) if denom else float(zero_division)


# -- ranking (XGRAG §4.3 "Ranking Quality") ------------------------------------------------------


def mrr(scores: Sequence[float | None], relevant: Sequence[bool] | Sequence[float]) -> float:
    """Reciprocal rank for one question: 1 / rank of the first relevant item when items are ordered by
    descending `scores` (ties keep the input order; None/NaN scores rank last); 0.0 when none is relevant.

    `relevant` is either boolean labels (bool dtype: the first relevant item counts), or graded relevance
    scores such as rel(p) (any numeric dtype): then, as in XGRAG §4.3, the single ground-truth item is the
    one with the highest relevance (first in input order on ties) and the result is 1 / its rank.
    """
    _same_length(scores, relevant, "scores and relevant")
    if len(scores) == 0:
        return 0.0
    order = _order(scores)
    if _is_graded(relevant):
        target = int(np.argmax(_scores(relevant)))  # argmax returns the first maximum
        return 1.0 / (int(np.flatnonzero(order == target)[0]) + 1)
    hits = np.flatnonzero(_bools(relevant, "relevant")[order])
    return 1.0 / (int(hits[0]) + 1) if hits.size else 0.0


def mean_reciprocal_rank(per_question: Sequence[tuple[Sequence[float | None], Sequence[bool] | Sequence[float]]],
                         ) -> float:
    """MRR (Craswell 2009; XGRAG §4.3): the mean of mrr(scores, relevant) over questions; NaN when empty."""
    if len(per_question) == 0:
        return float("nan")
    return float(np.mean([mrr(s, r) for s, r in per_question]))


def top_k_count(n: int, k: float) -> int:
    """N_k of P@k%: ceil(k% of n), at least 1 (for n > 0) and at most n."""
    if not 0 < k <= 100:
        raise ValueError(f"k is a percentage in (0, 100], got {k}")
    if n <= 0:
        return 0
    # round() first so that e.g. 30% of 10 = 3.0000000000000004 does not become 4
    return min(n, max(1, math.ceil(round(n * k / 100.0, 9))))


def precision_at_k_percent(scores: Sequence[float | None], relevant: Sequence[bool] | Sequence[float],
                           k: float) -> float:
    """XGRAG §4.3 P@k% = |top-k% predicted ∩ top-k% ground truth| / N_k, N_k = ceil(k% * n), at least 1.

    The top-k% predicted are the N_k items with the highest `scores` (ties in input order). With graded
    `relevant` (numeric dtype, e.g. rel(p)), the top-k% ground truth are the N_k most relevant items (the
    paper's definition); with boolean `relevant` they are the relevant items, i.e. classic precision at N_k.
    NaN for an empty list.
    """
    _same_length(scores, relevant, "scores and relevant")
    n = len(scores)
    if n == 0:
        return float("nan")
    nk = top_k_count(n, k)
    predicted = set(_order(scores)[:nk].tolist())
    if _is_graded(relevant):
        truth = set(_order(relevant)[:nk].tolist())
    else:
        truth = set(np.flatnonzero(_bools(relevant, "relevant")).tolist())
    return len(predicted & truth) / nk


def roc_auc(scores: Sequence[float | None], relevant: Sequence[bool] | np.ndarray) -> float | None:
    """ROC AUC of `scores` against boolean labels (KG-SMILE §5.2 accuracy), as the Mann-Whitney statistic
    U / (n_pos * n_neg) with average ranks for ties (a tied positive/negative pair counts 1/2), equal to
    scikit-learn's roc_auc_score. None when only one class is present. None/NaN scores rank lowest."""
    _same_length(scores, relevant, "scores and relevant")
    y = _bools(relevant, "relevant")
    n_pos = int(y.sum())
    n_neg = len(y) - n_pos
    if n_pos == 0 or n_neg == 0:
        return None
    ranks = stats.rankdata(_scores(scores), method="average")  # -inf (missing) ties with other missing
    u = float(ranks[y].sum()) - n_pos * (n_pos + 1) / 2.0
    return u / (n_pos * n_neg)


# -- structural alignment (XGRAG §4.3 "Graph Structural Alignment", Figure 5) -------------------


def spearman(x: Sequence[float | None], y: Sequence[float | None]) -> tuple[float, float]:
    """Spearman rank correlation rho and its two-sided p-value (scipy.stats.spearmanr).

    NaN-safe: pairs where either value is None or not finite are dropped first. The result is (nan, nan)
    when fewer than 2 pairs remain or either side is constant (rho is undefined then); with exactly 2
    pairs rho is +-1 and p is nan, as scipy reports.
    """
    _same_length(x, y, "x and y")
    a = np.array([np.nan if v is None else float(v) for v in x], dtype=float)
    b = np.array([np.nan if v is None else float(v) for v in y], dtype=float)
    keep = np.isfinite(a) & np.isfinite(b)
    a, b = a[keep], b[keep]
    if a.size < 2 or np.all(a == a[0]) or np.all(b == b[0]):
        return float("nan"), float("nan")
    res = stats.spearmanr(a, b)
    return float(res.statistic), float(res.pvalue)


def correlation_strength(rho: float) -> Strength:
    """XGRAG Figure 5 buckets on |rho|: weak <= 0.4 < moderate < 0.6 <= strong. Raises on NaN (no
    correlation to bucket; filter undefined results first)."""
    if rho is None or math.isnan(rho):
        raise ValueError("rho is NaN: the correlation is undefined and has no strength")
    r = abs(float(rho))
    if r <= WEAK_MAX:
        return "weak"
    if r < STRONG_MIN:
        return "moderate"
    return "strong"
