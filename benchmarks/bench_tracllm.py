"""TracLLM itself (tracllmkit 0.1.2) beside xgrag's hierarchical search, on the same facts and the same model
(prints figures; not a test).

tracllmkit's PerturbationBasedAttribution scores texts with a white-box model's log-probability of the answer
(Attribution.context_value: `tokenizer.encode(wrap_prompt(question, texts))`, one forward pass) and searches
with recursive halving keeping the top-K groups (`tracllm`). It takes any object with `.name`, `.model` and
`.tokenizer`, so SmolLM2-135M (xgrag.generate.smollm2.load_smollm2, the transformers model on CPU) drives it; no
weights are downloaded. Its imports need `pynvml` (imported, not used on CPU): install tracllmkit and pynvml with
`pip install --no-deps --target DIR tracllmkit==0.1.2 pynvml==11.5.3` and pass DIR as --tracllm-lib (its pinned
dependencies — torch 2.5.1, flash-attn, CUDA wheels — are not installed; the code paths used here need none).

For a seeded sample of unbracketed 2- and 3-hop dev questions of the whole MetaQA KB whose subgraph has
--min-facts..--max-facts facts: the facts as xgrag renders them are TracLLM's texts, SmolLM2's answer from
xgrag's prompt (greedy) is the answer to attribute, and per question:
- TracLLM search (K=3, score functions stc + loo, its defaults without the Shapley one) and TracLLM vanilla
  leave-one-out (attr_type="vanilla_perturb", loo): both in TracLLM's own prompt;
- xgrag leave-one-out and hierarchical search, both response_score="logprob" (xgrag's prompt).
Reported: forward passes (counted by a hook on the model), top-3 agreement of each search with the leave-one-out
of the same system (TracLLM search vs TracLLM LOO; xgrag hierarchical vs xgrag LOO), and across systems.

Usage: python benchmarks/bench_tracllm.py --tracllm-lib DIR [--questions 8] [--min-facts 30] [--max-facts 80]
                                         [--kb PATH] [--dev-questions PATH]
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
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.generate.prompt import render  # noqa: E402
from xgrag.generate.smollm2 import SmolLM2Generator, load_smollm2  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


class TracLLMModel:
    """What tracllmkit reads from its `llm`: a name without "gpt"/"gemini"/"claude"/"gemma" (white-box path),
    the model and the tokenizer."""

    def __init__(self) -> None:
        loaded = load_smollm2()
        self.name = "smollm2-135m-instruct"
        self.model = loaded.model
        self.tokenizer = loaded.tokenizer


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tracllm-lib", required=True, help="folder tracllmkit and pynvml were installed into")
    ap.add_argument("--questions", type=int, default=8)
    ap.add_argument("--min-facts", type=int, default=30)
    ap.add_argument("--max-facts", type=int, default=80)
    ap.add_argument("--seed", type=int, default=7)
    add_data_args(ap, "--dev-questions")
    ap.add_argument("--json", default=str(ROOT / "benchmarks" / "results" / "tracllm.json"))
    args = ap.parse_args()
    sys.path.insert(0, args.tracllm_lib)
    from tracllmkit.attribution.perturbation_based import PerturbationBasedAttribution

    llm = TracLLMModel()
    passes = {"n": 0}
    llm.model.register_forward_hook(lambda *_: passes.__setitem__("n", passes["n"] + 1))
    search = PerturbationBasedAttribution(llm, K=3, attr_type="tracllm", score_funcs=["stc", "loo"], verbose=0)
    vanilla = PerturbationBasedAttribution(llm, K=3, attr_type="vanilla_perturb", score_funcs=["loo"], verbose=0)

    def counted(fn: Any, *a: Any) -> tuple[Any, int]:
        before = passes["n"]
        out = fn(*a)
        return out, passes["n"] - before

    t0 = time.perf_counter()
    rows: list[dict[str, Any]] = []
    with kb_store(kb=args.kb) as (store, info):
        emb = default_embedder()
        gen = SmolLM2Generator(max_new_tokens=16)
        base = ExplainSettings(strategies=("edge",), citation_guided=False, noise_runs=1, concurrency=1,
                               response_score="logprob", dedup=False)
        explainer = Explainer.from_settings(Settings(), store, generator=gen, embedder=emb, explain=base)
        for q in questions(300, args.seed, (2, 3), path=args.questions_path):
            question = plain(q["question"])
            sub = explainer.graph_retriever().retrieve(question, hops=q["hops"])
            if not args.min_facts <= len(sub.relationships) <= args.max_facts:
                continue
            ctx = render(question, sub)
            facts = list(ctx.facts)
            texts = [f"{x.head} {x.relation} {x.tail}. " for x in facts]
            loo, loo_passes = counted(lambda s, qq=question: explainer.explain(qq, settings=s),
                                      replace(base, hops=q["hops"], scheduler="exhaustive"))
            answer = loo.answer
            hier, hier_passes = counted(lambda s, qq=question: explainer.explain(qq, settings=s),
                                        replace(base, hops=q["hops"], scheduler="hierarchical"))
            (_, ids_s, scores_s, _, _), tr_passes = counted(search.attribute, question, texts, answer)
            (_, ids_v, scores_v, _, _), van_passes = counted(vanilla.attribute, question, texts, answer)

            def top3(ids: list[int], scores: list[float], facts: list[Any] = facts) -> set[str]:
                ranked = sorted(zip(ids, scores, strict=True), key=lambda t: -t[1])
                return {facts[i].id for i, s in ranked[:3] if s > 0}

            ours_loo, ours_hier = set(f.top_above_floor(loo, 3)), set(f.top_above_floor(hier, 3))
            tr_search, tr_loo = top3(ids_s, scores_s), top3(ids_v, scores_v)
            rows.append({
                "qid": q["qid"], "hops": q["hops"], "facts": len(facts), "answer": answer,
                "passes": {"xgrag_loo": loo_passes, "xgrag_hierarchical": hier_passes,
                           "tracllm_search": tr_passes, "tracllm_loo": van_passes},
                "agree": {"xgrag_hierarchical_vs_xgrag_loo": ours_hier == ours_loo,
                          "tracllm_search_vs_tracllm_loo": tr_search == tr_loo,
                          "tracllm_loo_vs_xgrag_loo": tr_loo == ours_loo,
                          "tracllm_search_vs_xgrag_loo": tr_search == ours_loo},
                "top3": {"xgrag_loo": sorted(ours_loo), "xgrag_hierarchical": sorted(ours_hier),
                         "tracllm_search": sorted(tr_search), "tracllm_loo": sorted(tr_loo)},
            })
            print(f"  {q['qid']}: {len(facts)} facts, passes {rows[-1]['passes']}, "
                  f"{time.perf_counter() - t0:.0f}s", file=sys.stderr)
            if len(rows) >= args.questions:
                break
    keys = ("xgrag_loo", "xgrag_hierarchical", "tracllm_search", "tracllm_loo")
    out = {
        "kb": info, "tracllmkit": "0.1.2 (its own code: PerturbationBasedAttribution, tracllm / vanilla_perturb)",
        "model": "SmolLM2-135M-Instruct (transformers, CPU) for both systems", "questions": len(rows),
        "load_average_end": list(os.getloadavg()), "seconds": round(time.perf_counter() - t0),
        "passes_mean": {k: round(statistics.mean(r["passes"][k] for r in rows), 1) for k in keys} if rows else {},
        "agreement": {k: round(sum(r["agree"][k] for r in rows) / len(rows), 3) for k in rows[0]["agree"]}
        if rows else {},
        "rows": rows,
    }
    Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({k: v for k, v in out.items() if k != "rows"}, indent=1))


if __name__ == "__main__":
    main()
