"""Tables, plots, report.md and results.json from the stored per-question records (a pure function of them).

Tables follow XGRAG (Tables 2, 3, 5, 6, Figure 5) and KGRAG-Ex (§5): per method F1 / MRR / P@10% / P@30% /
P@50% under XGRAG's ground truth rel(p) = sim(a0, p) and, for MetaQA, under the gold triples (+ ROC AUC);
per question type; dedup on/off; the theta_sim sweep; temperature; Spearman rho of node importance vs degree and
PageRank (GDS) with Figure 5's strength breakdown; KGRAG-Ex analyses; cost; answer accuracy.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np

from xgrag.errors import UsageError
from xgrag.explain.perturbers import ABLATION_STRATEGY, REGISTRY
from xgrag.model.records import Bridges

METRICS = ("f1", "mrr", "p10", "p30", "p50")
GOLD_METRICS = (*METRICS, "auc")
HEAD = {"f1": "F1", "mrr": "MRR", "p10": "P@10%", "p30": "P@30%", "p50": "P@50%", "auc": "ROC AUC"}
# every registered strategy (its label names its paper), then the RAG-Ex baseline
METHOD_LABEL = {**{name: p.label for name, p in REGISTRY.items()}, "ragex-word": "RAG-Ex word-level",
                "ragex-sentence": "RAG-Ex sentence-level"}
OLLAMA_COMMAND = ("xgrag eval --dataset ../shared/data/metaqa/questions.jsonl --generator ollama:llama3.1:8b "
                  "--strategies node,edge,subpath --out runs/metaqa-llama")


# -- per-question metrics ----------------------------------------------------------------------

def unit_metrics(normalized: Sequence[float | None], truth: Sequence[float] | Sequence[bool], graded: bool,
                 theta_r: float = 0.5, theta_imp: float = 0.5) -> dict[str, float | None]:
    """XGRAG's metrics for one question and one method over its units.

    graded: `truth` is rel(p) (XGRAG's ground truth: positives rel > theta_r, MRR on the single most relevant
    unit, P@k% against the top-k% most relevant); otherwise boolean gold labels (MRR of the first gold unit,
    P@k% = precision at N_k, ROC AUC).
    """
    from xgrag.evaluate import metrics as m

    scores = [0.0 if v is None else float(v) for v in normalized]
    if graded:
        rel = np.asarray(truth, dtype=float)
        y_true = rel > theta_r
        ranked: Any = rel
    else:
        y_true = np.asarray(truth, dtype=bool)
        ranked = y_true
    y_pred = m.predict_important(scores, theta_imp)
    out: dict[str, float | None] = {
        "f1": m.f1_score(y_true, y_pred), "mrr": m.mrr(scores, ranked),
        "p10": m.precision_at_k_percent(scores, ranked, 10), "p30": m.precision_at_k_percent(scores, ranked, 30),
        "p50": m.precision_at_k_percent(scores, ranked, 50),
    }
    if not graded:
        out["auc"] = m.roc_auc(scores, y_true)
    return {k: (None if v is None or (isinstance(v, float) and math.isnan(v)) else round(float(v), 6))
            for k, v in out.items()}

# the kinds of component KGRAG-Ex ranks by centrality (analyses.relative_ranks, path_relative_ranks)
ELEMENTS: tuple[Literal["node", "edge", "subpath"], ...] = ("node", "edge", "subpath")


def methods_of(record: dict[str, Any], summary: dict[str, Any]) -> dict[str, dict[str, Any]]:
    methods = dict(summary.get("methods", {}))
    if summary is record.get("main"):
        for level, data in (record.get("ragex") or {}).items():
            methods[f"ragex-{level}"] = data
    return methods


def summary_metrics(record: dict[str, Any], summary: dict[str, Any], theta_r: float = 0.5,
                    theta_imp: float = 0.5) -> dict[str, dict[str, Any]]:
    """{method: {"xgrag": metrics, "gold": metrics | absent, "units": n, "moved": bool}} for one summary."""
    out: dict[str, dict[str, Any]] = {}
    for name, data in methods_of(record, summary).items():
        unit = data["unit"]
        ids = list(summary["units"][unit])
        if not ids:
            continue
        norm = [data["scores"].get(i, [None, None])[1] for i in ids]
        rel = data.get("relevance") or summary["relevance"]  # RAG-Ex: relative to its own baseline answer
        entry: dict[str, Any] = {"units": len(ids), "moved": any((v or 0) > 0 for v in norm),
                                 "xgrag": unit_metrics(norm, [rel[unit][i] for i in ids], True, theta_r, theta_imp)}
        if "gold" in summary:
            entry["gold"] = unit_metrics(norm, [summary["gold"][unit][i] for i in ids], False, theta_r, theta_imp)
        out[name] = entry
    return out


def mean(values: Iterable[float | None]) -> float | None:
    vals = [v for v in values if v is not None and not (isinstance(v, float) and math.isnan(v))]
    return round(float(np.mean(vals)), 4) if vals else None


def aggregate(per_question: Sequence[dict[str, dict[str, Any]]], truth: str = "xgrag") -> dict[str, dict[str, Any]]:
    """Means over questions, per method: {method: {metric: mean, "n": questions, "moved": share moved}}."""
    names: list[str] = []
    for pq in per_question:
        names += [n for n in pq if n not in names]
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        rows = [pq[name] for pq in per_question if name in pq and truth in pq[name]]
        if not rows:
            continue
        keys = GOLD_METRICS if truth == "gold" else METRICS
        out[name] = {k: mean(r[truth].get(k) for r in rows) for k in keys}
        out[name]["n"] = len(rows)
        out[name]["moved"] = round(sum(r["moved"] for r in rows) / len(rows), 4)
        if truth == "gold":
            out[name]["auc_n"] = sum(r["gold"].get("auc") is not None for r in rows)
    return out


def order_methods(names: Iterable[str]) -> list[str]:
    rank = list(METHOD_LABEL)
    return sorted(names, key=lambda n: (rank.index(n) if n in rank else len(rank), n))


# -- analyses -------------------------------------------------------------------------------------

def _ablated(main: dict[str, Any]) -> dict[str, Any]:
    """A record's main run restricted to the strategy XGRAG's ablations compare (node removal)."""
    return {**main, "methods": {ABLATION_STRATEGY: main["methods"][ABLATION_STRATEGY]}}


def centrality_rows(records: Sequence[dict[str, Any]], strategy: str = ABLATION_STRATEGY) -> list[dict[str, Any]]:
    """Per question: Spearman rho (+ p) of node importance (Imp) vs degree and vs PageRank (GDS)."""
    from xgrag.evaluate import metrics as m

    rows = []
    for r in records:
        data = r["main"]["methods"].get(strategy)
        cent = (r.get("centrality") or {}).get("scores") or {}
        if data is None or not cent:
            continue
        ids = [i for i in r["main"]["units"]["node"] if i in cent]
        imp = [data["scores"].get(i, [None])[0] for i in ids]
        row: dict[str, Any] = {"qid": r["qid"], "nodes": len(ids), "source": r["centrality"]["source"]}
        for measure in ("degree", "pagerank"):
            rho, p = m.spearman(imp, [cent[i][measure] for i in ids])
            defined = not math.isnan(rho)
            row[measure] = {"rho": round(rho, 6) if defined else None,
                            "p": round(p, 6) if defined and not math.isnan(p) else None,
                            "strength": m.correlation_strength(rho) if defined else None}
        rows.append(row)
    return rows


def centrality_breakdown(rows: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """XGRAG Figure 5: among significant results (p < 0.05), how many are weak / moderate / strong."""
    out = {}
    for measure in ("degree", "pagerank"):
        defined = [r[measure] for r in rows if r[measure]["rho"] is not None]
        sig = [d for d in defined if d["p"] is not None and d["p"] < 0.05]
        out[measure] = {"questions": len(rows), "defined": len(defined), "significant": len(sig),
                        "mean_rho": mean(d["rho"] for d in defined),
                        "mean_rho_significant": mean(d["rho"] for d in sig),
                        "positive_significant": sum(d["rho"] > 0 for d in sig),
                        **{s: sum(d["strength"] == s for d in sig) for s in ("weak", "moderate", "strong")}}
    return out


def accuracy_rows(records: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[dict[str, Any]]] = {"all": list(records)}
    for r in records:
        groups.setdefault(r["qtype"], []).append(r)
    out: dict[str, dict[str, Any]] = {}
    for name, rs in groups.items():
        out[name] = {"n": len(rs), "accuracy": round(sum(bool(r["grade"]["correct"]) for r in rs) / len(rs), 4)}
        f1 = [r["grade"]["token_f1"] for r in rs if "token_f1" in r["grade"]]
        if f1:
            out[name]["token_f1"] = mean(f1)
        src = [r["grade"].get("letter_source") for r in rs if "letter_source" in r["grade"]]
        if src:
            out[name]["letter_stated"] = sum(s == "stated" for s in src)
    return out


def cost_rows(records: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Mean and total generator calls, tokens and seconds per question: XGRAG (one explanation, all strategies)
    vs RAG-Ex word and sentence."""
    series: dict[str, list[dict[str, Any]]] = {"xgrag": [r["main"]["cost"] for r in records]}
    for r in records:
        for level, data in (r.get("ragex") or {}).items():
            series.setdefault(f"ragex-{level}", []).append(data["cost"])
    out = {}
    for name in sorted(series, key=lambda n: ("xgrag", "ragex-word", "ragex-sentence").index(n)):
        costs = series[name]
        calls = [c["generator_calls"] for c in costs]
        tokens = [c["prompt_tokens"] + c["completion_tokens"] for c in costs]
        secs = [c["seconds"] for c in costs]
        scored = [c.get("scored_probes", 0) for c in costs]  # response_score "logprob": a0 scored, not generated
        requests = [c["generator_calls"] + s + c.get("cache_hits", 0) for c, s in zip(costs, scored, strict=True)]
        out[name] = {"questions": len(costs), "calls_mean": mean(calls), "calls_total": int(sum(calls)),
                     "requests_mean": mean(requests),
                     "tokens_mean": mean(tokens), "tokens_total": int(sum(tokens)), "seconds_mean": mean(secs),
                     "seconds_total": round(float(sum(secs)), 2),
                     "cache_hits_total": int(sum(c.get("cache_hits", 0) for c in costs)),
                     "scored_probes_mean": mean(scored), "scored_probes_total": int(sum(scored))}
    return out


def kgrag_analyses(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """KGRAG-Ex §5 analyses over the stored explanations (xgrag.evaluate.analyses)."""
    from xgrag.evaluate import analyses as a
    from xgrag.model import Explanation

    explanations = [Explanation.from_json(r["explanation"]) for r in records]
    out: dict[str, Any] = {"impact_by_strategy": _plain(a.impact_by_strategy(explanations)),
                           "critical_node_labels": _plain(a.critical_node_labels(explanations))}
    positions: list[Any] = []
    for ex in explanations:
        positions.extend(_as_list(a.critical_positions(ex)))
    out["critical_positions"] = _plain(positions)
    # Relative rank (0 = most central .. 1 = least) of the critical components among all of the subgraph's
    # components of their kind: nodes by degree (GDS), facts by edge betweenness, sub-paths by
    # betweenness(edge) / (deg(u) + deg(v)) (KGRAG-Ex Fig. 5-7; whole subgraph, and per shortest path).
    ranks: dict[str, list[float]] = {element: [] for element in ELEMENTS}
    path_ranks: dict[str, list[float]] = {element: [] for element in ELEMENTS}
    for r, ex in zip(records, explanations, strict=True):
        cent = (r.get("centrality") or {}).get("scores") or {}
        degree = {k: float(v["degree"]) for k, v in cent.items()} or a.subgraph_degree(ex)
        rels = ex.subgraph.relationships
        eb = a.edge_betweenness([n.id for n in ex.subgraph.nodes], rels)
        ends = {x.id: (x.source, x.target) for x in rels}
        values = {"node": {n.id: degree.get(n.id, 0.0) for n in ex.subgraph.nodes},
                  "edge": {k: float(v) for k, v in eb.items()},
                  "subpath": {k: a.subpath_score(eb[k], degree, *ends[k]) for k in eb}}
        for element in ELEMENTS:
            critical = [c.id for c in ex.components if c.strategy == element and c.answer_changed]
            if critical and values[element]:
                ranks[element] += a.relative_ranks(critical, values[element], missing="skip")
            if ex.paths and any(c.strategy == element for c in ex.components):
                path_ranks[element] += a.path_relative_ranks(ex, element, degree=degree)
    out["relative_ranks"] = {k: {"critical": len(v), "mean": mean(v), "top_quarter": sum(x <= 0.25 for x in v)}
                             for k, v in ranks.items() if v}
    out["path_relative_ranks"] = {k: {"critical": len(v), "mean": mean(v)} for k, v in path_ranks.items() if v}
    return out


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, dict):
        return [value]
    return list(value)


def _plain(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return _plain(value.model_dump())
    if hasattr(value, "__dataclass_fields__"):
        from dataclasses import asdict

        return _plain(asdict(value))
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, float):
        return None if math.isnan(value) else round(value, 6)
    return value


# -- results -------------------------------------------------------------------------------------

def build_results(records: Sequence[dict[str, Any]], meta: dict[str, Any]) -> dict[str, Any]:
    cfg = meta["config"]
    theta_r, theta_imp = cfg.get("theta_r", 0.5), cfg.get("theta_imp", 0.5)
    per_q = [summary_metrics(r, r["main"], theta_r, theta_imp) for r in records]
    has_gold = any("gold" in r["main"] for r in records)
    tables: dict[str, Any] = {"main": {"xgrag": aggregate(per_q, "xgrag")}}
    if has_gold:
        tables["main"]["gold"] = aggregate(per_q, "gold")
    by_type: dict[str, Any] = {}
    for qtype in sorted({r["qtype"] for r in records}):
        idx = [i for i, r in enumerate(records) if r["qtype"] == qtype]
        by_type[qtype] = {"n": len(idx), "xgrag": aggregate([per_q[i] for i in idx], "xgrag")}
        if has_gold:
            by_type[qtype]["gold"] = aggregate([per_q[i] for i in idx], "gold")
    tables["by_question_type"] = by_type
    tables["accuracy"] = accuracy_rows(records)
    with_context = [r for r in records if r["main"]["edges"] > 0]
    tables["coverage"] = {"questions": len(records), "with_context": len(with_context),
                          "facts_mean": mean(r["main"]["edges"] for r in records),
                          "nodes_mean": mean(r["main"]["nodes"] for r in records),
                          "truncated": sum(bool(r["explanation"]["subgraph"].get("truncated")) for r in records
                                           if "explanation" in r)}
    tables["cost"] = cost_rows(records)
    tables["strategy_perturbations"] = {
        s: mean(len(r["main"]["methods"][s]["scores"]) for r in records if s in r["main"]["methods"])
        for s in sorted({s for r in records for s in r["main"]["methods"]})}
    cent = centrality_rows(records)
    tables["centrality"] = {"breakdown": centrality_breakdown(cent),
                            "source": sorted({c["source"] for c in cent})}
    if any("dedup_off" in r["ablations"] for r in records):
        rs = [r for r in records if "dedup_off" in r["ablations"]]
        on = [summary_metrics(r, _ablated(r["main"]), theta_r, theta_imp)
              for r in rs if ABLATION_STRATEGY in r["main"]["methods"]]
        if len(on) != len(rs):
            raise UsageError(f"the dedup ablation compares node removal: include '{ABLATION_STRATEGY}' in --strategies")
        off = [summary_metrics(r, r["ablations"]["dedup_off"], theta_r, theta_imp) for r in rs]
        tables["dedup"] = {"on": _one(aggregate(on, "xgrag"), ABLATION_STRATEGY),
                           "off": _one(aggregate(off, "xgrag"), ABLATION_STRATEGY),
                           "merged_mean": mean(r["main"]["merged"] for r in rs),
                           "nodes_on_mean": mean(r["main"]["nodes"] for r in rs),
                           "nodes_off_mean": mean(r["ablations"]["dedup_off"]["nodes"] for r in rs)}
        if has_gold:
            tables["dedup"]["on_gold"] = _one(aggregate(on, "gold"), ABLATION_STRATEGY)
            tables["dedup"]["off_gold"] = _one(aggregate(off, "gold"), ABLATION_STRATEGY)
    if any("theta_sim" in r["ablations"] for r in records):
        rs = [r for r in records if "theta_sim" in r["ablations"]]
        sweep = {}
        for theta in sorted(rs[0]["ablations"]["theta_sim"]):
            sums = [r["ablations"]["theta_sim"][theta] for r in rs]
            agg = aggregate([summary_metrics(r, s, theta_r, theta_imp) for r, s in zip(rs, sums, strict=True)],
                            "xgrag")
            sweep[theta] = {**_one(agg, ABLATION_STRATEGY), "merged_mean": mean(s["merged"] for s in sums),
                            "nodes_mean": mean(s["nodes"] for s in sums)}
            if has_gold:
                g = aggregate([summary_metrics(r, s, theta_r, theta_imp) for r, s in zip(rs, sums, strict=True)],
                              "gold")
                sweep[theta]["gold_f1"] = _one(g, ABLATION_STRATEGY).get("f1")
                sweep[theta]["gold_mrr"] = _one(g, ABLATION_STRATEGY).get("mrr")
        tables["theta_sim"] = sweep
    if any("temperature" in r["ablations"] for r in records):
        tables["temperature"] = temperature_table([r for r in records if "temperature" in r["ablations"]],
                                                  theta_r, theta_imp)
    if meta.get("analyses", True):
        tables["kgrag_ex"] = kgrag_analyses(records)
    tables["bridges"] = bridge_rows(records)
    tables["surrogate"] = surrogate_rows(records)
    if any("schedulers" in r for r in records):
        tables["schedulers"] = scheduler_rows(records)
    per_question = [{"qid": r["qid"], "qtype": r["qtype"], "answer": r["answer"], "correct": r["grade"]["correct"],
                     "nodes": r["main"]["nodes"], "edges": r["main"]["edges"],
                     "metrics": {k: {t: v[t] for t in ("xgrag", "gold") if t in v} for k, v in pq.items()}}
                    for r, pq in zip(records, per_q, strict=True)]
    return {"schema": "xgrag.eval.results/1", "meta": meta, "questions": len(records), "tables": tables,
            "centrality_per_question": cent, "per_question": per_question}


FACT_BUCKETS = ((0, 10), (10, 30), (30, 60), (60, 120), (120, None))


def _bucket(n: int) -> str:
    for lo, hi in FACT_BUCKETS:
        if hi is None or n < hi:
            return f"{lo}+" if hi is None else f"{lo}-{hi - 1}"
    raise AssertionError("unreachable: the last bucket is open")


def scheduler_rows(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """`--schedulers`: per scheduler, cost (calls after the baselines: mean, p50, p95, share of leave-one-out's,
    mean per subgraph-size bucket), top-3 agreement with leave-one-out, and blind faithfulness (top-1 evidence or
    interchangeable support, ERASER AOPC over all questions and over those with a single support, gold chains
    among correctly answered questions)."""
    rs = [r for r in records if "schedulers" in r]
    ref = rs[0]["schedulers"]["reference"] if rs else None
    names = list(dict.fromkeys([*([ref] if ref else []), *(n for r in rs for n in r["schedulers"]["runs"])]))
    out: dict[str, Any] = {"questions": len(rs), "reference": ref, "by_scheduler": {}}
    for name in names:
        rows = [(r, r["schedulers"]["runs"][name]) for r in rs if name in r["schedulers"]["runs"]]
        calls = [float(x["calls"]) for _, x in rows]
        ref_calls = sum(float(r["schedulers"]["runs"][ref]["calls"]) for r, _ in rows) if ref else 0.0
        single = [x for r, x in rows if r["schedulers"].get("single_support")]
        buckets: dict[str, list[float]] = {}
        for r, x in rows:
            buckets.setdefault(_bucket(int(r["schedulers"]["facts"])), []).append(float(x["calls"]))
        out["by_scheduler"][name] = {
            "n": len(rows), "calls_mean": mean(calls),
            "calls_p50": float(np.percentile(calls, 50)) if calls else None,
            "calls_p95": float(np.percentile(calls, 95)) if calls else None,
            "calls_share_of_reference": sum(calls) / ref_calls if ref_calls else None,
            "calls_by_facts": {b: {"n": len(v), "mean": mean(v)} for b, v in buckets.items()},
            "top3_agreement": mean(float(x["agree_top3"]) for _, x in rows),
            "top1_evidence": mean(float(x["top1_evidence"]) for _, x in rows),
            "top1_evidence_or_support": mean(float(x["top1_evidence_or_support"]) for _, x in rows),
            "aopc_comprehensiveness": mean(x["aopc_comprehensiveness"] for _, x in rows),
            "aopc_sufficiency": mean(x["aopc_sufficiency"] for _, x in rows),
            "single_support": len(single),
            "aopc_comprehensiveness_single": mean(x["aopc_comprehensiveness"] for x in single),
            "aopc_sufficiency_single": mean(x["aopc_sufficiency"] for x in single),
            "comp3_single": mean(float(x["comprehensiveness"]["3"]) for x in single
                                 if "3" in x["comprehensiveness"]),
            "suff3_single": mean(float(x["sufficiency"]["3"]) for x in single if "3" in x["sufficiency"]),
            "gold_chain_on_correct": mean(float(x["gold_chain"]) for _, x in rows
                                          if x.get("gold_chain") is not None),
            "faithfulness_calls_mean": mean(float(x["faithfulness_calls"]) for _, x in rows),
        }
    return out


def _calls_cell(cell: dict[str, Any] | None) -> str:
    return "–" if not cell else f"{fmt(cell['mean'], 1)} (n={cell['n']})"


def bridge_rows(records: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Ex-GraphRAG §6 over the dataset, per question type and overall: core and bridge sizes, how often core
    entities are held together only by bridges, Spearman(importance, betweenness)."""
    groups: dict[str, list[Bridges]] = {"all": []}
    for r in records:
        saved = r.get("explanation")
        if saved and saved.get("bridges") is not None:
            b = Bridges.model_validate(saved["bridges"], extra="ignore")
            groups["all"].append(b)
            groups.setdefault(r["qtype"], []).append(b)
    out: dict[str, dict[str, Any]] = {}
    for name, bs in groups.items():
        if not bs:
            continue
        with_pairs = [b for b in bs if b.core_pairs]
        out[name] = {"n": len(bs), "core_mean": mean(len(b.core) for b in bs),
                     "bridges_mean": mean(len(b.bridges) for b in bs),
                     "questions_with_core_pairs": len(with_pairs),
                     "share_pairs_only_via_bridges": (
                         sum(b.pairs_only_via_bridges for b in with_pairs) / sum(b.core_pairs for b in with_pairs)
                         if with_pairs else None),
                     "spearman_mean": mean(b.spearman_importance_betweenness for b in bs
                                           if b.spearman_importance_betweenness is not None)}
    return out


SURROGATE_FIGURES = ("lds", "r2", "weighted_r2", "adjusted_r2", "l1", "l2", "weighted_l1", "weighted_l2", "mean_loss")


def _sd(values: Iterable[float | None]) -> float | None:
    vals = [v for v in values if v is not None and not (isinstance(v, float) and math.isnan(v))]
    return round(float(np.std(vals, ddof=1)), 4) if len(vals) > 1 else None


def surrogate_rows(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per surrogate solver, over the questions whose explanation fitted it: the KG-SMILE fidelity family and LDS
    on HELD-OUT masks (mean, and the spread of LDS and R^2 as a standard deviation), how many questions had them
    undefined (too few masks held out, or every held-out mask gave the same response), masks fitted / held out;
    with `--ablate surrogate`, stability (top-k Jaccard across mask seeds) and consistency (repeats)."""
    rows: dict[str, Any] = {}
    for r in records:
        s = r["main"].get("surrogate")
        if not s:
            continue
        abl = ((r.get("ablations") or {}).get("surrogate") or {}).get("solvers") or {}
        for name, entry in (s.get("solvers") or {}).items():
            row = rows.setdefault(name, {"questions": 0, "held": [], "fit_masks": [], "held_out_masks": [],
                                         "measure": set(), "stability": [], "consistency": []})
            row["questions"] += 1
            row["held"].append(entry.get("held_out") or {})
            row["fit_masks"].append(s.get("fit_masks"))
            row["held_out_masks"].append(s.get("held_out_masks"))
            row["measure"].add(str(s.get("measure")))
            if name in abl:
                row["stability"].append(abl[name].get("stability"))
                row["consistency"].append(abl[name].get("consistency"))
    out: dict[str, Any] = {}
    for name, row in rows.items():
        held = row["held"]
        fig: dict[str, Any] = {"questions": row["questions"], "measure": ",".join(sorted(row["measure"])),
                                 "fit_masks_mean": mean(row["fit_masks"]),
                                 "held_out_masks_mean": mean(row["held_out_masks"]),
                                 "lds_defined": sum(h.get("lds") is not None for h in held),
                                 "lds_sd": _sd(h.get("lds") for h in held), "r2_sd": _sd(h.get("r2") for h in held),
                                 "lds_ge_0.8": (round(sum((h.get("lds") or -2) >= 0.8 for h in held)
                                                      / max(1, sum(h.get("lds") is not None for h in held)), 4))}
        fig.update({k: mean(h.get(k) for h in held) for k in SURROGATE_FIGURES})
        if row["stability"]:
            fig.update(stability=mean(row["stability"]), consistency=mean(row["consistency"]),
                       ablation_questions=len(row["stability"]))
        out[name] = fig
    return out


def temperature_table(rs: Sequence[dict[str, Any]], theta_r: float = 0.5, theta_imp: float = 0.5) -> dict[str, Any]:
    """Node removal at temperature 0 (the main run) vs each sampled seed; stability across the seeds."""
    from xgrag.evaluate import metrics as m

    if any(ABLATION_STRATEGY not in r["main"]["methods"] for r in rs):
        raise UsageError(f"the temperature ablation compares node removal: include '{ABLATION_STRATEGY}' in "
                         "--strategies")
    cold = [summary_metrics(r, _ablated(r["main"]), theta_r, theta_imp)
            for r in rs]
    rows: dict[str, Any] = {"0.0": {**_one(aggregate(cold, "xgrag"), ABLATION_STRATEGY),
                                    "accuracy": round(sum(bool(r["grade"]["correct"]) for r in rs) / len(rs), 4),
                                    "stable_baseline": _stable(r["ablations"]["temperature"]["0.0"]["baseline_answers"]
                                                               for r in rs),
                                    "noise_floor_mean": mean(r["main"]["noise_floor"] for r in rs)}}
    keys = [k for k in rs[0]["ablations"]["temperature"] if k != "0.0"]
    for key in keys:
        hot = [r["ablations"]["temperature"][key] for r in rs]
        rows[key] = {**_one(aggregate([summary_metrics(r, h, theta_r, theta_imp) for r, h in zip(rs, hot, strict=True)],
                                      "xgrag"), ABLATION_STRATEGY),
                     "accuracy": round(sum(bool(h["grade"]["correct"]) for h in hot) / len(hot), 4),
                     "stable_baseline": _stable(h["baseline_answers"] for h in hot),
                     "noise_floor_mean": mean(h["noise_floor"] for h in hot)}
    stability: dict[str, Any] = {}
    if len(keys) >= 2:
        a, b = keys[0], keys[1]
        same, rhos = 0, []
        for r in rs:
            x, y = r["ablations"]["temperature"][a], r["ablations"]["temperature"][b]
            same += x["answer"] == y["answer"]
            shared = sorted(set(x["methods"].get(ABLATION_STRATEGY, {}).get("scores", {}))
                            & set(y["methods"].get(ABLATION_STRATEGY, {}).get("scores", {})))
            if len(shared) >= 3:
                rho, _ = m.spearman([x["methods"][ABLATION_STRATEGY]["scores"][i][0] for i in shared],
                                    [y["methods"][ABLATION_STRATEGY]["scores"][i][0] for i in shared])
                if not math.isnan(rho):
                    rhos.append(rho)
        stability = {"seeds": [a, b], "same_answer": round(same / len(rs), 4), "rho_mean": mean(rhos),
                     "rho_defined": len(rhos)}
    return {"rows": rows, "stability": stability}


def _one(agg: dict[str, dict[str, Any]], name: str) -> dict[str, Any]:
    return dict(agg.get(name, {}))


def _stable(groups: Iterable[Sequence[str]]) -> float | None:
    gs = [g for g in groups if g]
    return round(sum(len(set(g)) == 1 for g in gs) / len(gs), 4) if gs else None


# -- markdown ------------------------------------------------------------------------------------

def fmt(v: Any, digits: int = 2) -> str:
    if v is None:
        return "–"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return str(v)


def md_table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(fmt(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def method_table(agg: dict[str, dict[str, Any]], gold: bool = False) -> str:
    keys = GOLD_METRICS if gold else METRICS
    rows = [[METHOD_LABEL.get(n, n), agg[n]["n"], *[agg[n].get(k) for k in keys], agg[n]["moved"]]
            for n in order_methods(agg)]
    return md_table(["method", "questions", *[HEAD[k] for k in keys], "share of questions where it moved a0"], rows)


def render_markdown(results: dict[str, Any], plots: Sequence[str] = ()) -> str:
    meta, t = results["meta"], results["tables"]
    gen = meta["generator"]
    ds = meta["dataset"]
    cfg = meta["config"]
    lines = [f"# xgrag eval: {Path(ds['path']).name} ({ds['kind']})", ""]
    lines += [f"- dataset: `{ds['path']}` ({ds['kind']}; {ds['evaluated']} of {ds['questions']} questions evaluated)",
              f"- KG: {ds['kg']['source']}: {ds['kg']['triples']} triples"
              + (f"; extracted by {ds['kg']['extractor']} ({ds['kg']['chunks']} chunks, "
                 f"{ds['kg']['chunks_without_triples']} without triples)" if ds["kg"].get("extractor") else ""),
              f"- generator: **{gen['name']}** (`--generator {gen['spec']}`, {json.dumps(gen['params'])})",
              f"- embedder: {meta['embedder']}; strategies: {', '.join(cfg['strategies'])}; retrieval {cfg['mode']}"
              f"; theta_sim {cfg['theta_sim']}; theta_r {cfg['theta_r']}; theta_imp {cfg['theta_imp']}; "
              f"noise runs {cfg['noise_runs']}",
              f"- versions: {json.dumps(meta.get('versions', {}))}", ""]
    if not gen["llm"]:
        lines += ["> **Generator caveat.** The `extractive` reader is not an LLM: it answers with the entity of the "
                  "fact (or 2-hop chain) that best matches the question, so perturbing anything but that evidence "
                  "leaves the answer unchanged. Headline explanation quality needs a capable LLM through Ollama:",
                  ">", f"> `{OLLAMA_COMMAND}`", ""]
    elif gen["spec"] == "smollm2":
        lines += ["> **Generator caveat.** SmolLM2-135M is a tiny model that does not ground its answers in the facts; "
                  "these figures measure cost and pipeline behaviour, not explanation quality. Headline quality needs "
                  "a capable LLM through Ollama:", ">", f"> `{OLLAMA_COMMAND}`", ""]
    cov = t["coverage"]
    lines += [f"Retrieved context: {cov['with_context']} of {cov['questions']} questions have at least one fact "
              f"(mean {fmt(cov['facts_mean'], 1)} facts, {fmt(cov['nodes_mean'], 1)} entities; "
              f"{cov['truncated']} truncated by the retrieval caps).", ""]
    if cov["with_context"] < cov["questions"]:
        lines += [f"> **Warning.** {cov['questions'] - cov['with_context']} questions had no fact in their retrieved "
                  "subgraph (no entity linked, or an empty KG"
                  + (f": the extractor produced {ds['kg']['triples']} triples" if ds["kg"].get("extractor") else "")
                  + "). They have nothing to explain and are left out of the quality tables below.", ""]
    lines += ["## Answer accuracy", "",
              md_table(["question type", "questions", "accuracy", "token F1", "option letter stated"],
                       [[k, v["n"], v["accuracy"], v.get("token_f1"), v.get("letter_stated")]
                        for k, v in t["accuracy"].items()]), ""]
    lines += ["## Explanation quality (XGRAG ground truth: rel(p) = cos(E(a0), E(p)), positive when > theta_r)", "",
              "Graph-native perturbation (nodes, facts) vs the RAG-Ex baseline (the same context as text, perturbed "
              "per word and per sentence; scored on the same facts, with rel(p) taken from RAG-Ex's own baseline "
              "answer). Means over questions (XGRAG Table 2 / 6). "
              "Predicted important: Imp_norm > theta_imp. Ties in the ranking (e.g. the many components whose "
              "removal leaves a0 unchanged, importance 0) keep the unit order (entities by id, facts in the "
              "prompt's canonical order), as `xgrag.evaluate.metrics` does.", "",
              method_table(t["main"]["xgrag"]), ""]
    if "gold" in t["main"]:
        lines += ["## Explanation quality (dataset ground truth: MetaQA gold triples)", "",
                  "A fact is relevant when it is a gold triple, an entity when it occurs in one. P@k% is precision "
                  "at the top k% of the ranking; ROC AUC over questions with both classes.", "",
                  method_table(t["main"]["gold"], gold=True), ""]
    lines += ["## Per question type", ""]
    for qtype, data in t["by_question_type"].items():
        lines += [f"### {qtype} ({data['n']} questions)", "", "XGRAG ground truth:", "", method_table(data["xgrag"]),
                  ""]
        if "gold" in data:
            lines += ["Gold triples:", "", method_table(data["gold"], gold=True), ""]
    if "dedup" in t:
        d = t["dedup"]
        rows = [["with entity deduplication", *[d["on"].get(k) for k in METRICS], d["nodes_on_mean"]],
                ["without", *[d["off"].get(k) for k in METRICS], d["nodes_off_mean"]]]
        lines += ["## Ablation: entity deduplication (node removal; XGRAG Table 5)", "",
                  f"Mean merged entities per question: {fmt(d['merged_mean'])}.", "",
                  md_table(["configuration", *[HEAD[k] for k in METRICS], "nodes"], rows), ""]
        if "on_gold" in d:
            lines += ["Gold triples:", "", md_table(["configuration", *[HEAD[k] for k in GOLD_METRICS]], [
                ["with", *[d["on_gold"].get(k) for k in GOLD_METRICS]],
                ["without", *[d["off_gold"].get(k) for k in GOLD_METRICS]]]), ""]
    if "theta_sim" in t:
        sw = t["theta_sim"]
        gold_cols = any("gold_f1" in v for v in sw.values())
        lines += ["## Ablation: theta_sim sweep (node removal)", "",
                  "Lower thresholds merge more entities; each theta re-runs dedup and the explanation.", "",
                  md_table(["theta_sim", "merged", "nodes", *[HEAD[k] for k in METRICS],
                            *(["gold F1", "gold MRR"] if gold_cols else [])],
                           [[k, v.get("merged_mean"), v.get("nodes_mean"), *[v.get(m) for m in METRICS],
                             *([v.get("gold_f1"), v.get("gold_mrr")] if gold_cols else [])] for k, v in sw.items()]),
                  ""]
    if "temperature" in t:
        tt = t["temperature"]
        lines += ["## Ablation: temperature (node removal)", "",
                  "Temperature 0 is the main run; sampled runs use fixed seeds (a seed repeats itself, so the noise "
                  "floor within one seed is 0 by construction and stability is measured across seeds).", "",
                  md_table(["temperature", *[HEAD[k] for k in METRICS], "accuracy", "identical baseline answers",
                            "noise floor"],
                           [[k, *[v.get(m) for m in METRICS], v["accuracy"], v["stable_baseline"],
                             v["noise_floor_mean"]] for k, v in tt["rows"].items()]), ""]
        st = tt["stability"]
        if st:
            lines += [f"Across seeds ({' vs '.join(st['seeds'])}): same baseline answer on {fmt(st['same_answer'])} "
                      f"of the questions; mean Spearman rho of node importances {fmt(st['rho_mean'])} "
                      f"({st['rho_defined']} questions with a defined rho).", ""]
    c = t["centrality"]["breakdown"]
    lines += ["## Graph structural alignment (Spearman rho of node importance vs centrality; XGRAG Figure 5)", "",
              f"Centrality from {', '.join(t['centrality']['source']) or '–'} on each question's deduplicated "
              "subgraph. Strength buckets on |rho| among significant results (p < 0.05): weak <= 0.4 < moderate "
              "< 0.6 <= strong.", "",
              md_table(["measure", "questions", "rho defined", "mean rho", "significant", "positive", "weak",
                        "moderate", "strong", "mean rho (significant)"],
                       [[k, v["questions"], v["defined"], v["mean_rho"], v["significant"], v["positive_significant"],
                         v["weak"], v["moderate"], v["strong"], v["mean_rho_significant"]] for k, v in c.items()]),
              ""]
    if "kgrag_ex" in t:
        k = t["kgrag_ex"]
        lines += ["## KGRAG-Ex analyses", "", "Impact per perturbation type:", "", _kv_table(k["impact_by_strategy"]),
                  "", "Node labels (types) of critical nodes:", "", _kv_table(k["critical_node_labels"]), "",
                  f"Critical positions on paths: {len(k['critical_positions'])} critical perturbations located "
                  + _positions(k["critical_positions"]) + " (paths exist with `--mode paths`).", "",
                  "Relative rank of critical components among the subgraph's components of their kind (0 = most "
                  "central: nodes by degree, facts by edge betweenness, sub-paths by betweenness / (deg u + deg v)):",
                  "", md_table(["element", "critical", "mean relative rank", "in the top quarter"],
                               [[e, v["critical"], v["mean"], v["top_quarter"]]
                                for e, v in k["relative_ranks"].items()]), ""]
        if k["path_relative_ranks"]:
            lines += ["Per shortest path:", "", md_table(["element", "critical", "mean relative rank"], [
                [e, v["critical"], v["mean"]] for e, v in k["path_relative_ranks"].items()]), ""]
    if t.get("bridges"):
        lines += ["## Bridge nodes (Ex-GraphRAG §6: semantic-structural mismatch)", "",
                  "Core: entities whose importance is at least half the largest (and above the noise floor); bridges: "
                  "other entities on a shortest path between two core entities or whose removal separates two; the "
                  "share counts connected core pairs that fall apart without the bridges (what pruning the context "
                  "to the top-scored entities would break).", "",
                  md_table(["question type", "questions", "core (mean)", "bridges (mean)", "with 2+ core",
                            "core pairs only via bridges", "Spearman(importance, betweenness)"],
                           [[k, v["n"], v["core_mean"], v["bridges_mean"], v["questions_with_core_pairs"],
                             v["share_pairs_only_via_bridges"], v["spearman_mean"]] for k, v in t["bridges"].items()]),
                  ""]
    if t.get("surrogate"):
        sur = t["surrogate"]
        lines += ["## KG-SMILE surrogates, judged on held-out masks", "",
                  "Random masks keep each fact with a fixed probability; the answered masks are split (seeded) into "
                  "a fit set and a held-out set. Each solver is fitted on the fit set only; every figure below is "
                  "computed on the held-out masks only (KG-SMILE Eq. 15-22; LDS = Spearman between the surrogate's "
                  "predicted and the observed responses, as ContextCite). Means over questions; LDS is undefined "
                  "when every held-out mask gave the same response.", "",
                  md_table(["solver", "measure", "questions", "masks fit / held out", "LDS (mean)", "LDS sd",
                            "LDS >= 0.8", "LDS defined", "R²", "R² sd", "weighted R²", "adjusted R²", "L1", "L2",
                            "weighted L1", "weighted L2", "mean loss"],
                           [[n, v["measure"], v["questions"],
                             f"{fmt(v['fit_masks_mean'], 1)} / {fmt(v['held_out_masks_mean'], 1)}", v["lds"],
                             v["lds_sd"], v["lds_ge_0.8"], v["lds_defined"], v["r2"], v["r2_sd"], v["weighted_r2"],
                             v["adjusted_r2"], v["l1"], v["l2"], v["weighted_l1"], v["weighted_l2"], v["mean_loss"]]
                            for n, v in sur.items()]), ""]
        if any("stability" in v for v in sur.values()):
            lines += ["Stability: mean pairwise Jaccard of the top-k facts across mask seeds 0, 1, 2 (KG-SMILE "
                      "Eq. 24); consistency: Spearman of the coefficients of two runs with the same seed, the "
                      "second without the response cache (a deterministic generator scores 1 by construction).", "",
                      md_table(["solver", "questions", "stability (top-k Jaccard)", "consistency"],
                               [[n, v["ablation_questions"], v["stability"], v["consistency"]]
                                for n, v in sur.items() if "stability" in v]), ""]
    if t.get("schedulers"):
        sc = t["schedulers"]
        lines += ["## Schedulers: cost and blind faithfulness (facts; citation guidance off)", "",
                  f"{sc['questions']} questions; reference: {sc['reference']} (leave-one-out). Calls: generator "
                  "calls after the baselines. Agreement: the same facts above the noise floor in the top 3. Top-1: the "
                  "generator's reported evidence (read only here), or a fact from which alone it gives the same "
                  "answer. AOPC (ERASER): mean over k = 1, 2, 3 and 10/20/50% of the facts of comprehensiveness "
                  "(removing the top-k changes the answer) and sufficiency (the top-k alone keep it); 'single': "
                  "questions where some fact moves the answer on its own. Gold: the top 1 / 3 / 5 facts (1 / 2 / "
                  "3-hop) hold a gold chain to an answer, among correctly answered questions.", "",
                  md_table(["scheduler", "n", "calls mean", "p50", "p95", "share of reference", "top-3 agreement",
                            "top-1 evidence", "top-1 evidence or support", "AOPC comp", "AOPC suff",
                            "AOPC comp (single)", "AOPC suff (single)", "gold chain"],
                           [[k, v["n"], v["calls_mean"], v["calls_p50"], v["calls_p95"],
                             v["calls_share_of_reference"], v["top3_agreement"], v["top1_evidence"],
                             v["top1_evidence_or_support"], v["aopc_comprehensiveness"], v["aopc_sufficiency"],
                             v["aopc_comprehensiveness_single"], v["aopc_sufficiency_single"],
                             v["gold_chain_on_correct"]] for k, v in sc["by_scheduler"].items()]), "",
                  "Mean calls by subgraph size (facts):", "",
                  md_table(["scheduler", *[_bucket(lo) for lo, _ in FACT_BUCKETS]],
                           [[k, *[_calls_cell(v["calls_by_facts"].get(_bucket(lo))) for lo, _ in FACT_BUCKETS]]
                            for k, v in sc["by_scheduler"].items()]), ""]
    lines += ["## Cost per question (generator calls, tokens, seconds)", "",
              "Calls and tokens are generator calls actually made; cache hits are requests whose exact prompt was "
              "already answered earlier in the run (RAG-Ex's sentence level shares its baseline with the word level, "
              "and a word window can leave the same text as a removed sentence), so requests = calls + cache hits "
              "is what a method costs on its own. Seconds are wall time on a shared 2-core machine.", "",
              md_table(["method", "questions", "requests (mean)", "calls (mean)", "calls (total)", "tokens (mean)",
                        "tokens (total)", "seconds (mean)", "seconds (total)", "cache hits"],
                       [[METHOD_LABEL.get(n, "XGRAG (all strategies, one explanation)"), v["questions"],
                         v["requests_mean"], v["calls_mean"], v["calls_total"], v["tokens_mean"], v["tokens_total"],
                         v["seconds_mean"], v["seconds_total"], v["cache_hits_total"]] for n, v in t["cost"].items()]),
              "", "Mean perturbations per question and strategy: "
              + ", ".join(f"{s} {fmt(v, 1)}" for s, v in t["strategy_perturbations"].items()), ""]
    if plots:
        lines += ["## Plots", ""] + [f"![{p}]({p})" for p in plots] + [""]
    return "\n".join(lines)


def _kv_table(data: Any) -> str:
    if isinstance(data, dict) and data and all(isinstance(v, dict) for v in data.values()):
        cols: list[str] = []
        for v in data.values():
            cols += [c for c in v if c not in cols]
        return md_table(["", *cols], [[k, *[_cell(v.get(c)) for c in cols]] for k, v in data.items()])
    if isinstance(data, dict):
        return md_table(["", "value"], [[k, _cell(v)] for k, v in data.items()])
    return f"`{json.dumps(data)[:500]}`"


def _cell(v: Any) -> Any:
    return v if isinstance(v, int | float | str | bool) or v is None else json.dumps(v)[:60]


def _positions(positions: Sequence[Any]) -> str:
    raw = [p.get("position") if isinstance(p, dict) else p for p in positions]
    vals = [float(v) for v in raw if isinstance(v, int | float)]
    if not vals:
        return "(none on a path)"
    hist, _ = np.histogram(vals, bins=[0, 0.25, 0.5, 0.75, 1.0000001])
    return (f"(normalised 0 = path start, 1 = end): mean {np.mean(vals):.2f}; quartiles "
            f"{', '.join(str(int(h)) for h in hist)}")


# -- plots ---------------------------------------------------------------------------------------

def plots(results: dict[str, Any], out: Path, draw: bool = True) -> list[str]:
    """The PNG plots of `results` in `out`; their names. draw=False only names them (same conditions, no
    matplotlib): a resumed run whose results did not change keeps the plots it drew before."""
    t = results["tables"]
    written: list[str] = []
    plt: Any = None

    def want(name: str) -> bool:
        nonlocal plt
        written.append(name)
        if draw and plt is None:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as pyplot

            plt = pyplot
        return draw

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        fig.savefig(out / name, dpi=110, metadata={"Software": None})
        plt.close(fig)

    for truth in ("xgrag", "gold"):
        agg = t["main"].get(truth)
        if not agg or not want(f"methods_{truth}.png"):
            continue
        names = order_methods(agg)
        keys = GOLD_METRICS if truth == "gold" else METRICS
        fig, ax = plt.subplots(figsize=(9, 4))
        width = 0.8 / max(1, len(names))
        for i, n in enumerate(names):
            ax.bar(np.arange(len(keys)) + i * width, [agg[n].get(k) or 0.0 for k in keys], width,
                   label=METHOD_LABEL.get(n, n))
        ax.set_xticks(np.arange(len(keys)) + width * (len(names) - 1) / 2, [HEAD[k] for k in keys])
        ax.set_ylim(0, 1)
        ax.set_title(f"explanation quality ({'XGRAG rel(p)' if truth == 'xgrag' else 'gold triples'})")
        ax.legend(fontsize=7)
        save(fig, f"methods_{truth}.png")
    types = t["by_question_type"]
    names = order_methods({n for d in types.values() for n in d["xgrag"]})
    if len(types) > 1 and names and want("question_types.png"):
        fig, ax = plt.subplots(figsize=(8, 4))
        width = 0.8 / max(1, len(names))
        for i, n in enumerate(names):
            ax.bar(np.arange(len(types)) + i * width, [d["xgrag"].get(n, {}).get("mrr") or 0.0
                                                       for d in types.values()], width, label=METHOD_LABEL.get(n, n))
        ax.set_xticks(np.arange(len(types)) + width * (len(names) - 1) / 2, list(types))
        ax.set_ylabel("MRR (XGRAG ground truth)")
        ax.set_ylim(0, 1)
        ax.legend(fontsize=7)
        save(fig, "question_types.png")
    if "theta_sim" in t and want("theta_sim.png"):
        sw = t["theta_sim"]
        xs = [float(k) for k in sw]
        fig, ax = plt.subplots(figsize=(7, 4))
        for k in ("f1", "mrr", "p10"):
            ax.plot(xs, [sw[x].get(k) or 0.0 for x in sw], marker="o", label=HEAD[k])
        ax2 = ax.twinx()
        ax2.plot(xs, [sw[x]["merged_mean"] or 0.0 for x in sw], color="grey", linestyle="--", label="merged")
        ax2.set_ylabel("merged entities / question")
        ax.set_xlabel("theta_sim")
        ax.legend(fontsize=7)
        save(fig, "theta_sim.png")
    if want("centrality_strength.png"):
        br = t["centrality"]["breakdown"]
        fig, ax = plt.subplots(figsize=(6, 4))
        for i, s in enumerate(("weak", "moderate", "strong")):
            ax.bar(np.arange(2) + i * 0.25, [br[m][s] for m in ("degree", "pagerank")], 0.25, label=s)
        ax.set_xticks(np.arange(2) + 0.25, ["degree", "PageRank"])
        ax.set_ylabel("significant questions (p < 0.05)")
        ax.set_title("correlation strength (XGRAG Figure 5)")
        ax.legend()
        save(fig, "centrality_strength.png")
    return written


def write_report(out: Path, records: Sequence[dict[str, Any]], meta: dict[str, Any]) -> dict[str, Any]:
    """results.json, PNG plots and report.md in `out`; returns the results.

    The plots are a function of results.json: when it is unchanged (a resumed run that evaluated nothing new) and
    every plot it calls for is there, they are not drawn again (matplotlib's import and four figures are seconds
    of a command that otherwise only reads records)."""
    results = build_results(records, meta)
    text = json.dumps(results, indent=1, sort_keys=True, default=str) + "\n"
    path = out / "results.json"
    unchanged = path.is_file() and path.read_text(encoding="utf-8") == text
    names = plots(results, out, draw=False)
    if not (unchanged and all((out / n).is_file() for n in names)):
        path.write_text(text, encoding="utf-8")
        names = plots(results, out)
    (out / "report.md").write_text(render_markdown(results, names), encoding="utf-8")
    return results
