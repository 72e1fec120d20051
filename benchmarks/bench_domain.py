"""Domain graphs as their owners have them, with nothing written by hand and nothing written to the database (prints
figures; not a test): Neo4j's Northwind (../shared/data/northwind) and Movies (benchmarks/data/movies) examples.

    python benchmarks/bench_domain.py [--graphs northwind,movies] [--limit N] [--json benchmarks/results/domain.json]

Per graph, in an embedded Neo4j of its own (or XGRAG_BENCH_URI: an empty database; the bench loads each graph and
empties the database after it): load the graph with its own load.py; `xgrag schema infer --read-only > xgrag.toml`
run as a command, as a user runs it (its TOML is the only configuration; the wall time includes Python's start-up);
then every question of the graph's questions.jsonl goes through `xgrag retrieve` and `xgrag explain` as the commands
build them with default options (ExplainOptions() with that file as --config: the extractive reader, the default
strategy, retrieval mode and scheduler; the retrieve command's default mode read off the command; in process, one
model load, no response cache) and is scored on:
  - seeds linked: every entity the question names (TOPICS, written here in the order of the question file, so that
    a mapping that chose a wrong name shows as a miss) is among the linked seeds; extra seeds are counted apart;
  - reader right: the reader's answer is one of the gold answers, or a list ("A, B and C") of gold answers only
    (compared as generate.base.answer_key folds them);
  - top = gold: the explanation's top-ranked component is the gold fact (`evidence`: [head, TYPE, tail], [entity,
    key, value], or [start, "TYPE.key", value]) for the questions that name one, judged by helpers.gold_fact_id as
    tests/integration/test_northwind_answers.py judges it; also the gold fact's rank (top 3), whether it reached the
    context at all, and whether the reader cites it as its evidence;
  - the database unchanged: checksum of every node, relationship and property, every index and constraint, before
    the mapping is inferred and after the last explanation.
Per question kind and in all, with generator calls, seconds per explanation and retrieval ms (p50 / p95); every
failure is listed with the reader's answer and the top component.

Figures: benchmarks/README.md ("bench_domain.py"); benchmarks/results/domain.json.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from bench_foundation import log, machine, neo4j_server, retrieval_mode  # noqa: E402

from helpers import NORTHWIND, gold_fact_id, schema_state, write_northwind  # noqa: E402
from xgrag.cli.options import ExplainOptions  # noqa: E402
from xgrag.generate.base import answer_key  # noqa: E402
from xgrag.generate.factory import make_generator  # noqa: E402
from xgrag.retrieval.modes import Mode  # noqa: E402
from xgrag.retrieval.retriever import Retriever  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

MOVIES = ROOT / "benchmarks" / "data" / "movies"
OUT = ROOT / "benchmarks" / "results" / "domain.json"


def load_movies(store: Neo4jStore) -> None:
    spec = importlib.util.spec_from_file_location("movies_load", MOVIES / "load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.load(store.driver, store.database)


GRAPHS: dict[str, tuple[Callable[[Neo4jStore], None], Path]] = {
    "northwind": (write_northwind, NORTHWIND / "questions.jsonl"),
    "movies": (load_movies, MOVIES / "questions.jsonl"),
}

# The entities each question names (what linking must find), in the order of the question files.
TOPICS: dict[str, list[list[str]]] = {
    "northwind": [["Chai"], ["Chang"], ["Nancy Davolio"], ["Nancy Davolio"], ["Chai"], ["Exotic Liquids"],
                  ["Exotic Liquids"], ["Seafood"]],
    "movies": [["The Matrix"], ["A Few Good Men"], ["Jerry Maguire"], ["Tom Hanks"], ["Paul Blythe"], ["Unforgiven"],
               ["Top Gun"], ["Keanu Reeves"], ["The Matrix"], ["Top Gun"], ["Al Pacino"], ["Cloud Atlas"],
               ["Apollo 13"], ["Keanu Reeves", "The Devil's Advocate"], ["Tom Cruise", "Top Gun"],
               ["James Thompson", "The Replacements"], ["Jessica Thompson", "Cloud Atlas"],
               ["Hugo Weaving", "The Matrix"], ["Angela Scope", "The Replacements"], ["Keanu Reeves"], ["Top Gun"],
               ["Clint Eastwood"], ["Cameron Crowe"], ["Paul Blythe"]],
}


def default_mode() -> Mode:
    """The mode `xgrag retrieve` uses when none is given (read off the command, so this follows it)."""
    from xgrag.cli.graph import retrieve

    return retrieval_mode(str(inspect.signature(retrieve).parameters["mode"].default))


# -- scoring -------------------------------------------------------------------------------------------

def right(answer: str, gold: list[str]) -> bool:
    """The answer is a gold answer, or a list of gold answers only ("A, B and C")."""
    golds = {answer_key(a) for a in gold}
    if answer_key(answer) in golds:
        return True
    parts = [answer_key(p) for p in re.split(r",|;| and ", answer.strip().rstrip(".")) if p.strip()]
    return bool(parts) and all(p in golds for p in parts)


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))] if s else 0.0


# -- one graph -----------------------------------------------------------------------------------------

def empty(store: Neo4jStore) -> None:
    """Leave the database as the bench found it: no nodes, constraints or indexes (beyond the token lookups)."""
    for row in store.query("SHOW CONSTRAINTS YIELD name RETURN name"):
        store.query(f"DROP CONSTRAINT `{row['name']}`", read_only=False)  # names read from the server
    for row in store.query("SHOW INDEXES YIELD name, type RETURN name, type"):
        if row["type"] != "LOOKUP":
            store.query(f"DROP INDEX `{row['name']}`", read_only=False)
    store.query("MATCH (n) DETACH DELETE n", read_only=False)  # small graphs: one transaction


def infer_toml(store: Neo4jStore, folder: Path) -> tuple[Path, float]:
    """`xgrag schema infer --read-only > xgrag.toml`, as a user runs it."""
    env = {**os.environ, "NEO4J_URI": store.uri}
    user, password = store.credentials()  # the embedded server's generated password, or the user's own
    if password:
        env.update(NEO4J_USER=user, NEO4J_PASSWORD=password)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "xgrag.cli", "schema", "infer", "--read-only"], env=env,
                          capture_output=True, text=True, timeout=900, check=False)
    seconds = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"xgrag schema infer failed ({proc.returncode}): {proc.stderr[-2000:]}")
    path = folder / "xgrag.toml"
    path.write_text(proc.stdout, encoding="utf-8")
    return path, seconds


def run_graph(store: Neo4jStore, graph: str, limit: int | None, workdir: Path) -> dict[str, Any]:
    loader, questions_path = GRAPHS[graph]
    questions = [json.loads(line) for line in questions_path.read_text(encoding="utf-8").splitlines() if line.strip()]
    topics = TOPICS[graph]
    if len(topics) != len(questions):
        raise SystemExit(f"{graph}: TOPICS lists {len(topics)} questions, {questions_path} {len(questions)}")
    if limit:
        questions, topics = questions[:limit], topics[:limit]
    if store.query("MATCH (n) RETURN count(n) AS c")[0]["c"]:
        raise SystemExit(f"{graph}: the database is not empty (the bench loads each graph into an empty one)")
    log(f"{graph}: loading")
    try:
        return measure(store, graph, loader, questions, topics, workdir)
    finally:
        empty(store)  # only what this bench loaded: the database was empty before


def measure(store: Neo4jStore, graph: str, loader: Callable[[Neo4jStore], None], questions: list[dict[str, Any]],
            topics: list[list[str]], workdir: Path) -> dict[str, Any]:
    t0 = time.perf_counter()
    loader(store)
    load_s = time.perf_counter() - t0
    counts = store.query("MATCH (n) RETURN count(n) AS c")[0]["c"], store.query(
        "MATCH ()-[r]->() RETURN count(r) AS c")[0]["c"]
    before = schema_state(store)

    folder = workdir / graph
    folder.mkdir()
    config, infer_s = infer_toml(store, folder)
    options = ExplainOptions(config=config, cache=False)  # `xgrag explain QUESTION` in that folder, nothing else
    settings = options.settings()
    schema = settings.graph_schema
    log(f"{graph}: xgrag schema infer --read-only {infer_s:.1f} s: {len(schema.entity_mappings())} entity labels")
    cfg = options.explain_settings(settings)
    gen = make_generator(options.generator, **options.connection())
    from xgrag.explain import Explainer

    mode = default_mode()
    records: list[dict[str, Any]] = []
    ro = store.with_schema(schema)  # the same driver, read through the inferred mapping
    retriever = Retriever(ro, settings.retrieval)  # `xgrag retrieve`: no embedder for the default mode
    explainer = Explainer.from_settings(settings, ro, generator=gen, explain=cfg)
    for i, (q, wanted) in enumerate(zip(questions, topics, strict=True), 1):
        text = q["question"]
        seeds = [le.node.name for le in retriever.link(text)]
        t1 = time.perf_counter()
        sub = retriever.retrieve(text, mode=mode)
        retrieve_ms = (time.perf_counter() - t1) * 1000
        t1 = time.perf_counter()
        ex = explainer.explain(text)
        explain_s = time.perf_counter() - t1
        ranked = sorted((c for c in ex.components if c.rank is not None), key=lambda c: c.rank or 0)
        evidence = q.get("evidence")
        gold = gold_fact_id(ex.subgraph, evidence[0]) if evidence else None
        rec = {
            "question": text, "kind": q["kind"], "gold": q["answers"][:8], "answer": ex.answer,
            "right": right(ex.answer, q["answers"]),
            "named": wanted, "seeds": seeds, "linked": all(w in seeds for w in wanted),
            "extra_seeds": len(set(seeds) - set(wanted)),
            "retrieval": {"mode": sub.mode, "reason": sub.reason, "nodes": len(sub.nodes),
                          "relationships": len(sub.relationships), "property_facts": len(sub.properties),
                          "truncated": sub.truncated, "ms": round(retrieve_ms, 1)},
            "explain_mode": ex.subgraph.mode,
            "units": len(ex.subgraph.relationships) + len(ex.subgraph.properties),
            "top": [{"id": c.id, "kind": c.kind, "label": c.label, "importance": c.importance} for c in ranked[:3]],
            "evidence": evidence, "gold_fact": gold,
            "gold_in_context": None if not evidence else gold is not None,
            "top_is_gold": None if not evidence else bool(ranked and ranked[0].id == gold),
            "gold_rank": next((c.rank for c in ranked if c.id == gold), None) if gold else None,
            "reader_cites_gold": None if not evidence else gold is not None and gold in [
                e.id for e in ex.generator_evidence or []],
            "explain_seconds": round(explain_s, 2), "generator_calls": ex.cost.generator_calls,
        }
        records.append(rec)
        log(f"{graph} {i}/{len(questions)} [{q['kind']}] {text} -> {ex.answer!r} "
            f"({'right' if rec['right'] else 'WRONG'}; linked {rec['linked']} {seeds}; {sub.mode} "
            f"{len(sub.nodes)}n/{len(sub.relationships)}r/{len(sub.properties)}p; top "
            f"{ranked[0].label if ranked else None}"
            f"{'' if rec['top_is_gold'] is None else ' = gold' if rec['top_is_gold'] else ' != gold'}; "
            f"{rec['generator_calls']} calls {explain_s:.1f} s)")
    after = schema_state(store)
    unchanged = {"checksum": before["checksum"] == after["checksum"], "indexes": before["indexes"] == after["indexes"],
                 "constraints": before["constraints"] == after["constraints"]}
    return {"graph": graph, "nodes": counts[0], "relationships": counts[1], "questions": len(records),
            "load_seconds": round(load_s, 1),
            "mapping": {"command": "xgrag schema infer --read-only", "toml": config.read_text(encoding="utf-8"),
                        "entity_labels": len(schema.entity_mappings()), "read_only": schema.read_only,
                        "infer_seconds": round(infer_s, 2)},
            "defaults": {"mode": mode, "explain_mode": cfg.mode, "strategy": options.strategy,
                         "generator": gen.name, "scheduler": cfg.scheduler},
            "summary": summarise(records),
            "by_kind": {k: summarise([r for r in records if r["kind"] == k])
                        for k in dict.fromkeys(r["kind"] for r in records)},
            "database_unchanged": {**unchanged, "all": all(unchanged.values()), "checksum_before": before["checksum"],
                                   "checksum_after": after["checksum"]},
            "failures": [{k: r[k] for k in ("question", "kind", "gold", "answer", "right", "linked", "seeds", "named",
                                            "top", "evidence", "gold_in_context", "top_is_gold", "gold_rank")}
                         for r in records if not r["right"] or not r["linked"] or r["top_is_gold"] is False],
            "records": records}


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    named = [r for r in records if r["top_is_gold"] is not None]
    calls = [r["generator_calls"] for r in records]
    seconds = [r["explain_seconds"] for r in records]
    retrieve = [r["retrieval"]["ms"] for r in records]
    return {"n": len(records), "linked": sum(r["linked"] for r in records),
            "extra_seeds": sum(r["extra_seeds"] for r in records),
            "reader_right": sum(r["right"] for r in records),
            "with_evidence": len(named),
            "gold_in_context": sum(bool(r["gold_in_context"]) for r in named),
            "top_is_gold": sum(bool(r["top_is_gold"]) for r in named),
            "gold_in_top3": sum(1 for r in named if r["gold_rank"] is not None and r["gold_rank"] <= 3),
            "reader_cites_gold": sum(bool(r["reader_cites_gold"]) for r in named),
            "modes": {m: sum(1 for r in records if r["retrieval"]["mode"] == m)
                      for m in sorted({r["retrieval"]["mode"] for r in records})},
            "truncated": sum(r["retrieval"]["truncated"] for r in records),
            "units": {"mean": round(statistics.mean(r["units"] for r in records), 1),
                      "min": min(r["units"] for r in records), "max": max(r["units"] for r in records)},
            "generator_calls": {"mean": round(statistics.mean(calls), 1), "p50": pct(calls, 0.5), "max": max(calls)},
            "explain_seconds": {"p50": pct(seconds, 0.5), "p95": pct(seconds, 0.95), "max": max(seconds)},
            "retrieve_ms": {"p50": round(pct(retrieve, 0.5), 1), "p95": round(pct(retrieve, 0.95), 1)}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--graphs", default="northwind,movies")
    ap.add_argument("--limit", type=int, default=None, help="the first N questions of each graph")
    ap.add_argument("--heap", default=os.environ.get("XGRAG_NEO4J_HEAP", "1g"))
    ap.add_argument("--pagecache", default="256m")
    ap.add_argument("--json", type=Path, default=OUT, help=f"default {OUT.relative_to(ROOT)}")
    args = ap.parse_args(argv)
    graphs = [g for g in args.graphs.split(",") if g]
    unknown = [g for g in graphs if g not in GRAPHS]
    if unknown:
        raise SystemExit(f"--graphs: unknown {unknown}; known: {', '.join(GRAPHS)}")
    results: dict[str, Any] = {"machine": machine(), "graphs": {}}
    t0 = time.perf_counter()
    with neo4j_server(args) as (store, server), tempfile.TemporaryDirectory(prefix="xgrag-domain-") as tmp:
        results["server"] = {k: v for k, v in server.items() if k != "home"}
        for graph in graphs:
            load_start = [round(x, 2) for x in os.getloadavg()]
            result = run_graph(store, graph, args.limit, Path(tmp))
            result["load_average"] = {"start": load_start, "end": [round(x, 2) for x in os.getloadavg()]}
            results["graphs"][graph] = result
    results["seconds"] = round(time.perf_counter() - t0, 1)
    args.json.write_text(json.dumps(results, indent=2, default=str) + "\n", encoding="utf-8")
    log(f"wrote {args.json}")
    graphs_out = results["graphs"]
    print(json.dumps({g: {"summary": r["summary"], "by_kind": {k: {f: v[f] for f in ("n", "linked", "reader_right",
                                                                                        "with_evidence", "top_is_gold")}
                                                                 for k, v in r["by_kind"].items()},
                          "infer_seconds": r["mapping"]["infer_seconds"],
                          "database_unchanged": r["database_unchanged"]["all"]} for g, r in graphs_out.items()},
                     indent=2))
    for g, r in graphs_out.items():
        for f in r["failures"]:
            print(f"{g}: [{f['kind']}] {f['question']} -> {f['answer']!r} (gold {f['gold']}); right {f['right']}, "
                  f"linked {f['linked']} (named {f['named']}, seeds {f['seeds']}), top "
                  f"{f['top'][0]['label'] if f['top'] else None} (evidence {f['evidence']}, gold rank "
                  f"{f['gold_rank']}, in context {f['gold_in_context']})")
    return 0 if all(r["database_unchanged"]["all"] for r in graphs_out.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
