#!/usr/bin/env bash
# ArcadeDB 25.3.1 alone, no graphperf class (bench/ArcadeDbScanMisses.java): concurrent transactions of many vertices each in one
# type, retried by ArcadeDB's own db.transaction(..., retries). Each acknowledged vertex is looked for three ways, none of them
# countType (a counter of what was committed): in a scan of the type, by its record id (RID, kept when it was saved), and both again
# after the database is closed and opened anew. Prints one line per configuration, then the count of ArcadeDB's own SEVERE and
# WARNING lines in that run and the first three of them (its bucket iterator logs a record it cannot read and skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
./graphperf --version >/dev/null   # builds if needed (the ArcadeDB jars' list)
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores"
repo=$PWD cp="$(cat engines/arcadedb/target/arcadedb-classpath.txt)"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"   # ArcadeDB writes its log/ in the working folder
for config in "1 8 2 round-robin" "100 8 2 round-robin" "1000 8 2 round-robin" "1000 1 2 round-robin" "1000 8 8 round-robin" "1000 8 32 thread"; do
  java -Xmx2g --add-opens java.base/java.nio.channels.spi=ALL-UNNAMED -Dpolyglot.engine.WarnInterpreterOnly=false \
    -cp "$cp" "$repo/bench/ArcadeDbScanMisses.java" $config >"$work/out.txt" 2>&1 || true
  grep "^ArcadeDB" "$work/out.txt" || { echo "ArcadeDbScanMisses $config failed:"; tail -5 "$work/out.txt"; }
  echo "  ArcadeDB's SEVERE/WARNING lines: $(grep -cE 'SEVERE|WARNING' "$work/out.txt" || true)"
  grep -E 'SEVERE|WARNING' "$work/out.txt" | head -3 | cut -c1-300 | sed 's/^/    /' || true
done
