#!/usr/bin/env bash
# Issue 29's proof on this machine: the same open-model E4 cell with its schedule on 1 agent and split over 4 agents (separate
# processes against the embedded Neo4j at 127.0.0.1), interleaved 1 4 1 4 …; for each run the offered and scheduled counts and the
# merged latency percentiles, then every pair of runs' merged histograms compared (bench/HistogramsCompare.java: two-sample
# Kolmogorov–Smirnov distance and percentiles): 1 agent against 4 beside 1 against 1 and 4 against 4, the runs' own spread.
# With PIN=1 (the default on 2 or more CPUs) Neo4j runs on the last CPU and graphperf with its agents on the others, so the agents'
# CPU does not land on the engine's. Then one agent of 4 killed mid-window: the run must end at once with a message naming it and
# leave no process behind. Then the merge's cost (bench/MergeCost.java) and one agent's open-model ceiling.
#
#   bench/agents-proof.sh [RATE] [DURATION] [ROUNDS] [WARMUP]   (default 100 ops/s, 60s, 3 rounds, 60s; about 30 minutes on 2
#                                                                cores; ROUNDS 0 runs only the kill, the merge's cost and the ceiling)
set -euo pipefail
cd "$(dirname "$0")/.."
rate="${1:-100}" duration="${2:-60s}" rounds="${3:-3}" warmup="${4:-60s}"
./graphperf --version >/dev/null   # builds if needed
root=$(mktemp -d /tmp/graphperf-agents-XXXX)
cpus=$(nproc)
pin="${PIN:-$([ "$cpus" -ge 2 ] && echo 1 || echo 0)}"
launcher=(./graphperf) pinning=()
if [ "$pin" = 1 ]; then
  launcher=(taskset -c "0-$((cpus - 2))" ./graphperf) pinning=(--setting "graphperf.host.cpus=$((cpus - 1))")
fi
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $cpus cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r);" \
  "$([ "$pin" = 1 ] && echo "Neo4j on CPU $((cpus - 1)), graphperf and its agents on CPUs 0-$((cpus - 2))" || echo "not pinned")"
common=(run writes --scenarios create-labelled-indexed --transports bolt --load open --rate "$rate" --clients 8 --server-warmup 30s "${pinning[@]}")
cp="$PWD/cli/target/graphperf-cli.jar:$(cat cli/target/cli-classpath.txt)"
for round in $(seq 1 "$rounds"); do
  for n in 1 4; do
    out="$root/r$round-agents$n"
    echo "round $round, $n agent(s): ${launcher[*]} ${common[*]} --warmup $warmup --duration $duration --agents $n --out $out"
    "${launcher[@]}" "${common[@]}" --warmup "$warmup" --duration "$duration" --agents "$n" --out "$out" > "$out.log" 2>&1 || { tail -20 "$out.log"; exit 1; }
  done
done
[ "$rounds" -gt 0 ] && python3 - "$root" <<'PY'
import glob, json, sys
root = sys.argv[1]
print(f"{'run':14} {'offered/s':>9} {'scheduled':>9} {'completed':>9} {'achieved/s':>10} {'p50 ms':>7} {'p90 ms':>7} {'p99 ms':>7} {'p99.9 ms':>8} {'max ms':>7} {'late %':>6} {'steady':>6} {'trend %/s':>9} {'agents cores':>12} {'engine cores':>12} {'ids':>4}")
for d in sorted(glob.glob(f"{root}/r*-agents*")):
    if d.endswith(".log"): continue
    c = json.load(open(glob.glob(f"{d}/*-writes/run.json")[0]))["cells"][0]
    m = c["measurement"]; l = m["latency"]
    print(f"{d.split('/')[-1]:14} {m['offeredPerSecond']:>9,.0f} {m['scheduled']:>9,} {m['ops']:>9,} {m['opsPerSecond']:>10,.1f} {l['p50Ms']:>7.2f} {l['p90Ms']:>7.2f} "
          f"{l['p99Ms']:>7.2f} {l['p999Ms']:>8.2f} {l['maxMs']:>7.1f} {100 * m['lateShare']:>6.2f} {str(m['steadiness']['steady']):>6} {m['steadiness']['trendPctPerSecond']:>9.2f} {m['resources']['harnessCores']:>12.2f} {m['resources']['serverCores']:>12.2f} {'ok' if c['checks'] and all(x['passed'] for x in c['checks']) else 'FAIL':>4}")
PY
hlog() { ls "$root"/r"$1"-agents"$2"/*-writes/histograms/create-labelled-indexed-bolt.hlog; }
if [ "$rounds" -gt 0 ]; then
  for i in $(seq 1 "$rounds"); do for j in $(seq 1 "$rounds"); do
    echo "1 agent (round $i) vs 4 agents (round $j): $(java -cp "$cp" bench/HistogramsCompare.java "$(hlog "$i" 1)" "$(hlog "$j" 4)")"
  done; done
  for n in 1 4; do for i in $(seq 1 "$rounds"); do for j in $(seq $((i + 1)) "$rounds"); do
    echo "$n vs $n agent(s) (rounds $i, $j): $(java -cp "$cp" bench/HistogramsCompare.java "$(hlog "$i" "$n")" "$(hlog "$j" "$n")")"
  done; done; done
fi

echo "kill: agent 2 of 4 killed 25 s into a 2-minute run (10 s of warm-up)"
out="$root/kill"
"${launcher[@]}" "${common[@]}" --warmup 10s --agents 4 --duration 2m --out "$out" > "$out.log" 2>&1 & harness=$!
sleep 1
pid=""
for _ in $(seq 1 480); do
  joined=$(ls "$out"/*-writes/agents/agents/agent-2.json 2>/dev/null || true)
  [ -n "$joined" ] && grep -q "cell 1/1" "$out.log" && { pid=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['pid'])" "$joined"); break; }
  sleep 0.5
done
[ -n "$pid" ] || { echo "agent 2 never joined"; tail -20 "$out.log"; kill "$harness"; exit 1; }
sleep 25
before="$harness $(pgrep -P "$harness" | tr '\n' ' ')"
start=$(date +%s.%N); kill -9 "$pid"
set +e; wait "$harness"; code=$?; set -e
echo "  exit code $code, $(echo "$(date +%s.%N) - $start" | bc) s after the kill; its message:"
grep "graphperf: error" "$out.log" | sed 's/^/  /'
sleep 2
left=$(for p in $before; do kill -0 "$p" 2>/dev/null && echo "$p"; done || true)
echo "  processes left of the run's: ${left:-none}"

echo "merge cost (bench/MergeCost.java):"
java -Xmx8g -cp "$cp" bench/MergeCost.java 4 60 1000
java -Xmx8g -cp "$cp" bench/MergeCost.java 100 60 10000
echo "one agent's open-model ceiling (graphperf overhead --rate):"
for r in 100000 1000000; do ./graphperf overhead --rate "$r" --clients 8 --duration 10s | sed 's/^/  /'; done
echo "runs: $root"
