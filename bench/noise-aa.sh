#!/usr/bin/env bash
# Which of the field's ways to make trials less noisy narrow graphperf's intervals here? E4's
# create-labelled-indexed and unwind-1000 over Bolt, A against A (--variant same:page-cache=512m), the same run once per
# treatment: none; Neo4j on CPU 1 and the harness on CPU 0 (taskset); the heap touched at start (-XX:+AlwaysPreTouch);
# one JIT compiler (-XX:-TieredCompilation). For each treatment and figure it prints the spread between trials (the
# coefficient of variation over all the trials: A and A are the same configuration), the 95 % interval of the A-vs-A
# difference, the share of the variance between engine processes, and the minimum detectable effect.
#
#   bench/noise-aa.sh [REPEATS] [extra graphperf options...]      (default 4 repeats: 8 trials a treatment)
#
# About 8 minutes a treatment on 2 cores with the options below (a fixed 15 s server warm-up, 5 s windows).
set -euo pipefail
cd "$(dirname "$0")/.."
repeats="${1:-4}"
shift $(( $# >= 1 ? 1 : 0 )) || true
root=$(mktemp -d /tmp/graphperf-noise-XXXX)
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r)"
base=(run writes --scenarios create-labelled-indexed,unwind-1000 --transports bolt --variant same:page-cache=512m --repeat "$repeats"
      --server-warmup 15s --warmup-max 10s --duration 5s "$@")
declare -A treatments=(
  [none]=""
  [pinned]="--setting graphperf.host.cpus=1"
  [pretouch]="--setting graphperf.host.jvm=-XX:+AlwaysPreTouch"
  [c2only]="--setting graphperf.host.jvm=-XX:-TieredCompilation"
)
for t in none pinned pretouch c2only; do
  mkdir -p "$root/$t"
  # shellcheck disable=SC2206
  extra=(${treatments[$t]})
  launcher=(./graphperf)
  [ "$t" = pinned ] && launcher=(taskset -c 0 ./graphperf)
  echo "treatment $t: ${launcher[*]} ${base[*]} ${extra[*]}"
  "${launcher[@]}" "${base[@]}" "${extra[@]}" --out "$root/$t" > "$root/$t/console.log" 2>&1 || { tail -20 "$root/$t/console.log"; exit 1; }
done
python3 - "$root" <<'PY'
import glob, json, statistics, sys
root = sys.argv[1]
print(f"{'treatment':10} {'figure':38} {'trials':>6} {'mean':>10} {'CV %':>6} {'A-A CI ±%':>10} {'between %':>10} {'MDE %':>7}")
for t in ["none", "pinned", "pretouch", "c2only"]:
    run = json.load(open(glob.glob(f"{root}/{t}/*-writes/run.json")[0]))
    values = {}
    for c in run["cells"]:
        m = c.get("measurement")
        if m and c.get("transport") == "bolt":
            values.setdefault(c["scenario"], []).append(m["entitiesPerSecond"])
    figures = [f for cmp in run.get("comparisons", []) for f in cmp.get("figures", [])]
    for scenario, xs in sorted(values.items()):
        mean = statistics.mean(xs); cv = 100 * statistics.stdev(xs) / mean if len(xs) > 1 else float("nan")
        f = next((f for f in figures if scenario in f["cell"] and "bolt" in f["cell"] and f["figure"] == "throughput"), None)
        if f is None:
            print(f"{t:10} {scenario + ' entities/s':38} {len(xs):>6} {mean:>10,.0f} {cv:>6.1f}  (no comparison figure)")
            continue
        ci = 100 * (f["ci95"][1] - f["ci95"][0]) / 2 / abs(f["baseline"]["mean"])
        between = f.get("betweenShare"); mde = f.get("detectablePct")
        num = lambda v: isinstance(v, (int, float)) and v == v
        print(f"{t:10} {scenario + ' entities/s':38} {len(xs):>6} {mean:>10,.0f} {cv:>6.1f} {ci:>10.1f} "
              f"{(f'{100 * between:.0f}' if num(between) else '-'):>10} {(f'{mde:.1f}' if num(mde) else '-'):>7}")
PY
echo "runs: $root"
