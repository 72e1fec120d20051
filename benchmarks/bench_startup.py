"""What a command pays before its own work: the embedded Neo4j's start and the default embedder's load.

- Neo4j: READY seconds (wall) and the JVM's CPU seconds of `xgrag.store.embedded.start` on a fresh home, then stopped;
  with and without the class archive (`class_archive`), with the JVM's default compilers and with C1 only
  (`-XX:TieredStopAtLevel=1`, what tests/conftest.py sets for the suite).
- Embedder: a fresh process that loads all-MiniLM-L6-v2 and embeds one text: xgrag.embed.bert (NumPy) against
  sentence-transformers (torch), wall and CPU seconds.

The load average is recorded with every run: on a shared 2-core machine CPU seconds move less than wall seconds.

    python benchmarks/bench_startup.py [--runs 3] [--neo4j on,c1 ...] [--embedder numpy|st ...]
                                       [--json benchmarks/results/startup.json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from xgrag.config import EmbeddedSettings
from xgrag.store.embedded import class_archive, start, stop_pid

EMBEDDERS = {
    "numpy (xgrag.embed.bert)": "from xgrag.embed import default_embedder; default_embedder().embed(['x'])",
    "sentence-transformers": "from xgrag.embed import SentenceTransformerEmbedder; "
                             "SentenceTransformerEmbedder().embed(['x'])",
}


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def neo4j_start(archive: bool, c1: bool) -> dict[str, float]:
    home = Path(tempfile.mkdtemp(prefix="xgrag-bench-start-"))
    cfg = EmbeddedSettings(home=home, heap="1g", class_archive=archive,
                           jvm_options=["-XX:TieredStopAtLevel=1"] if c1 else [])
    cpu0, t0 = children_cpu(), time.perf_counter()
    state = start(cfg, quiet=True)
    ready = time.perf_counter() - t0
    stop_pid(state.pid)  # the JVM is this process's child: its CPU is counted once it is reaped
    cpu = children_cpu() - cpu0
    shutil.rmtree(home, ignore_errors=True)
    return {"ready_s": round(ready, 2), "cpu_s": round(cpu, 2), "load": round(os.getloadavg()[0], 2)}


def embedder_load(code: str) -> dict[str, float]:
    cpu0, t0 = children_cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                   env={**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"})
    return {"wall_s": round(time.perf_counter() - t0, 2), "cpu_s": round(children_cpu() - cpu0, 2),
            "load": round(os.getloadavg()[0], 2)}


# --neo4j's names for the start cases: the class archive (on / off) and the compilers (c1: C1 only; c2: C1+C2)
CASES = {f"{'on' if archive else 'off'},{'c1' if c1 else 'c2'}": (archive, c1)
         for archive in (False, True) for c1 in (False, True)}
EMBEDDER_FLAGS = {"numpy": "numpy (xgrag.embed.bert)", "st": "sentence-transformers"}


def summary(runs: list[dict[str, float]]) -> dict[str, Any]:
    out: dict[str, Any] = {"runs": runs}
    for key in runs[0]:
        if key != "load":
            values = [r[key] for r in runs]
            out[key] = {"median": round(statistics.median(values), 2), "min": min(values), "max": max(values)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--neo4j", action="append", choices=list(CASES), default=None,
                    help="a start case: class archive on|off, C1 only (c1) or both compilers (c2); repeatable; "
                         "default all four")
    ap.add_argument("--embedder", action="append", choices=sorted(EMBEDDER_FLAGS), default=None,
                    help="repeatable; default both")
    ap.add_argument("--json", type=Path, default=Path(__file__).resolve().parent / "results" / "startup.json")
    args = ap.parse_args()
    cases = args.neo4j or list(CASES)
    embedders = [EMBEDDER_FLAGS[e] for e in args.embedder] if args.embedder else list(EMBEDDERS)
    if any(CASES[case][0] for case in cases) and not class_archive().is_file():
        neo4j_start(archive=True, c1=False)  # prepares the archive this build has none of (not measured)
    results: dict[str, Any] = {"archive": str(class_archive()), "neo4j_start": {}, "embedder_load": {}}
    for case in cases:
        archive, c1 = CASES[case]
        name = f"archive {'on' if archive else 'off'}, {'C1 only' if c1 else 'C1+C2'}"
        results["neo4j_start"][name] = summary([neo4j_start(archive, c1) for _ in range(args.runs)])
        s = results["neo4j_start"][name]
        print(f"neo4j start, {name:24} READY {s['ready_s']['median']:6.2f} s  CPU {s['cpu_s']['median']:6.2f} s"
              f"  (median of {args.runs}; loads {[r['load'] for r in s['runs']]})", flush=True)
    for name in embedders:
        code = EMBEDDERS[name]
        results["embedder_load"][name] = summary([embedder_load(code) for _ in range(args.runs)])
        s = results["embedder_load"][name]
        print(f"embedder load + 1 text, {name:26} wall {s['wall_s']['median']:6.2f} s  "
              f"CPU {s['cpu_s']['median']:6.2f} s  (median of {args.runs}; loads {[r['load'] for r in s['runs']]})",
              flush=True)
    args.json.write_text(json.dumps(results, indent=2) + "\n")
    print(f"written to {args.json}")


if __name__ == "__main__":
    main()
