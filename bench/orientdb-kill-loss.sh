#!/usr/bin/env bash
# OrientDB alone, no graphperf class (bench/OrientDbKillLoss.java): THREADS threads commit transactions of PER vertices into an
# embedded plocal database and record each commit once it has returned; after SECONDS the process is killed with SIGKILL, the
# database opened again and every acknowledged id looked for by a scan and by the unique index. ROUNDS rounds per setting of
# tx.commit.synch (false: OrientDB's default; true: "synchronizes the storage after transaction commit"). OrientDB's own recovery
# lines ("was not closed properly", "operations were processed") are kept from the check's log.
#
#   bench/orientdb-kill-loss.sh [VERSION [ROUNDS [SECONDS [THREADS [PER]]]]]   (defaults: 3.2.49 3 5 8 1; 3.2.51: the jar graphperf
#                                                                             fetches for orientdb:3.2.51, in place of 3.2.49's)
#   QUIET=N bench/orientdb-kill-loss.sh …   the control: the writers stop after SECONDS and the process idles N seconds before the kill
set -euo pipefail
cd "$(dirname "$0")/.."
./graphperf --version >/dev/null   # builds if needed (the OrientDB jars' list)
version="${1:-3.2.49}" rounds="${2:-3}" seconds="${3:-5}" threads="${4:-8}" per="${5:-1}" quiet="${QUIET:-0}"
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores"
# OrientDB and its dependencies only: graphperf's own jars (target/graphperf-*) left out
cp="$(tr ':' '\n' < engines/orientdb/target/orientdb-classpath.txt | grep -v '/target/graphperf-' | paste -sd:)"
if [ "$version" != 3.2.49 ]; then
  ./graphperf engines --fetch "orientdb:$version" >/dev/null
  jar="${XDG_CACHE_HOME:-$HOME/.cache}/graphperf/maven/com.orientechnologies/orientdb-core-$version.jar"
  [ -f "$jar" ] || { echo "no $jar after graphperf engines --fetch orientdb:$version" >&2; exit 2; }
  cp="$(tr ':' '\n' <<<"$cp" | sed "s#.*/orientdb-core-3.2.49.jar#$jar#" | paste -sd:)"
fi
work=$(mktemp -d); pid=
trap '[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; rm -rf "$work"' EXIT
java_opts=(-Xmx1g -Dstorage.useWAL=true -Dprofiler.enabled=false -Dmemory.directMemory.preallocate=false
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED)
# compiled once, so that every round starts writing at once
mkdir -p "$work/classes"
javac -nowarn -d "$work/classes" -cp "$cp" bench/OrientDbKillLoss.java 2>&1 | grep -v '^Note:' || true
for synch in false true; do
  for round in $(seq 1 "$rounds"); do
    db="$work/db-$synch-$round" acks="$work/acks-$synch-$round"
    : >"$acks"
    java "${java_opts[@]}" -Dtx.commit.synch="$synch" -cp "$work/classes:$cp" OrientDbKillLoss write "$db" "$acks" "$threads" "$per" "$synch" \
      "$([ "$quiet" -gt 0 ] && echo $((seconds * 1000)) || echo 0)" >"$work/write.log" 2>&1 &
    pid=$!
    until grep -q '^writing' "$work/write.log" 2>/dev/null; do
      kill -0 "$pid" 2>/dev/null || { echo "the writer ended early:"; tail -5 "$work/write.log"; exit 1; }
      sleep 0.2
    done
    sleep "$seconds"
    if [ "$quiet" -gt 0 ]; then
      until grep -q '^writers stopped' "$work/write.log"; do sleep 0.2; done
      sleep "$quiet"
    fi
    kill -9 "$pid"; wait "$pid" 2>/dev/null || true; pid=
    java "${java_opts[@]}" -cp "$work/classes:$cp" OrientDbKillLoss check "$db" "$acks" >"$work/check.log" 2>&1 || { tail -5 "$work/check.log"; exit 1; }
    echo "$(grep -m1 '^writing' "$work/write.log"), killed after ${seconds} s$([ "$quiet" -gt 0 ] && echo " of writes and ${quiet} s idle"), round $round: $(grep -E '^acknowledged' "$work/check.log")"
    grep -oE "(was not closed properly|[0-9]+ operations were processed|Storage .* recovered)[^\"]*" "$work/check.log" | head -3 | sed 's/^/    OrientDB: /' || true
  done
done
