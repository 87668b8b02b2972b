#!/usr/bin/env bash
# The safety study on every engine graphperf starts, at two versions where two are served (docs/safety.md): concurrent transactions
# of 1, 10 and 1,000 records checked by scan and by key, open and reopened; a shared counter; writes during kill -9 and a restart.
# Prints the date, commit and machine, then each engine's verdict and every check that failed (the console's own lines).
#
#   bench/safety-engines.sh [ENGINES] [extra graphperf options...]
#       (default: neo4j,neo4j:2026,kuzu,ladybug,ladybug:0.21.2,falkordb,arcadedb,arcadedb:26.10.2,orientdb)
#
# About a minute and a half an engine with the defaults (8 clients, 10 s a phase, one kill round).
set -euo pipefail
source "$(dirname "$0")/lib/engines.sh" "${1:-neo4j,neo4j:2026,kuzu,ladybug,ladybug:0.21.2,falkordb,arcadedb,arcadedb:26.10.2,orientdb}"
shift $(( $# >= 1 ? 1 : 0 )) || true
cmd=(./graphperf run safety --engines "$engines" --out "$out" "$@")
echo "command: ${cmd[*]}"
start=$(date +%s)
"${cmd[@]}" > "$out/console.log" 2>&1 && code=0 || code=$?
grep -E "^  safety, |^    " "$out/console.log" || tail -20 "$out/console.log"
echo "exit $code after $(( $(date +%s) - start )) s; results: $(ls -d "$out"/*-safety)"
