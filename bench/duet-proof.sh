#!/usr/bin/env bash
# Verdicts in minutes on a noisy machine: E4's create-labelled-indexed and unwind-1000 over Bolt as duets (--pairing duet, both
# configurations at once), each run until every figure's 95 % interval is within ±5 % or the budget ends:
#   - A against A (--variant same:page-cache=512m), ROUNDS runs: every interval within ±5 %? never a difference?
#   - an injected 5 % slowdown, ROUNDS runs: called slower, and in how long? Each cell is slowed in what limits it: the client's wait
#     (graphperf.slowdown=5%) for create-labelled-indexed, whose engine waits for its disk, and the engine's CPU
#     (graphperf.slowdown.cpu=5%) for unwind-1000, whose engine is CPU-bound — each kind hardly reaches the other cell (docs/compare.md)
# Prints, per run, the rounds, how long it took, each figure's ratio with its 95 % interval and verdict, and where the noise lives
# (the duet's split: one process's spread not shared with its partner against its spread from round to round).
#
#   bench/duet-proof.sh [RUNS] [BUDGET] [extra graphperf options...]      (default: 3 runs of each, 15m budget)
#   bench/duet-proof.sh 3 15m --setting graphperf.host.jvm=-XX:TieredStopAtLevel=1   (the engines compiled by C1 only: docs/compare.md)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
budget="${2:-15m}"
shift $(( $# >= 2 ? 2 : $# )) || true
root=$(mktemp -d /tmp/graphperf-duet-XXXX)
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r)"
# short cells and no server warm-up: nearly all of a duet's remaining noise lies between rounds (processes), so rounds are what narrow it
base=(run writes --scenarios create-labelled-indexed,unwind-1000 --transports bolt --pairing duet --precision 5% --budget "$budget"
      --warmup 10s --duration 10s --server-warmup 0s "$@")
for kind in aa slow; do
  variant="same:page-cache=512m"
  [ "$kind" = slow ] && variant="slow:graphperf.slowdown=5%,graphperf.slowdown.cpu=5%"
  for i in $(seq 1 "$runs"); do
    out="$root/$kind-$i"
    mkdir -p "$out"
    echo "$kind run $i: ./graphperf ${base[*]} --variant $variant"
    start=$(date +%s)
    ./graphperf "${base[@]}" --variant "$variant" --out "$out" > "$out/console.log" 2>&1 || { tail -30 "$out/console.log"; exit 1; }
    echo "  $(( $(date +%s) - start )) s"
  done
done
python3 - "$root" "$runs" <<'PY'
import glob, json, sys
root, runs = sys.argv[1], int(sys.argv[2])
num = lambda v: isinstance(v, (int, float)) and v == v
for kind in ["aa", "slow"]:
    for i in range(1, runs + 1):
        run = json.load(open(glob.glob(f"{root}/{kind}-{i}/*-writes/run.json")[0]))
        p = run["configuration"].get("precision", {})
        print(f"{kind} run {i}: {p.get('rounds')} rounds, {p.get('stoppedBecause')}")
        for cmp in run.get("comparisons", []):
            for f in cmp["figures"]:
                lo, hi = f["ci95"]
                base = abs(f["baseline"]["mean"])
                print(f"  {f['cell'][:48]:48} {f['figure']:12} ratio {1 + f['differencePct'] / 100:.3f}  95 % CI "
                      f"{100 * lo / base:+.1f} … {100 * hi / base:+.1f} %  {f['outcome']}")
            for n in cmp.get("noise", []):
                print(f"  noise {n['cell'][:40]:40} {n['figure']:12} interval ±{n['intervalPct']:.1f} %, window ±{n['windowPct']:.1f} %, "
                      f"not shared ±{n['simultaneousPct']:.1f} %, round to round ±{n['sequentialPct']:.1f} %, shared "
                      f"{100 * n['sharedShare']:.0f} %" if num(n.get('sharedShare')) else f"  noise {n['cell'][:40]} (too few rounds)")
PY
echo "runs: $root"
