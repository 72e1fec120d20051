"""Domain graphs as their owners have them, with nothing written by hand (prints figures; not a test): Neo4j's
Northwind (../shared/data/northwind) and Movies (benchmarks/data/movies) examples.

    python benchmarks/bench_domain.py [--graphs northwind,movies] [--limit N]

Per graph, in an embedded Neo4j of its own (or XGRAG_BENCH_URI: an empty database; the bench loads and, between
graphs, empties it): load the graph with its own load.py; `schema infer --read-only` (infer_schema + render_toml,
what the CLI runs) writes the mapping to a file; then every question of the graph's questions.jsonl goes through
`xgrag retrieve` and `xgrag explain` as the commands run them with default options (ExplainOptions() with that file
as --config: the extractive reader, the default strategy, retrieval mode and scheduler; no response cache) and is
scored on:
  - seeds linked: every entity the question names (the graph's own names, from its README: see NAMES) is a seed of
    the retrieval (extra seeds are counted apart);
  - reader right: the reader's answer is one of the gold answers, or a list ("A, B and C") of gold answers only;
  - top = evidence: the explanation's top-ranked component (Explanation.top) is the gold fact (`evidence`: head,
    relationship type or property key, tail or value), for the questions that name one;
  - the database unchanged: checksum of every node, relationship and property, indexes and constraints, before the
    mapping is inferred and after the last explanation.
Per question kind and in all; every failure is listed with the reader's answer and the top component.
Writes benchmarks/results/domain_<graph>.json (--out to change the folder).
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from bench_foundation import log, machine, neo4j_server  # noqa: E402

from helpers import NORTHWIND, schema_state, write_northwind  # noqa: E402
from xgrag.cli.options import ExplainOptions  # noqa: E402
from xgrag.generate.factory import make_generator  # noqa: E402
from xgrag.model import Explanation  # noqa: E402
from xgrag.retrieval.retriever import Retriever  # noqa: E402
from xgrag.schema import InferOptions, infer_schema, render_toml  # noqa: E402
from xgrag.store.neo4j import Neo4jStore  # noqa: E402

MOVIES = ROOT / "benchmarks" / "data" / "movies"

# The gold of "seeds linked": every entity whose name, as the graph's README defines it, occurs in the question.
# Written here, not read from the inferred mapping, so that a mapping that chose a wrong name shows as a miss.
NAMES = {
    "northwind": "MATCH (n) WHERE NOT n:XgragMigration RETURN coalesce(n.productName, n.categoryName, n.companyName, "
                 "n.firstName + ' ' + n.lastName) AS name",
    "movies": "MATCH (n) RETURN coalesce(n.name, n.title) AS name",
}


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


def default_mode() -> str:
    """The mode `xgrag retrieve` uses when none is given (read off the command, so this follows it)."""
    from xgrag.cli.graph import retrieve

    return str(inspect.signature(retrieve).parameters["mode"].default)


# -- scoring -------------------------------------------------------------------------------------------

def norm(text: str) -> str:
    return " ".join(text.lower().replace(".", " ").split())


def right(answer: str, gold: list[str]) -> bool:
    """The answer is a gold answer, or a list of gold answers only ("A, B and C")."""
    golds = {norm(a) for a in gold}
    if norm(answer) in golds:
        return True
    parts = [norm(p) for p in re.split(r",|;| and ", answer.strip().rstrip(".")) if p.strip()]
    return bool(parts) and all(p in golds for p in parts)


def named_entities(question: str, names: set[str]) -> list[str]:
    """The graph's names that occur in the question as whole words, longest first, none inside a longer one."""
    found: list[tuple[int, int, str]] = []
    for name in sorted(names, key=len, reverse=True):
        for m in re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", question):
            if not any(s <= m.start() and m.end() <= e for s, e, _ in found):
                found.append((m.start(), m.end(), name))
    return sorted({n for _, _, n in found})


def value_matches(value: Any, gold: str) -> bool:
    values = value if isinstance(value, list) else [value]
    return any(norm(str(v)) == norm(gold) or _number(v) == _number(gold) is not None for v in values)


def _number(v: Any) -> float | None:
    try:
        return float(str(v))
    except ValueError:
        return None


def component_fact(ex: Explanation, top: Any) -> dict[str, Any]:
    """What the top component is, in names: an edge (head, type, tail) or a property fact (owner, key, value)."""
    sub = ex.subgraph
    names = {n["id"]: n["name"] for n in sub.get("nodes", [])}
    rels = {r["id"]: r for r in sub.get("relationships", [])}
    props = {p["id"]: p for p in sub.get("properties", [])}
    if top.kind == "edge":
        rid = (top.removed_relationships or [top.id])[0]
        r = rels.get(rid)
        if r:
            return {"kind": "edge", "head": names.get(r["source"]), "type": r["label"], "tail": names.get(r["target"])}
    if top.kind == "property":
        p = props.get((top.removed_properties or [top.id])[0])
        if p:
            if p["owner_kind"] == "relationship":
                r = rels.get(p["owner"], {})
                return {"kind": "relationship-property", "head": names.get(r.get("source")), "type": r.get("label"),
                        "tail": names.get(r.get("target")), "key": p["key"], "value": p["value"]}
            return {"kind": "property", "head": names.get(p["owner"]), "key": p["key"], "value": p["value"]}
    return {"kind": top.kind, "label": top.label}


def is_evidence(fact: dict[str, Any], evidence: list[str]) -> bool:
    head, what, tail = evidence
    if "." in what:  # relationship property: "ACTED_IN.roles"
        rel_type, key = what.split(".", 1)
        return (fact["kind"] == "relationship-property" and fact["type"] == rel_type and fact["key"] == key
                and head in (fact["head"], fact["tail"]) and value_matches(fact["value"], tail))
    if fact["kind"] == "edge":
        return (fact["head"], fact["type"], fact["tail"]) == (head, what, tail)
    if fact["kind"] == "property":
        return fact["head"] == head and fact["key"] == what and value_matches(fact["value"], tail)
    return False


# -- one graph -----------------------------------------------------------------------------------------

def empty(store: Neo4jStore) -> None:
    """Leave the database as the bench found it: no nodes, constraints or indexes (beyond the token lookups)."""
    for row in store.query("SHOW CONSTRAINTS YIELD name RETURN name"):
        store.query(f"DROP CONSTRAINT `{row['name']}`", read_only=False)  # names read from the server
    for row in store.query("SHOW INDEXES YIELD name, type RETURN name, type"):
        if row["type"] != "LOOKUP":
            store.query(f"DROP INDEX `{row['name']}`", read_only=False)
    store.query("MATCH (n) DETACH DELETE n", read_only=False)  # small graphs: one transaction


def run_graph(store: Neo4jStore, graph: str, limit: int | None, workdir: Path) -> dict[str, Any]:
    loader, questions_path = GRAPHS[graph]
    questions = [json.loads(line) for line in questions_path.read_text(encoding="utf-8").splitlines() if line.strip()]
    questions = questions[:limit] if limit else questions
    if store.query("MATCH (n) RETURN count(n) AS c")[0]["c"]:
        raise SystemExit(f"{graph}: the database is not empty (the bench loads each graph into an empty one)")
    log(f"{graph}: loading")
    loader(store)
    counts = store.query("MATCH (n) RETURN count(n) AS c")[0]["c"], store.query(
        "MATCH ()-[r]->() RETURN count(r) AS c")[0]["c"]
    before = schema_state(store)
    names = {r["name"] for r in store.query(NAMES[graph]) if r["name"]}

    t0 = time.perf_counter()
    inference = infer_schema(store, InferOptions(read_only=True))
    infer_s = time.perf_counter() - t0
    config = workdir / f"{graph}.toml"
    config.write_text(render_toml(inference), encoding="utf-8")
    schema = inference.schema
    log(f"{graph}: schema infer {infer_s:.1f} s: {len(schema.entity_mappings())} entity labels; mapping {config}")

    options = ExplainOptions(config=config, cache=False)  # `xgrag explain QUESTION --config FILE`, nothing else
    settings = options.settings()
    cfg = options.explain_settings(settings)
    gen = make_generator(options.generator, **options.connection())
    from xgrag.explain import Explainer

    mode = default_mode()
    records: list[dict[str, Any]] = []
    ro = store.with_schema(settings.graph_schema)  # the same driver, read through the inferred mapping
    retriever = Retriever(ro, settings.retrieval)
    explainer = Explainer.from_settings(settings, ro, generator=gen, explain=cfg)
    for i, q in enumerate(questions, 1):
        text = q["question"]
        t1 = time.perf_counter()
        sub = retriever.retrieve(text, mode=mode)  # type: ignore[arg-type]  # a Mode read off the CLI
        retrieve_ms = (time.perf_counter() - t1) * 1000
        seeds = sorted({sub.nodes[s].name for s in sub.seeds if s in sub.nodes})
        gold_names = named_entities(text, names)
        t1 = time.perf_counter()
        ex = explainer.explain(text)
        explain_s = time.perf_counter() - t1
        top = ex.top(k=1)
        fact = component_fact(ex, top[0]) if top else None
        evidence = q.get("evidence")
        rec = {
            "question": text, "kind": q["kind"], "gold": q["answers"], "answer": ex.answer,
            "right": right(ex.answer, q["answers"]),
            "named": gold_names, "seeds": seeds, "linked": set(gold_names) <= set(seeds),
            "extra_seeds": len(set(seeds) - set(gold_names)),
            "retrieval": {"mode": sub.mode, "nodes": len(sub.nodes), "relationships": len(sub.relationships),
                          "property_facts": len(sub.properties), "truncated": sub.truncated,
                          "ms": round(retrieve_ms, 1), **({"reason": r} if (r := getattr(sub, "reason", None))
                                                         else {})},
            "explain_mode": ex.subgraph.get("mode"),
            "top": None if not top else {"label": top[0].label, "kind": top[0].kind,
                                         "importance": top[0].importance, "fact": fact},
            "evidence": evidence,
            "top_is_evidence": None if not evidence or fact is None else is_evidence(fact, evidence[0]),
            "explain_seconds": round(explain_s, 1), "generator_calls": ex.cost.generator_calls,
        }
        records.append(rec)
        log(f"{graph} {i}/{len(questions)} [{q['kind']}] {text} -> {ex.answer!r} "
            f"({'right' if rec['right'] else 'WRONG'}; linked {rec['linked']}; top {rec['top'] and rec['top']['label']}"
            f"{'' if rec['top_is_evidence'] is None else ' = evidence' if rec['top_is_evidence'] else ' != evidence'})")
    after = schema_state(store)
    unchanged = {"checksum": before["checksum"] == after["checksum"], "indexes": before["indexes"] == after["indexes"],
                 "constraints": before["constraints"] == after["constraints"]}
    return {"graph": graph, "nodes": counts[0], "relationships": counts[1], "questions": len(records),
            "mapping": {"file": config.name, "toml": config.read_text(encoding="utf-8"),
                        "entity_labels": len(schema.entity_mappings()), "read_only": schema.read_only,
                        "infer_seconds": round(infer_s, 2)},
            "defaults": {"mode": mode, "explain_mode": cfg.mode, "strategy": options.strategy,
                         "generator": gen.name, "scheduler": cfg.scheduler},
            "summary": summarise(records), "by_kind": {k: summarise([r for r in records if r["kind"] == k])
                                                       for k in dict.fromkeys(r["kind"] for r in records)},
            "database_unchanged": {**unchanged, "all": all(unchanged.values()), "checksum_before": before["checksum"],
                                   "checksum_after": after["checksum"]},
            "failures": [{k: r[k] for k in ("question", "kind", "gold", "answer", "right", "linked", "seeds", "named",
                                            "top", "evidence", "top_is_evidence")}
                         for r in records if not r["right"] or not r["linked"] or r["top_is_evidence"] is False],
            "records": records}


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    with_evidence = [r for r in records if r["top_is_evidence"] is not None]
    return {"n": len(records), "linked": sum(r["linked"] for r in records),
            "reader_right": sum(r["right"] for r in records),
            "with_evidence": len(with_evidence),
            "top_is_evidence": sum(bool(r["top_is_evidence"]) for r in with_evidence),
            "extra_seeds": sum(r["extra_seeds"] for r in records)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--graphs", default="northwind,movies")
    ap.add_argument("--limit", type=int, default=None, help="the first N questions of each graph")
    ap.add_argument("--heap", default="1g")
    ap.add_argument("--pagecache", default="256m")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results")
    args = ap.parse_args(argv)
    graphs = [g for g in args.graphs.split(",") if g]
    unknown = [g for g in graphs if g not in GRAPHS]
    if unknown:
        raise SystemExit(f"--graphs: unknown {unknown}; known: {', '.join(GRAPHS)}")
    results: dict[str, Any] = {}
    with neo4j_server(args) as (store, server), tempfile.TemporaryDirectory(prefix="xgrag-domain-") as tmp:
        for graph in graphs:
            load_start = [round(x, 2) for x in os.getloadavg()]
            result = run_graph(store, graph, args.limit, Path(tmp))
            result["server"] = {k: v for k, v in server.items() if k != "home"}
            result["load_average"] = {"start": load_start, "end": [round(x, 2) for x in os.getloadavg()]}
            result["machine"] = machine()
            results[graph] = result
            path = args.out / f"domain_{graph}.json"
            path.write_text(json.dumps(result, indent=2, default=str) + "\n", encoding="utf-8")
            log(f"wrote {path}")
            empty(store)
    print(json.dumps({g: {"summary": r["summary"], "by_kind": r["by_kind"],
                          "database_unchanged": r["database_unchanged"]["all"]} for g, r in results.items()}, indent=2))
    for g, r in results.items():
        for f in r["failures"]:
            print(f"{g}: [{f['kind']}] {f['question']} -> {f['answer']!r} (gold {f['gold']}); right {f['right']}, "
                  f"linked {f['linked']} (named {f['named']}, seeds {f['seeds']}), top "
                  f"{f['top'] and f['top']['label']} (evidence {f['evidence']})")
    return 0 if all(r["database_unchanged"]["all"] for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
