#!/usr/bin/env bash
# Where E1's noise lives: does an import vary with what the machine does at that moment (then two imports run at the same time
# move together, and a duet would cancel it), or with each process itself (they do not)? Runs PAIRS rounds of two identical
# `graphperf run import` at once, each a fresh importer and engine, and prints per phase: each process's spread from round to
# round, the spread of one process not shared with its simultaneous partner (the rounds' log ratios' standard deviation over √2),
# the correlation of the two over the rounds, and the machine's CPU use during the pairs — the same split a duet prints for
# windowed figures (docs/compare.md, "Where the noise lives").
#
#   bench/import-split.sh [PAIRS] [extra graphperf options...]      (default 3 pairs; --dataset social --scale 1)
#
# About 3 minutes a pair at scale 1 on 2 cores. Few pairs give rough spreads: it says how many it had.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs="${1:-3}"
shift $(( $# >= 1 ? 1 : 0 )) || true
root=$(mktemp -d /tmp/graphperf-import-split-XXXX)
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r)"
base=(run import --dataset social --scale 1 --dataset-cache "$root/datasets" "$@")
# the dataset generated once, before the pairs (two processes must not generate it at once)
./graphperf "${base[@]}" --out "$root/solo" > "$root/solo.log" 2>&1 || { tail -20 "$root/solo.log"; exit 1; }
cpu() { awk '/^cpu / {print $2+$3+$4+$7+$8, $2+$3+$4+$5+$6+$7+$8}' /proc/stat; }
for i in $(seq 1 "$pairs"); do
  read -r busy0 total0 < <(cpu)
  for side in a b; do
    ./graphperf "${base[@]}" --out "$root/$i-$side" > "$root/$i-$side.log" 2>&1 &
    eval "pid_$side=$!"
  done
  # shellcheck disable=SC2154
  wait "$pid_a" || { tail -20 "$root/$i-a.log"; exit 1; }
  wait "$pid_b" || { tail -20 "$root/$i-b.log"; exit 1; }
  read -r busy1 total1 < <(cpu)
  echo "pair $i: machine $(( 100 * (busy1 - busy0) / (total1 - total0) )) % busy while it ran"
done
python3 - "$root" "$pairs" <<'PY'
import csv, glob, math, statistics as st, sys
root, pairs = sys.argv[1], int(sys.argv[2])
def phases(folder):
    out = {}
    for row in csv.DictReader(open(glob.glob(f"{folder}/*-import/results.csv")[0])):
        if row["load"] == "phase" and row["phase_s"] and row["scenario"] in ("import", "import-stage", "schema-total", "cold-start", "warm-up"):
            key = " ".join(x for x in (row["scenario"], row["stage"], row["method"]) if x)
            out.setdefault(key, float(row["phase_s"]))
    return out
solo = phases(f"{root}/solo")
runs = [(phases(f"{root}/{i}-a"), phases(f"{root}/{i}-b")) for i in range(1, pairs + 1)]
print(f"{pairs} pairs of simultaneous imports; alone (first run, dataset generated): " + ", ".join(f"{k} {v:.1f} s" for k, v in solo.items()))
for key in solo:
    a = [r[0][key] for r in runs if key in r[0] and key in r[1]]
    b = [r[1][key] for r in runs if key in r[0] and key in r[1]]
    if len(a) < 2: continue
    both = a + b
    seq = st.stdev(both) / st.mean(both) * 100
    logs = [math.log(y / x) for x, y in zip(a, b)]
    unshared = st.stdev(logs) / math.sqrt(2) * 100
    r = st.correlation(a, b) if len(a) >= 3 and st.stdev(a) > 0 and st.stdev(b) > 0 else float("nan")
    shared = max(0.0, 1 - (unshared / seq) ** 2) if seq > 0 else float("nan")
    print(f"  {key:34} at once {st.mean(both):6.1f} s (alone {solo[key]:.1f} s); from round to round ±{seq:.1f} %, "
          f"not shared with its partner ±{unshared:.1f} %, r = {r:.2f} over {len(a)} rounds: {100 * shared:.0f} % shared")
PY
echo "runs: $root"
