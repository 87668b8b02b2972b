#!/usr/bin/env bash
# The batch writer's in-process ceiling (bench/writer-ceiling.sh) with one and with more appliers (graphperf.batch_writer.appliers,
# partitioned by the written id), alternated ROUNDS times so that the machine's drift falls on every count alike; prints each run's
# durable acks/s and, per count, the median and the median batch transaction time. Every run checks each acknowledged id once.
#
#   bench/writer-appliers.sh [ROUNDS] [SECONDS] [APPLIERS,...] [THREADS] [IN_FLIGHT]     (default: 3 rounds, 10 s, 1,2, 8 threads x 64)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3} seconds=${2:-10} counts=${3:-1,2} threads=${4:-8} inflight=${5:-64}
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg);" \
  "$threads threads x $inflight in flight, $seconds s a run"
out=$(mktemp)
run=$(mktemp)
trap 'rm -f "$out" "$run"' EXIT
for r in $(seq "$rounds"); do
  for a in ${counts//,/ }; do
    WRITER_OPTS="-Dgraphperf.batch_writer.appliers=$a -Dgraphperf.batch_writer.partition_by=id" \
      bench/writer-ceiling.sh "$seconds" "$threads" "$inflight" > "$run"
    grep -q ": exactly once" "$run" || { cat "$run"; echo "appliers $a: the check failed" >&2; exit 1; }
    echo "$a $(awk '$1 == "durable"' "$run")   ($(tail -1 "$run" | cut -d';' -f1))" | tee -a "$out"
  done
done
python3 - "$out" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) < 8: continue
    rows.setdefault(int(f[0]), []).append((float(f[4]), float(f[8])))
for a, rs in sorted(rows.items()):
    print(f"appliers {a}: durable acks/s median {statistics.median(r[0] for r in rs):,.0f} of {[round(r[0]) for r in rs]},"
          f" batch transaction p50 median {statistics.median(r[1] for r in rs):.2f} ms")
PY
