"""Benchmarks run as their docstrings say, on a fresh machine (issue 31, item 19): each as a subprocess at its
smallest size, without NEO4J_URI (so it starts its own embedded server, authentication on), exit 0, and its JSON
output parses with the documented keys.

Covered so far: bench_stacks (it connected to its own embedded server with no password), bench_cli_startup and
bench_langchain.
The other benchmarks/bench_*.py are not run here yet: NOT_YET_RUN names them, so the gap is visible."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow

# Benchmarks this module does not run yet (issue 31, item 19 is partly done): each still needs its smallest mode
# checked on a fresh machine. bench_serve had bench_stacks' defect (no password for its own server), fixed, but it
# drives Chromium and is not run here.
NOT_YET_RUN = sorted({"bench_answer_cost", "bench_cost", "bench_dedup", "bench_domain", "bench_domain_scale",
                      "bench_domains", "bench_explain", "bench_failures", "bench_foundation", "bench_gnan",
                      "bench_linking", "bench_logprob", "bench_provenance_text", "bench_pruning",
                      "bench_retrieval_modes", "bench_schema_infer", "bench_scoring", "bench_serve", "bench_startup",
                      "bench_surrogate", "bench_temperature", "bench_tracllm", "bench_walltime"})
RUN_HERE = {"bench_stacks", "bench_cli_startup", "bench_langchain"}


def run_benchmark(script: str, *args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NEO4J_URI", "XGRAG_BENCH_URI", "NEO4J_PASSWORD")}
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def test_bench_stacks_starts_its_own_server_and_connects(tmp_path: Path) -> None:
    out = tmp_path / "stacks.json"
    done = run_benchmark("bench_stacks.py", "--questions", "1", "--json", str(out))
    assert done.returncode == 0, done.stderr[-3000:]
    data = json.loads(out.read_text(encoding="utf-8"))
    assert {"stacks", "rows", "meta"} <= set(data)
    assert data["stacks"] and len(data["rows"]) == len(data["stacks"])  # one question: one row per stack


def test_bench_cli_startup_at_one_run(tmp_path: Path) -> None:
    out = tmp_path / "cli_startup.json"
    done = run_benchmark("bench_cli_startup.py", "--runs", "1", "--json", str(out))
    assert done.returncode == 0, done.stderr[-3000:]
    data = json.loads(out.read_text(encoding="utf-8"))
    assert {"machine", "cases", "load_average_start", "load_average_end", "pythonpath"} <= set(data)
    assert data["cases"]


def test_every_benchmark_is_run_here_or_listed_as_not_yet() -> None:
    """A benchmark added later is either run by this module or named in NOT_YET_RUN: never silently left out."""
    scripts = {p.stem for p in (ROOT / "benchmarks").glob("bench_*.py")}
    assert scripts == RUN_HERE | set(NOT_YET_RUN)
    assert not RUN_HERE & set(NOT_YET_RUN)


def test_bench_langchain_at_one_repeat(tmp_path: Path) -> None:
    out = tmp_path / "langchain.json"
    done = run_benchmark("bench_langchain.py", "--repeats", "1", "--json", str(out))
    assert done.returncode == 0, done.stderr[-3000:]
    data = json.loads(out.read_text(encoding="utf-8"))
    assert {"machine", "lcel", "load_average_start", "load_average_end"} <= set(data)
    assert {"repeats", "chain_alone_s", "chain_with_queued_handler_s", "chain_with_inline_handler_s",
            "explanation_s", "explanation_generator_calls"} <= set(data["lcel"])
