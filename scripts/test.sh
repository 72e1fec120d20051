#!/usr/bin/env bash
# The whole test suite: ruff and mypy, then unit (no sockets), integration (one real embedded Neo4j with GDS and APOC per run)
# and e2e (the CLI as a user runs it). Extra args go to pytest (e.g. tests/unit, -k name).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$(bash "$ROOT/scripts/bootstrap.sh" | tail -n 1)"
cd "$ROOT"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
"$VENV/bin/ruff" check plugin tests benchmarks
# types: strict everywhere but integrations/ (checked there)
"$VENV/bin/mypy"
# one-way imports between the stages, no cycles (pyproject.toml [tool.importlinter]; imports inside functions count)
"$VENV/bin/lint-imports" --no-cache
exec "$VENV/bin/python" -m pytest -q -p no:cacheprovider "${@:-tests}"
