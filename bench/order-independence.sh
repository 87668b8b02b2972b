#!/usr/bin/env bash
# Order independence: does create-labelled-indexed over Bolt measure the same alone as after other
# write scenarios? Run on an otherwise idle machine.
#
#   bench/order-independence.sh [shared|default|isolated|all] [REPEATS] [extra graphperf options...]
#
# shared:   one engine per run (the default isolation), its server warm-up on a fixed set — the four scenarios,
#           `--server-warmup-on unwind-1000,create-labelled,create-unlabelled,create-labelled-indexed` — in both cases:
#           create-labelled-indexed alone, against the same scenario measured last after unwind-1000, create-labelled
#           and create-unlabelled (`--order listed`). The two cases alternate, REPEATS times each, each run on a fresh
#           engine. Medians within 10 % = what was measured before a cell does not move it. About 5 minutes for an
#           "alone" run and 10 for an "after" run on 2 cores.
# default:  the same two cases with the default server warm-up (each run's own cells' workloads): shows what the
#           warm-up set, not the order, does to the figure.
# isolated: `--isolation cell` (an engine per cell, warmed on that cell's workload only): the same two cases.
#           About 3 minutes a cell: 5 × REPEATS cells.
# REPEATS defaults to 3. Prints one line per measured cell and a verdict per part.
set -euo pipefail
cd "$(dirname "$0")/.."
part="${1:-shared}"
repeats="${2:-3}"
shift $(( $# >= 2 ? 2 : $# )) || true
extra=("$@")
out=$(mktemp -d /tmp/graphperf-order-XXXX)
trap 'rm -rf "$out"' EXIT
others=unwind-1000,create-labelled,create-unlabelled

run() { # $1 = label, $2 = scenarios, then graphperf options; prints the cell's line
  local label=$1 scenarios=$2; shift 2
  ./graphperf run writes --transports bolt --scenarios "$scenarios" --out "$out/$label" "$@" "${extra[@]}" \
    >"$out/$label.log" 2>&1 || { tail -n 30 "$out/$label.log" >&2; exit 1; }
  python3 - "$(ls "$out/$label"/*/results.csv)" "$label" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["scenario"] == "create-labelled-indexed":
        print(f"{sys.argv[2]:>16}: {float(r['ops_per_s']):8.0f} ops/s  steady={r['steady']}  "
              f"warm-up {float(r['warmup_s']):.1f} s  {r['flags']}")
PY
}

both_cases() { # $1 = part, then graphperf options; alternates alone and after, prints each line and the verdict
  local part=$1 alone="" after="" line; shift
  for ((r = 1; r <= repeats; r++)); do
    line=$(run "$part-alone-$r" create-labelled-indexed "$@"); echo "$line"; alone+="$line"$'\n'
    line=$(run "$part-after-$r" "$others,create-labelled-indexed" --order listed "$@"); echo "$line"; after+="$line"$'\n'
  done
  verdict "$alone" "$after" "$part: alone vs after $others"
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
if [[ $part == shared || $part == all ]]; then
  both_cases shared --server-warmup-on "$others,create-labelled-indexed"
fi
if [[ $part == default || $part == all ]]; then
  both_cases default
fi
if [[ $part == isolated || $part == all ]]; then
  both_cases isolated --isolation cell
fi
