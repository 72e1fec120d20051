"""Temperature 0 vs 1 with a real LLM, and decoding vs answer scoring (prints figures; not a test).

On the whole MetaQA KB, for a seeded sample of unbracketed 1-hop and 2-hop dev questions whose retrieved subgraph
has at most --max-facts facts, SmolLM2-135M (in process, CPU) explains the facts by leave-one-out at temperature 0
(greedy) and at temperature 1.0 with two seeds (sampling is seeded per call, so one seed repeats itself: the
spread is measured across seeds): the noise floor of repeated baselines, whether the baseline answer is the same
across seeds, and the Jaccard of the top 3 across seeds and against temperature 0. Beside it, the same questions
with response_score "logprob" (scoring has no sampling): Spearman and top-3 overlap of the two rankings, the rank
of the best gold triple under each (blind), seconds per model call. `results/temperature.json` was measured at
commit fb5d097 with the first logprob implementation (same importance formula as the merged one; its seconds per
probe divide by generator calls, which then included scored passes). bench_logprob.py is the fuller comparison.

Usage: python benchmarks/bench_temperature.py [--one-hop 8] [--two-hop 6] [--max-facts 12] [--max-new-tokens 16]
                                             [--kb PATH] [--dev-questions PATH] [--json PATH]
XGRAG_BENCH_URI: a database holding the KB (else an embedded Neo4j is started and the KB ingested: minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from metaqa_full import add_data_args, kb_store, plain, questions  # noqa: E402

from xgrag.config import Settings  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.evaluate import faithfulness as f  # noqa: E402
from xgrag.evaluate.metrics import spearman  # noqa: E402
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.generate.smollm2 import SmolLM2Generator  # noqa: E402
from xgrag.model import Explanation  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def importances(ex: Explanation) -> dict[str, float]:
    return {c.id: float(c.importance or 0.0) for c in ex.components if c.strategy == "edge"}


def top3(ex: Explanation) -> set[str]:
    return set(f.top_above_floor(ex, 3))


def gold_rank(ex: Explanation, gold: list[list[str]]) -> int | None:
    wanted = {tuple(f.norm(x) for x in t) for t in gold}
    triples = f.triples_of(ex)
    for i, rid in enumerate(f.ranked_facts(ex)):
        if tuple(f.norm(x) for x in triples[rid]) in wanted:
            return i + 1
    return None


def jaccard(a: set[str], b: set[str]) -> float:
    return 1.0 if not a and not b else len(a & b) / len(a | b)


def stats(values: list[float]) -> dict[str, Any]:
    vals = [v for v in values if v == v]
    if not vals:
        return {"n": 0}
    return {"n": len(vals), "mean": round(statistics.mean(vals), 3), "sd": round(statistics.pstdev(vals), 3),
            "min": round(min(vals), 3), "max": round(max(vals), 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--one-hop", type=int, default=8)
    ap.add_argument("--two-hop", type=int, default=6)
    ap.add_argument("--max-facts", type=int, default=12)
    ap.add_argument("--max-new-tokens", type=int, default=16, help="SmolLM2's answer length (MetaQA answers are short)")
    ap.add_argument("--seed", type=int, default=7)
    add_data_args(ap, "--dev-questions")
    ap.add_argument("--json", default=str(ROOT / "benchmarks" / "results" / "temperature.json"))
    args = ap.parse_args()
    t0 = time.perf_counter()
    rows: list[dict[str, Any]] = []
    with kb_store(kb=args.kb) as (store, info):
        emb = default_embedder()
        cold = SmolLM2Generator(max_new_tokens=args.max_new_tokens)
        base = ExplainSettings(strategies=("edge",), citation_guided=False, noise_runs=2, scheduler="exhaustive",
                               concurrency=1)
        explainer = Explainer.from_settings(Settings(), store, generator=cold, embedder=emb, explain=base)
        hot = {seed: Explainer.from_settings(Settings(), store, generator=SmolLM2Generator(
            max_new_tokens=args.max_new_tokens, temperature=1.0, seed=seed), embedder=emb, explain=base)
            for seed in (1, 2)}
        wanted = {1: args.one_hop, 2: args.two_hop}
        for q in questions(400, args.seed, (1, 2), path=args.questions_path):
            if wanted[q["hops"]] <= 0:
                continue
            question = plain(q["question"])
            cfg = replace(base, hops=q["hops"])
            sub = explainer.graph_retriever().retrieve(question, hops=q["hops"])
            if not 2 <= len(sub.relationships) <= args.max_facts:
                continue
            wanted[q["hops"]] -= 1
            runs = {"shift": explainer.explain(question, settings=cfg),
                    "logprob": explainer.explain(question, settings=replace(cfg, response_score="logprob"))}
            for seed, e in hot.items():
                runs[f"shift_t1_s{seed}"] = e.explain(question, settings=cfg)
            a, b = importances(runs["shift"]), importances(runs["logprob"])
            ids = sorted(a)
            rho, _ = spearman([a[i] for i in ids], [b.get(i) for i in ids])
            row: dict[str, Any] = {
                "qid": q["qid"], "hops": q["hops"], "facts": len(ids), "answer": runs["shift"].answer,
                "gold_answers": q["answers"][:5],
                "spearman_shift_logprob": rho,
                "top3_overlap": jaccard(top3(runs["shift"]), top3(runs["logprob"])),
                "gold_rank": {k: gold_rank(runs[k], q["gold_triples"]) for k in ("shift", "logprob")},
                "seconds_per_probe": {k: round(runs[k].cost.generator_seconds / max(1, runs[k].cost.generator_calls), 3)
                                      for k in ("shift", "logprob")},
                "calls": {k: runs[k].cost.generator_calls for k in runs},
                "noise_floor": {"t0": runs["shift"].noise_floor,
                                "t1": [runs[f"shift_t1_s{s}"].noise_floor for s in hot]},
                "top3_jaccard_across_seeds_t1": jaccard(top3(runs["shift_t1_s1"]), top3(runs["shift_t1_s2"])),
                "top3_jaccard_t0_vs_t1": statistics.mean(jaccard(top3(runs["shift"]), top3(runs[f"shift_t1_s{s}"]))
                                                         for s in hot),
                "same_baseline_t1": runs["shift_t1_s1"].answer == runs["shift_t1_s2"].answer,
            }
            rows.append(row)
            print(f"  {q['qid']}: {len(ids)} facts, rho {rho:.2f}, {time.perf_counter() - t0:.0f}s", file=sys.stderr)
            if not any(wanted.values()):
                break
    out: dict[str, Any] = {
        "kb": info, "generator": f"SmolLM2-135M-Instruct in process (CPU), max {args.max_new_tokens} new tokens",
        "load_average_end": list(os.getloadavg()), "seconds": round(time.perf_counter() - t0), "questions": len(rows),
        "summary": {
            "spearman_shift_vs_logprob": stats([r["spearman_shift_logprob"] for r in rows]),
            "top3_overlap_shift_vs_logprob": stats([r["top3_overlap"] for r in rows]),
            "gold_at_1": {k: round(sum(r["gold_rank"][k] == 1 for r in rows) / max(1, len(rows)), 3)
                          for k in ("shift", "logprob")},
            "gold_rank_mean": {k: stats([float(r["gold_rank"][k]) for r in rows if r["gold_rank"][k]])
                               for k in ("shift", "logprob")},
            "seconds_per_probe": {k: stats([r["seconds_per_probe"][k] for r in rows]) for k in ("shift", "logprob")},
            "noise_floor_t0": stats([r["noise_floor"]["t0"] for r in rows]),
            "noise_floor_t1": stats([v for r in rows for v in r["noise_floor"]["t1"]]),
            "top3_jaccard_across_seeds_t1": stats([r["top3_jaccard_across_seeds_t1"] for r in rows]),
            "top3_jaccard_t0_vs_t1": stats([r["top3_jaccard_t0_vs_t1"] for r in rows]),
            "same_baseline_across_seeds_t1": round(sum(r["same_baseline_t1"] for r in rows) / max(1, len(rows)), 3),
        },
        "rows": rows,
    }
    Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({k: v for k, v in out.items() if k != "rows"}, indent=1))


if __name__ == "__main__":
    main()
