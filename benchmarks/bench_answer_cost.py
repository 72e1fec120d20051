"""An explanation's cost in target-model calls, beside leave-one-out's, on the whole MetaQA KB (prints figures; not
a test).

    python benchmarks/bench_answer_cost.py [--kb PATH] [--questions PATH] [--per-hop 30] [--hops 2,3] [--seed 7]
                                           [--generator extractive|smollm2] [--scheduler auto] [--min-facts 0]
                                           [--max-facts N] [--n N] [--response-score shift|logprob]
                                           [--proxy embedding|attention]
                                           [--json benchmarks/results/answer_cost.json]

Questions: a seeded sample of MetaQA-format dev questions per hop count (`--questions`, default the shared
metaqa-full dev set), without the [brackets], each asked of the KB (`--kb`, default the shared kb.tsv, ingested into
XGRAG_BENCH_URI or an embedded Neo4j started for the run). The target: the extractive reference reader
(deterministic) or SmolLM2-135M in process (`--generator smollm2`, temperature 0). Per question the plan under test
(`--scheduler`, default `auto`: what a user gets) and leave-one-out (`exhaustive`, the reference) with the same
target, edge removal, one baseline (a deterministic target: the answer is the one call a user pays anyway), blind
(citation guidance off: the explainer never sees the facts the reader says it used; they are read afterwards).

Per hop count:
- target_calls_mean: the target's calls per explanation, the baseline answer included (what it costs beyond the
  answer is this minus 1); exhaustive_calls_mean the same under leave-one-out;
- top3_agreement: the facts above the noise floor among the top 3 are the same set as leave-one-out's
  (xgrag.evaluate.faithfulness.agreement);
- top3_moving_agreement: the same among the facts whose removal alone moves a0 by the explainer's own criterion
  (faithfulness.moving_agreement): identical to top3_agreement under "shift"; under "logprob" the facts whose removal
  lowers log P(a0) by at least `logprob_change` (ln 2), not the near-ties far below it that the noise floor (0 for a
  deterministic pass) lets into a top 3;
- top1_is_evidence: the top fact is one the reader reports it answered from (read only here); top1_evidence_or_
  support also counts a fact from which alone the target gives the same answer (for a target that reports no
  evidence, SmolLM2, only that one means anything);
- top1_evidence_or_alternative: the top fact is evidence, or it was found necessary under redundant support and one
  of its alternatives (Component.alternatives: its parallels removed before it, the answer staying) is;
- proxy_confirmed: the share of explanations whose proxy ranking the sufficiency probe confirmed (scheduler proxy);
  per row `kept_share`: under logprob, when that probe lowered log P(a0) past logprob_change, the share of the facts'
  effect on a0 the candidates kept alone (xgrag.explain.scoring.kept_share; the rest is cleared at
  sufficiency_share and above).
`--min-facts N` keeps only questions whose context holds N+ facts (the issue's "100+ facts" figures), `--max-facts`
at most that many; the context is retrieved once and the size checked before anything is explained (a slow target
explains only the questions kept), then both plans explain that same subgraph. `--n` stops after that many kept
questions, `--qids a,b` keeps only those of the sample. `--response-score logprob` scores a0 on each probe (one
forward pass, SmolLM2 only) instead of generating: the target's calls are then the baseline's generation plus the
scored probes (`calls` counts both). `--proxy attention` ranks the proxy-first plan's candidates by the target's own
attention to each fact while it reads a0 (a white-box mode, SmolLM2 only; ExplainSettings.proxy): its one pass over
a0's tokens is counted in `calls` as a scored pass; leave-one-out is the same either way.
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
from xgrag.explain.schedulers import resolve_scheduler  # noqa: E402
from xgrag.explain.settings import PROXY_NAMES, SCHEDULER_NAMES  # noqa: E402
from xgrag.generate.base import Generator  # noqa: E402
from xgrag.generate.extractive import ExtractiveReader  # noqa: E402
from xgrag.model import Explanation  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def target(spec: str, embedder: Any) -> Generator:
    if spec == "extractive":
        return ExtractiveReader(embedder)
    from xgrag.generate.factory import make_generator

    return make_generator(spec)


def mean(values: list[float]) -> float | None:
    return round(statistics.fmean(values), 4) if values else None


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for hop in sorted({r["hops"] for r in rows}):
        group = [r for r in rows if r["hops"] == hop]
        calls = [r["plan"]["calls"] for r in group]
        out[str(hop)] = {
            "n": len(group),
            "facts_mean": mean([r["facts"] for r in group]),
            "target_calls_mean": mean(calls),
            "target_calls_max": max(calls),
            "exhaustive_calls_mean": mean([r["exhaustive"]["calls"] for r in group if r["exhaustive"]]),
            # over the questions leave-one-out ran for (--exhaustive-first): n_exhaustive
            "n_exhaustive": sum(1 for r in group if r["exhaustive"]),
            "top3_agreement": mean([float(r["plan"]["agree"]) for r in group if r["plan"]["agree"] is not None]),
            # among the facts whose removal alone moves a0 by the explainer's criterion (faithfulness.top_moving):
            # the same as top3_agreement under "shift"; under "logprob" the facts past logprob_change
            "top3_moving_agreement": mean([float(r["plan"]["agree_moving"]) for r in group
                                           if r["plan"].get("agree_moving") is not None]),
            "top1_is_evidence": mean([float(r["plan"]["top1_evidence"]) for r in group]),
            "top1_evidence_or_support": mean([float(r["plan"]["top1_support"]) for r in group]),
            "top1_evidence_or_alternative": mean([float(r["plan"]["top1_alternative"]) for r in group
                                                  if r["plan"].get("top1_alternative") is not None]),
            "exhaustive_top1_evidence_or_alternative": mean([float(r["exhaustive"]["top1_alternative"])
                                                             for r in group if r["exhaustive"]
                                                             and r["exhaustive"].get("top1_alternative") is not None]),
            "exhaustive_top1_is_evidence": mean([float(r["exhaustive"]["top1_evidence"]) for r in group
                                                 if r["exhaustive"]]),
            "proxy_confirmed": mean([float(r["plan"]["proxy_confirmed"]) for r in group
                                     if r["plan"]["proxy_confirmed"] is not None]),
            "target_calls_median": statistics.median(calls),
            "target_calls_sd": round(statistics.stdev(calls), 4) if len(calls) > 1 else None,
            "calls_at_most_6": sum(c <= 6 for c in calls),
            "plan_seconds_mean": mean([r["plan"]["seconds"] for r in group]),
            "exhaustive_seconds_mean": mean([r["exhaustive"]["seconds"] for r in group if r["exhaustive"]]),
            "reader_correct": mean([float(r["correct"]) for r in group]),
            "schedulers": sorted({r["plan"]["scheduler"] for r in group}),
        }
    return out


def row_of(name: str, ex: Explanation, loo: Explanation | None, ask: f.Ask, same: Any) -> dict[str, Any]:
    evidence, support = f.evidence_or_support(ex, ask, same)
    confirmed = None
    shares: list[float] = []
    ceiling_hit = False
    entity_candidates: int | None = None
    proxy: str | None = None
    if ex.group_testing is not None:
        # the leave-one-out ceiling hit (the search finished as leave-one-out), and the facts of the answer's
        # entities verified alone after an unconfirmed proxy (xgrag.explain.schedulers.group / proxy)
        ceiling_hit = any(s.loo_ceiling_hit for s in ex.group_testing.strategies.values())
        entity_candidates = next((s.answer_entity_candidates for s in ex.group_testing.strategies.values()
                                  if s.answer_entity_candidates is not None), None)
        flags = [s.proxy_confirmed for s in ex.group_testing.strategies.values() if s.proxy_confirmed is not None]
        confirmed = all(flags) if flags else None
        # under logprob, when the sufficiency probe's drop crossed logprob_change: the share of the facts' effect
        # the candidates kept alone (confirmed at sufficiency_share and above)
        shares = [s.kept_share for s in ex.group_testing.strategies.values() if s.kept_share is not None]
        proxy = next((s.proxy for s in ex.group_testing.strategies.values() if s.proxy is not None), None)
    # the target's calls: generations (the baseline's answer included) and, under the logprob score, the forward
    # passes that scored a0 on a probe (no decoding, but one pass of the target each)
    return {"calls": ex.cost.generator_calls + ex.cost.scored_probes, "generations": ex.cost.generator_calls,
            "scored_probes": ex.cost.scored_probes, "agree": None if loo is None else f.agreement(ex, loo),
            "agree_moving": None if loo is None else f.moving_agreement(ex, loo), "top3_moving": f.top_moving(ex, 3),
            "top1_evidence": evidence,
            "top1_support": support, "top1_alternative": f.top1_evidence_or_alternative(ex),
            "top1_alternatives": sum(len(c.alternatives or ()) for c in ex.top("edge", 1)),
            "proxy_confirmed": confirmed, "kept_share": shares[0] if shares else None,
            "loo_ceiling_hit": ceiling_hit, "answer_entity_candidates": entity_candidates, "proxy": proxy,
            "seconds": ex.cost.seconds,
            "scheduler": ex.group_testing.scheduler if ex.group_testing is not None else name,
            "top3": f.top_above_floor(ex, 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_data_args(ap, "--questions")
    ap.add_argument("--per-hop", type=int, default=30)
    ap.add_argument("--hops", default="2,3")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--generator", default="extractive", help="extractive | smollm2 | any generator spec")
    ap.add_argument("--scheduler", default="auto", choices=SCHEDULER_NAMES, help="the plan under test")
    ap.add_argument("--min-facts", type=int, default=0, help="only questions whose context holds this many facts")
    ap.add_argument("--max-facts", type=int, default=None, help="only questions whose context holds at most this many")
    ap.add_argument("--n", type=int, default=None, help="stop after this many questions kept")
    ap.add_argument("--response-score", default="shift", choices=("shift", "logprob"))
    ap.add_argument("--proxy", default="embedding", choices=PROXY_NAMES,
                    help="what ranks the proxy-first plan's candidates (attention: the target's own, SmolLM2)")
    ap.add_argument("--exhaustive-first", type=int, default=None,
                    help="leave-one-out (agreement) only for the first N questions kept (a slow target)")
    ap.add_argument("--qids", default=None,
                    help="only these question ids of the sample (comma-separated; e.g. leave-one-out on a few)")
    ap.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results" / "answer_cost.json")
    args = ap.parse_args()
    hops = tuple(int(h) for h in args.hops.split(","))
    sample = questions(args.per_hop, args.seed, hops, path=args.questions_path)
    if args.qids:
        sample = [q for q in sample if q["qid"] in set(args.qids.split(","))]
    rows: list[dict[str, Any]] = []
    skipped = 0
    t0 = time.perf_counter()
    load_start = [round(v, 2) for v in os.getloadavg()]
    with kb_store(kb=args.kb) as (store, info):
        emb = default_embedder()
        gen = target(args.generator, emb)

        def write(rows: list[dict[str, Any]], skipped: int) -> dict[str, Any]:
            out: dict[str, Any] = {
                "kb": info, "target": args.generator if args.generator != "extractive" else
                "extractive reference reader (citation guidance off: blind)",
                "scheduler": args.scheduler, "response_score": args.response_score, "proxy": args.proxy,
                "seed": args.seed,
                "min_facts": args.min_facts, "max_facts": args.max_facts, "questions": len(rows),
                "skipped_by_size": skipped, "seconds": round(time.perf_counter() - t0),
                "load_average": [load_start, [round(v, 2) for v in os.getloadavg()]],
                "per_hop": summarize(rows), "all_hops": summarize([{**r, "hops": 0} for r in rows]).get("0"),
                "rows": rows}
            args.json.write_text(json.dumps(out, indent=1) + "\n")
            return out

        base = ExplainSettings(strategies=("edge",), citation_guided=False, noise_runs=1, scheduler=args.scheduler,
                               response_score=args.response_score, proxy=args.proxy)
        explainer = Explainer.from_settings(Settings(), store, generator=gen, embedder=emb, explain=base)
        retriever = explainer.graph_retriever()  # the explainer's own retrieval settings
        for i, q in enumerate(sample):
            if args.n is not None and len(rows) >= args.n:
                break
            question = plain(q["question"])
            cfg = replace(base, hops=q["hops"])
            # the context once, its size checked before anything is explained; both plans explain this subgraph
            sub = retriever.retrieve(question, mode=cfg.mode, hops=cfg.hops)  # as the explainer retrieves
            facts = len(sub.relationships)
            if facts < args.min_facts or (args.max_facts is not None and facts > args.max_facts):
                skipped += 1
                continue
            plan = explainer.explain(question, settings=cfg, subgraph=sub)
            loo = explainer.explain(question, settings=replace(cfg, scheduler="exhaustive"), subgraph=sub) \
                if args.exhaustive_first is None or len(rows) < args.exhaustive_first else None
            ref = loo or plan
            graph = ref.subgraph.to_subgraph()
            order = promise_order(question, graph, emb) if ref.cost.prefix and ref.cost.prefix.order == "promise" \
                else None
            ask = f.ask_generator(gen, question, graph, order)
            same = f.same_answer_rule(ref.answer, None if args.generator == "extractive" else emb,
                                      1.0 if args.generator == "extractive" else 0.9)
            rows.append({"qid": q["qid"], "hops": q["hops"], "question": question, "facts": facts,
                         "answer": plan.answer,
                         "same_answer_as_exhaustive": None if loo is None else plan.answer == loo.answer,
                         "correct": f.norm(ref.answer) in {f.norm(a) for a in q["answers"]},
                         "resolved": resolve_scheduler(cfg, facts),
                         "plan": row_of(args.scheduler, plan, loo, ask, same),
                         "exhaustive": None if loo is None else row_of("exhaustive", loo, loo, ask, same)})
            print(f"  {i + 1}/{len(sample)} {q['qid']} {facts} facts: {rows[-1]['plan']['calls']} vs "
                  f"{loo.cost.generator_calls + loo.cost.scored_probes if loo else '-'} calls, "
                  f"agree {rows[-1]['plan']['agree']}, "
                  f"{time.perf_counter() - t0:.0f}s, load {os.getloadavg()[0]:.1f}", file=sys.stderr)
            write(rows, skipped)  # after every question: a run cut short keeps what it measured
        out = write(rows, skipped)
    print(json.dumps({k: v for k, v in out.items() if k != "rows"}, indent=1))
    print(f"wrote {args.json}", file=sys.stderr)


if __name__ == "__main__":
    main()
