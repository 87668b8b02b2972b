#!/usr/bin/env bash
# E5 on a busy machine: the change stream under many concurrent small commits while two busy loops take
# the CPU. Each run is the issue's reproduction — a 100-node series transfer, then the open model at RATE changes/s in
# transactions of 2 nodes by 16 clients for 20 s — with the pipeline warmed up first; every committed node must reach
# the sink once, in order, and the topic (read back by graphperf itself) must hold every event once in sequence order
# per key. Prints one line per run with the open model's figures and checks, and stops the busy loops it started.
#
#   bench/cdc-under-load.sh [RATES] [RUNS] [extra graphperf options...]     (defaults: 1000,5000 and 3)
#
# About 4 minutes a run on 2 cores. The achieved rate is the source's under that load; the point is what was lost.
set -euo pipefail
cd "$(dirname "$0")/.."
rates="${1:-1000,5000}"
runs="${2:-3}"
shift $(( $# >= 2 ? 2 : $# )) || true
extra=("$@")
out=$(mktemp -d /tmp/graphperf-cdc-load-XXXX)
busy=()
cleanup() {
  for p in "${busy[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$out"
}
trap cleanup EXIT
for i in 1 2; do sh -c 'while :; do :; done' & busy+=($!); done
echo "two busy loops: pids ${busy[*]}"
for rate in ${rates//,/ }; do
  for run in $(seq 1 "$runs"); do
    log="$out/$rate-$run.log"
    code=0
    ./graphperf run cdc --unit 100 --multipliers 1 --repeats 1 --rate "$rate" --tx-size 2 --duration 20s --clients 16 \
      --out "$out/$rate-$run" "${extra[@]}" >"$log" 2>&1 || code=$?
    line=$(grep -m1 '^Open model:' "$log" || echo "no open-model line")
    failed=$(grep -m1 '^FAILED:' "$log" || true)
    echo "rate $rate run $run: exit $code — $line ${failed:+— $failed}"
  done
done
