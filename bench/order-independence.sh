#!/usr/bin/env bash
# Order independence (issue 12): does create-labelled-indexed over Bolt measure the same alone as after other
# write scenarios? Each case runs REPEATS times (default 3), every time on a freshly started engine that graphperf
# warms until its JIT compilers are quiet, cells in the order listed; the medians of the case must be within 10 %.
# Prints one line per repeat and a verdict. Run on an otherwise idle machine (about 30 minutes at the defaults).
#   bench/order-independence.sh [REPEATS] [extra graphperf options...]
set -euo pipefail
cd "$(dirname "$0")/.."
repeats="${1:-3}"
shift || true
extra=("$@")
out=$(mktemp -d /tmp/graphperf-order-XXXX)
trap 'rm -rf "$out"' EXIT

run() { # $1 = label, $2 = scenarios
  ./graphperf run writes --transports bolt --scenarios "$2" --order listed --repeat "$repeats" --out "$out/$1" "${extra[@]}" >"$out/$1.log" 2>&1 \
    || { tail -n 30 "$out/$1.log" >&2; exit 1; }
  local csv
  csv=$(ls "$out/$1"/*/results.csv)
  # ops_per_s and validity of the create-labelled-indexed cells, one per repeat
  python3 - "$csv" "$1" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["scenario"] == "create-labelled-indexed"]
for r in rows:
    print(f"{sys.argv[2]:>6}  repeat {r['repeat']}: {float(r['ops_per_s']):8.0f} ops/s  steady={r['steady']}  warm-up {float(r['warmup_s']):.1f} s")
PY
}

echo "graphperf order independence, $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD), $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
alone=$(run alone create-labelled-indexed)
echo "$alone"
after=$(run after unwind-1000,create-labelled,create-unlabelled,create-labelled-indexed)
echo "$after"
python3 - <<PY
import statistics, re
def med(text): return statistics.median(float(re.search(r": +([0-9.]+) ops/s", l).group(1)) for l in text.strip().splitlines())
a, b = med("""$alone"""), med("""$after""")
diff = abs(b - a) / a * 100
print(f"median alone {a:,.0f} ops/s, after unwind-1000, create-labelled, create-unlabelled {b:,.0f} ops/s: {diff:.1f} % apart — "
      + ("within 10 %" if diff < 10 else "NOT within 10 %"))
PY
