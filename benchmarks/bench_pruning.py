"""Importance-guided context pruning on the whole MetaQA KB (Ex-GraphRAG Table 3 shape; prints figures, not a test).

For a seeded sample of dev questions per hop count: retrieve the question's k-hop subgraph (k = its hop count;
bracketed questions, since linking is not what is measured), explain the reader's answer with node removal
(leave-one-out), then answer again from contexts built with those importances:
  full                the whole deduplicated context
  top-k               only the k most important entities (k = 5, 10, 25, and 25% of the entities), the facts
                      among them
  top-k + bridges     those plus the entities on shortest paths between them (Ex-GraphRAG's bridges)
  reordered           the whole context, facts touching the most important entities first
Ties in importance (most entities move nothing on their own) are broken by the name's embedding similarity to the
question, then by id. Hits@1 = the answer is a gold answer. Both readers here are order-invariant (they read the
facts as a set), so "reordered" equals "full" by construction; it matters for language models.

Usage: python benchmarks/bench_pruning.py [--per-hop 100] [--seed 11] [--hops 1,2,3] [--generator extractive]
                                         [--kb PATH] [--questions PATH] [--json PATH]
Server: XGRAG_BENCH_URI / NEO4J_URI (holding the KB, or empty) else an embedded one (see benchmarks/metaqa_full.py).
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_foundation import machine  # noqa: E402
from metaqa_full import add_data_args, correct, kb_store, questions  # noqa: E402

from xgrag.config import Settings  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.explain.pruning import importance_order, pruned, top_nodes, with_bridges  # noqa: E402
from xgrag.generate.factory import make_generator  # noqa: E402
from xgrag.generate.prompt import render  # noqa: E402
from xgrag.model import Explanation, Subgraph  # noqa: E402

KS: tuple[int | str, ...] = (5, 10, 25, "25%")


def contexts(ex: Explanation, graph: Subgraph, tiebreak: dict[str, float]) -> dict[str, tuple[Subgraph, list[str]]]:
    out: dict[str, tuple[Subgraph, list[str]]] = {"full": (graph, []),
                                                   "reordered": (graph, importance_order(ex, graph))}
    for k in KS:
        n = max(1, round(len(graph.nodes) * 0.25)) if k == "25%" else int(k)
        keep = top_nodes(ex, graph, n, tiebreak)
        out[f"top-{k}"] = (pruned(graph, keep), [])
        out[f"top-{k} + bridges"] = (with_bridges(graph, keep), [])
    return out


def run(store: Any, sample: list[dict[str, Any]], spec: str) -> list[dict[str, Any]]:
    emb = default_embedder()
    gen = make_generator(spec, embedder=emb) if spec == "extractive" else make_generator(spec)
    base = ExplainSettings(strategies=("node",), noise_runs=1, scheduler="exhaustive")
    explainer = Explainer.from_settings(Settings(), store, generator=gen, embedder=emb, explain=base)
    rows = []
    t0 = time.perf_counter()
    for i, q in enumerate(sample):
        ex = explainer.explain(q["question"], settings=replace(base, hops=q["hops"]))
        graph = ex.subgraph.to_subgraph(ex.paths)
        names = sorted({n.name for n in graph.nodes.values()})
        vec = dict(zip([*names, q["question"]], emb.embed([*names, q["question"]]), strict=True))
        tiebreak = {nid: float(vec[n.name] @ vec[q["question"]]) for nid, n in graph.nodes.items()}
        row: dict[str, Any] = {"qid": q["qid"], "hops": q["hops"], "entities": len(graph.nodes),
                               "facts": len(graph.relationships), "configs": {}}
        for name, (sub, first) in contexts(ex, graph, tiebreak).items():
            ctx = render(q["question"], sub, first=first)
            answer = gen.generate(ctx.prompt, ctx.system, question=ctx.question, facts=ctx.facts).text
            row["configs"][name] = {"correct": correct(answer.rstrip("."), q["answers"]),
                                    "facts": len(sub.relationships), "entities": len(sub.nodes)}
        rows.append(row)
        if (i + 1) % 25 == 0:
            print(f"  {spec}: {i + 1}/{len(sample)} questions, {time.perf_counter() - t0:.0f}s", file=sys.stderr)
    return rows


def table(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for hops in sorted({r["hops"] for r in rows}):
        group = [r for r in rows if r["hops"] == hops]
        full = sum(r["configs"]["full"]["correct"] for r in group) / len(group)
        out[f"{hops}-hop"] = {name: {
            "hits@1": round(sum(r["configs"][name]["correct"] for r in group) / len(group), 3),
            "change_vs_full": round(sum(r["configs"][name]["correct"] for r in group) / len(group) - full, 3),
            "facts_mean": round(statistics.mean(r["configs"][name]["facts"] for r in group), 1),
            "n": len(group)} for name in group[0]["configs"]}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per-hop", type=int, default=100)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--hops", default="1,2,3")
    add_data_args(ap, "--questions")
    ap.add_argument("--generator", action="append", default=None, help="repeatable; default: extractive")
    ap.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results" / "pruning.json")
    args = ap.parse_args()
    specs = args.generator or ["extractive"]
    res: dict[str, Any] = {"machine": machine(), "load_average_start": [round(x, 2) for x in os.getloadavg()],
                           "per_hop": args.per_hop, "seed": args.seed, "ks": [str(k) for k in KS], "readers": {}}
    sample = questions(args.per_hop, args.seed, tuple(int(h) for h in args.hops.split(",")), path=args.questions_path)
    with kb_store(kb=args.kb) as (store, info):
        res["graph"] = info
        for spec in specs:
            rows = run(store, sample, spec)
            res["readers"][spec] = {"table": table(rows), "questions": rows}
    res["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(res, indent=2))
    print(f"graph: {res['graph']}; n = {args.per_hop} dev questions per hop count (seed {args.seed})")
    for spec, r in res["readers"].items():
        print(f"\n{spec}: Hits@1 (change vs full) [mean facts kept]")
        configs = list(next(iter(r["table"].values())))
        print("| context | " + " | ".join(r["table"]) + " |")
        print("|---|" + "---|" * len(r["table"]))
        for name in configs:
            cells = [f"{v[name]['hits@1']:.2f} ({v[name]['change_vs_full']:+.2f}) [{v[name]['facts_mean']:.0f}]"
                     for v in r["table"].values()]
            print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
