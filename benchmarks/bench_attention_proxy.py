"""Proxies' recall of leave-one-out's top 3 with SmolLM2 as the target (issue 30, item 1: "Proxies, each reported
with its own recall of the target's true top 3"), from saved leave-one-out runs (prints figures; not a test).

    XGRAG_TORCH_THREADS=1 nice -n 10 python benchmarks/bench_attention_proxy.py \
        --loo benchmarks/results/answer_cost_smollm2_100plus_v3_loo.json \
        --loo benchmarks/results/answer_cost_smollm2_100plus_v4_loo_8068.json \
        --json benchmarks/results/attention_proxy_recall.json

For each row of the `--loo` files (bench_answer_cost.py runs with leave-one-out, `exhaustive.top3`: its facts above
the noise floor among its top 3; or `plan.top3` of a run with `--scheduler exhaustive`) the question is asked again
as bench_answer_cost asks it (the same seeded sample, retrieval and settings: `--per-hop`, `--hops`, `--seed` must
be the run's), and only its baseline is computed: the answer a0 generated, log P(a0) scored, and one pass over a0's
tokens against the cached prompt reading SmolLM2's attention (xgrag.generate.attention). A row counts only when
today's code reproduces the saved run's context (the same fact count, leave-one-out's top facts in it) and answer;
the others are listed as not reproduced.

Rankings compared, each by its top 3 (recall@3 = the share of leave-one-out's top 3 among them; recall@10 the same
among its top 10, and each of leave-one-out's top 3's rank in it):
- embedding: the embedding proxy alone (ExplainRun.by_promise: closeness to the question or the answer);
- plan (embedding): the proxy-first plan's order as it verifies (proxy.proxy_plan under the embedding proxy: the
  answer's restated facts, its trails, its value facts, then the embedding proxy) -- what the plan's default ranks;
- attention (attntrace): the target's attention, AttnTrace's mean of each fact's 5 most attended tokens;
- attention (sum): the plain sum of the attention over the fact's tokens (AttnTrace's baseline);
- gradient (input x gradient): the target's gradient of log P(a0) by its input embeddings, times the embeddings,
  summed over the fact's tokens (SmolLM2Generator.context_gradient: the first-order estimate of the drop in log P(a0)
  were the fact's tokens zeroed), largest first; its absolute value; and the summed gradient norm. One forward and
  one backward pass over the whole prompt and a0.
(proxy_plan under the attention proxy puts the attention's top 3 first: its top 3 is attention (attntrace)'s.)
Also per row: log P(a0) from the baseline's score and from the attention pass (must agree within 1e-3), the pass's
tokens (reused from the kept prefix, computed) and seconds with the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from metaqa_full import add_data_args, kb_store, plain, questions  # noqa: E402

from xgrag.config import Settings  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.explain.perturbers import PlanOptions, plan  # noqa: E402
from xgrag.explain.run import ExplainRun  # noqa: E402
from xgrag.explain.schedulers.proxy import proxy_plan  # noqa: E402
from xgrag.generate.factory import make_generator  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


async def baseline_and_attention(explainer: Explainer, run: ExplainRun) -> None:
    """The answer a0 and log P(a0) (what every explanation starts from), then the attention pass."""
    await explainer._baseline(run)
    await run.attend()


def recall(ranked: list[str], reference: list[str], k: int = 3) -> float | None:
    """The share of `reference` (leave-one-out's top 3) among the first k of `ranked`."""
    return None if not reference else len(set(ranked[:k]) & set(reference)) / len(reference)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_data_args(ap, "--questions")
    ap.add_argument("--loo", type=Path, action="append", required=True, help="a bench_answer_cost JSON with "
                    "leave-one-out rows (repeatable)")
    ap.add_argument("--per-hop", type=int, default=50)
    ap.add_argument("--hops", default="2,3")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results" / "attention_proxy_recall.json")
    args = ap.parse_args()
    saved: dict[str, dict[str, Any]] = {}
    for path in args.loo:
        for row in json.loads(path.read_text())["rows"]:
            # leave-one-out beside a plan, or as the plan itself (--scheduler exhaustive --exhaustive-first 0)
            loo = row.get("exhaustive") or (row["plan"] if row["plan"].get("scheduler") == "exhaustive" else None)
            if loo:
                saved[row["qid"]] = {**row, "exhaustive": loo, "file": path.name}  # a later file's run wins
    hops = tuple(int(h) for h in args.hops.split(","))
    sample = [q for q in questions(args.per_hop, args.seed, hops, path=args.questions_path) if q["qid"] in saved]
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    load_start = [round(v, 2) for v in os.getloadavg()]
    with kb_store(kb=args.kb) as (store, info):
        emb = default_embedder()
        gen = make_generator("smollm2")
        # bench_answer_cost's settings, the attention proxy on (its proxy_plan reads run.proxy_scores)
        base = ExplainSettings(strategies=("edge",), citation_guided=False, noise_runs=1, scheduler="proxy",
                               response_score="logprob", proxy="attention")
        explainer = Explainer.from_settings(Settings(), store, generator=gen, embedder=emb, explain=base)
        for q in sample:
            ref = saved[q["qid"]]
            cfg = replace(base, hops=q["hops"])
            run = explainer.prepare(plain(q["question"]), cfg)
            facts = len(run.retrieved.relationships)

            started = time.perf_counter()
            asyncio.run(baseline_and_attention(explainer, run))
            seconds = round(time.perf_counter() - started, 2)
            loo_top3 = list(ref["exhaustive"]["top3"])
            reproduced = facts == ref["facts"] and run.a0.text == ref["answer"] and all(
                r in run.graph.relationships for r in loo_top3)
            units, _ = plan(run.graph, cfg.strategies, PlanOptions())
            attention = dict(run.proxy_scores)
            ranks: dict[str, list[str]] = {"attention_attntrace": [p.target for p in run.by_proxy(units)]}
            got = run.attention
            sums = got.spans["sum"] if got is not None else {}
            ranks["attention_sum"] = sorted((p.target for p in units), key=lambda t: -sums.get(t, 0.0))
            ctx = run.baseline_context
            assert ctx is not None
            grad = gen.context_gradient(ctx.prompt, ctx.system, run.a0.text, ctx.spans)  # type: ignore[attr-defined]
            ixg = grad.spans["input_x_gradient"]
            norms = grad.spans["gradient_norm"]
            ranks["gradient_input_x"] = sorted((p.target for p in units), key=lambda t: -ixg.get(t, 0.0))
            ranks["gradient_input_x_abs"] = sorted((p.target for p in units), key=lambda t: -abs(ixg.get(t, 0.0)))
            ranks["gradient_norm"] = sorted((p.target for p in units), key=lambda t: -norms.get(t, 0.0))
            run.proxy_scores = {}  # the embedding proxy from here
            ranks["embedding"] = [p.target for p in run.by_promise(units)]
            candidates, rest = proxy_plan(run, units, 3)
            ranks["plan_embedding"] = [p.target for p in (*candidates, *rest)]
            baseline = run.baseline_score.logprob if run.baseline_score is not None else None
            rows.append({
                "qid": q["qid"], "question": run.question, "facts": facts, "answer": run.a0.text,
                "reproduced": reproduced, "saved_in": ref["file"], "saved_facts": ref["facts"],
                "saved_answer": ref["answer"], "loo_top3": loo_top3,
                "baseline_logprob": baseline, "attention_logprob": None if got is None else got.score.logprob,
                "logprob_diff": None if baseline is None or got is None else abs(baseline - got.score.logprob),
                "attention_pass": None if got is None else {"answer_tokens": got.answer_tokens,
                                                            "reused_tokens": got.reused_tokens,
                                                            "tokens": got.context_tokens,
                                                            "seconds": round(got.seconds, 3)},
                "seconds_baseline_and_attention": seconds,
                "gradient_pass": {"logprob": grad.score.logprob, "tokens": grad.context_tokens,
                                  "seconds": round(grad.seconds, 3)},
                "top3": {name: r[:3] for name, r in ranks.items()},
                "recall_at_3": {name: recall(r, loo_top3) for name, r in ranks.items()},
                "recall_at_10": {name: recall(r, loo_top3, 10) for name, r in ranks.items()},
                "loo_ranks": {name: [r.index(t) + 1 if t in r else None for t in loo_top3]
                              for name, r in ranks.items()},
                "attention_top10": sorted(attention.items(), key=lambda kv: -kv[1])[:10],
            })
            print(f"  {q['qid']}: reproduced {reproduced}, recall {rows[-1]['recall_at_3']}, "
                  f"diff {rows[-1]['logprob_diff']}, load {os.getloadavg()[0]:.1f}", file=sys.stderr)
        kept = [r for r in rows if r["reproduced"]]
        names = list(kept[0]["recall_at_3"]) if kept else []
        out = {"kb": info, "target": "smollm2", "loo_files": [p.name for p in args.loo],
               "questions": len(rows), "reproduced": len(kept),
               "recall_at_3_mean": {n: round(sum(r["recall_at_3"][n] for r in kept) / len(kept), 4)
                                    for n in names} if kept else {},
               "recall_at_10_mean": {n: round(sum(r["recall_at_10"][n] for r in kept) / len(kept), 4)
                                     for n in names} if kept else {},
               "seconds": round(time.perf_counter() - t0),
               "load_average": [load_start, [round(v, 2) for v in os.getloadavg()]], "rows": rows}
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({k: v for k, v in out.items() if k != "rows"}, indent=1))


if __name__ == "__main__":
    main()
