"""Explanation-engine benchmark (prints figures; not a test).

(a) MetaQA (../shared/data/metaqa) with the extractive reader: answer accuracy; faithfulness (how often the
    explainer's top-ranked edge is one of the facts the reader answered from); among correctly answered
    questions, gold triple ranked first (1-hop) / a gold 2-hop path entirely in the top 3 (2-hop).
(b) per strategy with SmolLM2 (the only LLM here): generator calls, wall time, and the share of wall time
    that is neither generator nor embedder time.
(c) adaptive group testing vs leave-one-out on MetaQA: generator calls and top-3 agreement.

Usage: python benchmarks/bench_explain.py [--part a,b,c] [--limit N] [--smollm2-questions N]
                                         [--smollm2-strategies edge,node,...] [--smollm2-max-calls N]
                                         [--data DIR] [--json PATH]
Server: XGRAG_BENCH_URI / NEO4J_URI (a scratch database: the KG is ingested into it), else its own embedded Neo4j
in a temporary folder (benchmarks/graph_server.py).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

from graph_server import SHARED_DATA, server_store  # noqa: E402

from xgrag.config import GraphSchema, Settings  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.generate.extractive import ExtractiveReader  # noqa: E402
from xgrag.model import Explanation  # noqa: E402
from xgrag.store.ingest import ingest_triples  # noqa: E402
from xgrag.store.migrations import migrate  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402


def _norm(s: str) -> str:
    return " ".join(s.lower().replace(".", " ").split())


def edge_triples(ex: Explanation) -> dict[str, tuple[str, str, str]]:
    names = {n.id: n.name for n in ex.subgraph.nodes}
    return {r.id: (names[r.source], r.label, names[r.target]) for r in ex.subgraph.relationships}


def ranked_edges(ex: Explanation) -> list[str]:
    return [c.id for c in ex.top("edge", k=10_000)]


def part_a(store: Neo4jStore, questions: list[dict], explainer: Explainer) -> dict[str, Any]:
    rows = []
    t0 = time.perf_counter()
    for i, q in enumerate(questions):
        ex = explainer.explain(q["question"],
                               settings=replace(explainer.settings, hops=q["hops"], strategies=("edge",)))
        triples = edge_triples(ex)
        ranking = ranked_edges(ex)
        evidence = {e.id for e in ex.generator_evidence or []}
        answer = ex.answer.rstrip(".")
        correct = _norm(answer) in {_norm(a) for a in q["answers"]}
        gold = {tuple(t) for t in q["gold_triples"]}
        top_imp = (ex.top("edge", 1)[0].importance or 0.0) if ranking else 0.0
        faithful = bool(ranking) and ranking[0] in evidence
        # the same without citation-guided redundancy resolution (perturbation evidence alone)
        plain = ranked_edges(explainer.explain(q["question"], settings=replace(
            explainer.settings, hops=q["hops"], strategies=("edge",), citation_guided=False)))
        faithful_plain = bool(plain) and plain[0] in evidence
        claimed = bool(ranking) and top_imp > ex.noise_floor  # some single fact moved the answer
        if q["hops"] == 1:
            gold_ok = bool(ranking) and triples[ranking[0]] in gold
        else:
            top3 = [triples[r] for r in ranking[:3]]
            gold_in = [t for t in top3 if t in gold]
            # a 2-hop gold path: topic-touching gold triple + gold triple through the same movie to the answer
            gold_ok = any(a[0] == b[0] and a != b and _norm(b[2]) == _norm(answer) for a in gold_in for b in gold_in)
        rows.append({"qid": q["qid"], "hops": q["hops"], "correct": correct, "faithful": faithful,
                     "faithful_plain": faithful_plain,
                     "gold_ok": gold_ok, "claimed": claimed, "calls": ex.cost.generator_calls,
                     "top_importance": top_imp,
                     "facts": len(triples), "seconds": ex.cost.seconds})
        if (i + 1) % 25 == 0:
            print(f"  (a) {i + 1}/{len(questions)} questions, {time.perf_counter() - t0:.0f}s", file=sys.stderr)
    out: dict[str, Any] = {"questions": len(rows), "seconds": round(time.perf_counter() - t0, 1)}
    for hops in sorted({r["hops"] for r in rows}):  # --limit may stop before the 2-hop questions begin
        sub = [r for r in rows if r["hops"] == hops]
        right = [r for r in sub if r["correct"]]
        out[f"{hops}hop"] = {
            "n": len(sub), "accuracy": round(sum(r["correct"] for r in sub) / len(sub), 3),
            "faithfulness_top_is_evidence": round(sum(r["faithful"] for r in sub) / len(sub), 3),
            "faithfulness_without_citation_guidance": round(sum(r["faithful_plain"] for r in sub) / len(sub), 3),
            "claimed": round(sum(r["claimed"] for r in sub) / len(sub), 3),
            "faithfulness_when_claimed": round(sum(r["faithful"] for r in sub if r["claimed"])
                                               / max(1, sum(r["claimed"] for r in sub)), 3),
            "gold_metric_on_correct": round(sum(r["gold_ok"] for r in right) / max(1, len(right)), 3),
            "gold_metric": "gold triple ranked first" if hops == 1 else "a gold 2-hop path in the top 3",
            "mean_calls": round(statistics.mean(r["calls"] for r in sub), 1),
            "mean_facts": round(statistics.mean(r["facts"] for r in sub), 1),
        }
    out["faithfulness_overall"] = round(sum(r["faithful"] for r in rows) / len(rows), 3)
    out["faithfulness_overall_without_citation_guidance"] = round(sum(r["faithful_plain"] for r in rows) / len(rows), 3)
    claimed_rows = [r for r in rows if r["claimed"]]
    out["faithfulness_when_claimed"] = round(sum(r["faithful"] for r in claimed_rows) / max(1, len(claimed_rows)), 3)
    out["no_single_fact_moves_answer"] = round(1 - len(claimed_rows) / len(rows), 3)
    out["unfaithful_when_claimed"] = [r["qid"] for r in claimed_rows if not r["faithful"]]
    out["unfaithful"] = [r["qid"] for r in rows if not r["faithful"]]
    return out


STRATEGIES = ("edge", "node", "subpath", "synonym", "mask")


def part_b(store: Neo4jStore, questions: list[dict], n_questions: int,
           strategies: tuple[str, ...] = STRATEGIES, max_calls: int | None = None) -> dict[str, Any]:
    from xgrag.generate.factory import make_generator

    gen = make_generator("smollm2")
    emb = default_embedder()
    explainer = Explainer.from_settings(Settings(), store, generator=gen, embedder=emb,
                                        explain=ExplainSettings(concurrency=1))
    chosen = [q for q in questions if q["hops"] == 1][:n_questions]
    out: dict[str, Any] = {"generator": gen.name, "questions": [q["qid"] for q in chosen], "strategies": {}}
    # warm-up (model load, Cypher plan cache, JIT), not counted
    explainer.explain(questions[-1]["question"], settings=replace(explainer.settings, hops=1, strategies=("edge",),
                                                                  max_calls=min(3, max_calls or 3)))
    for strategy in strategies:
        calls = wall = gen_s = emb_s = 0.0
        for q in chosen:
            ex = explainer.explain(q["question"], settings=replace(explainer.settings, hops=1, strategies=(strategy,),
                                                                   masks=8, max_calls=max_calls))
            calls += ex.cost.generator_calls
            wall += ex.cost.seconds
            gen_s += ex.cost.generator_seconds
            emb_s += ex.cost.embedder_seconds
        out["strategies"][strategy] = {
            "generator_calls": int(calls), "wall_seconds": round(wall, 2), "generator_seconds": round(gen_s, 2),
            "embedder_seconds": round(emb_s, 2),
            "overhead_share": round(max(0.0, wall - gen_s - emb_s) / wall, 4) if wall else None,
            "seconds_per_call": round(gen_s / calls, 3) if calls else None,
        }
        print(f"  (b) {strategy}: {out['strategies'][strategy]}", file=sys.stderr)
    return out


def part_c(store: Neo4jStore, questions: list[dict], explainer: Explainer, hops: int | None = None) -> dict[str, Any]:
    agree = []
    loo_calls = gt_calls = 0
    facts = []
    for q in questions:
        k = hops or q["hops"]
        loo = explainer.explain(q["question"], settings=replace(explainer.settings, hops=k, strategies=("edge",),
                                                                scheduler="exhaustive"))
        gt = explainer.explain(q["question"], settings=replace(explainer.settings, hops=k, strategies=("edge",),
                                                               scheduler="group", top_k=3))
        facts.append(len(loo.subgraph.relationships))
        floor = loo.noise_floor
        top_loo = [c.id for c in loo.top("edge", 3) if (c.importance or 0) > floor]
        top_gt = [c.id for c in gt.top("edge", 3) if (c.importance or 0) > floor]
        agree.append(set(top_loo) == set(top_gt))
        # every generator call after the baselines: single removals, group tests and redundancy resolution
        loo_calls += loo.cost.generator_calls - len(loo.baseline_answers)
        gt_calls += gt.cost.generator_calls - len(gt.baseline_answers)
    return {"questions": len(questions), "hops": hops or "question's own",
            "mean_facts": round(statistics.mean(facts), 1),
            "loo_calls": loo_calls, "group_testing_calls": gt_calls,
            "call_ratio": round(gt_calls / max(1, loo_calls), 3),
            "top3_agreement": round(sum(agree) / len(agree), 3),
            "definition": "top-3 = edges with importance above the noise floor among the 3 highest; agreement = "
                          "identical sets; calls = generator calls after the baselines (single removals, group tests, "
                          "redundancy resolution)"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--part", default="a,b,c")
    ap.add_argument("--limit", type=int, default=200, help="MetaQA questions for (a) and (c)")
    ap.add_argument("--smollm2-questions", type=int, default=2)
    ap.add_argument("--smollm2-strategies", default=",".join(STRATEGIES), help="(b): comma-separated, default all")
    ap.add_argument("--smollm2-max-calls", type=int, default=None,
                    help="(b): generator calls per explanation, the baseline's included (default: no cap)")
    ap.add_argument("--data", type=Path, default=SHARED_DATA / "metaqa",
                    help="a folder with MetaQA's questions.jsonl and triples.tsv (e.g. benchmarks/data/metaqa-10)")
    ap.add_argument("--json", default=str(ROOT / "benchmarks" / "results" / "explain.json"))
    ap.add_argument("--dedup-rule", default="precise", choices=("precise", "xgrag"),
                    help="alias merging before explaining (xgrag: the paper's rule, as before the precise default)")
    args = ap.parse_args()
    parts = set(args.part.split(","))
    strategies = tuple(s for s in args.smollm2_strategies.split(",") if s)
    if not strategies or set(strategies) - set(STRATEGIES):
        ap.error(f"--smollm2-strategies: choose from {', '.join(STRATEGIES)}")
    questions = [json.loads(line) for line in (args.data / "questions.jsonl").read_text().splitlines()
                 if line.strip()][: args.limit]
    results: dict[str, Any] = {}
    with server_store(heap="3g") as store:
        migrate(store, GraphSchema(), 384)
        stats = ingest_triples(store, args.data / "triples.tsv", "metaqa")
        results["kg"] = {"triples": stats.triples}
        emb = default_embedder()
        explainer = Explainer.from_settings(Settings(), store, generator=ExtractiveReader(emb), embedder=emb,
                                            explain=ExplainSettings(dedup_rule=args.dedup_rule))
        if "a" in parts:
            results["a_metaqa_extractive"] = part_a(store, questions, explainer)
            print(json.dumps(results["a_metaqa_extractive"], indent=2))
        if "c" in parts:
            results["c_group_testing"] = part_c(store, questions, explainer)
            print(json.dumps(results["c_group_testing"], indent=2))
            # the same questions over a wider retrieval (k = 2 for every question): larger contexts
            results["c_group_testing_k2"] = part_c(store, questions, explainer, hops=2)
            print(json.dumps(results["c_group_testing_k2"], indent=2))
        if "b" in parts:
            results["b_smollm2_per_strategy"] = part_b(store, questions, args.smollm2_questions, strategies,
                                                       args.smollm2_max_calls)
            print(json.dumps(results["b_smollm2_per_strategy"], indent=2))
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {args.json}", file=sys.stderr)


if __name__ == "__main__":
    main()
