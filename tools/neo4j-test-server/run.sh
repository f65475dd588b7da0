#!/usr/bin/env bash
# Start a real Neo4j 5.26 server (embedded in a small Java launcher) for tests/CI.
#
#   NEO4J_PASSWORD=testpass KG_NEO4J_PORT=7687 tools/neo4j-test-server/run.sh [DATA_DIR] [--exit-on-stdin-eof]
#
# Env: NEO4J_PASSWORD (required, never printed), KG_NEO4J_PORT (default 7687),
#      KG_NEO4J_DATA_DIR (default: fresh temp dir, deleted on exit), KG_NEO4J_PAGECACHE_MB (128),
#      KG_NEO4J_HEAP (JVM -Xmx, default 1g), KG_NEO4J_JAVA_OPTS (extra JVM flags),
#      JAVA (java binary, default: java on PATH).
# Prints "READY bolt://127.0.0.1:<port>" on stdout when Bolt accepts connections; stop with SIGTERM.
# Builds the launcher first if target/ is missing (downloads from Maven Central on first build).
#
# Equivalent direct command (after `mvn -q -B -f tools/neo4j-test-server/pom.xml package -DskipTests`):
#   NEO4J_PASSWORD=testpass KG_NEO4J_PORT=7687 java -Xmx1g <JVM_FLAGS below> \
#       -jar tools/neo4j-test-server/target/neo4j-test-server.jar [DATA_DIR] [--exit-on-stdin-eof]
# (the thin jar's manifest puts target/lib/*.jar on the class path; equivalently
#  -cp 'tools/neo4j-test-server/target/neo4j-test-server.jar:tools/neo4j-test-server/target/lib/*' kg.testserver.Main)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
JAR="$HERE/target/neo4j-test-server.jar"

if [[ -z "${NEO4J_PASSWORD:-}" ]]; then
    echo "run.sh: NEO4J_PASSWORD is not set (initial password of user 'neo4j' is required)" >&2
    exit 2
fi

needs_build=0
if [[ ! -f "$JAR" || ! -d "$HERE/target/lib" ]]; then
    needs_build=1
elif [[ "$HERE/pom.xml" -nt "$JAR" ]] || [[ -n "$(find "$HERE/src" -newer "$JAR" -type f -print -quit)" ]]; then
    needs_build=1
fi
if [[ $needs_build == 1 ]]; then
    echo "run.sh: building launcher (mvn package)..." >&2
    # Build output goes to stderr so stdout carries only the READY line.
    mvn -q -B -f "$HERE/pom.xml" package -DskipTests 1>&2
fi

JAVA="${JAVA:-java}"
# JVM flags from Neo4j 5.x stock neo4j.conf (server.jvm.additional), all accepted by Java 17;
# -XX:+AlwaysPreTouch left out on purpose (it commits the whole heap up front).
JVM_FLAGS=(
    "-Xmx${KG_NEO4J_HEAP:-1g}"
    -XX:+UseG1GC
    -XX:-OmitStackTraceInFastThrow
    -XX:+UnlockExperimentalVMOptions
    -XX:+TrustFinalNonStaticFields
    -XX:+DisableExplicitGC
    -Djdk.nio.maxCachedBufferSize=1024
    -Dio.netty.tryReflectionSetAccessible=true
    -Djdk.tls.ephemeralDHKeySize=2048
    -Djdk.tls.rejectClientInitiatedRenegotiation=true
    -XX:FlightRecorderOptions=stackdepth=256
    -XX:+UnlockDiagnosticVMOptions
    -XX:+DebugNonSafepoints
    --add-opens=java.base/java.nio=ALL-UNNAMED
    --add-opens=java.base/java.io=ALL-UNNAMED
    --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
    --enable-native-access=ALL-UNNAMED
    -Dlog4j2.disable.jmx=true
)
# shellcheck disable=SC2206
EXTRA=(${KG_NEO4J_JAVA_OPTS:-})

exec "$JAVA" "${JVM_FLAGS[@]}" "${EXTRA[@]}" -jar "$JAR" "$@"
