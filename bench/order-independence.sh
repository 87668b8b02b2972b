#!/usr/bin/env bash
# Order independence (issue 12): does create-labelled-indexed over Bolt measure the same alone as after other
# write scenarios? Run on an otherwise idle machine.
#
#   bench/order-independence.sh [isolated|shared|both] [REPEATS] [extra graphperf options...]
#
# isolated: `--isolation cell` (an engine per cell, warmed on that cell's workload until its JIT is quiet):
#           create-labelled-indexed alone, REPEATS times, against the same scenario run after unwind-1000,
#           create-labelled and create-unlabelled, REPEATS times. Medians within 10 % = order independent.
#           About 3 minutes a cell (engine start, warm-up until JIT-quiet, cell): 5 × REPEATS cells.
# shared:   the default (`--isolation shared`: one engine warmed on every cell's workload, then the cells):
#           the same four scenarios with create-labelled-indexed listed first, and listed last, REPEATS
#           times each. Shows how much a cell's neighbours on one engine move its figure.
# REPEATS defaults to 3. Prints one line per measured cell and a verdict per part.
set -euo pipefail
cd "$(dirname "$0")/.."
part="${1:-both}"
repeats="${2:-3}"
shift $(( $# >= 2 ? 2 : $# )) || true
extra=("$@")
out=$(mktemp -d /tmp/graphperf-order-XXXX)
trap 'rm -rf "$out"' EXIT
others=unwind-1000,create-labelled,create-unlabelled

run() { # $1 = label, $2 = scenarios, then graphperf options
  local label=$1 scenarios=$2; shift 2
  ./graphperf run writes --transports bolt --scenarios "$scenarios" --repeat "$repeats" --out "$out/$label" "$@" "${extra[@]}" \
    >"$out/$label.log" 2>&1 || { tail -n 30 "$out/$label.log" >&2; exit 1; }
  python3 - "$(ls "$out/$label"/*/results.csv)" "$label" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["scenario"] == "create-labelled-indexed":
        print(f"{sys.argv[2]:>14}  repeat {r['repeat']}: {float(r['ops_per_s']):8.0f} ops/s  steady={r['steady']}  "
              f"warm-up {float(r['warmup_s']):.1f} s  {r['flags']}")
PY
}

verdict() { # $1, $2 = the two cases' lines, $3 = what is compared
  python3 - "$1" "$2" "$3" <<'PY'
import re, statistics, sys
med = lambda text: statistics.median(float(re.search(r": +([0-9.]+) ops/s", l).group(1)) for l in text.strip().splitlines())
a, b = med(sys.argv[1]), med(sys.argv[2])
diff = abs(b - a) / a * 100
print(f"{sys.argv[3]}: medians {a:,.0f} and {b:,.0f} ops/s, {diff:.1f} % apart — " + ("within 10 %" if diff < 10 else "NOT within 10 %"))
PY
}

echo "graphperf order independence, $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD), $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
if [[ $part == isolated || $part == both ]]; then
  alone=$(run isolated-alone create-labelled-indexed --isolation cell); echo "$alone"
  after=$(run isolated-after "$others,create-labelled-indexed" --isolation cell --order listed); echo "$after"
  verdict "$alone" "$after" "isolated (an engine per cell): alone vs after $others"
fi
if [[ $part == shared || $part == both ]]; then
  first=$(run shared-first "create-labelled-indexed,$others" --order listed); echo "$first"
  last=$(run shared-last "$others,create-labelled-indexed" --order listed); echo "$last"
  verdict "$first" "$last" "shared engine (the default): listed first vs after $others"
fi
