"""`xgrag eval` as a user runs it (CLI subprocesses) against the session's real Neo4j (GDS, APOC).

Slices of ../shared/data in tests/data/eval: 4 MetaQA questions (2 one-hop, 2 two-hop), 1 story with 2 QA,
2 MedMCQA questions.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT
from xgrag.store.neo4j import Neo4jStore

pytestmark = pytest.mark.e2e

DATA = ROOT / "tests" / "data" / "eval"
METRIC_KEYS = ("f1", "mrr", "p10", "p30", "p50")


def run(env: dict[str, str], *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, "-m", "xgrag.cli", *args], env=env, capture_output=True, text=True,
                          timeout=3000)
    if check and proc.returncode != 0:
        raise AssertionError(f"xgrag {' '.join(args)} exited {proc.returncode}\n{proc.stdout}\n{proc.stderr}")
    return proc


@pytest.fixture
def env(store: Neo4jStore, tmp_path: Path) -> dict[str, str]:
    """The CLI pointed at the session's server (emptied and migrated by the `store` fixture)."""
    e = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    user, password = store.credentials()
    e.update(NEO4J_URI=store.uri, NEO4J_USER=user, NEO4J_PASSWORD=password or "", XGRAG_HOME=str(tmp_path / "home"),
             COLUMNS="200")
    return e


def in_unit_range(table: dict, keys=METRIC_KEYS) -> None:
    for method, row in table.items():
        for k in keys:
            v = row[k]
            assert v is None or 0.0 <= v <= 1.0, (method, k, v)


def snapshot(out: Path) -> dict[str, tuple[int, bytes]]:
    return {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in sorted((out / "questions").glob("*.json"))}


def test_metaqa_extractive_end_to_end_and_resumable(env: dict[str, str], store: Neo4jStore, tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ("eval", "--dataset", str(DATA / "metaqa" / "questions.jsonl"), "--generator", "extractive",
            "--strategies", "node,edge,subpath", "--ablate", "dedup", "--ablate", "theta-sim", "--out", str(out))
    first = run(env, *args)
    assert "4 questions evaluated, 0 reused" in first.stdout
    assert re.search(r"cost ragex-word: \d+ generator calls", first.stdout)
    res = json.loads((out / "results.json").read_text())
    t = res["tables"]
    assert res["questions"] == 4 and res["meta"]["generator"]["name"] == "extractive-reader"
    assert sorted(p.name for p in (out / "questions").iterdir()) == sorted(
        f"{json.loads(line)['qid']}.json" for line in (DATA / "metaqa" / "questions.jsonl").read_text().splitlines())
    # the extractive reader is grounded by construction: it answers all 4 from the gold facts
    assert t["accuracy"]["all"] == {"n": 4, "accuracy": 1.0}
    assert set(t["main"]["xgrag"]) == {"node", "edge", "subpath", "ragex-word", "ragex-sentence"}
    assert set(t["main"]["gold"]) == set(t["main"]["xgrag"])
    in_unit_range(t["main"]["xgrag"])
    in_unit_range(t["main"]["gold"], (*METRIC_KEYS, "auc"))
    # the reader answers from a gold fact here: removing the year fact moves the answer, so it ranks first
    year = json.loads((out / "questions" / "metaqa-1hop-test-7803.json").read_text())
    assert year["answer"] == "1959." and year["grade"]["correct"] is True
    edges = year["main"]["methods"]["edge"]["scores"]
    top = max(edges, key=lambda k: edges[k][0])
    assert year["main"]["units"]["edge"][top] == "But Not for Me release year 1959"
    assert year["main"]["gold"]["edge"][top] is True
    assert edges[top][1] == 1.0 and sum(v[0] > 0 for v in edges.values()) == 1
    assert t["main"]["gold"]["node"]["mrr"] >= t["main"]["gold"]["edge"]["mrr"] >= 0.5
    assert set(t["by_question_type"]) == {"1-hop", "2-hop"}
    assert list(t["theta_sim"]) == [f"{0.1 * i:.1f}" for i in range(11)]
    merged = [v["merged_mean"] for v in t["theta_sim"].values()]
    assert merged == sorted(merged, reverse=True) and merged[0] > merged[-1] == 0.0  # theta 0 merges same-type
    assert t["dedup"]["off"]["n"] == 4 and t["centrality"]["source"] == ["gds"]
    assert t["cost"]["xgrag"]["calls_total"] > t["cost"]["ragex-sentence"]["calls_total"] > 0
    assert t["kgrag_ex"]["impact_by_strategy"]["node"]["questions"] == 4
    md = (out / "report.md").read_text()
    for heading in ("## Answer accuracy", "## Explanation quality (XGRAG ground truth",
                    "## Explanation quality (dataset ground truth: MetaQA gold triples)", "### 2-hop",
                    "## Ablation: entity deduplication", "## Ablation: theta_sim sweep",
                    "## Graph structural alignment", "## KGRAG-Ex analyses", "## Cost per question"):
        assert heading in md, heading
    assert "**extractive-reader**" in md and "--generator ollama:llama3.1:8b" in md
    assert "| RAG-Ex word-level | 4 |" in md and "| XGRAG node removal | 4 |" in md
    for png in ("methods_xgrag.png", "methods_gold.png", "theta_sim.png", "centrality_strength.png"):
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    before_graph = store.checksum()
    before = snapshot(out)
    results_before = (out / "results.json").read_bytes()

    second = run(env, *args)
    assert "0 questions evaluated, 4 reused" in second.stdout
    assert snapshot(out) == before  # nothing redone, nothing rewritten
    assert (out / "results.json").read_bytes() == results_before
    assert store.checksum() == before_graph  # re-ingesting the KG is idempotent; explaining never writes

    # --limit over a finished run: a prefix, all reused
    third = run(env, *args[:-2], "--limit", "2", "--out", str(out))
    assert "0 questions evaluated, 2 reused" in third.stdout


def test_story_extractive_reader_over_a_given_kg(env: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "stories"
    kg = DATA / "stories" / "why-dog-and-cat-are-enemies.kg.tsv"
    html = tmp_path / "eval.html"
    proc = run(env, "eval", "--dataset", str(DATA / "qa.jsonl"), "--kg", str(kg), "--out", str(out),
               "--html", str(html))
    assert "2 questions evaluated" in proc.stdout
    page = html.read_text()  # one section per question's explanation, self-contained (no http(s) resources)
    assert "What happened when the ring was gone?" in page and "Why was it a lucky ring?" in page
    assert page.count('class="xgrag-view"') >= 2  # one explanation view per question (xgrag.serve.export)
    assert "src=\"http" not in page and "href=\"http" not in page
    res = json.loads((out / "results.json").read_text())
    t = res["tables"]
    assert res["meta"]["dataset"]["kg"]["triples"] == 15 and "(--kg)" in res["meta"]["dataset"]["kg"]["source"]
    assert t["coverage"]["with_context"] == 2
    assert set(t["accuracy"]) == {"all", "factual", "inferential"}
    assert set(t["by_question_type"]) == {"factual", "inferential"}
    assert "gold" not in t["main"]  # stories have no gold triples
    assert set(t["main"]["xgrag"]) == {"node", "edge", "subpath", "mask", "ragex-word", "ragex-sentence"}
    in_unit_range(t["main"]["xgrag"])
    for qid in ("why-dog-and-cat-are-enemies-001", "why-dog-and-cat-are-enemies-002"):
        rec = json.loads((out / "questions" / f"{qid}.json").read_text())
        grade = rec["grade"]
        assert 0.0 <= grade["token_f1"] <= 1.0 and grade["correct"] == (grade["token_f1"] >= 0.5)
        assert "Ring" in rec["main"]["units"]["node"].values()
        # every fact carries the provenance of the given KG file
        assert {r["provenance"]["doc_id"] for r in rec["explanation"]["subgraph"]["relationships"]} == \
            {"why-dog-and-cat-are-enemies"}
    md = (out / "report.md").read_text()
    assert "### factual (1 questions)" in md and "### inferential (1 questions)" in md


@pytest.mark.slow
@pytest.mark.llm
def test_medmcqa_kg_extracted_with_smollm2(env: dict[str, str], tmp_path: Path) -> None:
    """The `xgrag ingest docs` machinery on the MedMCQA explanations. SmolLM2-135M (the only offline extractor)
    returns no parseable triples, so the report must say the context is empty instead of scoring nothing."""
    out = tmp_path / "med"
    proc = run(env, "eval", "--dataset", str(DATA / "medical" / "medmcqa.jsonl"), "--out", str(out))
    assert "2 questions evaluated" in proc.stdout
    res = json.loads((out / "results.json").read_text())
    kg = res["meta"]["dataset"]["kg"]
    assert res["meta"]["dataset"]["kind"] == "medmcqa" and kg["documents"] == 2
    assert kg["extractor"].startswith("smollm2") and kg["extractor_calls"] == kg["chunks"] >= 2
    assert kg["prompt_tokens"] > 0 and kg["completion_tokens"] > 0
    cov = res["tables"]["coverage"]
    md = (out / "report.md").read_text()
    assert (cov["with_context"] < 2) == ("**Warning.**" in md)
    for qid in ("bd0ed5fa-d212-4dfc-bba3-9706fe6a228d",):
        rec = json.loads((out / "questions" / f"{qid}.json").read_text())
        assert rec["grade"]["gold_letter"] == "A" and "Options:\nA. Brain parenchyma" in rec["question"]
        assert rec["grade"]["letter_source"] in ("stated", "nearest-option", "abstained")
        assert (rec["grade"]["predicted_letter"] is None) == (rec["grade"]["letter_source"] == "abstained")
    assert res["tables"]["accuracy"]["all"]["n"] == 2
    # resumed: the extraction is served from the run's cache, nothing is re-evaluated
    again = run(env, "eval", "--dataset", str(DATA / "medical" / "medmcqa.jsonl"), "--out", str(out))
    assert "0 questions evaluated, 2 reused" in again.stdout
    assert f"(0 extractor calls, {kg['extractor_calls']} cached)" in again.stderr.replace("\n", " ")


@pytest.mark.llm
@pytest.mark.slow
def test_smollm2_generator_with_cost_and_the_temperature_ablation(env: dict[str, str], tmp_path: Path) -> None:
    """SmolLM2 as the eval's generator: its cost (xgrag and both RAG-Ex levels) and the temperature ablation. One
    question and node removal only (the ablation's strategy): every SmolLM2 call costs seconds on a 2-core machine;
    eval over several questions and the other strategies is covered by the extractive tests above and below.

    The KG is the question's gold fact and one distractor (a MetaQA dataset is its questions.jsonl beside its
    triples.tsv): with the slice's five facts about the film, each of the three explanations (main, two hot seeds)
    removed six nodes and RAG-Ex read a five-fact text, 38 SmolLM2 calls of ~300 prompt tokens (cProfile, 2-3 s
    each). Three nodes and two facts still run every step: baseline repeats, node removal, both RAG-Ex levels,
    both seeds."""
    data = tmp_path / "metaqa"
    data.mkdir()
    (data / "questions.jsonl").write_text((DATA / "metaqa" / "questions.jsonl").read_text().splitlines()[0] + "\n")
    facts = [line for line in (DATA / "metaqa" / "triples.tsv").read_text().splitlines()
             if line.startswith(("head\t", "But Not for Me\trelease_year\t", "But Not for Me\twritten_by\t"))]
    assert len(facts) == 3  # the header and the two facts
    (data / "triples.tsv").write_text("\n".join(facts) + "\n")
    out = tmp_path / "smol"
    proc = run(env, "eval", "--dataset", str(data / "questions.jsonl"), "--generator", "smollm2",
               "--strategies", "node", "--ablate", "temperature", "--out", str(out))
    assert "1 questions evaluated" in proc.stdout
    res = json.loads((out / "results.json").read_text())
    assert res["meta"]["generator"]["name"] == "smollm2" and res["meta"]["generator"]["params"]["temperature"] == 0.0
    cost = res["tables"]["cost"]
    assert set(cost) == {"xgrag", "ragex-word", "ragex-sentence"}
    for c in cost.values():
        assert c["calls_total"] > 0 and c["tokens_total"] > 0 and c["seconds_total"] > 0
    in_unit_range(res["tables"]["main"]["xgrag"])
    temp = res["tables"]["temperature"]
    assert list(temp["rows"]) == ["0.0", "0.7 seed 1", "0.7 seed 2"]
    assert temp["rows"]["0.0"]["stable_baseline"] == 1.0  # temperature 0: repeated baselines are identical
    assert 0.0 <= temp["stability"]["same_answer"] <= 1.0
    rec = json.loads((out / "questions" / "metaqa-1hop-test-7803.json").read_text())
    assert {k: v.get("seed") for k, v in rec["ablations"]["temperature"].items()} == {
        "0.0": None, "0.7 seed 1": 1, "0.7 seed 2": 2}
    md = (out / "report.md").read_text()
    assert "SmolLM2-135M is a tiny model" in md and "**smollm2**" in md
    assert "## Ablation: temperature (node removal)" in md and "| 0.7 seed 2 |" in md


def test_malformed_dataset_is_reported_with_file_line_field(env: dict[str, str], tmp_path: Path) -> None:
    bad = tmp_path / "questions.jsonl"
    good = (DATA / "metaqa" / "questions.jsonl").read_text().splitlines()[0]
    bad.write_text(good + "\n" + json.dumps({**json.loads(good), "qid": "x2", "gold_triples": [["a", "b"]]}) + "\n")
    (tmp_path / "triples.tsv").write_text((DATA / "metaqa" / "triples.tsv").read_text())
    proc = run(env, "eval", "--dataset", str(bad), "--out", str(tmp_path / "o"), check=False)
    assert proc.returncode == 2
    assert f"{bad}:2: field 'gold_triples'" in proc.stderr.replace("\n", "")
    assert not (tmp_path / "o").exists()
    proc = run(env, "eval", "--dataset", str(DATA / "metaqa" / "questions.jsonl"), "--ablate", "temperature",
               "--out", str(tmp_path / "o"), check=False)
    assert proc.returncode == 2 and "needs an LLM generator" in proc.stderr
    proc = run(env, "eval", "--dataset", str(DATA / "metaqa" / "questions.jsonl"), "--strategies", "node,nope",
               "--out", str(tmp_path / "o"), check=False)
    assert proc.returncode == 2 and "unknown strategy 'nope'" in proc.stderr and "Traceback" not in proc.stderr
    proc = run({**env, "NEO4J_URI": "bolt://127.0.0.1:9"}, "eval", "--dataset",
               str(DATA / "metaqa" / "questions.jsonl"), "--out", str(tmp_path / "o"), check=False)
    assert proc.returncode == 1 and "cannot reach Neo4j at bolt://127.0.0.1:9" in proc.stderr.replace("\n", " ")
    assert not (tmp_path / "o").exists()


def test_pcst_retrieval_explains_and_evaluates(env: dict[str, str], tmp_path: Path) -> None:
    """Ex-GraphRAG's PCST-merge through the CLI: `explain --mode pcst` after `embed`, and `eval --mode pcst`."""
    out = tmp_path / "pcst"
    run(env, "eval", "--dataset", str(DATA / "metaqa" / "questions.jsonl"), "--mode", "pcst", "--strategies", "edge",
        "--no-ragex", "--limit", "2", "--out", str(out))
    records = [json.loads(p.read_text()) for p in sorted((out / "questions").glob("*.json"))]
    assert len(records) == 2 and all(r["explanation"]["subgraph"]["mode"] == "pcst" for r in records)
    assert all(r["explanation"]["config"]["mode"] == "pcst" for r in records)
    explained = json.loads(run(env, "explain", "what year was the movie But Not for Me released", "--mode", "pcst",
                               "--json", "-").stdout)
    assert explained["subgraph"]["mode"] == "pcst" and explained["answer"] == "1959."


def test_metaqa_eval_reports_the_mask_surrogates_on_held_out_masks(env: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ("eval", "--dataset", str(DATA / "metaqa" / "questions.jsonl"), "--generator", "extractive",
            "--strategies", "edge,mask", "--masks", "24", "--ablate", "surrogate", "--no-ragex", "--out", str(out))
    first = run(env, *args)
    assert "4 questions evaluated, 0 reused" in first.stdout
    t = json.loads((out / "results.json").read_text())["tables"]
    sur = t["surrogate"]
    assert set(sur) == {"lasso", "bayes_ridge", "linear"}
    for name, row in sur.items():
        assert row["questions"] == 4 and row["measure"] == "cosine", name
        assert row["fit_masks_mean"] + row["held_out_masks_mean"] <= 24 and row["held_out_masks_mean"] >= 1
        assert row["ablation_questions"] == 4 and 0.0 <= row["stability"] <= 1.0
        assert row["consistency"] == 1.0  # the extractive reader is deterministic: a repeat ranks identically
    assert sur["lasso"]["lds_defined"] >= 1 and -1.0 <= sur["lasso"]["lds"] <= 1.0
    record = json.loads(next((out / "questions").glob("*.json")).read_text())
    held = record["main"]["surrogate"]["solvers"]["lasso"]
    assert set(held) == {"held_out", "in_sample"} and record["main"]["methods"]["mask"]["unit"] == "edge"
    md = (out / "report.md").read_text()
    assert "## KG-SMILE surrogates, judged on held-out masks" in md and "stability (top-k Jaccard)" in md
    second = run(env, *args)
    assert "0 questions evaluated, 4 reused" in second.stdout
    bad = run(env, "eval", "--dataset", str(DATA / "metaqa" / "questions.jsonl"), "--strategies", "edge",
              "--ablate", "surrogate", "--out", str(tmp_path / "bad"), check=False)
    assert bad.returncode == 2 and "include 'mask' in --strategies" in bad.stdout + bad.stderr


def test_eval_compares_schedulers_blind_against_leave_one_out(env: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "sched"
    run(env, "eval", "--dataset", str(DATA / "metaqa" / "questions.jsonl"), "--strategies", "edge", "--no-ragex",
        "--schedulers", "group,auto", "--out", str(out))
    records = [json.loads(p.read_text()) for p in sorted((out / "questions").glob("*.json"))]
    assert len(records) == 4
    for r in records:
        sched = r["schedulers"]
        assert set(sched["runs"]) == {"exhaustive", "group", "auto"} and sched["reference"] == "exhaustive"
        loo = sched["runs"]["exhaustive"]
        assert loo["agree_top3"] is True  # the reference agrees with itself
        assert loo["calls"] >= sched["facts"]  # every fact asked alone (and redundancy resolution after)
        for run_ in sched["runs"].values():
            assert set(run_["comprehensiveness"]) <= {"1", "2", "3", "10%", "20%", "50%"}
            assert run_["faithfulness_calls"] >= 1
        # the extractive reader names its evidence; on these one-support MetaQA questions leave-one-out finds it
        if r["grade"]["correct"] and sched["single_support"]:
            assert loo["top1_evidence"] is True and loo["comprehensiveness"]["1"] is True
            assert loo["gold_chain"] is True
    t = json.loads((out / "results.json").read_text())["tables"]["schedulers"]
    assert t["questions"] == 4 and set(t["by_scheduler"]) == {"exhaustive", "group", "auto"}
    assert t["by_scheduler"]["exhaustive"]["top3_agreement"] == 1.0
    assert t["by_scheduler"]["exhaustive"]["calls_share_of_reference"] == 1.0
    md = (out / "report.md").read_text()
    assert "## Schedulers: cost and blind faithfulness" in md and "Mean calls by subgraph size" in md
    bad = run(env, "eval", "--dataset", str(DATA / "metaqa" / "questions.jsonl"), "--schedulers", "fastest",
              "--out", str(tmp_path / "bad"), check=False)
    assert bad.returncode == 2 and "unknown scheduler 'fastest'" in bad.stdout + bad.stderr
