#!/usr/bin/env bash
# E1 on several engines side by side: the same generated files loaded by each engine's own loader (Neo4j's
# importer, Kuzu's COPY), the engine started cold on its store and probed by key. Prints the date, commit and machine,
# then per engine the load time, rows/s, the loader's peak memory, the store's size, the cold start and a cold lookup.
#
#   bench/engines-import.sh [ENGINES] [extra graphperf options...]      (default: neo4j,kuzu)
#
# About 5 minutes for two engines on 2 cores with the options below; add --repeat 3 for verdicts.
set -euo pipefail
source "$(dirname "$0")/lib/engines.sh" "$@"
shift $(( $# >= 1 ? 1 : 0 )) || true
cmd=(./graphperf run import --engines "$engines" --dataset social --scale 3 --out "$out" "$@")
echo "command: ${cmd[*]}"
"${cmd[@]}" > "$out/console.log" 2>&1 || { tail -20 "$out/console.log"; exit 1; }
python3 - "$out" <<'PY'
import glob, json, sys
run = json.load(open(glob.glob(sys.argv[1] + "/*-import/run.json")[0]))
print("| engine | rows | load s | rows/s | loader peak RSS MB | store MB | schema s | cold start s | cold lookup p50 ms |")
print("|---" * 9 + "|")
for d in run["data"]:
    if d["repeat"] != 1: continue
    for s in d["data"]["studies"]:
        p = s["importPhase"]
        rows = p["nodes"] + p["relationships"]
        store = sum(v for v in p["storeFiles"].values()) / 1e6
        schema = "not expressible" if "schema" in s.get("notExpressible", {}) else f"{sum(x['onlineSeconds'] for x in s['schema']):.1f}"
        lookup = next((pr["latencyMs"]["cold"][0] for pr in s["probes"] if pr["name"] == "lookup by key"), float("nan"))
        print(f"| {d['variant']} | {rows:,} | {p['seconds']:.1f} | {rows / p['seconds']:,.0f} | {p['peakRssBytes'] / 1e6:,.0f} | {store:,.1f} | {schema} | {s['startSeconds']:.1f} | {lookup:.3g} |")
print("report: " + glob.glob(sys.argv[1] + "/*-import/report.html")[0])
PY
