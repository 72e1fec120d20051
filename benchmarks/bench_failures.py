"""How long xgrag takes to notice a lost Neo4j and say so (figures for issue 22's "<= 10 s"; not a test).

Per trial, against a real embedded Neo4j (authentication on) holding the sample KG, with the extractive reader:

- cypher: an explanation under apply="cypher" (leave-one-out over 66 probes); the server is SIGKILLed from the
  progress callback once `--kill-at` probes are answered; measured: kill -> the explanation returned (marked
  incomplete, reason "neo4j"), the probes kept, and what xgrag says it waited on the call that failed;
- save: a complete explanation, then the server SIGKILLed and `save_explanation` called (a managed write
  transaction, which the driver retries): kill -> xgrag's StoreError;
- start: `Neo4jStore.verify()` against the dead server's port (what every command does first): -> StoreError.

The server is restarted (same data, same port) between measurements. Writes benchmarks/results/failure_detection.json.

    python benchmarks/bench_failures.py [--trials 5] [--kill-at 10]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_foundation import machine  # noqa: E402

from xgrag.config import EmbeddedSettings, GraphSchema, Settings  # noqa: E402
from xgrag.embed import default_embedder  # noqa: E402
from xgrag.explain import Explainer, ExplainSettings  # noqa: E402
from xgrag.generate.extractive import ExtractiveReader  # noqa: E402
from xgrag.store.embedded import start, stop_pid  # noqa: E402
from xgrag.store.explanations import save_explanation  # noqa: E402
from xgrag.store.ingest import ingest_triples  # noqa: E402
from xgrag.store.migrations import migrate  # noqa: E402
from xgrag.store.neo4j import DEFAULT_RETRY_BUDGET, Neo4jStore, StoreError  # noqa: E402

SAMPLE = ROOT / "plugin" / "xgrag" / "data" / "sample" / "metaqa_triples.tsv"
QUESTION = "what genres are the movies directed by [John Schlesinger] in"


def summary(values: list[float]) -> dict[str, Any]:
    return {"n": len(values), "median": round(statistics.median(values), 3), "min": round(min(values), 3),
            "max": round(max(values), 3), "values": [round(v, 3) for v in values]}


def killer(pid: int, at: int, answered: list[int], killed: dict[str, float]) -> Any:
    """A progress callback that SIGKILLs the server once `at` probes are answered (and notes when)."""

    def progress(phase: str, advance: int, total: int | None) -> None:
        if phase == "perturb" and advance:
            answered[0] += advance
            if answered[0] >= at and "t" not in killed:
                os.kill(pid, signal.SIGKILL)
                killed["t"] = time.monotonic()

    return progress


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--trials", type=int, default=5)
    ap.add_argument("--kill-at", type=int, default=10, help="probes answered when the server is killed (cypher)")
    ap.add_argument("--heap", default=os.environ.get("XGRAG_NEO4J_HEAP", "1g"))
    ap.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results" / "failure_detection.json")
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="xgrag-bench-failures-"))
    # three starts per trial: on a loaded machine one can take longer than the default 180 s (what is measured here is
    # detection after a kill, not the start)
    cfg = EmbeddedSettings(home=home / "embedded", heap=args.heap, start_timeout=900)
    emb = default_embedder()
    res: dict[str, Any] = {"machine": machine(), "load_average_start": [round(x, 2) for x in os.getloadavg()],
                           "retry_budget": DEFAULT_RETRY_BUDGET, "trials": args.trials, "kill_at": args.kill_at}
    cypher, cypher_waited, kept, save, verify = [], [], [], [], []
    state = start(cfg, quiet=True)
    with Neo4jStore.from_connection(state.connection()) as store:
        migrate(store, GraphSchema(), 384)
        ingest_triples(store, SAMPLE, "metaqa")
    try:
        for trial in range(args.trials):
            # cypher: killed mid-run
            state = start(cfg, quiet=True)
            with Neo4jStore.from_connection(state.connection()) as store:
                explainer = Explainer.from_settings(
                    Settings(), store, generator=ExtractiveReader(emb), embedder=emb,
                    explain=ExplainSettings(strategies=("node", "edge"), apply="cypher", scheduler="exhaustive",
                                            noise_runs=1))
                killed: dict[str, float] = {}
                answered = [0]

                ex = explainer.explain(QUESTION, progress=killer(state.pid, args.kill_at, answered, killed))
                returned = time.monotonic()
                explainer.close()
            if "t" in killed and ex.incomplete and ex.incomplete.model_dump(mode="json")["reason"] == "neo4j":
                cypher.append(returned - killed["t"])
                kept.append(ex.incomplete.model_dump(mode="json")["answered"])
                waited = re.search(r"after ([0-9.]+) s", ex.incomplete.model_dump(mode="json")["message"])
                if waited:
                    cypher_waited.append(float(waited.group(1)))
            print(f"trial {trial + 1} cypher: {ex.incomplete}", flush=True)
            stop_pid(state.pid, timeout=5)

            # save: killed just before
            state = start(cfg, quiet=True)
            with Neo4jStore.from_connection(state.connection()) as store:
                explainer = Explainer.from_settings(Settings(), store, generator=ExtractiveReader(emb), embedder=emb,
                                                    explain=ExplainSettings(strategies=("edge",), noise_runs=1))
                ex = explainer.explain(QUESTION)
                explainer.close()
                os.kill(state.pid, signal.SIGKILL)
                t0 = time.monotonic()
                try:
                    save_explanation(store, ex)
                except StoreError as exc:
                    save.append(time.monotonic() - t0)
                    print(f"trial {trial + 1} save: {exc}", flush=True)
                t0 = time.monotonic()
                try:
                    Neo4jStore.from_connection(state.connection()).verify()
                except StoreError:
                    verify.append(time.monotonic() - t0)
            stop_pid(state.pid, timeout=5)
    finally:
        stop_pid(state.pid, timeout=30)
        shutil.rmtree(home, ignore_errors=True)  # its database: nothing of a run is kept but the JSON
    res["cypher_kill_to_explanation_returned_s"] = summary(cypher) if cypher else None
    res["cypher_failing_call_waited_s"] = summary(cypher_waited) if cypher_waited else None
    res["cypher_probes_kept"] = summary([float(k) for k in kept]) if kept else None
    res["save_kill_to_error_s"] = summary(save) if save else None
    res["verify_dead_server_s"] = summary(verify) if verify else None
    res["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(res, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in res.items() if k.endswith("_s") or k == "cypher_probes_kept"}, indent=1))
    print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
