"""Replay bench_answer_cost's plans in process on cached contexts (plan only, no leave-one-out), against stored rows
(prints figures; not a test).

    python benchmarks/replay_plans.py --cache DIR [--seeds 11,23,...] [--per-hop 50] [--hops 2,3] [--min-facts 100]
                                      [--all-questions] [--retrieve-only] [--qids a,b] [--trace] [--json OUT]
                                      [--stored benchmarks/results/cost20/plan_only_e525c45.json]

The contexts: `bench_answer_cost.py --per-hop 50 --hops 2,3 --seed S --min-facts 100`'s, retrieved once with the
bench's own retriever and settings (an explainer built as the bench builds it, on a store holding the KB:
metaqa_full.kb_store, an embedded Neo4j started for the retrieval and stopped after it) and pickled under `--cache`
(`contexts_seed{S}.pkl`); later runs read them and need no server. By default only the questions the stored rows
list for the seed are retrieved (the sample's 100+-fact questions there; the size is checked again), every question
of the sample with `--all-questions` or for a seed the stored rows do not hold.

Each context is explained in process as the bench explains it (the extractive reader, edge removal, one baseline,
citation guidance off, the default scheduler `auto`, the question's hop count), and per plan printed: target calls,
top 3 (the facts above the noise floor), the answer, top-1 = the reader's evidence, and beside them the stored row's
(`--stored`: cost20's plan-only rows by default, whose `calls`, `top3` and `agree` the code of that branch gave).
Top-3 agreement is judged against the seed's stored leave-one-out top 3 (LOO_RUNS: each seed's earlier bench run);
a plan whose answer differs from that run's counts a miss. Pooled figures per seed and over every seed follow.
`--trace` prints each probe of a plan: the facts it removed (by name, a count beyond 6) and the reader's answer.
"""

from __future__ import annotations

import argparse
import json
import pickle
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
from xgrag.generate.base import Fact, Generation  # noqa: E402
from xgrag.generate.extractive import ExtractiveReader  # noqa: E402
from xgrag.model import Subgraph  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
# each seed's stored leave-one-out run (bench_answer_cost.py with leave-one-out beside the plan), as cost14-20 read
LOO_RUNS = {
    11: "cost7/replay_seed11.json",
    23: "cost9/answer_cost_extractive_100plus_seed23.json",
    29: "cost10/answer_cost_extractive_100plus_seed29.json",
    31: "cost11/answer_cost_extractive_100plus_seed31.json",
    37: "cost12/answer_cost_extractive_100plus_seed37.json",
    41: "cost13/answer_cost_extractive_100plus_seed41_637f87b.json",
    43: "cost14/answer_cost_extractive_100plus_seed43.json",
    47: "cost15/answer_cost_extractive_100plus_seed47.json",
    53: "cost16/answer_cost_extractive_100plus_seed53.json",
    59: "cost17/answer_cost_extractive_100plus_seed59.json",
    61: "cost18/answer_cost_extractive_100plus_seed61.json",
    67: "cost19/answer_cost_extractive_100plus_seed67.json",
    71: "cost20/answer_cost_extractive_100plus_seed71.json",
}
TUNING = (11, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67)


def loo_reference(seed: int) -> dict[str, tuple[list[str], str]]:
    """qid -> (leave-one-out's top 3, the answer) of the seed's stored run; empty when none is stored."""
    if seed not in LOO_RUNS:
        return {}
    rows = json.loads((RESULTS / LOO_RUNS[seed]).read_text())["rows"]
    return {r["qid"]: (r["exhaustive"]["top3"], r["answer"]) for r in rows if r.get("exhaustive")}


def stored_rows(path: Path | None) -> dict[int, dict[str, dict[str, Any]]]:
    """seed -> qid -> the stored plan-only row (cost20's format: {"seeds": {"11": [rows]}})."""
    if path is None or not path.exists():
        return {}
    data = json.loads(path.read_text())
    return {int(s): {r["qid"]: r for r in rows} for s, rows in data.get("seeds", {}).items()}


def bench_plans(seed: int) -> dict[str, dict[str, Any]]:
    """qid -> the plan's row of the seed's stored bench run (LOO_RUNS); empty when none is stored."""
    if seed not in LOO_RUNS:
        return {}
    rows = json.loads((RESULTS / LOO_RUNS[seed]).read_text())["rows"]
    return {r["qid"]: r["plan"] for r in rows}


class TracingReader(ExtractiveReader):
    """The extractive reader, noting each call's facts and answer (for --trace)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.log: list[tuple[frozenset[str], str]] = []

    def generate(self, prompt: str, system: str | None = None, *, question: str | None = None,
                 facts: tuple[Fact, ...] = ()) -> Generation:
        gen = super().generate(prompt, system, question=question, facts=facts)
        self.log.append((frozenset(x.id for x in facts), gen.text))
        return gen


def cache_path(args: argparse.Namespace, seed: int) -> Path:
    return Path(args.cache) / f"contexts_seed{seed}.pkl"


def retrieve_missing(seeds: list[int], args: argparse.Namespace, stored: dict[int, dict[str, Any]]) -> None:
    """Retrieve and pickle the 100+-fact contexts of each seed not cached yet, on one server holding the KB."""
    missing = [s for s in seeds if not cache_path(args, s).exists()]
    if not missing:
        return
    hops = tuple(int(h) for h in args.hops.split(","))
    with kb_store(kb=args.kb) as (store, _info):
        emb = default_embedder()
        base = ExplainSettings(strategies=("edge",), citation_guided=False, noise_runs=1)
        explainer = Explainer.from_settings(Settings(), store, generator=ExtractiveReader(emb), embedder=emb,
                                            explain=base)
        retriever = explainer.graph_retriever()  # the bench's own: the explainer's retrieval settings
        for seed in missing:
            t0 = time.perf_counter()
            sample = questions(args.per_hop, seed, hops, path=args.questions_path)
            listed = set(stored.get(seed) or bench_plans(seed))
            if listed and not args.all_questions:
                sample = [q for q in sample if q["qid"] in listed]
            out: list[dict[str, Any]] = []
            for q in sample:
                question = plain(q["question"])
                cfg = replace(base, hops=q["hops"])
                sub = retriever.retrieve(question, mode=cfg.mode, hops=cfg.hops)  # as the bench retrieves
                facts = len(sub.relationships)
                if facts >= args.min_facts:
                    out.append({"qid": q["qid"], "hops": q["hops"], "question": question, "facts": facts,
                                "subgraph": sub})
            Path(args.cache).mkdir(parents=True, exist_ok=True)
            cache_path(args, seed).write_bytes(pickle.dumps(out))
            print(f"seed {seed}: {len(out)} contexts of {len(sample)} questions retrieved in "
                  f"{time.perf_counter() - t0:.0f}s", file=sys.stderr)


def contexts(args: argparse.Namespace, seed: int) -> list[dict[str, Any]]:
    """The seed's cached 100+-fact contexts."""
    cached: list[dict[str, Any]] = pickle.loads(cache_path(args, seed).read_bytes())
    return cached


def name_of(sub: Subgraph, rid: str) -> str:
    r = sub.relationships.get(rid)
    if r is None:
        return rid
    names = {nid: n.name for nid, n in sub.nodes.items()}
    return f"{names.get(r.source, r.source)} -{r.label}-> {names.get(r.target, r.target)}"


def print_trace(log: list[tuple[frozenset[str], str]], sub: Subgraph) -> None:
    if not log:
        return
    full = log[0][0]
    for i, (present, answer) in enumerate(log):
        removed = sorted(full - present)
        what = "; ".join(name_of(sub, r) for r in removed) if len(removed) <= 6 else f"{len(removed)} facts"
        print(f"      {i}: -[{what}] -> {answer!r}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_data_args(ap, "--questions")
    ap.add_argument("--cache", type=Path, required=True, help="where the retrieved contexts are pickled")
    ap.add_argument("--seeds", default=",".join(str(s) for s in TUNING))
    ap.add_argument("--per-hop", type=int, default=50)
    ap.add_argument("--hops", default="2,3")
    ap.add_argument("--min-facts", type=int, default=100)
    ap.add_argument("--all-questions", action="store_true",
                    help="retrieve every question of the sample, not only those the stored rows list")
    ap.add_argument("--qids", default=None, help="only these question ids (comma-separated)")
    ap.add_argument("--stored", type=Path, default=RESULTS / "cost20" / "plan_only_e525c45.json",
                    help="stored plan-only rows to compare with (cost20's format)")
    ap.add_argument("--retrieve-only", action="store_true", help="cache the contexts, explain nothing")
    ap.add_argument("--trace", action="store_true", help="print each probe of each plan")
    ap.add_argument("--json", type=Path, default=None, help="write the rows here")
    args = ap.parse_args()
    stored = stored_rows(args.stored)
    only = set(args.qids.split(",")) if args.qids else None
    emb = default_embedder()
    reader = TracingReader(emb)
    base = ExplainSettings(strategies=("edge",), citation_guided=False, noise_runs=1)
    explainer = Explainer(None, reader, emb, base)
    seeds = [int(s) for s in args.seeds.split(",")]
    retrieve_missing(seeds, args, stored)
    if args.retrieve_only:
        return
    out: dict[str, list[dict[str, Any]]] = {}
    pooled: list[dict[str, Any]] = []
    for seed in seeds:
        ref = loo_reference(seed)
        # the stored plan-only rows, else the seed's stored bench run's plan rows (the branch that ran it)
        prior = stored.get(seed) or {q: {"calls": r["calls"], "top3": r["top3"], "agree": r["agree"]}
                                     for q, r in bench_plans(seed).items()}
        rows: list[dict[str, Any]] = []
        for c in contexts(args, seed):
            if only is not None and c["qid"] not in only:
                continue
            reader.log = []
            ex = explainer.explain(c["question"], settings=replace(base, hops=c["hops"]), subgraph=c["subgraph"])
            top3 = f.top_above_floor(ex, 3)
            ranked = f.ranked_facts(ex)
            evidence = bool(ranked) and ranked[0] in {e.id for e in ex.generator_evidence or []}
            loo = ref.get(c["qid"])
            agree = None if loo is None else set(top3) == set(loo[0]) and ex.answer == loo[1]
            flags = [s.proxy_confirmed for s in (ex.group_testing.strategies.values() if ex.group_testing else [])
                     if s.proxy_confirmed is not None]
            row = {"qid": c["qid"], "facts": c["facts"], "calls": ex.cost.generator_calls + ex.cost.scored_probes,
                   "top3": top3, "answer": ex.answer, "agree": agree, "ev": evidence,
                   "confirmed": all(flags) if flags else None}
            old = prior.get(c["qid"])
            if old is not None:
                row.update(stored_calls=old["calls"], stored_top3=old["top3"], stored_agree=old.get("agree"))
            rows.append(row)
            mark = "" if old is None else (" =" if (old["calls"], sorted(old["top3"])) == (row["calls"], sorted(top3))
                                           else f" (stored {old['calls']}, agree {old.get('agree')})")
            print(f"  seed {seed} {c['qid']} {c['facts']} facts: {row['calls']} calls, agree {agree}, ev {evidence}, "
                  f"confirmed {row['confirmed']}, {ex.answer!r}{mark}")
            if args.trace:
                print_trace(reader.log, c["subgraph"])
        out[str(seed)] = rows
        pooled += rows
        summary(f"seed {seed}", rows)
    if len(out) > 1:
        summary("pooled", pooled)
    if args.json:
        args.json.write_text(json.dumps({"seeds": out}, indent=1) + "\n")


def summary(label: str, rows: list[dict[str, Any]]) -> None:
    if not rows:
        return
    calls = [r["calls"] for r in rows]
    judged = [r for r in rows if r["agree"] is not None]
    line = (f"{label}: n {len(rows)}, calls mean {statistics.fmean(calls):.3f} (median {statistics.median(calls)}, "
            f"max {max(calls)}), <= 6: {sum(c <= 6 for c in calls)}, top-3 = stored LOO's "
            f"{sum(bool(r['agree']) for r in judged)}/{len(judged)}, top-1 = evidence "
            f"{sum(r['ev'] for r in rows)}/{len(rows)}")
    old = [r for r in rows if "stored_calls" in r]
    if old:
        same = sum((r["stored_calls"], sorted(r["stored_top3"])) == (r["calls"], sorted(r["top3"])) for r in old)
        line += (f"; stored rows: {len(old)}, calls mean {statistics.fmean(r['stored_calls'] for r in old):.3f}, "
                 f"same calls and top 3 {same}")
    print(line)


if __name__ == "__main__":
    main()
