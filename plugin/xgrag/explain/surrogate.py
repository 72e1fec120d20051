"""KG-SMILE's surrogate over the answered mask probes (kg-smile.txt §4 Steps 2-3), judged on held-out masks.

Design matrix X: one row per answered mask, one column per fact of G_dedup, 1 = the fact was kept. Response y:
the chosen measure (xgrag.explain.distances) of each masked answer against a0. Kernel weights pi = exp(-d^2 /
sigma^2). The masks are split (seeded) into a fit set and a held-out set; every solver named in the settings is
fitted on the fit set only, and the fidelity family and LDS (xgrag.explain.fidelity) are computed on the held-out
set only. The coefficients reported are those of that fit: the figures describe exactly the surrogate shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from xgrag.config import RetrievalSettings
from xgrag.explain.distances import ANSWER_LOGIT, kernel_weights, measure
from xgrag.explain.fidelity import adjusted_r2, fidelity_report, holdout_split, r2, weighted_r2
from xgrag.explain.run import ExplainRun, Response
from xgrag.explain.scoring import answer_logit
from xgrag.explain.solvers import REGISTRY as SOLVERS
from xgrag.generate.base import AnswerScore, Generation, answer_key
from xgrag.model import Subgraph
from xgrag.model.graph import undirected
from xgrag.model.records import Surrogate

MIN_HELD_OUT = 3  # LDS (a rank correlation) needs three points to mean anything


def mask_matrix(fact_ids: Sequence[str], removed: Sequence[frozenset[str] | set[str]]) -> np.ndarray:
    """Binary keep-masks: row i, column j is 0 when mask i removed fact j, else 1."""
    return np.array([[0.0 if fid in gone else 1.0 for fid in fact_ids] for gone in removed]).reshape(
        len(removed), len(fact_ids))


def responses(measure_name: str, base: np.ndarray, answers: np.ndarray) -> np.ndarray:
    m = measure(measure_name)
    return np.array([m.response(base, a) for a in np.atleast_2d(answers)], dtype=float)


PATH_FACTS = RetrievalSettings().hops  # path length when the settings leave hops to the retrieval
MAX_PATHS = 32  # path features per surrogate: more would outnumber the masks a surrogate is fitted on


def answer_paths(graph: Subgraph, answer: str, max_facts: int, limit: int = MAX_PATHS) -> list[tuple[str, ...]]:
    """Simple paths of 2..`max_facts` facts (relationship ids, undirected) from a seed to an entity named as the
    answer (or one of its comma-separated parts), in a deterministic order, at most `limit`."""
    wanted = {answer_key(part) for part in answer.rstrip(".").split(",") if part.strip()}
    targets = {nid for nid, node in graph.nodes.items() if answer_key(node.name) in wanted}
    adjacent = undirected(graph.sorted_relationships())
    found: list[tuple[str, ...]] = []

    def walk(node: str, seen: set[str], rels: list[str]) -> None:
        if len(found) >= limit:
            return
        if node in targets and len(rels) >= 2:
            found.append(tuple(rels))
        if len(rels) == max_facts:
            return
        for rel_id, nxt in adjacent.get(node, []):
            if nxt not in seen:
                walk(nxt, seen | {nxt}, [*rels, rel_id])

    if targets:
        for seed in sorted(graph.seeds):
            if seed in graph.nodes:
                walk(seed, {seed}, [])
    return found


def with_paths(x: np.ndarray, fact_ids: Sequence[str], paths: Sequence[tuple[str, ...]]) -> np.ndarray:
    """X with one column per path appended: 1 where every fact of the path was kept."""
    col = {fid: i for i, fid in enumerate(fact_ids)}
    extra = [x[:, [col[f] for f in path]].prod(axis=1) for path in paths]
    return np.hstack([x, np.stack(extra, axis=1)]) if extra else x


def fit_and_judge(x: np.ndarray, y: np.ndarray, fact_ids: Sequence[str], *, measure_name: str = "cosine",
                  sigma: float = 1.0, solvers: Sequence[str] = ("lasso",), holdout: float = 0.25, seed: int = 0,
                  split: tuple[np.ndarray, np.ndarray] | None = None,
                  paths: Sequence[tuple[str, ...]] = ()) -> dict[str, Any]:
    """Fit each solver on the fit masks, judge it on the held-out masks. `split`: explicit (fit, held-out) row
    indices (a benchmark's fixed held-out set); otherwise `holdout_split(len(y), holdout, seed)`.

    Per solver: `coefficients` = importance per fact (orientation * coefficient: positive = keeping the fact
    keeps the answer, for every measure), sorted by importance; `held_out` = the fidelity family and LDS on the
    held-out masks (None when fewer than 3 are held out); `in_sample` = R^2, weighted and adjusted R^2 on the fit
    masks, for comparison only.

    `paths` (fact-id tuples): one more feature each, the AND of its facts (with_paths). A fact's importance then
    adds 1/len(path) of each of its paths' coefficients: the Shapley value of a term c * x_1 * ... * x_k is c/k
    for each of its k facts (Shapley, 1953; symmetry and efficiency), so the importances still sum to the model's
    total effect. Each path's own coefficient is reported under `paths`."""
    m = measure(measure_name)
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if x.shape != (len(y), len(fact_ids)):
        raise ValueError(f"X has shape {x.shape}, expected ({len(y)}, {len(fact_ids)})")
    unknown = sorted({f for path in paths for f in path} - set(fact_ids))
    if unknown:
        raise ValueError(f"paths name facts that are not features: {', '.join(unknown[:5])}")
    x = with_paths(x, fact_ids, paths)
    n_features = x.shape[1]
    fit_idx, test_idx = split if split is not None else holdout_split(len(y), holdout, seed)
    w = kernel_weights(np.array([m.distance(v) for v in y]), sigma)
    out: dict[str, Any] = {"measure": m.name, "measure_label": m.label, "kernel_sigma": sigma,
                           "masks": int(len(y)), "fit_masks": int(len(fit_idx)), "held_out_masks": int(len(test_idx)),
                           "features": n_features, "path_features": len(paths), "solvers": {}}
    if len(fit_idx) < 2:
        out["note"] = f"{len(fit_idx)} masks to fit: no surrogate"
        return out
    held_ok = len(test_idx) >= MIN_HELD_OUT
    if not held_ok:
        out["note"] = (f"{len(test_idx)} masks held out (fewer than {MIN_HELD_OUT}): no held-out fidelity; "
                       "ask for more masks")
    xf, yf, wf = x[fit_idx], y[fit_idx], w[fit_idx]
    # share[i, j] = 1/len(path j) when fact i is on path j: a path's coefficient split equally among its facts
    col = {fid: i for i, fid in enumerate(fact_ids)}
    share = np.zeros((len(fact_ids), len(paths)))
    for j, path in enumerate(paths):
        share[[col[f] for f in path], j] = 1.0 / len(path)
    for name in solvers:
        solver = SOLVERS[name]
        fit = solver.fit(xf, yf, wf)
        coef = np.asarray(fit.coef, dtype=float)
        per_fact = coef[:len(fact_ids)] + share @ coef[len(fact_ids):]
        order = np.argsort(-m.orientation * per_fact, kind="stable")
        pred_fit = fit.predict(xf)
        wr2_in = weighted_r2(yf, pred_fit, wf)
        entry: dict[str, Any] = {
            "label": solver.label,
            "coefficients": {fact_ids[i]: round(float(m.orientation * per_fact[i]), 6) for i in order},
            "intercept": round(fit.intercept, 6),
            "in_sample": {"r2": round(r2(yf, pred_fit), 6), "weighted_r2": round(wr2_in, 6),
                          "adjusted_r2": _finite(adjusted_r2(wr2_in, len(yf), n_features))},
            "held_out": None,
        }
        if paths:
            entry["paths"] = [{"facts": list(path),
                               "coefficient": round(float(m.orientation * coef[len(fact_ids) + j]), 6)}
                              for j, path in enumerate(paths)]
        if held_ok:
            yt, wt = y[test_idx], w[test_idx]
            report = fidelity_report(yt, fit.predict(x[test_idx]), wt, n_features)
            if np.ptp(yt) == 0.0:
                # every held-out mask gave the same response: R^2 would only say whether the prediction is exact
                report.update(r2=None, weighted_r2=None, adjusted_r2=None)
                report["note"] = "every held-out mask gave the same response: R^2 and LDS are undefined"
            entry["held_out"] = report
        out["solvers"][name] = entry
    return out


def _finite(v: float) -> float | None:
    return None if not np.isfinite(v) else round(float(v), 6)


def _score(r: Response) -> AnswerScore:
    if r.score is None:
        raise ValueError("a generated response where a scored one was expected")
    return r.score


def _generation(r: Response) -> Generation:
    if r.generation is None:
        raise ValueError("a scored response where a generated one was expected")
    return r.generation


def mask_surrogate_summary(run: ExplainRun, vectors: dict[str, np.ndarray]) -> Surrogate | None:
    """Explanation.surrogate for a run with the mask strategy (None without answered masks)."""
    cfg = run.settings
    masks = [p for p in run.probes if p.planned.kind == "mask" and p.answered]
    fact_ids = [r.id for r in run.graph.sorted_relationships()]
    if len(masks) < 2 or not fact_ids:
        return None
    x = mask_matrix(fact_ids, [p.planned.removed_rels for p in masks])
    if cfg.response_score == "logprob":
        # nothing was generated: the response is the logit of P(a0 | masked context), ContextCite's target
        name = ANSWER_LOGIT.name
        y = np.array([answer_logit(_score(p.outcome).logprob) for p in masks])
    else:
        name = cfg.surrogate_distance
        y = responses(name, vectors[run.a0.text], np.stack([vectors[_generation(p.outcome).text] for p in masks]))
    paths = answer_paths(run.graph, run.a0.text, cfg.hops or PATH_FACTS) if cfg.surrogate_paths else []
    report = fit_and_judge(x, y, fact_ids, measure_name=name, sigma=cfg.kernel_sigma,
                           solvers=cfg.surrogate_solvers, holdout=cfg.holdout, seed=cfg.seed, paths=paths)
    primary = cfg.surrogate_solvers[0]
    report.update(method="KG-SMILE random masks" + (", plus seed-to-answer path features" if paths else "")
                  + ", surrogates judged on held-out masks",
                  keep_probability=cfg.keep_probability, planned_masks=cfg.masks, split_seed=cfg.seed,
                  primary=primary, samples=len(masks),
                  coefficients=report["solvers"][primary]["coefficients"] if primary in report["solvers"] else {})
    return Surrogate.model_validate(report)


def _num(v: Any) -> str:
    return "n/a" if v is None else f"{v:.2f}"


def surrogate_line(surrogate: Surrogate, labels: dict[str, str] | None = None, top: int = 3) -> str:
    """One line about Explanation.surrogate: masks fitted / held out, the primary solver's held-out LDS and R^2
    and its top facts, then the other solvers' LDS and R^2."""
    solvers = surrogate.solvers
    if not solvers:  # an explanation saved before held-out fidelity existed, or too few masks
        return f"surrogate: {surrogate.note or 'no held-out fidelity recorded'}"
    primary = surrogate.primary or next(iter(solvers))
    labels = labels or {}

    def fig(name: str) -> str:
        held = solvers[name].held_out
        return f"LDS {_num(held and held.lds)}, R² {_num(held and held.r2)}"

    best = solvers[primary]
    facts = ", ".join(f"{labels.get(fid, fid)} {v:+.2f}" for fid, v in list(best.coefficients.items())[:top])
    others = "; ".join(f"{name} {fig(name)}" for name in solvers if name != primary)
    return (f"surrogate ({surrogate.measure}): {primary} fitted on {surrogate.fit_masks} masks, "
            f"held out {surrogate.held_out_masks}: {fig(primary)}; top {facts}"
            + (f" | {others}" if others else ""))
