#!/usr/bin/env bash
# The batch writer through the gateway from the Java and the Python client, both coalescing their submits: starts
# graphperf serve (an empty database), runs bench/ClientSubmits.java (THREADS threads x IN_FLIGHT submits in flight) and
# bench/client-submits.py (THREADS x IN_FLIGHT tasks, one submit each in flight) in turn, ROUNDS times, each for SECONDS, each
# run's ids checked in the graph after the writer drained; prints each run's writes/s and ack latency, then Python / Java.
#
#   bench/client-submits.sh [ROUNDS] [SECONDS] [THREADS] [IN_FLIGHT]      (default: 3 rounds, 15 s, 8 threads x 64)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3} seconds=${2:-15} threads=${3:-8} inflight=${4:-64}
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, load $(cut -d' ' -f1-3 /proc/loadavg)"
./graphperf --version >/dev/null   # builds if needed
source bench/lib/serve.sh
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q "./clients/python[all]"
java -cp "$cp" bench/ClientSubmits.java "$gateway" "$token" "$threads" "$inflight" "$seconds" warm-up > /dev/null   # the server's JIT, once
for r in $(seq "$rounds"); do
  java -cp "$cp" bench/ClientSubmits.java "$gateway" "$token" "$threads" "$inflight" "$seconds" "java-$r" | tee -a "$work/results.txt"
  "$work/venv/bin/python" bench/client-submits.py "$gateway" "$token" $((threads * inflight)) "$seconds" "python-$r" | tee -a "$work/results.txt"
done
python3 - "$work/results.txt" <<'PY'
import re, statistics, sys
rates = {"java": [], "python": []}
for line in open(sys.argv[1]):
    m = re.match(r"(java|python): .*= ([\d,]+) writes/s", line)
    if m: rates[m.group(1)].append(float(m.group(2).replace(",", "")))
j, p = statistics.median(rates["java"]), statistics.median(rates["python"])
print(f"median writes/s: java {j:,.0f}, python {p:,.0f}; python / java = {p / j:.0%} (target: at least 50 %)")
PY
