#!/usr/bin/env bash
# The whole test suite: ruff, mypy and the import contracts, then unit (no sockets), integration (one real embedded
# Neo4j with GDS and APOC per run) and e2e (the CLI as a user runs it); the 20 slowest tests are listed at the end.
#   bash scripts/test.sh                  everything but the heavy benchmark tests (what CI runs)
#   bash scripts/test.sh --all            everything, the heavy benchmark tests too (tests/e2e/test_benchmarks.py:
#                                         benchmarks that start their own server or SmolLM2; ~10 more minutes)
#   bash scripts/test.sh --quick          during development: the unit tests that are not marked slow
#   bash scripts/test.sh -m "not llm"     extra args go to pytest (a path, -k name, -m markers: unit, integration,
#                                         e2e, llm, browser, slow; see pyproject.toml)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SELECT=(-m "not heavy")
PATHS=(tests)
if [[ "${1:-}" == "--all" ]]; then
  shift
  SELECT=()
elif [[ "${1:-}" == "--quick" ]]; then
  shift
  SELECT=(-m "unit and not slow")
  # only tests/unit is collected: collecting the integration modules imports every stack's library (LangChain,
  # LlamaIndex, LightRAG, ...), ~20 s of CPU and a minute on a loaded machine, for tests the marker leaves out
  PATHS=(tests/unit)
fi
VENV="$(bash "$ROOT/scripts/bootstrap.sh" | tail -n 1)"
cd "$ROOT"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
"$VENV/bin/ruff" check plugin tests benchmarks scripts
# mypy's caches live beside the virtualenv, not in the checkout: CI runs on a fresh clone, where a .mypy_cache/ in the
# tree would be empty every time (a cold check of the package and of the benchmarks is minutes of CPU, a warm one
# seconds). A cache entry is reused only when its module's source hashes the same (mypy checks the hash when the
# path or mtime differ, as they do in a new clone), so a stale entry is never trusted. One folder per run below: the
# options differ, and a shared cache would be rewritten by each run instead of reused.
MYPY_CACHE="${XGRAG_CACHE:-$HOME/.cache/xgrag}/mypy"
# types: strict everywhere but integrations/ (checked there), and the docs build hook
"$VENV/bin/mypy" --cache-dir "$MYPY_CACHE/plugin"
"$VENV/bin/mypy" --strict --cache-dir "$MYPY_CACHE/docs-hooks" scripts/docs_hooks.py
# the benchmarks: untyped defs allowed, but every call into xgrag and every read of its typed results is checked (they
# run for hours, so a stale reader must fail here, not on the first question); tests/ resolves their helpers' types,
# its own errors are not reported (follow-imports=silent). A cache of its own: the options differ from the run above,
# so a shared cache would be rebuilt by each (~90 s) instead of reused (~3 s)
MYPYPATH=benchmarks:tests "$VENV/bin/mypy" --follow-imports=silent --cache-dir "$MYPY_CACHE/benchmarks" benchmarks/*.py
# one-way imports between the stages, no cycles (pyproject.toml [tool.importlinter]; imports inside functions count)
"$VENV/bin/lint-imports" --no-cache
# XGRAG_TEST_WORKERS test processes (default 2; 0 = one process): whole files are dealt out (--dist loadfile), so a
# file's module fixtures stay in one process; each process starts its own embedded Neo4j. Files are dealt in
# collection order (--no-loadscope-reorder; xdist's default deals files with the most tests first, which put the
# heavy two-test integration files last): e2e first (the longest files), then integration, then the many short unit
# files, which even out the two processes' finishing times.
WORKERS=(-n "${XGRAG_TEST_WORKERS:-2}" --dist loadfile --no-loadscope-reorder)
if [[ "${XGRAG_TEST_WORKERS:-2}" == "0" ]]; then WORKERS=(-p no:xdist); fi
exec "$VENV/bin/python" -m pytest -q -p no:cacheprovider --durations=20 "${WORKERS[@]}" ${SELECT[@]+"${SELECT[@]}"} "${@:-${PATHS[@]}}"
