"""KG-SMILE complete: response measures, kernel, solvers (checked against scikit-learn), held-out fidelity, LDS,
stability and consistency on fixtures whose answer is known."""

from __future__ import annotations

import io
import math

import numpy as np
import pytest
from rich.console import Console
from test_explain_logic import movie_graph

from fakes import FixedRetriever, HashEmbedder, RuleGenerator
from xgrag.errors import UsageError
from xgrag.explain import Explainer, ExplainSettings
from xgrag.explain import fidelity as f
from xgrag.explain.distances import MEASURES, cosine, inverse_wasserstein, kernel_weights, measure, wasserstein
from xgrag.explain.perturbers import random_masks
from xgrag.explain.solvers import REGISTRY, BayesianRidge, Lasso, WeightedLinear, resolve_solvers
from xgrag.explain.surrogate import fit_and_judge, mask_matrix, responses, surrogate_line
from xgrag.model import Node, Relationship, Subgraph, Surrogate
from xgrag.report.console import print_explanation

sklearn = pytest.importorskip("sklearn.linear_model")


def masks(n: int, p: int, seed: int = 0, keep: float = 0.5) -> np.ndarray:
    return (np.random.default_rng(seed).random((n, p)) < keep).astype(float)


# -- response measures and kernel ------------------------------------------------------------------

def test_measures_on_identical_and_different_answers() -> None:
    a, b = np.array([0.6, 0.8, 0.0]), np.array([0.0, 0.6, 0.8])
    assert cosine(a, a) == pytest.approx(1.0) and cosine(a, b) == pytest.approx(0.48)
    assert wasserstein(a, a) == 0.0 and inverse_wasserstein(a, a) == 1.0
    # the components of a and b are the same multiset: the 1-D Wasserstein distance between them is 0
    assert wasserstein(a, b) == pytest.approx(0.0)
    c = np.array([1.0, 0.0, 0.0])
    wd = wasserstein(a, c)  # sorted components (0, .6, .8) vs (0, 0, 1): mean |diff| = (0 + .6 + .2) / 3
    assert wd == pytest.approx(0.8 / 3)
    assert inverse_wasserstein(a, c) == pytest.approx(1 / (1 + 0.8 / 3))
    assert MEASURES["wasserstein_cosine"].response(a, c) == pytest.approx((wd + 1 - 0.6) / 2)
    assert MEASURES["inverse_wasserstein_cosine"].response(a, c) == pytest.approx((1 / (1 + wd) + 0.6) / 2)
    assert {m.orientation for m in MEASURES.values()} == {1, -1}
    assert measure("wasserstein").distance(0.3) == 0.3 and measure("cosine").distance(0.3) == pytest.approx(0.7)
    with pytest.raises(UsageError, match="unknown response measure 'euclid'"):
        measure("euclid")


def test_kernel_weight_is_exp_minus_d2_over_sigma2() -> None:
    w = kernel_weights(np.array([0.0, 0.5, 1.0]), sigma=0.5)
    assert w.tolist() == pytest.approx([1.0, math.exp(-1.0), math.exp(-4.0)])
    with pytest.raises(ValueError, match="sigma"):
        kernel_weights(np.array([0.1]), 0.0)


# -- solvers ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("n,p", [(40, 10), (24, 60)])
def test_numpy_solvers_match_scikit_learn(n: int, p: int) -> None:
    rng = np.random.default_rng(n)
    x = masks(n, p, seed=n)
    y = 0.3 + 0.5 * x[:, 1] - 0.2 * x[:, 3] + 0.05 * rng.normal(size=n)
    w = rng.uniform(0.2, 1.0, n)
    ours = BayesianRidge().fit(x, y, w)
    ref = sklearn.BayesianRidge().fit(x, y, sample_weight=w)
    assert np.allclose(ours.coef, ref.coef_, atol=1e-8) and ours.intercept == pytest.approx(ref.intercept_)
    # ContextCite's LASSO: scikit-learn's Lasso on standardised masks, coefficients mapped back to 0/1 masks
    xm = np.average(x, axis=0, weights=w)
    scale = np.sqrt(np.average((x - xm) ** 2, axis=0, weights=w))
    scale[scale == 0] = 1.0  # a fact kept in every mask
    ref_l = sklearn.Lasso(alpha=0.01, tol=1e-12, max_iter=100_000).fit((x - xm) / scale, y, sample_weight=w)
    assert np.allclose(Lasso(alpha=0.01).fit(x, y, w).coef, ref_l.coef_ / scale, atol=1e-5)
    if n > p:
        lin = WeightedLinear().fit(x, y, w)
        ref_lin = sklearn.LinearRegression().fit(x, y, sample_weight=w)
        assert np.allclose(lin.coef, ref_lin.coef_) and lin.intercept == pytest.approx(ref_lin.intercept_)


def test_solver_registry_and_bad_input() -> None:
    assert {"linear", "bayes_ridge", "lasso", "ridge"} <= set(REGISTRY)
    assert resolve_solvers("lasso, linear,lasso") == ("lasso", "linear")
    with pytest.raises(UsageError, match="unknown solver 'svm'"):
        resolve_solvers(("svm",))
    with pytest.raises(ValueError, match="shapes do not fit"):
        WeightedLinear().fit(np.ones((3, 2)), np.ones(4), np.ones(4))


# -- fidelity, LDS, stability, consistency -------------------------------------------------------------

def test_a_linear_response_is_recovered_exactly_on_held_out_masks() -> None:
    beta = np.array([0.5, 0.0, 0.25, 0.0, 0.1, 0.0, 0.0, 0.05])
    x = masks(60, 8, seed=1)
    y = 0.1 + x @ beta
    ids = [f"r{i}" for i in range(8)]
    rep = fit_and_judge(x, y, ids, solvers=("linear", "bayes_ridge", "lasso"), holdout=0.25, seed=3)
    assert rep["fit_masks"] == 45 and rep["held_out_masks"] == 15
    lin = rep["solvers"]["linear"]
    assert lin["held_out"]["r2"] == pytest.approx(1.0) and lin["held_out"]["lds"] == pytest.approx(1.0)
    assert lin["held_out"]["l1"] == pytest.approx(0.0, abs=1e-6) and lin["held_out"]["mean_loss"] < 1e-6
    assert [lin["coefficients"][i] for i in ids] == pytest.approx(beta.tolist(), abs=1e-6)
    assert list(lin["coefficients"])[:3] == ["r0", "r2", "r4"]
    for name in ("bayes_ridge", "lasso"):
        assert rep["solvers"][name]["held_out"]["lds"] > 0.95
        assert list(rep["solvers"][name]["coefficients"])[:2] == ["r0", "r2"]


def test_a_permuted_response_has_lds_near_zero() -> None:
    x = masks(400, 8, seed=2)
    y = np.random.default_rng(5).permutation(0.1 + x @ np.array([0.5, 0.3, 0.2, 0.1, 0.0, 0.0, 0.0, 0.0]))
    rep = fit_and_judge(x, y, [f"r{i}" for i in range(8)], solvers=("linear",), holdout=0.5, seed=0)
    held = rep["solvers"]["linear"]["held_out"]
    assert abs(held["lds"]) < 0.2 and held["r2"] < 0.05
    # in-sample R^2 of the same fit is not the figure: it is reported apart, and is no better than chance here
    assert rep["solvers"]["linear"]["in_sample"]["r2"] < 0.1


def test_lasso_finds_two_facts_among_sixty_with_fewer_masks_than_facts() -> None:
    x = masks(48, 60, seed=4)
    y = 0.05 + 0.8 * x[:, 7] + 0.3 * x[:, 42]
    rep = fit_and_judge(x, y, [f"r{i}" for i in range(60)], solvers=("lasso", "linear"), holdout=1 / 3, seed=1)
    lasso = rep["solvers"]["lasso"]
    assert rep["fit_masks"] == 32 and list(lasso["coefficients"])[:2] == ["r7", "r42"]
    assert lasso["held_out"]["lds"] > 0.9 and lasso["held_out"]["r2"] > 0.9
    assert lasso["in_sample"]["adjusted_r2"] is None  # 32 masks, 60 facts: Eq. 21 is undefined
    # the min-norm least-squares fit interpolates its 32 masks and predicts the held-out ones worse
    assert rep["solvers"]["linear"]["in_sample"]["r2"] == pytest.approx(1.0)
    assert rep["solvers"]["linear"]["held_out"]["r2"] < lasso["held_out"]["r2"]


def test_a_distance_response_is_oriented_so_keeping_the_evidence_is_positive() -> None:
    base = np.array([1.0, 0.0, 0.0, 0.0])
    other = np.array([0.0, 0.0, 0.5, 0.5])
    x = masks(40, 3, seed=6)
    answers = np.array([base if row[1] == 1 else other / np.linalg.norm(other) for row in x])
    for name in MEASURES:
        y = responses(name, base, answers)
        rep = fit_and_judge(x, y, ["a", "b", "c"], measure_name=name, solvers=("linear",), seed=0)
        coef = rep["solvers"]["linear"]["coefficients"]
        assert list(coef)[0] == "b" and coef["b"] > 0, name


def test_lds_and_jaccard_by_hand() -> None:
    assert f.lds([1, 2, 3, 4], [10, 20, 30, 40]) == 1.0
    assert f.lds([1, 2, 3, 4], [1, 4, 9, 16]) == 1.0  # monotone, not linear: ranks agree
    assert f.lds([1, 2, 3, 4], [4, 3, 2, 1]) == -1.0
    assert math.isnan(f.lds([1, 1, 1], [1, 2, 3])) and math.isnan(f.lds([1, 2], [1, 2]))
    a, b = {"x": 0.9, "y": 0.5, "z": 0.1, "w": 0.0}, {"x": 0.8, "z": 0.6, "y": 0.0, "w": 0.2}
    assert f.top_k_jaccard(a, b, 2) == pytest.approx(1 / 3)  # {x, y} vs {x, z}
    assert f.top_k_jaccard(a, b, 4) == 1.0
    assert f.stability([a, a, b], k=2) == pytest.approx((1 + 1 / 3 + 1 / 3) / 3)
    assert math.isnan(f.stability([a], k=2))
    assert f.consistency([a, dict(a)]) == 1.0 and f.consistency([a, {k: -v for k, v in a.items()}]) == -1.0
    with pytest.raises(ValueError, match="k must be"):
        f.top_k(a, 0)


def test_holdout_split_is_seeded_disjoint_and_complete() -> None:
    fit, held = f.holdout_split(20, 0.25, seed=7)
    assert len(held) == 5 and len(fit) == 15 and not set(fit) & set(held) and set(fit) | set(held) == set(range(20))
    assert [a.tolist() for a in f.holdout_split(20, 0.25, 7)] == [fit.tolist(), held.tolist()]
    assert f.holdout_split(20, 0.25, 8)[1].tolist() != held.tolist()
    assert len(f.holdout_split(2, 0.5, 0)[1]) == 0 and len(f.holdout_split(4, 0.9, 0)[0]) == 2
    with pytest.raises(ValueError):
        f.holdout_split(10, 1.0, 0)


def test_fidelity_report_says_none_when_held_out_responses_are_constant() -> None:
    x = masks(12, 3, seed=0)
    x[:, 0] = 1.0
    rep = fit_and_judge(x, 0.2 + 0.0 * x[:, 1], ["a", "b", "c"], solvers=("lasso",), holdout=0.25, seed=0)
    held = rep["solvers"]["lasso"]["held_out"]
    assert held["lds"] is None and held["r2"] is None and "same response" in held["note"]
    few = fit_and_judge(x[:4], x[:4, 1], ["a", "b", "c"], solvers=("lasso",), holdout=0.25, seed=0)
    assert few["held_out_masks"] == 1 and few["solvers"]["lasso"]["held_out"] is None and "fewer than 3" in few["note"]


# -- masks and settings --------------------------------------------------------------------------------

def wide_graph(n: int = 60) -> Subgraph:
    sub = Subgraph(seeds=["h"])
    sub.add_node(Node("h", "Hub", "Movie"))
    for i in range(n):
        sub.add_node(Node(f"n{i}", f"Person {i}", "Person"))
        sub.add_relationship(Relationship(f"r{i:02d}", "h", f"n{i}", "starred_actors"))
    return sub


@pytest.mark.parametrize("keep", [0.2, 0.5, 0.8])
def test_masks_keep_each_fact_with_the_configured_probability(keep: float) -> None:
    planned = random_masks(wide_graph(), 64, keep_probability=keep, seed=1)
    x = mask_matrix(sorted(wide_graph().relationships), [p.removed_rels for p in planned])
    assert len(planned) == 64 and abs(float(x.mean()) - keep) < 0.03
    assert planned == random_masks(wide_graph(), 64, keep_probability=keep, seed=1)


@pytest.mark.parametrize("field,value,message", [
    ("keep_probability", 1.0, "keep_probability"), ("keep_probability", 0.0, "keep_probability"),
    ("holdout", 0.0, "holdout"), ("kernel_sigma", 0.0, "kernel_sigma"), ("kernel_sigma", float("inf"), "kernel_sigma"),
    ("surrogate_distance", "euclid", "surrogate_distance"), ("surrogate_solvers", ("svm",), "surrogate_solvers"),
])
def test_surrogate_settings_are_validated(field: str, value: object, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        ExplainSettings(**{field: value})  # type: ignore[arg-type]


# -- through the Explainer ------------------------------------------------------------------------------

def test_an_explanation_with_masks_reports_held_out_fidelity_per_solver() -> None:
    gen = RuleGenerator("directed by")  # the answer depends on fact r1 alone: a step, exactly linear
    cfg = ExplainSettings(strategies=("mask",), masks=12, holdout=0.25, noise_runs=1, concurrency=1,
                          surrogate_solvers=("lasso", "bayes_ridge", "linear"))
    ex = Explainer(FixedRetriever(movie_graph()), gen, HashEmbedder(), cfg).explain("who directed Out to Sea")
    s = ex.surrogate
    assert s is not None and s.masks == 12 and s.fit_masks == 9 and s.held_out_masks == 3
    assert s.primary == "lasso" and set(s.solvers) == {"lasso", "bayes_ridge", "linear"}
    for name, entry in s.solvers.items():
        assert list(entry.coefficients)[0] == "r1", name
    lasso = s.solvers["lasso"].held_out
    assert lasso is not None and lasso.n == 3 and lasso.lds == pytest.approx(1.0) and (lasso.r2 or 0.0) > 0.9
    assert s.coefficients == s.solvers["lasso"].coefficients
    assert ex.config.keep_probability == 0.5 and ex.config.surrogate_solvers == ["lasso", "bayes_ridge", "linear"]
    buf = io.StringIO()
    print_explanation(Console(file=buf, width=250), ex, top=3)
    line = next(x for x in buf.getvalue().splitlines() if x.startswith("surrogate ("))
    assert "lasso fitted on 9 masks, held out 3: LDS 1.00" in line and "Out to Sea directed by Martha Coolidge" in line
    assert surrogate_line(Surrogate(note="too few")) == "surrogate: too few"


def _chain_graph() -> Subgraph:
    """seed S -a-> M -b-> answer A, a second chain S -c-> N -d-> A, and a distractor S -e-> X."""
    g = Subgraph(seeds=["S"])
    for nid, name in (("S", "Seed"), ("M", "Mid"), ("N", "Other"), ("A", "Answer"), ("X", "Noise")):
        g.add_node(Node(nid, name))
    for rid, s, t in (("a", "S", "M"), ("b", "M", "A"), ("c", "S", "N"), ("d", "A", "N"), ("e", "S", "X")):
        g.add_relationship(Relationship(rid, s, t, "rel"))
    return g


def test_answer_paths_are_the_seed_to_answer_chains() -> None:
    from xgrag.explain.surrogate import answer_paths

    g = _chain_graph()
    # undirected (d points from the answer), only paths of 2+ facts, deterministic order
    assert answer_paths(g, "Answer.", 2) == [("a", "b"), ("c", "d")]
    assert answer_paths(g, "answer", 1) == []  # no 1-fact path reaches it
    assert answer_paths(g, "Nobody", 3) == []
    assert answer_paths(g, "Answer", 4, limit=1) == [("a", "b")]


def test_path_features_fit_an_and_that_single_facts_cannot() -> None:
    """The response is 1 only when both facts of a chain are kept (an AND): with the path feature the surrogate
    predicts held-out masks exactly, and each chain fact gets half the path's coefficient (Shapley)."""
    facts = ["a", "b", "c", "d", "e"]
    rng = np.random.default_rng(0)
    x = (rng.random((96, 5)) < 0.5).astype(float)
    y = x[:, 0] * x[:, 1]  # the response moves only when the chain a-b is whole
    split = (np.arange(64), np.arange(64, 96))
    plain = fit_and_judge(x, y, facts, measure_name="cosine", solvers=("linear",), split=split)
    paths = fit_and_judge(x, y, facts, measure_name="cosine", solvers=("linear",), split=split,
                          paths=[("a", "b"), ("c", "d")])
    lds_plain = plain["solvers"]["linear"]["held_out"]["lds"]
    lds_paths = paths["solvers"]["linear"]["held_out"]["lds"]
    assert lds_paths > 0.99 > lds_plain
    entry = paths["solvers"]["linear"]
    by_path = {tuple(p["facts"]): p["coefficient"] for p in entry["paths"]}
    assert abs(by_path[("a", "b")]) > 0.9 and abs(by_path[("c", "d")]) < 0.05
    coef = entry["coefficients"]
    assert list(coef)[:2] in (["a", "b"], ["b", "a"])
    assert paths["features"] == 7 and paths["path_features"] == 2
    with pytest.raises(ValueError, match="not features"):
        fit_and_judge(x, y, facts, paths=[("a", "zz")])


def test_surrogate_paths_setting_adds_the_chains_to_the_explanation() -> None:
    from fakes import RuleGenerator
    from xgrag.generate.base import Generation, Usage

    class ChainReader(RuleGenerator):
        """Answers "Answer" only when the chain Seed-a-Mid-b-Answer is whole (a 2-hop reader's AND)."""

        def generate(self, prompt, system=None, *, question=None, facts=()):  # type: ignore[no-untyped-def]
            ids = {f.id for f in facts}
            text = "Answer." if {"a", "b"} <= ids else "I don't know."
            return Generation(text, Usage(1, 1, 1, 0.001), "chain-reader", sorted(ids & {"a", "b"}))

    cfg = ExplainSettings(strategies=("mask",), masks=40, holdout=0.25, noise_runs=1, concurrency=1, hops=2,
                          surrogate_solvers=("linear",), surrogate_paths=True)
    ex = Explainer(FixedRetriever(_chain_graph()), ChainReader(), HashEmbedder(), cfg).explain("what is Seed's answer")
    s = ex.surrogate
    assert s is not None and s.path_features == 2 and "path features" in (s.method or "")
    entry = s.solvers["linear"]
    assert [p.facts for p in entry.paths or []] == [["a", "b"], ["c", "d"]]
    assert set(list(entry.coefficients)[:2]) == {"a", "b"}
    off = Explainer(FixedRetriever(_chain_graph()), ChainReader(), HashEmbedder(),
                    ExplainSettings(strategies=("mask",), masks=40, holdout=0.25, noise_runs=1, concurrency=1, hops=2,
                                    surrogate_solvers=("linear",))).explain("what is Seed's answer")
    assert off.surrogate is not None and off.surrogate.path_features == 0
    assert "paths" not in off.to_json()["surrogate"]["solvers"]["linear"]
