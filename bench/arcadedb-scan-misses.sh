#!/usr/bin/env bash
# ArcadeDB alone, no graphperf class (bench/ArcadeDbScanMisses.java): concurrent transactions of many vertices each in one
# type, retried by ArcadeDB's own db.transaction(..., retries). Each acknowledged vertex is looked for three ways, none of them
# countType (a counter of what was committed): in a scan of the type, by its record id (RID, kept when it was saved), and both again
# after the database is closed and opened anew. Prints one line per configuration, then the count of ArcadeDB's own SEVERE and
# WARNING lines in that run and the first three of them (its bucket iterator logs a record it cannot read and skips it).
#
#   bench/arcadedb-scan-misses.sh [VERSION]     (default 25.3.1, graphperf's build's; 26.10.2: the jars graphperf fetches for
#                                                 arcadedb:26.10.2, on a Java 21+: GRAPHPERF_JAVA21_HOME or the newest under /usr/lib/jvm)
set -euo pipefail
cd "$(dirname "$0")/.."
./graphperf --version >/dev/null   # builds if needed (the ArcadeDB jars' list)
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores"
version="${1:-25.3.1}"
repo=$PWD java=java
if [ "$version" = 25.3.1 ]; then
  cp="$(cat engines/arcadedb/target/arcadedb-classpath.txt)"
else
  ./graphperf engines --fetch "arcadedb:$version" >/dev/null
  jars="${XDG_CACHE_HOME:-$HOME/.cache}/graphperf/arcadedb-$version-jars"
  cp="$(ls "$jars"/*.jar | tr '\n' ':')"
  home="${GRAPHPERF_JAVA21_HOME:-$(ls -d /usr/lib/jvm/*/ | while read -r d; do grep -qsE '^JAVA_VERSION="(2[1-9]|[3-9][0-9])' "$d/release" && echo "$d"; done | tail -1)}"
  [ -n "$home" ] || { echo "ArcadeDB $version needs a Java 21+: set GRAPHPERF_JAVA21_HOME" >&2; exit 2; }
  java="$home/bin/java"
fi
echo "ArcadeDB $version, $("$java" -version 2>&1 | head -1)"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$work"   # ArcadeDB writes its log/ in the working folder
for config in "1 8 2 round-robin" "100 8 2 round-robin" "1000 8 2 round-robin" "1000 1 2 round-robin" "1000 8 8 round-robin" "1000 8 32 thread"; do
  "$java" -Xmx2g --add-opens java.base/java.nio.channels.spi=ALL-UNNAMED -Dpolyglot.engine.WarnInterpreterOnly=false \
    -cp "$cp" "$repo/bench/ArcadeDbScanMisses.java" $config >"$work/out.txt" 2>&1 || true
  # the line may follow a log line of ArcadeDB's that ends without a newline (26.x's GraalVM notice)
  grep -oE "ArcadeDB [0-9][0-9.]*, [0-9]+ threads.*" "$work/out.txt" || { echo "ArcadeDbScanMisses $config failed:"; tail -5 "$work/out.txt"; }
  echo "  ArcadeDB's SEVERE/WARNING lines: $(grep -cE 'SEVERE|WARNING' "$work/out.txt" || true)"
  grep -E 'SEVERE|WARNING' "$work/out.txt" | head -3 | cut -c1-300 | sed 's/^/    /' || true
done
