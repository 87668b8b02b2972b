#!/usr/bin/env bash
# Any procedure through the gateway by name (no Cypher parsed) against Cypher's CALL of it: starts graphperf serve
# with E2's dataset, installs the Python client into a fresh virtual environment, runs bench/gateway-procedures.py against it,
# stops the server. Prints the date, commit and machine first. About 5 minutes on 2 cores.
#
#   bench/gateway-procedures.sh [ROUNDS] [SECONDS]      (default: 3 rounds of 10 s per form)
set -euo pipefail
cd "$(dirname "$0")/.."
echo "$(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -r)"
work=$(mktemp -d /tmp/graphperf-procedures-XXXX)
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q "./clients/python[all]"
./graphperf serve --dataset social --scale 1 --dir "$work/serve" --dataset-cache "$work/datasets" > "$work/serve.out" 2> "$work/serve.err" &
serve=$!
trap 'kill -TERM $serve 2>/dev/null; wait $serve 2>/dev/null || true' EXIT
for _ in $(seq 600); do grep -q "Ctrl-C stops it" "$work/serve.out" 2>/dev/null && break; kill -0 $serve || { cat "$work/serve.err"; exit 1; }; sleep 1; done
gateway=$(awk '$1 == "gateway" {print $2}' "$work/serve.out")
"$work/venv/bin/python" bench/gateway-procedures.py "$gateway" "${1:-3}" "${2:-10}"
