"""Domain graphs as a user meets them: Neo4j's Northwind (../shared/data/northwind) and Movies
(benchmarks/data/movies) end to end, nothing written by hand, nothing written to the database.

Per dataset, on a fresh embedded Neo4j (or XGRAG_BENCH_URI, whose database must be empty: it is wiped between
datasets): the dataset's own loader; `xgrag schema infer --read-only` run as a command (its TOML is the only
configuration); then every question of the set as `xgrag retrieve` and `xgrag explain` run them with default
options (mode auto, fact removal, scheduler auto, dedup, the extractive reader; in process, one model load, the
same Settings the commands build from that TOML): seeds linked (the question's own entities, listed below, are
all among the seeds), reader right (the answer is one of the set's answers), the top-ranked component is the gold
fact (`evidence`, where the set names one), generator calls and seconds per explanation. The database's state
(every node, relationship and property, every index and constraint) is compared before and after.

    python benchmarks/bench_domain_reader.py [--datasets northwind,movies] [--json benchmarks/results/northwind.json]

Figures: benchmarks/README.md ("bench_domain_reader.py").
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from metaqa_full import ROOT

sys.path.insert(0, str(ROOT / "tests"))

from helpers import NORTHWIND, gold_fact_id, schema_state, wipe, write_northwind  # noqa: E402
from xgrag.config import EmbeddedSettings, load_settings  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.explain import Explainer  # noqa: E402
from xgrag.generate.base import answer_key  # noqa: E402
from xgrag.generate.extractive import ExtractiveReader  # noqa: E402
from xgrag.retrieval import Retriever  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "northwind.json"
MOVIES = ROOT / "benchmarks" / "data" / "movies"

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


def write_movies(store: Neo4jStore) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("movies_load", MOVIES / "load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with _driver(store) as driver:
        module.load(driver, store.database)


@contextmanager
def _driver(store: Neo4jStore) -> Iterator[Any]:
    from neo4j import GraphDatabase

    auth = (store.user, os.environ["NEO4J_PASSWORD"]) if os.environ.get("NEO4J_PASSWORD") else None
    with GraphDatabase.driver(store.uri, auth=auth) as driver:
        yield driver


DATASETS: dict[str, tuple[Path, Callable[[Neo4jStore], None]]] = {
    "northwind": (NORTHWIND / "questions.jsonl", write_northwind),
    "movies": (MOVIES / "questions.jsonl", write_movies),
}


def empty(store: Neo4jStore) -> None:
    """Nothing left of the previous dataset: nodes, and the constraints and indexes its loader created."""
    wipe(store)
    for row in store.query("SHOW CONSTRAINTS YIELD name RETURN name"):
        store.query(f"DROP CONSTRAINT `{row['name']}`", read_only=False)
    for row in store.query("SHOW INDEXES YIELD name, type WHERE type <> 'LOOKUP' RETURN name"):
        store.query(f"DROP INDEX `{row['name']}`", read_only=False)


def infer_toml(uri: str, folder: Path) -> tuple[Path, float]:
    """`xgrag schema infer --read-only > xgrag.toml`, as a user runs it."""
    env = {**os.environ, "NEO4J_URI": uri}
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "xgrag.cli", "schema", "infer", "--read-only"], env=env,
                          capture_output=True, text=True, timeout=600, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"xgrag schema infer failed ({proc.returncode}): {proc.stderr[-2000:]}")
    path = folder / "xgrag.toml"
    path.write_text(proc.stdout, encoding="utf-8")
    return path, time.perf_counter() - t0


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))] if s else 0.0


def run_dataset(name: str, uri: str, work: Path, embedder: Any) -> dict[str, Any]:
    questions_file, loader = DATASETS[name]
    questions = [json.loads(line) for line in questions_file.read_text(encoding="utf-8").splitlines() if line.strip()]
    topics = TOPICS[name]
    assert len(topics) == len(questions), name
    with Neo4jStore(uri) as raw:
        empty(raw)
        t0 = time.perf_counter()
        loader(raw)
        load_seconds = time.perf_counter() - t0
        counts = raw.query("MATCH (n) RETURN count(n) AS n")[0]["n"], \
            raw.query("MATCH ()-[r]->() RETURN count(r) AS n")[0]["n"]
        before = schema_state(raw)
    toml, infer_seconds = infer_toml(uri, work)
    settings = load_settings(toml, env={"NEO4J_URI": uri})
    rows: list[dict[str, Any]] = []
    with Neo4jStore(uri, schema=settings.graph_schema) as store:
        retriever = Retriever(store, settings.retrieval)  # `xgrag retrieve`: no embedder for mode auto
        explainer = Explainer.from_settings(settings, store, generator=ExtractiveReader(embedder), embedder=embedder)
        for q, wanted in zip(questions, topics, strict=True):
            t = time.perf_counter()
            seeds = [le.node.name for le in retriever.link(q["question"])]
            sub = retriever.retrieve(q["question"])
            retrieve_ms = (time.perf_counter() - t) * 1000
            t = time.perf_counter()
            ex = explainer.explain(q["question"])
            explain_s = time.perf_counter() - t
            ranked = sorted((c for c in ex.components if c.rank is not None), key=lambda c: c.rank or 0)
            gold = gold_fact_id(ex.subgraph, q["evidence"][0]) if q.get("evidence") else None
            row = {
                "question": q["question"], "kind": q.get("kind"), "seeds": seeds,
                "seeds_linked": all(w in seeds for w in wanted), "extra_seeds": len(set(seeds) - set(wanted)),
                "answer": ex.answer, "gold_answers": q["answers"][:5],
                "right": answer_key(ex.answer) in {answer_key(a) for a in q["answers"]},
                "evidence": ex.generator_evidence, "mode": sub.mode, "reason": sub.reason,
                "truncated": sub.truncated, "nodes": len(sub.nodes), "relationships": len(sub.relationships),
                "property_facts": len(sub.properties), "retrieve_ms": round(retrieve_ms, 1),
                "gold_fact": gold, "gold_in_context": None if not q.get("evidence") else gold is not None,
                "top": [{"id": c.id, "kind": c.kind, "label": c.label, "importance": c.importance}
                        for c in ranked[:3]],
                "top_is_gold": None if not q.get("evidence") else bool(ranked and ranked[0].id == gold),
                "gold_rank": next((c.rank for c in ranked if c.id == gold), None) if gold else None,
                "units": len(ex.subgraph.get("relationships", [])) + len(ex.subgraph.get("properties", [])),
                "generator_calls": ex.cost.generator_calls, "explain_seconds": round(explain_s, 2),
            }
            rows.append(row)
            print(f"  {'ok ' if row['right'] else 'XX '}{q['question']} -> {ex.answer} | seeds {seeds} | "
                  f"{sub.mode} {len(sub.nodes)}n/{len(sub.relationships)}r/{len(sub.properties)}p | top "
                  f"{ranked[0].label if ranked else None} ({'gold' if row['top_is_gold'] else row['top_is_gold']}) | "
                  f"{row['generator_calls']} calls {explain_s:.1f}s", flush=True)
    with Neo4jStore(uri) as raw:
        after = schema_state(raw)
    named = [r for r in rows if r["top_is_gold"] is not None]
    calls = [r["generator_calls"] for r in rows]
    seconds = [r["explain_seconds"] for r in rows]
    retrieve = [r["retrieve_ms"] for r in rows]
    summary = {
        "questions": len(rows), "nodes": counts[0], "relationships": counts[1],
        "load_seconds": round(load_seconds, 1), "infer_seconds": round(infer_seconds, 1),
        "seeds_linked": sum(r["seeds_linked"] for r in rows), "extra_seeds": sum(r["extra_seeds"] for r in rows),
        "reader_right": sum(r["right"] for r in rows),
        "reader_right_by_kind": {k: f"{sum(r['right'] for r in rows if r['kind'] == k)}/"
                                    f"{sum(1 for r in rows if r['kind'] == k)}"
                                 for k in dict.fromkeys(r["kind"] for r in rows)},
        "gold_named": len(named), "top_is_gold": sum(bool(r["top_is_gold"]) for r in named),
        "gold_in_top3": sum(1 for r in named if r["gold_rank"] is not None and r["gold_rank"] <= 3),
        "modes": {m: sum(1 for r in rows if r["mode"] == m) for m in sorted({r["mode"] for r in rows})},
        "truncated": sum(r["truncated"] for r in rows),
        "units": {"mean": round(statistics.mean(r["units"] for r in rows), 1),
                  "min": min(r["units"] for r in rows), "max": max(r["units"] for r in rows)},
        "generator_calls": {"mean": round(statistics.mean(calls), 1), "p50": pct(calls, 0.5), "max": max(calls)},
        "explain_seconds": {"p50": pct(seconds, 0.5), "p95": pct(seconds, 0.95), "max": max(seconds)},
        "retrieve_ms": {"p50": round(pct(retrieve, 0.5), 1), "p95": round(pct(retrieve, 0.95), 1)},
        "database_unchanged": before == after,
    }
    print(f"{name}: {json.dumps(summary)}", flush=True)
    return {"summary": summary, "mapping": toml.read_text(encoding="utf-8"), "rows": rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--datasets", default="northwind,movies")
    ap.add_argument("--json", default=str(OUT))
    args = ap.parse_args()
    names = [n for n in args.datasets.split(",") if n]
    for n in names:
        if n not in DATASETS:
            raise SystemExit(f"--datasets: {n!r} is not one of {', '.join(DATASETS)}")
    load = os.getloadavg()
    results: dict[str, Any] = {"machine": {"platform": platform.platform(), "cpus": os.cpu_count(),
                                           "load_average_start": [round(x, 2) for x in load]}, "datasets": {}}
    work = Path(tempfile.mkdtemp(prefix="xgrag-bench-domain-"))
    uri, pid = os.environ.get("XGRAG_BENCH_URI"), None
    t0 = time.perf_counter()
    try:
        if not uri:
            from xgrag.store.embedded import start

            state = start(EmbeddedSettings(home=work / "neo4j", heap=os.environ.get("XGRAG_NEO4J_HEAP", "1g"),
                                           pagecache="256m"))
            uri, pid = state.uri, state.pid
        embedder = default_embedder()
        for name in names:
            folder = work / name
            folder.mkdir()
            results["datasets"][name] = run_dataset(name, uri, folder, embedder)
    finally:
        if pid is not None:
            from xgrag.store.embedded import stop_pid

            stop_pid(pid)
        shutil.rmtree(work, ignore_errors=True)
    results["seconds"] = round(time.perf_counter() - t0, 1)
    results["machine"]["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    Path(args.json).write_text(json.dumps(results, indent=2, default=str) + "\n", encoding="utf-8")
    print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
