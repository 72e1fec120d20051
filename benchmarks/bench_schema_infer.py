"""`xgrag schema infer`: wall time and queries on a graph, and that nothing was written.

    python benchmarks/bench_schema_infer.py                       # Northwind in an embedded Neo4j (loaded by its
                                                                  # load.py from ../shared/data/northwind)
    XGRAG_BENCH_URI=bolt://... python benchmarks/bench_schema_infer.py --graph existing [--no-check]

`--graph existing` infers the graph already in the database at XGRAG_BENCH_URI / NEO4J_URI (e.g. the synthetic
1M-node domain graph): nothing is loaded or deleted. The first inference runs on query plans the server has not
seen yet (`cold`), the others reuse them (`warm`); each is listed. `--check` (default) compares the whole database
(checksum of every node, relationship and property; indexes; constraints) before and after: it reads the whole
graph, so pass --no-check on a large one. Target: <= 10 s (issue 20, on a 1M-node graph). Writes
benchmarks/results/schema_infer_<graph>.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))

from bench_foundation import log, machine, neo4j_server  # noqa: E402

from helpers import schema_state, write_northwind  # noqa: E402
from xgrag.schema import InferOptions, infer_schema  # noqa: E402

TARGET_SECONDS = 10.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--graph", choices=["northwind", "existing"], default="northwind")
    ap.add_argument("--repeats", type=int, default=5, help="inferences timed (the first one cold)")
    ap.add_argument("--sample-nodes", type=int, default=InferOptions.sample_nodes)
    ap.add_argument("--sample-relationships", type=int, default=InferOptions.sample_relationships)
    ap.add_argument("--check", action=argparse.BooleanOptionalAction, default=True,
                    help="compare the whole database before and after (reads every node)")
    ap.add_argument("--heap", default="1g")
    ap.add_argument("--pagecache", default="256m")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    load_start = [round(x, 2) for x in os.getloadavg()]
    with neo4j_server(args) as (store, server):
        if args.graph == "northwind":
            if store.query("MATCH (n) RETURN count(n) AS c")[0]["c"]:
                raise SystemExit("--graph northwind needs an empty database (it loads Northwind into it)")
            log("loading Northwind (../shared/data/northwind/load.py's steps)")
            write_northwind(store)
        before = schema_state(store) if args.check else None
        opts = InferOptions(sample_nodes=args.sample_nodes, sample_relationships=args.sample_relationships)
        runs: list[dict[str, Any]] = []
        for i in range(args.repeats):
            t0 = time.perf_counter()
            inf = infer_schema(store, opts)
            wall = time.perf_counter() - t0
            s = inf.summary()
            runs.append({"seconds": round(wall, 3), "queries": s["queries"], "probes": s["foreign_key_probes"]})
            log(f"run {i + 1}{' (cold)' if i == 0 else ''}: {wall:.2f} s, {s['queries']} queries, "
                f"{s['foreign_key_probes']} foreign-key probes")
        unchanged = None if before is None else schema_state(store) == before
        schema = inf.schema
        warm = [r["seconds"] for r in runs[1:]] or [runs[0]["seconds"]]
        result = {
            "graph": args.graph, "server": {k: v for k, v in server.items() if k != "home"},
            "nodes": s["nodes"], "relationships": s["relationships"], "labels": s["labels"], "types": s["types"],
            "sample_nodes": opts.sample_nodes, "sample_relationships": opts.sample_relationships,
            "preset": inf.preset, "entity_labels": len(schema.entity_mappings()),
            "node_facts": sum(len(v) for v in schema.node_facts().values()),
            "relationship_fact_types": len(schema.relationship_facts()),
            "cold_seconds": runs[0]["seconds"], "warm_median_seconds": round(statistics.median(warm), 3),
            "warm_min_seconds": min(warm), "warm_max_seconds": max(warm), "runs": runs,
            "unchanged": unchanged, "target_seconds": TARGET_SECONDS,
            "target_met": max(r["seconds"] for r in runs) <= TARGET_SECONDS,
            "load_average": {"start": load_start, "end": [round(x, 2) for x in os.getloadavg()]},
            "machine": machine(),
        }
    print(json.dumps({k: v for k, v in result.items() if k not in ("machine", "runs")}, indent=2))
    out = args.json or ROOT / "benchmarks" / "results" / f"schema_infer_{args.graph}.json"
    out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    log(f"schema infer: cold {result['cold_seconds']:.2f} s, warm median {result['warm_median_seconds']:.2f} s "
        f"(min {result['warm_min_seconds']:.2f}, max {result['warm_max_seconds']:.2f}, n={len(warm)}); target "
        f"<= {TARGET_SECONDS:.0f} s {'met' if result['target_met'] else 'MISSED'}; database unchanged: "
        f"{unchanged}; wrote {out}")
    return 0 if unchanged is not False else 1


if __name__ == "__main__":
    sys.exit(main())
