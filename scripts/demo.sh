#!/usr/bin/env bash
# The main job on the embedded default: set up, start the embedded Neo4j (GDS + APOC), migrate, ingest the
# shipped sample KG, retrieve for a sample question with and without a perturbation. Extra args go to
# `xgrag demo` (e.g. --question "...").
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$(bash "$ROOT/scripts/bootstrap.sh" | tail -n 1)"
cd "$ROOT"
exec "$VENV/bin/xgrag" demo "$@"
