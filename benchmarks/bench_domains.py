"""The next graph: Neo4j's example graphs (benchmarks/domain_corpus.py), each answered with nothing mapped by hand
and nothing written (prints figures; not a test).

    python benchmarks/bench_domains.py [--graph NAME ...] [--split tune|frozen|spent|all] [--limit N]
                                       [--mirror DIR] [--json benchmarks/results/domains.json]

Per graph, in an embedded Neo4j of its own holding that graph as its repository has it (domain_corpus.serve):
`xgrag schema infer --read-only --write xgrag.toml --json` run as a command, as a user runs it (the TOML is the only
configuration; the JSON says what was mapped, what was left out and why; the wall time includes Python's start);
then every question of benchmarks/data/domains/<graph>/questions.jsonl through the CLI's default `xgrag explain`
(ExplainOptions() with that file as --config: the extractive reader, the default strategy, mode and scheduler; in
process, one model load, no response cache). Scored per question, blind to the reader's own evidence:
  - linked: every node the question names (its `named`, resolved by stored values to element ids) is among the
    linked seeds;
  - reader right: the answer is one of the gold answers, or a list of gold answers only ("A, B and C"), compared
    as generate.base.answer_key folds them (bench_domain.right);
  - top = gold (questions with evidence): the explanation's top-ranked component is the gold fact (one of them when
    each of several answers has its own); for two-hop
    questions, both gold facts are among the top 3 (the gold resolved to component ids by domain_gold, so it holds
    whatever names the mapping chose);
  - the database unchanged: checksum of every node, relationship and property, every index and constraint, before
    the mapping is inferred and after the last explanation.
Coverage: the share of the graph's nodes that carry a mapped entity label, and of its relationships whose type is
read as a relation (xgrag.schema.infer.Inference.coverage, what `schema infer` prints). `infer_seconds` is the
command's wall time on the server just started (its first queries: plans compiled, the JVM cold);
`infer_seconds_warm` the same inference again in process (a long-running server, no Python start-up).

The JSON: {"graphs": {NAME: {"split", "nodes", "relationships", "labels", "coverage_nodes", "questions", "linked",
"reader_correct", "gold_questions", "top_gold", "unchanged", "infer_seconds", ...}}} with every question's record
and the failures listed. Figures: benchmarks/README.md ("bench_domains.py").
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from bench_domain import right  # noqa: E402
from bench_foundation import log, machine  # noqa: E402
from domain_corpus import GRAPHS, SPLITS, mirror_root, serve  # noqa: E402
from domain_gold import GoldError, GoldFact, read_questions, resolve_fact, resolve_node  # noqa: E402

from helpers import schema_state  # noqa: E402
from xgrag.cli.options import ExplainOptions  # noqa: E402
from xgrag.generate.factory import make_generator  # noqa: E402
from xgrag.retrieval.retriever import Retriever  # noqa: E402
from xgrag.schema import InferOptions, infer_schema  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "domains.json"


def infer(store: Neo4jStore, folder: Path) -> tuple[Path, dict[str, Any], float]:
    """`xgrag schema infer --read-only --write xgrag.toml --json`, as a user runs it: (toml, its JSON, seconds)."""
    env = {**os.environ, "NEO4J_URI": store.uri}
    user, password = store.credentials()
    if password:
        env.update(NEO4J_USER=user, NEO4J_PASSWORD=password)
    toml = folder / "xgrag.toml"
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "xgrag.cli", "schema", "infer", "--read-only", "--write", str(toml),
                           "--force", "--json"], env=env, capture_output=True, text=True, timeout=900, check=False)
    seconds = time.perf_counter() - t0
    if proc.returncode != 0:
        raise RuntimeError(f"xgrag schema infer failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return toml, json.loads(proc.stdout), seconds


def top_is_gold(ranked: list[str], gold: list[GoldFact], kind: str) -> bool:
    """The top-ranked component is the gold fact (one of them, for a question with several answers each stated by a
    fact of its own); two-hop: both gold facts are among the top 3."""
    if kind == "two-hop":
        return all(g.id in ranked[:3] for g in gold)
    return bool(ranked) and ranked[0] in {g.id for g in gold}


def run_graph(name: str, mirror: Path, limit: int | None, workdir: Path, heap: str) -> dict[str, Any]:
    g = GRAPHS[name]
    questions = read_questions(g.questions)[:limit] if limit is not None else read_questions(g.questions)
    log(f"{name} ({g.split}): loading")
    t0 = time.perf_counter()
    with serve(name, mirror, heap=heap) as (store, _state):
        load_s = time.perf_counter() - t0
        counts = store.query("CALL () { MATCH (n) RETURN count(n) AS n } "
                             "CALL () { MATCH ()-[r]->() RETURN count(r) AS r } RETURN n, r")[0]
        before = schema_state(store)
        folder = workdir / name
        folder.mkdir()
        toml, inferred, infer_s = infer(store, folder)
        t1 = time.perf_counter()  # again, in process, on the server the first run warmed up (what a user's
        infer_schema(store, InferOptions(read_only=True))  # long-running Neo4j is): no Python start-up
        warm_s = time.perf_counter() - t1
        coverage = inferred.get("coverage", {})
        log(f"{name}: {counts['n']:,} nodes, {counts['r']:,} relationships; schema infer {infer_s:.1f} s, "
            f"coverage {coverage.get('nodes')} of nodes")
        records = answer(store, toml, questions)
        after = schema_state(store)
    unchanged = (before["checksum"] == after["checksum"] and before["indexes"] == after["indexes"]
                 and before["constraints"] == after["constraints"])
    gold_q = [r for r in records if r["gold"]]
    return {
        "split": g.split, "nodes": counts["n"], "relationships": counts["r"],
        "labels": inferred["summary"]["labels"], "coverage_nodes": coverage.get("nodes"),
        "coverage_relationships": coverage.get("relationships"),
        "questions": len(records), "linked": sum(r["linked"] for r in records),
        "reader_correct": sum(r["right"] for r in records), "gold_questions": len(gold_q),
        "top_gold": sum(bool(r["top_is_gold"]) for r in gold_q), "unchanged": unchanged,
        "infer_seconds": round(infer_s, 2), "infer_seconds_warm": round(warm_s, 2),
        "errors": sum(1 for r in records if r.get("error")),
        "load_seconds": round(load_s, 1),
        "by_kind": {k: {"n": len(rs), "linked": sum(r["linked"] for r in rs), "right": sum(r["right"] for r in rs),
                        "top_gold": sum(bool(r["top_is_gold"]) for r in rs if r["gold"])}
                    for k in dict.fromkeys(r["kind"] for r in records)
                    for rs in [[r for r in records if r["kind"] == k]]},
        "mapping": {"entities": [e["label"] for e in inferred.get("entities", [])],
                    "unmapped_labels": coverage.get("unmapped", []),
                    "toml": toml.read_text(encoding="utf-8")},
        "failures": [{k: r.get(k) for k in ("question", "kind", "answers", "answer", "right", "linked", "named",
                                            "seeds", "top", "gold", "gold_in_context", "top_is_gold", "error")}
                     for r in records if not r["right"] or not r["linked"] or r["top_is_gold"] is False
                     or r.get("error")],
        "records": records,
    }


def answer(store: Neo4jStore, toml: Path, questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from xgrag.explain import Explainer

    options = ExplainOptions(config=toml, cache=False)  # `xgrag explain QUESTION` in that folder, nothing else
    settings = options.settings()
    schema = settings.graph_schema
    ro = store.with_schema(schema)
    retriever = Retriever(ro, settings.retrieval)
    explainer = Explainer.from_settings(settings, ro, generator=make_generator(options.generator,
                                                                               **options.connection()),
                                        explain=options.explain_settings(settings))
    records = []
    for i, q in enumerate(questions, 1):
        rec: dict[str, Any] = {"question": q["question"], "kind": q["kind"], "answers": q["answers"],
                               "named": q["named"], "right": False, "linked": False, "top_is_gold": None,
                               "gold": bool(q.get("evidence"))}
        try:
            named = [resolve_node(store, ref) for ref in q["named"]]
            gold = [resolve_fact(store, f) for f in q.get("evidence", [])]
        except GoldError as exc:
            raise SystemExit(f"{q['question']!r}: its gold does not hold in this graph: {exc}") from None
        t1 = time.perf_counter()
        try:
            seeds = retriever.link(q["question"])
            ex = explainer.explain(q["question"])
        except Exception as exc:  # a failure is a finding: recorded with its traceback, the run goes on
            rec.update(error=f"{type(exc).__name__}: {exc}", traceback=traceback.format_exc()[-3000:])
            records.append(rec)
            log(f"  {i}/{len(questions)} ERROR {rec['error']}")
            continue
        ranked = [c.id for c in sorted((c for c in ex.components if c.rank is not None), key=lambda c: c.rank or 0)]
        in_context = {r.id for r in ex.subgraph.relationships} | {p.id for p in ex.subgraph.properties}
        seed_ids = [le.node.id for le in seeds]
        rec.update(
            answer=ex.answer, right=right(ex.answer, q["answers"]),
            seeds=[le.node.name for le in seeds], linked=all(n in seed_ids for n in named),
            top=[{"label": c.label, "importance": round(c.importance or 0.0, 4)} for c in
                 sorted((c for c in ex.components if c.rank is not None), key=lambda c: c.rank or 0)[:3]],
            gold_in_context=None if not gold else all(g.id in in_context for g in gold),
            top_is_gold=None if not gold else top_is_gold(ranked, gold, q["kind"]),
            units=len(ex.subgraph.relationships) + len(ex.subgraph.properties),
            generator_calls=ex.cost.generator_calls, seconds=round(time.perf_counter() - t1, 2))
        records.append(rec)
        log(f"  {i}/{len(questions)} [{q['kind']}] {q['question']} -> {ex.answer!r} "
            f"({'right' if rec['right'] else 'WRONG'}; linked {rec['linked']} {rec['seeds']}; "
            f"top {rec['top'][0]['label'] if rec['top'] else None}"
            f"{'' if rec['top_is_gold'] is None else ' = gold' if rec['top_is_gold'] else ' != gold'})")
    return records


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--graph", action="append", default=[], help="one graph (repeatable); default: the split")
    ap.add_argument("--split", choices=[*SPLITS, "all"], default="all")
    ap.add_argument("--limit", type=int, default=None,
                    help="the first N questions of each graph (0: schema infer only)")
    ap.add_argument("--mirror", default=None, help="default $XGRAG_CORPUS_MIRROR or /work/.mirror")
    ap.add_argument("--heap", default=os.environ.get("XGRAG_NEO4J_HEAP", "1g"))
    ap.add_argument("--json", type=Path, default=OUT, help=f"default {OUT.relative_to(ROOT)}")
    args = ap.parse_args(argv)
    unknown = [g for g in args.graph if g not in GRAPHS]
    if unknown:
        raise SystemExit(f"--graph: unknown {unknown}; the corpus: {', '.join(GRAPHS)}")
    names = args.graph or [n for n, g in GRAPHS.items() if args.split in ("all", g.split)]
    if not names:  # every split so far was run once and spent: a new one must be declared first
        raise SystemExit(f"--split {args.split}: no graph is in that split now (domain_corpus.py list shows the "
                         "splits; each frozen split is run once and spent)")
    mirror = mirror_root(args.mirror)
    results: dict[str, Any] = {"machine": machine(), "graphs": {}}
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="xgrag-domains-") as tmp:
        for name in names:
            results["graphs"][name] = run_graph(name, mirror, args.limit, Path(tmp), args.heap)
            args.json.write_text(json.dumps(results, indent=2, default=str) + "\n", encoding="utf-8")
    results["seconds"] = round(time.perf_counter() - t0, 1)
    args.json.write_text(json.dumps(results, indent=2, default=str) + "\n", encoding="utf-8")
    log(f"wrote {args.json}")
    keys = ("split", "nodes", "labels", "coverage_nodes", "questions", "linked", "reader_correct", "gold_questions",
            "top_gold", "unchanged", "infer_seconds", "errors")
    print(json.dumps({n: {k: r[k] for k in keys} for n, r in results["graphs"].items()}, indent=1))
    return 0 if all(r["unchanged"] for r in results["graphs"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
