"""Pure report logic of `xgrag eval`: per-question metrics, aggregation, grading, tables."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from xgrag.evaluate.datasets import EvalQuestion
from xgrag.evaluate.eval_report import (
    aggregate,
    build_results,
    centrality_breakdown,
    centrality_rows,
    md_table,
    plots,
    render_markdown,
    summary_metrics,
    unit_metrics,
    write_report,
)
from xgrag.evaluate.runner import EvalConfig, grade, token_f1


def test_unit_metrics_under_xgrag_ground_truth_by_hand() -> None:
    # rel = [0.9, 0.6, 0.1]: positives {0, 1}; predicted important (norm > 0.5): {0}
    m = unit_metrics([1.0, 0.2, 0.0], [0.9, 0.6, 0.1], graded=True)
    assert m["f1"] == pytest.approx(2 / 3, abs=1e-6)
    assert m["mrr"] == 1.0 and m["p10"] == 1.0 and m["p30"] == 1.0 and m["p50"] == 1.0
    # most relevant unit ranked third: MRR 1/3; top-1 sets differ: P@10% = 0
    m = unit_metrics([0.0, 0.5, 1.0], [0.9, 0.6, 0.1], graded=True)
    assert m["mrr"] == pytest.approx(1 / 3, abs=1e-6) and m["p10"] == 0.0 and m["f1"] == 0.0
    assert "auc" not in m


def test_unit_metrics_under_gold_labels_by_hand() -> None:
    m = unit_metrics([0.2, 1.0, None, 0.6], [False, True, False, True], graded=False)
    assert m["f1"] == 1.0 and m["mrr"] == 1.0 and m["auc"] == 1.0
    assert m["p50"] == 1.0  # the top 2 of 4 are both gold
    m = unit_metrics([1.0, 0.0, 0.0], [False, False, True], graded=False)
    # ties keep the unit order, so the gold unit (third, tied at 0) ranks third
    assert m["f1"] == 0.0 and m["mrr"] == pytest.approx(1 / 3, abs=1e-6) and m["auc"] == pytest.approx(0.25)
    assert unit_metrics([1.0, 0.5], [True, True], graded=False)["auc"] is None  # one class only


def _record(qid: str, qtype: str, node_norm: list[float], rel: list[float], gold: list[bool],
            ragex_norm: list[float] | None = None, correct: bool = True) -> dict:
    nodes = {f"n{i}": f"node {i}" for i in range(len(node_norm))}
    edges = {f"r{i}": f"fact {i}" for i in range(len(node_norm))}
    methods = {
        "node": {"unit": "node", "scores": {f"n{i}": [v / 2, v] for i, v in enumerate(node_norm)}},
        "edge": {"unit": "edge", "scores": {f"r{i}": [v / 2, v] for i, v in enumerate(node_norm)}},
    }
    cost = {"generator_calls": 10, "prompt_tokens": 100, "completion_tokens": 5, "seconds": 1.0, "cache_hits": 0}
    rec = {"qid": qid, "qtype": qtype, "answer": "a", "grade": {"correct": correct}, "ablations": {},
           "main": {"units": {"node": nodes, "edge": edges},
                    "relevance": {"node": dict(zip(nodes, rel, strict=True)),
                                  "edge": dict(zip(edges, rel, strict=True))},
                    "gold": {"node": dict(zip(nodes, gold, strict=True)),
                             "edge": dict(zip(edges, gold, strict=True))},
                    "methods": methods, "merged": 0, "nodes": len(nodes), "edges": len(edges), "noise_floor": 0.0,
                    "cost": cost},
           "centrality": {"source": "gds", "scores": {f"n{i}": {"degree": float(i), "pagerank": 0.1 * i,
                                                                "betweenness": 0.0} for i in range(len(node_norm))}}}
    if ragex_norm is not None:
        rec["ragex"] = {"word": {"unit": "edge", "scores": {f"r{i}": [v, v] for i, v in enumerate(ragex_norm)},
                                 "cost": {**cost, "generator_calls": 4}}}
    return rec


def test_summary_metrics_and_aggregate_over_questions() -> None:
    r1 = _record("q1", "1-hop", [1.0, 0.0, 0.0], [0.9, 0.2, 0.1], [True, False, False], ragex_norm=[0.0, 1.0, 0.0])
    r2 = _record("q2", "2-hop", [0.0, 1.0, 0.0], [0.9, 0.2, 0.1], [True, False, False], ragex_norm=[1.0, 0.0, 0.0])
    per_q = [summary_metrics(r, r["main"]) for r in (r1, r2)]
    assert set(per_q[0]) == {"node", "edge", "ragex-word"}
    assert per_q[0]["node"]["xgrag"]["mrr"] == 1.0 and per_q[1]["node"]["xgrag"]["mrr"] == 0.5
    agg = aggregate(per_q, "xgrag")
    assert agg["node"]["mrr"] == 0.75 and agg["node"]["n"] == 2 and agg["node"]["moved"] == 1.0
    assert agg["ragex-word"]["mrr"] == 0.75
    gold = aggregate(per_q, "gold")
    # q1: the gold node scores highest (AUC 1); q2: it scores 0, below one negative and tied with one (0.25)
    assert gold["node"]["auc"] == pytest.approx(0.625) and gold["node"]["auc_n"] == 2


def test_centrality_rows_and_figure5_breakdown() -> None:
    recs = [_record(f"q{i}", "1-hop", [0.0, 0.2, 0.4, 0.6, 0.8, 1.0], [0.5] * 6, [False] * 6) for i in range(3)]
    rows = centrality_rows(recs)
    assert len(rows) == 3 and rows[0]["degree"]["rho"] == pytest.approx(1.0) and rows[0]["degree"]["p"] < 0.05
    assert rows[0]["degree"]["strength"] == "strong"
    br = centrality_breakdown(rows)
    assert br["degree"] == {"questions": 3, "defined": 3, "significant": 3, "mean_rho": 1.0,
                            "mean_rho_significant": 1.0, "positive_significant": 3, "weak": 0, "moderate": 0,
                            "strong": 3}
    flat = [_record("q", "1-hop", [1.0, 1.0, 1.0], [0.5] * 3, [False] * 3)]
    assert centrality_rows(flat)[0]["degree"] == {"rho": None, "p": None, "strength": None}  # constant: undefined


def test_build_results_and_markdown_tables() -> None:
    recs = [_record("q1", "1-hop", [1.0, 0.0, 0.0], [0.9, 0.2, 0.1], [True, False, False], [0.0, 1.0, 0.0]),
            _record("q2", "2-hop", [0.0, 1.0, 0.0], [0.9, 0.2, 0.1], [True, False, False], [1.0, 0.0, 0.0],
                    correct=False)]
    cfg = EvalConfig(dataset="d.jsonl")
    meta = {"config": {**cfg.__dict__}, "analyses": False, "embedder": "e", "versions": {},
            "generator": {"spec": "extractive", "name": "extractive-reader", "params": {}, "llm": False},
            "dataset": {"path": "d.jsonl", "kind": "metaqa", "questions": 2, "evaluated": 2,
                        "kg": {"source": "s", "triples": 3}}}
    res = build_results(recs, meta)
    t = res["tables"]
    assert t["accuracy"]["all"] == {"n": 2, "accuracy": 0.5} and t["accuracy"]["2-hop"]["accuracy"] == 0.0
    assert set(t["by_question_type"]) == {"1-hop", "2-hop"}
    assert t["cost"]["xgrag"]["calls_total"] == 20 and t["cost"]["ragex-word"]["calls_mean"] == 4.0
    md = render_markdown(res, ["methods_xgrag.png"])
    assert "| XGRAG node removal | 2 | " in md and "| RAG-Ex word-level | 2 | " in md
    assert "ROC AUC" in md and "ollama:llama3.1:8b" in md and "not an LLM" in md
    assert "![methods_xgrag.png](methods_xgrag.png)" in md


def test_a_resumed_report_with_unchanged_results_keeps_its_plots(tmp_path: Path) -> None:
    recs = [_record("q1", "1-hop", [1.0, 0.0, 0.0], [0.9, 0.2, 0.1], [True, False, False], [0.0, 1.0, 0.0]),
            _record("q2", "2-hop", [0.0, 1.0, 0.0], [0.9, 0.2, 0.1], [True, False, False], [1.0, 0.0, 0.0])]
    meta = {"config": {**EvalConfig(dataset="d.jsonl").__dict__}, "analyses": False, "embedder": "e", "versions": {},
            "generator": {"spec": "extractive", "name": "extractive-reader", "params": {}, "llm": False},
            "dataset": {"path": "d.jsonl", "kind": "metaqa", "questions": 2, "evaluated": 2,
                        "kg": {"source": "s", "triples": 3}}}
    res = write_report(tmp_path, recs, meta)
    names = plots(res, tmp_path, draw=False)  # naming them draws nothing and names what drawing wrote
    assert sorted(p.name for p in tmp_path.glob("*.png")) == sorted(names)
    assert {"methods_xgrag.png", "methods_gold.png", "question_types.png", "centrality_strength.png"} <= set(names)
    stamps = {n: (tmp_path / n).stat().st_mtime_ns for n in names}
    report = (tmp_path / "report.md").read_text()
    results = (tmp_path / "results.json").read_bytes()

    write_report(tmp_path, recs, meta)  # same records: same results, plots kept
    assert {n: (tmp_path / n).stat().st_mtime_ns for n in names} == stamps
    assert (tmp_path / "report.md").read_text() == report and (tmp_path / "results.json").read_bytes() == results

    (tmp_path / "theta_sim.png").write_bytes(b"")  # not a plot these results call for: ignored
    (tmp_path / "question_types.png").unlink()  # a plot gone: all drawn again
    write_report(tmp_path, recs, meta)
    assert (tmp_path / "question_types.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "methods_xgrag.png").stat().st_mtime_ns != stamps["methods_xgrag.png"]

    stamps = {n: (tmp_path / n).stat().st_mtime_ns for n in names}
    write_report(tmp_path, recs[:1], meta)  # other results: drawn again, results rewritten
    assert (tmp_path / "methods_xgrag.png").stat().st_mtime_ns != stamps["methods_xgrag.png"]
    assert (tmp_path / "results.json").read_bytes() != results


def test_md_table_formats_missing_and_floats() -> None:
    assert md_table(["a", "b"], [[0.12345, None], [True, 3]]).splitlines() == [
        "| a | b |", "|---|---|", "| 0.12 | – |", "| yes | 3 |"]


def test_grading() -> None:
    mq = EvalQuestion("q", "when did [X] release", ("1965", "1935"), "2-hop", 1)
    assert grade(mq, "X was released in 1935.", "metaqa", None)["correct"] is True  # type: ignore[arg-type]
    assert grade(mq, "X was released in 19350.", "metaqa", None)["correct"] is False  # type: ignore[arg-type]
    st = EvalQuestion("s", "Why?", ("They began to grow poorer and poorer.",), "inferential", 1)
    g = grade(st, "they grew poorer", "stories", None)  # type: ignore[arg-type]
    assert g["token_f1"] == pytest.approx(2 * (2 / 3) * (2 / 7) / (2 / 3 + 2 / 7), abs=1e-6) and not g["correct"]
    mc = EvalQuestion("m", "Q", ("B", "y"), "Pathology", 1, options={"A": "x", "B": "y", "C": "z", "D": "w"},
                      answer_letter="B")
    assert grade(mc, "B. y", "medmcqa", None) == {  # type: ignore[arg-type]
        "correct": True, "predicted_letter": "B", "letter_source": "stated", "gold_letter": "B"}
    assert token_f1("", "a") == 0.0 and math.isclose(token_f1("a b", "a b"), 1.0)


def test_temperature_and_dedup_ablation_tables() -> None:
    recs = []
    for i, (cold, hot) in enumerate([([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]), ([1.0, 0.0, 0.0], [1.0, 0.5, 0.0])]):
        r = _record(f"q{i}", "1-hop", cold, [0.9, 0.2, 0.1], [True, False, False])
        temps = {"0.0": {"baseline_answers": ["a", "a"], "noise_floor": 0.0}}
        for seed, scores in ((1, hot), (2, [1.0, 0.5, 0.25])):
            s = _record("h", "1-hop", scores, [0.9, 0.2, 0.1], [True, False, False])["main"]
            s["methods"] = {"node": s["methods"]["node"]}
            s.update(grade={"correct": i == 1}, baseline_answers=["a", "a"], noise_floor=0.0, seed=seed,
                     answer="x" if seed == 1 and i == 0 else "y")
            temps[f"0.7 seed {seed}"] = s
        r["main"]["noise_floor"] = 0.0
        r["ablations"] = {"temperature": temps, "dedup_off": temps["0.7 seed 1"]}
        recs.append(r)
    meta = {"config": {**EvalConfig(dataset="d").__dict__}, "analyses": False}
    t = build_results(recs, meta)["tables"]
    rows = t["temperature"]["rows"]
    assert list(rows) == ["0.0", "0.7 seed 1", "0.7 seed 2"]
    assert rows["0.0"]["mrr"] == 1.0 and rows["0.7 seed 1"]["mrr"] == 0.75 and rows["0.7 seed 2"]["mrr"] == 1.0
    assert rows["0.7 seed 1"]["accuracy"] == 0.5 and rows["0.0"]["stable_baseline"] == 1.0
    st = t["temperature"]["stability"]
    # q0: answers differ, importances [0, .5, 0] vs [.5, .25, .125] are uncorrelated (rho 0); q1: same ranking (rho 1)
    assert st["same_answer"] == 0.5 and st["rho_defined"] == 2 and st["rho_mean"] == pytest.approx(0.5)
    assert t["dedup"]["on"]["mrr"] == 1.0 and t["dedup"]["off"]["mrr"] == 0.75 and t["dedup"]["off"]["n"] == 2


def test_fingerprint_ignores_limit_and_concurrency_and_accepts_runs_from_before_kg() -> None:
    import hashlib
    import json
    from dataclasses import asdict

    base = EvalConfig(dataset="a.jsonl")
    fps = base.fingerprints("sha", {"p": 1}, "emb")
    assert EvalConfig(dataset="b.jsonl", limit=3, concurrency=1).fingerprints("sha", {"p": 1}, "emb") == fps
    assert EvalConfig(dataset="a.jsonl", generator="smollm2").fingerprints("sha", {"p": 1}, "emb")[0] != fps[0]
    assert base.fingerprints("other", {"p": 1}, "emb")[0] != fps[0]
    surrogate_options = ("masks", "keep_probability", "holdout", "kernel_sigma", "surrogate_distance",
                         "surrogate_solvers")
    legacy = {k: v for k, v in asdict(base).items()
              if k not in ("dataset", "limit", "concurrency", "kg", "response_score", *surrogate_options,
                           "schedulers")}
    legacy.update(dataset_sha="sha", generator_params={"p": 1}, embedder="emb", record_version="xgrag.eval.question/1")
    assert len(fps) == 5 and fps[4] == hashlib.sha256(json.dumps(legacy, sort_keys=True).encode()).hexdigest()[:16]
    # kg set: the current spelling and the ones from before --schedulers, response_score and the surrogate options
    # (unset, they change nothing)
    with_kg = EvalConfig(dataset="a", kg="kg.tsv", strategies=("node",))
    assert len(with_kg.fingerprints("sha", {}, "emb")) == 4
    before = {k: v for k, v in asdict(with_kg).items()
              if k not in ("dataset", "limit", "concurrency", "response_score", *surrogate_options, "schedulers")}
    before.update(dataset_sha="sha", generator_params={}, embedder="emb", record_version="xgrag.eval.question/1")
    assert with_kg.fingerprints("sha", {}, "emb")[3] == hashlib.sha256(
        json.dumps(before, sort_keys=True).encode()).hexdigest()[:16]
    assert len(EvalConfig(dataset="a", kg="kg.tsv", masks=32).fingerprints("sha", {}, "emb")) == 3
    assert len(EvalConfig(dataset="a", schedulers=("exhaustive", "group")).fingerprints("sha", {}, "emb")) == 1
    # a run that scored a0 (response_score logprob) is never taken for one that generated answers
    scored = EvalConfig(dataset="a.jsonl", response_score="logprob").fingerprints("sha", {"p": 1}, "emb")
    assert len(scored) == 2 and not set(scored) & set(fps)
    assert EvalConfig(dataset="a", masks=32).fingerprints("sha", {}, "emb")[0] != fps[0]
    assert "mask" in base.strategies  # eval explains KG-SMILE's random masks by default


def test_surrogate_table_reports_held_out_figures_per_solver() -> None:
    from xgrag.evaluate.eval_report import surrogate_rows

    def held(lds: float | None, r2: float | None) -> dict:
        return {"n": 5, "lds": lds, "r2": r2, "weighted_r2": r2, "adjusted_r2": None, "l1": 0.1, "l2": 0.02,
                "weighted_l1": 0.05, "weighted_l2": 0.01, "mean_loss": 0.01}

    recs = [_record(f"q{i}", "1-hop", [1.0, 0.0], [0.9, 0.1], [True, False]) for i in range(3)]
    for rec, (lds, r2) in zip(recs, [(0.9, 0.8), (0.7, 0.4), (None, None)], strict=True):
        rec["main"]["surrogate"] = {"measure": "cosine", "masks": 20, "fit_masks": 15, "held_out_masks": 5,
                                    "primary": "lasso", "solvers": {"lasso": {"held_out": held(lds, r2)},
                                                                    "linear": {"held_out": held(0.5, -0.2)}}}
    recs[0]["ablations"]["surrogate"] = {"solvers": {"lasso": {"stability": 1.0, "consistency": 1.0}}}
    recs[1]["ablations"]["surrogate"] = {"solvers": {"lasso": {"stability": 0.5, "consistency": 1.0}}}
    recs.append(_record("old", "1-hop", [1.0, 0.0], [0.9, 0.1], [True, False]))  # a record without a surrogate
    t = surrogate_rows(recs)
    lasso = t["lasso"]
    assert lasso["questions"] == 3 and lasso["lds_defined"] == 2 and lasso["lds"] == pytest.approx(0.8)
    assert lasso["lds_ge_0.8"] == 0.5 and lasso["r2"] == pytest.approx(0.6) and lasso["lds_sd"] == pytest.approx(0.1414)
    assert lasso["fit_masks_mean"] == 15 and lasso["held_out_masks_mean"] == 5
    assert lasso["stability"] == 0.75 and lasso["consistency"] == 1.0 and lasso["ablation_questions"] == 2
    assert t["linear"]["r2"] == -0.2 and "stability" not in t["linear"]
    cfg = EvalConfig(dataset="d.jsonl")
    meta = {"config": {**cfg.__dict__}, "analyses": False, "embedder": "e", "versions": {},
            "generator": {"spec": "extractive", "name": "extractive-reader", "params": {}, "llm": False},
            "dataset": {"path": "d.jsonl", "kind": "metaqa", "questions": 4, "evaluated": 4,
                        "kg": {"source": "s", "triples": 3}}}
    md = render_markdown(build_results(recs, meta))
    assert "## KG-SMILE surrogates, judged on held-out masks" in md
    assert "| lasso | cosine | 3 | 15.0 / 5.0 | 0.80 |" in md and "| lasso | 2 | 0.75 | 1.00 |" in md


def test_ragex_is_scored_against_its_own_baseline_answer() -> None:
    from xgrag.evaluate.runner import add_ragex_relevance

    r = _record("q", "1-hop", [1.0, 0.0, 0.0], [0.9, 0.2, 0.1], [True, False, False], ragex_norm=[0.0, 0.0, 1.0])
    r["main"]["answer"] = r["ragex"]["word"]["answer"] = "same"
    assert add_ragex_relevance(r, None) is True  # type: ignore[arg-type]  # same answer: no embedding needed
    assert r["ragex"]["word"]["relevance"]["edge"] == r["main"]["relevance"]["edge"]
    assert add_ragex_relevance(r, None) is False  # type: ignore[arg-type]
    assert summary_metrics(r, r["main"])["ragex-word"]["xgrag"]["mrr"] == 0.5  # r0 ranks second, after r2
    # its own answer is closest to the third fact: its ranking is then right
    r["ragex"]["word"]["relevance"] = {"edge": {"r0": 0.1, "r1": 0.2, "r2": 0.9}}
    assert summary_metrics(r, r["main"])["ragex-word"]["xgrag"]["mrr"] == 1.0
    assert summary_metrics(r, r["main"])["edge"]["xgrag"]["mrr"] == 1.0  # XGRAG keeps the main relevance
