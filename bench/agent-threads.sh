#!/usr/bin/env bash
# Where the load agents' CPU goes (4 agents' tails were seen above 1 agent's on this machine): one open-model E4 run
# over N agents, Neo4j on the last CPU and graphperf with its agents on the others (as bench/agents-proof.sh), and, in the middle
# of its window, every agent's threads sampled from /proc for SAMPLE seconds: cores per kind of thread (JIT compilers, garbage
# collector, the Bolt driver's event loop, graphperf's client threads, the sampler, the rest), per agent and for the coordinator.
#
#   bench/agent-threads.sh [AGENTS] [RATE] [WARMUP_S] [SAMPLE_S]     (default 4 agents, 100 ops/s, 60 s warm-up, 20 s; about 4 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
agents="${1:-4}" rate="${2:-100}" warmup="${3:-60}" sample="${4:-20}"
./graphperf --version >/dev/null   # builds if needed
out=$(mktemp -d /tmp/graphperf-agent-threads-XXXX)
cpus=$(nproc)
launcher=(./graphperf) pinning=()
if [ "$cpus" -ge 2 ]; then launcher=(taskset -c "0-$((cpus - 2))" ./graphperf) pinning=(--setting "graphperf.host.cpus=$((cpus - 1))"); fi
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $cpus cores; $agents agents at $rate ops/s, ${warmup} s warm-up, threads sampled ${sample} s mid-window"
"${launcher[@]}" run writes --scenarios create-labelled-indexed --transports bolt --load open --rate "$rate" --clients 8 --server-warmup 30s \
  "${pinning[@]}" --warmup "${warmup}s" --duration "$((sample + 20))s" --agents "$agents" --out "$out" > "$out/run.log" 2>&1 & harness=$!
request=""
for _ in $(seq 1 600); do
  request=$(ls "$out"/*-writes/agents/cells/0001/request.json 2>/dev/null || true)
  [ -n "$request" ] && break
  kill -0 "$harness" 2>/dev/null || { tail -20 "$out/run.log"; exit 1; }
  sleep 0.5
done
[ -n "$request" ] || { echo "no cell was requested"; kill "$harness"; exit 1; }
python3 - "$request" "$warmup" "$sample" "$harness" <<'PY'
import glob, json, os, re, sys, time
request, warmup, sample, harness = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
start = json.load(open(request))["startMillis"] / 1000
time.sleep(max(0, start + warmup + 5 - time.time()))   # 5 s into the window
folder = os.path.dirname(os.path.dirname(os.path.dirname(request)))
pids = {f"agent {json.load(open(f))['agent']}": json.load(open(f))["pid"] for f in sorted(glob.glob(f"{folder}/agents/agent-*.json"))}
pids["coordinator"] = harness
tick = os.sysconf("SC_CLK_TCK")
def kind(name):
    for pattern, k in [(r"C2 Compil|C1 Compil", "JIT compilers"), (r"GC|G1|Conc|Refine|Service", "garbage collector"),
                       (r"Neo4jDriver|nioEventLoop|epoll", "Bolt driver's event loop"), (r"graphperf-client|graphperf-open|graphperf-closed", "client threads"),
                       (r"^java$|main", "main (sampler)")]:
        if re.search(pattern, name): return k
    return "other"
def threads(pid):
    out = {}
    for t in glob.glob(f"/proc/{pid}/task/*"):
        try:
            name = open(f"{t}/comm").read().strip()
            f = open(f"{t}/stat").read().rsplit(")", 1)[1].split()
            out[t] = (name, (int(f[11]) + int(f[12])) / tick)
        except OSError:
            pass
    return out
a = {p: threads(pid) for p, pid in pids.items()}
time.sleep(sample)
b = {p: threads(pid) for p, pid in pids.items()}
kinds = ["JIT compilers", "garbage collector", "Bolt driver's event loop", "client threads", "main (sampler)", "other"]
print(f"{'process':12} {'cores':>6} " + " ".join(f"{k:>24}" for k in kinds))
for p in pids:
    by = {k: 0.0 for k in kinds}
    for t, (name, cpu) in b[p].items():
        by[kind(name)] += (cpu - a[p].get(t, (name, 0.0))[1]) / sample
    print(f"{p:12} {sum(by.values()):>6.3f} " + " ".join(f"{by[k]:>24.3f}" for k in kinds))
PY
wait "$harness" || true
grep -E "^create-labelled-indexed" "$out/run.log" || tail -5 "$out/run.log"
echo "run: $out"
