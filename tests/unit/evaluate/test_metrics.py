"""xgrag.evaluate.metrics: hand-computed examples, and cross-checks against scikit-learn / scipy (ties, edge cases)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats
from sklearn import metrics as skm

from xgrag.evaluate import metrics as m

RNG_SEEDS = range(25)


# -- ground truth and prediction ---------------------------------------------------------------------


def test_relevance_ground_truth_is_a_strict_cosine_threshold_on_unnormalised_vectors():
    a0 = np.array([2.0, 0.0])  # not unit length: cosine must normalise
    comps = np.array([
        [1.0, 0.0],    # cos 1
        [1.0, 1.0],    # cos 0.7071
        [1.0, math.sqrt(3.0)],  # cos 0.5 exactly (up to rounding)
        [0.0, 3.0],    # cos 0
        [-1.0, 0.1],   # negative
    ])
    rel = m.relevance_scores(a0, comps)
    assert rel == pytest.approx([1.0, 1 / math.sqrt(2), 0.5, 0.0, -1 / math.sqrt(1.01)])
    gt = m.relevance_ground_truth(a0, comps, 0.5)
    assert gt.dtype == bool
    assert gt[[0, 1, 3, 4]].tolist() == [True, True, False, False]  # index 2 sits on the threshold: next test
    assert m.relevance_ground_truth(a0, comps, 0.5, inclusive=True)[:3].tolist() == [True, True, True]
    assert m.relevance_ground_truth(a0, comps, 0.8).tolist() == [True, False, False, False, False]
    assert m.relevance_ground_truth(a0, np.zeros((0, 2))).shape == (0,)


def test_relevance_ground_truth_strict_at_exact_threshold():
    a0 = np.array([1.0, 0.0])
    comps = np.array([[0.5, math.sqrt(0.75)]])
    rel = m.relevance_scores(a0, comps)[0]
    assert m.relevance_ground_truth(a0, comps, float(rel)).tolist() == [False]
    assert m.relevance_ground_truth(a0, comps, float(rel), inclusive=True).tolist() == [True]


def test_relevance_rejects_zero_vectors_and_shape_mismatch():
    with pytest.raises(ValueError, match="zero vector"):
        m.relevance_scores(np.array([1.0, 0.0]), np.array([[0.0, 0.0]]))
    with pytest.raises(ValueError, match=r"\(n, 2\)"):
        m.relevance_scores(np.array([1.0, 0.0]), np.array([[1.0, 0.0, 0.0]]))


def test_predict_important_strict_and_none_is_false():
    got = m.predict_important([1.0, 0.5, 0.51, None, float("nan"), 0.0])
    assert got.dtype == bool
    assert got.tolist() == [True, False, True, False, False, False]
    assert m.predict_important([0.3, 0.2], theta_imp=0.25).tolist() == [True, False]


# -- F1, precision, recall -----------------------------------------------------------------------


def test_f1_precision_recall_hand_example():
    y_true = [True, True, False, False, True]
    y_pred = [True, False, True, False, True]
    # TP = 2, FP = 1, FN = 1 -> P = 2/3, R = 2/3, F1 = 2/3
    assert m.precision_recall(y_true, y_pred) == pytest.approx((2 / 3, 2 / 3))
    assert m.f1_score(y_true, y_pred) == pytest.approx(2 / 3)
    # TP = 1, FP = 0, FN = 2 -> P = 1, R = 1/3, F1 = 0.5
    assert m.precision_recall([1, 1, 1, 0], [1, 0, 0, 0]) == pytest.approx((1.0, 1 / 3))
    assert m.f1_score([1, 1, 1, 0], [1, 0, 0, 0]) == pytest.approx(0.5)


def test_f1_zero_division_cases():
    assert m.f1_score([False, False], [False, False]) == 0.0
    assert m.f1_score([False, False], [False, False], zero_division=1.0) == 1.0
    assert m.precision_recall([True, False], [False, False]) == (0.0, 0.0)
    assert m.precision_recall([False, False], [True, False]) == (0.0, 0.0)
    with pytest.raises(ValueError, match="length"):
        m.f1_score([True], [True, False])


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_f1_precision_recall_match_sklearn(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 30))
    y_true = rng.random(n) < rng.random()
    y_pred = rng.random(n) < rng.random()
    assert m.f1_score(y_true, y_pred) == pytest.approx(skm.f1_score(y_true, y_pred, zero_division=0.0))
    p, r = m.precision_recall(y_true, y_pred)
    assert p == pytest.approx(skm.precision_score(y_true, y_pred, zero_division=0.0))
    assert r == pytest.approx(skm.recall_score(y_true, y_pred, zero_division=0.0))


# -- MRR -----------------------------------------------------------------------------------------


def test_mrr_hand_examples():
    assert m.mrr([0.9, 0.8, 0.7], [False, True, False]) == pytest.approx(1 / 2)
    assert m.mrr([0.1, 0.8, 0.7], [True, False, False]) == pytest.approx(1 / 3)
    assert m.mrr([0.1, 0.8, 0.7], [False, False, False]) == 0.0
    assert m.mrr([], []) == 0.0
    # ties keep the input order: items 0 and 1 tie at 0.5; item 1 is relevant -> rank 2
    assert m.mrr([0.5, 0.5, 0.1], [False, True, False]) == pytest.approx(1 / 2)
    assert m.mrr([0.5, 0.5, 0.1], [True, False, False]) == 1.0
    # missing scores rank last
    assert m.mrr([None, 0.2, float("nan")], [True, False, False]) == pytest.approx(1 / 2)


def test_mrr_with_graded_relevance_targets_the_single_most_relevant_item():
    scores = [0.9, 0.3, 0.6]
    rel = [0.2, 0.95, 0.7]  # the top ground-truth item is index 1, predicted at rank 3
    assert m.mrr(scores, rel) == pytest.approx(1 / 3)
    # ties in relevance: the first maximum (input order) is the target
    assert m.mrr([0.1, 0.9], [0.8, 0.8]) == pytest.approx(1 / 2)


def test_mean_reciprocal_rank_hand_example():
    per_q = [([0.9, 0.1], [True, False]),  # 1
             ([0.9, 0.1], [False, True]),  # 1/2
             ([0.3, 0.2, 0.1], [False, False, False])]  # 0
    assert m.mean_reciprocal_rank(per_q) == pytest.approx((1 + 0.5 + 0) / 3)
    assert math.isnan(m.mean_reciprocal_rank([]))


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_mrr_matches_sklearn_label_ranking_average_precision_for_one_relevant_item(seed):
    # With exactly one relevant item and distinct scores, LRAP = 1 / rank of that item.
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 20))
    scores = rng.permutation(n).astype(float)
    relevant = np.zeros(n, dtype=bool)
    relevant[rng.integers(n)] = True
    expected = skm.label_ranking_average_precision_score(relevant[None, :].astype(int), scores[None, :])
    assert m.mrr(scores, relevant) == pytest.approx(expected)


# -- P@k% ----------------------------------------------------------------------------------------


def test_top_k_count():
    assert m.top_k_count(10, 10) == 1
    assert m.top_k_count(10, 30) == 3  # not 4: 10 * 0.3 rounds to 3.0000000000000004 in floats
    assert m.top_k_count(10, 50) == 5
    assert m.top_k_count(7, 10) == 1  # ceil(0.7)
    assert m.top_k_count(7, 30) == 3  # ceil(2.1)
    assert m.top_k_count(3, 10) == 1  # at least 1
    assert m.top_k_count(0, 50) == 0
    with pytest.raises(ValueError):
        m.top_k_count(10, 0)


def test_precision_at_k_percent_graded_is_the_papers_top_k_overlap():
    scores = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.0]
    rel = [0.1, 0.9, 0.8, 0.0, 0.7, 0.2, 0.3, 0.4, 0.5, 0.6]
    # N_k = 3: predicted {0, 1, 2}, ground truth {1, 2, 4} -> 2/3
    assert m.precision_at_k_percent(scores, rel, 30) == pytest.approx(2 / 3)
    # N_k = 1: predicted {0}, ground truth {1} -> 0
    assert m.precision_at_k_percent(scores, rel, 10) == 0.0
    # N_k = 5: predicted {0..4}, ground truth {1, 2, 4, 9, 8} -> 3/5
    assert m.precision_at_k_percent(scores, rel, 50) == pytest.approx(3 / 5)
    assert m.precision_at_k_percent(scores, rel, 100) == 1.0


def test_precision_at_k_percent_boolean_is_precision_at_n_k():
    scores = [0.1, 0.9, 0.5, 0.5, 0.3]
    relevant = [True, False, False, True, False]
    # N_k = ceil(2.0) = 2 at 40%: predicted {1, 2} (tie 2/3 kept in input order) -> 0/2
    assert m.precision_at_k_percent(scores, relevant, 40) == 0.0
    # N_k = 3 at 60%: predicted {1, 2, 3} -> 1/3
    assert m.precision_at_k_percent(scores, relevant, 60) == pytest.approx(1 / 3)
    assert math.isnan(m.precision_at_k_percent([], [], 10))


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_precision_at_k_boolean_matches_sklearn_top_k_definition(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 40))
    scores = rng.random(n)  # continuous: no ties
    relevant = rng.random(n) < 0.4
    for k in (10, 30, 50):
        nk = m.top_k_count(n, k)
        top = np.argsort(-scores)[:nk]
        assert m.precision_at_k_percent(scores, relevant, k) == pytest.approx(relevant[top].sum() / nk)
        assert m.precision_at_k_percent(scores, scores, k) == 1.0  # a perfect ranking


# -- ROC AUC -------------------------------------------------------------------------------------


def test_roc_auc_hand_example_with_ties():
    scores = [0.9, 0.5, 0.5, 0.1]
    relevant = [True, True, False, False]
    # pairs (pos, neg): (0.9,0.5)=1 (0.9,0.1)=1 (0.5,0.5)=1/2 (0.5,0.1)=1 -> 3.5 / 4
    assert m.roc_auc(scores, relevant) == pytest.approx(0.875)
    assert m.roc_auc([0.1, 0.2], [True, False]) == 0.0
    assert m.roc_auc([0.3, 0.3], [True, False]) == 0.5
    assert m.roc_auc([0.1, 0.2], [True, True]) is None
    assert m.roc_auc([], []) is None
    # a missing score ranks lowest
    assert m.roc_auc([None, 0.2], [False, True]) == 1.0


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_roc_auc_matches_sklearn_including_ties(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 40))
    scores = rng.integers(0, 4, n).astype(float)  # few distinct values: many ties
    relevant = rng.random(n) < 0.5
    got = m.roc_auc(scores, relevant)
    if relevant.all() or not relevant.any():
        assert got is None
    else:
        assert got == pytest.approx(skm.roc_auc_score(relevant, scores))


# -- Spearman and strength buckets --------------------------------------------------------------------


def test_spearman_hand_example():
    # ranks x: 1 2 3 4, y: 1 3 2 4 -> d^2 = 0+1+1+0 = 2 -> rho = 1 - 6*2 / (4*15) = 0.8
    rho, p = m.spearman([1, 2, 3, 4], [10, 30, 20, 40])
    assert rho == pytest.approx(0.8)
    assert 0 < p < 1


def test_spearman_nan_safety():
    assert all(math.isnan(v) for v in m.spearman([1, 1, 1], [1, 2, 3]))  # constant x
    assert all(math.isnan(v) for v in m.spearman([1, 2, 3], [5, 5, 5]))  # constant y
    assert all(math.isnan(v) for v in m.spearman([1], [2]))
    assert all(math.isnan(v) for v in m.spearman([], []))
    # pairs with a missing value are dropped: same as the complete pairs alone
    assert m.spearman([1, None, 2, 3, float("nan")], [1, 5, 3, 2, 4]) == pytest.approx(m.spearman([1, 2, 3], [1, 3, 2]))
    rho, p = m.spearman([1, 2], [2, 1])
    assert rho == pytest.approx(-1.0) and math.isnan(p)


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_spearman_matches_scipy_including_ties(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 30))
    x = rng.integers(0, 5, n).astype(float)
    y = x + rng.integers(-3, 4, n)
    if np.all(x == x[0]) or np.all(y == y[0]):
        return
    ref = stats.spearmanr(x, y)
    rho, p = m.spearman(x, y)
    assert rho == pytest.approx(ref.statistic)
    assert p == pytest.approx(ref.pvalue)


def test_correlation_strength_buckets_at_the_papers_boundaries():
    assert m.correlation_strength(0.0) == "weak"
    assert m.correlation_strength(0.4) == "weak"
    assert m.correlation_strength(-0.4) == "weak"
    assert m.correlation_strength(0.4001) == "moderate"
    assert m.correlation_strength(-0.59) == "moderate"
    assert m.correlation_strength(0.6) == "strong"
    assert m.correlation_strength(-0.95) == "strong"
    with pytest.raises(ValueError, match="NaN"):
        m.correlation_strength(float("nan"))


# -- KG-SMILE fidelity ---------------------------------------------------------------------------


def test_fidelity_hand_example():
    y = [1.0, 2.0, 3.0, 4.0]
    yhat = [1.0, 2.5, 2.5, 4.0]
    # residuals 0, -.5, .5, 0: SSres = 0.5; mean 2.5, SStot = 5 -> R^2 = 0.9
    assert m.r2(y, yhat) == pytest.approx(0.9)
    assert m.l1_loss(y, yhat) == pytest.approx(0.25)
    assert m.l2_loss(y, yhat) == pytest.approx(0.125)
    assert m.mean_loss(y, yhat) == pytest.approx(0.0)
    assert m.mean_loss([1.0, 2.0], [2.0, 4.0]) == pytest.approx(1.5)
    w = [1.0, 2.0, 0.0, 1.0]
    # weighted mean = (1 + 4 + 0 + 4) / 4 = 2.25; SStot_w = 1.5625 + 2*0.0625 + 0 + 3.0625 = 4.75
    # SSres_w = 2 * 0.25 = 0.5 -> 1 - 0.5/4.75
    assert m.weighted_r2(y, yhat, w) == pytest.approx(1 - 0.5 / 4.75)
    # Eq. 18/19 divide by N (4), not by sum w
    assert m.weighted_l1(y, yhat, w) == pytest.approx((2 * 0.5) / 4)
    assert m.weighted_l2(y, yhat, w) == pytest.approx((2 * 0.25) / 4)


def test_adjusted_r2():
    # 1 - (1 - 0.9) * (20 - 1) / (20 - 3 - 1) = 1 - 0.1 * 19/16
    assert m.adjusted_r2(0.9, 20, 3) == pytest.approx(1 - 0.1 * 19 / 16)
    assert math.isnan(m.adjusted_r2(0.99, 10, 9))  # n - p - 1 = 0
    assert math.isnan(m.adjusted_r2(1.0, 20, 25))


def test_fidelity_edge_cases():
    assert m.r2([2.0, 2.0], [2.0, 2.0]) == 1.0
    assert m.r2([2.0, 2.0], [2.0, 3.0]) == 0.0
    with pytest.raises(ValueError, match="no samples"):
        m.r2([], [])
    with pytest.raises(ValueError, match="length"):
        m.l1_loss([1.0], [1.0, 2.0])
    with pytest.raises(ValueError, match="weights"):
        m.weighted_r2([1.0, 2.0], [1.0, 2.0], [1.0])
    with pytest.raises(ValueError, match="non-negative"):
        m.weighted_l1([1.0, 2.0], [1.0, 2.0], [1.0, -1.0])


@pytest.mark.parametrize("seed", RNG_SEEDS)
def test_fidelity_matches_sklearn(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 30))
    y = rng.normal(size=n)
    yhat = y + rng.normal(scale=rng.random(), size=n)
    w = rng.random(n)
    assert m.r2(y, yhat) == pytest.approx(skm.r2_score(y, yhat))
    assert m.weighted_r2(y, yhat, w) == pytest.approx(skm.r2_score(y, yhat, sample_weight=w))
    assert m.l1_loss(y, yhat) == pytest.approx(skm.mean_absolute_error(y, yhat))
    assert m.l2_loss(y, yhat) == pytest.approx(skm.mean_squared_error(y, yhat))
    # sklearn's weighted errors divide by sum(w); the paper's by N
    assert m.weighted_l1(y, yhat, w) == pytest.approx(skm.mean_absolute_error(y, yhat, sample_weight=w) * w.sum() / n)
    assert m.weighted_l2(y, yhat, w) == pytest.approx(skm.mean_squared_error(y, yhat, sample_weight=w) * w.sum() / n)


def test_weighted_r2_agrees_with_score_mask_surrogate():
    """The surrogate reports its in-sample weighted R^2 with the same formula."""
    from xgrag.explain.solvers import mask_surrogate

    rng = np.random.default_rng(3)
    masks = (rng.random((30, 4)) < 0.5).astype(float)
    sim = masks @ np.array([0.5, 0.1, 0.0, 0.3]) + rng.normal(scale=0.05, size=30)
    coef, r2_in = mask_surrogate(masks, sim)
    d = 1.0 - masks.mean(axis=1)
    w = np.exp(-(d**2) / 0.25**2)
    # the unpenalised intercept solves sum w (y - Xb - c) = 0: the weighted mean residual
    intercept = np.average(sim - masks @ coef, weights=w)
    pred = masks @ coef + intercept
    assert m.weighted_r2(sim, pred, w) == pytest.approx(r2_in, abs=1e-9)
