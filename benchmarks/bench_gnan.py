"""Explainers checked against exact attributions: the M-GNAN reader on the whole MetaQA KB (prints figures).

The M-GNAN reader (`xgrag.generate.gnan`) answers with its top-scoring candidate, whose logit is a sum of per-fact
contributions, so which facts its answer rests on is known exactly. For the held-out questions of its checkpoint
(never trained on; `meta.held_out_qids`), up to `--per-hop` per hop count:
  additivity   |sum of the exact attributions - the answer's logit| on the explained context (float64)
  explainer    xgrag's Explainer with the reader as generator, edge strategy, over the same k-hop context
               (k = the question's hops; bracketed questions), scheduler `exhaustive` (leave-one-out) unless
               --scheduler says otherwise; blind: no citation guidance, no redundancy resolution
  agreement    top-1: the explainer's top fact (importance > 0) is an exact top contributor; top-3 overlap:
               |explainer top-3 ∩ exact top-3| / |explainer top-3| (facts with importance > 0); exact top-k with
               ties (facts of the same role contribute exactly the same: `tied_top`); whether removing the exact
               top contributor moves the answer at all; Spearman between the explainer's importance and the
               exact contribution over the facts (where neither is constant)
  Hits@1       the reader's answer is a gold answer; the extractive reader's on the same contexts beside it
Agreement is reported over the questions where some single removal moves the answer, overall and on those the
reader answers correctly; questions where none does are counted.

Usage: python benchmarks/bench_gnan.py --checkpoint PATH [--per-hop 100] [--scheduler exhaustive] [--json PATH]
                                      [--kb PATH] [--questions PATH]   (the KB and question file it was trained on)
Server: XGRAG_BENCH_URI (holding the KB, or empty) else an embedded one (see benchmarks/metaqa_full.py).
"""

from __future__ import annotations

import argparse
import json
import math
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
from metaqa_full import add_data_args, correct, kb_store  # noqa: E402
from scipy.stats import spearmanr  # noqa: E402

from xgrag.config import Settings  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.explain.settings import SCHEDULER_NAMES, SchedulerName  # noqa: E402
from xgrag.generate.extractive import ExtractiveReader  # noqa: E402
from xgrag.generate.gnan.reader import GNANReader, additivity_error, default_checkpoint, load_checkpoint  # noqa: E402
from xgrag.generate.prompt import render  # noqa: E402


def held_out(checkpoint: Path, per_hop: int, path: Path) -> list[dict[str, Any]]:
    """The checkpoint's held-out questions, found by qid in `path` (the question file it was trained from)."""
    _, data = load_checkpoint(checkpoint)
    qids = data["meta"].get("held_out_qids") or []
    if not qids:
        raise SystemExit(f"{checkpoint}: no held-out questions recorded (train with --held-out N)")
    rows = {r["qid"]: r for r in (json.loads(x) for x in path.read_text().splitlines()
                                  if x.strip())}
    out: list[dict[str, Any]] = []
    for hop in (1, 2, 3):
        out += [rows[q] for q in qids if q in rows and rows[q]["hops"] == hop][:per_hop]
    return out


def tied_top(ranked: list[tuple[str, float]], k: int) -> set[str]:
    """The exact top k with ties: every fact whose contribution reaches the k-th largest (facts that play the
    same role for the answer, e.g. the release-year facts of the films behind one year, contribute equally)."""
    if not ranked:
        return set()
    kth = ranked[min(k, len(ranked)) - 1][1]
    return {f for f, v in ranked if v >= kth - 1e-9 * max(1.0, abs(kth))}


def one(explainer: Explainer, reader: GNANReader, extractive: ExtractiveReader, base: ExplainSettings,
        q: dict[str, Any], scheduler: SchedulerName) -> dict[str, Any]:
    ex = explainer.explain(q["question"], settings=replace(base, hops=q["hops"], scheduler=scheduler))
    graph = ex.subgraph.to_subgraph(ex.paths)
    ctx = render(q["question"], graph)
    scored = reader.score(q["question"], ctx.facts)
    answer = scored.answer or ""
    if answer and f"{answer}." != ex.answer:
        raise AssertionError(f"{q['qid']}: the explainer's baseline {ex.answer!r} is not the reader's {answer!r}")
    ranked = scored.ranked()
    exact3 = [f for f, _ in ranked[:3]]
    tied1, tied3 = tied_top(ranked, 1), tied_top(ranked, 3)
    imp = {c.id: (c.importance or 0.0) for c in ex.components if c.strategy == "edge" and c.importance is not None}
    moved = [c.id for c in ex.top("edge", 3) if (c.importance or 0.0) > 0.0]
    ext = extractive.generate(ctx.prompt, ctx.system, question=ctx.question, facts=ctx.facts).text
    row: dict[str, Any] = {
        "qid": q["qid"], "hops": q["hops"], "facts": len(ctx.facts), "answer": answer,
        "correct": bool(answer) and correct(answer, q["answers"]),
        "extractive_correct": correct(ext.rstrip("."), q["answers"]),
        "logit": scored.logit, "additivity_error": additivity_error(scored),
        "exact_top3": exact3, "tied_top1": len(tied1), "tied_top3": len(tied3), "explainer_top3": moved,
        "calls": ex.cost.generator_calls, "moved": bool(moved),
        "exact_top1_moves_answer": any(imp.get(f, 0.0) > 0.0 for f in tied1),
    }
    if moved:
        row["top1_agree"] = moved[0] in tied1
        row["top3_overlap"] = len(set(moved) & tied3) / len(moved)
        row["top1_in_exact_top3"] = moved[0] in tied3
    ids = [f.id for f in ctx.facts if f.id in imp]
    a = [imp[i] for i in ids]
    b = [scored.attributions[i] for i in ids]
    if len(ids) > 2 and len(set(a)) > 1 and len(set(b)) > 1:
        row["spearman"] = float(spearmanr(a, b).statistic)
    return row


def stats(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    return {"n": len(values), "mean": round(statistics.fmean(values), 4),
            "sd": round(statistics.stdev(values), 4) if len(values) > 1 else 0.0,
            "min": round(min(values), 4), "max": round(max(values), 4)}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    moved = [r for r in rows if r["moved"]]
    right = [r for r in moved if r["correct"]]

    def rate(group: list[dict[str, Any]], key: str) -> dict[str, Any]:
        return stats([float(r[key]) for r in group])

    return {
        "n": len(rows), "hits@1": round(sum(r["correct"] for r in rows) / len(rows), 4) if rows else None,
        "extractive_hits@1": round(sum(r["extractive_correct"] for r in rows) / len(rows), 4) if rows else None,
        "additivity_max_error": max((r["additivity_error"] for r in rows), default=0.0),
        "additivity_error": stats([r["additivity_error"] for r in rows]),
        "no_single_removal_moves_answer": len(rows) - len(moved),
        "top1_agreement": rate(moved, "top1_agree"), "top3_overlap": rate(moved, "top3_overlap"),
        "top1_in_exact_top3": rate(moved, "top1_in_exact_top3"),
        "exact_top1_moves_answer": rate(rows, "exact_top1_moves_answer"),
        "tied_top1": stats([float(r["tied_top1"]) for r in rows]),
        "correct_only": {"top1_agreement": rate(right, "top1_agree"), "top3_overlap": rate(right, "top3_overlap"),
                         "top1_in_exact_top3": rate(right, "top1_in_exact_top3")},
        "spearman": stats([r["spearman"] for r in rows if "spearman" in r and not math.isnan(r["spearman"])]),
        "facts": stats([float(r["facts"]) for r in rows]), "calls": stats([float(r["calls"]) for r in rows]),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checkpoint", type=Path, default=default_checkpoint())
    ap.add_argument("--per-hop", type=int, default=100)
    add_data_args(ap, "--questions")
    ap.add_argument("--scheduler", action="append", default=None, choices=SCHEDULER_NAMES,
                    help="repeatable; default: exhaustive")
    ap.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results" / "gnan.json")
    args = ap.parse_args()
    schedulers = args.scheduler or ["exhaustive"]
    emb = default_embedder()
    reader = GNANReader.from_checkpoint(args.checkpoint, emb)
    _, data = load_checkpoint(args.checkpoint)
    sample = held_out(args.checkpoint, args.per_hop, args.questions_path)
    res: dict[str, Any] = {"machine": machine(), "load_average_start": [round(x, 2) for x in os.getloadavg()],
                           "checkpoint": {"path": str(args.checkpoint), "sha256_16": reader.version,
                                          "training": {k: v for k, v in data["meta"].items()
                                                       if k != "held_out_qids"},
                                          "config": data["config"]},
                           "per_hop": args.per_hop, "schedulers": {}}
    base = ExplainSettings(strategies=("edge",), noise_runs=1, citation_guided=False, resolve_redundancy=False)
    with kb_store(kb=args.kb) as (store, info):
        res["graph"] = info
        explainer = Explainer.from_settings(Settings(), store, generator=reader, embedder=emb, explain=base)
        extractive = ExtractiveReader(emb)
        for scheduler in schedulers:
            rows, t0 = [], time.perf_counter()
            for i, q in enumerate(sample):
                rows.append(one(explainer, reader, extractive, base, q, scheduler))
                if (i + 1) % 50 == 0:
                    print(f"  {scheduler}: {i + 1}/{len(sample)} ({time.perf_counter() - t0:.0f}s)", file=sys.stderr)
            hops = sorted({r["hops"] for r in rows})
            by_hop = {f"{h}-hop": summary([r for r in rows if r["hops"] == h]) for h in hops}
            res["schedulers"][scheduler] = {"all": summary(rows), "by_hops": by_hop, "questions": rows,
                                            "seconds": round(time.perf_counter() - t0, 1)}
    res["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(res, indent=2))
    t = res["checkpoint"]["training"]
    print(f"checkpoint {reader.version}: train Hits@1 {t.get('train_hits@1')} (n={t.get('train')}), held-out "
          f"{t.get('held_out_hits@1')} (n={t.get('held_out')}); {t.get('epochs')} epochs, {t.get('seconds')}s")
    for scheduler, r in res["schedulers"].items():
        print(f"\nscheduler {scheduler} (edge removal, blind); held-out questions")
        print("| | n | Hits@1 (extractive) | max additivity error | moved | top-1 agree | top-3 overlap | "
              "top-1 in exact top-3 | top-1 agree (correct) | exact top-1 moves answer | Spearman |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for name, s in [("all", r["all"]), *r["by_hops"].items()]:
            def m(d: dict[str, Any]) -> str:
                return f"{d['mean']:.3f} ± {d['sd']:.3f} (n={d['n']})" if d.get("n") else "-"
            print(f"| {name} | {s['n']} | {s['hits@1']:.3f} ({s['extractive_hits@1']:.3f}) | "
                  f"{s['additivity_max_error']:.1e} | {s['n'] - s['no_single_removal_moves_answer']} | "
                  f"{m(s['top1_agreement'])} | {m(s['top3_overlap'])} | {m(s['top1_in_exact_top3'])} | "
                  f"{m(s['correct_only']['top1_agreement'])} | {m(s['exact_top1_moves_answer'])} | "
                  f"{m(s['spearman'])} |")


if __name__ == "__main__":
    main()
