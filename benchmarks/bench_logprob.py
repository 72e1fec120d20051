"""Response scores compared with SmolLM2 on the whole MetaQA KB (prints figures; not a test).

Part a (`--part a`): for a seeded slice of unbracketed dev questions (`--one-hop` 1-hop + `--two-hop` 2-hop whose
retrieved k-hop subgraph has 2..`--max-facts` facts), leave-one-out edge removal (scheduler exhaustive, redundancy
resolution and citation guidance off: blind) twice over the same subgraph with SmolLM2-135M at temperature 0:

  shift   : a new answer generated per removal, importance 1 - cos(E(a0), E(a_p))  (XGRAG);
  logprob : log P(a0 | perturbed context) per removal, one forward pass, importance 1 - P(a0|G')/P(a0|G).

Per question: Spearman between the two importance vectors, overlap of their top 3, the tie-aware rank of the gold
triple(s) under each (the explainer never sees them), and per probe the model seconds, wall seconds of the probe
phase and forward passes (a hook on the model counts them). Writes benchmarks/results/logprob.json.

Part b (`--part b`): temperature 0 vs 1.0 on the first `--temperature-questions` questions of the slice with at most
`--b-max-facts` facts. SmolLM2 samples with `torch.manual_seed(seed)` before every call ("seeded per call", as the
eval's temperature ablation does with HOT_SEEDS), so repeats of one generator give the same sample: the noise floor
at temperature 1 is the spread of the baseline answers of generators seeded 1..`--floor-seeds`. Then: leave-one-out
(shift, and logprob of each seed's own a0) per generator seed and the Jaccard of their top 3 across seeds; random
masks (KG-SMILE, `--masks` per run) with seed s for the masks and, at temperature 1, for the generator too: the
LASSO surrogate's held-out LDS and the Jaccard of its top 3 across the two seeds. Writes
benchmarks/results/logprob_temperature.json.

XGRAG_BENCH_URI / NEO4J_URI: a database holding the KB, or an empty one (the KB is ingested); else an embedded Neo4j
is started and the KB ingested. --kb / --dev-questions: another MetaQA-format KB and question file.
Usage: python benchmarks/bench_logprob.py --part a|b [--seed 11] [--kb PATH] [--dev-questions PATH] [--json PATH]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parent))
from metaqa_full import add_data_args, correct, kb_store, norm, plain, questions  # noqa: E402

from xgrag.config import Settings  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.generate.prompt import render  # noqa: E402
from xgrag.generate.smollm2 import SmolLM2Generator, load_smollm2  # noqa: E402
from xgrag.model import Explanation, Subgraph  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"


@contextmanager
def store_for_bench(kb: Path) -> Iterator[Neo4jStore]:
    """metaqa_full's store holding the KB `kb` (ingested unless the database holds a KB already)."""
    with kb_store(kb=kb) as (store, _):
        yield store


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def spread(values: list[float]) -> dict[str, Any]:
    xs = [v for v in values if v is not None and np.isfinite(v)]
    if not xs:
        return {"n": 0}
    return {"n": len(xs), "mean": round(statistics.mean(xs), 4), "sd": round(statistics.pstdev(xs), 4),
            "median": round(statistics.median(xs), 4), "p10": round(float(np.percentile(xs, 10)), 4),
            "p90": round(float(np.percentile(xs, 90)), 4), "min": round(min(xs), 4), "max": round(max(xs), 4)}


def edge_importance(ex: Explanation) -> dict[str, float]:
    return {c.id: float(c.importance) for c in ex.components if c.strategy == "edge" and c.importance is not None}


def top3(ex: Explanation) -> list[str]:
    return [c.id for c in ex.top("edge", 3)]


def mid_ranks(imp: dict[str, float]) -> dict[str, float]:
    """Tie-aware ranks (1 = most important; tied components share their mean rank), so a gold triple tied with
    others at the top is not credited with rank 1 by the id tie-break."""
    ids = sorted(imp)
    ranks = stats.rankdata([-imp[i] for i in ids], method="average")
    return {i: float(r) for i, r in zip(ids, ranks, strict=True)}


def gold_ids(ex: Explanation, gold: set[tuple[str, str, str]]) -> list[str]:
    names = {n["id"]: n["name"] for n in ex.subgraph.model_dump(mode="json")["nodes"]}
    return [r["id"] for r in ex.subgraph.model_dump(mode="json")["relationships"]
            if (norm(names[r["source"]]), r["label"], norm(names[r["target"]])) in gold]


def overlap(a: list[str], b: list[str]) -> float:
    """Shared share of two top-3 lists (of a subgraph with fewer than 3 facts: of all of them)."""
    return len(set(a) & set(b)) / max(1, min(len(a), len(b)))


def jaccard(a: list[str], b: list[str]) -> float:
    return len(set(a) & set(b)) / len(set(a) | set(b)) if set(a) | set(b) else 1.0


def pairwise_jaccard(tops: list[list[str]]) -> float | None:
    pairs = list(itertools.combinations(tops, 2))
    return round(statistics.mean(jaccard(a, b) for a, b in pairs), 4) if pairs else None


class PassCounter:
    """Forward passes of the (shared, process-wide) SmolLM2 model, counted by a hook."""

    def __init__(self) -> None:
        self.n = 0
        load_smollm2().model.register_forward_hook(self._hook)

    def _hook(self, module: Any, inputs: Any, output: Any) -> None:
        self.n += 1


def select(store: Neo4jStore, explainer: Explainer, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The slice: the first questions of a seeded shuffle whose retrieved subgraph has 2..max_facts facts."""
    chosen: list[dict[str, Any]] = []
    for hop, want in ((1, args.one_hop), (2, args.two_hop)):
        got = 0
        for q in questions(400, args.seed, (hop,), path=args.questions_path):
            if got >= want:
                break
            question = plain(q["question"])
            sub = explainer.graph_retriever().retrieve(question, mode="khop", hops=hop)
            if 2 <= len(sub.relationships) <= args.max_facts and not sub.truncated:
                chosen.append({**q, "plain": question, "subgraph": sub})
                got += 1
    return chosen


def explain_timed(explainer: Explainer, q: dict[str, Any], cfg: ExplainSettings,
                  passes: PassCounter) -> tuple[Explanation, dict[str, Any]]:
    """One explanation over the question's subgraph, with the probe phase's wall seconds and forward passes (from
    the baseline's end, which the progress callback marks, to the end)."""
    mark: dict[str, float] = {}

    def progress(phase: str, advance: int, total: int | None) -> None:
        if phase == "baseline" and "t" not in mark:
            mark.update(t=time.perf_counter(), passes=passes.n)

    sub: Subgraph = q["subgraph"]
    t0 = time.perf_counter()
    ex = explainer.explain(q["plain"], settings=cfg, subgraph=sub, progress=progress)
    t1 = time.perf_counter()
    probes = max(1, ex.cost.perturbations)
    # per model call (probes and the baseline alike): generations under shift, scored probes under logprob
    model_seconds, calls = ((ex.cost.scoring_seconds, ex.cost.scored_probes) if cfg.response_score == "logprob"
                            else (ex.cost.generator_seconds, ex.cost.generator_calls))
    timing = {"probes": ex.cost.perturbations, "seconds_total": round(t1 - t0, 3),
              "probe_phase_wall_per_probe": round((t1 - mark["t"]) / probes, 4),
              "forward_passes_per_probe": round((passes.n - mark["passes"]) / probes, 3),
              "model_seconds_per_call": round(model_seconds / max(1, calls), 4),
              "generator_calls": ex.cost.generator_calls, "scored_probes": ex.cost.scored_probes}
    return ex, timing


def part_a(args: argparse.Namespace) -> dict[str, Any]:
    emb = default_embedder()
    gen = SmolLM2Generator(max_new_tokens=args.max_tokens)
    passes = PassCounter()
    base = ExplainSettings(strategies=("edge",), scheduler="exhaustive", noise_runs=1, resolve_redundancy=False,
                           citation_guided=False, generator_synonyms=False, concurrency=1)
    rows: list[dict[str, Any]] = []
    la0 = loadavg()
    t_start = time.perf_counter()
    with store_for_bench(args.kb) as store:
        explainer = Explainer.from_settings(Settings(), store, generator=gen, embedder=emb, explain=base)
        slice_ = select(store, explainer, args)
        print(f"slice: {len(slice_)} questions, facts {[len(q['subgraph'].relationships) for q in slice_]}",
              file=sys.stderr)
        for i, q in enumerate(slice_):
            runs: dict[str, Explanation] = {}
            row: dict[str, Any] = {"qid": q["qid"], "hops": q["hops"], "question": q["plain"],
                                   "facts": len(q["subgraph"].relationships)}
            for score in ("shift", "logprob"):
                ex, timing = explain_timed(explainer, q, replace(base, response_score=score), passes)
                runs[score] = ex
                row[score] = timing
            shift, lp = runs["shift"], runs["logprob"]
            assert shift.answer == lp.answer, "temperature 0: both runs must explain the same a0"
            row["answer"] = shift.answer
            # SmolLM2 answers in sentences: correct when a gold answer occurs in it as words
            row["correct"] = correct(shift.answer.rstrip("."), q["answers"]) or any(
                f" {norm(g)} " in f" {norm(shift.answer)} " for g in q["answers"])
            row["baseline_logprob"] = lp.baseline_logprob
            gold = {(norm(h), r, norm(t)) for h, r, t in q["gold_triples"]}
            imp = {name: edge_importance(ex) for name, ex in runs.items()}
            ids = sorted(imp["shift"])
            a, b = [imp["shift"][i] for i in ids], [imp["logprob"][i] for i in ids]
            row["moved_above_floor"] = {name: sum(v > runs[name].noise_floor for v in imp[name].values())
                                        for name in runs}
            row["spearman"] = (None if len(set(a)) < 2 or len(set(b)) < 2
                               else round(float(stats.spearmanr(a, b).statistic), 4))
            row["top3"] = {name: top3(ex) for name, ex in runs.items()}
            row["top3_overlap"] = overlap(row["top3"]["shift"], row["top3"]["logprob"])
            g = gold_ids(shift, gold)
            row["gold_in_subgraph"] = len(g)
            for name in runs:
                ranks = mid_ranks(imp[name])
                row[name]["gold_best_rank"] = min((ranks[x] for x in g), default=None)
                row[name]["gold_all_in_top3"] = bool(g) and all(x in row["top3"][name] for x in g)
            rows.append(row)
            print(f"  {i + 1}/{len(slice_)} {q['qid']} {row['facts']} facts: rho {row['spearman']}, top3 overlap "
                  f"{row['top3_overlap']:.2f}, gold rank shift {row['shift']['gold_best_rank']} logprob "
                  f"{row['logprob']['gold_best_rank']}, s/call {row['shift']['model_seconds_per_call']} vs "
                  f"{row['logprob']['model_seconds_per_call']}, passes/probe "
                  f"{row['shift']['forward_passes_per_probe']} vs {row['logprob']['forward_passes_per_probe']}",
                  file=sys.stderr)
    return {"part": "a", "generator": dict(gen.params), "settings": base.record().model_dump(mode="json"),
            "seed": args.seed, "max_facts": args.max_facts, "seconds": round(time.perf_counter() - t_start),
            "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "loadavg_start": la0,
                        "loadavg_end": loadavg()},
            "summary": summarize_a(rows), "questions": rows}


def summarize_a(rows: list[dict[str, Any]]) -> dict[str, Any]:
    for row in rows:  # recomputed, so a results file summarised by an earlier version of this script is current
        row["top3_overlap"] = overlap(row["top3"]["shift"], row["top3"]["logprob"])
    summary: dict[str, Any] = {}
    for hop in (1, 2, None):
        sub = [r for r in rows if hop is None or r["hops"] == hop]
        if not sub:
            continue
        entry: dict[str, Any] = {
            "n": len(sub), "accuracy": round(sum(r["correct"] for r in sub) / len(sub), 3),
            "facts": spread([r["facts"] for r in sub]),
            "spearman": spread([r["spearman"] for r in sub if r["spearman"] is not None]),
            "spearman_undefined": sum(r["spearman"] is None for r in sub),
            "top3_overlap": spread([r["top3_overlap"] for r in sub]),
        }
        for name in ("shift", "logprob"):
            entry[name] = {
                "gold_best_rank": spread([r[name]["gold_best_rank"] for r in sub
                                          if r[name]["gold_best_rank"] is not None]),
                "gold_rank1": round(sum(r[name]["gold_best_rank"] == 1.0 for r in sub) / len(sub), 3),
                "gold_all_in_top3": round(sum(r[name]["gold_all_in_top3"] for r in sub) / len(sub), 3),
                # among questions SmolLM2 answered correctly (elsewhere the gold triple need not be what a0 rests on)
                "correct_gold_best_rank": spread([r[name]["gold_best_rank"] for r in sub if r["correct"]
                                                  and r[name]["gold_best_rank"] is not None]),
                "correct_gold_rank1": round(sum(r[name]["gold_best_rank"] == 1.0 for r in sub if r["correct"])
                                            / max(1, sum(r["correct"] for r in sub)), 3),
                "components_above_floor": spread([r["moved_above_floor"][name] for r in sub]),
                "model_seconds_per_call": spread([r[name]["model_seconds_per_call"] for r in sub]),
                "probe_phase_wall_per_probe": spread([r[name]["probe_phase_wall_per_probe"] for r in sub]),
                "forward_passes_per_probe": spread([r[name]["forward_passes_per_probe"] for r in sub]),
            }
        summary["all" if hop is None else f"{hop}-hop"] = entry
    return summary


def part_b(args: argparse.Namespace, previous: dict[str, Any] | None = None) -> dict[str, Any]:
    """`previous`: an earlier part-b result to extend (its questions are kept, not measured again)."""
    done = {r["qid"] for r in (previous or {}).get("questions", [])}
    emb = default_embedder()
    cold = SmolLM2Generator(max_new_tokens=args.max_tokens)
    hot = {s: SmolLM2Generator(max_new_tokens=args.max_tokens, temperature=1.0, seed=s)
           for s in range(1, args.floor_seeds + 1)}
    loo = ExplainSettings(strategies=("edge",), scheduler="exhaustive", noise_runs=1, resolve_redundancy=False,
                          citation_guided=False, generator_synonyms=False, concurrency=1)
    masks = replace(loo, strategies=("mask",), masks=args.masks, surrogate_solvers=("lasso",))
    seeds = list(range(1, args.seeds + 1))
    rows: list[dict[str, Any]] = list((previous or {}).get("questions", []))
    la0 = loadavg()
    t_start = time.perf_counter()
    with store_for_bench(args.kb) as store:
        explainer = Explainer.from_settings(Settings(), store, generator=cold, embedder=emb, explain=loo)
        by_seed = {s: Explainer.from_settings(Settings(), store, generator=g, embedder=emb, explain=loo)
                   for s, g in hot.items()}
        slice_ = [q for q in select(store, explainer, args)
                  if args.b_min_facts <= len(q["subgraph"].relationships) <= args.b_max_facts]
        slice_ = [q for q in slice_ if q["qid"] not in done][: args.temperature_questions]  # new questions
        print(f"slice: {len(slice_)} questions, facts {[len(q['subgraph'].relationships) for q in slice_]}",
              file=sys.stderr)
        for i, q in enumerate(slice_):
            row: dict[str, Any] = {"qid": q["qid"], "hops": q["hops"], "facts": len(q["subgraph"].relationships)}
            ctx = render(q["plain"], q["subgraph"])
            # noise floor: repeated baselines. At temperature 0, three repeats of the greedy answer; at 1.0, one
            # baseline per generator seed (a seeded generator repeats its own sample)
            floors: dict[str, Any] = {}
            for label, gens in (("t0", [cold] * 3), ("t1", list(hot.values()))):
                texts = [g.generate(ctx.prompt, ctx.system).text.strip() for g in gens]
                vec = emb.embed(texts)
                sims = vec @ vec.T
                floors[label] = {"answers": texts, "distinct": len(set(texts)),
                                 "floor": round(float(max(0.0, 1.0 - sims[np.triu_indices(len(texts), 1)].min())), 4)}
            same_seed = [hot[1].generate(ctx.prompt, ctx.system).text.strip() for _ in range(2)]
            floors["t1_same_seed_repeats_identical"] = same_seed[0] == same_seed[1]
            row["noise_floor"] = floors
            # leave-one-out: temperature 0 once (greedy: every run is the same), temperature 1 per generator seed
            t0_shift = explainer.explain(q["plain"], settings=loo, subgraph=q["subgraph"])
            t0_lp = explainer.explain(q["plain"], settings=replace(loo, response_score="logprob"),
                                      subgraph=q["subgraph"])
            loo_tops: dict[str, list[list[str]]] = {"t1_shift": [], "t1_logprob": []}
            answers = []
            for s in seeds:
                ex = by_seed[s].explain(q["plain"], settings=loo, subgraph=q["subgraph"])
                answers.append(ex.answer)
                loo_tops["t1_shift"].append(top3(ex))
                ex_lp = by_seed[s].explain(q["plain"], settings=replace(loo, response_score="logprob"),
                                           subgraph=q["subgraph"])
                loo_tops["t1_logprob"].append(top3(ex_lp))
            row["loo"] = {"t0_top3_shift": top3(t0_shift), "t0_top3_logprob": top3(t0_lp),
                          "t1_answers": answers,
                          "t1_shift_top3_jaccard": pairwise_jaccard(loo_tops["t1_shift"]),
                          "t1_logprob_top3_jaccard": pairwise_jaccard(loo_tops["t1_logprob"]),
                          "t1_shift_vs_t0_top3_jaccard": round(statistics.mean(
                              jaccard(t, top3(t0_shift)) for t in loo_tops["t1_shift"]), 4),
                          "tops": loo_tops}
            # masks: seed s draws the masks (and, at temperature 1, samples the generator)
            mask_runs: dict[str, Any] = {}
            for label in ("t0", "t1"):
                ldss, tops = [], []
                for s in seeds[:2]:
                    ex_m = (explainer if label == "t0" else by_seed[s]).explain(
                        q["plain"], settings=replace(masks, seed=s), subgraph=q["subgraph"])
                    sur = ex_m.surrogate
                    lasso = None if sur is None else sur.solvers.get("lasso")
                    ldss.append(None if sur is None else sur.held_out_lds("lasso"))
                    tops.append([] if lasso is None else list(lasso.coefficients)[:3])
                mask_runs[label] = {"lds": ldss, "top3": tops, "top3_jaccard": pairwise_jaccard(tops)}
            row["masks"] = mask_runs
            rows.append(row)
            print(f"  {i + 1}/{len(slice_)} {q['qid']} {row['facts']} facts: floor t0 {floors['t0']['floor']} t1 "
                  f"{floors['t1']['floor']}; LOO top3 J t1 shift {row['loo']['t1_shift_top3_jaccard']} logprob "
                  f"{row['loo']['t1_logprob_top3_jaccard']}; mask LDS t0 {mask_runs['t0']['lds']} t1 "
                  f"{mask_runs['t1']['lds']}, J t0 {mask_runs['t0']['top3_jaccard']} t1 "
                  f"{mask_runs['t1']['top3_jaccard']}", file=sys.stderr)
    runs: list[dict[str, Any]] = []  # one entry per invocation (--append adds one)
    if previous is not None:  # a file written before "runs" existed has its one run's figures at the top level
        runs = list(previous.get("runs") or [{"seconds": previous.get("seconds"), "questions": len(done),
                                              "machine": previous.get("machine")}])
    runs.append({"seconds": round(time.perf_counter() - t_start), "questions": len(rows) - len(done),
                 "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "loadavg_start": la0,
                             "loadavg_end": loadavg()}})
    return {"part": "b", "generator_t0": dict(cold.params), "generator_t1": dict(hot[1].params),
            "settings_loo": loo.record().model_dump(mode="json"),
            "settings_masks": masks.record().model_dump(mode="json"), "seeds": seeds,
            "floor_seeds": args.floor_seeds, "seed": args.seed, "runs": runs,
            "summary": summarize_b(rows), "summary_over_3_facts": summarize_b([r for r in rows if r["facts"] > 3]),
            "questions": rows}


def summarize_b(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Over questions of at most 3 facts a top 3 is every fact (Jaccard 1 by construction) and masks repeat."""
    return {
        "n": len(rows),
        "noise_floor_t0": spread([r["noise_floor"]["t0"]["floor"] for r in rows]),
        "noise_floor_t1": spread([r["noise_floor"]["t1"]["floor"] for r in rows]),
        "distinct_baselines_t1": spread([r["noise_floor"]["t1"]["distinct"] for r in rows]),
        "t1_same_seed_repeats_identical": sum(r["noise_floor"]["t1_same_seed_repeats_identical"] for r in rows),
        "loo_top3_jaccard_t1_shift": spread([r["loo"]["t1_shift_top3_jaccard"] for r in rows]),
        "loo_top3_jaccard_t1_logprob": spread([r["loo"]["t1_logprob_top3_jaccard"] for r in rows]),
        "loo_top3_jaccard_t1_vs_t0_shift": spread([r["loo"]["t1_shift_vs_t0_top3_jaccard"] for r in rows]),
        "mask_lds_t0": spread([v for r in rows for v in r["masks"]["t0"]["lds"] if v is not None]),
        "mask_lds_t1": spread([v for r in rows for v in r["masks"]["t1"]["lds"] if v is not None]),
        "mask_lds_undefined": {t: sum(v is None for r in rows for v in r["masks"][t]["lds"]) for t in ("t0", "t1")},
        "mask_top3_jaccard_t0": spread([r["masks"]["t0"]["top3_jaccard"] for r in rows]),
        "mask_top3_jaccard_t1": spread([r["masks"]["t1"]["top3_jaccard"] for r in rows]),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--part", choices=("a", "b"), required=True)
    ap.add_argument("--seed", type=int, default=11)
    add_data_args(ap, "--dev-questions")
    ap.add_argument("--one-hop", type=int, default=12)
    ap.add_argument("--two-hop", type=int, default=8)
    ap.add_argument("--max-facts", type=int, default=25)
    ap.add_argument("--max-tokens", type=int, default=32, help="SmolLM2 max_new_tokens (MetaQA answers are short)")
    ap.add_argument("--temperature-questions", type=int, default=6, help="part b: questions (new ones with --append)")
    ap.add_argument("--b-max-facts", type=int, default=12)
    ap.add_argument("--b-min-facts", type=int, default=2)
    ap.add_argument("--append", action="store_true", help="part b: extend --json's file with questions it lacks")
    ap.add_argument("--seeds", type=int, default=3, help="generator seeds at temperature 1 (leave-one-out)")
    ap.add_argument("--floor-seeds", type=int, default=5, help="baselines at temperature 1 for the noise floor")
    ap.add_argument("--masks", type=int, default=16)
    ap.add_argument("--json", default=None)
    ap.add_argument("--resummarize", action="store_true", help="part a: recompute the summary of --json's file")
    args = ap.parse_args()
    path = Path(args.json or RESULTS / ("logprob.json" if args.part == "a" else "logprob_temperature.json"))
    if args.resummarize:
        result = json.loads(path.read_text())
        if args.part == "a":
            result["summary"] = summarize_a(result["questions"])
        else:
            rows = result["questions"]
            result["summary"] = summarize_b(rows)
            result["summary_over_3_facts"] = summarize_b([r for r in rows if r["facts"] > 3])
        path.write_text(json.dumps(result, indent=1) + "\n")
        print(json.dumps(result["summary"], indent=1))
        return
    argv = sys.argv[1:]
    if args.part == "a":
        result = part_a(args)
    else:
        previous = json.loads(path.read_text()) if args.append and path.exists() else None
        result = part_b(args, previous)
        argv = [*(previous or {}).get("argv", []), *(["+"] if previous else []), *argv]
    result["argv"] = argv
    path.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result["summary"], indent=1))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
