"""KG-SMILE surrogates on the whole MetaQA KB: held-out LDS and R^2 per solver and response measure at 16 / 32 / 64
masks, stability across mask seeds, consistency across repeated runs (prints figures; not a test).

Questions: a seeded sample of ../shared/data/metaqa-full dev questions (1/2/3-hop, without [brackets]); the first
`--questions` whose retrieved, deduplicated subgraph has 8 to 60 facts (8: fewer facts have too few distinct masks
to hold 96 out of 2^N - 1). Generator: the extractive reference reader (deterministic).

Per question and mask seed (0, 1, 2): one explanation with strategy "mask" and 96 masks (keep probability 0.5).
The masks are split once per seed (xgrag.explain.fidelity.holdout_split, 1/3 held out): a fixed held-out set of 32
masks, and a fit pool of 64 of which the first 16, 32 or all 64 are used. Every solver x measure is fitted on those
and judged on the same 32 held-out masks: LDS (Spearman of predicted vs observed response), R^2 and weighted R^2.
Stability: mean pairwise top-3 (and top-1) Jaccard of the coefficients across the 3 seeds (per solver, measure,
mask count).
Consistency: seed 0 explained twice (mean pairwise Spearman of the coefficients; the reader is deterministic, so
this checks the pipeline's determinism, not an LLM's sampling). Accuracy: the fact with the largest coefficient is
the reader's evidence (the fact it reports answering from; the explainer never sees it).

Usage: python benchmarks/bench_surrogate.py [--questions 30] [--seed 11] [--min-facts 8] [--hops 1,2,3] [--json PATH]
                                           [--kb PATH] [--dev-questions PATH]
(`--min-facts 20 --hops 2,3 --json benchmarks/results/surrogate_20-60.json`: the larger subgraphs only)
XGRAG_BENCH_URI: a database holding the KB (else an embedded Neo4j is started and the KB ingested: ~30 s).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from metaqa_full import add_data_args, kb_store, plain, questions  # noqa: E402

from xgrag.config import Settings  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.explain.distances import MEASURES  # noqa: E402
from xgrag.explain.fidelity import consistency, holdout_split, stability  # noqa: E402
from xgrag.explain.surrogate import answer_paths, fit_and_judge, mask_matrix, responses  # noqa: E402
from xgrag.generate.extractive import ExtractiveReader  # noqa: E402
from xgrag.model import Explanation  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SOLVERS = ("lasso", "bayes_ridge", "linear")
SIZES = (16, 32, 64)
PATHS_KEY = "lasso+paths"  # LASSO with seed-to-answer path features
SEEDS = (0, 1, 2)
HELD_OUT = 32
MASKS = 64 + HELD_OUT
MIN_FACTS, MAX_FACTS = 8, 60


def mask_data(ex: Explanation, emb: Any) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray]:
    """(fact ids, keep-masks X, a0 vector, answer vectors) rebuilt from an explanation's mask components."""
    sub = ex.subgraph.to_subgraph()
    facts = [r.id for r in sub.sorted_relationships()]
    masks = sorted((c for c in ex.components if c.kind == "mask" and c.counterfactual_answer is not None),
                   key=lambda c: int(c.id.split("-")[1]))
    x = mask_matrix(facts, [frozenset(c.removed_relationships) for c in masks])
    texts = sorted({ex.answer, *(c.counterfactual_answer or "" for c in masks)})
    vec = dict(zip(texts, emb.embed(texts), strict=True))
    return facts, x, vec[ex.answer], np.stack([vec[c.counterfactual_answer or ""] for c in masks])


def stats_of(values: list[float]) -> dict[str, Any]:
    vals = [v for v in values if v is not None and not math.isnan(v)]
    if not vals:
        return {"n": 0}
    return {"n": len(vals), "mean": round(statistics.fmean(vals), 4),
            "sd": round(statistics.stdev(vals), 4) if len(vals) > 1 else 0.0,
            "p25": round(float(np.percentile(vals, 25)), 4), "median": round(statistics.median(vals), 4),
            "share_ge_0.8": round(sum(v >= 0.8 for v in vals) / len(vals), 4)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=int, default=30)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--sigma", type=float, default=1.0)
    ap.add_argument("--min-facts", type=int, default=MIN_FACTS)
    ap.add_argument("--hops", default="1,2,3")
    add_data_args(ap, "--dev-questions")
    ap.add_argument("--json", default=str(ROOT / "benchmarks" / "results" / "surrogate.json"))
    args = ap.parse_args()
    pool = questions(40 if args.min_facts <= MIN_FACTS else 150, args.seed,
                     tuple(int(h) for h in args.hops.split(",")), path=args.questions_path)
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    per_q: list[dict[str, Any]] = []
    skipped: dict[str, int] = {"too_small": 0, "too_large": 0}
    with kb_store(kb=args.kb) as (store, info):
        emb = default_embedder()
        reader = ExtractiveReader(emb)
        base = ExplainSettings(strategies=("mask",), masks=MASKS, holdout=HELD_OUT / MASKS, citation_guided=False,
                               noise_runs=1, kernel_sigma=args.sigma, surrogate_solvers=SOLVERS)
        explainer = Explainer.from_settings(Settings(), store, generator=reader, embedder=emb, explain=base)
        for q in pool:
            if len(per_q) >= args.questions:
                break
            question = plain(q["question"])
            sub = explainer.graph_retriever().retrieve(question, hops=q["hops"])
            merged = explainer._dedup(sub, base).subgraph
            n = len(merged.relationships)
            if n < args.min_facts or n > MAX_FACTS:
                skipped["too_small" if n < args.min_facts else "too_large"] += 1
                continue
            row: dict[str, Any] = {"question": question, "hops": q["hops"], "facts": n, "seeds": {}}
            coef: dict[tuple[str, str, int], list[dict[str, float]]] = {}
            repeat: list[dict[str, float]] = []
            for seed in SEEDS:
                cfg = replace(base, hops=q["hops"], seed=seed)
                ex = explainer.explain(question, settings=cfg, subgraph=sub)
                facts, x, a0, answers = mask_data(ex, emb)
                evidence = {e.id for e in ex.generator_evidence or ()}
                fit_pool, held = holdout_split(len(x), HELD_OUT / MASKS, seed)
                seed_row: dict[str, Any] = {"masks": len(x), "held_out": len(held), "answer": ex.answer,
                                            "moved": int(sum(c.answer_changed is True for c in ex.components)),
                                            "explained": None if ex.surrogate is None else {
                                                k: ex.surrogate.held_out_lds(k) for k in ex.surrogate.solvers},
                                            "results": {}}
                chains = answer_paths(ex.subgraph.to_subgraph(), ex.answer, q["hops"])
                seed_row["paths"] = len(chains)
                y_cos = responses("cosine", a0, answers)
                for size in SIZES:
                    # LASSO with a feature per seed-to-answer path (ExplainSettings.surrogate_paths)
                    rep = fit_and_judge(x, y_cos, facts, measure_name="cosine", sigma=args.sigma, solvers=("lasso",),
                                        split=(fit_pool[:size], held), paths=chains)
                    entry = rep["solvers"]["lasso"]
                    h = entry["held_out"] or {}
                    top1 = next(iter(entry["coefficients"]))
                    seed_row["results"][f"{PATHS_KEY}|cosine|{size}"] = {
                        "lds": h.get("lds"), "r2": h.get("r2"), "weighted_r2": h.get("weighted_r2"),
                        "top1_evidence": (top1 in evidence) if evidence else None}
                    coef.setdefault((PATHS_KEY, "cosine", size), []).append(entry["coefficients"])
                for measure in MEASURES:
                    y = responses(measure, a0, answers)
                    for size in SIZES:
                        rep = fit_and_judge(x, y, facts, measure_name=measure, sigma=args.sigma, solvers=SOLVERS,
                                            split=(fit_pool[:size], held))
                        for solver, entry in rep["solvers"].items():
                            h = entry["held_out"] or {}
                            top1 = next(iter(entry["coefficients"]))
                            seed_row["results"][f"{solver}|{measure}|{size}"] = {
                                "lds": h.get("lds"), "r2": h.get("r2"), "weighted_r2": h.get("weighted_r2"),
                                "top1_evidence": (top1 in evidence) if evidence else None}
                            coef.setdefault((solver, measure, size), []).append(entry["coefficients"])
                if seed == SEEDS[0]:
                    again = explainer.explain(question, settings=cfg, subgraph=sub)
                    for e in (ex, again):
                        f2, x2, a2, ans2 = mask_data(e, emb)
                        rep = fit_and_judge(x2, responses("cosine", a2, ans2), f2, solvers=("lasso",),
                                            split=holdout_split(len(x2), HELD_OUT / MASKS, seed))
                        repeat.append(rep["solvers"]["lasso"]["coefficients"])
                row["seeds"][str(seed)] = seed_row
            row["stability_top3"] = {"|".join(map(str, k)): round(stability(v, k=3), 4) for k, v in coef.items()}
            row["stability_top1"] = {"|".join(map(str, k)): round(stability(v, k=1), 4) for k, v in coef.items()}
            row["consistency_lasso_cosine"] = round(consistency(repeat), 4)
            per_q.append(row)
            print(f"{len(per_q):>2} {q['hops']}-hop {n:>2} facts  lasso|cosine|32 LDS "
                  + " ".join(str(row["seeds"][str(s)]["results"]["lasso|cosine|32"]["lds"]) for s in SEEDS),
                  flush=True)
    summary: dict[str, Any] = {}
    keys = [f"{solver}|{measure}|{size}" for solver in SOLVERS for measure in MEASURES for size in SIZES]
    keys += [f"{PATHS_KEY}|cosine|{size}" for size in SIZES]
    for key in keys:
        cells = [r["seeds"][str(s)]["results"][key] for r in per_q for s in SEEDS]
        top1 = [c["top1_evidence"] for c in cells if c["top1_evidence"] is not None]
        summary[key] = {
            "lds": stats_of([c["lds"] for c in cells]),
            "lds_undefined": sum(c["lds"] is None for c in cells),
            "r2": stats_of([c["r2"] for c in cells]),
            "weighted_r2": stats_of([c["weighted_r2"] for c in cells]),
            "stability_top3": stats_of([r["stability_top3"][key] for r in per_q]),
            "stability_top1": stats_of([r["stability_top1"][key] for r in per_q]),
            "top1_is_evidence": round(sum(top1) / len(top1), 4) if top1 else None,
        }
    by_size: dict[str, Any] = {}
    for lo, hi in ((8, 20), (20, 40), (40, 60)):
        rows = [r for r in per_q if lo <= r["facts"] <= hi]
        by_size[f"{lo}-{hi}"] = {
            "questions": len(rows),
            **{k: stats_of([r["seeds"][str(s)]["results"][k]["lds"] for r in rows for s in SEEDS])
               for k in ("lasso|cosine|32", f"{PATHS_KEY}|cosine|32", "bayes_ridge|cosine|32",
                         "linear|cosine|32")}}
    out = {
        "benchmark": "bench_surrogate", "kb": info, "questions": len(per_q), "skipped": skipped,
        "sample_seed": args.seed, "min_facts": args.min_facts, "max_facts": MAX_FACTS,
        "sample_hops": args.hops, "mask_seeds": list(SEEDS), "masks_per_run": MASKS, "held_out": HELD_OUT,
        "fit_sizes": list(SIZES), "keep_probability": 0.5, "kernel_sigma": args.sigma,
        "facts": stats_of([r["facts"] for r in per_q]),
        "hops": {h: sum(r["hops"] == h for r in per_q) for h in (1, 2, 3)},
        "consistency_lasso_cosine": stats_of([r["consistency_lasso_cosine"] for r in per_q]),
        "summary": summary, "lds_by_facts": by_size,
        "wall_seconds": round(time.perf_counter() - t0, 1), "cpu_seconds": round(time.process_time() - cpu0, 1),
        "per_question": per_q,
    }
    Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"\n{len(per_q)} questions, facts {out['facts']}; wall {out['wall_seconds']} s, cpu {out['cpu_seconds']} s")
    print(f"{'solver|measure|masks':<42} {'LDS mean (sd) n':<22} {'>=0.8':>6} {'R2 mean':>8} {'stab@3':>7} {'top1':>5}")
    for key, v in summary.items():
        lds = v["lds"]
        print(f"{key:<42} {lds.get('mean', float('nan')):.3f} ({lds.get('sd', float('nan')):.3f}) {lds['n']:<6} "
              f"{lds.get('share_ge_0.8', float('nan')):>6.2f} {v['r2'].get('mean', float('nan')):>8.3f} "
              f"{v['stability_top3'].get('mean', float('nan')):>7.3f} {v['top1_is_evidence']!s:>5}")


if __name__ == "__main__":
    main()
