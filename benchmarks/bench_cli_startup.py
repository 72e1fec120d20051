"""How long the command line takes to answer a usage error or --help: wall and CPU seconds of `python -m
xgrag.cli ARGS` in fresh processes (no server, no model), beside the interpreter's own start (`python -c pass`).

Target: a usage error (empty question, bad value, unknown strategy, missing file) answered in < 1 s, because
it is answered before any model, driver or connection loads. The load average is recorded: on a shared 2-core
machine CPU seconds move less than wall seconds under load.

    python benchmarks/bench_cli_startup.py [--runs 5] [--json benchmarks/results/cli_startup.json]
    python benchmarks/bench_cli_startup.py --pythonpath /other/checkout/plugin   # e.g. before a change
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CASES: list[tuple[str, list[str]]] = [
    ("interpreter only (python -c pass)", ["-c", "pass"]),
    ("explain ''", ["-m", "xgrag.cli", "explain", ""]),
    ("explain q --strategy nope", ["-m", "xgrag.cli", "explain", "q", "--strategy", "nope"]),
    ("explain q --mode nope", ["-m", "xgrag.cli", "explain", "q", "--mode", "nope"]),
    ("explain q --generator nope", ["-m", "xgrag.cli", "explain", "q", "--generator", "nope"]),
    ("explain q --json MISSING/e.json", ["-m", "xgrag.cli", "explain", "q", "--json", "{missing}/e.json"]),
    ("retrieve ''", ["-m", "xgrag.cli", "retrieve", ""]),
    ("explain-batch MISSING.jsonl --out OUT", ["-m", "xgrag.cli", "explain-batch", "{missing}/q.jsonl", "--out",
                                               "{missing}/out"]),
    ("ingest triples MISSING.tsv", ["-m", "xgrag.cli", "ingest", "triples", "{missing}/t.tsv"]),
    ("eval --dataset MISSING.jsonl", ["-m", "xgrag.cli", "eval", "--dataset", "{missing}/qa.jsonl"]),
    ("explain --help", ["-m", "xgrag.cli", "explain", "--help"]),
]


def run_once(args: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=600)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per case")
    parser.add_argument("--pythonpath", help="import xgrag from here (default: this checkout's plugin/)")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    plugin = args.pythonpath or str(Path(__file__).resolve().parent.parent / "plugin")
    missing = tempfile.mkdtemp(prefix="xgrag-bench-cli-") + "/missing"
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env.update(PYTHONPATH=plugin, COLUMNS="80", XGRAG_HOME=missing + "-home", NEO4J_URI="bolt://127.0.0.1:9")
    load_start = os.getloadavg()
    rows = []
    for name, case in CASES:
        argv = [a.format(missing=missing) for a in case]
        run_once(argv, env)  # warm the file cache
        runs = [run_once(argv, env) for _ in range(args.runs)]
        walls, cpus = [r[0] for r in runs], [r[1] for r in runs]
        row = {"case": name, "exit": sorted({r[2] for r in runs}), "wall_median_s": statistics.median(walls),
               "wall_min_s": min(walls), "wall_max_s": max(walls), "cpu_median_s": statistics.median(cpus),
               "runs": args.runs}
        rows.append(row)
        print(f"{name:42s} exit {row['exit']}  wall median {row['wall_median_s']:.2f} s "
              f"(min {row['wall_min_s']:.2f}, max {row['wall_max_s']:.2f})  cpu median {row['cpu_median_s']:.2f} s")
    load_end = os.getloadavg()
    usage = [r for r in rows if r["case"].startswith(("explain ", "retrieve", "ingest", "eval"))
             and r["case"] != "explain --help"]
    worst = max(r["wall_median_s"] for r in usage)
    print(f"load average {load_start[0]:.2f} -> {load_end[0]:.2f} on {os.cpu_count()} cores; slowest usage error "
          f"(median wall) {worst:.2f} s: target < 1 s {'met' if worst < 1.0 else 'MISSED'}")
    if args.json:
        args.json.write_text(json.dumps({
            "machine": {"platform": platform.platform(), "python": platform.python_version(),
                        "cpus": os.cpu_count()},
            "load_average_start": load_start, "load_average_end": load_end, "pythonpath": plugin,
            "cases": rows}, indent=2) + "\n")


if __name__ == "__main__":
    main()
