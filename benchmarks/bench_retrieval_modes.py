"""Retrieval modes on the whole MetaQA KB (prints figures; not a test): k-hop, shortest paths, PCST-merge.

On ../shared/data/metaqa-full (kb.tsv, 129k triples, ingested with read_triples(..., "metaqa") + write_triples,
name embeddings stored with embed_entities), for a seeded sample of dev questions per hop count (--per-hop,
default 300): answer recall of the retrieved subgraph (an answer entity is in it; also the mean share of the
answers in it), subgraph size (nodes, relationships: mean/p50/p95), warm latency p50/p95 (after --warmup other
questions per mode), truncated / fallback rates; for khop / paths / pcst at 1, 2 and 3 hops, with the questions as
typed (brackets removed) and, as a second column, with MetaQA's [brackets] (linking's share).
PCST latency includes embedding the question (the per-question memo is cleared before each timed call); the
embedding's own time is reported apart. Also: question-to-candidate similarities computed in Cypher
(vector.similarity.cosine over stored embeddings) vs fetching the embeddings once and computing them in numpy.

Usage: python benchmarks/bench_retrieval_modes.py [--per-hop 300] [--seed 7] [--warmup 30] [--modes khop,paths,pcst]
       [--set FIELD=VALUE ...] [--kb PATH] [--questions PATH] [--json PATH]
Server: XGRAG_BENCH_URI / NEO4J_URI (a database that holds this KB already, or an empty one) else an embedded one
(benchmarks/metaqa_full.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

from bench_foundation import machine, retrieval_mode  # noqa: E402
from metaqa_full import add_data_args, kb_store  # noqa: E402

from xgrag.config import RetrievalSettings  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.retrieval import pcst as pcst_module  # noqa: E402
from xgrag.retrieval.modes import Mode  # noqa: E402
from xgrag.retrieval.retriever import Retriever  # noqa: E402

MODES: tuple[Mode, ...] = ("khop", "paths", "pcst")
HOPS = (1, 2, 3)
VARIANTS = ("plain", "brackets")


def norm(s: str) -> str:
    return " ".join(s.lower().split())


def plain(question: str) -> str:
    return question.replace("[", "").replace("]", "")


def pct(values: Sequence[float], q: float) -> float:
    return float(np.percentile(values, q)) if values else float("nan")


def spread(values: Sequence[float]) -> dict[str, float]:
    return {"mean": round(statistics.fmean(values), 2), "p50": round(pct(values, 50), 2),
            "p95": round(pct(values, 95), 2)} if values else {}


def sample(per_hop: int, seed: int, warmup: int, path: Path) -> tuple[list[dict], list[dict]]:
    qs = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    rng = random.Random(seed)
    timed: list[dict] = []
    spare: list[dict] = []
    for hop in HOPS:
        group = [q for q in qs if q["hops"] == hop]
        rng.shuffle(group)
        timed += group[:per_hop]
        spare += group[per_hop:per_hop + warmup]
    return timed, spare


def run_one(r: Retriever, question: str, mode: Mode, hops: int) -> tuple[Any, float]:
    if mode == "pcst":
        pcst_module._EMBEDDINGS.clear()  # time the question's embedding too
    t = time.perf_counter()
    sub = r.retrieve(question, mode=mode, hops=hops)
    return sub, (time.perf_counter() - t) * 1000


def measure(r: Retriever, timed: list[dict], spare: list[dict], modes: tuple[Mode, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for mode in modes:
        for q in spare:  # warm-up: other questions, every hop count
            for hops in HOPS:
                run_one(r, plain(q["question"]), mode, hops)
        for hops in HOPS:
            for variant in VARIANTS:
                rows = []
                for q in timed:
                    text = plain(q["question"]) if variant == "plain" else q["question"]
                    sub, ms = run_one(r, text, mode, hops)
                    names = {norm(n.name) for n in sub.nodes.values()}
                    answers = {norm(a) for a in q["answers"]}
                    rows.append({"qhops": q["hops"], "hit": bool(answers & names),
                                 "share": len(answers & names) / len(answers), "nodes": len(sub.nodes),
                                 "rels": len(sub.relationships), "ms": ms, "truncated": sub.truncated,
                                 "fallback": sub.fallback is not None, "seeds": len(sub.seeds)})
                for qh in sorted({x["qhops"] for x in rows}):  # the hop counts the question file has
                    part = [x for x in rows if x["qhops"] == qh]
                    out[f"{variant}|{mode}|{hops}|{qh}"] = {
                        "n": len(part),
                        "answer_recall": round(statistics.fmean(x["hit"] for x in part), 4),
                        "answer_share": round(statistics.fmean(x["share"] for x in part), 4),
                        "nodes": spread([x["nodes"] for x in part]),
                        "relationships": spread([x["rels"] for x in part]),
                        "latency_ms": spread([x["ms"] for x in part]),
                        "truncated": round(statistics.fmean(x["truncated"] for x in part), 4),
                        "fallback": round(statistics.fmean(x["fallback"] for x in part), 4),
                        "no_seed": round(statistics.fmean(x["seeds"] == 0 for x in part), 4),
                    }
                print(f"  {mode} hops={hops} {variant}: done", file=sys.stderr, flush=True)
    return out


def similarity_ways(r: Retriever, timed: list[dict], limit: int = 60) -> dict[str, Any]:
    """Similarities of a PCST candidate pool: in Cypher (stored embeddings) vs embeddings fetched + numpy."""
    store = r.store
    fetch = ("UNWIND $ids AS nid MATCH (n:Entity {id: nid}) RETURN n.id AS id, n.name_embedding AS e")
    cypher_ms, fetch_ms, sizes, worst = [], [], [], 0.0
    for q in timed[:limit]:
        text = plain(q["question"])
        vec = pcst_module.question_embedding(r, text)
        with store.reading():
            seeds = [le.node.id for le in r.link(text)]
            res = pcst_module.pcst_retrieve(r, text, seeds, 3)
            ids = sorted(res.similarity)
            t = time.perf_counter()
            a = store.read_plain("pcst_nodes", ids=ids, embedding=vec, excluded_node_ids=[])
            cypher_ms.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            rows = store.query(fetch, {"ids": ids}, plain=True)
            m = np.asarray([row["e"] for row in rows], dtype=np.float32)
            sims = (1 + m @ np.asarray(vec, dtype=np.float32) / np.linalg.norm(m, axis=1)) / 2
            fetch_ms.append((time.perf_counter() - t) * 1000)
        by_cypher = {row["node"][0]: row["sim"] for row in a}
        worst = max(worst, max(abs(by_cypher[row["id"]] - s) for row, s in zip(rows, sims, strict=True)))
        sizes.append(len(ids))
    return {"pools": len(sizes), "pool_size": spread(sizes), "cypher_ms": spread(cypher_ms),
            "fetch_numpy_ms": spread(fetch_ms), "max_abs_difference": float(worst)}


def embed_cost(timed: list[dict]) -> dict[str, float]:
    emb = default_embedder()
    ms = []
    for q in timed:
        t = time.perf_counter()
        emb.embed([plain(q["question"])])
        ms.append((time.perf_counter() - t) * 1000)
    return spread(ms)


def table(results: dict[str, Any], qh: int, modes: tuple[Mode, ...]) -> str:
    lines = [f"\n{qh}-hop questions (n={results[f'plain|{modes[0]}|1|{qh}']['n']})",
             f"{'mode':<6} {'hops':>4} | {'recall':>6} {'[br]':>6} | {'share':>5} | {'nodes mean/p50/p95':>20} | "
             f"{'rels mean/p50/p95':>20} | {'ms p50/p95':>13} {'[br] p50':>8} | {'trunc':>5} {'fallb':>5}"]
    for mode in modes:
        for hops in HOPS:
            p, b = results[f"plain|{mode}|{hops}|{qh}"], results[f"brackets|{mode}|{hops}|{qh}"]
            n, rel, lat = p["nodes"], p["relationships"], p["latency_ms"]
            lines.append(
                f"{mode:<6} {hops:>4} | {p['answer_recall']:>6.3f} {b['answer_recall']:>6.3f} | "
                f"{p['answer_share']:>5.3f} | {n['mean']:>7.1f}/{n['p50']:>5.0f}/{n['p95']:>5.0f} | "
                f"{rel['mean']:>7.1f}/{rel['p50']:>5.0f}/{rel['p95']:>5.0f} | "
                f"{lat['p50']:>6.1f}/{lat['p95']:>6.1f} {b['latency_ms']['p50']:>8.1f} | "
                f"{p['truncated']:>5.2f} {p['fallback']:>5.2f}")
    return "\n".join(lines)


def targets(results: dict[str, Any]) -> list[str]:
    if "plain|khop|2|2" not in results or "plain|pcst|2|2" not in results:
        return []
    k2, out = results["plain|khop|2|2"], []
    for hops in (2, 3):
        p = results[f"plain|pcst|{hops}|2"]
        gap = (k2["answer_recall"] - p["answer_recall"]) * 100
        ratio_n, ratio_r = p["nodes"]["mean"] / k2["nodes"]["mean"], \
            p["relationships"]["mean"] / k2["relationships"]["mean"]
        ok = gap <= 2 and ratio_n <= 0.5 and ratio_r <= 0.5
        out.append(f"2-hop questions, pcst hops={hops} vs khop hops=2: recall gap {gap:+.1f} points (<= 2), size "
                   f"{ratio_n:.2f}x nodes / {ratio_r:.2f}x relationships (<= 0.5): {'met' if ok else 'MISSED'}")
    for hops in HOPS:
        p50 = max(results[f"plain|pcst|{hops}|{qh}"]["latency_ms"]["p50"] for qh in HOPS
                  if f"plain|pcst|{hops}|{qh}" in results)
        out.append(f"pcst hops={hops} p50 latency (worst question group) {p50:.1f} ms (<= 50): "
                   f"{'met' if p50 <= 50 else 'MISSED'}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per-hop", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--warmup", type=int, default=30, help="other questions per hop count, run before timing")
    ap.add_argument("--modes", default=",".join(MODES), help="comma-separated subset of khop,paths,pcst")
    ap.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                    help="a RetrievalSettings field for this run, e.g. --set pcst_merge_nodes=50 (repeatable)")
    add_data_args(ap, "--questions")
    ap.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results" / "retrieval_modes.json")
    args = ap.parse_args()
    try:
        modes = tuple(retrieval_mode(m) for m in args.modes.split(",") if m)
    except ValueError as e:
        ap.error(f"--modes: {e}")
    if not modes or set(modes) - set(MODES):
        ap.error(f"--modes: choose from {', '.join(MODES)}")
    overrides = dict(item.split("=", 1) for item in args.set)
    settings = RetrievalSettings.model_validate(overrides)
    res: dict[str, Any] = {"machine": machine(), "load_average_start": [round(x, 2) for x in os.getloadavg()],
                           "settings": settings.model_dump(), "overrides": overrides, "per_hop": args.per_hop,
                           "seed": args.seed, "warmup_per_hop": args.warmup}
    # name embeddings stored unless the database holds them already (PCST, vector linking)
    with kb_store(embeddings=True, kb=args.kb) as (store, info):
        res["graph"] = info
        timed, spare = sample(args.per_hop, args.seed, args.warmup, args.questions_path)
        r = Retriever(store, settings, default_embedder())
        res["results"] = measure(r, timed, spare, modes)
        res["question_embedding_ms"] = embed_cost(timed)
        if "pcst" in modes:
            res["similarity_ways"] = similarity_ways(r, timed)
    res["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    res["targets"] = targets(res["results"])
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(res, indent=2, default=float))
    print(f"graph: {res['graph']}")
    print(f"n = {args.per_hop} dev questions per hop count (seed {args.seed}); recall = an answer entity is in "
          "the subgraph; plain = [brackets] removed, [br] = as given; latency warm, ms, includes linking "
          "(and for pcst the question's embedding)")
    for qh in HOPS:
        if f"plain|{modes[0]}|1|{qh}" in res["results"]:
            print(table(res["results"], qh, modes))
    print(f"\nquestion embedding alone (ms): {res['question_embedding_ms']}")
    print(f"similarities of a pcst pool (3 hops): {res.get('similarity_ways')}")
    print(f"load average start {res['load_average_start']} end {res['load_average_end']} "
          f"({res['machine']['cpus']} CPUs shared with other processes)")
    for line in res["targets"]:
        print(line)
    print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
