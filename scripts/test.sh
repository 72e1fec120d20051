#!/usr/bin/env bash
# The whole test suite: unit (no sockets), integration (one real embedded Neo4j with GDS and APOC per run)
# and e2e (the CLI as a user runs it). Extra args go to pytest (e.g. tests/unit, -k name).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$(bash "$ROOT/scripts/bootstrap.sh" | tail -n 1)"
cd "$ROOT"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
"$VENV/bin/ruff" check plugin tests benchmarks
exec "$VENV/bin/python" -m pytest -q -p no:cacheprovider "${@:-tests}"
