#!/usr/bin/env bash
# Shared launcher of bench/BatchWriterBench.java: the embedded Neo4j's classpath plus the writer plugin.
# Usage: bench/batch-writer-bench.sh log|ceiling ARGS...   (see bench/log-choice.sh, bench/writer-ceiling.sh)
# Writer settings as JVM properties, e.g. WRITER_OPTS=-Dgraphperf.batch_writer.batch_interval=20ms
set -euo pipefail
cd "$(dirname "$0")/.."
./graphperf --version >/dev/null   # builds if needed
target=engines/neo4j/host/target
cp="$(cat $target/host-classpath.txt):$target/plugins/graphperf-batch-writer-0.1.0-SNAPSHOT.jar:$target/plugins/HdrHistogram-2.2.2.jar"
java -Xmx2g --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED \
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED \
  ${WRITER_OPTS:-} -cp "$cp" bench/BatchWriterBench.java "$@" 2>&1 | grep -v -E "^(WARNING|SLF4J)"
