#!/usr/bin/env bash
# What coalescing costs and gives: the Java gateway client's submits with linger 0, 1 ms and 5 ms, from 1, 8 and 64
# application threads that each wait for their write's acknowledgement before the next (and 8 threads x 64 in flight), against
# graphperf serve (an empty database); writes/s and ack p50/p99 per cell, every run's ids checked in the graph.
#
#   bench/client-linger.sh [SECONDS]      (default: 8 s a cell)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-8}
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
./graphperf --version >/dev/null   # builds if needed
source bench/lib/serve.sh
java -cp "$cp" bench/ClientSubmits.java "$gateway" "$token" 8 64 "$seconds" warm-up > /dev/null   # the server's JIT, once
n=0
for cell in "1 1" "8 1" "64 1" "8 64"; do
  for linger in 0 1 5; do
    n=$((n + 1))
    java -cp "$cp" bench/ClientSubmits.java "$gateway" "$token" $cell "$seconds" "cell-$n" "$linger" 1000
  done
done
