"""An explanation's wall time beside the answer's own, SmolLM2 in process on this CPU (prints figures; not a test).

    python benchmarks/bench_walltime.py [--kb PATH] [--questions PATH] [--n 5] [--hops 2] [--seed 7]
                                        [--min-facts 60] [--max-facts 200] [--exhaustive]
                                        [--json benchmarks/results/walltime.json]

Questions: a seeded sample of MetaQA-format dev questions (`--questions`, default the shared dev set) whose k-hop
context holds `--min-facts`..`--max-facts` facts (about 1,000-3,000 prompt tokens), asked of the KB (`--kb`, into
XGRAG_BENCH_URI or an embedded Neo4j started for the run). Per question, in one process with the model loaded and
warmed once: the context retrieved once; the explanation with the default plan (`auto`), response score
"logprob" (no decoding per probe: log P(a0 | perturbed context), SmolLM2's prefix KV cache reused across probes),
one baseline; then the answer alone on the same prompt (its context order re-applied; prefill + up to 16 decoded
tokens), timed. The explanation's time beyond the answer is its wall time minus the answer's (its baseline
generation is the answer).
`--exhaustive` also runs leave-one-out with the same score for top-3 agreement (slow: one pass per fact).

JSON: {"answer_s_mean", "explain_s_mean", "ratio", "top3_agreement_with_exhaustive",
"top3_moving_agreement_with_exhaustive" (among the facts whose removal alone lowers log P(a0) by `logprob_change`:
`faithfulness.top_moving`), "n", "rows": [...]}.
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
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.explain.prefix import promise_order  # noqa: E402
from xgrag.generate.prompt import render  # noqa: E402
from xgrag.generate.smollm2 import SmolLM2Generator  # noqa: E402
from xgrag.retrieval.retriever import Retriever  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def summary(rows: list[dict[str, Any]], info: dict[str, Any], params: dict[str, Any],
            load_start: list[float]) -> dict[str, Any]:
    answer_mean = statistics.fmean(r["answer_s"] for r in rows) if rows else 0.0
    explain_mean = statistics.fmean(r["explain_s"] for r in rows) if rows else 0.0
    ratios = [r["explain_s"] / r["answer_s"] for r in rows if r["answer_s"]]
    agree = [float(r["agree"]) for r in rows if "agree" in r]
    moving = [float(r["agree_moving"]) for r in rows if "agree_moving" in r]
    return {"kb": info, "generator": params, "n": len(rows), "answer_s_mean": round(answer_mean, 3),
            "explain_s_mean": round(explain_mean, 3),
            "ratio": round(explain_mean / answer_mean, 3) if answer_mean else None,
            # per question: explanation beyond the answer / the answer (spread of the ratio)
            "ratio_per_question": [round(r, 3) for r in ratios],
            "ratio_median": round(statistics.median(ratios), 3) if ratios else None,
            "top3_agreement_with_exhaustive": round(statistics.fmean(agree), 3) if agree else None,
            # the same among the facts whose removal alone lowers log P(a0) by logprob_change (faithfulness.top_moving)
            "top3_moving_agreement_with_exhaustive": round(statistics.fmean(moving), 3) if moving else None,
            "prompt_tokens_mean": round(statistics.fmean(r["prompt_tokens"] for r in rows), 1) if rows else None,
            "load_average": [load_start, [round(v, 2) for v in os.getloadavg()]],
            "torch_threads": os.environ.get("XGRAG_TORCH_THREADS", "2 (default)"), "rows": rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_data_args(ap, "--questions")
    ap.add_argument("--n", type=int, default=5)
    ap.add_argument("--hops", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--min-facts", type=int, default=60)
    ap.add_argument("--max-facts", type=int, default=200)
    ap.add_argument("--max-new-tokens", type=int, default=16)
    ap.add_argument("--exhaustive", action="store_true", help="also leave-one-out, for top-3 agreement (slow)")
    ap.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results" / "walltime.json")
    args = ap.parse_args()
    # every question of that hop, seeded order
    pool = questions(10**9, args.seed, (args.hops,), path=args.questions_path)
    rows: list[dict[str, Any]] = []
    load_start = [round(v, 2) for v in os.getloadavg()]
    with kb_store(kb=args.kb) as (store, info):
        emb = default_embedder()
        gen = SmolLM2Generator(max_new_tokens=args.max_new_tokens)
        gen.generate("Say yes.")  # the model loaded and warmed before anything is timed
        base = ExplainSettings(strategies=("edge",), response_score="logprob", noise_runs=1, hops=args.hops,
                               citation_guided=False)
        explainer = Explainer.from_settings(Settings(), store, generator=gen, embedder=emb, explain=base)
        retriever = Retriever(store, embedder=emb)
        for q in pool:
            if len(rows) >= args.n:
                break
            question = plain(q["question"])
            sub = retriever.retrieve(question, hops=args.hops)
            if not args.min_facts <= len(sub.relationships) <= args.max_facts:
                continue
            t0 = time.perf_counter()
            ex = explainer.explain(question, subgraph=sub)
            explain_wall = time.perf_counter() - t0
            # the explanation's own prompt: its context order ("promise" for SmolLM2 reusing prefixes) re-applied
            explained = ex.subgraph.to_subgraph()
            order = promise_order(question, explained, emb) if ex.cost.prefix and ex.cost.prefix.order == "promise" \
                else None
            ctx = render(question, explained, order=order)
            t1 = time.perf_counter()
            # as the explainer asks it (xgrag's own prompt: the reply's first statement, the answer it explains)
            answer = gen.generate(ctx.prompt, ctx.system, question=question, facts=ctx.facts)
            answer_s = time.perf_counter() - t1
            row: dict[str, Any] = {
                "qid": q["qid"], "question": question, "facts": len(ex.subgraph.relationships),
                "prompt_tokens": answer.usage.prompt_tokens, "answer": answer.text, "explained_answer": ex.answer,
                "context_order": ex.cost.prefix.order if ex.cost.prefix else None,
                "same_answer_as_explained": answer.text == ex.answer, "answer_s": round(answer_s, 3),
                "explain_s": round(explain_wall - answer_s, 3), "explain_wall_s": round(explain_wall, 3),
                "scheduler": ex.group_testing.scheduler if ex.group_testing else "exhaustive",
                "scored_probes": ex.cost.scored_probes, "generator_calls": ex.cost.generator_calls,
                "top3": f.top_above_floor(ex, 3), "scoring_seconds": ex.cost.scoring_seconds,
                "prefix_mean_share": ex.cost.prefix.mean_share if ex.cost.prefix else None,
                "group_tests": {k: v.tests for k, v in ex.group_testing.strategies.items()}
                if ex.group_testing else None}
            if args.exhaustive:
                loo = explainer.explain(question, subgraph=sub, settings=replace(base, scheduler="exhaustive"))
                row.update(agree=f.agreement(ex, loo), agree_moving=f.moving_agreement(ex, loo),
                           exhaustive_top3=f.top_above_floor(loo, 3), top3_moving=f.top_moving(ex, 3),
                           exhaustive_top3_moving=f.top_moving(loo, 3),
                           exhaustive_importances={c.id: c.importance for c in loo.top("edge", 5)},
                           plan_importances={c.id: c.importance for c in ex.top("edge", 5)},
                           exhaustive_s=round(loo.cost.seconds, 3), exhaustive_scored=loo.cost.scored_probes)
            row["load_1min"] = round(os.getloadavg()[0], 2)
            rows.append(row)
            # after every question: a run cut short keeps what it measured
            args.json.write_text(json.dumps(summary(rows, info, gen.params, load_start), indent=1) + "\n")
            print(f"  {len(rows)}/{args.n} {q['qid']} {row['facts']} facts, {row['prompt_tokens']} tokens: answer "
                  f"{answer_s:.2f}s, explanation beyond it {row['explain_s']:.2f}s ({row['scored_probes']} scored)",
                  file=sys.stderr)
    out = summary(rows, info, gen.params, load_start)
    args.json.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({k: v for k, v in out.items() if k != "rows"}, indent=1))


if __name__ == "__main__":
    main()
