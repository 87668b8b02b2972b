#!/usr/bin/env bash
# E4 on several engines side by side: the same write scenarios, measured by graphperf's Runner inside each
# engine's own JVM (the embedded transport), every acknowledged id checked in each store afterwards, trials interleaved.
# Prints the date, commit and machine, then per scenario each engine's throughput and p99, and the ratio to the first.
#
#   bench/engines-writes.sh [ENGINES] [extra graphperf options...]      (default: neo4j,kuzu)
#
# About 15 minutes for two engines on 2 cores with the options below; add --repeat 3 for verdicts.
set -euo pipefail
source "$(dirname "$0")/lib/engines.sh" "$@"
shift $(( $# >= 1 ? 1 : 0 )) || true
cmd=(./graphperf run writes --engines "$engines" --clients 8 --duration 15s --out "$out"
     --scenarios create-labelled,create-labelled-indexed,tx1000-labelled-indexed,unwind-10,unwind-100,unwind-1000 "$@")
echo "command: ${cmd[*]}"
"${cmd[@]}" > "$out/console.log" 2>&1 || { tail -20 "$out/console.log"; exit 1; }
grep -E "not expressible" "$out/console.log" | head -3 || true
python3 - "$out" <<'PY'
import glob, json, sys
run = json.load(open(glob.glob(sys.argv[1] + "/*-writes/run.json")[0]))
engines = [v["name"] for v in run["variants"]]
cells = {}
for c in run["cells"]:
    cells.setdefault(c["scenario"], {})[c["variant"]] = c
print("| scenario | " + " | ".join(f"{e}: nodes/s (p99 ms)" for e in engines) + " | " + " | ".join(f"{e} ÷ {engines[0]}" for e in engines[1:]) + " | checks |")
print("|---" * (2 + 2 * len(engines) - 1) + "|")
def x(r): return f"{r:.2f}×" if r < 10 else f"{r:.0f}×"
for s, row in cells.items():
    if len(row) < len(engines): continue
    m = {e: row[e]["measurement"] for e in engines}
    flag = lambda e: "" if not row[e].get("validity", {}).get("flags") else " ⚑"
    ps = [f"{m[e]['entitiesPerSecond']:,.0f} ({m[e]['latency']['p99Ms']:.3g}){flag(e)}" for e in engines]
    rs = [x(m[e]['entitiesPerSecond'] / m[engines[0]]['entitiesPerSecond']) for e in engines[1:]]
    ok = all(all(ch["passed"] for ch in row[e]["checks"]) for e in engines)
    print(f"| {s} | " + " | ".join(ps) + " | " + " | ".join(rs) + f" | {'every id, every engine' if ok else 'MISMATCH'} |")
print("report: " + glob.glob(sys.argv[1] + "/*-writes/report.html")[0])
PY
