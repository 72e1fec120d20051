"""Cost and blind faithfulness per scheduler on the whole MetaQA KB (prints figures; not a test).

Questions: a seeded sample of ../shared/data/metaqa-full dev questions per hop count, without the [brackets]
(as people type them). Generator: the extractive reference reader (deterministic; it reports the facts it
answered from, which the explainer never sees here: citation guidance is off, so faithfulness is blind).

Per scheduler (exhaustive leave-one-out = the reference; adaptive group testing; hierarchical search, TracLLM's
recursive halving reimplemented on the graph; leave-one-out cut to the same number of calls group testing used on
that question, most promising first). The metrics are xgrag.evaluate.faithfulness's (as `xgrag eval --schedulers`):
- calls: generator calls after the baselines (single removals, group tests, redundancy resolution): mean, p50,
  p95, and mean per subgraph-size bucket (facts) so the growth with N shows;
- top-3 agreement with leave-one-out (facts above the noise floor among the 3 highest, identical sets);
- top-1 is the reader's evidence (blind);
- gold: 1-hop the gold triple at rank 1; 2-hop / 3-hop: the top 3 / top 5 hold a gold chain from the topic
  entity to the answer (among correctly answered questions);
- ERASER comprehensiveness (remove the top k: the answer changes) and sufficiency (keep only the top k: the
  answer stays), k = 1, 2, 3 and 10/20/50% of the facts, with AOPC (the mean over those bins); reported over
  questions where some single fact moves the answer (a single support) and over all.

Usage: python benchmarks/bench_cost.py [--per-hop 40] [--hops 1,2,3] [--seed 7] [--kb PATH] [--questions PATH]
                                       [--json PATH]
       python benchmarks/bench_cost.py --summarize results/cost_hier.json   (re-aggregate stored rows)
XGRAG_BENCH_URI: a database holding the KB (else an embedded Neo4j is started and the KB ingested: minutes).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from metaqa_full import add_data_args, correct, kb_store, plain, questions  # noqa: E402

from xgrag.config import Settings  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.evaluate import faithfulness as f  # noqa: E402
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.generate.extractive import ExtractiveReader  # noqa: E402
from xgrag.model import Explanation  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BUCKETS = ((0, 10), (10, 30), (30, 60), (60, 120), (120, 10**9))
SCHEDULERS = ("exhaustive", "group", "hierarchical", "budget=group")


def bucket(n: int) -> str:
    for lo, hi in BUCKETS:
        if lo <= n < hi:
            return f"{lo}-{hi - 1}" if hi < 10**9 else f"{lo}+"
    return "?"


def top_ids(ex: Explanation, k: int, above_floor: bool = True) -> list[str]:
    return f.top_above_floor(ex, k) if above_floor else f.ranked_facts(ex)[:k]


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def summarize(rows: list[dict[str, Any]], hops: tuple[int, ...]) -> dict[str, Any]:
    """Per hop count and per subgraph-size bucket, from the per-question rows."""
    schedulers = [name for name in SCHEDULERS if rows and name in rows[0]]
    per_hop: dict[str, Any] = {}
    for hop in hops:
        sub = [r for r in rows if r["hops"] == hop]
        if not sub:
            continue
        res: dict[str, Any] = {"n": len(sub), "accuracy": round(sum(r["correct"] for r in sub) / len(sub), 3),
                               "single_support": round(sum(r["single_support"] for r in sub) / len(sub), 3),
                               "facts_mean": round(statistics.mean(r["facts"] for r in sub), 1),
                               "facts_p50": pct([r["facts"] for r in sub], 50),
                               "facts_max": max(r["facts"] for r in sub)}
        for name in schedulers:
            calls = [r[name]["calls"] for r in sub]
            right = [r for r in sub if r["correct"]]
            singles = [r for r in sub if r["single_support"]]
            res[name] = {
                "calls_mean": round(statistics.mean(calls), 1), "calls_p50": pct(calls, 50),
                "calls_p95": round(pct(calls, 95), 1),
                "calls_ratio_to_loo": round(sum(calls) / max(1, sum(r["exhaustive"]["calls"] for r in sub)), 3),
                "top3_agreement_with_loo": round(sum(r[name]["agree"] for r in sub) / len(sub), 3),
                "top1_is_evidence": round(sum(r[name]["top1_evidence"] for r in sub) / len(sub), 3),
                "top1_is_evidence_or_interchangeable_support": round(
                    sum(r[name]["top1_evidence_or_support"] for r in sub) / len(sub), 3),
                "gold_on_correct": round(sum(r[name]["gold"] for r in right) / max(1, len(right)), 3),
            }
            for metric in ("comp", "suff"):
                for k in (1, 2, 3):
                    key = f"{metric}@{k}"
                    # only where the bin exists (k <= facts): a 1-fact subgraph has no top 2
                    defined = [r[name][key] for r in singles if key in r[name]]
                    res[name][key + "_single_support"] = round(sum(defined) / len(defined), 3) if defined else None
                    res[name][key + "_single_support_n"] = len(defined)
                res[name][f"aopc_{metric}_single_support"] = round(statistics.mean(
                    r[name][f"aopc_{metric}"] for r in singles if r[name][f"aopc_{metric}"] is not None), 3) \
                    if singles else None
                res[name][f"aopc_{metric}_all"] = round(statistics.mean(
                    r[name][f"aopc_{metric}"] for r in sub if r[name][f"aopc_{metric}"] is not None), 3)
            res[name]["seconds_mean"] = round(statistics.mean(r[name]["seconds"] for r in sub), 3)
            by_bucket: dict[str, list[int]] = defaultdict(list)
            for r in sub:
                by_bucket[bucket(r["facts"])].append(r[name]["calls"])
            res[name]["calls_by_facts_bucket"] = {b: {"n": len(v), "mean": round(statistics.mean(v), 1)}
                                                  for b, v in sorted(by_bucket.items(), key=lambda kv: int(
                                                      kv[0].split("-")[0].rstrip("+")))}
        per_hop[str(hop)] = res
    # the growth of calls with N over every question (all hop counts)
    by_bucket_all: dict[str, Any] = {}
    for name in schedulers:
        by: dict[str, list[tuple[int, bool]]] = defaultdict(list)
        for r in rows:
            by[bucket(r["facts"])].append((r[name]["calls"], r[name]["agree"]))
        by_bucket_all[name] = {
            b: {"n": len(v), "calls_mean": round(statistics.mean(c for c, _ in v), 1),
                "agreement": round(sum(a for _, a in v) / len(v), 3)}
            for b, v in sorted(by.items(), key=lambda kv: int(kv[0].split("-")[0].rstrip("+")))}
    disagreements = {name: [r["qid"] for r in rows if not r[name]["agree"]] for name in schedulers[1:]}
    return {"per_hop": per_hop, "calls_by_facts_bucket_all": by_bucket_all, "disagreements": disagreements}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-hop", type=int, default=40)
    ap.add_argument("--hops", default="1,2,3")
    ap.add_argument("--seed", type=int, default=7)
    add_data_args(ap, "--questions")
    ap.add_argument("--json", default=str(ROOT / "benchmarks" / "results" / "cost.json"))
    ap.add_argument("--summarize", metavar="JSON",
                    help="re-aggregate the per-question rows of an earlier run (no KB, no generator) and rewrite it")
    args = ap.parse_args()
    hops = tuple(int(h) for h in args.hops.split(","))
    if args.summarize:
        path = Path(args.summarize)
        stored = json.loads(path.read_text())
        stored.update(summarize(stored["rows"], tuple(sorted({r["hops"] for r in stored["rows"]}))))
        path.write_text(json.dumps(stored, indent=1) + "\n")
        print(json.dumps({k: v for k, v in stored.items() if k != "rows"}, indent=1))
        return
    sample = questions(args.per_hop, args.seed, hops, path=args.questions_path)
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    with kb_store(kb=args.kb) as (store, info):
        emb = default_embedder()
        reader = ExtractiveReader(emb)
        base = ExplainSettings(strategies=("edge",), citation_guided=False, noise_runs=1, scheduler="exhaustive")
        explainer = Explainer.from_settings(Settings(), store, generator=reader, embedder=emb, explain=base)
        for i, q in enumerate(sample):
            question = plain(q["question"])
            cfg = replace(base, hops=q["hops"])
            runs: dict[str, Explanation] = {}
            runs["exhaustive"] = explainer.explain(question, settings=cfg)
            runs["group"] = explainer.explain(question, settings=replace(cfg, scheduler="group", top_k=3))
            runs["hierarchical"] = explainer.explain(question, settings=replace(cfg, scheduler="hierarchical",
                                                                                top_k=3))
            group_calls = runs["group"].cost.generator_calls - len(runs["group"].baseline_answers)
            runs["budget=group"] = explainer.explain(question, settings=replace(
                cfg, max_calls=group_calls + len(runs["group"].baseline_answers)))
            loo = runs["exhaustive"]

            graph = loo.subgraph.to_subgraph()
            ask = f.ask_generator(reader, question, graph)
            same = f.same_answer_rule(loo.answer, None, 1.0)  # a deterministic reader: compared as text
            facts = sorted(graph.relationships)
            triples = f.triples_of(loo)
            ok = correct(loo.answer.rstrip("."), q["answers"])
            # a single support: some fact moves the answer when removed alone (not only once its alternatives
            # are gone: conditional importances are redundant support)
            single = any(c.evaluated == "measured" and (c.importance or 0.0) > loo.noise_floor
                         for c in loo.components)
            row: dict[str, Any] = {"qid": q["qid"], "hops": q["hops"], "facts": len(triples), "correct": ok,
                                   "single_support": single, "truncated": loo.subgraph.truncated}
            for name, ex in runs.items():
                ranked = f.ranked_facts(ex)
                k_gold = f.GOLD_K[q["hops"]]
                erased = f.eraser(ask, same, facts, ranked)
                evidence, support = f.evidence_or_support(ex, ask, same)
                row[name] = {
                    "calls": ex.cost.generator_calls - len(ex.baseline_answers),
                    "agree": f.agreement(ex, loo),
                    "top1_evidence": evidence,
                    # or an interchangeable support: the reader gives the same answer from that fact alone
                    "top1_evidence_or_support": support,
                    "gold": f.gold_chain([triples[r] for r in ranked[:k_gold]], q["gold_triples"],
                                         [loo.answer.rstrip(".")], q["hops"], q["topic_entity"]),
                    **{f"comp@{k}": v for k, v in erased.comprehensiveness.items()},
                    **{f"suff@{k}": v for k, v in erased.sufficiency.items()},
                    "aopc_comp": erased.aopc_comprehensiveness, "aopc_suff": erased.aopc_sufficiency,
                    "seconds": ex.cost.seconds,
                }
            rows.append(row)
            if (i + 1) % 10 == 0:
                print(f"  {i + 1}/{len(sample)} questions, {time.perf_counter() - t0:.0f}s", file=sys.stderr)
    out: dict[str, Any] = {"kb": info, "questions": len(rows), "seed": args.seed,
                           "seconds": round(time.perf_counter() - t0),
                           "generator": "extractive reference reader (citation guidance off: blind)",
                           "per_hop": {}}
    out.update(summarize(rows, hops))
    out["rows"] = rows
    Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({k: v for k, v in out.items() if k != "rows"}, indent=1))
    print(f"wrote {args.json}", file=sys.stderr)


if __name__ == "__main__":
    main()
