#!/usr/bin/env bash
# E2 on several engines side by side: the same generated social dataset loaded by each engine's own bulk
# loader, the same result checks, the same cells over the embedded transport (graphperf's Runner inside each engine's
# own JVM), trials interleaved. Prints the date, commit and machine, each engine's checks and load, then a table of
# p50 / p99 per query at one client and the mix's throughput per engine, with the ratio to the first engine.
#
#   bench/engines-reads.sh [ENGINES] [extra graphperf options...]      (default: neo4j,kuzu)
#
# About 25 minutes for two engines at scale 1 on 2 cores with the options below; add --repeat 3 for verdicts.
set -euo pipefail
source "$(dirname "$0")/lib/engines.sh" "$@"
shift $(( $# >= 1 ? 1 : 0 )) || true
cmd=(./graphperf run reads --engines "$engines" --scale 1 --threads 1,4,16 --rates 200 --out "$out" "$@")
echo "command: ${cmd[*]}"
"${cmd[@]}" > "$out/console.log" 2>&1 || { tail -20 "$out/console.log"; exit 1; }
grep -E "fastest on the read mix|result checks" "$out/console.log" || true
python3 - "$out" <<'PY'
import glob, json, sys
run = json.load(open(glob.glob(sys.argv[1] + "/*-reads/run.json")[0]))
engines = [v["name"] for v in run["variants"]]
for d in run["data"]:
    x = d["data"]
    print(f"{d['variant']}: {x['engine']}; load: {x['load']}; checks {x['checksPassed']} of {x['checksRun']}")
cells = {}
for c in run["cells"]:
    m = c.get("measurement")
    if not m: continue
    key = (c["scenario"], c.get("clients"), c.get("offeredPerSecond"))
    cells.setdefault(key, {})[c["variant"]] = m
def lat(m): return m["latency"]
print("| query | " + " | ".join(f"{e} p50 / p99 ms" for e in engines) + " | " + " | ".join(f"{e} ÷ {engines[0]} (p50)" for e in engines[1:]) + " |")
print("|---" * (1 + 2 * len(engines) - 1) + "|")
def x(r): return f"{r:.2f}×" if r < 10 else f"{r:.0f}×"
def ms(v): return f"{v:,.0f}" if v >= 100 else f"{v:.3g}"
for key in sorted(k for k in cells if k[0].startswith("q")):
    row = cells[key]
    if len(row) < len(engines): continue
    ps = [f"{ms(lat(row[e])['p50Ms'])} / {ms(lat(row[e])['p99Ms'])}" for e in engines]
    rs = [x(lat(row[e])['p50Ms'] / lat(row[engines[0]])['p50Ms']) for e in engines[1:]]
    print(f"| {key[0]} | " + " | ".join(ps) + " | " + " | ".join(rs) + " |")
for key in sorted((k for k in cells if k[0] == "mix"), key=lambda k: (k[2] is not None, k[1] or 0)):
    row = cells[key]
    if len(row) < len(engines): continue
    what = f"mix, open {key[2]:.0f}/s" if key[2] else f"mix, {key[1]} client{'' if key[1] == 1 else 's'}"
    ps = [f"{row[e]['opsPerSecond']:,.0f} ops/s (p99 {ms(lat(row[e])['p99Ms'])})" for e in engines]
    rs = [x(row[e]['opsPerSecond'] / row[engines[0]]['opsPerSecond']) for e in engines[1:]]
    print(f"| {what} | " + " | ".join(ps) + " | " + " | ".join(rs) + " |")
print("report: " + glob.glob(sys.argv[1] + "/*-reads/report.html")[0])
PY
