#!/usr/bin/env bash
# The batch writer's applier: CPU per row of UNWIND … CALL (row) { CREATE … }, of plain UNWIND … CREATE (what the writer uses
# for statements of CREATE clauses only) and of its fast path for one node with labels and parameters (the Java API, no Cypher),
# one thread, an embedded Neo4j, the forms alternated round by round.
# Usage: bench/apply-forms.sh [SECONDS per round] [ROUNDS]   (default 5 9; the first round is a warm-up)
set -euo pipefail
cd "$(dirname "$0")/.."
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
./graphperf --version >/dev/null   # builds if needed
target=engines/neo4j/host/target
cp="$(cat $target/host-classpath.txt):$target/plugins/graphperf-batch-writer-0.1.0-SNAPSHOT.jar:$target/plugins/HdrHistogram-2.2.2.jar"
java -Xmx2g --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED \
  -cp "$cp" bench/ApplyForms.java "${1:-5}" "${2:-9}" 2>&1 | grep -v -E "^(WARNING|SLF4J)"
