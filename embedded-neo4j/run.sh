#!/usr/bin/env bash
# Runs the embedded Neo4j + OpenGDS + APOC launcher. Args pass through, e.g.
#   ./run.sh --home /tmp/xgrag-neo4j --port 7687
# Env: XGRAG_NEO4J_HEAP (default 2g)     -> -Xmx / -Xms start
#      XGRAG_NEO4J_EXTRA_CP (optional)   -> appended to the classpath (extra procedure jars; xgrag's own
#                                         procedures jar is already in target/lib)
#      JAVA (default: java on PATH)
# Build first: mvn -q package   (both modules; see README.md)
set -euo pipefail
DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
HEAP="${XGRAG_NEO4J_HEAP:-2g}"
CP="$DIR/target/embedded-neo4j-launcher.jar:$DIR/target/lib/*"
if [[ -n "${XGRAG_NEO4J_EXTRA_CP:-}" ]]; then CP="$CP:$XGRAG_NEO4J_EXTRA_CP"; fi
if [[ ! -f "$DIR/target/embedded-neo4j-launcher.jar" ]]; then
  echo "run.sh: $DIR/target/embedded-neo4j-launcher.jar missing; run 'mvn -q package' in $DIR" >&2
  exit 2
fi
# exec: java becomes this process, so SIGTERM from the parent reaches the JVM directly.
exec "${JAVA:-java}" \
  -Xmx"$HEAP" \
  -XX:+UseParallelGC \
  -XX:-OmitStackTraceInFastThrow \
  -XX:+ExitOnOutOfMemoryError \
  --add-opens=java.base/java.lang=ALL-UNNAMED \
  --add-opens=java.base/java.lang.invoke=ALL-UNNAMED \
  --add-opens=java.base/java.nio=ALL-UNNAMED \
  --add-opens=java.base/java.io=ALL-UNNAMED \
  --add-opens=java.base/java.util=ALL-UNNAMED \
  --add-opens=java.base/java.util.concurrent=ALL-UNNAMED \
  --add-opens=java.base/java.util.stream=ALL-UNNAMED \
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED \
  --add-opens=java.base/sun.net.www.protocol.http=ALL-UNNAMED \
  --enable-native-access=ALL-UNNAMED \
  -Dio.netty.tryReflectionSetAccessible=true \
  -Djdk.nio.maxCachedBufferSize=1024 \
  -Dlog4j2.disable.jmx=true \
  -Xlog:disable -Xlog:all=warning:stderr \
  -cp "$CP" \
  org.xgrag.embedded.Launcher "$@"
