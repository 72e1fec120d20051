"""Alias merging measured on the labelled alias set (tests/data/aliases): the precise rule against XGRAG's.

    python benchmarks/bench_dedup.py [--data tests/data/aliases] [--json benchmarks/results/dedup.json]
                                     [--thetas 0.5,0.6,0.7,0.8,0.9] [--bootstrap 1000] [--groups N]

Each group of the set is deduplicated as `xgrag.retrieval.dedup.dedup` deduplicates a retrieved subgraph: its
entities and triples form the subgraph (the precise rule reads the neighbourhood; XGRAG's ignores it). Also
"names only": the same entities without any relationship, the precise rule's lower bound. Every pair of
entities of a group is labelled (same gold entity or not). Figures, per source (metaqa, stories) and split
(tune: the part the rule was developed on; heldout: never looked at while tuning):

- pairwise precision and recall of "merged into the same canonical";
- cluster level: B-cubed precision and recall over entities, and the share of predicted merge clusters that
  are exactly a gold cluster / of gold clusters found exactly;
- 95% intervals from a bootstrap over groups (seeded);
- every wrong merge of the precise rule with its evidence, every missed merge with the rule's reason.

Target: precision >= 0.98 for the precise rule (tune and held-out); recall as measured.

With --kb-graph-wide: `graph_alias_links` over the whole MetaQA KB (../shared/data/metaqa-full/kb.tsv, 42,776
entities whose names are all distinct KB nodes, so nearly every link is a false merge by the KB's own identity),
with the neighbourhoods of every entity: the links the precise rule would persist, by kind, listed; and for
XGRAG's rule the number of same-type name pairs at cosine >= theta and the entities its components would merge.
Embedding the KB's names takes minutes: --vectors-cache keeps them (the file build_alias_set.py writes).
"""

from __future__ import annotations

import argparse
import itertools
import json
import platform
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from graph_server import SHARED_DATA

ROOT = Path(__file__).resolve().parents[1]
TARGET_PRECISION = 0.98


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=ROOT / "tests" / "data" / "aliases")
    ap.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results" / "dedup.json")
    ap.add_argument("--thetas", default="0.5,0.6,0.7,0.8,0.9")
    ap.add_argument("--theta", type=float, default=0.7, help="theta_sim of the precise rule's main figures")
    ap.add_argument("--bootstrap", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--kb-graph-wide", action="store_true")
    ap.add_argument("--kb", type=Path, default=SHARED_DATA / "metaqa-full" / "kb.tsv")
    ap.add_argument("--groups", type=int, default=None,
                    help="only the first N groups of each source and split (a quick run; default: all)")
    ap.add_argument("--vectors-cache", type=Path, default=None)
    args = ap.parse_args()

    from xgrag.embed import default_embedder

    groups = [json.loads(line) for line in (args.data / "groups.jsonl").read_text(encoding="utf-8").splitlines()]
    if args.groups is not None:
        seen: Counter[tuple[str, str]] = Counter()
        kept = []
        for g in groups:
            seen[g["source"], g["split"]] += 1
            if seen[g["source"], g["split"]] <= args.groups:
                kept.append(g)
        groups = kept
    embedder = default_embedder()
    t0 = time.perf_counter()
    names = sorted({e["name"] for g in groups for e in g["entities"]})
    table = dict(zip(names, embedder.embed(names), strict=True))
    embed_seconds = time.perf_counter() - t0

    def embed(texts: Sequence[str]) -> np.ndarray:
        return np.stack([table[t] for t in texts])

    thetas = [float(x) for x in args.thetas.split(",")]
    runs: dict[str, dict] = {}
    configs = [("precise", args.theta, True), ("precise", args.theta, False)] + \
        [("precise", t, True) for t in thetas if abs(t - args.theta) > 1e-9] + [("xgrag", t, True) for t in thetas]
    for rule, theta, context in configs:
        name = f"{rule}@{theta:.1f}" + ("" if context else ":names-only")
        t1 = time.perf_counter()
        per_group = [evaluate(g, embed, rule, theta, context) for g in groups]
        seconds = time.perf_counter() - t1
        ms = np.array([r["ms"] for r in per_group])
        runs[name] = {"rule": rule, "theta": theta, "graph_context": context, "seconds": round(seconds, 2),
                      "dedup_ms_per_group": {"p50": round(float(np.median(ms)), 2),
                                             "p95": round(float(np.percentile(ms, 95)), 2),
                                             "max": round(float(ms.max()), 2)},
                      "parts": summarise(per_group, groups, args.bootstrap, args.seed)}
        print_run(name, runs[name])
    main_run = f"precise@{args.theta:.1f}"
    print(f"\nrecall by how the names differ ({main_run}; xgrag@{args.theta:.1f}), all parts:")
    other = runs.get(f"xgrag@{args.theta:.1f}", runs[main_run])
    for kind, v in runs[main_run]["parts"]["all:all"]["recall_by_kind"].items():
        x = other["parts"]["all:all"]["recall_by_kind"][kind]
        print(f"  {kind:40} {v['found']:>4}/{v['found'] + v['missed']:<4} {_fmt(v['recall']):>6}   "
              f"xgrag {_fmt(x['recall'])}")
    errors = error_lists(groups, embed, args.theta)
    met = {part: runs[main_run]["parts"][part]["pairwise"]["precision"] >= TARGET_PRECISION
           for part in ("all:tune", "all:heldout")}
    print(f"\nprecise rule, theta {args.theta}: precision >= {TARGET_PRECISION} "
          + ", ".join(f"{p}: {'met' if ok else 'MISSED'}" for p, ok in met.items()))
    print(f"wrong merges: {len(errors['false_merges'])}, missed merges: {len(errors['missed_merges'])}")
    for e in errors["false_merges"]:
        print(f"  WRONG  {e['group']} [{e['split']}]: {e['a']!r} + {e['b']!r}: {'; '.join(e['evidence'])}")
    graph_wide = kb_graph_wide(args.kb, embedder, args.vectors_cache, args.theta) if args.kb_graph_wide else None
    out = {"benchmark": "dedup", "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
           "machine": {"python": platform.python_version(), "platform": platform.platform()},
           "data": {"groups": len(groups), "entities": sum(len(g["entities"]) for g in groups),
                    "pairs": sum(len(g["entities"]) * (len(g["entities"]) - 1) // 2 for g in groups),
                    "labelled_pairs_file": sum(1 for _ in (args.data / "pairs.jsonl").open(encoding="utf-8"))},
           "embedder": embedder.name, "embed_seconds": round(embed_seconds, 2), "target_precision": TARGET_PRECISION,
           "target_met": met, "runs": runs, "errors": errors, "kb_graph_wide": graph_wide}
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"written {args.json}")
    return 0


def kb_graph_wide(kb_path: Path, embedder, cache: Path | None, theta: float) -> dict:
    from collections import Counter

    from build_alias_set import ROLE, Kb
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    from xgrag.retrieval.dedup import graph_alias_links

    kb = Kb(kb_path)
    vectors = kb.vectors(embedder, cache)
    typ = {n: kb.type.get(n) or "Movie" for n in kb.names}
    degree = Counter(x for h, _, t in kb.rows for x in (h, t))
    entities = [{"id": n, "name": n, "type": typ[n], "degree": degree[n]} for n in kb.names]
    rows: dict[str, list[dict]] = {}
    for h, r, t in kb.rows:
        rows.setdefault(h, []).append({"id": h, "neighbour": t, "name": t, "label": r, "out": True})
        rows.setdefault(t, []).append({"id": t, "neighbour": h, "name": h, "label": r, "out": False})
    index = {n: i for i, n in enumerate(kb.names)}

    def embed(texts: Sequence[str]) -> np.ndarray:
        return vectors[[index[t] for t in texts]]

    t0 = time.perf_counter()
    links = graph_alias_links(entities, embed, theta, neighbours=lambda ids: [r for i in ids for r in rows.get(i, [])])
    seconds = time.perf_counter() - t0
    # XGRAG's rule: same type, cosine >= theta, connected components (counted, not listed)
    edges, merged = 0, 0
    for t in sorted(set(typ.values()) | set(ROLE.values())):
        idx = np.asarray([index[n] for n in kb.names if typ[n] == t])
        if len(idx) < 2:
            continue
        vecs = vectors[idx]
        rr, cc = [], []
        for start in range(0, len(idx), 1024):
            a, b = np.nonzero(vecs[start:start + 1024] @ vecs.T >= theta - 1e-6)
            keep = a + start < b
            rr.append(a[keep] + start)
            cc.append(b[keep])
        r_all, c_all = np.concatenate(rr), np.concatenate(cc)
        edges += len(r_all)
        _, labels = connected_components(coo_matrix((np.ones(len(r_all)), (r_all, c_all)),
                                                    shape=(len(idx), len(idx))), directed=False)
        merged += len(idx) - len(set(labels.tolist()))
    kinds = Counter(lk.kind for lk in links)
    print(f"\nKB graph-wide ({len(entities)} entities, all distinct KB nodes): precise rule {len(links)} links in "
          f"{seconds:.1f} s, by kind {dict(kinds)}; XGRAG's rule at theta {theta}: {edges} same-type pairs at cosine "
          f">= theta, its components would merge {merged} entities away")
    for lk in links:
        print(f"  {lk.alias!r} -> {lk.canonical!r}: {lk.kind}; {'; '.join(lk.evidence)}")
    return {"entities": len(entities), "precise_links": len(links), "precise_seconds": round(seconds, 1),
            "precise_by_kind": dict(kinds), "xgrag_similarity_pairs": edges, "xgrag_entities_merged": merged,
            "links": [{"alias": lk.alias, "canonical": lk.canonical, "kind": lk.kind, "score": lk.score,
                       "evidence": list(lk.evidence)} for lk in links]}


def subgraph_of(group: dict, context: bool):
    from xgrag.model import Node, Relationship, Subgraph

    sub = Subgraph()
    for e in group["entities"]:
        sub.add_node(Node(e["id"], e["name"], e["type"]))
    if context:
        for k, (h, label, t) in enumerate(group["triples"]):
            sub.add_relationship(Relationship(f"r{k}", h, t, label))
    return sub


def evaluate(group: dict, embed, rule: str, theta: float, context: bool) -> dict:
    from xgrag.retrieval.dedup import dedup

    sub = subgraph_of(group, context)
    t0 = time.perf_counter()
    result = dedup(sub, embed, theta, rule=rule)
    ms = (time.perf_counter() - t0) * 1000
    ents = group["entities"]
    tp = fp = fn = tn = 0
    kinds: dict[str, list[int]] = {}  # true merges by how the names differ: [found, missed]
    for a, b in itertools.combinations(ents, 2):
        gold = a["entity"] == b["entity"]
        pred = result.mapping[a["id"]] == result.mapping[b["id"]]
        tp += gold and pred
        fp += pred and not gold
        fn += gold and not pred
        tn += not gold and not pred
        if gold:
            kind = "+".join(sorted({k.split(":", 1)[1] for k in (a["kind"], b["kind"]) if ":" in k})) or \
                f"{group['source']} alias"
            kinds.setdefault(kind, [0, 0])[0 if pred else 1] += 1
    pred_c: dict[str, set[str]] = {}
    gold_c: dict[str, set[str]] = {}
    for e in ents:
        pred_c.setdefault(result.mapping[e["id"]], set()).add(e["id"])
        gold_c.setdefault(e["entity"], set()).add(e["id"])
    of_pred = {e["id"]: pred_c[result.mapping[e["id"]]] for e in ents}
    of_gold = {e["id"]: gold_c[e["entity"]] for e in ents}
    b3p = sum(len(of_pred[i] & of_gold[i]) / len(of_pred[i]) for i in of_pred)
    b3r = sum(len(of_pred[i] & of_gold[i]) / len(of_gold[i]) for i in of_pred)
    pm = [frozenset(c) for c in pred_c.values() if len(c) > 1]
    gm = [frozenset(c) for c in gold_c.values() if len(c) > 1]
    return {"tp": tp, "fp": fp, "fn": fn, "tn": tn, "n": len(ents), "b3p": b3p, "b3r": b3r, "kinds": kinds, "ms": ms,
            "pred_clusters": len(pm), "pred_exact": len(set(pm) & set(gm)), "gold_clusters": len(gm),
            "gold_exact": len(set(gm) & set(pm))}


def _ratio(num: float, den: float) -> float | None:
    return round(num / den, 4) if den else None


def aggregate(rows: Sequence[dict]) -> dict:
    s = {k: sum(r[k] for r in rows) for k in ("tp", "fp", "fn", "tn", "n", "b3p", "b3r", "pred_clusters",
                                               "pred_exact", "gold_clusters", "gold_exact")}
    return {"pairwise": {"precision": _ratio(s["tp"], s["tp"] + s["fp"]), "recall": _ratio(s["tp"], s["tp"] + s["fn"]),
                         "tp": s["tp"], "fp": s["fp"], "fn": s["fn"], "negatives": s["fp"] + s["tn"]},
            "cluster": {"bcubed_precision": _ratio(s["b3p"], s["n"]), "bcubed_recall": _ratio(s["b3r"], s["n"]),
                        "exact_precision": _ratio(s["pred_exact"], s["pred_clusters"]),
                        "exact_recall": _ratio(s["gold_exact"], s["gold_clusters"]),
                        "predicted_clusters": s["pred_clusters"], "gold_clusters": s["gold_clusters"]},
            "groups": len(rows)}


def summarise(per_group: Sequence[dict], groups: Sequence[dict], reps: int, seed: int) -> dict:
    parts: dict[str, dict] = {}
    keys: dict[str, list[int]] = {}
    for i, g in enumerate(groups):
        for k in (f"all:{g['split']}", f"{g['source']}:{g['split']}", "all:all"):
            keys.setdefault(k, []).append(i)
    for key, idx in sorted(keys.items()):
        agg = aggregate([per_group[i] for i in idx])
        agg["pairwise"]["ci95"] = bootstrap([per_group[i] for i in idx], reps, seed)
        kinds: dict[str, list[int]] = {}
        for i in idx:
            for k, (found, missed) in per_group[i]["kinds"].items():
                kinds.setdefault(k, [0, 0])
                kinds[k][0] += found
                kinds[k][1] += missed
        agg["recall_by_kind"] = {k: {"found": f, "missed": m, "recall": _ratio(f, f + m)}
                                 for k, (f, m) in sorted(kinds.items())}
        parts[key] = agg
    return parts


def bootstrap(rows: Sequence[dict], reps: int, seed: int) -> dict:
    """95% intervals of pairwise precision and recall, resampling groups."""
    if not rows or reps <= 0:
        return {}
    rng = np.random.default_rng(seed)
    tp = np.array([r["tp"] for r in rows])
    fp = np.array([r["fp"] for r in rows])
    fn = np.array([r["fn"] for r in rows])
    ps, rs = [], []
    for _ in range(reps):
        k = rng.integers(0, len(rows), len(rows))
        t, f, m = tp[k].sum(), fp[k].sum(), fn[k].sum()
        if t + f:
            ps.append(t / (t + f))
        if t + m:
            rs.append(t / (t + m))
    return {"precision": _interval(ps), "recall": _interval(rs)}


def _interval(xs: Sequence[float]) -> list[float] | None:
    return [round(float(np.percentile(xs, 2.5)), 4), round(float(np.percentile(xs, 97.5)), 4)] if xs else None


def _fmt(v: float | None) -> str:
    return "-" if v is None else f"{v:.3f}"


def _fci(v: Sequence[float] | None) -> str:
    return "-" if not v else f"[{v[0]:.3f},{v[1]:.3f}]"


def error_lists(groups: Sequence[dict], embed, theta: float) -> dict:
    """The precise rule's wrong and missed merges, with the evidence or the reason."""
    from xgrag.retrieval.alias_rule import AliasJudge, embed_names
    from xgrag.retrieval.dedup import alias_entities, dedup

    wrong, missed = [], []
    for g in groups:
        sub = subgraph_of(g, True)
        result = dedup(sub, embed, theta)
        ids = sorted(sub.nodes)
        pos = {i: k for k, i in enumerate(ids)}
        entities = alias_entities(sub, ids)
        judge = AliasJudge(entities, embed_names(entities, embed), theta)
        for a, b in itertools.combinations(g["entities"], 2):
            gold = a["entity"] == b["entity"]
            pred = result.mapping[a["id"]] == result.mapping[b["id"]]
            if gold == pred:
                continue
            d = judge.decide(pos[a["id"]], pos[b["id"]])
            row = {"group": g["group"], "source": g["source"], "split": g["split"], "a": a["name"],
                   "b": b["name"], "type": [a["type"], b["type"]], "kinds": [a["kind"], b["kind"]],
                   "decision": d.to_json()}
            if pred:
                ms = [m for m in result.merges if m.alias in (a["id"], b["id"])]
                row["evidence"] = [e for m in ms for e in m.evidence] or list(d.evidence)
                wrong.append(row)
            else:
                row["reason"] = d.veto or ("; ".join(d.evidence) if not d.merge else
                                           "accepted alone, but not joined (ambiguous name or a pair across the "
                                           "clusters would not merge)")
                missed.append(row)
    return {"false_merges": wrong, "missed_merges": missed}


def print_run(name: str, run: dict) -> None:
    t = run["dedup_ms_per_group"]
    print(f"\n{name}  ({run['seconds']} s; dedup per group p50 {t['p50']} ms, p95 {t['p95']} ms, max {t['max']} ms)")
    print(f"  {'part':18} {'precision':>9} {'recall':>7} {'tp':>5} {'fp':>4} {'fn':>5}  {'P 95%':>15} "
          f"{'R 95%':>15}  {'B3 P':>6} {'B3 R':>6} {'exactP':>6} {'exactR':>6}")
    for part, agg in run["parts"].items():
        pw, cl = agg["pairwise"], agg["cluster"]
        ci = pw.get("ci95", {})
        print(f"  {part:18} {_fmt(pw['precision']):>9} {_fmt(pw['recall']):>7} {pw['tp']:>5} {pw['fp']:>4} "
              f"{pw['fn']:>5}  {_fci(ci.get('precision')):>15} {_fci(ci.get('recall')):>15}  "
              f"{_fmt(cl['bcubed_precision']):>6} {_fmt(cl['bcubed_recall']):>6} {_fmt(cl['exact_precision']):>6} "
              f"{_fmt(cl['exact_recall']):>6}")


if __name__ == "__main__":
    sys.exit(main())
