#!/usr/bin/env bash
# ArcadeDB 25.3.1 alone, no graphperf class (bench/ArcadeDbScanMisses.java): concurrent transactions of many vertices each in one
# type, retried by ArcadeDB's own db.transaction(..., retries). With the type's buckets shared (its default, round-robin), acknowledged
# vertices are missing from a scan of the type while countType counts them; with a bucket per writing thread none is. This is why
# graphperf's E4 gives ArcadeDB's :User 32 buckets chosen by thread (docs/engines.md). Prints one line per configuration.
set -euo pipefail
cd "$(dirname "$0")/.."
./graphperf --version >/dev/null   # builds if needed (the ArcadeDB jars' list)
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores"
repo=$PWD cp="$(cat engines/arcadedb/target/arcadedb-classpath.txt)"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"   # ArcadeDB writes its log/ in the working folder
for config in "1 8 2 round-robin" "100 8 2 round-robin" "1000 8 2 round-robin" "1000 1 2 round-robin" "1000 8 8 round-robin" "1000 8 32 thread"; do
  java -Xmx2g --add-opens java.base/java.nio.channels.spi=ALL-UNNAMED -Dpolyglot.engine.WarnInterpreterOnly=false \
    -cp "$cp" "$repo/bench/ArcadeDbScanMisses.java" $config 2>&1 | grep "^ArcadeDB"
done
